/// A clock as held links use it: a reading of "now" as an offset from when the timer was
/// made, and a sleep until such an offset. Wraps any `Clock` whose durations are `Duration`,
/// so a router takes `ContinuousClock` in production and a test clock in tests.
struct LinkTimer: Sendable {
  /// The time since the timer was made.
  let now: @Sendable () -> Duration
  /// Sleeps until `now()` reaches the offset (returns at once when it has); throws when the
  /// task is cancelled.
  let sleep: @Sendable (_ until: Duration) async throws -> Void

  /// How far before its deadline a sleep is asked to end: one attosecond, the smallest
  /// `Duration`.
  ///
  /// A deadline is reached when the clock's time *equals* it. A clock may park a sleep whose
  /// deadline equals its current time until it is advanced again (a hand-advanced test clock
  /// does), so a timer task that starts just after the clock was advanced exactly to its
  /// deadline would never wake. Asking for a deadline strictly before the reached time wakes it
  /// whenever it starts, which makes a timeout independent of when its task is scheduled.
  static let earlyWake = Duration(secondsComponent: 0, attosecondsComponent: 1)

  init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let origin = clock.now
    now = { origin.duration(to: clock.now) }
    sleep = { offset in
      try await clock.sleep(until: origin.advanced(by: offset - Self.earlyWake), tolerance: nil)
    }
  }
}
