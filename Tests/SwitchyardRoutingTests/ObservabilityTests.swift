import Switchyard
import Testing

@Suite("Observability")
struct ObservabilityTests {
  struct Decision: Equatable, Sendable {
    var outcome: RoutingEvent.Outcome
    var pattern: String?
    var interceptor: String? = nil
  }

  func observe(_ router: Router<Destination>) -> Recorder<RoutingEvent> {
    let events = Recorder<RoutingEvent>()
    router.observe { events.append($0) }
    return events
  }

  func decisions(_ events: Recorder<RoutingEvent>) -> [Decision] {
    events.all.map {
      Decision(outcome: $0.outcome, pattern: $0.pattern, interceptor: $0.interceptor)
    }
  }

  @Test("each decision is reported with the route's pattern, never the URL")
  func handledAndDeclined() throws {
    let router = Router<Destination>()
    try router.register("myapp://user/<int:id>") { _ in nil }
    try router.register("myapp://user/:slug") { .slug(try $0.value("slug", as: String.self)) }
    let events = observe(router)
    #expect(router.route("myapp://user/42?token=secret") == .slug("42"))
    #expect(
      decisions(events) == [
        Decision(outcome: .declined, pattern: "myapp://user/<int:id>"),
        Decision(outcome: .handled, pattern: "myapp://user/:slug"),
      ])
    for event in events.all {
      // The fields that could carry the URL; the duration's digits may contain "42" by chance.
      let fields = ["\(event.outcome)", event.pattern, event.routeName, event.interceptor]
      for field in fields.compactMap({ $0 }) {
        #expect(!field.contains("secret"))
        #expect(!field.contains("42"))
      }
      // The description is made of those fields and the duration, nothing else.
      let duration = " in \(event.duration)"
      #expect(event.description.hasSuffix(duration))
      let described = event.description.dropLast(duration.count)
      #expect(!described.contains("secret"))
      #expect(!described.contains("42"))
      #expect(event.duration >= .zero)
      #expect(event.redirectDepth == 0)
    }
    #expect(events.all.last?.routeName == "myapp://user/:slug")
  }

  @Test("unmatched, rejected and redirected")
  func otherOutcomes() throws {
    let router = Router<Destination>()
    try router.register("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    try router.register("myapp://login") { _ in .login }
    router.intercept(name: "auth") { request in
      request.parts.pathSegments.first == "settings" ? .redirect(to: "myapp://login") : .pass
    }
    router.intercept(name: "block") { request in
      request.parts.pathSegments.first == "blocked" ? .reject : .pass
    }
    let events = observe(router)

    _ = router.route("myapp://nowhere")
    #expect(decisions(events) == [Decision(outcome: .unmatched, pattern: nil)])

    events.removeAll()
    _ = router.route("myapp://blocked")
    #expect(
      decisions(events) == [Decision(outcome: .rejected, pattern: nil, interceptor: "block")])

    events.removeAll()
    _ = router.route("myapp://settings")
    #expect(
      decisions(events) == [
        Decision(outcome: .redirected, pattern: nil, interceptor: "auth"),
        Decision(outcome: .handled, pattern: "myapp://login"),
      ])
    #expect(events.all.map(\.redirectDepth) == [0, 1])
  }

  @Test("the duration covers the handler's run")
  func duration() throws {
    let router = Router<Destination>()
    try router.register("myapp://slow") { _ in
      let start = ContinuousClock.now
      while ContinuousClock.now - start < .milliseconds(20) {}
      return .home
    }
    let events = observe(router)
    _ = router.route("myapp://slow")
    #expect(try #require(events.all.first).duration >= .milliseconds(20))
  }
}
