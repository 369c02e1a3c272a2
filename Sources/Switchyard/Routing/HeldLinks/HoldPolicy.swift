/// How links are held while their route cannot handle them yet: for how long, how many, and
/// what to do with repeats. Set one for the whole router (``HeldLinks/holdPolicy``), per
/// route (``TypedKey/holdPolicy`` metadata) or per link (the `policy` of
/// ``Router/dispatch(_:policy:stack:context:)``); the most specific one applies.
///
/// ```swift
/// router.links.holdPolicy = HoldPolicy(timeout: .seconds(10), capacity: 20)
/// try router.declare(
///   "/checkout", name: "checkout",
///   metadata: .with(.holdPolicy, HoldPolicy(timeout: nil, repeats: .keepLatest)))
/// router.dispatch(url, policy: HoldPolicy(timeout: .seconds(3)))
/// ```
public struct HoldPolicy: Sendable, Hashable {
  /// How long a link may wait before it ends as timed out — held, or queued behind another
  /// link's delivery — counted from when it was dispatched (from when it was held again, for a
  /// link whose route lost its handler); `nil` waits until it is delivered or cancelled.
  /// Default 30 seconds.
  public var timeout: Duration?
  /// What happens when a route already holds a link and another arrives for it. Default
  /// ``Repeats/keepAll``.
  public var repeats: Repeats
  /// The most links held at once under this policy; when another arrives, the oldest of them
  /// is dropped. The router's policy counts the links held under it, a route's policy that
  /// route's links held under it, and a policy given to `dispatch` the links dispatched with an
  /// equal policy. A link is only ever dropped for its own policy's capacity: one dispatched
  /// with `capacity: nil` waits however many others do. `nil` for no cap. Default 100.
  ///
  /// ```swift
  /// router.dispatch(url, policy: HoldPolicy(timeout: nil, capacity: nil))   // never dropped
  /// ```
  public var capacity: Int?
  /// A link whose URL equals, byte for byte, one dispatched less than this long ago ends at
  /// once as coalesced into the earlier one; `nil` never coalesces. Default `nil`. A URL is
  /// remembered as long as the longest window that may apply to it (the one it was dispatched
  /// under, its route's, the router's), however many other URLs arrive meanwhile.
  public var coalescingWindow: Duration?

  /// Creates a policy.
  ///
  /// ```swift
  /// let patient = HoldPolicy(timeout: nil)
  /// ```
  public init(
    timeout: Duration? = .seconds(30), repeats: Repeats = .keepAll, capacity: Int? = 100,
    coalescingWindow: Duration? = nil
  ) {
    self.timeout = timeout
    self.repeats = repeats
    self.capacity = capacity
    self.coalescingWindow = coalescingWindow
  }

  /// What a route does with a new link while it already holds one.
  ///
  /// The three cases are every answer there is — keep every link, only the newer or only
  /// the older — so this is an enum. How long, how many and which repeats merge are the
  /// policy's other properties (``HoldPolicy/timeout``, ``HoldPolicy/capacity``,
  /// ``HoldPolicy/coalescingWindow``).
  ///
  /// ```swift
  /// HoldPolicy(repeats: .keepLatest)   // a newer link replaces the one held
  /// ```
  public enum Repeats: String, Sendable, Hashable {
    /// Every link is held and delivered, in arrival order.
    case keepAll
    /// The new link replaces the held one, which ends as dropped.
    case keepLatest
    /// The held link stays; the new one ends as dropped at once.
    case keepFirst
  }
}
