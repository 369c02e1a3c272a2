#if Links
  import HTTPTypes
  import Switchyard
  import SwitchyardFiles
  @testable import SwitchyardLinks
  import Testing

  /// Minting by route on a table with accepted origins, and every answer of every route on
  /// every platform leading somewhere that opens there.
  @Suite("Dead ends: minting by route with accepted origins; every route × platform opens")
  struct DeadEndTests {
    @Test(
      "minting by route on a table with acceptedOrigins builds the web URL (on --host when the route answers it)"
    )
    func mintByRouteWithOrigins() async throws {
      let table = try ShopTable.table()
      try await LinksTestServer.run(configure: ShopTable.configure(table)) {
        client, _, _ async throws in
        let cases: [(String, String, String)] = [
          (
            #"{"route":"product","values":{"id":1042}}"#, "https://shop.example.com/product/1042",
            "product"
          ),
          (
            #"{"route":"search","values":{"term":"red shoes"}}"#,
            "https://shop.example.com/search?q=red%20shoes", "search"
          ),
          (
            #"{"route":"help","values":{"rest":"returns"}}"#,
            "https://shop.example.com/help/returns", "help"
          ),
          (#"{"route":"cart"}"#, "https://shop.example.com/cart", "cart"),
          (
            #"{"route":"blog","values":{"slug":"winter-guide","utm_source":"ig"}}"#,
            "https://shop.example.com/blog/winter-guide?utm_source=ig", "blog"
          ),
          // A wildcard host: built on --host, which the route answers.
          (#"{"route":"post","values":{"id":7}}"#, "https://links.shop.example.com/post/7", "post"),
          // The app's route alone: its own scheme.
          (
            #"{"route":"settings","values":{"tab":"privacy"}}"#, "shop://settings/privacy",
            "settings"
          ),
        ]
        for (body, url, route) in cases {
          let answer = try await client.mint(body)
          #expect(answer.status == .created, "\(body): \(answer.body)")
          #expect(jsonString(answer.body, "url") == url, "\(body)")
          #expect(jsonString(answer.body, "route") == route, "\(body)")
        }
        // A value the route's type refuses is still a 400 naming it.
        let bad = try await client.mint(#"{"route":"product","values":{"id":"abc"}}"#)
        #expect(bad.status == .badRequest)
        #expect(jsonString(bad.body, "field") == "values.id")
      }
      // With --host the shop's own web host, the link is built there.
      try await LinksTestServer.run(configure: {
        ShopTable.configure(table)(&$0)
        $0.hosts = ["shop.example.com"]
      }) { client, _, _ async throws in
        let answer = try await client.mint(#"{"route":"product","values":{"id":1042}}"#)
        #expect(jsonString(answer.body, "url") == "https://shop.example.com/product/1042")
      }
    }

    /// One link of the shop's table to open on each platform.
    struct Link {
      var code: String
      var route: String
      var body: String
      /// Whether the route has a web URL (on a web origin or host of the table).
      var hasWeb: Bool
    }

    static let cases: [Link] = [
      Link(
        code: "pWeb", route: "product", body: #"{"url":"https://shop.example.com/product/42"}"#,
        hasWeb: true),
      Link(code: "pApp", route: "product", body: #"{"url":"shop://product/42"}"#, hasWeb: true),
      Link(
        code: "pRoute", route: "product", body: #"{"route":"product","values":{"id":42}}"#,
        hasWeb: true),
      Link(
        code: "sApp", route: "search", body: #"{"url":"shop://search?q=red%20shoes"}"#, hasWeb: true
      ),
      Link(
        code: "sWeb", route: "search", body: #"{"url":"https://shop.example.com/search?q=red"}"#,
        hasWeb: true),
      Link(code: "hApp", route: "help", body: #"{"url":"shop://help/returns/eu"}"#, hasWeb: true),
      Link(code: "cApp", route: "cart", body: #"{"url":"shop://cart"}"#, hasWeb: true),
      Link(code: "cWeb", route: "cart", body: #"{"route":"cart"}"#, hasWeb: true),
      Link(
        code: "set", route: "settings", body: #"{"url":"shop://settings/privacy"}"#, hasWeb: false),
      Link(
        code: "blog", route: "blog", body: #"{"url":"https://shop.example.com/blog/winter-guide"}"#,
        hasWeb: true),
      Link(
        code: "look", route: "lookbook", body: #"{"route":"lookbook","values":{"season":"fw27"}}"#,
        hasWeb: true),
      Link(
        code: "post", route: "post", body: #"{"url":"https://news.shop.example.com/post/3"}"#,
        hasWeb: true),
    ]

    @Test(
      "every route × platform (desktop, iOS, Android, crawler): each Location and href opens there")
    func everyRouteOnEveryPlatform() async throws {
      let table = try ShopTable.table()
      let matcher = RouteMatcher(table)
      let minter = LinkMinter(table: table, hosts: [ShopTable.host])
      // Every route of the table has a link here.
      #expect(Set(Self.cases.map(\.route)) == Set(table.routes.map(\.name)))
      try await LinksTestServer.run(configure: ShopTable.configure(table)) {
        client, _, _ async throws in
        for link in Self.cases {
          let body = String(link.body.dropLast()) + ",\"code\":\"\(link.code)\"}"
          let minted = try await client.mint(body)
          #expect(minted.status == .created, "\(link.body): \(minted.body)")
        }
        /// A web page of the link's own route, on a host the table names.
        func isWebPage(_ url: String, of link: Link) -> Bool {
          guard let checked = minter.sendable(url), checked.isWeb,
            minter.isTableHost(checked.host)
          else { return false }
          return matcher.match(url)?.route.name == link.route
        }
        /// A URL the app opens for the link's route: one of its schemes (its own or https).
        func isAppLink(_ url: String, of link: Link) -> Bool {
          guard let checked = minter.sendable(url), ["shop", "https"].contains(checked.scheme)
          else { return false }
          return matcher.match(url)?.route.name == link.route
        }
        for link in Self.cases {
          let appOpens = !ShopTable.webOnly.contains(link.route)
          let path = "/l/\(link.code)"

          // Desktop: a redirect to the web page, or (the app's route alone) a page saying to
          // open it on a phone, with the stores' web pages and no app scheme.
          let desktop = try await client.get(path, userAgent: Agents.desktop)
          if link.hasWeb {
            #expect(desktop.status == .found, "\(link.code) desktop")
            let location = desktop.headers[.location] ?? ""
            #expect(isWebPage(location, of: link), "\(link.code) desktop → \(location)")
          } else {
            #expect(desktop.status == .ok, "\(link.code) desktop")
            #expect(desktop.body.contains("Open it on your iPhone or Android phone"))
            let hrefs = links(in: desktop.body).map(\.href)
            #expect(hrefs.allSatisfy { $0.hasPrefix("https://") }, "\(link.code) desktop \(hrefs)")
            #expect(hrefs.count == 2, "\(link.code): the two stores")
          }

          // Crawler: the card; its one link is the web page, if the route has one.
          let crawler = try await client.get(path, userAgent: Agents.crawler)
          #expect(crawler.status == .ok)
          let crawlerLinks = links(in: crawler.body)
          #expect(crawlerLinks.count == (link.hasWeb ? 1 : 0), "\(link.code) crawler")
          for href in crawlerLinks.map(\.href) {
            #expect(isWebPage(href, of: link), "\(link.code) crawler → \(href)")
          }

          for agent in [Agents.iPhone, Agents.android] {
            let phone = try await client.get(path, userAgent: agent)
            let platform = agent == Agents.iPhone ? "iOS" : "Android"
            guard appOpens else {
              // A web-only route: straight to the web page, no app, no store, no token.
              #expect(phone.status == .found, "\(link.code) \(platform)")
              let location = phone.headers[.location] ?? ""
              #expect(isWebPage(location, of: link), "\(link.code) \(platform) → \(location)")
              #expect(!phone.body.contains("switchyard_token"))
              continue
            }
            #expect(phone.status == .ok, "\(link.code) \(platform)")
            let found = links(in: phone.body)
            let app = found.filter { $0.text == "Open in the app" }.map(\.href)
            let web = found.filter { $0.text == "Continue on the web" }.map(\.href)
            let stores = found.filter {
              $0.href.hasPrefix("https://apps.apple.com/")
                || $0.href.hasPrefix("https://play.google.com/")
            }
            #expect(app.count == 1, "\(link.code) \(platform): \(found.map(\.href))")
            for href in app {
              #expect(isAppLink(href, of: link), "\(link.code) \(platform) app → \(href)")
            }
            #expect(web.count == (link.hasWeb ? 1 : 0), "\(link.code) \(platform) web \(web)")
            for href in web {
              #expect(isWebPage(href, of: link), "\(link.code) \(platform) web → \(href)")
            }
            #expect(stores.count == 1, "\(link.code) \(platform): the platform's store")
            #expect(found.count == app.count + web.count + stores.count)
          }
        }
      }
    }

    @Test(
      "an app's URL on a desktop: the same route's web URL when it has one, else the open-on-a-phone page"
    )
    func appSchemeOnDesktop() async throws {
      let table = try ShopTable.table()
      try await LinksTestServer.run(configure: ShopTable.configure(table)) {
        client, _, _ async throws in
        #expect(
          try await client.mint(#"{"url":"shop://product/42","code":"app"}"#).status == .created)
        #expect(
          try await client.mint(#"{"url":"shop://settings/privacy","code":"only"}"#).status
            == .created)
        let desktop = try await client.get("/l/app", userAgent: Agents.desktop)
        #expect(desktop.status == .found)
        #expect(desktop.headers[.location] == "https://shop.example.com/product/42")
        let curl = try await client.get("/l/only", userAgent: "curl/8.5.0")
        #expect(curl.status == .ok)
        #expect(curl.headers[.location] == nil)
        #expect(!curl.body.contains("shop://"))
        #expect(curl.body.contains("This link opens in the app"))
        // The phone gets the app's own URL, which the page may link to.
        let phone = try await client.get("/l/app", userAgent: Agents.iPhone)
        #expect(phone.body.contains(#"href="shop://product/42">Open in the app"#))
        #expect(
          phone.body.contains(#"href="https://shop.example.com/product/42">Continue on the web"#))
      }
    }

    @Test("a web-only route's link: phones are redirected to the web, with no install token")
    func webOnlyOnPhones() async throws {
      let table = try ShopTable.table()
      try await LinksTestServer.run(configure: ShopTable.configure(table)) {
        client, _, _ async throws in
        #expect(
          try await client.mint(#"{"url":"https://shop.example.com/blog/winter-guide","code":"b"}"#)
            .status == .created)
        for agent in [Agents.iPhone, Agents.android] {
          let answer = try await client.get("/l/b", userAgent: agent)
          #expect(answer.status == .found)
          #expect(answer.headers[.location] == "https://shop.example.com/blog/winter-guide")
          #expect(answer.headers[.vary] == "User-Agent")
          #expect(!answer.body.contains("switchyard_token"))
          #expect(!(answer.headers[.location] ?? "").contains("switchyard_token"))
        }
      }
    }
  }
#endif
