import Clocks
import Switchyard
import Testing

/// Held links where policies, parameters and delivery meet concurrency: a link's own policy, the
/// parameters of links no route took, coalescing over many URLs, links that race `attach` or
/// `detach`, and handlers that await links they dispatched. Time only moves when a test advances
/// its `TestClock`.
@Suite("Held links: policies and delivery")
struct HeldLinkDeliveryTests {
  /// Reads events until one for `id` whose kind is in `kinds` arrives; `nil` when the stream
  /// ends first (its consuming task was cancelled).
  func next<Output>(
    _ kinds: Set<LinkEventKind>, of id: LinkID,
    in events: inout AsyncStream<LinkEvent<Output>>.Iterator
  ) async -> LinkEvent<Output>? {
    while let event = await events.next() {
      if kinds.contains(event.kind), event.id == id { return event }
    }
    return nil
  }

  // MARK: The most specific policy

  @Test("A dispatch's capacity replaces the router's: no cap holds 200 links")
  func dispatchCapacityNone() async throws {
    let router = Router<Int>()
    router.links.use(TestClock())
    try router.declare("/a/<int:t>", name: "a")
    let patient = HoldPolicy(timeout: nil, capacity: nil)
    let links = (0..<200).map { router.dispatch("myapp://a/\($0)", policy: patient) }
    #expect(router.links.held.count == 200)
    try router.attach("a") { try $0.value("t", as: Int.self) }
    var outcomes: [LinkOutcome: Int] = [:]
    for link in links { outcomes[await link.result.outcome, default: 0] += 1 }
    #expect(outcomes == [.handled: 200])
  }

  @Test("A dispatch's capacity below the router's drops the oldest of its links")
  func dispatchCapacitySmaller() async throws {
    let router = Router<Int>()
    router.links.use(TestClock())
    try router.declare("/a/<int:t>", name: "a")
    let links = (0..<3).map { router.dispatch("myapp://a/\($0)", policy: HoldPolicy(capacity: 2)) }
    #expect(router.links.held.map(\.id) == [links[1].id, links[2].id])
    #expect(links[0].currentResult?.outcome == .dropped)
  }

  @Test("A route's policy without a cap is not capped by the router's")
  func routeCapacityNone() async throws {
    let router = Router<Int>()
    router.links.use(TestClock())
    router.links.holdPolicy = HoldPolicy(capacity: 1)
    try router.declare(
      "/a/<int:t>", name: "a", metadata: .with(.holdPolicy, HoldPolicy(capacity: nil)))
    try router.declare("/b/<int:t>", name: "b")
    let a = (0..<3).map { router.dispatch("myapp://a/\($0)") }
    let b = (0..<2).map { router.dispatch("myapp://b/\($0)") }
    #expect(router.links.held.map(\.id) == a.map(\.id) + [b[1].id])
    #expect(b[0].currentResult?.outcome == .dropped)
  }

  // MARK: Parameters of links no route took

  @Test("An unmatched link carries the URL's query parameters, in its result and its event")
  func unmatchedParameters() async throws {
    let router = Router<Destination>()
    router.links.use(TestClock())
    try router.register("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    var events = router.links.events().makeAsyncIterator()
    let link = router.dispatch("myapp://nowhere?x=1&y=2&x=3#tab=posts")
    let result = await link.result
    #expect(result.outcome == .unmatched)
    #expect(result.match == nil)
    #expect(result.parameters == ["x": "3", "y": "2", "tab": "posts"])
    let finished = await next([.finished], of: link.id, in: &events)
    #expect(finished?.result?.parameters == ["x": "3", "y": "2", "tab": "posts"])
  }

  @Test("A coalesced link no route matches carries the URL's query parameters")
  func coalescedUnmatchedParameters() async throws {
    let router = Router<Destination>()
    router.links.use(TestClock())
    router.links.holdPolicy = HoldPolicy(coalescingWindow: .seconds(5))
    let first = router.dispatch("myapp://nowhere?x=1")
    let repeated = await router.dispatch("myapp://nowhere?x=1").result
    #expect(repeated.outcome == .coalesced)
    #expect(repeated.parameters == ["x": "1"])
    #expect(await first.result.parameters == ["x": "1"])
  }

  // MARK: Coalescing over many URLs

  @Test("A route's coalescing window outlives 300 other URLs")
  func routeWindowSurvivesPruning() async throws {
    let clock = TestClock()
    let router = Router<Int>()
    router.links.use(clock)
    try router.register(
      "/a/<int:t>", metadata: .with(.holdPolicy, HoldPolicy(coalescingWindow: .seconds(60)))
    ) { try $0.value("t", as: Int.self) }
    try router.register("/b/<int:t>") { try $0.value("t", as: Int.self) }
    #expect(await router.dispatch("myapp://a/1").result.outcome == .handled)
    for number in 0..<300 { router.dispatch("myapp://b/\(number)") }
    #expect(await router.dispatch("myapp://a/1").result.outcome == .coalesced)
    await clock.advance(by: .seconds(60))
    #expect(await router.dispatch("myapp://a/1").result.outcome == .handled)
  }

  @Test("A dispatch's coalescing window outlives 300 other URLs")
  func dispatchWindowSurvivesPruning() async throws {
    let clock = TestClock()
    let router = Router<Int>()
    router.links.use(clock)
    try router.register("/a/<int:t>") { try $0.value("t", as: Int.self) }
    let windowed = HoldPolicy(coalescingWindow: .seconds(60))
    #expect(await router.dispatch("myapp://a/1", policy: windowed).result.outcome == .handled)
    for number in 2..<302 { router.dispatch("myapp://a/\(number)") }
    #expect(await router.dispatch("myapp://a/1", policy: windowed).result.outcome == .coalesced)
    await clock.advance(by: .seconds(60))
    #expect(await router.dispatch("myapp://a/1", policy: windowed).result.outcome == .handled)
  }

  // MARK: Races with attach and detach

  @Test("A link that races attach is never left held: 200 rounds of 40 links")
  func dispatchRacesAttach() async throws {
    for round in 0..<200 {
      let router = Router<Int>()
      router.links.use(TestClock())
      try router.declare("/a/<int:t>", name: "a")
      let links = await withTaskGroup(of: [DispatchedLink<Int>].self) { group in
        group.addTask { (0..<40).map { router.dispatch("myapp://a/\($0)") } }
        group.addTask {
          try? router.attach("a") { try $0.value("t", as: Int.self) }
          return []
        }
        var links: [DispatchedLink<Int>] = []
        for await some in group { links += some }
        return links
      }
      let held = router.links.held
      #expect(held.isEmpty, "round \(round): \(held.count) links left held")
      guard held.isEmpty else {
        router.links.cancelAll()
        continue
      }
      for (number, link) in links.enumerated() {
        let result = await link.result
        #expect(result.outcome == .handled && result.output == number, "round \(round)")
      }
    }
  }

  @Test("detach after dispatch holds the queued link again; no unmatched handler runs")
  func detachHoldsQueuedLink() async throws {
    let router = Router<Destination>()
    router.links.use(TestClock())
    let (opened, open) = AsyncStream<Void>.makeStream()
    try router.registerAsync("myapp://block") { _ in
      for await _ in opened { break }
      return .home
    }
    try router.declare("/people/:id", name: "person")
    try router.attach("person") { .user(try $0.value("id", as: Int.self)) }
    let unmatched = Recorder<String>()
    router.unmatchedHandler = { request in
      unmatched.append(request.url)
      return nil
    }
    var events = router.links.events().makeAsyncIterator()
    let blocker = router.dispatch("myapp://block")
    let link = router.dispatch("myapp://people/7")  // queued behind the blocker
    try router.detach("person")
    open.yield()
    #expect(await blocker.result.output == .home)

    let event = await next([.held, .finished], of: link.id, in: &events)
    #expect(event?.kind == .held)
    #expect(event?.routeName == "person")
    #expect(unmatched.all.isEmpty)
    guard event?.kind == .held else { return }
    #expect(router.links.held.map(\.id) == [link.id])
    try router.attach("person") { .post(try $0.value("id", as: Int.self)) }
    #expect(await link.result.output == .post(7))
  }

  @Test("A link re-held by detach keeps its place before links dispatched after it")
  func reheldLinkKeepsItsPlace() async throws {
    let router = Router<Int>()
    router.links.use(TestClock())
    let (opened, open) = AsyncStream<Void>.makeStream()
    try router.registerAsync("myapp://block") { _ in
      for await _ in opened { break }
      return 0
    }
    try router.declare("/a/<int:t>", name: "a")
    try router.attach("a") { try $0.value("t", as: Int.self) }
    var events = router.links.events().makeAsyncIterator()
    router.dispatch("myapp://block")
    let first = router.dispatch("myapp://a/1")  // queued behind the blocker
    try router.detach("a")
    let second = router.dispatch("myapp://a/2")  // held: no handler
    open.yield()
    #expect(await next([.held, .finished], of: first.id, in: &events)?.kind == .held)
    #expect(router.links.held.map(\.id) == [first.id, second.id])
    let order = Recorder<Int>()
    try router.attach("a") { match in
      order.append(try match.value("t", as: Int.self))
      return try match.value("t", as: Int.self)
    }
    #expect(await first.result.output == 1)
    #expect(await second.result.output == 2)
    #expect(order.all == [1, 2])
  }
}
