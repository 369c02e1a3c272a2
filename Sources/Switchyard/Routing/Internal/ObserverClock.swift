/// The clock that times routing events: `ContinuousClock`, read as the time since a fixed
/// instant of the process.
///
/// A `Duration` has a layout known when compiling, unlike `ContinuousClock.Instant` (from a
/// library that may change it): a dispatch run that kept an instant would have a size known
/// only at run time, and every routing call would look its layout up before allocating one.
enum ObserverClock {
  private static let origin = ContinuousClock.now

  /// The time since the origin, now.
  static var now: Duration { origin.duration(to: ContinuousClock.now) }
}
