import Clocks
import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// The random nested scenario: handlers that dispatch links and await them (directly, from a
/// `Task.detached`, through a completion-handler bridge, nested two levels), detach their
/// route meanwhile, wait for gates, cancel, and dispatch URLs no route matches, while the test
/// attaches and detaches, opens and closes the gate, advances the clock and cancels. Every link
/// must end: links awaited by a delivery have no timeout, so one that waited behind the
/// delivery that awaits it would never end.
///
/// Deterministic where it counts: each round's script comes from its seed (the round number,
/// so a failing round runs again alone by its seed), timeouts count on the round's
/// `TestClock`, which only the script advances, and the verdict does not depend on how the
/// tasks interleave. Nothing sleeps. A freeze fails the round through the ``Watchdog`` (no
/// handler ran and no link ended for a minute) instead of hanging the run; the rounds after a
/// freeze do not run (its tasks are stuck; the first frozen round is the one to look at).
@Suite("Held links: random nested dispatch, await, detach, attach, gates, cancel, clock")
struct HeldLinkRandomNestingTests {
  static let rounds = 1_000

  @Test("Every link of every round ends; unmatched links end as unmatched")
  func randomNestedRounds() async throws {
    let watchdog = Watchdog()
    var (ended, froze, links, unmatched) = (0, 0, 0, 0)
    for round in 0..<Self.rounds where froze == 0 {
      let seen = try await watchdog.run("round \(round)") {
        try await Self.run(seed: UInt64(round), watchdog: watchdog)
      }
      guard let seen else {
        froze += 1
        continue
      }
      #expect(seen.problems.isEmpty, "round \(round): \(seen.problems)")
      ended += 1
      (links, unmatched) = (links + seen.links, unmatched + seen.unmatched)
    }
    #expect(froze == 0)
    #expect(ended == Self.rounds)
    // The rounds did what they are for: many links, many of them nested, awaited and not.
    #expect(links > 5 * Self.rounds, "\(links) links in \(Self.rounds) rounds")
    #expect(unmatched > Self.rounds / 5, "\(unmatched) unawaited unmatched links")
  }

  /// What one round saw: the problems (empty when all is well), how many links its handlers
  /// and script dispatched, and how many unawaited links no route matches it checked.
  struct Seen: Sendable {
    var problems: [String]
    var links: Int
    var unmatched: Int
  }

  /// One round: a router, a script from `seed`, and what it saw.
  static func run(seed: UInt64, watchdog: Watchdog) async throws -> Seen {
    var random = SeededGenerator(seed: seed)
    let clock = TestClock()
    let r = Router<String>()
    r.links.use(clock)
    r.links.holdPolicy = HoldPolicy(timeout: nil)
    let problems = Recorder<String>()
    // Links no route matches, dispatched and not awaited: each must end as unmatched, at once,
    // whatever is being delivered (never queued with a timer that could end it as timed out).
    let unmatched = Recorder<DispatchedLink<String>>()
    // Set once the round winds down: from then on handlers no longer detach, so the route's
    // last state is attached. Checked and set under the same lock as the detach and attach.
    let winding = Locked(false)
    let leaf: Router<String>.Handler = {
      watchdog.tick()
      return "leaf \(try $0.value("id", as: Int.self))"
    }
    try r.declare("myapp://leaf/<int:id>", name: "leaf")
    try r.attach("leaf", handler: leaf)
    try r.register("myapp://account/<int:id>", metadata: .with(.gates, [.signedIn])) {
      watchdog.tick()
      return "account \(try $0.value("id", as: Int.self))"
    }
    r.unmatchedHandler = { _ in nil }

    /// Dispatches a link and does not await it: a leaf's, an account's (gated) or one no
    /// route matches, with a timeout the script's clock advances can reach. (The router is a
    /// parameter: captured, it would be kept alive by its own handlers.)
    @Sendable func dispatchUnawaited(
      _ r: Router<String>, _ id: Int, _ random: inout SeededGenerator
    ) {
      switch random.below(3) {
      case 0: r.dispatch("myapp://leaf/\(id)")
      case 1: r.dispatch("myapp://account/\(id)")
      default:
        let timeout = HoldPolicy(timeout: .seconds(1 + random.below(30)))
        unmatched.append(r.dispatch("myapp://nowhere/\(id)", policy: timeout))
      }
    }

    /// An old API that calls back from a task of its own.
    @Sendable func bridge(_ link: DispatchedLink<String>) async -> LinkResult<String> {
      await withCheckedContinuation { done in
        Task.detached { done.resume(returning: await link.result) }
      }
    }

    try r.registerAsync("myapp://nest/<int:seed>/<int:depth>") { [unowned r] match in
      var random = SeededGenerator(seed: UInt64(try match.value("seed", as: Int.self)))
      let depth = try match.value("depth", as: Int.self)
      var parts: [String] = []
      for _ in 0...random.below(3) {
        watchdog.tick()
        let id = random.below(1_000)
        let timeout: HoldPolicy =
          random.chance(20) ? HoldPolicy(timeout: .seconds(1 + random.below(30))) : HoldPolicy()
        switch random.below(depth < 2 ? 10 : 9) {
        case 0:
          parts.append("\(await r.dispatch("myapp://leaf/\(id)", policy: timeout).result.outcome)")
        case 1:
          let result = await Task.detached {
            await r.dispatch("myapp://leaf/\(id)", policy: timeout).result
          }.value
          parts.append("\(result.outcome)")
        case 2:
          parts.append("\(await bridge(r.dispatch("myapp://leaf/\(id)", policy: timeout)).outcome)")
        case 3:
          let link = r.dispatch("myapp://leaf/\(id)", policy: timeout)
          winding.withLock { if !$0 { try? r.detach("leaf") } }
          parts.append("\(await link.result.outcome)")
        case 4:
          let link = r.dispatch("myapp://account/\(id)", policy: timeout)
          parts.append("\(await (random.chance(50) ? bridge(link) : link.result).outcome)")
        case 5:
          let result = await r.dispatch("myapp://nowhere/\(id)").result
          if result.outcome != .unmatched { problems.append("nowhere/\(id): \(result.outcome)") }
        case 6:
          dispatchUnawaited(r, id, &random)
        case 7:
          let link = r.dispatch("myapp://leaf/\(id)")
          link.cancel()
          parts.append("\(await link.result.outcome)")
        case 8:
          winding.withLock { _ in try? r.attach("leaf", handler: leaf) }
        default:
          let inner = r.dispatch("myapp://nest/\(random.below(1 << 30))/\(depth + 1)")
          parts.append(await inner.result.output ?? "nil")
        }
      }
      return parts.joined(separator: ",")
    }

    var outer: [DispatchedLink<String>] = []
    for _ in 0...random.below(6) {
      outer.append(r.dispatch("myapp://nest/\(random.below(1 << 30))/0"))
      switch random.below(8) {
      case 0: winding.withLock { if !$0 { try? r.detach("leaf") } }
      case 1: try r.attach("leaf", handler: leaf)
      case 2: r.links.openGate(.signedIn)
      case 3: r.links.closeGate(.signedIn)
      case 4: await clock.advance(by: .seconds(random.below(40)))
      case 5: random.pick(outer).cancel()
      case 6: await Task.yield()
      default: dispatchUnawaited(r, 1, &random)
      }
    }
    winding.withLock { winding in
      winding = true
      try? r.attach("leaf", handler: leaf)
    }
    r.links.openGate(.signedIn)
    for link in outer {
      let result = await link.result
      watchdog.tick()
      if result.outcome == .timedOut { problems.append("\(link.url) timed out with no timeout") }
    }
    for link in unmatched.all {
      let result = await link.result
      if result.outcome != .unmatched { problems.append("\(link.url): \(result.outcome)") }
    }
    // Links are numbered in dispatch order: the next one's number counts those before it.
    let links = Int(r.dispatch("myapp://nowhere/last").id.sequence) - 1
    return Seen(problems: problems.all, links: links, unmatched: unmatched.all.count)
  }
}
