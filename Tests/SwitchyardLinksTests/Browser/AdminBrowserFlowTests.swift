// The browser suite runs once, in CI's trait step (the `Links` trait), where it is required.
#if Links
  import Foundation
  import HTTPTypes
  import Testing

  @testable import SwitchyardLinks

  /// The admin used by headless Chromium itself, driven through the DevTools protocol: the
  /// browser types the token into the sign-in form and posts it, holds the session cookie,
  /// follows the list to a link's page, posts the edit and delete forms; the app is the one
  /// `buildApplication` makes, on loopback. No page logs a console message (a policy
  /// violation) on the way. Skipped without Chromium unless `SWITCHYARD_REQUIRE_BROWSER=1`.
  @Suite(
    .serialized,
    .enabled(
      if: Chromium.executable != nil || Chromium.isRequired,
      "Chromium is not installed (apt-get install chromium); set SWITCHYARD_REQUIRE_BROWSER=1 to fail instead"
    ))
  final class AdminBrowserFlowTests {
    let executable: String
    let folder: URL

    init() throws {
      executable = try #require(
        Chromium.executable,
        "SWITCHYARD_REQUIRE_BROWSER=1, but no Chromium was found (apt-get install chromium)")
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("switchyard-admin-flow-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
      try? FileManager.default.removeItem(at: folder)
    }

    /// A description with a line break, as an import may store it (a CSV field in quotes, an
    /// FDL `sd`); the edit form's <textarea> shows it and the browser posts it with CRLF.
    static let description = "Shoes, jackets and bags.\nFrom our spring range."

    /// Mints the link the tests manage, gives it ``description`` in the store and visits it
    /// twice as a desktop browser.
    static func mint(_ server: LinksTestServer.Running) async throws {
      let minted = try await server.client.mint(
        #"{"url": "https://www.example.com/articles/7/spring-sale", "code": "spring-sale", "title": "Spring sale & more"}"#
      )
      #expect(minted.status == .created, "\(minted.body)")
      var record = try #require(try await server.store.link(code: "spring-sale"))
      record.description = Self.description
      #expect(try await server.store.update(record))
      for _ in 0..<2 {
        let visit = try await server.client.get(
          "/l/spring-sale", userAgent: AdminBrowserTests.desktop)
        #expect(visit.status == .found)
      }
    }

    /// The cells of each row of the page's tables, as the browser shows them.
    static let rows =
      "[...document.querySelectorAll('tr')].map(r => [...r.cells].map(c => c.textContent))"

    @Test("Chromium signs in, lists, opens a link's charts, edits and deletes it through the forms")
    func signInListEditDelete() async throws {
      let (executable, folder) = (self.executable, self.folder)
      try await LinksTestServer.run { server async throws in
        try await Self.mint(server)
        let base = "http://127.0.0.1:\(server.client.port)"
        try await DevTools.run(executable: executable, folder: folder) { browser in
          let tab = try await browser.newTab()

          // The sign-in form; the token typed in and the form posted: the browser follows the
          // 303 to /admin and holds the session cookie, which no script can read.
          #expect(try await tab.navigate(base + "/admin") == 200)
          #expect(try await tab.text("h1") == "Sign in")
          #expect(try await tab.cookies(base + "/admin").isEmpty)
          try await tab.type(LinksTestServer.token, into: "#token")
          #expect(try await tab.submit("form[action='/admin/session']") == 200)
          #expect(try await tab.evaluate("location.pathname") as? String == "/admin")
          #expect(try await tab.text("h1") == "Clicks")
          let cookies = try await tab.cookies(base + "/admin")
          try #require(cookies.count == 1, "\(cookies)")
          let cookie = cookies[0]
          #expect(cookie["name"] as? String == AdminController.cookie)
          #expect(cookie["httpOnly"] as? Bool == true)
          #expect(cookie["secure"] as? Bool == true)
          #expect(cookie["sameSite"] as? String == "Strict")
          #expect(cookie["path"] as? String == "/admin")
          #expect((cookie["value"] as? String)?.count == 64)
          #expect(try await tab.evaluate("document.cookie") as? String == "")

          // The list: the link with its title and destination.
          let rows = try #require(try await tab.evaluate(Self.rows) as? [[String]])
          #expect(
            rows.contains([
              "spring-sale", "Spring sale & more",
              "https://www.example.com/articles/7/spring-sale", "article", "never",
            ]), "\(rows)")

          // The link's page from the list: its four charts, the two visits counted.
          #expect(try await tab.click("a[href='/admin/links/spring-sale']") == 200)
          #expect(try await tab.text("h1") == "spring-sale")
          let charts = try await tab.evaluate(
            "[...document.querySelectorAll('svg[role=img]')].map(s => s.getAttribute('aria-label'))"
          )
          #expect(
            charts as? [String] == [
              "Clicks per day, the busiest day 2", "Previews per day, the busiest day 1",
              "App opens per day, the busiest day 1", "Installs per day, the busiest day 1",
            ])
          let headings = try await tab.evaluate(
            "[...document.querySelectorAll('h2')].map(h => h.textContent)")
          #expect((headings as? [String])?.contains("Clicks: 2") == true, "\(headings ?? "")")

          // The title changed through the edit form: stored. The description's <textarea>
          // shows its line break as a space and posts that back: no change, kept as it was.
          try await tab.type("Summer sale", into: "#title")
          #expect(try await tab.submit("form.edit") == 200)
          #expect(
            try await tab.evaluate("location.pathname") as? String == "/admin/links/spring-sale")
          let shown = try #require(try await tab.evaluate(Self.rows) as? [[String]])
          #expect(shown.contains(["Title", "Summer sale"]), "\(shown)")
          let stored = try #require(try await server.store.link(code: "spring-sale"))
          #expect(stored.title == "Summer sale")
          #expect(stored.description == Self.description)
          #expect(stored.url == "https://www.example.com/articles/7/spring-sale")
          let api = try await server.client.get("/v1/links/spring-sale")
          #expect(api.status == .ok, "\(api.body)")

          // A line break typed into the description (posted as CRLF) is stored as the page
          // shows it: a space.
          try await tab.type("Shoes.\nBags.", into: "#description")
          #expect(
            try await tab.evaluate("document.activeElement.value") as? String == "Shoes.\nBags.")
          #expect(try await tab.submit("form.edit") == 200)
          let typed = try #require(try await server.store.link(code: "spring-sale"))
          #expect(typed.description == "Shoes. Bags.")
          #expect(typed.title == "Summer sale")

          // The delete form: the link ends; its page says so, without forms; 410 from then on.
          #expect(try await tab.submit("form[action='/admin/links/spring-sale/delete']") == 200)
          #expect(try await tab.evaluate("document.forms.length") as? Int == 1)  // sign-out
          let ended = try await tab.evaluate("document.body.textContent") as? String ?? ""
          #expect(ended.contains("This link has expired"), "\(ended)")
          let visit = try await server.client.get(
            "/l/spring-sale", userAgent: AdminBrowserTests.desktop)
          #expect(visit.status == .gone)
          #expect(try await server.client.get("/v1/links/spring-sale").status == .gone)

          // Signing out ends the session: the cookie is gone, /admin is the form again.
          #expect(try await tab.submit("form[action='/admin/sign-out']") == 200)
          #expect(try await tab.text("h1") == "Sign in")
          #expect(try await tab.cookies(base + "/admin").isEmpty)

          #expect(tab.console().isEmpty, "\(tab.console())")
        }
      }
    }

    @Test("a wrong token typed in: the form again with 401 and no cookie")
    func wrongToken() async throws {
      let (executable, folder) = (self.executable, self.folder)
      try await LinksTestServer.run { server async throws in
        let base = "http://127.0.0.1:\(server.client.port)"
        try await DevTools.run(executable: executable, folder: folder) { browser in
          let tab = try await browser.newTab()
          #expect(try await tab.navigate(base + "/admin") == 200)
          try await tab.type("not-the-token", into: "#token")
          #expect(try await tab.submit("form[action='/admin/session']") == 401)
          #expect(try await tab.text("h1") == "Sign in")
          #expect(try await tab.text("[role=alert]") == "Wrong token: try again.")
          #expect(try await tab.evaluate("location.pathname") as? String == "/admin/session")
          #expect(try await tab.cookies(base + "/admin").isEmpty)
          #expect(try await tab.cookies(base + "/admin/session").isEmpty)
          // The one message: the browser's note of the page's own 401.
          let console = tab.console()
          #expect(console.count == 1, "\(console)")
          #expect(
            console.allSatisfy {
              $0.contains("status of 401") && $0.contains("/admin/session\"")
            }, "\(console)")
        }
      }
    }

    /// The console check above can fail: an image from another origin, put into a signed-in
    /// page, is refused by the admin's policy and the refusal is seen.
    @Test("a policy violation in an admin page is seen by the console check")
    func violationIsSeen() async throws {
      let (executable, folder) = (self.executable, self.folder)
      try await LinksTestServer.run { server async throws in
        let base = "http://127.0.0.1:\(server.client.port)"
        try await DevTools.run(executable: executable, folder: folder) { browser in
          let tab = try await browser.newTab()
          #expect(try await tab.navigate(base + "/admin") == 200)
          #expect(tab.console().isEmpty, "\(tab.console())")
          let mark = browser.mark()
          _ = try await tab.evaluate(
            "document.body.appendChild(Object.assign(document.createElement('img'), "
              + "{src: 'http://127.0.0.2:9/x.png'})); true")
          let entry = try await browser.event("Log.entryAdded", session: tab.session, after: mark)
          let text = String(decoding: entry.data, as: UTF8.self)
          #expect(text.contains("Content Security Policy"), "\(text)")
          #expect(!tab.console().isEmpty)
        }
      }
    }
  }
#endif
