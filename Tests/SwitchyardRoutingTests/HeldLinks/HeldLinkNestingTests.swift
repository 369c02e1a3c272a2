import Clocks
import Switchyard
import Testing

/// A handler that dispatches a link of its own router and awaits it: links are delivered one at
/// a time, so without care the awaited link would queue behind the delivery that awaits it and
/// the router would stop for good. Each test would hang without the fix; each runs under a
/// ``Watchdog``, which turns such a hang into a failure instead of a stuck run. Every router
/// runs on a `TestClock`: no link times out by wall time.
@Suite("Held links: handlers that await links they dispatch")
struct HeldLinkNestingTests {
  @Test("A handler awaits a link it dispatched, and later links still go")
  func handlerAwaitsItsOwnLinks() async throws {
    _ = try await Watchdog().run(#function) {
      let r = Router<String>()
      r.links.use(TestClock())
      try r.register("myapp://user/<int:id>") { "user \(try $0.value("id", as: Int.self))" }
      try r.registerAsync("myapp://outer") { [unowned r] _ in
        let inner = await r.dispatch("myapp://user/1").result
        return "outer got \(inner.output ?? "nil")"
      }
      let outer = r.dispatch("myapp://outer")
      let later = r.dispatch("myapp://user/2")
      #expect(await outer.result.output == "outer got user 1")
      #expect(await later.result.output == "user 2")
    }
  }

  @Test("Two levels: a handler awaits a link whose handler awaits another")
  func twoLevels() async throws {
    _ = try await Watchdog().run(#function) {
      let r = Router<String>()
      r.links.use(TestClock())
      try r.register("myapp://leaf/<int:id>") { "leaf \(try $0.value("id", as: Int.self))" }
      try r.registerAsync("myapp://middle") { [unowned r] _ in
        "middle(\(await r.dispatch("myapp://leaf/3").result.output ?? "nil"))"
      }
      try r.registerAsync("myapp://top") { [unowned r] _ in
        "top(\(await r.dispatch("myapp://middle").result.output ?? "nil"))"
      }
      #expect(await r.dispatch("myapp://top").result.output == "top(middle(leaf 3))")
      #expect(await r.dispatch("myapp://leaf/4").result.output == "leaf 4")
    }
  }

  @Test("A handler awaits a held link: it is delivered once released, not behind the handler")
  func handlerAwaitsHeldLink() async throws {
    _ = try await Watchdog().run(#function) {
      let r = Router<String>()
      r.links.use(TestClock())
      try r.register("myapp://account", metadata: .with(.gates, [.signedIn])) { _ in "account" }
      try r.registerAsync("myapp://outer") { [unowned r] _ in
        "outer got \(await r.dispatch("myapp://account").result.output ?? "nil")"
      }
      var events = r.links.events().makeAsyncIterator()
      let outer = r.dispatch("myapp://outer")
      // The inner link is held for its gate while the outer handler awaits it.
      while let event = await events.next() {
        if event.kind == .held, event.url == "myapp://account" { break }
      }
      r.links.openGate(.signedIn)
      #expect(await outer.result.output == "outer got account")
    }
  }

  @Test("Dispatched from a handler but not awaited, a link is still delivered after it, in order")
  func notAwaitedKeepsOrder() async throws {
    _ = try await Watchdog().run(#function) {
      let r = Router<String>()
      r.links.use(TestClock())
      let order = Recorder<String>()
      try r.register("myapp://user/<int:id>") { match in
        let id = try match.value("id", as: Int.self)
        order.append("user \(id)")
        return "user \(id)"
      }
      try r.registerAsync("myapp://outer") { [unowned r] _ in
        let inner = r.dispatch("myapp://user/1")
        order.append("outer returns")
        return "outer, inner \(inner.currentResult == nil ? "pending" : "done")"
      }
      let outer = r.dispatch("myapp://outer")
      #expect(await outer.result.output == "outer, inner pending")
      #expect(await r.dispatch("myapp://user/2").result.output == "user 2")
      #expect(order.all == ["outer returns", "user 1", "user 2"])
    }
  }

  @Test("A link queued behind a long delivery times out by its policy while it waits")
  func queuedLinkTimesOut() async throws {
    _ = try await Watchdog().run(#function) {
      let clock = TestClock()
      let r = Router<String>()
      r.links.use(clock)
      let (release, releaser) = AsyncStream<Void>.makeStream()
      try r.register("myapp://user/<int:id>") { "user \(try $0.value("id", as: Int.self))" }
      try r.registerAsync("myapp://slow") { _ in
        var gate = release.makeAsyncIterator()
        _ = await gate.next()
        return "slow"
      }
      var events = r.links.events().makeAsyncIterator()
      let slow = r.dispatch("myapp://slow")
      let queued = r.dispatch("myapp://user/1", policy: HoldPolicy(timeout: .seconds(5)))
      let patient = r.dispatch("myapp://user/2", policy: HoldPolicy(timeout: nil))
      await clock.advance(by: .seconds(6))
      // Waits for its end without awaiting it: a link dispatched during a delivery and awaited
      // while that delivery goes on is delivered at once (it might be the delivery's own).
      while let event = await events.next() {
        if event.kind == .finished, event.url == "myapp://user/1" { break }
      }
      #expect(queued.currentResult?.outcome == .timedOut)
      releaser.yield()
      #expect(await slow.result.output == "slow")
      #expect(await patient.result.output == "user 2")
    }
  }
}
