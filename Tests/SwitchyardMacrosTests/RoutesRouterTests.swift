import Clocks
import SwitchyardMacros
import Testing

/// What the routers' handlers give back: the typed value they were handed.
enum Screen: Hashable, Sendable {
  case link(AppLink)
  case shop(ShopLink)
}

@Suite("@Routes: routers take the enum")
struct RoutesRouterTests {
  @Test("Router.register registers every route under its name, with the typed value")
  func routerRegister() throws {
    let router = Router<Screen>()
    let routes = try router.register(routes: AppLink.self) { link, _ in .link(link) }
    #expect(routes.map(\.name) == AppLink.routeTable.routes.map(\.name))
    #expect(router.route("myapp://user/42") == .link(.user(id: 42)))
    #expect(router.route("myapp://post/hi") == .link(.post(slug: "hi")))
    #expect(router.route("/users/7/likes") == .link(.profile(id: 7, tab: "likes")))
    #expect(router.route("/users/new") == .link(.newUser))
    #expect(router.route("myapp://nowhere") == nil)
    #expect(router.match("myapp://post/hi")?.route.name == "post #2")
  }

  @Test("A value that does not convert declines: the router's next candidate runs")
  func routerDeclines() throws {
    let router = Router<Screen>()
    try router.register(routes: ShopLink.self) { link, _ in .shop(link) }
    #expect(router.route("/tabs/likes") == .shop(.tab(tab: .likes)))
    #expect(router.route("/tabs/nonsense") == .shop(.otherTab(rest: "nonsense")))
  }

  @Test("A router with other routes: the values are read by the table's index, not the router's")
  func routerWithOtherRoutes() throws {
    let router = Router<Screen>()
    try router.register("/elsewhere/:x") { _ in .link(.settings) }
    try router.register(routes: AppLink.self) { link, _ in .link(link) }
    #expect(router.route("/files/a/b") == .link(.files(rest: "a/b")))
    #expect(router.route("/elsewhere/1") == .link(.settings))
  }

  @Test("A taken name: nothing of the enum is registered")
  func routerTakenName() throws {
    let router = Router<Screen>()
    try router.register("/taken", name: "newUser") { _ in .link(.settings) }
    #expect(throws: RouteTableError.self) {
      try router.register(routes: AppLink.self) { link, _ in .link(link) }
    }
    #expect(router.table.routes.map(\.name) == ["newUser"])
    #expect(router.route("myapp://user/42") == nil)
  }

  @Test("stack(for:) gives the typed values of the link and its parents")
  func routerStack() throws {
    let router = Router<Trail>()
    try router.register(routes: Trail.self) { trail, _ in trail }
    #expect(router.stack(for: "myapp://shop/5") == [.shop, .product(id: 5)])
  }

  @Test("declare holds the links, attach delivers them typed; gates come from @Route metadata")
  func routerHeldLinks() async throws {
    let router = Router<Screen>()
    router.links.use(TestClock())
    let declared = try router.declare(ShopLink.self)
    #expect(declared.count == ShopLink.routeTable.routes.count)
    let tab = router.dispatch("/tabs/posts")
    let order = router.dispatch("myapp://orders/A1")
    #expect(router.links.held.count == 2)
    try router.attach(routes: ShopLink.self) { link, _ in .shop(link) }
    #expect(await tab.result.output == .shop(.tab(tab: .posts)))
    // The order route waits for its gate (`metadata: .with(.gates, [.signedIn])`).
    #expect(order.currentResult == nil)
    router.links.openGate(.signedIn)
    #expect(await order.result.output == .shop(.order(id: "A1")))
  }

  @Test("MainActorRouter: register, declare and attach with main-actor handlers")
  @MainActor
  func mainActorRouter() async throws {
    let router = MainActorRouter<Screen>()
    try router.register(routes: AppLink.self) { link, _ in .link(link) }
    #expect(router.route("myapp://user/42") == .link(.user(id: 42)))
    #expect(router.stack(for: "/users/new") == [.link(.newUser)])

    let held = MainActorRouter<Screen>()
    try held.declare(ShopLink.self)
    let link = held.dispatch("/price/2.5")
    try held.attach(routes: ShopLink.self) { link, _ in .shop(link) }
    #expect(await link.result.output == .shop(.price(amount: 2.5)))
  }

  @Test("declare is an operation of every router (Routing): all the routes, or none")
  @MainActor
  func declareThroughRouting() throws {
    func declareShop(on router: some Routing) throws -> [String] {
      try router.declare(ShopLink.self).map(\.name)
    }
    let names = ShopLink.routeTable.routes.map(\.name)
    #expect(try declareShop(on: Router<Screen>()) == names)
    #expect(try declareShop(on: MainActorRouter<Screen>()) == names)
    #expect(try declareShop(on: Navigator<Screen>(host: RecordingHost<Screen>())) == names)

    let taken = Router<Screen>()
    try taken.register("/other", name: "order") { _ in nil }
    #expect(throws: RouteTableError.self) { try declareShop(on: taken) }
    #expect(taken.table.routes.map(\.name) == ["order"])
  }

  @Test("Navigator: register maps screens typed, declare and attach hold and deliver")
  @MainActor
  func navigator() async throws {
    let host = RecordingHost<Screen>()
    let navigator = Navigator<Screen>(host: host)
    try navigator.register(routes: AppLink.self) { link, _ in .link(link) }
    #expect(navigator.screen(for: "myapp://user/42") == .link(.user(id: 42)))
    #expect(navigator.push("/users/new") == .link(.newUser))
    #expect(host.stack == [.link(.newUser)])

    let held = Navigator<Screen>(host: host)
    try held.declare(ShopLink.self)
    let link = held.dispatch("/tabs/likes")
    try held.attach(routes: ShopLink.self) { link, _ in .shop(link) }
    #expect(await link.result.output == true)
    #expect(host.stack.last == .shop(.tab(tab: .likes)))
  }
}

/// A shop and its products: a product's parent is the shop.
@Routes
enum Trail: Hashable {
  @Route("myapp://shop")
  case shop
  @Route("myapp://shop/<int:id>")
  case product(id: Int)
}

/// A navigation stack as a list.
@MainActor
final class RecordingHost<Screen>: NavigationHost {
  var stack: [Screen] = []
  func push(_ screen: Screen, animated: Bool) { stack.append(screen) }
  func present(_ screen: Screen, wrap: Bool, animated: Bool) { stack.append(screen) }
}
