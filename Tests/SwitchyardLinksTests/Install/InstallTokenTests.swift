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

    /// The token in an Android landing page's Google Play link (up to the link's end).
    static func androidToken(_ html: String) throws -> String {
      let marker = "&amp;referrer=switchyard_token%3D"
      let start = try #require(html.range(of: marker)).upperBound
      return String(html[start...].prefix { $0 != "\"" && $0 != "&" })
    }

    /// How many rows each table of the SQLite file at `path` holds.
    static func rowCounts(_ path: String) async throws -> [String: Int64] {
      let connection = try await SQLiteConnection.open(storage: .file(path: path))
      var counts: [String: Int64] = [:]
      let tables = try await connection.query(
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      for table in tables.compactMap({ $0.column("name")?.string }) {
        let rows = try await connection.query("SELECT count(*) AS n FROM \"\(table)\"")
        counts[table] = Int64(rows.first?.column("n")?.integer ?? -1)
      }
      try await connection.close()
      return counts
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
      "a token is URL-safe base64 of its link, expiry and 128 random bits under an HMAC; every altered byte, another key or another form is refused"
    )
    func tokenForm() throws {
      var generator = SeededGenerator(seed: 7)
      let key = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let signer = InstallTokenSigner(key: key)
      let nonce = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let token = signer.token(code: "Ab3dE9xQ", expires: 1_800_604_800, nonce: nonce)
      #expect(token.count == 66)
      #expect(
        token.utf8.allSatisfy {
          isASCIILetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F
        })
      let claim = try #require(signer.read(token))
      #expect(claim.code == "Ab3dE9xQ" && claim.expires == 1_800_604_800)
      #expect(claim.id == Base64URL.encode(nonce) && claim.id.count == 22)
      // Every bit of every byte matters: one flipped anywhere and the token is refused.
      let bytes = try #require(Base64URL.decode(token))
      var refused = 0
      for index in bytes.indices {
        for bit in 0..<8 {
          var altered = bytes
          altered[index] ^= 1 << UInt8(bit)
          if signer.read(Base64URL.encode(altered)) == nil { refused += 1 }
        }
      }
      #expect(refused == bytes.count * 8)
      // Another secret, a cut token, a longer one, padding, other letters, nothing.
      let other = InstallTokenSigner(key: key.map { $0 ^ 0x5A })
      #expect(other.read(token) == nil)
      for text in [
        String(token.dropLast()), String(token.dropLast(4)), token + "A", token + "=",
        token.replacingOccurrences(of: "-", with: "+"), "", "A", String(repeating: "A", count: 22),
        String(repeating: "A", count: 10_000),
      ] {
        #expect(signer.read(text) == nil, "\(text)")
      }
      // Fresh tokens are each their own, and their referrer is URL-encoded.
      let fresh = Set((0..<1000).map { _ in signer.token(code: "abc", expires: 5) })
      #expect(fresh.count == 1000)
      #expect(Set(fresh.compactMap { signer.read($0)?.id }).count == 1000)
      #expect(InstallToken.referrer("abc") == "switchyard_token%3Dabc")
      #expect(InstallToken.defaultLifetime == 604_800)
      #expect(LinksConfiguration(table: try BuiltInRoutes.table()).installTokenLifetime == 604_800)
      // Base64URL round-trips every length, and refuses a text with unused bits set.
      for count in 0..<40 {
        let data = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(Base64URL.decode(Base64URL.encode(data)) == data)
      }
      #expect(Base64URL.decode("AB") == nil && Base64URL.decode("AA") == [0])
    }

    @Test(
      "a phone's visit writes nothing: every table's row count is the same after 20 iPhone and Android visits"
    )
    func aVisitWritesNothing() async throws {
      try await LinksTestServer.run { server async throws in
        let code = try await Self.mintUser(server.client)
        let before = try await Self.rowCounts(server.path)
        #expect(before["links"] == 1 && before["spent_tokens"] == 0)
        var tokens = Set<String>()
        for index in 0..<20 {
          let page = try await server.client.get(
            "/l/" + code, userAgent: index % 2 == 0 ? Self.android : Self.iPhone)
          #expect(page.status == .ok)
          if index % 2 == 0 {
            tokens.insert(try Self.androidToken(page.body))
          } else {
            tokens.insert(String(try Self.oneTimeLink(page.body).split(separator: "=").last ?? ""))
          }
        }
        #expect(tokens.count == 20)
        #expect(try await Self.rowCounts(server.path) == before)
        // A redemption writes its one row.
        #expect(try await Self.redeem(server.client, token: tokens.first ?? "").status == .ok)
        var after = before
        after["spent_tokens"] = 1
        #expect(try await Self.rowCounts(server.path) == after)
      }
    }

    @Test(
      "forged, altered, foreign and expired tokens are refused (404, 404, 404, 410) and write nothing"
    )
    func forgedTokens() async throws {
      let foreign = try await LinksTestServer.run { client, _, _ async throws in
        let code = try await Self.mintUser(client)
        return try Self.androidToken(
          try await client.get("/l/" + code, userAgent: Self.android).body)
      }
      try await LinksTestServer.run { server async throws in
        let client = server.client
        let code = try await Self.mintUser(client)
        let token = try Self.androidToken(
          try await client.get("/l/" + code, userAgent: Self.android).body)
        let before = try await Self.rowCounts(server.path)
        // Signed by another server's secret (another database): not this service's token.
        let other = try await Self.redeem(client, token: foreign)
        #expect(other.status == .notFound && jsonString(other.body, "field") == "token")
        // One character changed, in the middle and at the end.
        var characters = Array(token)
        let middle = characters.count / 2
        characters[middle] = characters[middle] == "A" ? "B" : "A"
        #expect(try await Self.redeem(client, token: String(characters)).status == .notFound)
        characters = Array(token)
        characters[characters.count - 1] = characters.last == "Q" ? "R" : "Q"
        #expect(try await Self.redeem(client, token: String(characters)).status == .notFound)
        // A token made with a guessed secret.
        let guessed = InstallTokenSigner(key: Array(repeating: 0, count: 32))
        #expect(
          try await Self.redeem(client, token: guessed.token(code: code, expires: .max / 2))
            .status == .notFound)
        #expect(try await Self.rowCounts(server.path) == before)
        // The real one, once its time is up: 410, and still nothing written.
        server.time.advance(by: InstallToken.defaultLifetime)
        let expired = try await Self.redeem(client, token: token)
        #expect(expired.status == .gone && jsonString(expired.body, "field") == "token")
        #expect(try await Self.rowCounts(server.path) == before)
      }
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
        // Another visit, another token.
        let again = try await client.get("/l/" + code, userAgent: Self.android)
        #expect(try Self.androidToken(again.body) != token)

        let first = try await Self.redeem(client, token: token)
        #expect(first.status == .ok)
        #expect(
          first.body == #"{"route":"user","url":"myapp://user/42","values":{"id":"42"}}"#)
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
        #expect(try await Self.rowCounts(server.path)["spent_tokens"] == 0)
      }
      try await LinksTestServer.run { server async throws in
        let code = try await Self.mintUser(server.client)
        _ = try await server.client.send(
          .head, "/l/" + code, headers: [.userAgent: Self.android])
        _ = try await server.client.get("/l/" + code, userAgent: "Twitterbot/1.0")
        _ = try await server.client.get("/l/" + code)
        let page = try await server.client.send(
          .head, "/l/" + code, headers: [.userAgent: Self.android])
        #expect(page.status == .ok && page.body.isEmpty)
      }
    }

    @Test("unknown tokens 404, bad bodies 400, GET 405")
    func unknownAndBad() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        var generator = SeededGenerator(seed: 3)
        let unknown = try await Self.redeem(
          client,
          token: InstallTokenSigner(
            key: (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
          )
          .token(code: "abc", expires: .max / 2))
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
