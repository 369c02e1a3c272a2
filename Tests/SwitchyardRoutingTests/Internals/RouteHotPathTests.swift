import Switchyard
import Testing

extension TypedKey where Value == String {
  fileprivate static var origin: Self { Self("origin", default: "none") }
}

extension TypedKey where Value == Bool {
  fileprivate static var gated: Self { Self("gated", default: false) }
}

/// `Router.route` on one compiled level with nothing observing takes a path of its own, which
/// lends the lookup's match to the interceptors and the handler instead of copying it. These
/// tests hold that path to what the general dispatch does.
@Suite("Router.route's direct path")
struct RouteHotPathTests {
  @Test("the handler gets the match the interceptors saw, with the call's context")
  func interceptorsAndHandlerShareTheMatch() throws {
    let router = Router<String>()
    try router.register("myapp://user/<int:id>", metadata: .with(.gated, true)) { match in
      "user \(try match.value("id", as: Int.self)) from \(match.context[.origin]) tab \(match["tab"] ?? "-")"
    }
    let seen = Recorder<String>()
    router.intercept { request in
      let match = request.match
      seen.append(
        "\(match?.route.name ?? "-") \(request.context[.origin]) \(request.metadata[.gated])"
          + " \(match?.context[.origin] ?? "-") \(request.query.last("tab") ?? "-")")
      return .pass
    }
    #expect(
      router.route("myapp://user/7?tab=posts", context: .with(.origin, "push"))
        == "user 7 from push tab posts")
    #expect(router.route("myapp://user/8") == "user 8 from none tab -")
    #expect(
      seen.all == [
        "myapp://user/<int:id> push true push posts", "myapp://user/<int:id> none true none -",
      ])
  }

  @Test("after the interceptors pass, a declining best handler hands over to the next")
  func declineAfterInterceptors() throws {
    let router = Router<String>()
    try router.register("/item/<int:id>") { match in
      try match.value("id", as: Int.self) > 100 ? "big \(try match.value("id", as: Int.self))" : nil
    }
    try router.register("/item/:name") { "any \(try $0.value("name", as: String.self))" }
    let count = Recorder<Int>()
    router.intercept { _ in
      count.append(1)
      return .pass
    }
    #expect(router.route("/item/500") == "big 500")
    #expect(router.route("/item/5") == "any 5")
    #expect(router.route("/item/five") == "any five")
    #expect(count.all.count == 3)
    router.unmatchedHandler = { "unmatched \($0.reason)" }
    #expect(router.route("/item/5") == "any 5")
    #expect(router.route("/nothing") == "unmatched noRoute")
  }

  @Test("no route matches: interceptors still run, the unmatched handler reads the URL")
  func noRouteWithInterceptors() throws {
    let router = Router<String>()
    try router.register("myapp://user/<int:id>") { "user \(try $0.value("id", as: Int.self))" }
    let seen = Recorder<String>()
    router.intercept { request in
      seen.append("\(request.match == nil) \(request.url) \(request.parts.pathSegments)")
      return .pass
    }
    #expect(router.route("myapp://nowhere/a?x=1") == nil)
    router.unmatchedHandler = { request in
      "\(request.reason) \(request.parts.pathSegments) \(request.query.last("x") ?? "-")"
    }
    #expect(router.route("myapp://nowhere/a?x=1") == "noRoute [\"nowhere\", \"a\"] 1")
    #expect(seen.all.count == 2)
    #expect(seen.all.allSatisfy { $0 == "true myapp://nowhere/a?x=1 [\"nowhere\", \"a\"]" })
  }

  @Test(
    "a request for a URL no route matches carries the call's context and reads the URL under the router's options",
    arguments: [false, true])
  func unmatchedRequestUnderOptions(withRoutes: Bool) throws {
    // With a route, the direct path builds the request; with none, the general dispatch does
    // (there is no compiled level to read the URL with).
    let router = Router<String>(options: RouteOptions(plusAsSpace: true))
    if withRoutes {
      try router.register("myapp://user/<int:id>") { "user \(try $0.value("id", as: Int.self))" }
    }
    let seen = Recorder<String>()
    router.intercept { request in
      seen.append(
        "\(request.match == nil) \(request.context[.origin]) \(request.metadata[.gated])"
          + " \(request.parts.pathSegments) \(request.query.last("q") ?? "-")")
      return .pass
    }
    router.unmatchedHandler = { "unmatched \($0.reason)" }
    #expect(
      router.route("myapp://find/x?q=a+b", context: .with(.origin, "push")) == "unmatched noRoute")
    #expect(router.route("myapp://find/y") == "unmatched noRoute")
    #expect(
      seen.all == [
        "true push false [\"find\", \"x\"] a b", "true none false [\"find\", \"y\"] -",
      ])
    if withRoutes {
      #expect(router.route("myapp://user/3", context: .with(.origin, "push")) == "user 3")
      #expect(seen.all.last == "false push false [\"user\", \"3\"] -")
    }
  }

  @Test("the match an interceptor reads is the one its handler gets, captures and all")
  func interceptorMatchHasTheCaptures() throws {
    let router = Router<String>()
    try router.register("/repos/:owner/:repo/pulls/<int:number>/files/*rest") { match in
      "\(try match.value("owner", as: String.self))/\(try match.value("repo", as: String.self)) #\(try match.value("number", as: Int.self))"
        + " \(try match.value("rest", as: String.self))"
    }
    let seen = Recorder<String>()
    router.intercept { request in
      let values = request.match?.parameters.map { "\($0.name)=\($0.value)" } ?? []
      seen.append(values.joined(separator: " "))
      return .pass
    }
    #expect(router.route("/repos/a/b/pulls/12/files/x/y.swift") == "a/b #12 x/y.swift")
    #expect(seen.all.count == 1)
    #expect(seen.all.first?.contains("number=12") == true)
    #expect(seen.all.first?.contains("rest=x/y.swift") == true)
  }

  @Test("an interceptor for another scheme does not run; one for this scheme does")
  func scopedInterceptors() throws {
    let router = Router<String>()
    try router.register("/a") { _ in "a" }
    router.intercept(scheme: "myapp") { _ in .redirect(to: "/b") }
    try router.register("/b") { _ in "b" }
    #expect(router.route("https://example.com/a") == "a")
    #expect(router.route("myapp://a") == "b")
  }

  @Test("a router frees its routes and handlers when it goes away")
  func stateIsFreed() throws {
    final class Token: Sendable {}
    weak var token: Token?
    do {
      let router = Router<Int>()
      let held = Token()
      token = held
      try router.register("/x") { _ in
        withExtendedLifetime(held) { 1 }
      }
      #expect(router.route("/x") == 1)
      #expect(token != nil)
    }
    #expect(token == nil)
  }
}
