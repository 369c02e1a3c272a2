/// A clock as held links use it: a reading of "now" as an offset from when the timer was
/// made, and a sleep until such an offset. Wraps any `Clock` whose durations are `Duration`,
/// so a router takes `ContinuousClock` in production and a test clock in tests.
struct LinkTimer: Sendable {
  /// The time since the timer was made.
  let now: @Sendable () -> Duration
  /// Sleeps until `now()` reaches the offset (returns at once when it has); throws when the
  /// task is cancelled.
  let sleep: @Sendable (_ until: Duration) async throws -> Void

  init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let origin = clock.now
    now = { origin.duration(to: clock.now) }
    sleep = { offset in try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil) }
  }
}
