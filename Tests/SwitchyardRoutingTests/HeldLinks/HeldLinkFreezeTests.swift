import Clocks
import Switchyard
import Testing

/// The freezes the held-link machinery had left: a link awaited by the delivery that dispatched
/// it must be delivered (or end) whatever happens to it meanwhile — held again by a `detach`,
/// released by a gate, awaited from a task that knows nothing of the delivery — and never wait
/// behind that delivery. Every router runs on a `TestClock` no one advances (no link times out
/// by wall time) and nothing sleeps. A failing test here would hang; each runs under a
/// ``Watchdog``, which turns the hang into a failure.
@Suite("Held links: no freezes")
struct HeldLinkFreezeTests {
  /// Runs a test's body under a watchdog: a freeze fails the test instead of hanging the run.
  static func watched(
    _ name: String = #function, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () async throws -> Void
  ) async throws {
    _ = try await Watchdog().run(name, sourceLocation: sourceLocation, body)
  }

  /// Waits for the next event `kind` of the link dispatched as `url`.
  static func next(
    _ kind: LinkEventKind, _ url: String, in events: inout AsyncStream<LinkEvent<String>>.Iterator
  ) async {
    while let event = await events.next() {
      if event.kind == kind, event.url == url { return }
    }
  }

  @Test("An awaited link that its route's detach holds again is delivered once attached")
  func awaitedLinkHeldAgainByDetach() async throws {
    try await Self.watched {
      let r = Router<String>()
      r.links.use(TestClock())
      try r.declare("myapp://leaf/<int:id>", name: "leaf")
      try r.attach("leaf") { _ in "leaf" }
      try r.registerAsync("myapp://top") { [unowned r] _ in
        let link = r.dispatch("myapp://leaf/1", policy: HoldPolicy(timeout: nil))
        try? r.detach("leaf")
        return "top(\(await link.result.output ?? "nil"))"
      }
      var events = r.links.events().makeAsyncIterator()
      let outer = r.dispatch("myapp://top")
      await Self.next(.held, "myapp://leaf/1", in: &events)
      try r.attach("leaf") { _ in "leaf" }
      #expect(await outer.result.output == "top(leaf)")
      #expect(await r.dispatch("myapp://leaf/2").result.output == "leaf")
    }
  }

  @Test("An awaited link a gate releases while its route is detached is delivered once attached")
  func awaitedLinkReleasedByGateWhileDetached() async throws {
    try await Self.watched {
      let r = Router<String>()
      r.links.use(TestClock())
      try r.declare(
        "myapp://account/<int:id>", name: "account", metadata: .with(.gates, [.signedIn]))
      try r.attach("account") { _ in "account" }
      try r.registerAsync("myapp://top") { [unowned r] _ in
        let link = r.dispatch("myapp://account/1", policy: HoldPolicy(timeout: nil))
        try? r.detach("account")
        return "top(\(await link.result.output ?? "nil"))"
      }
      var events = r.links.events().makeAsyncIterator()
      let outer = r.dispatch("myapp://top")
      await Self.next(.held, "myapp://account/1", in: &events)  // for the gate
      r.links.openGate(.signedIn)
      await Self.next(.held, "myapp://account/1", in: &events)  // again, for a handler
      try r.attach("account") { _ in "account" }
      #expect(await outer.result.output == "top(account)")
    }
  }

  @Test("A handler that awaits its link from Task.detached does not wait for itself")
  func awaitedFromDetachedTask() async throws {
    try await Self.watched {
      let r = Router<String>()
      r.links.use(TestClock())
      try r.register("myapp://user/<int:id>") { "user \(try $0.value("id", as: Int.self))" }
      try r.registerAsync("myapp://viaDetached") { [unowned r] _ in
        let inner = await Task.detached {
          await r.dispatch("myapp://user/6", policy: HoldPolicy(timeout: nil)).result
        }.value
        return "got \(inner.output ?? "nil")"
      }
      #expect(await r.dispatch("myapp://viaDetached").result.output == "got user 6")
      #expect(await r.dispatch("myapp://user/7").result.output == "user 7")
    }
  }

  @Test("A handler that awaits its link through a completion-handler bridge does not wait")
  func awaitedThroughCompletionHandler() async throws {
    try await Self.watched {
      let r = Router<String>()
      r.links.use(TestClock())
      try r.register("myapp://user/<int:id>") { "user \(try $0.value("id", as: Int.self))" }
      try r.register("myapp://account", metadata: .with(.gates, [.signedIn])) { _ in "account" }
      /// An old API that calls back from a task of its own.
      @Sendable func load(
        _ link: DispatchedLink<String>, completion: @escaping @Sendable (String) -> Void
      ) {
        Task.detached { completion(await link.result.output ?? "nil") }
      }
      try r.registerAsync("myapp://bridge") { [unowned r] _ in
        let user = r.dispatch("myapp://user/8")
        let account = r.dispatch("myapp://account")
        let first = await withCheckedContinuation { done in
          load(user) { done.resume(returning: $0) }
        }
        r.links.openGate(.signedIn)
        let second = await withCheckedContinuation { done in
          load(account) { done.resume(returning: $0) }
        }
        return "\(first), \(second)"
      }
      #expect(await r.dispatch("myapp://bridge").result.output == "user 8, account")
    }
  }

  @Test("An unmatched link dispatched during a delivery ends at once as unmatched")
  func unmatchedDuringDelivery() async throws {
    try await Self.watched {
      let clock = TestClock()
      let r = Router<String>()
      r.links.use(clock)
      let unmatched = Recorder<String>()
      r.unmatchedHandler = { request in
        unmatched.append(request.url)
        return nil
      }
      let (release, releaser) = AsyncStream<Void>.makeStream()
      try r.registerAsync("myapp://slow") { _ in
        var gate = release.makeAsyncIterator()
        _ = await gate.next()
        return "slow"
      }
      let slow = r.dispatch("myapp://slow")
      let nowhere = r.dispatch("myapp://nowhere", policy: HoldPolicy(timeout: .seconds(1)))
      await clock.advance(by: .seconds(2))
      // The slow delivery is still going on: the unmatched link does not wait for it.
      #expect(await nowhere.result.outcome == .unmatched)
      #expect(unmatched.all == ["myapp://nowhere"])
      releaser.yield()
      #expect(await slow.result.output == "slow")
    }
  }

  @Test("On a synchronous router, an unmatched link a handler dispatches has ended on return")
  func unmatchedFromSyncHandler() throws {
    let r = Router<String>()
    r.links.use(TestClock())
    r.unmatchedHandler = { _ in "unmatched" }
    try r.register("myapp://a") { [unowned r] _ in
      let inner = r.dispatch("myapp://nowhere")
      return inner.currentResult.map { "inner \($0.outcome == .unmatched)" } ?? "inner queued"
    }
    #expect(r.dispatch("myapp://a").currentResult?.output == "inner true")
  }

  @Test("Links held again by a detach keep their place among their route's links")
  func heldAgainKeepsItsPlace() async throws {
    try await Self.watched {
      let r = Router<String>()
      r.links.use(TestClock())
      let order = Recorder<Int>()
      let handler: Router<String>.Handler = { match in
        let id = try match.value("id", as: Int.self)
        order.append(id)
        return "b \(id)"
      }
      try r.declare("myapp://b/<int:id>", name: "b")
      try r.attach("b", handler: handler)
      let (first, firstGo) = AsyncStream<Void>.makeStream()
      let (second, secondGo) = AsyncStream<Void>.makeStream()
      try r.registerAsync("myapp://slow/<int:n>") { match in
        var gate = (try match.value("n", as: Int.self) == 1 ? first : second).makeAsyncIterator()
        _ = await gate.next()
        return "slow"
      }
      var events = r.links.events().makeAsyncIterator()
      _ = r.dispatch("myapp://slow/1")
      _ = r.dispatch("myapp://b/1")
      _ = r.dispatch("myapp://slow/2")
      _ = r.dispatch("myapp://b/2")
      try r.detach("b")
      firstGo.yield()
      // b/1 found no handler and is held again; slow/2 holds the queue, b/2 waits behind it.
      await Self.next(.held, "myapp://b/1", in: &events)
      try r.attach("b", handler: handler)
      secondGo.yield()
      await Self.next(.finished, "myapp://b/2", in: &events)
      #expect(order.all == [1, 2])
    }
  }
}
