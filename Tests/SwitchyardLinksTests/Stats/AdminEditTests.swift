#if Links
  import Foundation
  import HTTPTypes
  @testable import SwitchyardLinks
  import Testing

  @Suite("The admin's edit and delete forms: the checks of PATCH and DELETE, in a session")
  struct AdminEditTests {
    static let desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0"

    /// Form-encodes `fields` (name and value), percent-encoding every value.
    static func form(_ fields: [(String, String)]) -> String {
      var allowed = CharacterSet.alphanumerics
      allowed.insert(charactersIn: "-._~")
      return fields.map {
        $0.0 + "=" + ($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
      }
      .joined(separator: "&")
    }

    static func page(_ client: HTTPClient, _ code: String, cookie: String) async throws
      -> HTTPAnswer
    {
      var headers = HTTPFields()
      headers[.cookie] = cookie
      return try await client.send(.get, "/admin/links/" + code, headers: headers)
    }

    /// Mints `promo`, signs in: the session's cookie and CSRF token.
    static func promo(_ client: HTTPClient) async throws -> (cookie: String, csrf: String) {
      let minted = try await client.mint(
        #"{"url": "https://www.example.com/articles/7/a", "code": "promo", "title": "Old"}"#)
      #expect(minted.status == .created, "\(minted.body)")
      return try await AdminSignInTests.signIn(client)
    }

    @Test("the link's page has the edit form (its values, escaped) and the delete button")
    func forms() async throws {
      try await LinksTestServer.run { server async throws in
        let client = server.client
        let minted = try await client.mint(
          #"{"url": "https://www.example.com/articles/7/a", "code": "promo", "title": "A \"quoted\" & co"}"#
        )
        #expect(minted.status == .created)
        let (cookie, csrf) = try await AdminSignInTests.signIn(client)
        let page = try await Self.page(client, "promo", cookie: cookie)
        #expect(page.body.contains("<form method=\"post\" action=\"/admin/links/promo\""))
        #expect(page.body.contains("<form method=\"post\" action=\"/admin/links/promo/delete\">"))
        #expect(AdminPageTests.occurrences(of: "value=\"\(csrf)\"", in: page.body) == 3)
        #expect(
          page.body.contains(
            "name=\"title\" type=\"text\" value=\"A &quot;quoted&quot; &amp; co\""))
        #expect(
          page.body.contains(
            "name=\"url\" type=\"text\" value=\"https://www.example.com/articles/7/a\" required"))
      }
    }

    @Test("an edit goes through PATCH's checks and stores: 303 back to the link's page")
    func editAccepted() async throws {
      try await LinksTestServer.run { server async throws in
        let client = server.client
        let (cookie, csrf) = try await Self.promo(client)
        let answer = try await AdminSignInTests.post(
          client, "/admin/links/promo",
          Self.form([
            ("csrf", csrf), ("url", "https://www.example.com/articles/8/b"), ("title", ""),
            ("description", "New"), ("image", ""), ("expires", "2027-06-01T00:00:00Z"),
          ]), cookie: cookie)
        #expect(answer.status == .seeOther, "\(answer.body)")
        #expect(answer.headers[.location] == "/admin/links/promo")
        let record = try #require(try await server.store.link(code: "promo"))
        #expect(record.url == "https://www.example.com/articles/8/b")
        #expect(record.route == "article")
        #expect(record.title == nil && record.description == "New")
        #expect(record.expires.map { RFC3339.text($0) } == "2027-06-01T00:00:00Z")
        let visit = try await client.get("/l/promo", userAgent: Self.desktop)
        #expect(visit.headers[.location] == "https://www.example.com/articles/8/b")
        // The form sent back unchanged changes nothing and is no error.
        let same = try await AdminSignInTests.post(
          client, "/admin/links/promo",
          Self.form([
            ("csrf", csrf), ("url", "https://www.example.com/articles/8/b"), ("title", ""),
            ("description", "New"), ("image", ""), ("expires", "2027-06-01T00:00:00Z"),
          ]), cookie: cookie)
        #expect(same.status == .seeOther)
      }
    }

    @Test("a refused value: the page again with PATCH's status and reason, escaped; nothing stored")
    func editRefused() async throws {
      try await LinksTestServer.run { server async throws in
        let client = server.client
        let (cookie, csrf) = try await Self.promo(client)
        let evil = #"https://evil.example.net\@www.example.com/articles/8/b"#
        let patched = try await ManageLinksTests.send(
          client, .patch, "/v1/links/promo", json: "{\"url\":\(jsonQuoted(evil))}")
        #expect(patched.status == .unprocessableContent)
        let reason = try #require(jsonString(patched.body, "error"))
        let answer = try await AdminSignInTests.post(
          client, "/admin/links/promo", Self.form([("csrf", csrf), ("url", evil)]),
          cookie: cookie)
        #expect(answer.status == patched.status)
        #expect(answer.headers[.contentType] == "text/html; charset=utf-8")
        #expect(answer.body.contains("<p role=\"alert\">\(HTMLEscaping.escape(reason))</p>"))
        // The form shows what was sent, escaped, so that it can be corrected.
        #expect(answer.body.contains("value=\"\(HTMLEscaping.escape(evil))\""))
        let markup = try await AdminSignInTests.post(
          client, "/admin/links/promo",
          Self.form([("csrf", csrf), ("title", "<script>alert(1)</script>")]), cookie: cookie)
        #expect(markup.status == .badRequest)
        #expect(!markup.body.contains("<script>"))
        #expect(markup.body.contains("value=\"&lt;script&gt;alert(1)&lt;/script&gt;\""))
        let cleared = try await AdminSignInTests.post(
          client, "/admin/links/promo", Self.form([("csrf", csrf), ("url", "")]), cookie: cookie)
        #expect(cleared.status == .badRequest && cleared.body.contains("cannot be cleared"))
        let record = try #require(try await server.store.link(code: "promo"))
        #expect(record.url == "https://www.example.com/articles/7/a" && record.title == "Old")
      }
    }

    @Test("delete ends the link as DELETE does: 303 to its page, then the short link is 410")
    func delete() async throws {
      try await LinksTestServer.run { server async throws in
        let client = server.client
        let (cookie, csrf) = try await Self.promo(client)
        #expect(try await client.get("/l/promo", userAgent: Self.desktop).status == .found)
        let answer = try await AdminSignInTests.post(
          client, "/admin/links/promo/delete", Self.form([("csrf", csrf)]), cookie: cookie)
        #expect(answer.status == .seeOther)
        #expect(answer.headers[.location] == "/admin/links/promo")
        #expect(try await client.get("/l/promo", userAgent: Self.desktop).status == .gone)
        let again = try await AdminSignInTests.post(
          client, "/admin/links/promo/delete", Self.form([("csrf", csrf)]), cookie: cookie)
        #expect(again.status == .gone)
      }
    }

    @Test("without the CSRF token, with a wrong one, without a session or from another Origin: 403")
    func refusedForms() async throws {
      try await LinksTestServer.run { server async throws in
        let client = server.client
        let (cookie, csrf) = try await Self.promo(client)
        let edit = Self.form([("url", "https://www.example.com/articles/9/c")])
        for path in ["/admin/links/promo", "/admin/links/promo/delete"] {
          let missing = try await AdminSignInTests.post(client, path, edit, cookie: cookie)
          #expect(missing.status == .forbidden && missing.body.contains(#""field":"csrf""#))
          let wrong = try await AdminSignInTests.post(
            client, path, edit + "&csrf=" + String(repeating: "0", count: 64), cookie: cookie)
          #expect(wrong.status == .forbidden)
          let anonymous = try await AdminSignInTests.post(client, path, edit + "&csrf=" + csrf)
          #expect(anonymous.status == .forbidden)
          let elsewhere = try await AdminSignInTests.post(
            client, path, edit + "&csrf=" + csrf, cookie: cookie, origin: "https://evil.example")
          #expect(elsewhere.status == .forbidden)
        }
        #expect(try await client.get("/l/promo", userAgent: Self.desktop).status == .found)
        let record = try #require(try await server.store.link(code: "promo"))
        #expect(record.url == "https://www.example.com/articles/7/a")
      }
    }
  }
#endif
