// The browser suite runs once, in CI's trait step (the `Links` trait), where it is required.
#if Links
  import Foundation
  import Testing

  @testable import SwitchyardLinks

  /// The pages as a person sees them in a real browser: Debian's headless Chromium, with a
  /// phone's window and user agent. Skipped with a reason when Chromium is absent, unless
  /// `SWITCHYARD_REQUIRE_BROWSER=1` (CI), which makes a missing browser a failure.
  ///
  /// `SWITCHYARD_SCREENSHOTS=FOLDER` keeps the screenshots (`landing-ios.png`,
  /// `landing-android.png`) in FOLDER; the documentation's come from there.
  @Suite(
    .serialized,
    .enabled(
      if: Chromium.executable != nil || Chromium.isRequired,
      "Chromium is not installed (apt-get install chromium); set SWITCHYARD_REQUIRE_BROWSER=1 to fail instead"
    ))
  final class BrowserTests {
    static let iPhone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
      + "Gecko) Version/17.1 Mobile/15E148 Safari/604.1"
    static let pixel =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
      + "Chrome/120.0.0.0 Mobile Safari/537.36"

    static let preview = LinkPreview(
      title: "Spring sale: 30% off \"everything\" & more",
      description: "Shoes, jackets and bags from our spring range, until Sunday.",
      shortLink: "https://links.example.com/l/Ab3dE9xQ",
      longURL: "https://shop.example.com/sale/spring?from=link&ref=1")
    static let stores = StoreLinks(appStoreID: "1234567890", androidPackage: "com.example.shop")

    let chromium: Chromium

    init() throws {
      let executable = try #require(
        Chromium.executable,
        "SWITCHYARD_REQUIRE_BROWSER=1, but no Chromium was found (apt-get install chromium)")
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("switchyard-browser-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      chromium = Chromium(executable: executable, folder: folder)
    }

    /// The test's folder goes with it (screenshots kept elsewhere stay).
    deinit {
      try? FileManager.default.removeItem(at: chromium.folder)
    }

    /// Writes `html` to a file of the test's folder and returns its URL.
    func file(_ name: String, _ html: String) throws -> URL {
      let url = chromium.folder.appendingPathComponent(name)
      try html.write(to: url, atomically: true, encoding: .utf8)
      return url
    }

    /// Takes a screenshot of `url`, keeps it where `SWITCHYARD_SCREENSHOTS` says, and returns
    /// the console messages.
    func screenshot(_ url: URL, userAgent: String, name: String) throws -> [String] {
      var target = chromium.folder.appendingPathComponent(name)
      if let folder = ProcessInfo.processInfo.environment["SWITCHYARD_SCREENSHOTS"], !folder.isEmpty
      {
        target = URL(fileURLWithPath: folder).appendingPathComponent(name)
      }
      let console = try chromium.screenshot(url, userAgent: userAgent, into: target)
      let size = try FileManager.default.attributesOfItem(atPath: target.path)[.size] as? Int
      #expect((size ?? 0) > 10_000, "the screenshot \(target.path) is nearly empty")
      return console
    }

    @Test func theIOSLandingPage() throws {
      let client = LinkClient(userAgent: Self.iPhone)
      #expect(client == .iOSBrowser)
      let url = try file(
        "landing-ios.html", LinkPages.landing(Self.preview, for: client, stores: Self.stores))
      let load = try chromium.load(url, userAgent: Self.iPhone)
      #expect(load.console.isEmpty, "\(load.console)")
      let page = VisiblePage(dom: load.dom)
      #expect(page.title == "Spring sale: 30% off \"everything\" & more")
      #expect(page.heading == "Spring sale: 30% off \"everything\" & more")
      #expect(
        page.links == [
          .init(
            text: "Open in the app", href: "https://shop.example.com/sale/spring?from=link&ref=1"),
          .init(text: "Download on the App Store", href: "https://apps.apple.com/app/id1234567890"),
          .init(
            text: "Continue on the web",
            href: "https://shop.example.com/sale/spring?from=link&ref=1"),
        ])
      let console = try screenshot(url, userAgent: Self.iPhone, name: "landing-ios.png")
      #expect(console.isEmpty, "\(console)")
    }

    /// The iOS page with an install token: "Get the app" and its script, which the page's policy
    /// allows by its hash (a changed script is refused, so the check can fail).
    @Test func theIOSGetTheAppPage() throws {
      let token = String(repeating: "Q", count: InstallToken.length)
      let html = LinkPages.landing(
        Self.preview, for: .iOSBrowser, stores: Self.stores, installToken: token)
      let load = try chromium.load(try file("get-app.html", html), userAgent: Self.iPhone)
      #expect(load.console.isEmpty, "\(load.console)")
      let page = VisiblePage(dom: load.dom)
      #expect(
        page.links == [
          .init(
            text: "Open in the app", href: "https://shop.example.com/sale/spring?from=link&ref=1"),
          .init(text: "Get the app", href: "https://apps.apple.com/app/id1234567890"),
          .init(
            text: "Continue on the web",
            href: "https://shop.example.com/sale/spring?from=link&ref=1"),
        ])
      #expect(
        load.dom.contains(
          "data-link=\"https://links.example.com/l/Ab3dE9xQ?switchyard_token=\(token)\""))
      #expect(load.dom.contains("copies a one-time link to this page to your clipboard"))
      let changed = html.replacingOccurrences(
        of: "location.href=b.href", with: "location.href=b.href+1")
      let refused = try chromium.load(
        try file("get-app-changed.html", changed), userAgent: Self.iPhone)
      #expect(
        refused.console.contains { $0.contains("Content Security Policy") }, "\(refused.console)")
    }

    /// `GET /admin`'s page: its SVG charts drawn, nothing refused by the policy.
    @Test func theAdminPage() throws {
      let counts = [
        0, 2, 5, 3, 8, 13, 9, 4, 6, 11, 7, 3, 0, 1, 4, 9, 12, 15, 10, 6, 8, 5, 7, 14, 18, 12, 9, 6,
        10, 16,
      ]
      let days = counts.enumerated().map { index, clicks in
        StatsRow(key: StatsDay.text(20_800 + Int64(index)), clicks: clicks)
      }
      let html = AdminPage.render(
        days: days,
        routes: [
          StatsRow(key: "product", clicks: 142), StatsRow(key: "article", clicks: 61),
          StatsRow(key: "user", clicks: 27), StatsRow(key: "search", clicks: 9),
        ],
        links: [
          StatsRow(key: "spring-sale", clicks: 97), StatsRow(key: "q7R2xLmA", clicks: 45),
          StatsRow(key: "hello", clicks: 38),
        ])
      let url = try file("admin.html", html)
      let load = try chromium.load(url, userAgent: "Mozilla/5.0 (X11; Linux x86_64)")
      #expect(load.console.isEmpty, "\(load.console)")
      #expect(VisiblePage(dom: load.dom).heading == "Clicks")
      #expect(load.dom.components(separatedBy: "<rect").count - 1 == 34)
      #expect(load.dom.contains("<td>spring-sale</td>"))
      let console = try screenshot(
        url, userAgent: "Mozilla/5.0 (X11; Linux x86_64)", name: "admin.png")
      #expect(console.isEmpty, "\(console)")
    }

    @Test func theAndroidLandingPage() throws {
      let client = LinkClient(userAgent: Self.pixel)
      #expect(client == .androidBrowser)
      let url = try file(
        "landing-android.html", LinkPages.landing(Self.preview, for: client, stores: Self.stores))
      let load = try chromium.load(url, userAgent: Self.pixel)
      #expect(load.console.isEmpty, "\(load.console)")
      let page = VisiblePage(dom: load.dom)
      #expect(page.heading == "Spring sale: 30% off \"everything\" & more")
      #expect(
        page.links == [
          .init(
            text: "Open in the app", href: "https://shop.example.com/sale/spring?from=link&ref=1"),
          .init(
            text: "Get it on Google Play",
            href: "https://play.google.com/store/apps/details?id=com.example.shop"),
          .init(
            text: "Continue on the web",
            href: "https://shop.example.com/sale/spring?from=link&ref=1"),
        ])
      let console = try screenshot(url, userAgent: Self.pixel, name: "landing-android.png")
      #expect(console.isEmpty, "\(console)")
    }

    @Test func thePreviewPage() throws {
      let url = try file("preview.html", LinkPages.preview(Self.preview))
      let load = try chromium.load(url, userAgent: "Twitterbot/1.0")
      #expect(load.console.isEmpty, "\(load.console)")
      let page = VisiblePage(dom: load.dom)
      #expect(page.title == "Spring sale: 30% off \"everything\" & more")
      #expect(page.heading == page.title)
      #expect(
        page.links == [
          .init(text: "Open the link", href: "https://shop.example.com/sale/spring?from=link&ref=1")
        ])
      #expect(
        load.dom.contains(
          #"<meta property="og:url" content="https://links.example.com/l/Ab3dE9xQ">"#)
      )
      #expect(load.dom.contains(#"<meta name="twitter:card" content="summary">"#))
    }

    /// A page whose style the policy does not allow logs a violation: the check above can fail.
    @Test func aPolicyViolationIsSeen() throws {
      let html = LinkPages.notFound().replacingOccurrences(
        of: "</style>", with: "h1{color:red}</style>")
      let load = try chromium.load(try file("violation.html", html), userAgent: Self.iPhone)
      #expect(load.console.contains { $0.contains("Content Security Policy") }, "\(load.console)")
    }

    @Test(arguments: [("not-found.html", "Link not found"), ("expired.html", "Link expired")])
    func theErrorPages(name: String, heading: String) throws {
      let html = name == "expired.html" ? LinkPages.expired() : LinkPages.notFound()
      let load = try chromium.load(try file(name, html), userAgent: Self.iPhone)
      #expect(load.console.isEmpty, "\(load.console)")
      let page = VisiblePage(dom: load.dom)
      #expect(page.heading == heading)
      #expect(page.links.isEmpty)
    }
  }
#endif
