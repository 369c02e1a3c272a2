import Clocks
import Switchyard
import Testing

/// Links delivered before `dispatch` returns: a ready link, while nothing is queued or being
/// delivered, on a router whose handlers are all synchronous. The order of delivery is the
/// same as when every link goes through the queue: a link never overtakes one released or
/// dispatched before it, nor one being delivered.
@Suite("Held links: delivered before dispatch returns")
struct HeldLinkDeliveredAtOnceTests {
  @Test("A ready link has its result when dispatch returns, and its finished event")
  func resultAtOnce() async throws {
    let router = Router<Int>()
    router.links.use(TestClock())
    try router.register("/a/<int:n>") { try $0.value("n", as: Int.self) }
    var events = router.links.events().makeAsyncIterator()
    let link = router.dispatch("myapp://a/7?x=1")
    let result = link.currentResult
    #expect(result?.outcome == .handled)
    #expect(result?.output == 7)
    #expect(result?.parameters == ["n": "7", "x": "1"])
    #expect(await link.result.output == 7)
    let event = await events.next()
    #expect(event?.kind == .finished)
    #expect(event?.id == link.id)
    #expect(event?.result?.output == 7)
  }

  @Test("A link no route matches ends at once through the unmatched handler, with its parameters")
  func unmatchedAtOnce() async throws {
    let router = Router<Int>()
    router.links.use(TestClock())
    try router.register("/a/<int:n>") { try $0.value("n", as: Int.self) }
    router.unmatchedHandler = { _ in -1 }
    let result = router.dispatch("myapp://nowhere?x=1").currentResult
    #expect(result?.outcome == .unmatched)
    #expect(result?.output == -1)
    #expect(result?.parameters == ["x": "1"])
  }

  @Test("With an asynchronous handler anywhere, a ready link goes through the queue")
  func asyncHandlersQueue() async throws {
    let router = Router<Int>()
    router.links.use(TestClock())
    let (opened, open) = AsyncStream<Void>.makeStream()
    try router.registerAsync("myapp://block") { _ in
      for await _ in opened { break }
      return 0
    }
    try router.register("/a/<int:n>") { try $0.value("n", as: Int.self) }
    let blocker = router.dispatch("myapp://block")
    let link = router.dispatch("myapp://a/1")
    #expect(link.currentResult == nil)  // behind the blocker, which waits for `open`
    open.yield()
    #expect(await blocker.result.output == 0)
    #expect(await link.result.output == 1)
  }

  @Test("A link a handler dispatches is delivered after that handler returns, not inside it")
  func dispatchedFromAHandler() async throws {
    let router = Router<Int>()
    router.links.use(TestClock())
    let order = Recorder<String>()
    let inner = Recorder<DispatchedLink<Int>>()
    try router.register("/a/<int:n>") { [weak router] match in
      let number = try match.value("n", as: Int.self)
      order.append("start \(number)")
      if number == 1, let router {
        let link = router.dispatch("myapp://a/2")
        inner.append(link)
        order.append(link.currentResult == nil ? "2 queued" : "2 already ended")
      }
      order.append("end \(number)")
      return number
    }
    let outer = router.dispatch("myapp://a/1")
    #expect(outer.currentResult?.output == 1)
    let second = try #require(inner.all.first)
    #expect(await second.result.output == 2)
    #expect(order.all == ["start 1", "2 queued", "end 1", "start 2", "end 2"])
  }

  @Test(
    "A ready link dispatched right after a gate opens comes after the released link: 100 rounds")
  func releasedLinkFirst() async throws {
    for round in 0..<100 {
      let router = Router<String>()
      router.links.use(TestClock())
      let order = Recorder<String>()
      try router.register("/gated", metadata: .with(.gates, [.signedIn])) { _ in
        order.append("gated")
        return "gated"
      }
      try router.register("/ready") { _ in
        order.append("ready")
        return "ready"
      }
      let held = router.dispatch("myapp://gated")
      #expect(router.links.held.count == 1)
      router.links.openGate(.signedIn)
      let ready = router.dispatch("myapp://ready")
      #expect(await held.result.outcome == .handled)
      #expect(await ready.result.outcome == .handled)
      #expect(order.all == ["gated", "ready"], "round \(round)")
    }
  }
}

@Suite("Held links delivered before dispatch returns, on the main actor")
@MainActor
struct MainActorHeldLinkDeliveredAtOnceTests {
  @Test("A ready link runs its main-actor handler before dispatch returns")
  func resultAtOnce() async throws {
    let router = MainActorRouter<Int>()
    router.links.use(TestClock())
    var shown: [Int] = []
    try router.register("/a/<int:n>") { match in
      shown.append(try match.value("n", as: Int.self))
      return try match.value("n", as: Int.self)
    }
    let link = router.dispatch("myapp://a/3")
    #expect(shown == [3])
    #expect(link.currentResult?.output == 3)
  }
}
