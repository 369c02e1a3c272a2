// The browser suite runs once, in CI's trait step (the `Links` trait), where it is required.
#if Links
  import Foundation
  import Testing

  @testable import SwitchyardLinks

  /// The landing page's layout in Chromium with a phone's window: however long the title
  /// and description, they wrap (no sideways scrolling) and the buttons stay on the first
  /// screen. A script measures the page's boxes; it is added to a copy of the page without its
  /// policy `<meta>` (the page itself runs no script: BrowserTests check it with its policy).
  @Suite(
    .serialized,
    .enabled(
      if: Chromium.executable != nil || Chromium.isRequired,
      "Chromium is not installed (apt-get install chromium); set SWITCHYARD_REQUIRE_BROWSER=1 to fail instead"
    ))
  final class LandingLayoutTests {
    let chromium: Chromium

    init() throws {
      let executable = try #require(
        Chromium.executable,
        "SWITCHYARD_REQUIRE_BROWSER=1, but no Chromium was found (apt-get install chromium)")
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("switchyard-layout-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      chromium = Chromium(executable: executable, folder: folder)
    }

    deinit {
      try? FileManager.default.removeItem(at: chromium.folder)
    }

    /// The viewport and the boxes (left, top, right, bottom in CSS pixels) of the buttons, the
    /// heading and the page's scrolling width, as the browser lays `html` out.
    struct Layout {
      var width: Int
      var height: Int
      var scrollWidth: Int
      var heading: [Int]
      var buttons: [[Int]]
    }

    static let measure =
      "var f=function(e){var b=e.getBoundingClientRect();"
      + "return [b.left,b.top,b.right,b.bottom].map(Math.round).join(',')};"
      + "var r=[innerWidth,innerHeight,document.documentElement.scrollWidth].join(',')"
      + "+';'+f(document.querySelector('h1'));"
      + "document.querySelectorAll('a.button,a.web').forEach(function(a){r+=';'+f(a)});"
      + "document.body.setAttribute('data-layout',r)"

    func layout(_ html: String, userAgent: String, name: String) throws -> Layout {
      // The page without its policy tag, and the measuring script at the end of its body.
      let lines = html.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix("<meta http-equiv=\"Content-Security-Policy\"") }
      let measured = lines.joined(separator: "\n")
        .replacingOccurrences(
          of: "</main>\n</body>", with: "</main>\n<script>\(Self.measure)</script>\n</body>")
      let url = chromium.folder.appendingPathComponent(name)
      try measured.write(to: url, atomically: true, encoding: .utf8)
      let load = try chromium.load(url, userAgent: userAgent)
      #expect(load.console.isEmpty, "\(load.console)")
      let start = try #require(load.dom.range(of: "data-layout=\""))
      let rest = load.dom[start.upperBound...]
      let value = rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)]
      let parts = value.split(separator: ";").map {
        $0.split(separator: ",").compactMap { Int($0) }
      }
      try #require(parts.count >= 2 && parts[0].count == 3, "\(value)")
      return Layout(
        width: parts[0][0], height: parts[0][1], scrollWidth: parts[0][2], heading: parts[1],
        buttons: Array(parts.dropFirst(2)))
    }

    /// A title of the longest a link may have (4,096 bytes), in words, and one long word.
    static let longTitles = [
      String(
        repeating: "Spring sale on every jacket, shoe and bag in the shop, this week only! ",
        count: 58),
      String(repeating: "W", count: 4000),
    ]

    @Test(
      "a long title and description wrap, and every button stays in a phone's viewport",
      arguments: [BrowserTests.iPhone, BrowserTests.pixel])
    func longTitle(userAgent: String) throws {
      for (index, title) in Self.longTitles.enumerated() {
        let preview = LinkPreview(
          title: title, description: String(repeating: "Shoes, jackets and bags. ", count: 160),
          shortLink: "https://links.example.com/l/Ab3dE9xQ",
          longURL: "https://shop.example.com/sale/spring")
        let stores = StoreLinks(
          appStoreID: "1234567890", androidPackage: "com.example.shop",
          app: AppIdentity(
            name: String(repeating: "Shop ", count: 20), themeColor: "#0a7c4a"))
        let client = LinkClient(userAgent: userAgent)
        let html = LinkPages.landing(preview, for: client, stores: stores)
        let layout = try layout(html, userAgent: userAgent, name: "long-\(index).html")
        // A phone's window: Chromium's headless window is at least 500 pixels wide, so the
        // page is laid out at most 500 × 844 (it reports 500 × 701 with --window-size=390,844).
        #expect(layout.width <= 500 && layout.height <= 844, "\(layout)")
        #expect(layout.scrollWidth <= layout.width, "the page scrolls sideways: \(layout)")
        #expect(layout.heading.count == 4 && layout.heading[2] <= layout.width, "\(layout)")
        // Open in the app, the store, Continue on the web.
        #expect(layout.buttons.count == 3, "\(layout)")
        for box in layout.buttons {
          #expect(box.count == 4, "\(layout)")
          guard box.count == 4 else { continue }
          #expect(box[0] >= 0 && box[2] <= layout.width, "a button leaves the width: \(box)")
          #expect(
            box[1] >= 0 && box[3] <= layout.height, "a button is below the first screen: \(box)")
        }
      }
    }
  }
#endif
