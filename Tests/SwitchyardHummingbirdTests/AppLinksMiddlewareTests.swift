#if Hummingbird
  import Foundation
  import HTTPTypes
  import Hummingbird
  import Switchyard
  import SwitchyardFiles
  import SwitchyardHummingbird
  import Testing

  /// Serves the built-in example table's files and fallbacks from a live server on loopback.
  @Suite("Hummingbird: app-link files and web fallbacks (live server)")
  struct AppLinksMiddlewareTests {
    static let appID = "ABCDE12345.com.example.app"
    static let fingerprint =
      "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// The repository root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
      String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    /// The built-in example table (in SwitchyardFiles, shared by both commands), read from its
    /// source file (the route file between `#"""` and `"""#`), so that this test follows the
    /// table as it changes.
    static func exampleTable() throws -> RouteTable {
      let source = try text("Sources/SwitchyardFiles/BuiltInRoutes.swift")
      let start = try #require(source.range(of: "#\"\"\"\n"))
      let end = try #require(source.range(of: "\"\"\"#", range: start.upperBound..<source.endIndex))
      return try RouteFile.parse(
        String(source[start.upperBound..<end.lowerBound]), fileName: "built-in")
    }

    /// One URL per route of the example table, which that route wins.
    static let samples: [String: String] = [
      "home": "myapp://home", "user": "myapp://user/42", "userTab": "myapp://user/42/posts",
      "product": "myapp://product/123e4567-e89b-12d3-a456-426614174000",
      "deals": "myapp://deals/under/9.5", "category": "myapp://shop/shoes/page/2",
      "files": "myapp://files/a/b.txt", "search": "myapp://search?q=tea",
      "searchRecent": "myapp://search?q=tea&sort=recent", "help": "myapp://help#returns",
      "helpShipping": "myapp://help#shipping", "settings": "myapp://settings/privacy",
      "profile": "https://example.com/@jane", "article": "https://www.example.com/articles/7/hello",
      "articleJSON": "https://api.example.com/articles/7.json",
      "blogPost": "https://blog.example.com/post/1", "shortLink": "https://sho.rt/s/abc",
      "campaign": "https://example.com/shop?utm_campaign=spring",
      "legacy": "https://www.example.com/legacy/page", "website": "https://example.com/about",
      "orders": "https://example.com/account/orders",
    ]

    static func router(
      table: RouteTable, appIDs: [String] = [appID], webOnly: Set<String> = []
    ) -> Hummingbird.Router<BasicRequestContext> {
      let router = Router()
      router.add(
        middleware: AppLinksMiddleware(
          table: table, appIDs: appIDs,
          assetLinks: AssetLinks(packageName: "com.example.app", fingerprints: [fingerprint]),
          webOnly: webOnly, host: .forwarded,
          fallback: AppLinksMiddleware.landingPage(
            appName: "Example", appStore: "https://apps.apple.com/app/id1")))
      router.get("/health") { _, _ in "ok" }
      return router
    }

    /// The route name the landing page reports.
    static func route(_ response: LoopbackResponse) -> String? {
      response.headers.first { $0.name.canonicalName == "x-switchyard-route" }?.value
    }

    static func forwarded(_ host: String) throws -> HTTPFields {
      [try #require(HTTPField.Name("X-Forwarded-Host")): host]
    }

    @Test(
      "The association file and assetlinks.json: 200, application/json, no redirect, the golden files"
    )
    func files() async throws {
      let table = try Self.exampleTable()
      let golden = try Self.text(
        "Tests/SwitchyardCommandTests/Golden/apple-app-site-association.json")
      let assetLinks = try Self.text("Tests/SwitchyardCommandTests/Golden/assetlinks.json")
      try await withLoopbackServer(Self.router(table: table)) { client in
        try await client.execute(
          uri: "/.well-known/apple-app-site-association", method: .get,
          headers: try Self.forwarded("example.com")
        ) { response in
          #expect(response.status == .ok)
          #expect(response.headers[.contentType] == "application/json")
          #expect(response.headers[.location] == nil)
          #expect(response.body == golden)
        }
        try await client.execute(uri: "/.well-known/assetlinks.json", method: .get) { response in
          #expect(response.status == .ok)
          #expect(response.headers[.contentType] == "application/json")
          #expect(response.body == assetLinks)
        }
        // Another domain gets its own routes.
        try await client.execute(
          uri: "/.well-known/apple-app-site-association", method: .get,
          headers: try Self.forwarded("api.example.com:443")
        ) { response in
          let body = response.body
          #expect(body.contains(#""/": "/articles/?*.json""#))
          #expect(!body.contains(#""/": "/@?*""#))
          let file = try AppleAppSiteAssociation(json: body)
          #expect(file.opens("https://api.example.com/articles/7.json"))
        }
        try await client.execute(uri: "/.well-known/apple-app-site-association", method: .post) {
          #expect($0.status != .ok)
        }
      }
    }

    @Test(
      "A request per route: web routes get the landing page, custom-scheme routes are not served")
    func everyRoute() async throws {
      let table = try Self.exampleTable()
      #expect(Set(Self.samples.keys) == Set(table.routes.map(\.name)))
      let matcher = RouteMatcher(table)
      for (name, url) in Self.samples {
        #expect(matcher.match(url)?.route.name == name, "\(url)")
      }
      try await withLoopbackServer(Self.router(table: table)) { client in
        for (name, url) in Self.samples.sorted(by: { $0.key < $1.key }) {
          if url.hasPrefix("https://") {
            let rest = url.dropFirst("https://".count)
            let slash = try #require(rest.firstIndex(of: "/"))
            try await client.execute(
              uri: String(rest[slash...]), method: .get,
              headers: try Self.forwarded(String(rest[..<slash]))
            ) { response in
              #expect(response.status == .ok, "\(url)")
              #expect(Self.route(response) == name, "\(url)")
              #expect(response.headers[.contentType] == "text/html; charset=utf-8")
              #expect(response.body.contains("Open this link in Example"))
            }
          } else {
            // The custom-scheme link's path on a host no web route answers: not served.
            let path = "/" + url.dropFirst("myapp://".count)
            try await client.execute(
              uri: path, method: .get, headers: try Self.forwarded("example.net")
            ) {
              response in
              #expect(response.status == .notFound, "\(path)")
              #expect(Self.route(response) == nil)
            }
          }
        }
        try await client.execute(
          uri: "/health", method: .get, headers: try Self.forwarded("example.net")
        ) {
          #expect($0.body == "ok")
        }
      }
    }

    @Test("Web-only routes stay with the site; no app IDs means no association file")
    func webOnlyAndNoAppIDs() async throws {
      let table = try Self.exampleTable()
      try await withLoopbackServer(Self.router(table: table, appIDs: [], webOnly: ["website"])) {
        client in
        try await client.execute(
          uri: "/about", method: .get, headers: try Self.forwarded("example.com")
        ) {
          #expect($0.status == .notFound)
        }
        try await client.execute(
          uri: "/@jane", method: .get, headers: try Self.forwarded("example.com")
        ) {
          #expect(Self.route($0) == "profile")
        }
        try await client.execute(uri: "/.well-known/apple-app-site-association", method: .get) {
          #expect($0.status == .notFound)
        }
      }
    }
  }
#endif
