#if Links
  import Switchyard
  import SwitchyardFiles
  import SwitchyardLinks

  /// A shop's table as a team writes it: path-only routes under two accepted origins (the
  /// app's scheme `shop` and the web origin `https://shop.example.com`), a route of the app
  /// alone (`shop://settings/:tab`), web routes with their own host, two of them web-only,
  /// and a route on a wildcard host.
  enum ShopTable {
    static let json = #"""
      {
        "version": 1,
        "options": { "acceptedOrigins": ["shop", "https://shop.example.com"] },
        "routes": [
          { "name": "product", "pattern": "/product/<int:id>" },
          { "name": "search", "pattern": "/search?q=<term>" },
          { "name": "help", "pattern": "/help/*rest" },
          { "name": "cart", "pattern": "/cart" },
          { "name": "settings", "pattern": "shop://settings/:tab" },
          { "name": "blog", "pattern": "https://shop.example.com/blog/:slug" },
          { "name": "lookbook", "pattern": "https://shop.example.com/lookbook/:season" },
          { "name": "post", "pattern": "https://*.shop.example.com/post/<int:id>" }
        ]
      }
      """#

    /// The short links' host (`--host`).
    static let host = "links.shop.example.com"
    /// The routes the app does not open (`--web-only`).
    static let webOnly: Set<String> = ["blog", "lookbook"]

    static func table() throws -> RouteTable {
      try RouteFile.parse(json, fileName: "shop.json")
    }

    /// The test server's configuration, on this table.
    static func configure(_ table: RouteTable) -> (inout LinksConfiguration) -> Void {
      { configuration in
        configuration.table = table
        configuration.hosts = [host]
        configuration.webOnly = webOnly
        configuration.appIDs = ["ABCDE12345.com.example.shop"]
        configuration.androidPackage = "com.example.shop"
        configuration.appStoreID = "1234567890"
      }
    }
  }

  /// User agents of each platform the service tells apart.
  enum Agents {
    static let desktop =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
    static let iPhone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
    static let android =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36"
    static let crawler = "facebookexternalhit/1.1"
  }

  /// The `href`s of a page's links (`<a … href="…">`), their `&amp;` unescaped, with each
  /// link's text.
  func links(in html: String) -> [(href: String, text: String)] {
    var found: [(String, String)] = []
    var rest = Substring(html)
    while let open = rest.firstRange(of: "<a ") {
      rest = rest[open.upperBound...]
      guard let hrefStart = rest.firstRange(of: "href=\"") else { break }
      let afterHref = rest[hrefStart.upperBound...]
      guard let quote = afterHref.firstIndex(of: "\""),
        let close = afterHref.firstIndex(of: ">"),
        let end = afterHref.firstRange(of: "</a>")
      else { break }
      let href = String(afterHref[..<quote]).replacing("&#39;", with: "'")
        .replacing("&quot;", with: "\"").replacing("&lt;", with: "<").replacing("&gt;", with: ">")
        .replacing("&amp;", with: "&")
      let text = String(afterHref[afterHref.index(after: close)..<end.lowerBound])
      found.append((href, text))
      rest = afterHref[end.upperBound...]
    }
    return found
  }

  /// `text` quoted as a JSON string.
  func jsonQuoted(_ text: String) -> String {
    JSONEscaping.quote(text)
  }
#endif
