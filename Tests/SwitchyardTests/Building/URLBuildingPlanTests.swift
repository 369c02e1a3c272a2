import Testing

@testable import Switchyard

/// A route's pattern is read for building once, not on every call (`Building/BuildPlan.swift`).
@Suite struct URLBuildingPlanTests {
  /// Counts the plans made while `body` runs (debug builds count; release builds skip).
  func plansMade(_ body: () throws -> Void) rethrows -> Int? {
    #if DEBUG
      let counter = Locked(0)
      try BuildPlan.$made.withValue(counter) { try body() }
      return counter.withLock { $0 }
    #else
      try body()
      return nil
    #endif
  }

  @Test func onePlanPerRouteNotPerCall() throws {
    var table = RouteTable()
    try table.register(ParameterType("hex") { $0.allSatisfy(\.isHexDigit) })
    try table.add("user", "myapp://user/<int:id>(/<hex:color>)?tab=<tab>")
    try table.add("post", "https://(www.)example.com/post/:id")
    let matcher = RouteMatcher(table)
    let copy = table
    var urls: [String] = []
    let made = try plansMade {
      for id in 0..<50 {
        urls.append(try table.url(for: "user", values: ["id": .int(id), "tab": "a b"]))
        urls.append(try copy.url(for: "user", values: ["id": .int(id), "color": "ff", "tab": ""]))
        urls.append(try matcher.url(for: "post", values: ["id": .string("\(id)")]))
        // An error is found with the plan too.
        #expect(throws: URLBuildingError.self) {
          try table.url(for: "user", values: ["id": .string("x\(id)"), "tab": "t"])
        }
      }
    }
    // The table's "user" route (its copy shares the route's plan) and the matcher's "post".
    if let made { #expect(made == 2) }
    #expect(urls[0] == "myapp://user/0?tab=a%20b")
    #expect(urls[1] == "myapp://user/0/ff?tab=")
    #expect(urls[2] == "https://www.example.com/post/0")
    #expect(urls[149] == "https://www.example.com/post/49")
  }

  /// A router and a navigator look the route up by name and build from the plan it keeps, so
  /// the pattern is read once however many routes there are and however often it is built.
  @MainActor
  @Test func routersReuseTheRoutesPlan() throws {
    let router = Router<Int>()
    let navigator = Navigator<Int>(scheme: "myapp")
    for index in 0..<20 {
      try router.register("myapp://item\(index)/<int:id>", name: "item\(index)") { _ in index }
      try navigator.map("/item\(index)/<int:id>", name: "item\(index)") { _ in index }
    }
    _ = router.route("myapp://item3/1")
    var urls: [String] = []
    let made = try plansMade {
      for id in 0..<10 {
        urls.append(try router.url(for: "item7", values: ["id": .int(id)]))
        urls.append(try navigator.url(for: "item7", values: ["id": .int(id)]))
      }
    }
    if let made { #expect(made == 2) }
    #expect(urls[0] == "myapp://item7/0")
    #expect(urls[19] == "myapp://item7/9")
    #expect(throws: URLBuildingError.unknownRoute("item77", among: ["item7"])) {
      try router.url(for: "item77")
    }
  }

  /// A plan is no part of a route's value: routes with and without one are equal.
  @Test func planIsNoPartOfTheRoute() throws {
    var table = RouteTable()
    let before = try table.add("user", "/user/:id")
    _ = try table.url(for: "user", values: ["id": "7"])
    let after = try #require(table.route(named: "user"))
    #expect(before == after)
    #expect(before.hashValue == after.hashValue)
    #expect(Set([before, after]).count == 1)
  }

  /// Options the plan was not made with make their own plan rather than a wrong URL.
  @Test func otherOptionsMakeTheirOwnPlan() throws {
    var table = RouteTable()
    let route = try table.add("search", "/search/:term")
    let plain = try route.buildPlan.plan(for: route, options: RouteOptions(), types: [])
    #expect(try route.buildPlan.plan(for: route, options: RouteOptions(), types: []) === plain)
    var other = RouteOptions()
    other.caseInsensitivePaths.toggle()
    #expect(try route.buildPlan.plan(for: route, options: other, types: []) !== plain)
  }
}
