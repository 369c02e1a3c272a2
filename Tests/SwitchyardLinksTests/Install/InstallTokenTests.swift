#if Links
  import Foundation
  import HTTPTypes
  import SQLiteNIO
  import SwitchyardFiles
  @testable import SwitchyardLinks
  import SwitchyardTestSupport
  import Testing

  /// Install tokens over loopback: issued by the landing pages, redeemed once by `POST
  /// /v1/redeem`.
  @Suite("Install tokens: the landing pages hand them out, POST /v1/redeem spends each once")
  struct InstallTokenTests {
    static let android =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36"
    static let iPhone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"

    /// The token in an Android landing page's Google Play link.
    static func androidToken(_ html: String) throws -> String {
      let marker = "&amp;referrer=switchyard_token%3D"
      let start = try #require(html.range(of: marker)).upperBound
      return String(html[start...].prefix(InstallToken.length))
    }

    /// The one-time link of an iOS landing page's "Get the app" button.
    static func oneTimeLink(_ html: String) throws -> String {
      let start = try #require(html.range(of: "data-link=\"")).upperBound
      let end = try #require(html[start...].firstIndex(of: "\""))
      return String(html[start..<end])
    }

    static func redeem(_ client: HTTPClient, _ body: String) async throws -> HTTPAnswer {
      var headers = HTTPFields()
      headers[.contentType] = "application/json"
      return try await client.send(.post, "/v1/redeem", headers: headers, body: Array(body.utf8))
    }

    static func redeem(_ client: HTTPClient, token: String) async throws -> HTTPAnswer {
      try await redeem(client, "{\"token\": " + JSONEscaping.quote(token) + "}")
    }

    /// Mints a link to `myapp://user/42` and answers its code.
    static func mintUser(_ client: HTTPClient, _ extra: String = "") async throws -> String {
      let minted = try await client.mint(#"{"url": "myapp://user/42""# + extra + "}")
      #expect(minted.status == .created, "\(minted.body)")
      return try #require(jsonString(minted.body, "code"))
    }

    @Test(
      "a token is 22 of the 62 letters and digits (≥ 128 bits), and the referrer is URL-encoded")
    func tokenForm() throws {
      var generator = SeededGenerator(seed: 7)
      var seen = Set<String>()
      for _ in 0..<1000 {
        let token = InstallToken.generate(using: &generator)
        #expect(token.count == 22 && InstallToken.isValid(token))
        seen.insert(token)
      }
      #expect(seen.count == 1000)
      // 22 × log2(62) ≈ 131 bits.
      #expect(Double(InstallToken.length) * log2(62) >= 128)
      #expect(
        !InstallToken.isValid("short") && !InstallToken.isValid(String(repeating: "-", count: 22)))
      #expect(InstallToken.referrer("abc") == "switchyard_token%3Dabc")
      #expect(InstallToken.defaultLifetime == 604_800)
      var configuration = LinksConfiguration(table: try BuiltInRoutes.table(), now: { 0 })
      #expect(configuration.installTokenLifetime == 604_800)
      configuration.installTokenLifetime = 1
      #expect(InstallToken.isValid(configuration.newToken()))
    }

    @Test("Android: Google Play's referrer carries a token; redeemed once: 200, then 410")
    func androidHandOff() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        let code = try await Self.mintUser(client)
        let page = try await client.get("/l/" + code, userAgent: Self.android)
        #expect(page.status == .ok)
        #expect(
          page.body.contains(
            "href=\"https://play.google.com/store/apps/details?id=com.example.myapp&amp;referrer=switchyard_token%3D"
          ))
        // A page holding a token of one visit is never cached.
        #expect(page.headers[.cacheControl] == "private, no-store")
        #expect(!page.body.contains("<script"))
        let token = try Self.androidToken(page.body)
        #expect(InstallToken.isValid(token))
        // Another visit, another token.
        let again = try await client.get("/l/" + code, userAgent: Self.android)
        #expect(try Self.androidToken(again.body) != token)

        let first = try await Self.redeem(client, token: token)
        #expect(first.status == .ok)
        #expect(
          first.body == #"{"url":"myapp://user/42","route":"user","values":{"id":"42"}}"#)
        let second = try await Self.redeem(client, token: token)
        #expect(second.status == .gone)
        #expect(jsonString(second.body, "field") == "token")
        #expect(jsonString(second.body, "error")?.contains("redeemed already") == true)
      }
    }

    @Test(
      "iOS: \"Get the app\" copies a one-time link on the tap, says so, and its script is allowed by hash"
    )
    func iOSHandOff() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        let code = try await Self.mintUser(client)
        let page = try await client.get("/l/" + code, userAgent: Self.iPhone)
        #expect(page.status == .ok)
        #expect(page.body.contains(">Get the app</a>"))
        #expect(
          page.body.contains("id=\"get-app\" href=\"https://apps.apple.com/app/id123456789\""))
        #expect(
          page.body.contains(
            "copies a one-time link to this page to your clipboard, then opens the App Store"))
        #expect(!page.body.contains("Download on the App Store"))
        #expect(page.body.contains("<script>\(LinkPages.getAppScript)</script>"))
        #expect(page.headers[.contentSecurityPolicy] == LinkPages.installContentSecurityPolicy)
        #expect(
          LinkPages.installContentSecurityPolicy.contains(
            "script-src '\(LinkPages.getAppScriptHash)'"))
        #expect(!LinkPages.installContentSecurityPolicy.contains("unsafe"))
        #expect(
          page.body.contains(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"\(LinkPages.metaInstallContentSecurityPolicy)\">"
          ))
        let link = try Self.oneTimeLink(page.body)
        let prefix = "https://go.example.com/l/\(code)?switchyard_token="
        #expect(link.hasPrefix(prefix))
        let token = String(link.dropFirst(prefix.count))
        #expect(InstallToken.isValid(token))
        #expect(try await Self.redeem(client, token: token).status == .ok)
        #expect(try await Self.redeem(client, token: token).status == .gone)
        // The one-time link still opens the link itself in a browser.
        // (myapp://user/42 has no web page: a desktop gets the page saying to open it on a phone.)
        let opened = try await client.get("/l/\(code)?switchyard_token=\(token)")
        #expect(opened.status == .ok)
        #expect(opened.body.contains("This link opens in the app"))
      }
    }

    @Test("without the store configured, a crawler, a desktop or a HEAD request: no token is made")
    func noTokenWithoutAStore() async throws {
      try await LinksTestServer.run(configure: {
        $0.appStoreID = nil
        $0.androidPackage = nil
      }) { server async throws in
        let code = try await Self.mintUser(server.client)
        let page = try await server.client.get("/l/" + code, userAgent: Self.iPhone)
        #expect(!page.body.contains("get-app") && !page.body.contains("<script"))
        #expect(page.headers[.contentSecurityPolicy] == LinkPages.contentSecurityPolicy)
        _ = try await server.client.get("/l/" + code, userAgent: Self.android)
        _ = try await server.client.get("/l/" + code, userAgent: "Twitterbot/1.0")
        _ = try await server.client.get("/l/" + code)
        let connection = try await SQLiteConnection.open(storage: .file(path: server.path))
        let rows = try await connection.query("SELECT count(*) AS n FROM install_tokens")
        #expect(rows.first?.column("n")?.integer == 0)
        try await connection.close()
      }
      try await LinksTestServer.run { server async throws in
        let code = try await Self.mintUser(server.client)
        _ = try await server.client.send(
          .head, "/l/" + code, headers: [.userAgent: Self.android])
        _ = try await server.client.get("/l/" + code, userAgent: "Twitterbot/1.0")
        _ = try await server.client.get("/l/" + code)
        let connection = try await SQLiteConnection.open(storage: .file(path: server.path))
        let rows = try await connection.query("SELECT count(*) AS n FROM install_tokens")
        #expect(rows.first?.column("n")?.integer == 0)
        try await connection.close()
      }
    }

    @Test("unknown tokens 404, bad bodies 400, GET 405")
    func unknownAndBad() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        var generator = SeededGenerator(seed: 3)
        let unknown = try await Self.redeem(
          client, token: InstallToken.generate(using: &generator))
        #expect(unknown.status == .notFound)
        #expect(jsonString(unknown.body, "field") == "token")
        #expect(try await Self.redeem(client, token: "not-a-token").status == .notFound)
        for (body, field) in [
          ("{not json", nil), ("[]", nil), ("{}", "token"), (#"{"token": 5}"#, "token"),
          (#"{"token": "a", "code": "b"}"#, "code"),
        ] as [(String, String?)] {
          let answer = try await Self.redeem(client, body)
          #expect(answer.status == .badRequest, "\(body)")
          #expect(jsonString(answer.body, "error") != nil, "\(body)")
          #expect(jsonString(answer.body, "field") == field, "\(body)")
        }
        let get = try await client.get("/v1/redeem")
        #expect(get.status == .methodNotAllowed)
        let big = try await Self.redeem(
          client, "{\"token\": \"" + String(repeating: "a", count: 70_000) + "\"}")
        #expect(big.status == .contentTooLarge)
      }
    }

    @Test("a token expires after its lifetime (7 days by default), or with its link")
    func expiry() async throws {
      try await LinksTestServer.run { client, _, time async throws in
        let code = try await Self.mintUser(client)
        let early = try Self.androidToken(
          try await client.get("/l/" + code, userAgent: Self.android).body)
        let late = try Self.androidToken(
          try await client.get("/l/" + code, userAgent: Self.android).body)
        time.advance(by: 7 * 86_400 - 1)
        #expect(try await Self.redeem(client, token: early).status == .ok)
        time.advance(by: 1)
        #expect(try await Self.redeem(client, token: late).status == .gone)
      }
      try await LinksTestServer.run(configure: { $0.installTokenLifetime = 60 }) {
        client, _, time async throws in
        let code = try await Self.mintUser(client)
        let token = try Self.androidToken(
          try await client.get("/l/" + code, userAgent: Self.android).body)
        time.advance(by: 60)
        #expect(try await Self.redeem(client, token: token).status == .gone)
      }
      // A link that expires before the token takes the token with it.
      try await LinksTestServer.run { client, _, time async throws in
        let code = try await Self.mintUser(
          client, #", "expires": "2027-01-15T08:00:10Z""#)
        let token = try Self.androidToken(
          try await client.get("/l/" + code, userAgent: Self.android).body)
        time.advance(by: 10)
        #expect(try await Self.redeem(client, token: token).status == .gone)
      }
    }

    @Test("50 concurrent redeems of one token over loopback: exactly one 200, 49 410s")
    func fiftyAtOnce() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        let code = try await Self.mintUser(client)
        let token = try Self.androidToken(
          try await client.get("/l/" + code, userAgent: Self.android).body)
        let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
          for _ in 0..<50 {
            group.addTask { try await Self.redeem(client, token: token).status }
          }
          var statuses: [HTTPResponse.Status] = []
          for try await status in group { statuses.append(status) }
          return statuses
        }
        #expect(statuses.count == 50)
        #expect(statuses.filter { $0 == .ok }.count == 1)
        #expect(statuses.filter { $0 == .gone }.count == 49)
      }
    }

    /// The script is named by its hash: recomputed here with the system's SHA-256 tool.
    @Test func theScriptHashIsTheScriptsHash() throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum")
        ? ["sha256sum"] : ["shasum", "-a", "256"]
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      input.fileHandleForWriting.write(Data(LinkPages.getAppScript.utf8))
      try input.fileHandleForWriting.close()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      let hex = Array(text.prefix(64))
      var digest = Data()
      for index in stride(from: 0, to: 64, by: 2) {
        digest.append(try #require(UInt8(String(hex[index...index + 1]), radix: 16)))
      }
      #expect(LinkPages.getAppScriptHash == "sha256-" + digest.base64EncodedString())
    }
  }
#endif
