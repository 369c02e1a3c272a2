import SwitchyardMigration
import Testing

@testable import Switchyard

@MainActor
final class ToastModel {
  var toasts: [String] = []
}

@Suite("Main-actor routing")
struct IsolationTests {
  @Test("handlers touch main-actor state directly, on the main actor")
  @MainActor
  func mainActorHandlers() throws {
    let model = ToastModel()
    let router = MainActorRouter<Destination>()
    try router.register("myapp://toast/:text") { match in
      model.toasts.append(try match.value("text", as: String.self))
      return .home
    }
    router.unmatchedHandler = { request in
      model.toasts.append("unmatched \(request.reason)")
      return .fallback(request.url)
    }
    #expect(router.route("myapp://toast/hello") == .home)
    #expect(router.route("myapp://nowhere") == .fallback("myapp://nowhere"))
    #expect(model.toasts == ["hello", "unmatched noRoute"])
  }

  @Test("a link that arrives off the main actor is routed by awaiting the router")
  func fromAnotherTask() async throws {
    let (router, model) = try await MainActor.run {
      let model = ToastModel()
      let router = MainActorRouter<Destination>()
      try router.register("myapp://toast/:text") { match in
        model.toasts.append(try match.value("text", as: String.self))
        return .home
      }
      return (router, model)
    }
    let output = await Task.detached { await router.route("myapp://toast/b") }.value
    #expect(output == .home)
    #expect(await model.toasts == ["b"])
  }

  @Test("metadata, context, interceptors and stacks work as on a Router")
  @MainActor
  func sameRules() throws {
    let router = try MainActorRouter<Destination>(accepting: ["myapp"])
    try router.register("/user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    try router.register("/user/<int:id>/post/<int:post>", metadata: .with(.locked, true)) {
      .userPost(user: try $0.value("id", as: Int.self), post: try $0.value("post", as: Int.self))
    }
    try router.register("/login") { _ in .login }
    router.intercept { request in request.metadata[.locked] ? .redirect(to: "myapp://login") : .pass
    }
    #expect(router.stack(for: "myapp://user/1/post/2") == [.login])
    #expect(router.stack(for: "myapp://user/1") == [.user(1)])
    #expect(router.route("https://x.example.com/user/1") == nil)
  }
}

extension TypedKey where Value == Bool {
  fileprivate static var locked: Self { Self("locked", default: false) }
}

/// The pages of a main-actor page-module test.
private enum ShelfPages: String, PageModule {
  case book = "Book"
  case shelf = "Shelf"
  static let module = "library"
}

@Suite("Main-actor routing: what a Router does")
@MainActor
struct MainActorRouterCapabilityTests {
  @Test("builds URLs by route name, and they route back")
  func buildsURLs() throws {
    let router = MainActorRouter<Destination>()
    try router.register("myapp://user/<int:id>", name: "user") {
      .user(try $0.value("id", as: Int.self))
    }
    let link = try router.url(for: "user", values: ["id": 42, "tab": "posts"])
    #expect(link == "myapp://user/42?tab=posts")
    #expect(router.route(link) == .user(42))
    #expect(throws: URLBuildingError.self) { try router.url(for: "usr", values: ["id": 1]) }
  }

  @Test("takes page modules and removes them")
  func pageModules() throws {
    let model = ToastModel()
    let router = MainActorRouter<Destination>()
    let routes = try router.register(module: ShelfPages.self) { page, parameters in
      model.toasts.append("\(page) \(parameters["id"] ?? "-")")
      return .home
    }
    #expect(routes.map(\.name).count == 2)
    #expect(router.route("myapp://library/Book?id=7") == .home)
    #expect(model.toasts == ["book 7"])
    #expect(router.remove(module: ShelfPages.self).count == 2)
    #expect(router.route("myapp://library/Book?id=7") == nil)
  }

  @Test("a helper written once over URLRouting serves both routers")
  func genericOverBothRouters() throws {
    func deadLinks<R: URLRouting>(_ router: R, _ links: [String]) -> [String] {
      links.filter { router.route($0, context: RoutingContext()) == nil && !router.canRoute($0) }
    }
    let links = ["myapp://user/7", "myapp://nowhere"]
    let router = Router<Destination>()
    try router.register("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    let mainActorRouter = MainActorRouter<Destination>()
    try mainActorRouter.register("myapp://user/<int:id>") {
      .user(try $0.value("id", as: Int.self))
    }
    #expect(deadLinks(router, links) == ["myapp://nowhere"])
    #expect(deadLinks(mainActorRouter, links) == ["myapp://nowhere"])
  }

  @Test("one helper over Routing configures a Router, a MainActorRouter and a Navigator")
  func routingOverAllThree() throws {
    func gate(_ router: some Routing) -> String {
      router.intercept(name: "gate") { $0.url.hasSuffix("/secret") ? .reject : .pass }
    }
    let router = Router<Destination>()
    try router.register("myapp://page/:name") { .slug(try $0.value("name", as: String.self)) }
    let mainActorRouter = MainActorRouter<Destination>()
    try mainActorRouter.register("myapp://page/:name") {
      .slug(try $0.value("name", as: String.self))
    }
    let navigator = Navigator<Destination>()
    try navigator.map("myapp://page/:name") { .slug(try $0.value("name", as: String.self)) }
    #expect([gate(router), gate(mainActorRouter), gate(navigator)] == ["gate", "gate", "gate"])
    #expect(router.route("myapp://page/secret") == nil)
    #expect(mainActorRouter.route("myapp://page/secret") == nil)
    #expect(navigator.screen(for: "myapp://page/secret") == nil)
    #expect(navigator.screen(for: "myapp://page/open") == .slug("open"))
    // A navigator takes the router's held-link operations too.
    try navigator.declare("myapp://later/:id", name: "later")
    #expect(throws: HeldLinkError.self) { try navigator.detach("latr") }
    try navigator.detach("later")
  }

  @Test("follows no more redirections than its limit")
  func redirectLimit() throws {
    let router = MainActorRouter<String>()
    try router.register("/step/<int:n>") { "step \(try $0.value("n", as: Int.self))" }
    router.intercept { request in
      guard let n = try? request.match?.value("n", as: Int.self), n < 5 else { return .pass }
      return .redirect(to: "/step/\(n + 1)")
    }
    #expect(router.route("/step/1") == "step 5")
    router.maximumRedirects = 2
    #expect(router.route("/step/1") == nil)
    #expect(router.resolve("/step/1").unmatched?.reason == .tooManyRedirects)
  }
}
