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
        #expect(try await Self.admin(client, token: nil).status == .unauthorized)
        let code = try await InstallTokenTests.mintUser(client)
        for _ in 0..<3 { _ = try await client.get("/l/" + code) }
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
        #expect(answer.headers[.contentSecurityPolicy] == LinkPages.contentSecurityPolicy)
        #expect(answer.headers[.cacheControl] == "no-store")
        let html = answer.body
        #expect(html.contains("<p>9 clicks from 2026-12-17 to 2027-01-15 (UTC).</p>"))
        // The day chart's 30 columns and the two route bars.
        #expect(Self.occurrences(of: "<rect", in: html) == 32)
        #expect(html.contains("<title>2027-01-15: 3</title>"))
        #expect(html.contains("<title>2027-01-14: 6</title>"))
        #expect(html.contains("<title>user: 3</title>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;: 6</title>"))
        #expect(!html.contains("<script>"))
        #expect(!html.contains("ancient") && !html.contains("gone"))
        #expect(html.contains("<tr><td>old</td><td class=\"n\">6</td></tr>"))
        #expect(html.contains("<tr><td>\(code)</td><td class=\"n\">3</td></tr>"))
        // The busiest day's column is full height (120), the other scaled to it.
        #expect(html.contains("y=\"0\" width=\"8\" height=\"120\""))
        #expect(html.contains("y=\"60\" width=\"8\" height=\"60\""))
      }
    }
  }
#endif
