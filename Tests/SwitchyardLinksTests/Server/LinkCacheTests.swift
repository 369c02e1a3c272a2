#if Links
  import Foundation
  import Hummingbird
  import NIOConcurrencyHelpers
  @testable import SwitchyardLinks
  import Testing

  /// The links and landing pages kept in memory: bounded, and a kept page is the page.
  @Suite("The cache of links read lately and their landing pages")
  struct LinkCacheTests {
    static func record(_ code: String) -> LinkRecord {
      LinkRecord(code: code, url: "myapp://user/1", route: "user", values: [], created: 0)
    }

    @Test("at most its capacity: a full cache is emptied, then keeps the new entry")
    func bounded() {
      let cache = LinkCache(capacity: 3, pageCapacity: 2)
      for code in ["a", "b", "c"] { cache.keep(Self.record(code)) }
      #expect(["a", "b", "c"].allSatisfy { cache.record($0) != nil })
      cache.keep(Self.record("d"))
      #expect(cache.record("d") == Self.record("d"))
      #expect(cache.records.withLockedValue { $0.count } == 1)
      let policy = LinkPages.contentSecurityPolicy
      cache.keep(page: .init(parts: ["x"], contentSecurityPolicy: policy), for: "1")
      cache.keep(page: .init(parts: ["y"], contentSecurityPolicy: policy), for: "2")
      cache.keep(page: .init(parts: ["z"], contentSecurityPolicy: policy), for: "3")
      #expect(cache.page("3")?.parts == ["z"] && cache.page("1") == nil)
      #expect(cache.pages.withLockedValue { $0.count } == 1)
      #expect(LinkCache().placeholder.count == 54 && Base64URL.isEncoded(LinkCache().placeholder))
      #expect(LinkCache().placeholder != LinkCache().placeholder)
    }

    @Test("a page is cut at each placeholder, and the parts joined with it give the page")
    func split() {
      #expect(LinkCache.split("aXXbXXc", at: "XX") == ["a", "b", "c"])
      #expect(LinkCache.split("XXmidXX", at: "XX") == ["", "mid", ""])
      #expect(LinkCache.split("none", at: "XX") == ["none"])
      #expect(LinkCache.split("", at: "XX") == [""])
      let page = "<a href=\"p?r=TOKEN\">é</a><a data-link=\"l?t=TOKEN\">"
      #expect(LinkCache.split(page, at: "TOKEN").joined(separator: "TOKEN") == page)
    }

    @Test(
      "a landing page from the cache is the page rendered afresh with its own token (iOS and Android)"
    )
    func cachedPagesArePages() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        let code = try await InstallTokenTests.mintUser(client)
        for agent in [InstallTokenTests.android, InstallTokenTests.iPhone] {
          // The first visit renders the page, the next ones come from the cache.
          let pages = try await (0..<3).asyncMap { _ in
            try await client.get("/l/" + code, userAgent: agent).body
          }
          let tokens = try pages.map { page in
            agent == InstallTokenTests.android
              ? try InstallTokenTests.androidToken(page)
              : String(try InstallTokenTests.oneTimeLink(page).split(separator: "=").last ?? "")
          }
          #expect(Set(tokens).count == 3)
          for (page, token) in zip(pages, tokens).dropFirst() {
            #expect(page.replacingOccurrences(of: token, with: tokens[0]) == pages[0])
          }
        }
      }
    }

    @Test(
      "cached phone pages are the pages rendered afresh from the link's targets: the app's link, Continue on the web, the title"
    )
    func cachedPagesFollowTargets() async throws {
      let table = try ShopTable.table()
      let configure: @Sendable (inout LinksConfiguration) -> Void = {
        ShopTable.configure(table)(&$0)
        $0.siteName = "The Shop"
      }
      try await LinksTestServer.run(configure: configure) { server in
        let client = server.client
        let links = [
          // The app's own URL with the route's web URL: both buttons.
          #"{"url":"shop://product/42","code":"app"}"#,
          // A route of the app alone: no "Continue on the web".
          #"{"url":"shop://settings/privacy","code":"only"}"#,
          // A web URL the app opens, with a title of its own.
          #"{"url":"https://shop.example.com/cart","code":"web","title":"Your cart"}"#,
        ]
        for body in links {
          #expect(try await client.mint(body).status == .created, "\(body)")
        }
        // The same configuration and store as the server's: the page as rendered afresh.
        var configuration = try LinksTestServer.configuration(time: server.time)
        configure(&configuration)
        let fresh = try LinksService(configuration: configuration, store: server.store)
        for code in ["app", "only", "web"] {
          let record = try #require(try await server.store.link(code: code))
          let targets = fresh.targets(record)
          var stores = fresh.stores
          if let scheme = targets.appScheme { stores.appSchemes = [scheme] }
          for agent in [Agents.iPhone, Agents.android] {
            let client = agent == Agents.iPhone ? LinkClient.iOSBrowser : .androidBrowser
            // The first visit renders the page, the next ones come from the cache.
            for _ in 0..<3 {
              let page = try await server.client.get("/l/" + code, userAgent: agent).body
              let token =
                client == .androidBrowser
                ? try InstallTokenTests.androidToken(page)
                : String(try InstallTokenTests.oneTimeLink(page).split(separator: "=").last ?? "")
              #expect(!token.isEmpty)
              let expected = LinkPages.landing(
                fresh.preview(record, host: "127.0.0.1", targets: targets), for: client,
                stores: stores, installToken: token)
              #expect(page == expected, "\(code) \(client)")
            }
          }
        }
        // What those pages hold, as main's pages do.
        let app = try await client.get("/l/app", userAgent: Agents.iPhone).body
        #expect(app.contains(#"href="shop://product/42">Open in the app"#))
        #expect(app.contains(#"href="https://shop.example.com/product/42">Continue on the web"#))
        #expect(app.contains("<title>The Shop</title>"))
        let only = try await client.get("/l/only", userAgent: Agents.android).body
        #expect(only.contains("Open in the app") && !only.contains("Continue on the web"))
        let web = try await client.get("/l/web", userAgent: Agents.iPhone).body
        #expect(web.contains("<title>Your cart</title>"))
        #expect(web.contains(#"href="https://shop.example.com/cart">Continue on the web"#))
      }
    }
  }

  extension Range where Bound == Int {
    /// `transform` of each number, one after the other.
    func asyncMap<T>(_ transform: (Int) async throws -> T) async rethrows -> [T] {
      var results: [T] = []
      for index in self { results.append(try await transform(index)) }
      return results
    }
  }
#endif
