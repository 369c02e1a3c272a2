#if DEBUG
  /// Debug builds only: how many times URLs were split and queries parsed, how many
  /// partial-segment children the search tried and how many steps the app-link files took, so
  /// that tests can prove a URL is read once and that work grows linearly (a count, never a
  /// timing).
  ///
  /// Counting happens only inside `ReadingCounters.$current.withValue(counters) { … }`, in
  /// that task: tests that run in parallel never see each other's counts.
  package final class ReadingCounters: Sendable {
    package struct Counts: Sendable {
      /// Calls of `URLLayout.split`.
      var splits = 0
      /// `QueryParameters` parsed from a query or a fragment.
      var queryParses = 0
      /// URL bytes percent-decoded (by `percentDecode`): reading a capture decodes its own.
      var decodedBytes = 0
      /// Partial-segment children (`<id>.json`) whose literal text was compared with a segment:
      /// by a lookup, and by the analysis (`explain`, `lint`) in `SegmentRules.contains`.
      var partialSegmentTests = 0
      /// Steps of an app-link export or check (`SwitchyardFiles`): a hash lookup while
      /// de-duplicating, a component or filter tested against a URL.
      package var appLinkSteps = 0
    }

    private let state = Locked(Counts())

    package init() {}

    @TaskLocal package static var current: ReadingCounters?

    package var counts: Counts { state.withLock { $0 } }

    package static func count(_ counter: WritableKeyPath<Counts, Int>, by amount: Int = 1) {
      current?.state.withLock { $0[keyPath: counter] += amount }
    }
  }
#endif
