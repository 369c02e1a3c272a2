import Clocks
import Switchyard
import Testing

/// Held links: every scenario of the PromisingRouter seed (a handler set later resumes a held
/// link, timeouts with parameters, cancel, unknown routes fail at once, the action's result
/// reaches the caller), gates, policies, ordering and cancellation. Time only moves when a test
/// advances its `TestClock`; nothing sleeps.
@Suite("Held links")
struct HeldLinkTests {
  /// A router on a test clock with the people routes declared but not attached.
  func peopleRouter(
    _ clock: TestClock<Duration>, policy: HoldPolicy = HoldPolicy()
  ) throws -> Router<Destination> {
    let router = Router<Destination>()
    router.links.use(clock)
    router.links.holdPolicy = policy
    try router.declare("/people/:id", name: "person")
    try router.declare("/people", name: "people")
    return router
  }

  /// Reads events until one of `kind` for `id` arrives.
  func next(
    _ kind: LinkEventKind, of id: LinkID,
    in events: inout AsyncStream<LinkEvent<Destination>>.Iterator
  ) async -> LinkEvent<Destination>? {
    while let event = await events.next() {
      if event.kind == kind, event.id == id { return event }
    }
    return nil
  }

  @Test("A link for a route without a handler waits; attaching the handler delivers it")
  func handlerSetLater() async throws {
    let clock = TestClock()
    let router = try peopleRouter(clock)
    let link = router.dispatch("myapp://people/7")
    #expect(link.currentResult == nil)
    #expect(router.links.held.map(\.routeName) == ["person"])

    try router.attach("person") { .user(try $0.value("id", as: Int.self)) }
    let result = await link.result
    #expect(result.outcome == .handled)
    #expect(result.output == .user(7))
    #expect(result.match?.route.name == "person")
    #expect(router.links.held.isEmpty)
  }

  @Test("A link whose route has a handler and open gates is delivered at once")
  func readyAtOnce() async throws {
    let router = Router<Destination>()
    router.links.use(TestClock())
    try router.register("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    let result = await router.dispatch("myapp://user/42").result
    #expect(result.outcome == .handled)
    #expect(result.output == .user(42))
  }

  @Test("A held link times out after the policy's timeout, with the URL's parameters")
  func timeout() async throws {
    let clock = TestClock()
    let router = try peopleRouter(clock, policy: HoldPolicy(timeout: .seconds(10)))
    var events = router.links.events().makeAsyncIterator()
    let link = router.dispatch("myapp://people/7?ref=mail&ref=push")
    #expect(await next(.held, of: link.id, in: &events) != nil)

    await clock.advance(by: .seconds(9))
    #expect(link.currentResult == nil)
    await clock.advance(by: .seconds(1))
    let result = await link.result
    #expect(result.outcome == .timedOut)
    #expect(result.parameters == ["id": "7", "ref": "push"])
    let finished = await next(.finished, of: link.id, in: &events)
    #expect(finished?.result?.outcome == .timedOut)
    #expect(finished?.result?.parameters["id"] == "7")
    #expect(finished?.routeName == "person")
  }

  @Test("A cancelled link delivers nothing: no handler, no timeout, no unmatched handler")
  func cancel() async throws {
    let clock = TestClock()
    let router = try peopleRouter(clock, policy: HoldPolicy(timeout: .seconds(10)))
    let unmatched = Recorder<String>()
    router.unmatchedHandler = { request in
      unmatched.append(request.url)
      return nil
    }
    let ran = Recorder<Int>()
    let link = router.dispatch("myapp://people/7")
    link.cancel()
    #expect(await link.result.outcome == .cancelled)

    try router.attach("person") { match in
      ran.append(try match.value("id", as: Int.self))
      return .user(try match.value("id", as: Int.self))
    }
    await clock.advance(by: .seconds(60))
    #expect(await link.result.outcome == .cancelled)
    #expect(ran.all.isEmpty)
    #expect(unmatched.all.isEmpty)
    #expect(router.links.held.isEmpty)
  }

  @Test("cancelAll cancels every held link (applicationDidEnterBackground)")
  func cancelAll() async throws {
    let router = try peopleRouter(TestClock())
    let links = ["myapp://people/1", "myapp://people", "myapp://people/2"].map {
      router.dispatch($0)
    }
    router.links.cancelAll()
    for link in links { #expect(await link.result.outcome == .cancelled) }
    #expect(router.links.held.isEmpty)
  }

  @Test("Cancelling the task that awaits a link cancels the link, never a decline")
  func taskCancellation() async throws {
    let router = try peopleRouter(TestClock())
    let unmatched = Recorder<String>()
    router.unmatchedHandler = { request in
      unmatched.append(request.url)
      return nil
    }
    let link = router.dispatch("myapp://people/7")
    let waiter = Task { await link.result }
    waiter.cancel()
    let result = await waiter.value
    #expect(result.outcome == .cancelled)
    #expect(router.links.held.isEmpty)
    try router.attach("person") { _ in .home }
    #expect(await link.result.outcome == .cancelled)
    #expect(unmatched.all.isEmpty)
  }

  @Test("A link no route matches fails at once through the unmatched handler")
  func unknownRoute() async throws {
    let router = try peopleRouter(TestClock())
    router.unmatchedHandler = { request in .fallback(request.url) }
    let result = await router.dispatch("myapp://nowhere?x=1").result
    #expect(result.outcome == .unmatched)
    #expect(result.output == .fallback("myapp://nowhere?x=1"))
    #expect(result.unmatched?.reason == .noRoute)
    #expect(router.links.held.isEmpty)
  }

  @Test("A handler that throws ends the link as failed, with the error and the parameters")
  func failed() async throws {
    struct NotReady: Error {}
    let router = Router<Destination>()
    router.links.use(TestClock())
    try router.register("/people/:id") { _ in throw NotReady() }
    let result = await router.dispatch("myapp://people/7?tab=posts").result
    #expect(result.outcome == .failed)
    #expect(result.error is NotReady)
    #expect(result.parameters == ["id": "7", "tab": "posts"])
  }

  @Test("The same URL dispatched twice is two links, each delivered")
  func eachDispatchIsItsOwn() async throws {
    let router = try peopleRouter(TestClock())
    let ran = Recorder<Int>()
    let first = router.dispatch("myapp://people/7")
    let second = router.dispatch("myapp://people/7")
    #expect(first.id < second.id)
    try router.attach("person") { match in
      ran.append(try match.value("id", as: Int.self))
      return .user(try match.value("id", as: Int.self))
    }
    #expect(await first.result.outcome == .handled)
    #expect(await second.result.outcome == .handled)
    #expect(ran.all == [7, 7])
  }

  @Test("Gates: a link waits for every gate its route needs; closing holds new links again")
  func gates() async throws {
    let router = Router<Destination>()
    router.links.use(TestClock())
    try router.register(
      "myapp://orders/:id", name: "order", metadata: .with(.gates, [.signedIn, Gate("migrated")])
    ) { .slug(try $0.value("id", as: String.self)) }
    try router.register("myapp://home") { _ in .home }

    let home = await router.dispatch("myapp://home").result
    #expect(home.outcome == .handled)

    let order = router.dispatch("myapp://orders/A1")
    router.links.openGate(.signedIn)
    #expect(order.currentResult == nil)
    #expect(router.links.held.count == 1)
    router.links.openGate(Gate("migrated"))
    #expect(await order.result.output == .slug("A1"))

    router.links.closeGate(.signedIn)
    #expect(!router.links.isOpen(.signedIn))
    let again = router.dispatch("myapp://orders/B2")
    #expect(router.links.held.map(\.url) == ["myapp://orders/B2"])
    router.links.openGate(.signedIn)
    #expect(await again.result.output == .slug("B2"))
  }

  @Test("Router-wide gates hold every link; released links are delivered in arrival order")
  func routerGatesInOrder() async throws {
    let router = Router<Destination>()
    router.links.use(TestClock())
    let order = Recorder<String>()
    try router.register("myapp://user/<int:id>") { match in
      order.append("user \(try match.value("id", as: Int.self))")
      return .user(try match.value("id", as: Int.self))
    }
    try router.register("myapp://search/:term") { match in
      order.append("search \(try match.value("term", as: String.self))")
      return .search(try match.value("term", as: String.self))
    }
    router.links.requiredGates = [.launched]
    let links = [
      router.dispatch("myapp://user/1"), router.dispatch("myapp://search/a"),
      router.dispatch("myapp://user/2"),
    ]
    #expect(router.links.held.count == 3)
    router.links.openGate(.launched)
    for link in links { #expect(await link.result.outcome == .handled) }
    #expect(order.all == ["user 1", "search a", "user 2"])
  }

  @Test("keepLatest: a new link for a route replaces the held one, which is dropped")
  func keepLatest() async throws {
    let router = Router<Destination>()
    router.links.use(TestClock())
    try router.declare(
      "/people/:id", name: "person", metadata: .with(.holdPolicy, HoldPolicy(repeats: .keepLatest)))
    let first = router.dispatch("myapp://people/1")
    let second = router.dispatch("myapp://people/2")
    #expect(await first.result.outcome == .dropped)
    try router.attach("person") { .user(try $0.value("id", as: Int.self)) }
    #expect(await second.result.output == .user(2))
  }

  @Test("keepFirst: a new link for a route that holds one is dropped")
  func keepFirst() async throws {
    let router = Router<Destination>()
    router.links.use(TestClock())
    try router.declare(
      "/people/:id", name: "person", metadata: .with(.holdPolicy, HoldPolicy(repeats: .keepFirst)))
    let first = router.dispatch("myapp://people/1")
    let second = router.dispatch("myapp://people/2")
    #expect(await second.result.outcome == .dropped)
    try router.attach("person") { .user(try $0.value("id", as: Int.self)) }
    #expect(await first.result.output == .user(1))
  }

  @Test("Capacity: over the cap, the oldest held link is dropped, with an event")
  func capacity() async throws {
    let router = Router<Destination>()
    router.links.use(TestClock())
    router.links.holdPolicy = HoldPolicy(capacity: 2)
    try router.declare("/people/:id", name: "person")
    try router.declare(
      "/people", name: "people", metadata: .with(.holdPolicy, HoldPolicy(capacity: 1)))
    var events = router.links.events().makeAsyncIterator()
    let links = (1...3).map { router.dispatch("myapp://people/\($0)") }
    #expect(await links[0].result.outcome == .dropped)
    let dropped = await next(.finished, of: links[0].id, in: &events)
    #expect(dropped?.result?.outcome == .dropped)
    #expect(router.links.held.map(\.url) == ["myapp://people/2", "myapp://people/3"])

    let list1 = router.dispatch("myapp://people")
    let list2 = router.dispatch("myapp://people")
    #expect(await list1.result.outcome == .dropped)
    // Each link is capped by its own policy only: the route's cap never drops the router's links.
    #expect(router.links.held.map(\.id) == [links[1].id, links[2].id, list2.id])
  }

  @Test("Coalescing: the same URL again within the window ends as coalesced")
  func coalescing() async throws {
    let clock = TestClock()
    let router = try peopleRouter(clock, policy: HoldPolicy(coalescingWindow: .seconds(1)))
    let first = router.dispatch("myapp://people/7")
    let repeated = router.dispatch("myapp://people/7")
    let other = router.dispatch("myapp://people/8")
    #expect(await repeated.result.outcome == .coalesced)
    await clock.advance(by: .seconds(1))
    let later = router.dispatch("myapp://people/7")
    try router.attach("person") { .user(try $0.value("id", as: Int.self)) }
    #expect(await first.result.output == .user(7))
    #expect(await other.result.output == .user(8))
    #expect(await later.result.output == .user(7))
  }

  @Test("No timeout: a link waits until it is delivered")
  func noTimeout() async throws {
    let clock = TestClock()
    let router = try peopleRouter(clock, policy: HoldPolicy(timeout: nil))
    let link = router.dispatch("myapp://people/7")
    await clock.advance(by: .seconds(3600))
    #expect(link.currentResult == nil)
    try router.attach("person") { .user(try $0.value("id", as: Int.self)) }
    #expect(await link.result.output == .user(7))
  }

  @Test("Events: held, released, finished, in that order")
  func events() async throws {
    let router = try peopleRouter(TestClock())
    var events = router.links.events().makeAsyncIterator()
    let link = router.dispatch("myapp://people/7")
    try router.attach("person") { .user(try $0.value("id", as: Int.self)) }
    var kinds: [LinkEventKind] = []
    while let event = await events.next() {
      kinds.append(event.kind)
      if event.kind == .finished { break }
    }
    #expect(kinds == [.held, .released, .finished])
    #expect(await link.result.outcome == .handled)
  }

  @Test("A cold-start link behind sign-in ends on its screen with its back stack")
  func coldStartStack() async throws {
    let router = Router<Destination>()
    router.links.use(TestClock())
    try router.register("myapp://user/<int:id>", name: "user") {
      .user(try $0.value("id", as: Int.self))
    }
    try router.register(
      "myapp://user/<int:uid>/post/<int:id>", name: "post", metadata: .with(.gates, [.signedIn])
    ) { .post(try $0.value("id", as: Int.self)) }
    let link = router.dispatch("myapp://user/42/post/7", stack: true)
    #expect(link.currentResult == nil)
    router.links.openGate(.signedIn)
    let result = await link.result
    #expect(result.output == .post(7))
    #expect(result.stack == [.user(42), .post(7)])
  }

  @Test("1,000 concurrent dispatches are each delivered once, in dispatch order")
  func concurrentDispatches() async throws {
    let router = try peopleRouter(TestClock(), policy: HoldPolicy(timeout: nil, capacity: nil))
    let delivered = Recorder<Int>()
    let links = await withTaskGroup(of: DispatchedLink<Destination>.self) { group in
      for number in 0..<1000 {
        group.addTask { router.dispatch("myapp://people/\(number)") }
      }
      var links: [DispatchedLink<Destination>] = []
      for await link in group { links.append(link) }
      return links
    }
    #expect(router.links.held.count == 1000)
    try router.attachAsync("person") { match in
      delivered.append(try match.value("id", as: Int.self))
      return .user(try match.value("id", as: Int.self))
    }
    for link in links { #expect(await link.result.outcome == .handled) }
    let byDispatchOrder = links.sorted { $0.id < $1.id }.map {
      Int($0.url.split(separator: "/").last!)!
    }
    #expect(delivered.all == byDispatchOrder)
    #expect(Set(delivered.all).count == 1000)
  }

  @Test("A cancelled waiter leaves nothing behind: the router keeps no handler it was given")
  func nothingRetained() async throws {
    final class Tracker: Sendable {}
    weak var weakTracker: Tracker?
    let router = try peopleRouter(TestClock())
    do {
      let tracker = Tracker()
      weakTracker = tracker
      try router.attach("people") { _ in
        _ = tracker
        return .home
      }
    }
    let link = router.dispatch("myapp://people/1")
    let waiter = Task { await link.result }
    waiter.cancel()
    #expect(await waiter.value.outcome == .cancelled)
    #expect(weakTracker != nil)
    try router.detach("people")
    #expect(weakTracker == nil)
    #expect(router.links.held.isEmpty)
  }

  @Test("A router that goes away ends its held links as cancelled; a held link does not keep it")
  func routerGoesAway() async throws {
    weak var weakRouter: Router<Destination>?
    var link: DispatchedLink<Destination>? = nil
    do {
      let router = try peopleRouter(TestClock(), policy: HoldPolicy(timeout: .seconds(10)))
      weakRouter = router
      link = router.dispatch("myapp://people/7")
      #expect(router.links.held.count == 1)
    }
    #expect(weakRouter == nil)
    #expect(await link?.result.outcome == .cancelled)
  }

  @Test("Naming a route that does not exist is an error with a suggestion")
  func unknownName() throws {
    let router = try peopleRouter(TestClock())
    #expect(throws: HeldLinkError.self) { try router.attach("persno") { _ in .home } }
    do {
      try router.attach("persno") { _ in .home }
    } catch {
      #expect(error.description == "no route is named 'persno'; did you mean 'person'?")
    }
  }
}

/// A main-actor model, as an app's UI state would be.
@MainActor
final class ScreenModel {
  var path: [Destination] = []
}

@Suite("Held links on the main actor")
struct MainActorHeldLinkTests {
  @Test("A link dispatched before the UI is ready runs its main-actor handler once it is")
  @MainActor
  func mainActorHandlers() async throws {
    let model = ScreenModel()
    let router = MainActorRouter<Destination>()
    router.links.use(TestClock())
    try router.declare("myapp://user/<int:id>", name: "user")
    try router.register("myapp://post/<int:id>", metadata: .with(.gates, [.launched])) { match in
      model.path.append(.post(try match.value("id", as: Int.self)))
      return .post(try match.value("id", as: Int.self))
    }
    let user = router.dispatch("myapp://user/42")
    let post = router.dispatch("myapp://post/7")
    #expect(router.links.held.map(\.routeName) == ["user", "myapp://post/<int:id>"])

    try router.attach("user") { match in
      model.path.append(.user(try match.value("id", as: Int.self)))  // main-actor state, no hop
      return .user(try match.value("id", as: Int.self))
    }
    #expect(await user.result.output == .user(42))
    router.links.openGate(.launched)
    #expect(await post.result.output == .post(7))
    #expect(model.path == [.user(42), .post(7)])
  }

  @Test("Links dispatched from other tasks reach main-actor handlers in dispatch order")
  @MainActor
  func fromOtherTasks() async throws {
    let model = ScreenModel()
    let router = MainActorRouter<Destination>()
    router.links.use(TestClock())
    try router.register("myapp://user/<int:id>") { match in
      model.path.append(.user(try match.value("id", as: Int.self)))
      return .user(try match.value("id", as: Int.self))
    }
    router.links.requiredGates = [.launched]
    for id in 1...5 {
      let link = router.dispatch("myapp://user/\(id)")
      #expect(link.currentResult == nil)
    }
    let results = await Task.detached {
      router.links.openGate(.launched)
      return await router.dispatch("myapp://user/6").result
    }.value
    #expect(results.output == .user(6))
    #expect(model.path == (1...6).map { .user($0) })
  }
}

@Suite("Held links on a Navigator")
struct NavigatorHeldLinkTests {
  @Test("A cold-start link waits for its screen, then is shown as asked")
  @MainActor
  func coldStart() async throws {
    let host = RecordingHost()
    let navigator = Navigator<Screen>(host: host)
    navigator.links.use(TestClock())
    try navigator.declare("myapp://user/<int:id>", name: "user")
    try navigator.map("myapp://post/<int:id>", metadata: .with(.gates, [.signedIn])) { match in
      .postID(try match.value("id", as: Int.self))
    }
    let user = navigator.dispatch("myapp://user/42", .present(wrap: true))
    let post = navigator.dispatch("myapp://post/7")
    #expect(navigator.links.held.count == 2)
    #expect(host.log.isEmpty)

    try navigator.attach("user") { match in .user(try match.value("id", as: Int.self)) }
    #expect(await user.result.output == true)
    navigator.links.openGate(.signedIn)
    #expect(await post.result.outcome == .handled)
    #expect(host.log == ["present user(42) wrapped", "push postID(7)"])

    let nowhere = await navigator.dispatch("myapp://nowhere").result
    #expect(nowhere.outcome == .unmatched)
    #expect(nowhere.output == false)
  }
}
