// The browser suite runs once, in CI's trait step (the `Links` trait), where it is required.
#if Links
  import Foundation
  import HTTPTypes
  import Testing

  @testable import SwitchyardLinks

  /// The admin's pages in headless Chromium with a desktop window (1280 × 900): the sign-in
  /// form, the signed-in link list and a link's page with its edit and delete forms, each as
  /// the service sent it to a session (fetched with the session cookie, then opened from a
  /// file: the command-line browser cannot send the cookie itself). Checked: the policy the
  /// page carries refuses nothing (no console message), the desktop layout is used (the page
  /// is wider than a phone's, nothing scrolls sideways). Not covered here: signing in, saving
  /// and deleting through the browser (AdminSignInTests and AdminEditTests post those forms
  /// over HTTP). Skipped without Chromium unless `SWITCHYARD_REQUIRE_BROWSER=1`.
  ///
  /// `SWITCHYARD_SCREENSHOTS=FOLDER` keeps `admin-sign-in.png` and `admin-links.png` there;
  /// the documentation's come from there.
  @Suite(
    .serialized,
    .enabled(
      if: Chromium.executable != nil || Chromium.isRequired,
      "Chromium is not installed (apt-get install chromium); set SWITCHYARD_REQUIRE_BROWSER=1 to fail instead"
    ))
  final class AdminBrowserTests {
    static let desktop =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
      + "Chrome/120.0.0.0 Safari/537.36"

    let chromium: Chromium

    init() throws {
      let executable = try #require(
        Chromium.executable,
        "SWITCHYARD_REQUIRE_BROWSER=1, but no Chromium was found (apt-get install chromium)")
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("switchyard-admin-browser-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      chromium = Chromium(executable: executable, folder: folder)
    }

    deinit {
      try? FileManager.default.removeItem(at: chromium.folder)
    }

    /// The pages a session sees: the sign-in form, the list and the first link's page.
    static func pages() async throws -> (signIn: String, list: String, link: String) {
      try await LinksTestServer.run { server async throws in
        let client = server.client
        let bodies = [
          #"{"url": "https://www.example.com/articles/7/spring-sale", "code": "spring-sale", "title": "Spring sale: 30% off \"everything\" & more", "description": "Shoes, jackets and bags from our spring range."}"#,
          #"{"url": "myapp://user/42", "code": "hello", "title": "Say hello"}"#,
          #"{"url": "https://www.example.com/articles/12/a-rather-long-article-name-that-goes-on-and-on-and-on", "code": "q7R2xLmA"}"#,
        ]
        for body in bodies {
          let minted = try await client.mint(body)
          #expect(minted.status == .created, "\(minted.body)")
        }
        for _ in 0..<3 { _ = try await client.get("/l/spring-sale") }
        let signIn = try await AdminSignInTests.get(client, cookie: nil)
        let (cookie, _) = try await AdminSignInTests.signIn(client)
        let list = try await AdminSignInTests.get(client, cookie: cookie)
        var headers = HTTPFields()
        headers[.cookie] = cookie
        let link = try await client.send(.get, "/admin/links/spring-sale", headers: headers)
        for page in [signIn, list, link] {
          #expect(page.status == .ok)
          #expect(page.headers[.contentSecurityPolicy] == LinkPages.adminContentSecurityPolicy)
        }
        return (signIn.body, list.body, link.body)
      }
    }

    /// Writes `html` to the test's folder and returns its URL.
    func file(_ name: String, _ html: String) throws -> URL {
      let url = chromium.folder.appendingPathComponent(name)
      try html.write(to: url, atomically: true, encoding: .utf8)
      return url
    }

    /// The layout of `html` in the desktop window: the viewport's width, the page's scrolling
    /// width and `<main>`'s width. The page is measured without its policy tag, so that the
    /// measuring script may run (the policy itself is checked by the plain load).
    func layout(_ html: String, name: String) throws -> [Int] {
      let script =
        "var m=document.querySelector('main').getBoundingClientRect();"
        + "document.body.setAttribute('data-layout',[innerWidth,"
        + "document.documentElement.scrollWidth,Math.round(m.width)].join(','))"
      let measured = html.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix("<meta http-equiv=\"Content-Security-Policy\"") }
        .joined(separator: "\n")
        .replacingOccurrences(
          of: "</main>\n</body>", with: "</main>\n<script>\(script)</script>\n</body>")
      let load = try chromium.load(
        try file(name, measured), userAgent: Self.desktop,
        windowSize: Chromium.desktopWindowSize)
      let start = try #require(load.dom.range(of: "data-layout=\""))
      let rest = load.dom[start.upperBound...]
      return rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)].split(separator: ",")
        .compactMap { Int($0) }
    }

    /// Loads `html` (the page as sent) in the desktop window: no console message (the policy
    /// refuses nothing), the desktop layout, and a screenshot named `screenshot` when given.
    func check(_ html: String, name: String, screenshot: (name: String, height: Int)? = nil)
      throws -> Chromium.Load
    {
      let url = try file(name + ".html", html)
      let load = try chromium.load(
        url, userAgent: Self.desktop, windowSize: Chromium.desktopWindowSize)
      #expect(load.console.isEmpty, "\(name): \(load.console)")
      let layout = try layout(html, name: name + "-measured.html")
      try #require(layout.count == 3, "\(name): \(layout)")
      // <main> is 72rem of 16px (1152px) wide plus its padding: the desktop sheet's width, far
      // wider than the phones' 28rem (448px), and inside the window.
      #expect(layout[0] == 1280, "\(name): \(layout)")
      #expect(layout[2] >= 1152 && layout[2] <= layout[0], "\(name): \(layout)")
      #expect(layout[1] <= layout[0], "\(name) scrolls sideways: \(layout)")
      if let screenshot {
        var target = chromium.folder.appendingPathComponent(screenshot.name)
        if let folder = ProcessInfo.processInfo.environment["SWITCHYARD_SCREENSHOTS"],
          !folder.isEmpty
        {
          target = URL(fileURLWithPath: folder).appendingPathComponent(screenshot.name)
        }
        let console = try chromium.screenshot(
          url, userAgent: Self.desktop, into: target, windowSize: "1280,\(screenshot.height)",
          scale: 1)
        #expect(console.isEmpty, "\(console)")
        let size = try FileManager.default.attributesOfItem(atPath: target.path)[.size] as? Int
        #expect((size ?? 0) > 5_000, "the screenshot \(target.path) is nearly empty")
      }
      return load
    }

    @Test("the sign-in form, the link list and a link's page: no policy violation, desktop width")
    func signedInPages() async throws {
      let pages = try await Self.pages()
      let signIn = try check(
        pages.signIn, name: "admin-sign-in", screenshot: ("admin-sign-in.png", 700))
      #expect(VisiblePage(dom: signIn.dom).heading == "Sign in")
      let list = try check(pages.list, name: "admin-links", screenshot: ("admin-links.png", 1600))
      #expect(VisiblePage(dom: list.dom).heading == "Clicks")
      let listLinks = VisiblePage(dom: list.dom).links
      for code in ["hello", "q7R2xLmA", "spring-sale"] {
        #expect(listLinks.contains(.init(text: code, href: "/admin/links/\(code)")), "\(listLinks)")
      }
      #expect(list.dom.contains("<td>Spring sale: 30% off \"everything\" &amp; more</td>"))
      let link = try check(pages.link, name: "admin-link")
      #expect(VisiblePage(dom: link.dom).heading == "spring-sale")
      #expect(link.dom.contains("<h2>Clicks: 3</h2>"))
      #expect(link.dom.contains("action=\"/admin/links/spring-sale\""))
      #expect(link.dom.contains("action=\"/admin/links/spring-sale/delete\""))
      #expect(link.dom.contains("<textarea id=\"description\""))
    }

    /// A changed admin style sheet is refused by the admin policy: the check above can fail.
    @Test("an admin style the admin policy does not name is refused")
    func anAdminPolicyViolationIsSeen() async throws {
      let changed = try await Self.pages().list.replacingOccurrences(
        of: "main{max-width:72rem", with: "main{max-width:71rem")
      let load = try chromium.load(
        try file("changed.html", changed), userAgent: Self.desktop,
        windowSize: Chromium.desktopWindowSize)
      #expect(load.console.contains { $0.contains("Content Security Policy") }, "\(load.console)")
    }
  }
#endif
