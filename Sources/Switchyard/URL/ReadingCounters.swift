#if DEBUG
  /// Debug builds only: how many times URLs were split and queries parsed, and how many
  /// partial-segment children the search tried, so that tests can prove a URL is read once
  /// and that a lookup's work grows linearly (a count, never a timing).
  ///
  /// Counting happens only inside `ReadingCounters.$current.withValue(counters) { … }`, in
  /// that task: tests that run in parallel never see each other's counts.
  final class ReadingCounters: Sendable {
    struct Counts: Sendable {
      /// Calls of `URLLayout.split`.
      var splits = 0
      /// `QueryParameters` parsed from a query or a fragment.
      var queryParses = 0
      /// Partial-segment children (`<id>.json`) whose literal text was compared with a segment:
      /// by a lookup, and by the analysis (`explain`, `lint`) in `SegmentRules.contains`.
      var partialSegmentTests = 0
    }

    private let state = Locked(Counts())

    @TaskLocal static var current: ReadingCounters?

    var counts: Counts { state.withLock { $0 } }

    static func count(_ counter: WritableKeyPath<Counts, Int>) {
      current?.state.withLock { $0[keyPath: counter] += 1 }
    }
  }
#endif
