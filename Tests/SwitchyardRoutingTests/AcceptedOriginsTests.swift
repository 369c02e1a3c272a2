import Testing

@testable import Switchyard

@Suite("Accepted origins")
struct AcceptedOriginsTests {
  @Test("a path-only pattern answers exactly the accepted origins")
  func pathOnly() throws {
    let router = try Router<String>(accepting: ["shop", "https://(www.)shop.example.com:8443"])
    try router.register("/orders/<int:id>") { "order \(try $0.value("id", as: Int.self))" }
    #expect(router.route("shop://orders/1") == "order 1")
    #expect(router.route("SHOP://orders/2") == "order 2")
    #expect(router.route("https://shop.example.com:8443/orders/3") == "order 3")
    #expect(router.route("https://www.shop.example.com:8443/orders/4") == "order 4")
    #expect(router.route("https://shop.example.com/orders/5") == nil)
    #expect(router.route("https://evil.example.com:8443/orders/6") == nil)
    #expect(router.route("/orders/7") == nil)
    // The route keeps the pattern as written.
    #expect(router.table.routes.map(\.pattern.text) == ["/orders/<int:id>"])
  }

  @Test("building for a host no accepted origin answers names the origins")
  func foreignHost() throws {
    let router = try Router<String>(accepting: ["shop", "https://(www.)shop.example.com:8443"])
    try router.register("/orders/<int:id>", name: "orders") {
      "order \(try $0.value("id", as: Int.self))"
    }
    #expect(
      try router.url(for: "orders", values: ["id": 1], host: "shop.example.com", scheme: "https")
        == "https://shop.example.com:8443/orders/1")
    #expect {
      try router.url(for: "orders", values: ["id": 1], host: "evil.com", scheme: "https")
    } throws: { error in
      (error as? URLBuildingError)?.description
        == "route 'orders': host 'evil.com' does not match the route's accepted origins (shop, https://(www.)shop.example.com:8443)"
    }
  }

  @Test("a pattern that names its scheme or host keeps it")
  func explicitPatterns() throws {
    let router = try Router<String>(accepting: ["shop"])
    try router.register("other://x") { _ in "scheme" }
    try router.register("//any.example.com/x") { _ in "host" }
    #expect(router.route("other://x") == "scheme")
    #expect(router.route("https://any.example.com/x") == "host")
    #expect(router.route("shop://x") == nil)
  }

  @Test("precedence is that of the explicit variants: a literal host over a wildcard")
  func precedence() throws {
    let router = try Router<String>(accepting: ["https://shop.example.com"])
    try router.register("https://*.example.com/deals") { _ in "wildcard" }
    try router.register("/deals") { _ in "origin" }
    try router.register("/p/:slug") { _ in "slug" }
    try router.register("https://shop.example.com/p/<int:id>") { _ in "int" }
    #expect(router.route("https://shop.example.com/deals") == "origin")
    #expect(router.route("https://blog.example.com/deals") == "wildcard")
    #expect(router.route("https://shop.example.com/p/5") == "int")
    #expect(router.route("https://shop.example.com/p/five") == "slug")
  }

  @Test("origins that are not a scheme with a host are refused, saying why")
  func badOrigins() {
    for (text, reason) in [
      ("https://shop.example.com/app", "no path, query or fragment"),
      ("//shop.example.com", "must start with a scheme"),
      ("https://shop.example.com?x=1", "no path, query or fragment"),
      ("1shop", "1shop"),
    ] {
      do {
        _ = try LinkOrigin(text)
        Issue.record("expected \(text) to be refused")
      } catch {
        #expect(error.code == .badOrigin)
        #expect(error.message.contains(reason), "\(error.message)")
      }
    }
  }

  @Test("a table with origins: every variant of every origin counts towards the limit")
  func variantLimit() throws {
    var options = RouteOptions()
    options.acceptedOrigins = [
      try LinkOrigin("http(s)://(a.)(b.)(c.)example.com"),
      try LinkOrigin("http(s)://(a.)(b.)(c.)example.org"),
    ]
    var table = RouteTable(options: options)
    try table.add("fits", "/(a)/(b)/(c)")
    do {
      try table.add("many", "/(a)/(b)/(c)/(d)")
      Issue.record("expected too many variants")
    } catch {
      #expect(error.code == .badPattern)
      #expect(error.message.contains("at most 256"), "\(error.message)")
    }
    #expect(table.routes.map(\.name) == ["fits"])
  }
}
