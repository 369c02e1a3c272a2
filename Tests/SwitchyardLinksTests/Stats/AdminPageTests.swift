#if Links
  import Foundation
  import HTTPTypes
  @testable import SwitchyardLinks
  import Testing

  @Suite("GET /admin: the clicks as server-drawn SVG charts and the top links")
  struct AdminPageTests {
    static func admin(_ client: HTTPClient, token: String? = LinksTestServer.token) async throws
      -> HTTPAnswer
    {
      var headers = HTTPFields()
      if let token { headers[.authorization] = "Bearer \(token)" }
      return try await client.send(.get, "/admin", headers: headers)
    }

    static func occurrences(of needle: String, in text: String) -> Int {
      text.components(separatedBy: needle).count - 1
    }

    @Test("30 day columns, one bar per route, the top links, values escaped; the token required")
    func thePage() async throws {
      try await LinksTestServer.run { server async throws in
        let client = server.client
        #expect(try await Self.admin(client, token: "wrong").status == .unauthorized)
        let code = try await InstallTokenTests.mintUser(client)
        for _ in 0..<3 { _ = try await client.get("/l/" + code) }
        // Two previews fetched by crawlers and an app open: none of them is a click.
        _ = try await client.get("/l/" + code, userAgent: StatsTests.crawler)
        _ = try await client.get("/l/" + code, userAgent: "Slackbot-LinkExpanding 1.0")
        _ = try await client.get("/v1/links/" + code, userAgent: "Shop/1 CFNetwork/1568 Darwin/24")
        let today = StatsDay.day(ofSeconds: server.time.now())
        try await server.store.addClicks([
          ClickCount(
            day: today - 1, code: "old", route: "<script>alert(1)</script>", platform: .ios,
            clicks: 6),
          // Outside the 30 days: not shown.
          ClickCount(day: today - 30, code: "ancient", route: "gone", platform: .ios, clicks: 9),
        ])
        let answer = try await Self.admin(client)
        #expect(answer.status == .ok)
        #expect(answer.headers[.contentType] == "text/html; charset=utf-8")
        #expect(answer.headers[.contentSecurityPolicy] == LinkPages.adminContentSecurityPolicy)
        #expect(answer.headers[.cacheControl] == "no-store")
        let html = answer.body
        #expect(html.contains("<p>9 clicks from 2026-12-17 to 2027-01-15 (UTC).</p>"))
        #expect(
          html.contains(
            "<p>Apart from the clicks: 1 app open, 0 installs, and 2 previews fetched by "
              + "link-preview crawlers, which are not clicks.</p>"))
        // The day chart's 30 columns and the two route bars.
        #expect(Self.occurrences(of: "<rect", in: html) == 32)
        #expect(html.contains("<title>2027-01-15: 3</title>"))
        #expect(html.contains("<title>2027-01-14: 6</title>"))
        #expect(html.contains("<title>user: 3</title>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;: 6</title>"))
        #expect(!html.contains("<script>"))
        #expect(!html.contains("ancient") && !html.contains("gone"))
        #expect(
          html.contains(
            "<tr><td>old</td><td class=\"n\">6</td><td class=\"n\">0</td><td class=\"n\">0</td>"
              + "<td class=\"n\">0</td></tr>"))
        #expect(
          html.contains(
            "<tr><td>\(code)</td><td class=\"n\">3</td><td class=\"n\">1</td>"
              + "<td class=\"n\">0</td><td class=\"n\">2</td></tr>"))
        // The busiest day's column is full height (120), the other scaled to it.
        #expect(html.contains("y=\"0\" width=\"8\" height=\"120\""))
        #expect(html.contains("y=\"60\" width=\"8\" height=\"60\""))
      }
    }

    @Test("the refused mints (422) of the last 7 days, newest first, escaped")
    func refusedMints() async throws {
      try await LinksTestServer.run { server async throws in
        let client = server.client
        #expect(try await Self.admin(client).body.contains("<p>None in the last 7 days.</p>"))
        #expect(try await client.mint(#"{"url": "myapp://nowhere/<b>1</b>"}"#).status.code == 422)
        server.time.advance(by: 7 * 86_400)
        #expect(try await client.mint(#"{"url": "https://evil.example/x"}"#).status.code == 422)
        server.time.advance(by: 60)
        #expect(try await client.mint(#"{"url": "myapp://nowhere/<i>2</i>"}"#).status.code == 422)
        // Not refused by the table: not listed.
        #expect(try await client.mint(#"{"url": 7}"#).status.code == 400)
        _ = try await InstallTokenTests.mintUser(client)
        let html = try await Self.admin(client).body
        let evil = try #require(
          html.range(of: "no route of the table handles https://evil.example/x"))
        let second = try #require(
          html.range(of: "no route of the table handles myapp://nowhere/&lt;i&gt;2&lt;/i&gt;"))
        #expect(second.lowerBound < evil.lowerBound)
        #expect(html.contains("<td>2027-01-22T08:01:00Z</td>") && !html.contains("<i>"))
        // Older than 7 days: gone from the page.
        #expect(!html.contains("nowhere/&lt;b&gt;"))
        #expect(Self.occurrences(of: "no route of the table handles", in: html) == 2)
      }
    }

    @Test("the admin's desktop style sheet: named by its recomputed hash in the admin policy")
    func adminStyleSheet() async throws {
      #expect(
        LinkPages.adminStyleHash
          == "sha256-" + (try AppIdentityTests.sha256Base64(LinkPages.adminStylesheet)))
      #expect(LinkPages.adminStylesheet.contains("main{max-width:72rem"))
      #expect(
        LinkPages.adminContentSecurityPolicy.contains(
          "style-src '\(LinkPages.styleHash)' '\(LinkPages.adminStyleHash)';"))
      try await LinksTestServer.run { server async throws in
        let client = server.client
        let code = try await InstallTokenTests.mintUser(client)
        let (cookie, _) = try await AdminSignInTests.signIn(client)
        var headers = HTTPFields()
        headers[.cookie] = cookie
        let pages = [
          try await Self.admin(client), try await AdminSignInTests.get(client, cookie: nil),
          try await AdminSignInTests.get(client, cookie: cookie),
          try await client.send(.get, "/admin/links/" + code, headers: headers),
        ]
        for page in pages {
          #expect(page.headers[.contentSecurityPolicy] == LinkPages.adminContentSecurityPolicy)
          #expect(page.body.contains("<style>\(LinkPages.adminStylesheet)</style>"))
          // The page's own <meta> policy is the header's, without frame-ancestors.
          #expect(
            page.body.contains(
              "content=\"\(LinkPages.adminContentSecurityPolicy.replacingOccurrences(of: "; frame-ancestors 'none'", with: ""))\""
            ))
        }
      }
    }
  }
#endif
