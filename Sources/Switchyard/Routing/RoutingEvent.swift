/// One routing decision, reported to the observers of a ``Router`` or a ``Navigator``.
///
/// An event names the route by its **pattern**, never by the URL, so that logs and metrics
/// carry no personal data (user ids, search terms, tokens in queries).
///
/// ```swift
/// router.observe { event in
///   print(event.outcome, event.pattern ?? "-", event.duration)
///   // handled myapp://user/<int:id> 0.000012 seconds
/// }
/// ```
///
/// Routing one URL reports, in order: each candidate that declined, then the one that handled
/// it — or an interceptor's rejection or redirection, or `unmatched` when nothing handled it.
/// A redirection is followed by the events of routing the new URL.
public struct RoutingEvent: Sendable, CustomStringConvertible {
  /// What was decided.
  public var outcome: Outcome
  /// The pattern of the route concerned: the candidate that handled or declined, or the best
  /// candidate when an interceptor decided (`nil` when no route matched).
  public var pattern: String?
  /// The name of that route.
  public var routeName: String?
  /// The name of the interceptor, for ``Outcome/rejected`` and ``Outcome/redirected``.
  public var interceptor: String?
  /// The time from the start of routing this URL (matching included) to this decision,
  /// measured with `ContinuousClock` (read only while some observer is registered).
  public var duration: Duration
  /// How many redirections led to the URL being routed (0 for the URL as given).
  public var redirectDepth: Int
  /// The metadata of the route concerned (`nil` when no route is).
  public var metadata: RouteMetadata?

  /// What a routing decision was: one of the static members below, compared with `==` or in a
  /// `switch` (which needs a `default`: a later release may add outcomes). It prints as its
  /// name, which makes it a metrics label as it is.
  ///
  /// ```swift
  /// router.observe { event in
  ///   if event.outcome == .unmatched { deadLinks += 1 }
  ///   metrics.count("routing.\(event.outcome)")   // "routing.handled"
  /// }
  /// ```
  public struct Outcome: Sendable, Hashable, CustomStringConvertible {
    private enum Name: String, Sendable, Hashable {
      case handled, declined, rejected, redirected, unmatched, needsAsync, failed
    }

    private let name: Name

    private init(_ name: Name) { self.name = name }

    /// A handler produced a result.
    public static let handled = Outcome(.handled)
    /// A handler returned `nil` or threw; the next candidate runs.
    public static let declined = Outcome(.declined)
    /// An interceptor rejected the URL; the unmatched handler runs.
    public static let rejected = Outcome(.rejected)
    /// An interceptor sent the router to another URL.
    public static let redirected = Outcome(.redirected)
    /// No route matched, every candidate declined, or a redirection looped.
    public static let unmatched = Outcome(.unmatched)
    /// A synchronous call met a route whose handler is async, and stopped
    /// (``UnmatchedReason/needsAsync``).
    public static let needsAsync = Outcome(.needsAsync)
    /// A handler read a parameter its route does not declare: a programming error, not a
    /// decline (``UnmatchedReason/handlerFailed``).
    public static let failed = Outcome(.failed)

    /// The name, as written after the dot: `handled`.
    public var description: String { name.rawValue }
  }

  public var description: String {
    var text = "\(outcome) \(pattern ?? "-")"
    if let interceptor { text += " by \(interceptor)" }
    return text + " in \(duration)"
  }
}
