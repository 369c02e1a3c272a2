#if Links
  import Foundation
  import HTTPTypes
  @testable import SwitchyardLinks
  import Testing

  @Suite("The admin in a browser: sign-in form, session cookie, CSRF-checked forms, sign-out")
  struct AdminSignInTests {
    /// Posts `fields` as a form, with `cookie` and `origin` when given.
    static func post(
      _ client: HTTPClient, _ path: String, _ fields: String, cookie: String? = nil,
      origin: String? = nil
    ) async throws -> HTTPAnswer {
      var headers = HTTPFields()
      headers[.contentType] = "application/x-www-form-urlencoded"
      if let cookie { headers[.cookie] = cookie }
      if let origin { headers[.origin] = origin }
      return try await client.send(.post, path, headers: headers, body: Array(fields.utf8))
    }

    static func get(_ client: HTTPClient, cookie: String?) async throws -> HTTPAnswer {
      var headers = HTTPFields()
      if let cookie { headers[.cookie] = cookie }
      return try await client.send(.get, "/admin", headers: headers)
    }

    /// Signs in with the right token: the cookie (`name=value`) and the page's CSRF token.
    static func signIn(_ client: HTTPClient) async throws -> (cookie: String, csrf: String) {
      let answer = try await post(client, "/admin/session", "token=" + LinksTestServer.token)
      #expect(answer.status == .seeOther)
      let setCookie = try #require(answer.headers[.setCookie])
      let cookie = String(try #require(setCookie.split(separator: ";").first))
      let page = try await get(client, cookie: cookie)
      #expect(page.status == .ok)
      let marker = "name=\"csrf\" value=\""
      let start = try #require(page.body.range(of: marker)).upperBound
      let csrf = String(page.body[start...].prefix { $0 != "\"" })
      return (cookie, csrf)
    }

    @Test("without a session GET /admin is the sign-in form (HTML, forms post to self only)")
    func signInForm() async throws {
      try await LinksTestServer.run { server async throws in
        let answer = try await Self.get(server.client, cookie: nil)
        #expect(answer.status == .ok)
        #expect(answer.headers[.contentType] == "text/html; charset=utf-8")
        #expect(answer.headers[.contentSecurityPolicy] == LinkPages.adminContentSecurityPolicy)
        #expect(LinkPages.adminContentSecurityPolicy.contains("form-action 'self'"))
        #expect(!LinkPages.adminContentSecurityPolicy.contains("script-src"))
        #expect(answer.body.contains("<form method=\"post\" action=\"/admin/session\">"))
        #expect(answer.body.contains("name=\"token\" type=\"password\""))
        #expect(!answer.body.contains("<h1>Clicks</h1>"))
        // A cookie naming no session is no session.
        let forged = try await Self.get(
          server.client, cookie: "switchyard_admin=" + String(repeating: "0", count: 64))
        #expect(forged.body.contains("action=\"/admin/session\""))
      }
    }

    @Test("the right token sets an HttpOnly, Secure, SameSite=Strict cookie and sees /admin")
    func rightToken() async throws {
      try await LinksTestServer.run { server async throws in
        let client = server.client
        let answer = try await Self.post(client, "/admin/session", "token=" + LinksTestServer.token)
        #expect(answer.status == .seeOther)
        #expect(answer.headers[.location] == "/admin")
        let setCookie = try #require(answer.headers[.setCookie])
        let parts = setCookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        let value = try #require(parts.first)
        #expect(value.hasPrefix("switchyard_admin="))
        // 256 random bits as hex: at least the 128 a session id needs.
        let id = value.dropFirst("switchyard_admin=".count)
        #expect(id.count == 64 && id.allSatisfy(\.isHexDigit))
        #expect(
          Set(parts.dropFirst()) == [
            "Max-Age=43200", "Path=/admin", "HttpOnly", "Secure", "SameSite=Strict",
          ])
        // Two sign-ins, two sessions.
        let again = try await Self.post(client, "/admin/session", "token=" + LinksTestServer.token)
        #expect(again.headers[.setCookie] != setCookie)
        let page = try await Self.get(client, cookie: value)
        #expect(page.status == .ok)
        #expect(page.body.contains("<h1>Clicks</h1>"))
        #expect(page.body.contains("action=\"/admin/sign-out\""))
        #expect(page.headers[.cacheControl] == "no-store")
        // The session ends after its 12 hours.
        server.time.advance(by: AdminSessions.lifetime)
        #expect(
          try await Self.get(client, cookie: value).body.contains("action=\"/admin/session\""))
      }
    }

    @Test("a wrong or missing token is the form again with a message, 401, and no cookie")
    func wrongToken() async throws {
      try await LinksTestServer.run { server async throws in
        for fields in ["token=wrong", "token=" + LinksTestServer.token + "x", "", "other=1"] {
          let answer = try await Self.post(server.client, "/admin/session", fields)
          #expect(answer.status == .unauthorized, "\(fields)")
          #expect(answer.headers[.setCookie] == nil)
          #expect(answer.body.contains("<p role=\"alert\">Wrong token: try again.</p>"))
          #expect(answer.body.contains("action=\"/admin/session\""))
        }
        // The bearer token keeps working for scripts; a wrong one is still JSON 401.
        #expect(try await AdminPageTests.admin(server.client).body.contains("<h1>Clicks</h1>"))
        let wrong = try await AdminPageTests.admin(server.client, token: "wrong")
        #expect(wrong.status == .unauthorized && wrong.body.hasPrefix("{"))
      }
    }

    @Test("a form from another Origin, or of another type, is refused")
    func originAndType() async throws {
      try await LinksTestServer.run { server async throws in
        let client = server.client
        let evil = try await Self.post(
          client, "/admin/session", "token=" + LinksTestServer.token, origin: "https://evil.example"
        )
        #expect(evil.status == .forbidden && evil.body.contains(#""field":"Origin""#))
        #expect(evil.headers[.setCookie] == nil)
        let own = try await Self.post(
          client, "/admin/session", "token=" + LinksTestServer.token,
          origin: "http://127.0.0.1:\(client.port)")
        #expect(own.status == .seeOther)
        let json = try await client.send(
          .post, "/admin/session", headers: [.contentType: "application/json"],
          body: Array(#"{"token": "x"}"#.utf8))
        #expect(json.status == .unsupportedMediaType)
      }
    }

    @Test("sign-out needs the session's CSRF token: refused without or with a wrong one")
    func csrfAndSignOut() async throws {
      try await LinksTestServer.run { server async throws in
        let client = server.client
        let (cookie, csrf) = try await Self.signIn(client)
        #expect(csrf.count == 64)
        let without = try await Self.post(client, "/admin/sign-out", "", cookie: cookie)
        #expect(without.status == .forbidden && without.body.contains(#""field":"csrf""#))
        let wrong = try await Self.post(
          client, "/admin/sign-out", "csrf=" + String(repeating: "a", count: 64), cookie: cookie)
        #expect(wrong.status == .forbidden)
        // The right token without the cookie: no session.
        let noCookie = try await Self.post(client, "/admin/sign-out", "csrf=" + csrf)
        #expect(noCookie.status == .forbidden)
        // Still signed in after the refusals.
        #expect(try await Self.get(client, cookie: cookie).body.contains("<h1>Clicks</h1>"))
        let out = try await Self.post(client, "/admin/sign-out", "csrf=" + csrf, cookie: cookie)
        #expect(out.status == .seeOther && out.headers[.location] == "/admin")
        #expect(
          out.headers[.setCookie]
            == "switchyard_admin=; Max-Age=0; Path=/admin; HttpOnly; Secure; SameSite=Strict")
        // The session is over on the server too, whatever the browser keeps.
        #expect(
          try await Self.get(client, cookie: cookie).body.contains("action=\"/admin/session\""))
      }
    }

    @Test("signed in, /admin lists the links a page at a time, values escaped")
    func linkList() async throws {
      try await LinksTestServer.run { server async throws in
        let client = server.client
        let now = server.time.now()
        var records = (0..<AdminController.pageSize).map { index in
          LinkRecord(
            code: "link" + String(1000 + index), url: "myapp://user/\(index)", route: "user",
            values: [("id", "\(index)")], created: now)
        }
        records.append(
          LinkRecord(
            code: "zz-last", url: "myapp://user/7", route: "user", values: [("id", "7")],
            title: "<b>Seven</b> & co", expires: now + 86_400, created: now))
        #expect(try await server.store.insertAll(records).isEmpty)
        let (cookie, _) = try await Self.signIn(client)
        let first = try await Self.get(client, cookie: cookie)
        #expect(first.body.contains("<h2>Links</h2>"))
        #expect(
          first.body.contains(
            "<tr><td><a href=\"/admin/links/link1000\">link1000</a></td><td></td>"
              + "<td>myapp://user/0</td><td>user</td><td>never</td></tr>"))
        #expect(!first.body.contains("zz-last"))
        #expect(first.body.contains("<a href=\"/admin?after=link1049\">Next page</a>"))
        var headers = HTTPFields()
        headers[.cookie] = cookie
        let second = try await client.send(.get, "/admin?after=link1049", headers: headers)
        #expect(!second.body.contains("link1049") && !second.body.contains("Next page"))
        #expect(
          second.body.contains(
            "<td>&lt;b&gt;Seven&lt;/b&gt; &amp; co</td><td>myapp://user/7</td><td>user</td>"
              + "<td>\(RFC3339.text(now + 86_400))</td>"))
        let bad = try await client.send(.get, "/admin?after=%3Cb%3E", headers: headers)
        #expect(bad.status == .badRequest && bad.body.contains(#""field":"after""#))
      }
    }

    @Test("a link's page: its fields and its clicks, previews, app opens and installs per day")
    func linkPage() async throws {
      try await LinksTestServer.run { server async throws in
        let client = server.client
        let code = try await InstallTokenTests.mintUser(client)
        for _ in 0..<2 { _ = try await client.get("/l/" + code) }
        _ = try await client.get("/l/" + code, userAgent: StatsTests.crawler)
        let (cookie, csrf) = try await Self.signIn(client)
        var headers = HTTPFields()
        headers[.cookie] = cookie
        let page = try await client.send(.get, "/admin/links/" + code, headers: headers)
        #expect(page.status == .ok)
        #expect(page.headers[.contentSecurityPolicy] == LinkPages.adminContentSecurityPolicy)
        #expect(page.body.contains("<h1>\(code)</h1>"))
        #expect(page.body.contains("<tr><th>Destination</th><td>myapp://user/42</td></tr>"))
        #expect(
          page.body.contains("<h2>Clicks: 2</h2>") && page.body.contains("<h2>Previews: 1</h2>"))
        #expect(
          page.body.contains("<h2>App opens: 0</h2>") && page.body.contains("<h2>Installs: 0</h2>"))
        // Four charts of 30 days each.
        #expect(AdminPageTests.occurrences(of: "<rect", in: page.body) == 120)
        #expect(page.body.contains("aria-label=\"Previews per day, the busiest day 1\""))
        #expect(page.body.contains("value=\"\(csrf)\""))
        #expect(!page.body.contains("<script"))
        let missing = try await client.send(.get, "/admin/links/nope", headers: headers)
        #expect(missing.status == .notFound && missing.body.hasPrefix("{"))
        // Without a session: the sign-in form, not the link.
        let anonymous = try await client.get("/admin/links/" + code)
        #expect(
          anonymous.body.contains("action=\"/admin/session\"")
            && !anonymous.body.contains("myapp://"))
      }
    }
  }
#endif
