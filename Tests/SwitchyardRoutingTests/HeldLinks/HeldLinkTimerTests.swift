import Clocks
import Switchyard
import Testing

/// A clock whose sleeps reach the underlying test clock only when the test lets them: the test
/// decides that a link's timer task starts sleeping *after* the clock was advanced, the order a
/// loaded machine can produce by chance.
final class LateSleepClock: Clock {
  typealias Duration = Swift.Duration
  typealias Instant = TestClock<Duration>.Instant

  let base = TestClock()
  private let gate = AsyncStream<Void>.makeStream()
  private let asked = AsyncStream<Bool>.makeStream()

  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  /// For each sleep, once let through: whether its deadline had already passed.
  var deadlinesAlreadyPassed: AsyncStream<Bool> { asked.stream }

  /// Lets the next sleep through to the test clock.
  func letSleepThrough() { gate.continuation.yield() }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    var gates = gate.stream.makeAsyncIterator()
    _ = await gates.next()
    asked.continuation.yield(deadline < base.now)
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}

@Suite("Held links: timeouts do not depend on scheduling")
struct HeldLinkTimerTests {
  @Test("A timer that starts sleeping after the clock reached its deadline still times out")
  func timerStartsLate() async throws {
    let clock = LateSleepClock()
    let router = Router<Int>()
    router.links.use(clock)
    router.links.holdPolicy = HoldPolicy(timeout: .seconds(10))
    try router.declare("/people/:id", name: "person")
    let link = router.dispatch("myapp://people/7")

    // The clock reaches the deadline exactly, before the timer's sleep reaches the clock.
    await clock.base.advance(by: .seconds(10))
    clock.letSleepThrough()

    // A test clock parks a sleep whose deadline equals its time until it moves again, so the
    // timer must ask for a deadline the clock has already passed; otherwise the link would
    // wait forever (and the check below stops the test before it waits).
    var asked = clock.deadlinesAlreadyPassed.makeAsyncIterator()
    let passed = await asked.next()
    try #require(passed == true)
    #expect(await link.result.outcome == .timedOut)
  }
}
