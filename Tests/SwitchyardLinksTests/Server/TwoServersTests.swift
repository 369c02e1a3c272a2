#if Links
  import Foundation
  import HTTPTypes
  import PostgresNIO
  @testable import SwitchyardLinks
  import Testing

  /// Two `switchyard-links` processes on one PostgreSQL database, as a deployment behind a load
  /// balancer runs them.
  @Suite("Two servers on one PostgreSQL database", .serialized)
  struct TwoServersTests {
    static let token = "two-servers-token"

    /// Two servers on a new database, and the folder their token file is in.
    static func start() async throws -> (url: String, servers: [LinksProcess]) {
      let url = try await TestPostgres.newDatabase()
      let folder = try temporaryFolder()
      try (token + "\n").write(toFile: folder + "/token", atomically: true, encoding: .utf8)
      let arguments = [
        "--token-file", "token", "--postgres", url, "--host", "go.example.com",
        "--package", "com.example.myapp",
      ]
      let first = try LinksProcess(arguments, in: folder)
      let second = try LinksProcess(arguments, in: folder)
      return (url, [first, second])
    }

    @Test(
      "800 mints by 8 clients across both: all 201, no code twice, each link opens on either server; clicks add up per link, route, platform and day"
    )
    func mintAndCount() async throws {
      let (url, servers) = try await Self.start()
      defer { servers.forEach { $0.kill() } }
      let clients = servers.map { HTTPClient(port: $0.port) }
      let minted = try await withThrowingTaskGroup(of: [(String, String)].self) { group in
        for worker in 0..<8 {
          group.addTask {
            var codes: [(String, String)] = []
            for index in 0..<100 {
              let url = "myapp://user/\(worker * 1000 + index)"
              let answer = try await clients[(worker + index) % 2].mint(
                "{\"url\": \"\(url)\"}", token: Self.token)
              #expect(answer.status == .created, "\(answer.body)")
              if let code = jsonString(answer.body, "code") { codes.append((code, url)) }
            }
            return codes
          }
        }
        return try await group.reduce(into: [(String, String)]()) { $0 += $1 }
      }
      #expect(minted.count == 800)
      #expect(Set(minted.map(\.0)).count == minted.count)
      // Every link opens on both servers, in a browser on the first and for a preview crawler
      // on the second: per link one click and one preview (never a click), 800 of each.
      for (code, url) in minted {
        // A desktop gets the page saying to open the app's link (myapp://) on a phone.
        let browser = try await clients[0].get("/l/" + code)
        #expect(browser.status == .ok && browser.headers[.location] == nil, "\(code) \(url)")
        #expect(browser.body.contains("This link opens in the app"), "\(code)")
        let crawler = try await clients[1].get("/l/" + code, userAgent: "Twitterbot/1.0")
        #expect(crawler.status == .ok, "\(code)")
      }
      // Each server writes its counts when asked for statistics; the second answer includes
      // both servers' counts.
      var headers = HTTPFields()
      headers[.authorization] = "Bearer \(Self.token)"
      _ = try await clients[0].send(.get, "/v1/stats?by=route", headers: headers)
      let stats = try await clients[1].send(.get, "/v1/stats?by=route", headers: headers)
      #expect(stats.status == .ok)
      #expect(
        stats.body.contains(
          #""rows":[{"appOpens":0,"clicks":800,"installs":0,"key":"user","previews":800}],"to":"#
        ))
      #expect(
        stats.body.hasSuffix(
          #""total":800,"totals":{"appOpens":0,"clicks":800,"installs":0,"previews":800}}"#))
      let store = try await PostgresLinkStore.open(url: url)
      #expect(try await store.count() == 800)
      let all = (from: Int64(0), to: Int64.max / 2)
      let links = try await store.clicks(from: all.from, to: all.to, by: .link)
      #expect(links.count == 800 && links.allSatisfy { $0.clicks == 1 && $0.previews == 1 })
      #expect(Set(links.map(\.key)) == Set(minted.map(\.0)))
      #expect(
        try await store.clicks(from: all.from, to: all.to, by: .route) == [
          StatsRow(key: "user", clicks: 800, previews: 800)
        ])
      #expect(
        try await store.clicks(from: all.from, to: all.to, by: .platform) == [
          StatsRow(key: "desktop", clicks: 800), StatsRow(key: "crawler", clicks: 0, previews: 800),
        ])
      // The day is the servers' clock's (one day, or two across midnight): they add up.
      let days = try await store.clicks(from: all.from, to: all.to, by: .day)
      #expect(
        (1...2).contains(days.count) && days.reduce(0) { $0 + $1.clicks + $1.previews } == 1600)
      await store.close()
    }

    @Test(
      "a token one server's landing page signed: 50 redeems at once, 25 on each server, exactly one 200, the others 410"
    )
    func redeemOnce() async throws {
      let (url, servers) = try await Self.start()
      defer { servers.forEach { $0.kill() } }
      let clients = servers.map { HTTPClient(port: $0.port) }
      let minted = try await clients[0].mint(
        "{\"url\": \"myapp://user/7\"}", token: Self.token)
      let code = try #require(jsonString(minted.body, "code"))
      // The first server's Android landing page signs it; both servers share the secret.
      let page = try await clients[0].get("/l/" + code, userAgent: InstallTokenTests.android)
      let token = try InstallTokenTests.androidToken(page.body)
      let body = Array("{\"token\": \"\(token)\"}".utf8)
      let headers: HTTPFields = [.contentType: "application/json"]
      let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
        for index in 0..<50 {
          group.addTask {
            try await clients[index % 2].send(.post, "/v1/redeem", headers: headers, body: body)
              .status
          }
        }
        return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
      }
      #expect(statuses.filter { $0 == .ok }.count == 1)
      #expect(statuses.filter { $0 == .gone }.count == 49)
      let store = try await PostgresLinkStore.open(url: url)
      for try await count in try await store.client.query(
        "SELECT count(*) FROM spent_tokens", logger: store.logger
      ).decode(Int64.self) {
        #expect(count == 1)
      }
      await store.close()
    }

    @Test(
      "the database goes away: 503 saying why, /healthz 503; it comes back: the server reconnects, nothing acknowledged is lost"
    )
    func reconnects() async throws {
      let (url, servers) = try await Self.start()
      defer { servers.forEach { $0.kill() } }
      let client = HTTPClient(port: servers[0].port)
      var codes: [String] = []
      for index in 0..<20 {
        let answer = try await client.mint(
          "{\"url\": \"myapp://user/\(index)\"}", token: Self.token)
        #expect(answer.status == .created)
        codes += jsonString(answer.body, "code").map { [$0] } ?? []
      }
      let name = try #require(try PostgresAddress(url).database)
      let server = try PostgresAddress(try TestPostgres.serverURL())
      // No new connection to the database, and the servers' connections ended.
      try await TestPostgres.withConnection(server) { connection in
        try await connection.query(
          PostgresQuery(unsafeSQL: "ALTER DATABASE \(name) ALLOW_CONNECTIONS false"),
          logger: TestPostgres.logger)
        try await connection.query(
          """
          SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = \(name) AND pid <> pg_backend_pid()
          """, logger: TestPostgres.logger)
      }
      let health = try await client.get("/healthz")
      #expect(health.status == .serviceUnavailable)
      let refused = try await client.mint("{\"url\": \"myapp://user/99\"}", token: Self.token)
      #expect(refused.status == .serviceUnavailable)
      #expect(
        jsonString(refused.body, "error")?.hasPrefix("the store failed: ") == true,
        "\(refused.body)")
      let lookup = try await client.get("/v1/links/" + codes[0])
      #expect(lookup.status == .serviceUnavailable)

      try await TestPostgres.withConnection(server) { connection in
        try await connection.query(
          PostgresQuery(unsafeSQL: "ALTER DATABASE \(name) ALLOW_CONNECTIONS true"),
          logger: TestPostgres.logger)
      }
      // The pool retries with a growing pause; /healthz is polled a bounded number of times
      // (each poll waits for the pool, at most 5 s).
      var healthy = false
      for _ in 0..<40 where !healthy {
        healthy = try await client.get("/healthz").status == .ok
      }
      #expect(healthy)
      for code in codes {
        #expect(try await client.get("/v1/links/" + code).status == .ok, "\(code)")
      }
      let again = try await client.mint("{\"url\": \"myapp://user/100\"}", token: Self.token)
      #expect(again.status == .created)
    }
  }
#endif
