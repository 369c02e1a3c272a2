import SwitchyardMigration
import Testing

@testable import Switchyard

@Suite("Routing traps closed")
struct RoutingTrapsTests {
  struct Nothing: Routable {
    init(match: RouteMatch) {}
  }

  struct Everything: Routable {
    static var routePattern: String { "/*rest" }
    init(match: RouteMatch) {}
  }

  @Test("a Routable that declares no path, host, scheme or URI is refused")
  func routableWithoutPattern() throws {
    let router = Router<String>()
    do {
      try router.register(route: Nothing.self) { _ in "x" }
      Issue.record("expected a refusal")
    } catch {
      #expect(error.code == .noPattern)
      #expect(error.message.contains("declares no path, host, scheme or uri"))
    }
    #expect(router.table.routes.isEmpty)
    // Saying so explicitly is allowed.
    try router.register(route: Everything.self) { _ in "all" }
    #expect(router.route("any://thing") == "all")
  }

  @Test("a capture-name typo stops routing with a distinct outcome; a bad value declines")
  func captureTypo() throws {
    let router = Router<Destination>()
    let events = Recorder<RoutingEvent.Outcome>()
    router.observe { events.append($0.outcome) }
    try router.register("myapp://user/<int:id>") { .user(try $0.value("idd", as: Int.self)) }
    try router.register("myapp://user/:name") { .slug(try $0.value("name", as: String.self)) }
    let result = router.resolve("myapp://user/42")
    #expect(result.output == nil)
    #expect(result.unmatched?.reason == .handlerFailed)
    let failure = try #require(result.unmatched?.declined.first?.error as? UndeclaredParameter)
    #expect(failure.name == "idd")
    #expect(failure.description.contains("does not declare"))
    // The hint names the reader that exists: `value(_:as:)` under `try?`.
    #expect(
      failure.description.hasSuffix(
        #"read optional query values with try? match.value("idd", as: Int.self)"#))
    #expect(events.all == [.failed])

    // A value that does not convert is a fair decline: the next candidate runs.
    try router.register("myapp://item/<id>") { .user(try $0.value("id", as: Int.self)) }
    try router.register("myapp://item/*rest") { .slug($0["rest"] ?? "") }
    #expect(router.route("myapp://item/abc") == .slug("abc"))
    // A query value the URL does not have is a decline too when the pattern declares it…
    try router.register("myapp://page?n=<n>") { .user(try $0.value("n", as: Int.self)) }
    #expect(router.route("myapp://page?n=3") == .user(3))
    // …and reading one the URL does have works though the pattern does not declare it.
    try router.register("myapp://list") { .user(try $0.value("page", as: Int.self)) }
    #expect(router.route("myapp://list?page=2") == .user(2))
    #expect(router.resolve("myapp://list").unmatched?.reason == .handlerFailed)
  }

  enum Jumper: String, PageModule {
    case a = "A", b = "B"
    static var module: String { "Module" }
  }

  @Test("Router<Bool>: a jump function's false is 'not mine'")
  func boolJump() throws {
    let router = Router<Bool>()
    let unmatched = Recorder<UnmatchedReason>()
    router.unmatchedHandler = { request in
      unmatched.append(request.reason)
      return false
    }
    try router.register(module: Jumper.self, jump: { page, _ in page == .a })
    #expect(router.route("myapp://Module/A") == true)
    #expect(router.resolve("myapp://Module/B").isHandled == false)
    #expect(router.route("myapp://Module/B") == false)
    #expect(unmatched.all == [.allDeclined, .allDeclined])
  }

  @Test("no clock is read and no event is built while nobody observes")
  func noObserverNoEvent() throws {
    let router = Router<Int>()
    try router.register("/a") { _ in 1 }
    #expect(router.route("/a") == 1)
    let durations = Recorder<Duration>()
    router.observe { durations.append($0.duration) }
    #expect(router.route("/a") == 1)
    #expect(durations.all.count == 1)
  }
}
