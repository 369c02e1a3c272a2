#if Links
  import Foundation
  import HTTPTypes
  import Hummingbird
  import Logging
  import ServiceLifecycle
  import NIOConcurrencyHelpers
  import SQLiteNIO
  import SwitchyardFiles
  @testable import SwitchyardLinks
  import Testing

  /// Click counts over loopback: batched, per link, route, platform class and day, nothing
  /// personal kept.
  @Suite("Statistics: batched click counts, GET /v1/stats as JSON and CSV, nothing personal stored")
  struct StatsTests {
    static let iPhone = InstallTokenTests.iPhone
    static let android = InstallTokenTests.android
    static let desktop =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
    static let crawler = "Twitterbot/1.0"

    static func stats(
      _ client: HTTPClient, _ query: String, csv: Bool = false,
      token: String? = LinksTestServer.token
    ) async throws -> HTTPAnswer {
      var headers = HTTPFields()
      if let token { headers[.authorization] = "Bearer \(token)" }
      if csv { headers[.accept] = "text/csv" }
      return try await client.send(.get, "/v1/stats" + query, headers: headers)
    }

    /// The rows of a JSON answer as key → clicks.
    static func rows(_ body: String) throws -> [String: Int] {
      let root = try JSONParser.parse(body)
      var result: [String: Int] = [:]
      for row in try #require(root["rows"]?.arrayElements) {
        let key = try #require(row["key"]?.stringValue)
        let clicks = try #require(Self.integer(row["clicks"]))
        result[key] = clicks
      }
      return result
    }

    @Test("counts per link, route, platform class and day, over a date range")
    func countsByEachGrouping() async throws {
      try await LinksTestServer.run { server async throws in
        let client = server.client
        let user = try await InstallTokenTests.mintUser(client)
        let home = try #require(
          jsonString(
            try await client.mint(#"{"url": "myapp://home", "code": "home"}"#).body, "code"))
        // 2027-01-15: the user link thrice (iOS, Android, desktop), home once (crawler).
        for agent in [Self.iPhone, Self.android, Self.desktop] {
          _ = try await client.get("/l/" + user, userAgent: agent)
        }
        _ = try await client.get("/l/" + home, userAgent: Self.crawler)
        // Unknown codes and HEAD requests count nothing.
        _ = try await client.get("/l/nothing-here")
        _ = try await client.send(.head, "/l/" + user)
        server.time.advance(by: 86_400)
        // 2027-01-16: home twice from a desktop.
        _ = try await client.get("/l/" + home)
        _ = try await client.get("/l/" + home, userAgent: Self.desktop)

        let range = "?from=2027-01-15&to=2027-01-16"
        let byLink = try await Self.stats(client, range + "&by=link")
        #expect(byLink.status == .ok, "\(byLink.body)")
        #expect(byLink.headers[.contentType] == "application/json")
        // The crawler's fetch of home is a preview, not a click.
        #expect(try Self.rows(byLink.body) == [user: 3, home: 2])
        #expect(jsonString(byLink.body, "from") == "2027-01-15")
        #expect(jsonString(byLink.body, "to") == "2027-01-16")
        #expect(jsonString(byLink.body, "by") == "link")
        #expect(Self.integer(try JSONParser.parse(byLink.body)["total"]) == 5)
        #expect(
          try Self.rows(try await Self.stats(client, range + "&by=route").body) == [
            "user": 3, "home": 2,
          ])
        #expect(
          try Self.rows(try await Self.stats(client, range + "&by=platform").body) == [
            "ios": 1, "android": 1, "desktop": 3, "crawler": 0,
          ])
        let byDay = try await Self.stats(client, range + "&by=day")
        #expect(
          byDay.body
            == #"{"by":"day","from":"2027-01-15","rows":[{"appOpens":0,"clicks":3,"installs":0,"key":"2027-01-15","previews":1},{"appOpens":0,"clicks":2,"installs":0,"key":"2027-01-16","previews":0}],"to":"2027-01-16","total":5,"totals":{"appOpens":0,"clicks":5,"installs":0,"previews":1}}"#
        )
        #expect(
          try Self.rows(try await Self.stats(client, "?from=2027-01-16&to=2027-01-16&by=link").body)
            == [home: 2])
        // The defaults: the 30 days up to today, by day.
        #expect(
          try Self.rows(try await Self.stats(client, "").body) == [
            "2027-01-15": 3, "2027-01-16": 2,
          ])
      }
    }

    /// The counts of one kind in a JSON answer's rows, as key → count.
    static func rows(_ body: String, _ kind: String) throws -> [String: Int] {
      let root = try JSONParser.parse(body)
      var result: [String: Int] = [:]
      for row in try #require(root["rows"]?.arrayElements) {
        result[try #require(row["key"]?.stringValue)] = try #require(Self.integer(row[kind]))
      }
      return result
    }

    @Test(
      "previews, app opens and installs are counted apart from clicks, per link with ?code="
    )
    func countsApart() async throws {
      try await LinksTestServer.run { server async throws in
        let client = server.client
        let code = try await InstallTokenTests.mintUser(client)
        let other = try await InstallTokenTests.mintUser(client)
        // A person on a desktop, two preview crawlers, the app opened by the link twice (an
        // iPhone app's URLSession, an Android app's OkHttp), and an install from the Android
        // landing page, redeemed once (the second redemption is refused and not counted).
        _ = try await client.get("/l/" + code, userAgent: Self.desktop)
        _ = try await client.get("/l/" + code, userAgent: Self.crawler)
        _ = try await client.get("/l/" + code, userAgent: "Slackbot-LinkExpanding 1.0")
        _ = try await client.get(
          "/v1/links/" + code, userAgent: "Shop/3.1 CFNetwork/1568 Darwin/24.0")
        _ = try await client.get("/v1/links/" + code, userAgent: "okhttp/4.12.0")
        let page = try await client.get("/l/" + code, userAgent: Self.android)
        let token = try InstallTokenTests.androidToken(page.body)
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.userAgent] = "okhttp/4.12.0"
        for status in [HTTPResponse.Status.ok, .gone] {
          let redeemed = try await client.send(
            .post, "/v1/redeem", headers: headers, body: Array("{\"token\":\"\(token)\"}".utf8))
          #expect(redeemed.status == status)
        }
        // Another link's click, which ?code= leaves out.
        _ = try await client.get("/l/" + other, userAgent: Self.desktop)

        let answer = try await Self.stats(client, "?by=platform&code=" + code)
        #expect(answer.status == .ok, "\(answer.body)")
        #expect(jsonString(answer.body, "code") == code)
        #expect(
          try Self.rows(answer.body, "clicks") == [
            "desktop": 1, "android": 1, "crawler": 0, "ios": 0,
          ])
        #expect(
          try Self.rows(answer.body, "previews") == [
            "desktop": 0, "android": 0, "crawler": 2, "ios": 0,
          ])
        #expect(
          try Self.rows(answer.body, "appOpens") == [
            "desktop": 0, "android": 1, "crawler": 0, "ios": 1,
          ])
        #expect(
          try Self.rows(answer.body, "installs") == [
            "desktop": 0, "android": 1, "crawler": 0, "ios": 0,
          ])
        let root = try JSONParser.parse(answer.body)
        #expect(Self.integer(root["total"]) == 2)
        #expect(Self.integer(root["totals"]?["clicks"]) == 2)
        #expect(Self.integer(root["totals"]?["previews"]) == 2)
        #expect(Self.integer(root["totals"]?["appOpens"]) == 2)
        #expect(Self.integer(root["totals"]?["installs"]) == 1)
        // Every link: the other link's click too; per link, per day.
        let all = try await Self.stats(client, "?by=link")
        #expect(try Self.rows(all.body, "clicks") == [code: 2, other: 1])
        let days = try await Self.stats(client, "?by=day&code=" + other)
        #expect(try Self.rows(days.body, "clicks") == ["2027-01-15": 1])
        let csv = try await Self.stats(client, "?by=link&code=" + code, csv: true)
        #expect(csv.body == "link,clicks,previews,app_opens,installs\r\n\(code),2,2,2,1\r\n")
      }
    }

    @Test("an app's HTTP client names its platform class; a HEAD of /v1/links/CODE counts nothing")
    func appPlatforms() async throws {
      #expect(ClickPlatform(appUserAgent: "Shop/3.1 CFNetwork/1568.100.1 Darwin/24.0.0") == .ios)
      #expect(ClickPlatform(appUserAgent: "okhttp/4.12.0") == .android)
      #expect(ClickPlatform(appUserAgent: "Dalvik/2.1.0 (Linux; U; Android 14)") == .android)
      #expect(ClickPlatform(appUserAgent: Self.iPhone) == .ios)
      #expect(ClickPlatform(appUserAgent: "curl/8.5.0") == .desktop)
      #expect(ClickPlatform(appUserAgent: nil) == .desktop)
      #expect(ClickPlatform(appUserAgent: Self.crawler) == .crawler)
      try await LinksTestServer.run { server async throws in
        let code = try await InstallTokenTests.mintUser(server.client)
        _ = try await server.client.send(.head, "/v1/links/" + code)
        try await server.counter.flush()
        #expect(try await server.store.clicks(from: 0, to: 100_000, by: .link).isEmpty)
      }
    }

    @Test("CSV with Accept: text/csv, its fields escaped (RFC 4180)")
    func csv() async throws {
      try await LinksTestServer.run { server async throws in
        let day = StatsDay.day(ofSeconds: server.time.now())
        try await server.store.addClicks([
          ClickCount(day: day, code: "a", route: "plain", platform: .ios, clicks: 2),
          ClickCount(
            day: day, code: "b", route: "comma, \"quote\"\r\nand line", platform: .ios, clicks: 5),
        ])
        let answer = try await Self.stats(server.client, "?by=route", csv: true)
        #expect(answer.status == .ok)
        #expect(answer.headers[.contentType] == "text/csv; charset=utf-8")
        #expect(
          answer.body
            == "route,clicks,previews,app_opens,installs\r\n\"comma, \"\"quote\"\"\r\nand line\",5,0,0,0\r\nplain,2,0,0,0\r\n"
        )
        #expect(StatsController.csvField(" padded") == "\" padded\"")
        #expect(StatsController.csvField("=1+1") == "=1+1")
      }
    }

    @Test("the token is required; a bad date, grouping or range is a 400 naming the parameter")
    func refusals() async throws {
      try await LinksTestServer.run { server async throws in
        let client = server.client
        #expect(try await Self.stats(client, "", token: nil).status == .unauthorized)
        #expect(try await Self.stats(client, "", token: "wrong").status == .unauthorized)
        for (query, field) in [
          ("?from=2027-13-01", "from"), ("?to=yesterday", "to"), ("?by=ip", "by"),
          ("?from=2027-02-01&to=2027-01-01", "from"), ("?from=2027-02-30", "from"),
          // Once silently ignored: a misspelt or unknown parameter, and a code no link can have.
          ("?cod=spring", "cod"), ("?code=a/b", "code"), ("?code=", "code"),
        ] {
          let answer = try await Self.stats(client, query)
          #expect(answer.status == .badRequest, "\(query)")
          #expect(jsonString(answer.body, "field") == field, "\(query)")
          #expect(jsonString(answer.body, "error")?.isEmpty == false)
        }
      }
      try await LinksTestServer.run(configure: { $0.token = nil }) { server async throws in
        #expect(try await Self.stats(server.client, "").status == .forbidden)
      }
    }

    @Test("counting is in memory until a flush; a flushed count is in the file")
    func batched() async throws {
      try await LinksTestServer.run { server async throws in
        let code = try await InstallTokenTests.mintUser(server.client)
        for _ in 0..<3 { _ = try await server.client.get("/l/" + code) }
        // The redirects answered before anything was written.
        #expect(await server.counter.pendingCounts == 1)
        let day = StatsDay.day(ofSeconds: server.time.now())
        #expect(try await server.store.clicks(from: day, to: day, by: .link).isEmpty)
        try await server.counter.flush()
        #expect(await server.counter.pendingCounts == 0)
        // Read back through a connection of its own: the count is committed to the file.
        let connection = try await SQLiteConnection.open(storage: .file(path: server.path))
        let rows = try await connection.query("SELECT code, platform, clicks FROM clicks")
        #expect(rows.count == 1)
        #expect(rows.first?.column("code")?.string == code)
        #expect(rows.first?.column("platform")?.string == "desktop")
        #expect(rows.first?.column("clicks")?.integer == 3)
        try await connection.close()
        // A failing store keeps the counts for the next flush.
        _ = try await server.client.get("/l/" + code)
        try await server.store.close()
        await #expect(throws: (any Error).self) { try await server.counter.flush() }
        #expect(await server.counter.pendingCounts == 1)
      }
    }

    @Test("run as a service, the counter writes what it counted when the service group stops")
    func aGracefulStopFlushes() async throws {
      let path = try temporaryFolder() + "/links.sqlite"
      let store = try await SQLiteLinkStore.open(path: path)
      // An hour between timed flushes: only the stop can have written the count.
      let counter = ClickCounter(store: store, interval: .seconds(3600))
      let group = ServiceGroup(
        configuration: .init(services: [counter], logger: Logger(label: "switchyard.links.tests")))
      try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        await counter.record(.click, code: "a", route: "home", platform: .ios, day: 7)
        await group.triggerGracefulShutdown()
        try await tasks.waitForAll()
      }
      #expect(await counter.pendingCounts == 0)
      #expect(try await store.clicks(from: 7, to: 7, by: .link) == [StatsRow(key: "a", clicks: 1)])
      try await store.close()
    }

    @Test("no IP address, user agent or cookie of a request reaches the database file or the log")
    func nothingPersonal() async throws {
      let log = LogRecorder()
      let agent = "Mozilla/5.0 (Linux; Android 14; Pixel 8) PrivacyProbeAgent/9.8.7"
      let secrets = ["PrivacyProbeAgent", "203.0.113.77", "127.0.0.1", "probe-cookie-value"]
      let path = try await LinksTestServer.run(log: log) { server async throws in
        let code = try await InstallTokenTests.mintUser(server.client)
        var headers = HTTPFields()
        headers[.userAgent] = agent
        headers[.cookie] = "session=probe-cookie-value"
        headers[HTTPField.Name("X-Forwarded-For")!] = "203.0.113.77"
        headers[HTTPField.Name("X-Real-IP")!] = "203.0.113.77"
        for _ in 0..<3 {
          let answer = try await server.client.send(.get, "/l/" + code, headers: headers)
          #expect(answer.status == .ok)
          let token = try InstallTokenTests.androidToken(answer.body)
          var redeem = headers
          redeem[.contentType] = "application/json"
          _ = try await server.client.send(
            .post, "/v1/redeem", headers: redeem, body: Array("{\"token\":\"\(token)\"}".utf8))
        }
        try await server.counter.flush()
        let platforms = try await server.store.clicks(from: 0, to: 100_000, by: .platform)
        // The three redemptions carried the same agent: three installs on Android.
        #expect(platforms == [StatsRow(key: "android", clicks: 3, installs: 3)])
        return server.path
      }
      var files = 0
      for file in [path, path + "-wal", path + "-shm"] {
        guard let bytes = SQLiteLinkStoreTests.contents(file) else { continue }
        files += 1
        for secret in secrets {
          #expect(!Self.contains(bytes, Array(secret.utf8)), "\(secret) in \(file)")
        }
      }
      #expect(files >= 1)
      let lines = log.lines.withLockedValue { $0 }
      #expect(!lines.isEmpty)
      for line in lines {
        // The server logs its own listening address, which on loopback is the client's too;
        // the client's address is looked for in the database only.
        for secret in secrets where secret != "127.0.0.1" {
          #expect(!line.contains(secret), "\(secret) in the log: \(line)")
        }
      }
    }

    static func integer(_ value: JSONValue?) -> Int? {
      if case .number(let number) = value?.kind { return number.intValue }
      return nil
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
      guard !needle.isEmpty, haystack.count >= needle.count else { return false }
      for start in 0...(haystack.count - needle.count)
      where haystack[start] == needle[0] && Array(haystack[start..<start + needle.count]) == needle
      {
        return true
      }
      return false
    }
  }
#endif
