/// How a dispatched link ended: one of the static members below, compared with `==` or in a
/// `switch` (which needs a `default`: a later release may add outcomes). It prints as its name.
///
/// ```swift
/// let result = await router.dispatch("myapp://user/42").result
/// switch result.outcome {
/// case .handled: show(result.output!)
/// case .timedOut, .cancelled, .dropped, .coalesced: break
/// default: print(result.outcome, result.url)
/// }
/// ```
public struct LinkOutcome: Sendable, Hashable, CustomStringConvertible {
  private enum Name: String, Sendable, Hashable {
    case handled, unmatched, failed, timedOut, cancelled, dropped, coalesced, unresolved
  }

  private let name: Name

  private init(_ name: Name) { self.name = name }

  /// A route's handler took the link; its output is ``LinkResult/output``.
  public static let handled = LinkOutcome(.handled)
  /// No route matches the link, or every candidate declined without throwing (or an
  /// interceptor rejected it); the unmatched handler ran (its output, if any, is
  /// ``LinkResult/output``).
  public static let unmatched = LinkOutcome(.unmatched)
  /// No handler took the link and a handler threw (``LinkResult/error``).
  public static let failed = LinkOutcome(.failed)
  /// The link waited longer than its hold policy's timeout.
  public static let timedOut = LinkOutcome(.timedOut)
  /// The link was cancelled (``DispatchedLink/cancel()``, ``HeldLinks/cancelAll()``, or the
  /// task awaiting its result was cancelled) before a handler ran.
  public static let cancelled = LinkOutcome(.cancelled)
  /// The link was dropped by its hold policy: over capacity (oldest first), or a repeat for a
  /// route that keeps only its first or latest link.
  public static let dropped = LinkOutcome(.dropped)
  /// The same URL was dispatched within the coalescing window; the earlier link stands for it.
  public static let coalesced = LinkOutcome(.coalesced)
  /// The link stood for another that its link service did not give: a short link or an
  /// install token that the service does not know, that was spent or has expired, or a
  /// service that could not be reached. ``LinkResult/error`` says which. Only a link handed to
  /// SwitchyardFoundation's `dispatch(resolving:via:)` ends so; no handler ran for it.
  ///
  /// ```swift
  /// let result = await router.dispatch(resolving: clipboardText, via: linkService).result
  /// if result.outcome == .unresolved { print(result.error!) }   // e.g. the token was spent
  /// ```
  public static let unresolved = LinkOutcome(.unresolved)

  /// The name, as written after the dot: `timedOut`.
  public var description: String { name.rawValue }
}

/// Identifies one dispatch: the same URL dispatched twice is two links.
///
/// IDs compare in dispatch order: a later dispatch has a larger ID.
///
/// ```swift
/// let first = router.dispatch("myapp://a"), second = router.dispatch("myapp://a")
/// first.id < second.id   // true
/// print(second.id)       // "link 2"
/// ```
public struct LinkID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Dispatch order: a later dispatch has a larger number.
  let sequence: UInt64

  public static func < (lhs: LinkID, rhs: LinkID) -> Bool { lhs.sequence < rhs.sequence }
  public var description: String { "link \(sequence)" }
}

/// The end of one dispatched link: its outcome and what goes with it.
///
/// ```swift
/// let result = await router.dispatch("myapp://people/7?ref=mail").result
/// result.outcome            // .handled, .timedOut, …
/// result.parameters["id"]   // "7" — also on timeouts and failures
/// ```
public struct LinkResult<Output> {
  /// The link.
  public let id: LinkID
  /// The URL as dispatched.
  public let url: String
  /// How it ended.
  public let outcome: LinkOutcome
  /// The handler's output (``LinkOutcome/handled``), or the unmatched handler's
  /// (``LinkOutcome/unmatched``, ``LinkOutcome/failed``); `nil` otherwise.
  public let output: Output?
  /// The route the link was for: the match whose handler took it, or, for a link that ended
  /// while held, the best match when it was dispatched. `nil` when no route matches.
  public let match: RouteMatch?
  /// Why no handler took the link, for ``LinkOutcome/unmatched`` and ``LinkOutcome/failed``.
  public let unmatched: UnmatchedRequest?
  /// The error a handler threw, for ``LinkOutcome/failed``; why the link service gave no link,
  /// for ``LinkOutcome/unresolved``.
  public let error: (any Error)?
  /// The back stack, for links dispatched with `stack: true` and handled: the outputs of the
  /// parents, then ``output`` (see ``Router/stack(for:context:)``).
  public let stack: [Output]

  /// The link's parameters as strings: the route's captures, then the query's last values,
  /// then fragment parameters (a capture is never overridden). Without a match (no route
  /// matched the link), the URL's query and fragment parameters, read as a match reads them.
  ///
  /// ```swift
  /// let result = await router.dispatch("myapp://nowhere?x=1").result
  /// result.outcome      // .unmatched
  /// result.parameters   // ["x": "1"]
  /// ```
  public var parameters: [String: String] {
    var values: [String: String] = [:]
    guard let match else {
      guard let reader else { return [:] }
      let reading = reader.read(url)
      let plusAsSpace = reader.options.plusAsSpace
      for (name, value) in reading.fragmentParameters(plusAsSpace: plusAsSpace).items {
        values[name] = value
      }
      for (name, value) in reading.query(plusAsSpace: plusAsSpace).items { values[name] = value }
      return values
    }
    for (name, value) in match.fragmentParameters.items { values[name] = value }
    for (name, value) in match.query.items { values[name] = value }
    for (name, value) in match.parameters { values[name] = value.description }
    return values
  }
  /// Reads the URL's parameters when there is no match (set when the link ends).
  var reader: URLReader? = nil

  init(
    _ id: LinkID, _ url: String, _ outcome: LinkOutcome, output: Output? = nil,
    match: RouteMatch? = nil, unmatched: UnmatchedRequest? = nil, error: (any Error)? = nil,
    stack: [Output] = []
  ) {
    self.id = id
    self.url = url
    self.outcome = outcome
    self.output = output
    self.match = match
    self.unmatched = unmatched
    self.error = error
    self.stack = stack
  }
}

extension LinkResult: Sendable where Output: Sendable {}

/// What happened to a dispatched link, for app-wide handling (``HeldLinks/events()``).
///
/// ```swift
/// Task {
///   for await event in router.links.events() {
///     if event.kind == .finished, event.result?.outcome == .timedOut {
///       log("gave up on", event.url, event.result!.parameters)
///     }
///   }
/// }
/// ```
public struct LinkEvent<Output> {
  /// The event's kind.
  public let kind: LinkEventKind
  /// The link.
  public let id: LinkID
  /// The URL as dispatched.
  public let url: String
  /// The name of the route the link is for, when one matches.
  public let routeName: String?
  /// How the link ended, for ``LinkEventKind/finished``.
  public let result: LinkResult<Output>?
}

extension LinkEvent: Sendable where Output: Sendable {}

/// What a ``LinkEvent`` tells: one of the static members below, compared with `==` or in a
/// `switch` (which needs a `default`: a later release may add kinds). It prints as its name.
///
/// ```swift
/// for await event in router.links.events() {
///   switch event.kind {
///   case .held: showSpinner(for: event.url)
///   case .finished: hideSpinner(for: event.url)
///   default: break
///   }
/// }
/// ```
public struct LinkEventKind: Sendable, Hashable, CustomStringConvertible {
  private enum Name: String, Sendable, Hashable {
    case held, released, finished
  }

  private let name: Name

  private init(_ name: Name) { self.name = name }

  /// The link's route cannot take it yet (no handler, or a closed gate): it waits.
  public static let held = LinkEventKind(.held)
  /// A held link can be delivered now: its handler was set or its gates opened.
  public static let released = LinkEventKind(.released)
  /// The link ended; ``LinkEvent/result`` says how.
  public static let finished = LinkEventKind(.finished)

  /// The name, as written after the dot: `finished`.
  public var description: String { name.rawValue }
}

extension LinkResult {
  /// The end of a delivered link, from how routing it went: handled; failed when no handler
  /// took it and one threw (or read a name its route does not declare); else unmatched.
  init(
    delivered link: HeldLinks<Output>.Parcel, _ routed: RoutingResult<Output>,
    stack: [Output] = []
  ) where Output: Sendable {
    let (id, url) = (link.id, link.url)
    if let match = routed.match {
      self.init(id, url, .handled, output: routed.output, match: match, stack: stack)
      return
    }
    let error = routed.unmatched?.declined.lazy.compactMap(\.error).first
    self.init(
      id, url, error == nil ? .unmatched : .failed, output: routed.output, match: link.match,
      unmatched: routed.unmatched, error: error)
  }

  /// The end of a link delivered with its back stack: handled when the stack has a leaf.
  init(stacked link: HeldLinks<Output>.Parcel, _ stack: [Output], match: RouteMatch?)
  where Output: Sendable {
    let (id, url) = (link.id, link.url)
    guard let leaf = stack.last else {
      self.init(id, url, .unmatched, match: link.match)
      return
    }
    self.init(id, url, .handled, output: leaf, match: match ?? link.match, stack: stack)
  }
}
