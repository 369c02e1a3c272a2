import Foundation
import Switchyard
import SwitchyardFiles
import SwitchyardFoundation
import Testing

extension TypedKey where Value == Bool {
  fileprivate static var requiresSignIn: Self { Self("requiresSignIn", default: false) }
}

extension TypedKey where Value == String {
  fileprivate static var screenName: Self { Self("screenName", default: "") }
}

extension TypedKey where Value == String {
  fileprivate static var source: Self { Self("source", default: "link") }
}

/// The shop app of the developer trial: one route table for `shop://` and for
/// `https://(www.)shop.example.com`, a login gate that reads metadata, back stacks and context.
@Suite("Shop app")
struct ShopAppTests {
  enum Screen: Hashable, Sendable {
    case home, account, orders, checkout
    case product(Int), reviews(Int), review(Int, Int)
    case category(Int), categorySlug(String)
    case order(UUID)
    case login(next: String)
    case help(String)
    case search(String)
    case deals(source: String)
    case notFound(String)
  }

  final class Session: @unchecked Sendable {
    private let lock = NSLock()
    private var signedIn = false
    private var sources: [String] = []
    private var screens: [String] = []

    var isSignedIn: Bool {
      get { lock.withLock { signedIn } }
      set { lock.withLock { signedIn = newValue } }
    }
    func saw(source: String) { lock.withLock { sources.append(source) } }
    func saw(screen: String) { lock.withLock { screens.append(screen) } }
    var seenSources: [String] { lock.withLock { sources } }
    var seenScreens: [String] { lock.withLock { screens } }
  }

  static let orderID = "6F9619FF-8B86-D011-B42D-00C04FC964FF"

  func makeRouter(_ session: Session) throws -> Router<Screen> {
    let router = try Router<Screen>(
      accepting: ["shop", "https://(www.)shop.example.com"],
      options: RouteOptions(plusAsSpace: true))
    let signIn = RouteMetadata.with(.requiresSignIn, true)
    try router.register("/", metadata: .with(.screenName, "home")) { _ in .home }
    try router.register("/product/<int:id>", metadata: .with(.screenName, "product")) {
      .product(try $0.value("id", as: Int.self))
    }
    try router.register("/product/<int:id>/reviews") { .reviews(try $0.value("id", as: Int.self)) }
    try router.register("/product/<int:id>/reviews/<int:review>") {
      .review(try $0.value("id", as: Int.self), try $0.value("review", as: Int.self))
    }
    try router.register("/category/<int:id>") { .category(try $0.value("id", as: Int.self)) }
    try router.register("/category/:slug") { .categorySlug(try $0.value("slug", as: String.self)) }
    try router.register("/account", metadata: signIn.with(.screenName, "account")) { _ in
      .account
    }
    try router.register("/account/orders", metadata: signIn.with(.screenName, "orders")) { _ in
      .orders
    }
    try router.register("/account/orders/<uuid:id>", metadata: signIn) { match in
      .order(try match.value("id", as: UUID.self))
    }
    try router.register("/checkout", metadata: signIn) { _ in .checkout }
    try router.register("/login") { .login(next: $0.query.last("next") ?? "") }
    try router.register("/help/*topic") { .help($0["topic"] ?? "") }
    try router.register("/search?q=<q>") { .search(try $0.value("q", as: String.self)) }
    try router.register("/deals") { .deals(source: $0.context[.source]) }

    router.intercept(name: "login") { request in
      session.saw(source: request.context[.source])
      guard request.metadata[.requiresSignIn], !session.isSignedIn else { return .pass }
      return .redirect(to: "shop://login?next=" + request.url)
    }
    router.observe { event in
      if event.outcome == .handled, let name = event.metadata?[.screenName], !name.isEmpty {
        session.saw(screen: name)
      }
    }
    router.unmatchedHandler = { request in .notFound(request.url) }
    return router
  }

  @Test("one route answers the app scheme and both web hosts, and no other origin")
  func origins() throws {
    let router = try makeRouter(Session())
    #expect(router.route("shop://product/42") == .product(42))
    #expect(router.route("https://shop.example.com/product/42") == .product(42))
    #expect(router.route("https://www.shop.example.com/product/42") == .product(42))
    #expect(router.route("https://www.shop.example.com") == .home)
    #expect(router.route("shop://") == .home)
    #expect(
      router.route("https://evil.example.com/product/42")
        == .notFound("https://evil.example.com/product/42"))
    #expect(router.route("other://product/42") == .notFound("other://product/42"))
    #expect(router.route("shop://category/12") == .category(12))
    #expect(router.route("shop://category/shoes") == .categorySlug("shoes"))
    #expect(router.route("https://shop.example.com/search?q=red+shoes") == .search("red shoes"))
    #expect(router.table.routes.count == 14)
  }

  @Test("Foundation URLs and UUIDs")
  func foundation() throws {
    let router = try makeRouter(Session())
    let session = Session()
    session.isSignedIn = true
    let signedIn = try makeRouter(session)
    #expect(router.route(URL(string: "shop://product/7")!) == .product(7))
    #expect(router.canRoute(URL(string: "https://shop.example.com/checkout")!))
    #expect(
      signedIn.route(URL(string: "shop://account/orders/\(Self.orderID)")!)
        == .order(UUID(uuidString: Self.orderID)!))
    // Any case, as the <uuid:> capture accepts it.
    #expect(
      signedIn.route("shop://account/orders/\(Self.orderID.lowercased())")
        == .order(UUID(uuidString: Self.orderID)!))
  }

  @Test("the login gate reads metadata, not route names; the stack behind it is one login")
  func loginGate() throws {
    let session = Session()
    let router = try makeRouter(session)
    let link = "shop://account/orders/\(Self.orderID)"
    #expect(router.route("shop://checkout") == .login(next: "shop://checkout"))
    #expect(router.stack(for: link) == [.login(next: link)])
    #expect(router.resolve(link).redirects == [link])

    session.isSignedIn = true
    #expect(router.route("shop://checkout") == .checkout)
    #expect(
      router.stack(for: link) == [.account, .orders, .order(UUID(uuidString: Self.orderID)!)])
    #expect(router.match("shop://account/orders")?.route.metadata[.requiresSignIn] == true)
    #expect(router.match("shop://product/1")?.route.metadata[.requiresSignIn] == false)
  }

  @Test("back stacks: web links, catch-all parents, unknown links")
  func backStacks() throws {
    let router = try makeRouter(Session())
    #expect(
      router.stack(for: "https://www.shop.example.com/product/42/reviews/7")
        == [.product(42), .reviews(42), .review(42, 7)])
    #expect(
      router.stack(for: "shop://help/returns/international") == [.help("returns/international")])
    #expect(router.stack(for: "shop://nowhere/at/all") == [.notFound("shop://nowhere/at/all")])
    #expect(
      router.stack(for: "shop://product/42/nonsense")
        == [.product(42), .notFound("shop://product/42/nonsense")])
  }

  @Test("context reaches interceptors and handlers; events carry metadata")
  func contextAndEvents() throws {
    let session = Session()
    let router = try makeRouter(session)
    #expect(
      router.route("shop://deals", context: .with(.source, "widget")) == .deals(source: "widget"))
    #expect(router.route("shop://deals") == .deals(source: "link"))
    #expect(session.seenSources == ["widget", "link"])
    _ = router.route("shop://product/1")
    _ = router.route("shop://")
    #expect(session.seenScreens == ["product", "home"])
  }
}
