import Testing

@testable import Switchyard

/// Routes registered while routing goes on land in levels compiled apart; these tests pin that
/// the answers are exactly those of one table.
@Suite("Registration while routing")
struct RegistrationLevelsTests {
  @Test("a later, more specific route wins over an earlier level's")
  func crossLevelPrecedence() throws {
    let router = Router<String>()
    try router.register("/p/:slug") { _ in "slug" }
    #expect(router.route("/p/5") == "slug")
    try router.register("/p/<int:id>") { _ in "int" }
    #expect(router.route("/p/5") == "int")
    #expect(router.route("/p/x") == "slug")
    // Equally specific: the earlier registration wins, whatever level it is in.
    try router.register("/q/:a") { _ in "first" }
    #expect(router.route("/q/1") == "first")
    try router.register("/q/:b") { _ in "second" }
    #expect(router.route("/q/1") == "first")
    // Declining falls through across levels in precedence order.
    try router.register("/p/<int:n>", priority: 1) { _ in nil }
    #expect(router.route("/p/5") == "int")
    #expect(router.resolve("/p/5").match?.route.pattern.text == "/p/<int:id>")
  }

  @Test("register one, route one: every answer is that of a single table")
  func interleaved() throws {
    let router = Router<Int>()
    var table = RouteTable()
    for index in 0..<300 {
      let pattern =
        index % 3 == 0 ? "/r\(index % 40)/:x\(index)" : "/r\(index % 40)/<int:n>/\(index)"
      try router.register(pattern) { _ in index }
      try table.add("\(index)", pattern)
      let probe = index % 3 == 0 ? "/r\(index % 40)/v" : "/r\(index % 40)/7/\(index)"
      let expected = RouteMatcher(table).match(probe).flatMap { Int($0.route.name) }
      #expect(router.route(probe) == expected, "after \(index + 1) routes, \(probe)")
    }
    #expect(router.table.routes.count == 300)
    #expect(router.table.routes.map(\.index) == Array(0..<300))
  }

  @Test("removing a route from any level")
  func removal() throws {
    let router = Router<String>()
    try router.register("/a", name: "a") { _ in "a" }
    _ = router.route("/a")
    try router.register("/b", name: "b") { _ in "b" }
    _ = router.route("/b")
    try router.register("/c", name: "c") { _ in "c" }
    #expect(router.remove("a")?.name == "a")
    #expect(router.remove("c")?.name == "c")
    #expect(router.remove("c") == nil)
    #expect(router.route("/a") == nil)
    #expect(router.route("/b") == "b")
    #expect(router.route("/c") == nil)
    #expect(router.table.routes.map(\.name) == ["b"])
    try router.register("/a", name: "a") { _ in "a again" }
    #expect(router.route("/a") == "a again")
  }

  @Test("steady routing merges the levels into one matcher, with the same answers")
  func merges() throws {
    let router = Router<Int>()
    for index in 0..<20 {
      try router.register("/m/\(index)") { _ in index }
      _ = router.route("/m/0")
    }
    for _ in 0..<40 { #expect(router.route("/m/19") == 19) }
    #expect(router.route("/m/3") == 3)
  }

  @Test("removals and new handlers wait for the next routing call, which compiles once")
  func lazyRemoval() throws {
    let router = Router<Int>()
    for index in 0..<200 {
      try router.register("/r/\(index)/:x", name: "r\(index)") { _ in index }
    }
    func compilations() -> Int { router.core.state.withLock { $0.registry.compilations } }
    #expect(router.route("/r/150/a") == 150)
    let before = compilations()
    for index in stride(from: 0, to: 200, by: 2) { router.remove("r\(index)") }
    for index in stride(from: 1, to: 100, by: 2) {
      try router.attach("r\(index)") { _ in -index }
    }
    #expect(compilations() == before)
    #expect(router.route("/r/150/a") == nil)
    #expect(router.route("/r/151/a") == 151)
    #expect(router.route("/r/51/a") == -51)
    #expect(compilations() == before + 1)
    // A new handler alone compiles nothing: the level keeps its matcher.
    try router.attach("r199") { _ in 7 }
    #expect(router.route("/r/199/a") == 7)
    #expect(compilations() == before + 1)
    #expect(router.table.routes.count == 100)
  }

  @Test("removing routes with a routing call after each compiles in proportion to the routes")
  func removalWithRoutingIsLinear() throws {
    let router = Router<Int>()
    let count = 1_000
    for index in 0..<count {
      try router.register("/q/\(index)/:x", name: "q\(index)") { _ in index }
    }
    try router.register("/q/:n/:x", name: "any") { _ in -1 }
    func compiledRoutes() -> Int { router.core.state.withLock { $0.registry.compiledRoutes } }
    #expect(router.route("/q/0/a") == 0)
    let before = compiledRoutes()
    var wrong: [Int] = []
    for index in 0..<count - 1 {
      router.remove("q\(index)")
      // The removed route no longer answers: the one below it in precedence does.
      if router.route("/q/\(index)/a") != -1 || router.route("/q/\(index + 1)/a") != index + 1 {
        wrong.append(index)
      }
    }
    #expect(wrong.isEmpty)
    #expect(router.canRoute("/q/0/a"))
    #expect(router.match("/q/5/a")?.route.name == "any")
    // Each level compiled again is paid for by the removals before it (without patching, each
    // removal compiled the whole level again: about count² / 2 routes).
    #expect(compiledRoutes() - before <= 2 * count)
  }
}

@Suite("Removing routes at size")
struct RemovalAtSizeTests {
  @Test("a removal finds its route without searching the other routes, compiled or pending")
  func removalLooksUpItsRoute() throws {
    let router = Router<Int>()
    let count = 8_000
    for index in 0..<count {
      try router.register("/c/\(index)/:x", name: "c\(index)") { _ in index }
      // Routing now and then leaves the routes in several compiled levels.
      if index % 1_000 == 999 { _ = router.route("/c/0/a") }
    }
    // These wait in the pending list: nothing routes after them.
    for index in 0..<count {
      try router.register("/p/\(index)/:x", name: "p\(index)") { _ in index }
    }
    func lookups() -> Int { router.core.state.withLock { $0.registry.placeLookups } }
    // Removed in an order that is neither registration order nor its reverse.
    var removed = 0
    for index in Array(stride(from: 0, to: count, by: 2)) + Array(stride(from: 1, to: count, by: 2))
    {
      if router.remove("c\(index)") != nil { removed += 1 }
      if router.remove("p\(index)") != nil { removed += 1 }
      if index == 1_001 { try router.register("/p/1001/:x", name: "p1001") { _ in -2 } }
    }
    #expect(removed == 2 * count)
    #expect(router.remove("c7") == nil)
    // The route registered again after its first registration was removed answers.
    #expect(router.table.routes.map(\.name) == ["p1001"])
    #expect(router.route("/p/1001/a") == -2)
    #expect(router.route("/c/5/a") == nil)
    // Each removal looks at a few levels (at most log₂ n) and, amortised, a pending name or
    // two; a search of the routes' names would look at about n² / 4 of them.
    #expect(lookups() <= 20 * count)
  }
}
