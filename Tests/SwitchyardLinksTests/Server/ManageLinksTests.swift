#if Links
  import HTTPTypes
  import Switchyard
  import SwitchyardFiles
  @testable import SwitchyardLinks
  import Testing

  /// `GET /v1/links`, `PATCH` and `DELETE /v1/links/{code}`, with the token.
  @Suite("Managing links: list, change, end")
  struct ManageLinksTests {
    static let desktop = "Mozilla/5.0 (X11; Linux x86_64) Firefox/126.0"

    static func send(
      _ client: HTTPClient, _ method: HTTPRequest.Method, _ path: String, json: String? = nil,
      token: String? = LinksTestServer.token
    ) async throws -> HTTPAnswer {
      var headers = HTTPFields()
      if let token { headers[.authorization] = "Bearer \(token)" }
      if json != nil { headers[.contentType] = "application/json" }
      return try await client.send(
        method, path, headers: headers, body: json.map { Array($0.utf8) })
    }

    /// The codes of a JSON list answer, and its `next`.
    static func page(_ answer: HTTPAnswer) throws -> ([String], String?) {
      let value = try JSONParser.parse(answer.body)
      let codes = value["links"]?.arrayElements?.compactMap { $0["code"]?.stringValue } ?? []
      return (codes, value["next"]?.stringValue)
    }

    @Test("the list: pages in code order, by route, by code prefix; the token is needed")
    func list() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        for (code, url) in [
          ("spring-a", "https://www.example.com/articles/1/a"), ("spring-b", "myapp://user/2"),
          ("summer", "https://www.example.com/articles/3/c"), ("a_b", "myapp://home"),
        ] {
          let minted = try await client.mint(#"{"url": "\#(url)", "code": "\#(code)"}"#)
          #expect(minted.status == .created, "\(minted.body)")
        }
        let all = try await Self.send(client, .get, "/v1/links")
        #expect(all.status == .ok)
        #expect(try Self.page(all).0 == ["a_b", "spring-a", "spring-b", "summer"])
        #expect(try Self.page(all).1 == nil)
        let first = try await Self.send(client, .get, "/v1/links?limit=2")
        #expect(try Self.page(first) == (["a_b", "spring-a"], "spring-a"))
        let second = try await Self.send(client, .get, "/v1/links?limit=2&after=spring-a")
        #expect(try Self.page(second).0 == ["spring-b", "summer"])
        let articles = try await Self.send(client, .get, "/v1/links?route=article")
        #expect(try Self.page(articles).0 == ["spring-a", "summer"])
        let spring = try await Self.send(client, .get, "/v1/links?prefix=spring")
        #expect(try Self.page(spring).0 == ["spring-a", "spring-b"])
        // `_` is a code's character, not a wildcard.
        #expect(
          try Self.page(try await Self.send(client, .get, "/v1/links?prefix=a_")).0 == ["a_b"])
        let detail = try JSONParser.parse(spring.body)["links"]?.arrayElements?.first
        #expect(detail?["link"]?.stringValue == "https://go.example.com/l/spring-a")
        #expect(detail?["created"]?.stringValue == "2027-01-15T08:00:00Z")
        for bad in ["limit=0", "limit=101", "after=%20", "route=nosuch", "sort=code"] {
          let refused = try await Self.send(client, .get, "/v1/links?" + bad)
          #expect(refused.status == .badRequest, "\(bad): \(refused.body)")
        }
        #expect(try await Self.send(client, .get, "/v1/links", token: nil).status == .unauthorized)
      }
    }

    @Test("PATCH: title, description, image, expiry, a new URL through the minting checks")
    func change() async throws {
      try await LinksTestServer.run { client, _, time async throws in
        let minted = try await client.mint(
          #"{"url": "https://www.example.com/articles/7/a", "code": "promo", "title": "Old"}"#)
        #expect(minted.status == .created)
        // Read once, so that this server keeps it: the change must not be hidden by that.
        #expect(try await client.get("/l/promo", userAgent: Self.desktop).status == .found)
        let changed = try await Self.send(
          client, .patch, "/v1/links/promo",
          json:
            #"{"url": "https://www.example.com/articles/8/b", "title": null, "description": "New", "expires": "2027-06-01T00:00:00Z"}"#
        )
        #expect(changed.status == .ok, "\(changed.body)")
        #expect(jsonString(changed.body, "route") == "article")
        #expect(jsonString(changed.body, "title") == nil)
        #expect(jsonString(changed.body, "description") == "New")
        #expect(jsonString(changed.body, "expires") == "2027-06-01T00:00:00Z")
        let visit = try await client.get("/l/promo", userAgent: Self.desktop)
        #expect(visit.headers[.location] == "https://www.example.com/articles/8/b")
        // The checks of a mint: no route handles it, a host the table does not name, markup.
        for (body, status) in [
          (#"{"url": "https://evil.example.net/articles/8/b"}"#, HTTPResponse.Status(code: 422)),
          (#"{"url": "ftp://example.com/x"}"#, .init(code: 422)),
          (#"{"title": "<script>x</script>"}"#, .badRequest),
          (#"{"image": "http://example.com/a.png"}"#, .badRequest),
          (#"{"expires": "2020-01-01T00:00:00Z"}"#, .badRequest),
          (#"{"url": null}"#, .badRequest), (#"{"code": "other"}"#, .badRequest),
          ("{}", .badRequest),
          ("[1]", .badRequest),
        ] {
          let refused = try await Self.send(client, .patch, "/v1/links/promo", json: body)
          #expect(refused.status == status, "\(body): \(refused.body)")
        }
        #expect(
          try await client.get("/l/promo", userAgent: Self.desktop).headers[.location]
            == "https://www.example.com/articles/8/b")
        let unknown = try await Self.send(
          client, .patch, "/v1/links/nosuch", json: #"{"title": "x"}"#)
        #expect(unknown.status == .notFound)
        let anonymous = try await Self.send(
          client, .patch, "/v1/links/promo", json: #"{"title": "x"}"#, token: "wrong-token-1234")
        #expect(anonymous.status == .unauthorized)
        _ = time
      }
    }

    @Test("DELETE: 204, then 410 for the short link, the app's look-up and another DELETE")
    func end() async throws {
      try await LinksTestServer.run { client, store, _ async throws in
        #expect(
          try await client.mint(#"{"url": "myapp://user/42", "code": "gone"}"#).status == .created)
        #expect(try await client.get("/v1/links/gone").status == .ok)
        #expect(
          try await Self.send(client, .delete, "/v1/links/gone", token: nil).status == .unauthorized
        )
        let deleted = try await Self.send(client, .delete, "/v1/links/gone")
        #expect(deleted.status == .noContent)
        #expect(try await client.get("/l/gone", userAgent: Self.desktop).status == .gone)
        #expect(try await client.get("/v1/links/gone").status == .gone)
        #expect(try await Self.send(client, .delete, "/v1/links/gone").status == .gone)
        #expect(try await Self.send(client, .delete, "/v1/links/nosuch").status == .notFound)
        // The code stays taken: a printed link never leads somewhere new.
        #expect(
          try await client.mint(#"{"url": "myapp://home", "code": "gone"}"#).status == .conflict)
        #expect(try await store.link(code: "gone") != nil)
      }
    }

    @Test("a kept link is used for 10 seconds of the service's clock, then read again")
    func cacheLifetime() {
      let cache = LinkCache()
      let record = LinkRecord(code: "a", url: "myapp://home", route: "home", values: [], created: 0)
      cache.keep(record, at: 100)
      #expect(cache.record("a", at: 109) == record)
      #expect(cache.record("a", at: 110) == nil)
      cache.keep(record, at: 200)
      cache.forget("a")
      #expect(cache.record("a", at: 200) == nil)
    }
  }
#endif
