import SwitchyardMacros
import Testing

@Suite("@Routes: the options an enum declares")
struct RoutesOptionsTests {
  @Test("init?(url:) answers the declared origins only")
  func origins() {
    #expect(OriginLink(url: "https://evil.example.com/product/42") == nil)
    #expect(OriginLink(url: "http://shop.example.com/product/42") == nil)
    #expect(OriginLink(url: "/product/42") == nil)
    #expect(OriginLink(url: "shop://product/42") == .product(id: 42))
    #expect(OriginLink(url: "https://shop.example.com/product/42") == .product(id: 42))
    #expect(OriginLink(url: "https://www.shop.example.com/product/42") == .product(id: 42))
    #expect(OriginLink(url: "https://www.shop.example.com/") == .home)
  }

  @Test("'+' reads as a space when the enum says so")
  func plusAsSpace() {
    #expect(OriginLink(url: "shop://search?q=red+shoes") == .search(q: "red shoes"))
    #expect(OriginLink(url: "shop://search?q=a%2Bb") == .search(q: "a+b"))
  }

  @Test("The table carries the declared options; the matcher of init?(url:) reads with them")
  func table() throws {
    let options = OriginLink.routeTable.options
    #expect(options.plusAsSpace)
    #expect(options.acceptedOrigins.map(\.text) == ["shop", "https://(www.)shop.example.com"])
    #expect(
      OriginLink(url: "https://shop.example.com/product/7", options: options) == .product(id: 7))
  }

  @Test("Every option written in @Routes reaches the table, and the lookup")
  func everyOption() throws {
    let expected = RouteOptions(
      hostAsPath: .schemes(["app"]), caseInsensitivePaths: true, plusAsSpace: false,
      defaultScheme: "app", acceptedOrigins: [try LinkOrigin("https://example.com")])
    #expect(OptionsLink.routeTable.options == expected)
    #expect(OptionsLink(url: "https://example.com/about/7") == .about(id: 7))
    #expect(OptionsLink(url: "https://example.org/about/7") == nil)
  }

  @Test("url(host:scheme:) builds under the origins: the first one by default")
  func building() throws {
    #expect(try OriginLink.product(id: 42).url == "shop://product/42")
    #expect(
      try OriginLink.product(id: 42).url(host: "www.shop.example.com", scheme: "https")
        == "https://www.shop.example.com/product/42")
    #expect(throws: URLBuildingError.self) {
      try OriginLink.product(id: 42).url(host: "evil.example.com", scheme: "https")
    }
    for link: OriginLink in [.home, .product(id: 3), .search(q: "red shoes/50%")] {
      #expect(OriginLink(url: try link.url) == link)
    }
  }

  @Test("A router with the enum's options registers it; one with other options refuses it")
  func routers() throws {
    let router = Router<OriginLink>(options: OriginLink.routeTable.options)
    try router.register(routes: OriginLink.self) { link, _ in link }
    #expect(router.route("https://shop.example.com/product/5") == .product(id: 5))
    #expect(router.route("https://evil.example.com/product/5") == nil)
    #expect(router.route("shop://search?q=a+b") == .search(q: "a b"))

    let same = try Router<OriginLink>(
      accepting: ["shop", "https://(www.)shop.example.com"],
      options: RouteOptions(plusAsSpace: true))
    try same.register(routes: OriginLink.self) { link, _ in link }
    #expect(same.route("shop://product/5") == .product(id: 5))

    let other = Router<OriginLink>()
    let error = #expect(throws: RouteTableError.self) {
      try other.register(routes: OriginLink.self) { link, _ in link }
    }
    #expect(error?.code == .optionsDiffer)
    #expect(other.table.routes.isEmpty)
    #expect(
      error?.message
        == "OriginLink reads links with its own options (accepting shop, https://(www.)shop.example.com, plusAsSpace), this router with others (the default options): make the router with the type's options, Router(options: OriginLink.routeTable.options)"
    )
    // An enum that declares nothing goes on any router, as before.
    try other.register(routes: AppLink.self) { _, _ in .home }
    #expect(other.route("myapp://user/1") == .home)
  }
}

@Suite("@Routes: optional query values")
struct RoutesOptionalQueryTests {
  @Test("Read when present, nil when absent")
  func reading() {
    #expect(OriginLink(url: "shop://login") == .login(next: nil))
    #expect(OriginLink(url: "shop://login?next=%2Forders%2F1") == .login(next: "/orders/1"))
    #expect(OriginLink(url: "shop://login?next=a+b") == .login(next: "a b"))
    #expect(OriginLink(url: "shop://login?next=1&next=2") == .login(next: "2"))
    #expect(OriginLink(url: "shop://login?other=1") == .login(next: nil))
    #expect(OriginLink(url: "shop://list/shoes") == .list(kind: "shoes", page: nil, sort: nil))
    #expect(
      OriginLink(url: "shop://list/shoes?sort=price&page=3")
        == .list(kind: "shoes", page: 3, sort: "price"))
  }

  @Test("A value that does not convert: the case does not match, as for an optional capture")
  func notConverting() {
    #expect(OriginLink(url: "shop://list/shoes?page=three") == nil)
  }

  @Test("Written when not nil, left out when nil; every value round-trips")
  func building() throws {
    #expect(try OriginLink.login(next: nil).url == "shop://login")
    #expect(try OriginLink.login(next: "/orders/1").url == "shop://login?next=%2Forders%2F1")
    #expect(
      try OriginLink.list(kind: "shoes", page: 2, sort: nil).url == "shop://list/shoes?page=2")
    let links: [OriginLink] = [
      .login(next: nil), .login(next: "a b&c=d"), .list(kind: "k", page: 1, sort: "-price"),
      .list(kind: "k", page: nil, sort: "x"),
    ]
    for link in links { #expect(OriginLink(url: try link.url) == link) }
  }

  @Test("Through a router: the handler gets the optional value")
  func router() throws {
    let router = Router<OriginLink>(options: OriginLink.routeTable.options)
    try router.register(routes: OriginLink.self) { link, _ in link }
    #expect(router.route("shop://login?next=x") == .login(next: "x"))
    #expect(router.route("shop://login") == .login(next: nil))
  }
}
