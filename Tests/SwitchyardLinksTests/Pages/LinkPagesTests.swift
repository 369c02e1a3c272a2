import Foundation
import Testing

@testable import SwitchyardLinks

/// The values of every `href="…"` and `src="…"` attribute of `html`, as written (escaped).
func linkTargets(in html: String) -> [String] {
  var targets: [String] = []
  for attribute in ["href=\"", "src=\""] {
    var rest = Substring(html)
    while let start = rest.range(of: attribute) {
      rest = rest[start.upperBound...]
      guard let end = rest.firstIndex(of: "\"") else { break }
      targets.append(String(rest[..<end]))
      rest = rest[end...]
    }
  }
  return targets
}

/// A preview with the usual values.
func samplePreview(
  title: String = "Post hello-world", description: String? = "The first post.",
  imageURL: String? = "https://example.com/cards/hello.png",
  longURL: String = "https://example.com/posts/hello-world"
) -> LinkPreview {
  LinkPreview(
    title: title, description: description, imageURL: imageURL,
    shortLink: "https://links.example.com/l/Ab3dE9xQ", longURL: longURL)
}

let sampleStores = StoreLinks(appStoreID: "1234567890", androidPackage: "com.example.shop")

@Suite struct LinkPagesTests {
  @Test func theNotFoundPageExactly() {
    let expected = """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src '\(LinkPages.styleHash)'; img-src https:; base-uri 'none'; form-action 'none'">
      <meta name="referrer" content="no-referrer">
      <title>Link not found</title>
      <style>\(LinkPages.stylesheet)</style>
      </head>
      <body>
      <main>
      <h1>Link not found</h1>
      <p>There is no link at this address. Check that it was copied whole.</p>
      </main>
      </body>
      </html>

      """
    #expect(LinkPages.notFound() == expected)
  }

  @Test func aSmallPreviewPageExactly() {
    let preview = LinkPreview(
      title: "Tom & Jerry's \"best\"", shortLink: "https://s.example/l/x",
      longURL: "https://example.com/a?b=1&c=2")
    let expected = """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta http-equiv="Content-Security-Policy" content="\(LinkPages.metaContentSecurityPolicy)">
      <meta name="referrer" content="no-referrer">
      <title>Tom &amp; Jerry&#39;s &quot;best&quot;</title>
      <meta property="og:type" content="website">
      <meta property="og:title" content="Tom &amp; Jerry&#39;s &quot;best&quot;">
      <meta property="og:url" content="https://s.example/l/x">
      <meta name="twitter:card" content="summary">
      <style>\(LinkPages.stylesheet)</style>
      </head>
      <body>
      <main>
      <h1>Tom &amp; Jerry&#39;s &quot;best&quot;</h1>
      <a class="button primary" href="https://example.com/a?b=1&amp;c=2">Open the link</a>
      </main>
      </body>
      </html>

      """
    #expect(LinkPages.preview(preview) == expected)
  }

  @Test func previewCarriesOpenGraphAndALargeCard() {
    let html = LinkPages.preview(samplePreview())
    #expect(html.contains(#"<meta property="og:title" content="Post hello-world">"#))
    #expect(html.contains(#"<meta property="og:description" content="The first post.">"#))
    #expect(
      html.contains(#"<meta property="og:image" content="https://example.com/cards/hello.png">"#))
    #expect(
      html.contains(#"<meta property="og:url" content="https://links.example.com/l/Ab3dE9xQ">"#))
    #expect(html.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
  }

  @Test func theContentSecurityPolicy() {
    let policy = LinkPages.contentSecurityPolicy
    for directive in [
      "default-src 'none'", "style-src 'sha256-", "img-src https:", "base-uri 'none'",
      "form-action 'none'", "frame-ancestors 'none'",
    ] {
      #expect(policy.contains(directive), "\(directive)")
    }
    #expect(!policy.contains("script-src"))
    #expect(!policy.contains("unsafe"))
    // The meta copy is the header less frame-ancestors, which browsers ignore (and warn about)
    // in a meta tag.
    #expect(policy == LinkPages.metaContentSecurityPolicy + "; frame-ancestors 'none'")
    for html in allPages() {
      #expect(
        html.contains(
          "<meta http-equiv=\"Content-Security-Policy\" content=\"\(LinkPages.metaContentSecurityPolicy)\">"
        ))
    }
  }

  /// The policy names the style by its hash: recomputed here with the system's SHA-256 tool.
  @Test func theStyleHashIsTheStylesHash() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // coreutils on Linux; macOS has shasum instead.
    process.arguments =
      FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum")
      ? ["sha256sum"] : ["shasum", "-a", "256"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(LinkPages.stylesheet.utf8))
    try input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let hex = Array(text.prefix(64))
    var digest = Data()
    for index in stride(from: 0, to: 64, by: 2) {
      digest.append(try #require(UInt8(String(hex[index...index + 1]), radix: 16)))
    }
    #expect(LinkPages.styleHash == "sha256-" + digest.base64EncodedString())
  }

  @Test func aScriptInTheTitleStaysText() {
    let title = "</script><script>alert(1)</script></title><title>"
    for html in [
      LinkPages.preview(samplePreview(title: title)),
      LinkPages.landing(samplePreview(title: title), for: .iOSBrowser, stores: sampleStores),
    ] {
      #expect(!html.lowercased().contains("<script"))
      #expect(!html.contains("</script>"))
      #expect(html.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
      #expect(html.components(separatedBy: "<title>").count == 2)
    }
  }

  @Test func quotesCannotLeaveAnAttribute() {
    let html = LinkPages.preview(
      samplePreview(
        title: #"x" onload="alert(1)"#, description: "it's <b>bold</b> & \"quoted\""))
    #expect(html.contains(#"content="x&quot; onload=&quot;alert(1)""#))
    #expect(
      html.contains(
        #"<meta property="og:description" content="it&#39;s &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;">"#
      ))
    #expect(!html.contains("onload=\""))
  }

  @Test func controlCharactersAreRemovedAndBreaksBecomeSpaces() {
    let html = LinkPages.preview(
      samplePreview(title: "a\u{0}b\u{7}c\u{1B}[31m\u{85}d\u{7F}\ne\tf\r\ng", description: nil))
    #expect(html.contains("<h1>abc[31md e f  g</h1>"))
    for scalar in html.unicodeScalars where scalar.value < 0x20 {
      #expect(scalar == "\n")
    }
  }

  @Test(arguments: [
    "javascript:alert(1)", "JavaScript:alert(1)", "data:image/png;base64,AAAA",
    "data:text/html,<script>alert(1)</script>", "http://example.com/a.png", "https:",
    "https:///a.png", "https:/example.com/a.png", " https://example.com/a.png",
    "https://example.com/a b.png", "https://exa\tmple.com/a.png", "//example.com/a.png",
    "/cards/a.png", "vbscript:msgbox", "", "https://example.com/\u{2028}a.png",
  ])
  func anUnsafeImageIsDropped(image: String) {
    let preview = samplePreview(imageURL: image)
    let html = LinkPages.preview(preview)
    #expect(!html.contains("og:image"))
    #expect(!html.contains("<img"))
    #expect(html.contains(#"<meta name="twitter:card" content="summary">"#))
    #expect(!LinkPages.landing(preview, for: .iOSBrowser, stores: sampleStores).contains("<img"))
  }

  @Test func aSafeImageIsEscapedInItsAttribute() {
    let html = LinkPages.landing(
      samplePreview(imageURL: "https://example.com/a.png?w=1&h=\"2\""), for: .iOSBrowser,
      stores: sampleStores)
    #expect(html.contains(#"<img src="https://example.com/a.png?w=1&amp;h=&quot;2&quot;" alt="">"#))
  }

  @Test(arguments: [
    "javascript:alert(1)", "java\tscript:alert(1)", " javascript:alert(1)",
    "data:text/html,hi", "JAVASCRIPT://example.com/%0aalert(1)", "", "not a url", "https://",
  ])
  func anUnsafeLongURLIsNeverLinked(url: String) {
    let preview = samplePreview(longURL: url)
    let stores = StoreLinks(appSchemes: ["javascript", "data"])
    for html in [
      LinkPages.preview(preview), LinkPages.landing(preview, for: .iOSBrowser, stores: stores),
    ] {
      #expect(!html.contains("Open in the app"))
      #expect(!html.contains("Open the link"))
      #expect(!html.contains("Continue on the web"))
      for target in linkTargets(in: html) {
        #expect(target.hasPrefix("https://"), "\(target)")
      }
    }
  }

  @Test func anEmptyTitleShowsTheLongURL() {
    let html = LinkPages.preview(samplePreview(title: "  \u{0}\n "))
    #expect(html.contains("<h1>https://example.com/posts/hello-world</h1>"))
    let unsafe = LinkPages.preview(samplePreview(title: "", longURL: "javascript:alert(1)"))
    #expect(unsafe.contains("<h1>Link</h1>"))
    #expect(!unsafe.contains("javascript"))
  }

  @Test func theLandingPageForIOS() {
    let html = LinkPages.landing(samplePreview(), for: .iOSBrowser, stores: sampleStores)
    #expect(
      linkTargets(in: html) == [
        "https://example.com/posts/hello-world", "https://apps.apple.com/app/id1234567890",
        "https://example.com/posts/hello-world", "https://example.com/cards/hello.png",
      ])
    #expect(html.contains(">Open in the app</a>"))
    #expect(html.contains(">Download on the App Store</a>"))
    #expect(!html.contains("Google Play"))
    #expect(html.contains("<h1>Post hello-world</h1>\n<p>The first post.</p>"))
  }

  @Test func theLandingPageForAndroid() {
    let html = LinkPages.landing(samplePreview(), for: .androidBrowser, stores: sampleStores)
    #expect(
      html.contains(
        #"<a class="button store" href="https://play.google.com/store/apps/details?id=com.example.shop">Get it on Google Play</a>"#
      ))
    #expect(!html.contains("App Store"))
    #expect(
      html.contains(
        #"<a class="button primary" href="https://example.com/posts/hello-world">Open in the app</a>"#
      ))
  }

  @Test func otherClientsAreOfferedBothStores() {
    let html = LinkPages.landing(samplePreview(), for: .other, stores: sampleStores)
    #expect(html.contains("Download on the App Store"))
    #expect(html.contains("Get it on Google Play"))
  }

  @Test(arguments: [
    StoreLinks(appStoreID: "12a4", androidPackage: "shop"),
    StoreLinks(appStoreID: "", androidPackage: "com.example.shop\"><script>"),
    StoreLinks(appStoreID: "id123", androidPackage: "com..shop"),
    StoreLinks(appStoreID: "123/../456", androidPackage: "1com.example"),
    StoreLinks(appStoreID: nil, androidPackage: "com.example.shop&x=1"),
  ])
  func aMalformedStoreGivesNoButton(stores: StoreLinks) {
    for client in [LinkClient.iOSBrowser, .androidBrowser, .other] {
      let html = LinkPages.landing(samplePreview(), for: client, stores: stores)
      #expect(!html.contains("button store"))
      #expect(html.contains("Open in the app"))
    }
  }

  @Test func theAppsOwnSchemeOpensTheAppButIsNoWebPage() {
    let preview = samplePreview(longURL: "myapp://user/42")
    let html = LinkPages.landing(
      preview, for: .iOSBrowser, stores: StoreLinks(appStoreID: "1", appSchemes: ["MyApp"]))
    #expect(html.contains(#"<a class="button primary" href="myapp://user/42">Open in the app</a>"#))
    #expect(!html.contains("Continue on the web"))
    // Without the scheme configured, the URL is not linked.
    let unconfigured = LinkPages.landing(preview, for: .iOSBrowser, stores: StoreLinks())
    #expect(!unconfigured.contains("myapp:"))
  }

  @Test func theExpiredPageLinksNowhere() {
    let html = LinkPages.expired()
    #expect(html.contains("<title>Link expired</title>"))
    #expect(html.contains("<h1>Link expired</h1>"))
    #expect(linkTargets(in: html).isEmpty)
    #expect(linkTargets(in: LinkPages.notFound()).isEmpty)
  }

  @Test func noPageLoadsAnythingButItsImage() {
    for html in allPages() {
      #expect(!html.lowercased().contains("<script"))
      #expect(!html.contains("<link"))
      #expect(!html.contains("@import"))
      #expect(!html.contains("url("))
      #expect(
        html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
      #expect(html.utf8.count < 4096)
    }
  }

  func allPages() -> [String] {
    [
      LinkPages.preview(samplePreview()),
      LinkPages.landing(samplePreview(), for: .iOSBrowser, stores: sampleStores),
      LinkPages.landing(samplePreview(), for: .androidBrowser, stores: sampleStores),
      LinkPages.landing(samplePreview(), for: .other, stores: sampleStores),
      LinkPages.notFound(), LinkPages.expired(),
    ]
  }
}
