#if Hummingbird
  import HTTPTypes
  import Hummingbird
  import Switchyard
  import SwitchyardFiles
  import Testing

  @testable import SwitchyardHummingbird

  /// Hosts the table does not serve, `Vary`, the per-host association files, and the landing
  /// page's link into the app.
  @Suite("Hummingbird: hosts, Vary and the landing page's app link (live server)")
  struct AppLinksHostTests {
    static let appID = AppLinksMiddlewareTests.appID

    /// A shop on one domain: web routes on shop.example.com, a custom scheme `shop`, and a
    /// path-only route that answers both (through the accepted origins).
    static func shopTable() throws -> RouteTable {
      try RouteFile.parse(
        """
        {"version": 1,
         "options": {"acceptedOrigins": ["shop", "https://(www.)shop.example.com"]},
         "routes": [
           {"name": "product", "pattern": "/product/<int:id>"},
           {"name": "search", "pattern": "/search?q=<term>"},
           {"name": "about", "pattern": "https://shop.example.com/about"},
           {"name": "blog", "pattern": "https://shop.example.com/blog/*rest"}
         ]}
        """, fileName: "shop.json")
    }

    static func router(
      _ middleware: AppLinksMiddleware<BasicRequestContext>
    ) -> Hummingbird.Router<BasicRequestContext> {
      let router = Router()
      router.add(middleware: middleware)
      router.get("/health") { _, _ in "ok" }
      return router
    }

    static func middleware(
      table: RouteTable, host: AppLinkHost = .forwarded, webOnly: Set<String> = []
    ) -> AppLinksMiddleware<BasicRequestContext> {
      AppLinksMiddleware(
        table: table, appIDs: [appID], webOnly: webOnly, host: host,
        fallback: AppLinksMiddleware.landingPage(
          appName: "Shop", openInApp: (table: table, scheme: "shop")))
    }

    static func vary(_ response: LoopbackResponse) -> [String] {
      response.headers[values: .vary].flatMap { $0.split(separator: ",") }.map {
        String($0.drop { $0 == " " })
      }
    }

    static let association = AppLinksMiddleware<BasicRequestContext>.appleAppSiteAssociationPath

    @Test("A host no route serves gets 404 for the association file, not a file that opens nothing")
    func unservedHost() async throws {
      let table = try Self.shopTable()
      try await withLoopbackServer(Self.router(Self.middleware(table: table))) { client in
        // Behind a misconfigured proxy: no X-Forwarded-Host, so the host is the request's own.
        try await client.execute(uri: Self.association) { response in
          #expect(response.status == .notFound)
          #expect(!response.body.contains("components"))
          #expect(Self.vary(response) == ["Host", "X-Forwarded-Host"])
        }
        try await client.execute(
          uri: Self.association, headers: try AppLinksMiddlewareTests.forwarded("proxy.internal")
        ) { response in
          #expect(response.status == .notFound)
        }
        try await client.execute(
          uri: Self.association,
          headers: try AppLinksMiddlewareTests.forwarded("www.shop.example.com")
        ) { response in
          #expect(response.status == .ok)
          #expect(response.headers[.contentType] == "application/json")
          #expect(Self.vary(response) == ["Host", "X-Forwarded-Host"])
          let file = try AppleAppSiteAssociation(json: response.body)
          #expect(file.opens("https://www.shop.example.com/product/7"))
        }
        // The assetlinks.json and other routes do not depend on the host: no Vary.
        try await client.execute(uri: "/health") { #expect(Self.vary($0).isEmpty) }
      }
    }

    @Test("A host whose routes are all web-only lets nothing in: 404")
    func onlyWebOnlyRoutes() async throws {
      let table = try RouteFile.parse(
        #"{"version": 1, "routes": [{"name": "blog", "pattern": "https://blog.example.com/*"}]}"#,
        fileName: "blog.json")
      try await withLoopbackServer(
        Self.router(Self.middleware(table: table, webOnly: ["blog"]))
      ) { client in
        try await client.execute(
          uri: Self.association, headers: try AppLinksMiddlewareTests.forwarded("blog.example.com")
        ) { #expect($0.status == .notFound) }
      }
    }

    @Test("Vary names only the headers the host is read from; a fixed host sends none")
    func varyFollowsTheHostSetting() async throws {
      let table = try Self.shopTable()
      try await withLoopbackServer(
        Self.router(Self.middleware(table: table, host: .fixed("shop.example.com")))
      ) { client in
        try await client.execute(uri: Self.association) { response in
          #expect(response.status == .ok)
          #expect(Self.vary(response).isEmpty)
        }
        try await client.execute(uri: "/product/7") { response in
          #expect(response.status == .ok)
          #expect(Self.vary(response).isEmpty)
        }
      }
      try await withLoopbackServer(Self.router(Self.middleware(table: table, host: .request))) {
        client in
        // The request's own host is 127.0.0.1, which the shop does not serve.
        try await client.execute(
          uri: Self.association, headers: try AppLinksMiddlewareTests.forwarded("shop.example.com")
        ) { response in
          #expect(response.status == .notFound)
          #expect(Self.vary(response) == ["Host"])
        }
      }
    }

    @Test(
      "With a fallback, a 404 passed on to the app's routes carries Vary, as it depends on the host"
    )
    func passedOnNotFoundVaries() async throws {
      let table = try Self.shopTable()
      try await withLoopbackServer(Self.router(Self.middleware(table: table))) { client in
        // A host the shop does not serve, and a path no route takes: both fall through to 404.
        try await client.execute(
          uri: "/product/7", headers: try AppLinksMiddlewareTests.forwarded("evil.example.com")
        ) { response in
          #expect(response.status == .notFound)
          #expect(Self.vary(response) == ["Host", "X-Forwarded-Host"])
        }
        try await client.execute(
          uri: "/product/abc", headers: try AppLinksMiddlewareTests.forwarded("shop.example.com")
        ) { response in
          #expect(response.status == .notFound)
          #expect(Self.vary(response) == ["Host", "X-Forwarded-Host"])
        }
        // An answer of the app's own routes is not the middleware's: no Vary.
        try await client.execute(uri: "/health") { #expect(Self.vary($0).isEmpty) }
      }
      try await withLoopbackServer(
        Self.router(Self.middleware(table: table, host: .fixed("shop.example.com")))
      ) { client in
        try await client.execute(uri: "/product/abc") { response in
          #expect(response.status == .notFound)
          #expect(Self.vary(response).isEmpty)
        }
      }
    }

    @Test("X-Forwarded-Host is believed only with .forwarded")
    func forwardedHostNeedsOptIn() async throws {
      let table = try Self.shopTable()
      let headers = try AppLinksMiddlewareTests.forwarded("shop.example.com")
      try await withLoopbackServer(Self.router(Self.middleware(table: table, host: .request))) {
        client in
        try await client.execute(uri: "/product/7", headers: headers) {
          #expect($0.status == .notFound)
        }
      }
      try await withLoopbackServer(Self.router(Self.middleware(table: table, host: .forwarded))) {
        client in
        try await client.execute(uri: "/product/7", headers: headers) { response in
          #expect(response.status == .ok)
          #expect(Self.vary(response) == ["Host", "X-Forwarded-Host"])
        }
      }
    }

    @Test("Each host's association file is built once and kept, for served and unserved hosts")
    func associationBuiltOncePerHost() async throws {
      let middleware = Self.middleware(table: try Self.shopTable())
      try await withLoopbackServer(Self.router(middleware)) { client in
        var bodies: [String] = []
        for host in ["shop.example.com", "proxy.internal", "shop.example.com", "proxy.internal"] {
          let response = try await client.execute(
            uri: Self.association, headers: try AppLinksMiddlewareTests.forwarded(host))
          bodies.append(response.body)
        }
        #expect(bodies[0] == bodies[2])
        #expect(bodies[0].contains("/product/"))
      }
      #expect(middleware.associations.keptHosts() == ["shop.example.com", "proxy.internal"])
    }

    @Test("The cache of association files builds a host once and keeps at most its capacity")
    func associationCacheBound() {
      let cache = AssociationCache()
      var builds = 0
      for _ in 0..<3 {
        let json = cache.json(for: "a.example") {
          builds += 1
          return "{}"
        }
        #expect(json == "{}")
      }
      #expect(builds == 1)
      #expect(cache.json(for: "none.example") { nil } == nil)
      #expect(cache.json(for: "none.example") { "built again" } == nil)
      for index in 0..<AssociationCache.capacity {
        _ = cache.json(for: "h\(index).example") { "\(index)" }
      }
      let kept = cache.keptHosts()
      #expect(kept.count == AssociationCache.capacity)
      #expect(!kept.contains("a.example"))
      #expect(!kept.contains("none.example"))
      #expect(kept.last == "h\(AssociationCache.capacity - 1).example")
    }

    @Test("The landing page offers the same link in the app's scheme, built from the match")
    func landingPageOffersTheAppLink() async throws {
      let table = try Self.shopTable()
      try await withLoopbackServer(Self.router(Self.middleware(table: table))) { client in
        let host = try AppLinksMiddlewareTests.forwarded("shop.example.com")
        try await client.execute(uri: "/product/42", headers: host) { response in
          #expect(response.status == .ok)
          #expect(response.body.contains(#"<a href="shop://product/42">Open in Shop</a>"#))
        }
        try await client.execute(uri: "/search?q=red%20shoes&x=1", headers: host) { response in
          #expect(
            response.body.contains(#"<a href="shop://search?q=red%20shoes">Open in Shop</a>"#))
        }
        // A route that answers only https has no app link to offer.
        try await client.execute(uri: "/about", headers: host) { response in
          #expect(response.status == .ok)
          #expect(response.body.contains("Open this link in Shop"))
          #expect(!response.body.contains("shop://"))
        }
      }
    }
  }
#endif
