#if Links
  import HTTPTypes
  import Switchyard
  import SwitchyardFiles
  import SwitchyardLinks
  import Testing

  @Suite("GET {prefix}{code}, /v1/links/{code}, the link files, /healthz over loopback")
  struct ShortLinkTests {
    /// A URL of each route of the example table.
    static let routeURLs: [String: String] = [
      "home": "myapp://home",
      "user": "myapp://user/42",
      "userTab": "myapp://user/42/posts",
      "product": "myapp://product/8F14E45F-CEEA-467F-A8F5-8E8D3F1C2B7A",
      "deals": "myapp://deals/under/9.99",
      "category": "myapp://shop/shoes/page/2",
      "files": "myapp://files/docs/read%20me.txt",
      "search": "myapp://search?q=red%20shoes",
      "searchRecent": "myapp://search?q=shoes&sort=recent",
      "help": "myapp://help#returns",
      "helpShipping": "myapp://help#shipping",
      "settings": "myapp://settings/privacy/ads",
      "profile": "https://example.com/@alice",
      "article": "https://www.example.com/articles/7/hello-world",
      "articleJSON": "https://api.example.com/articles/7.json",
      "blogPost": "https://news.example.com/post/launch",
      "shortLink": "https://go.example.com/s/abc",
      "campaign": "https://example.com/spring?utm_campaign=sale",
      "orders": "https://example.com/account/orders",
      "legacy": "https://example.com/legacy/old/page",
      "website": "https://example.com/about/team",
    ]

    /// User agents of each class.
    static let crawlers = [
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Facebot", "Twitterbot/1.0", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
      "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
      "WhatsApp/2.23.20.0 A", "TelegramBot (like TwitterBot)",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    ]
    static let iOS = [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.40.98;FBBV/614434414]",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 337.0.3.23.54 (iPhone14,5; iOS 17_5; en_US)",
    ]
    static let android = [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36",
      "Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.71 Mobile Safari/537.36 musical_ly_2023405020 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/34.5.2 ByteLocale/en",
      "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240605.024; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.71 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/470.0.0.43.108;]",
    ]
    static let desktop = [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      "curl/8.5.0", "",
    ]

    @Test("the user-agent matrix for every route of the example table")
    func userAgentMatrix() async throws {
      let table = try BuiltInRoutes.table()
      #expect(Set(Self.routeURLs.keys) == Set(table.routes.map(\.name)))
      try await LinksTestServer.run { client, _, _ async throws in
        for (route, url) in Self.routeURLs.sorted(by: { $0.key < $1.key }) {
          let minted = try await client.mint(
            "{\"url\": " + JSONEscaping.quote(url) + ", \"description\": \"About \(route)\"}")
          #expect(minted.status == .created, "\(route): \(minted.body)")
          #expect(jsonString(minted.body, "route") == route, "\(url)")
          let code = try #require(jsonString(minted.body, "code"))
          let path = "/l/" + code
          for agent in Self.crawlers {
            let answer = try await client.get(path, userAgent: agent)
            #expect(answer.status == .ok, "\(route) \(agent)")
            #expect(answer.body.contains("og:title"), "\(route) \(agent)")
            #expect(answer.body.contains("twitter:card"), "\(route) \(agent)")
            #expect(answer.body.contains("About \(route)"), "\(route) \(agent)")
            #expect(answer.body.contains("https://go.example.com/l/\(code)"))
            Self.expectPageHeaders(answer)
          }
          for agent in Self.iOS {
            let answer = try await client.get(path, userAgent: agent)
            #expect(answer.status == .ok, "\(route) \(agent)")
            #expect(answer.body.contains("apps.apple.com/app/id123456789"), "\(route) \(agent)")
            Self.expectPageHeaders(answer, vary: "User-Agent, Accept-Language")
          }
          for agent in Self.android {
            let answer = try await client.get(path, userAgent: agent)
            #expect(answer.status == .ok, "\(route) \(agent)")
            #expect(
              answer.body.contains("play.google.com/store/apps/details?id=com.example.myapp"),
              "\(route) \(agent)")
            Self.expectPageHeaders(answer, vary: "User-Agent, Accept-Language")
          }
          // A desktop goes to the web page; the example's app routes (myapp://) have none, so
          // it gets the page saying to open the link on a phone, never a redirect to myapp://.
          let isWeb = url.hasPrefix("https://")
          for agent in Self.desktop {
            let answer = try await client.get(path, userAgent: agent)
            #expect(answer.status == (isWeb ? .found : .ok), "\(route) \(agent)")
            #expect(answer.headers[.location] == (isWeb ? url : nil), "\(route) \(agent)")
            #expect(answer.headers[.vary] == "User-Agent")
            #expect(answer.headers[.cacheControl]?.hasPrefix("public, max-age=") == true)
            if !isWeb {
              #expect(answer.body.contains("This link opens in the app"), "\(route) \(agent)")
              #expect(!answer.body.contains("myapp:"), "\(route) \(agent)")
              Self.expectPageHeaders(answer)
            }
          }
          let missing = try await client.get(path)
          #expect(missing.status == (isWeb ? .found : .ok))
        }
      }
    }

    /// `vary`: a phone's landing page also follows `Accept-Language` (its texts' language).
    static func expectPageHeaders(_ answer: HTTPAnswer, vary: String = "User-Agent") {
      #expect(answer.headers[.vary] == vary)
      #expect(answer.headers[.contentType] == "text/html; charset=utf-8")
      // The iOS landing page with "Get the app" also allows its one script, by hash.
      #expect(
        answer.headers[.contentSecurityPolicy]
          == (answer.body.contains("id=\"get-app\"")
            ? LinkPages.installContentSecurityPolicy : LinkPages.contentSecurityPolicy))
      #expect(answer.headers[.cacheControl] != nil)
    }

    @Test(
      "a route's previewTitle titles its previews; a link's own title wins; else host and path")
    func titleTemplate() async throws {
      let text = #"""
        {"version": 1, "routes": [
          {"name": "post", "pattern": "https://example.com/post/:slug", "metadata": {"previewTitle": "Post {slug}"}},
          {"name": "help", "pattern": "https://example.com/help/*topic"},
          {"name": "app", "pattern": "myapp://inbox"}
        ]}
        """#
      let table = try RouteFile.parse(text, fileName: "routes.json")
      try await LinksTestServer.run(configure: { $0.table = table }) { client, _, _ async throws in
        let plain = try #require(
          jsonString(
            try await client.mint(#"{"url": "https://example.com/post/hello"}"#).body, "code"))
        let titled = try #require(
          jsonString(
            try await client.mint(
              #"{"url": "https://example.com/post/x", "title": "Ours & theirs"}"#
            )
            .body, "code"))
        let crawler = Self.crawlers[0]
        #expect(try await client.get("/l/" + plain, userAgent: crawler).body.contains("Post hello"))
        let page = try await client.get("/l/" + titled, userAgent: crawler).body
        #expect(page.contains("Ours &amp; theirs"))
        #expect(!page.contains("Ours & theirs"))
        // No title, no template: the long URL's host and path, never the route's name.
        let help = try #require(
          jsonString(
            try await client.mint(#"{"url": "https://example.com/help/returns/?x=1"}"#).body,
            "code"))
        let helpPage = try await client.get("/l/" + help, userAgent: crawler).body
        #expect(
          helpPage.contains("<meta property=\"og:title\" content=\"example.com/help/returns\">"))
        #expect(!helpPage.contains("content=\"help\""))
        // An app-only link: the short link's host (the test server's first --host).
        let inbox = try #require(
          jsonString(try await client.mint(#"{"url": "myapp://inbox"}"#).body, "code"))
        let inboxPage = try await client.get("/l/" + inbox, userAgent: crawler).body
        #expect(inboxPage.contains("<meta property=\"og:title\" content=\"go.example.com\">"))
      }
      // --site-name titles every untitled link without a template.
      try await LinksTestServer.run(configure: {
        $0.table = table
        $0.siteName = "Example Shop"
      }) { client, _, _ async throws in
        let help = try #require(
          jsonString(
            try await client.mint(#"{"url": "https://example.com/help/returns"}"#).body, "code"))
        let page = try await client.get("/l/" + help, userAgent: Self.crawlers[0]).body
        #expect(page.contains("<meta property=\"og:title\" content=\"Example Shop\">"))
        let post = try #require(
          jsonString(try await client.mint(#"{"url": "https://example.com/post/hi"}"#).body, "code")
        )
        #expect(
          try await client.get("/l/" + post, userAgent: Self.crawlers[0]).body.contains("Post hi"))
      }
    }

    @Test("unknown and malformed codes: 404 page; expired: 410 page; never a redirect")
    func missingAndExpired() async throws {
      try await LinksTestServer.run { client, _, time async throws in
        let minted = try await client.mint(
          #"{"url": "myapp://home", "code": "soon", "expires": "2027-06-01T08:00:00+01:00"}"#)
        #expect(minted.status == .created)
        #expect(try await client.get("/l/soon").status == .ok)
        for path in ["/l/nothing", "/l/a/b", "/l/..", "/l/%00", "/l/", "/l/x'%20OR%201=1"] {
          for agent in [nil, Self.crawlers[0], Self.iOS[0]] {
            let answer = try await client.get(path, userAgent: agent)
            #expect(answer.status == .notFound, "\(path)")
            #expect(answer.headers[.location] == nil)
            #expect(answer.headers[.vary] == "User-Agent")
          }
        }
        #expect(try await client.get("/v1/links/nothing").status == .notFound)
        time.advance(by: 1_800_000_000)
        for agent in [nil, Self.crawlers[0], Self.android[0]] {
          let answer = try await client.get("/l/soon", userAgent: agent)
          #expect(answer.status == .gone)
          #expect(answer.headers[.location] == nil)
          #expect(answer.headers[.vary] == "User-Agent")
        }
        let info = try await client.get("/v1/links/soon")
        #expect(info.status == .gone)
        #expect(jsonString(info.body, "field") == "code")
      }
    }

    @Test("the link files: the table's, with the short-link prefix as an app path")
    func wellKnown() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        let aasa = try await client.get("/.well-known/apple-app-site-association")
        #expect(aasa.status == .ok)
        #expect(aasa.headers[.contentType] == "application/json")
        let file = try AppleAppSiteAssociation(json: aasa.body)
        #expect(file.opens("https://go.example.com/l/Ab3dE9xQ"))
        #expect(file.opens("https://example.com/articles/7"))
        let expected = AppleAppSiteAssociation.export(
          try BuiltInRoutes.table(), appIDs: ["ABCDE12345.com.example.myapp"]
        ).file
        #expect(file.details[0].components.dropFirst() == expected.details[0].components[...])
        let links = try await client.get("/.well-known/assetlinks.json")
        #expect(links.status == .ok)
        #expect(links.headers[.contentType] == "application/json")
        #expect(try AssetLinks(json: links.body).apps.first?.packageName == "com.example.myapp")
      }
      try await LinksTestServer.run(configure: {
        $0.appIDs = []
        $0.androidPackage = nil
      }) { client, _, _ async throws in
        #expect(try await client.get("/.well-known/apple-app-site-association").status == .notFound)
        #expect(try await client.get("/.well-known/assetlinks.json").status == .notFound)
      }
    }

    @Test("a store that stops answering: /healthz 503, short links 503 pages, minting 503")
    func storeUnreachable() async throws {
      try await LinksTestServer.run { client, store, _ async throws in
        #expect(
          try await client.mint(#"{"url": "myapp://home", "code": "home"}"#).status == .created)
        try await store.close()
        let health = try await client.get("/healthz")
        #expect(health.status == .serviceUnavailable)
        #expect(jsonString(health.body, "error") == "the store is unreachable")
        let link = try await client.get("/l/home")
        #expect(link.status == .serviceUnavailable)
        #expect(link.headers[.location] == nil)
        #expect(link.headers[.vary] == "User-Agent")
        #expect(try await client.get("/v1/links/home").status == .serviceUnavailable)
        #expect(try await client.mint(#"{"url": "myapp://home"}"#).status == .serviceUnavailable)
      }
    }

    @Test("/healthz, the OpenAPI document, and requests the service does not know")
    func serviceEndpoints() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        let health = try await client.get("/healthz")
        #expect(health.status == .ok)
        let document = try await client.get("/v1/openapi.json")
        #expect(document.status == .ok)
        #expect(document.body == LinksOpenAPI.document)
        #expect(try await client.get("/nothing").status == .notFound)
        #expect(try await client.send(.put, "/v1/links").status == .methodNotAllowed)
      }
    }
  }
#endif
