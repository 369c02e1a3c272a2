#if Links
  import HTTPTypes
  import NIOConcurrencyHelpers
  import Switchyard
  import SwitchyardFiles
  import SwitchyardLinks
  import Testing

  @Suite("POST /v1/links over loopback")
  struct MintingTests {
    @Test("a long URL a route handles: 201 with the code, the short link, the route and values")
    func mintsURL() async throws {
      try await LinksTestServer.run { client, store, _ async throws in
        let answer = try await client.mint(#"{"url": "https://example.com/articles/7/hello"}"#)
        #expect(answer.status == .created)
        let code = try #require(jsonString(answer.body, "code"))
        #expect(code.count == LinkCode.generatedLength)
        #expect(jsonString(answer.body, "link") == "https://go.example.com/l/\(code)")
        #expect(jsonString(answer.body, "url") == "https://example.com/articles/7/hello")
        #expect(jsonString(answer.body, "route") == "article")
        #expect(answer.body.contains(#""values":{"id":"7","slug":"hello"}"#))
        #expect(answer.headers[.contentType] == "application/json")
        let info = try await client.get("/v1/links/\(code)")
        #expect(info.status == .ok)
        #expect(
          info.body
            == #"{"code":"\#(code)","route":"article","url":"https://example.com/articles/7/hello","values":{"id":"7","slug":"hello"}}"#
        )
        #expect(try await store.count() == 1)
      }
    }

    @Test("a route and values are built into the URL, which matches back to the route")
    func mintsRoute() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        let answer = try await client.mint(
          #"{"route": "userTab", "values": {"id": 42, "tab": "posts"}, "code": "Tab_42-x"}"#)
        #expect(answer.status == .created)
        #expect(jsonString(answer.body, "code") == "Tab_42-x")
        #expect(jsonString(answer.body, "url") == "myapp://user/42/posts")
        #expect(jsonString(answer.body, "route") == "userTab")
        #expect(answer.body.contains(#""values":{"id":"42","tab":"posts"}"#))
      }
    }

    @Test("a taken custom code: 409, and the first link is kept")
    func takenCode() async throws {
      try await LinksTestServer.run { client, store, _ async throws in
        #expect(
          try await client.mint(#"{"url": "myapp://home", "code": "sale"}"#).status == .created)
        let again = try await client.mint(#"{"url": "myapp://user/1", "code": "sale"}"#)
        #expect(again.status == .conflict)
        #expect(jsonString(again.body, "field") == "code")
        #expect(try await store.link(code: "sale")?.url == "myapp://home")
        #expect(try await store.count() == 1)
      }
    }

    @Test("a generated code that is taken is drawn again (the store decides, not a look-up)")
    func generatedCodeRetries() async throws {
      let codes = CodeSequence(["AAAAAAAA", "AAAAAAAA", "BBBBBBBB"])
      try await LinksTestServer.run(configure: { $0.newCode = { codes.next() } }) {
        client, store, _ async throws in
        #expect(
          jsonString(try await client.mint(#"{"url": "myapp://home"}"#).body, "code") == "AAAAAAAA")
        #expect(
          jsonString(try await client.mint(#"{"url": "myapp://home"}"#).body, "code") == "BBBBBBBB")
        #expect(try await store.count() == 2)
      }
    }

    @Test("no token configured: 403 saying how to set one; missing or wrong token: 401")
    func tokens() async throws {
      try await LinksTestServer.run(configure: { $0.token = nil }) {
        client, store, _ async throws in
        let answer = try await client.mint(#"{"url": "myapp://home"}"#)
        #expect(answer.status == .forbidden)
        #expect(answer.body.contains("--token-file"))
        #expect(try await store.count() == 0)
      }
      try await LinksTestServer.run { client, store, _ async throws in
        #expect(
          try await client.mint(#"{"url": "myapp://home"}"#, token: nil).status == .unauthorized)
        #expect(
          try await client.mint(#"{"url": "myapp://home"}"#, token: "test-token-4f1d").status
            == .unauthorized)
        #expect(
          try await client.mint(#"{"url": "myapp://home"}"#, token: "test-token-4f1c0").status
            == .unauthorized)
        #expect(
          try await client.mint(#"{"url": "myapp://home"}"#, token: "").status == .unauthorized)
        #expect(try await store.count() == 0)
      }
    }

    @Test("a body over 64 KiB (1 MB): 413, nothing stored")
    func tooLarge() async throws {
      try await LinksTestServer.run { client, store, _ async throws in
        let title = String(repeating: "a", count: 1_000_000)
        let answer = try await client.mint(#"{"url": "myapp://home", "title": "\#(title)"}"#)
        #expect(answer.status == .contentTooLarge)
        #expect(jsonString(answer.body, "error")?.contains("65536") == true)
        #expect(try await store.count() == 0)
      }
    }

    /// Bodies that must each be refused with a 400 naming the field (or the position).
    static let badBodies: [(body: [UInt8], field: String?)] = [
      (Array(#"{"url": "myapp://home""#.utf8), nil),
      (Array("not json".utf8), nil),
      (Array("[]".utf8), nil),
      (Array(#"{}"#.utf8), "url"),
      (Array(#"{"url": 42}"#.utf8), "url"),
      (Array(#"{"url": null}"#.utf8), "url"),
      (Array(#"{"route": ["user"]}"#.utf8), "route"),
      (Array(#"{"route": "user", "values": [1]}"#.utf8), "values"),
      (Array(#"{"route": "user", "values": {"id": {"a": 1}}}"#.utf8), "values.id"),
      (Array(#"{"route": "user", "values": {"id": "x"}}"#.utf8), "values.id"),
      (Array(#"{"route": "nosuchroute"}"#.utf8), "route"),
      (Array(#"{"url": "myapp://home", "route": "home"}"#.utf8), "route"),
      (Array(#"{"url": "myapp://home", "extra": 1}"#.utf8), "extra"),
      (Array(#"{"url": "myapp://home", "url": "myapp://user/1"}"#.utf8), nil),
      (Array(#"{"url": "myapp://home", "title": 7}"#.utf8), "title"),
      (Array(#"{"url": "myapp://home", "title": "a\u0000b"}"#.utf8), "title"),
      (Array(#"{"url": "myapp://home", "title": "line\nbreak"}"#.utf8), "title"),
      (Array(#"{"url": "myapp://home", "description": "bell\u0007"}"#.utf8), "description"),
      (
        Array(#"{"url": "myapp://home", "title": "</script><script>alert(1)</script>"}"#.utf8),
        "title"
      ),
      (Array(#"{"url": "myapp://home", "image": "javascript:alert(1)"}"#.utf8), "image"),
      (Array(#"{"url": "myapp://home", "image": "data:image/png;base64,AAAA"}"#.utf8), "image"),
      (Array(#"{"url": "myapp://home", "image": "http://example.com/a.png"}"#.utf8), "image"),
      (
        Array(#"{"url": "myapp://home", "image": "https://example.com/a.png\" onerror=\"x"}"#.utf8),
        "image"
      ),
      (Array(#"{"url": "myapp://home", "code": "a/b"}"#.utf8), "code"),
      (Array(#"{"url": "myapp://home", "code": ".."}"#.utf8), "code"),
      (Array(#"{"url": "myapp://home", "code": "%00"}"#.utf8), "code"),
      (Array(#"{"url": "myapp://home", "code": "a\u0000"}"#.utf8), "code"),
      (Array(#"{"url": "myapp://home", "code": "x'; DROP TABLE links;--"}"#.utf8), "code"),
      (Array(#"{"url": "myapp://home", "code": "1 OR 1=1"}"#.utf8), "code"),
      (Array(#"{"url": "myapp://home", "code": ""}"#.utf8), "code"),
      (
        Array(
          (#"{"url": "myapp://home", "code": ""# + String(repeating: "a", count: 65) + #""}"#).utf8),
        "code"
      ),
      (Array(#"{"url": "myapp://home", "expires": "tomorrow"}"#.utf8), "expires"),
      (Array(#"{"url": "myapp://home", "expires": "2027-02-30T00:00:00Z"}"#.utf8), "expires"),
      (Array(#"{"url": "myapp://home", "expires": "2020-01-01T00:00:00Z"}"#.utf8), "expires"),
      (Array(#"{"url": "myapp://home", "expires": 1900000000}"#.utf8), "expires"),
      (
        Array(#"{"url": "myapp://home", "title": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8), nil
      ),
      ([0xFF, 0xFE], nil),
    ]

    @Test("bad input: each a 400 with what and where, and the database unchanged")
    func badInput() async throws {
      try await LinksTestServer.run { client, store, _ async throws in
        #expect(
          try await client.mint(#"{"url": "myapp://home", "code": "kept"}"#).status == .created)
        for (body, field) in Self.badBodies {
          let answer = try await client.mint(bytes: body)
          let shown = String(decoding: body, as: UTF8.self)
          #expect(answer.status == .badRequest, "\(shown)")
          let parsed = try JSONParser.parse(answer.body)
          #expect(parsed["error"]?.stringValue?.isEmpty == false, "\(shown)")
          if let field {
            #expect(parsed["field"]?.stringValue == field, "\(shown): \(answer.body)")
          } else {
            #expect(parsed["line"] != nil || parsed["error"] != nil, "\(shown)")
          }
        }
        #expect(try await store.count() == 1)
        #expect(try await store.link(code: "kept")?.url == "myapp://home")
      }
    }

    @Test("a syntax error names its line and column")
    func syntaxErrorPosition() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        let answer = try await client.mint("{\n  \"url\": \"myapp://home\",,\n}")
        #expect(answer.status == .badRequest)
        let parsed = try JSONParser.parse(answer.body)
        #expect(parsed["line"]?.kind == .number(JSONNumber(text: "2", isIntegerLiteral: true)))
      }
    }

    /// URLs `switchyard match` answers "no route" for on the example table, or whose host the
    /// table does not name.
    static let unroutedURLs = [
      "https://evil.example.org/articles/7",
      "https://example.com.evil.org/articles/7",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "myapp://nowhere",
      "myapp://user/abc",
      "ftp://example.com/articles/7",
      "https://attacker.net/s/abc",
      "otherapp://user/42",
      "/account/orders",
    ]

    @Test("a URL no route handles, on a host the table names: 422 with the nearest misses")
    func unrouted() async throws {
      try await LinksTestServer.run { client, store, _ async throws in
        for url in Self.unroutedURLs {
          let answer = try await client.mint(
            "{\"url\": " + JSONEscaping.quote(url) + "}")
          #expect(answer.status == .unprocessableContent, "\(url): \(answer.body)")
          let parsed = try JSONParser.parse(answer.body)
          #expect(parsed["field"]?.stringValue == "url")
          #expect(parsed["nearestMisses"]?.arrayElements != nil, "\(url)")
        }
        // With the route table's own words about where the best candidate failed.
        let answer = try await client.mint(#"{"url": "myapp://user/abc"}"#)
        let misses = try #require(
          try JSONParser.parse(answer.body)["nearestMisses"]?.arrayElements)
        #expect(misses.first?["route"]?.stringValue?.hasPrefix("user") == true)
        #expect(misses.first?["reason"]?.stringValue?.isEmpty == false)
        #expect(try await store.count() == 0)
      }
    }

    @Test("every URL the matcher answers no route for is among those refused")
    func unroutedAreUnmatched() throws {
      let matcher = RouteMatcher(try BuiltInRoutes.table())
      for url in Self.unroutedURLs where !url.contains("evil") && !url.contains("attacker") {
        if url.hasPrefix("/") { continue }
        #expect(matcher.match(url) == nil, "\(url)")
      }
    }
  }

  /// Codes handed out in order, for the retry test.
  final class CodeSequence: Sendable {
    let codes: NIOLockedValueBox<[String]>
    init(_ codes: [String]) { self.codes = NIOLockedValueBox(codes) }
    func next() -> String { codes.withLockedValue { $0.isEmpty ? "ZZZZZZZZ" : $0.removeFirst() } }
  }
#endif
