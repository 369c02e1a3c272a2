/// What routing one URL came to, apart from the output (which the router's entry point holds).
@usableFromInline
struct DispatchOutcome {
  /// The match whose handler produced the output; `nil` when none did (and when the caller
  /// did not keep it).
  var match: RouteMatch? = nil
  /// Why no handler took the URL; `nil` when one did, or when the caller did not ask.
  @usableFromInline var unmatched: UnmatchedRequest? = nil
  /// The URLs routed before the last one (interceptors' redirections).
  var redirects: [String] = []
  /// Whether an interceptor redirected or rejected the URL.
  var intercepted = false
}

/// Routing one URL: interceptors and redirections, then candidates in precedence order, with
/// the observers told of each decision. The caller runs the handlers (sync or async) and hands
/// each attempt back to ``finish(_:for:)``.
struct DispatchRun {
  enum Step {
    /// The best candidate (`nil` when no route matches); the others are listed only when it
    /// declines, since most URLs never need them.
    case candidates(best: Candidate?)
    case unmatched(UnmatchedRequest)
  }

  let snapshot: RoutingSnapshot
  let context: RoutingContext
  let runsInterceptors: Bool
  /// Whether an ended run describes the URL in an ``UnmatchedRequest`` (reading its parts):
  /// only when someone will read it.
  let describesUnmatched: Bool
  private(set) var url: String
  /// The one reading of `url` (its split, and its query once parsed), once it was matched.
  private var reading: URLReading? = nil
  private(set) var visited: [String] = []
  private(set) var intercepted = false
  private var declined: [DeclinedRoute] = []
  /// When the run started (``ObserverClock``); read only when someone observes.
  private var start: Duration? = nil

  init(
    _ snapshot: RoutingSnapshot, url: String, context: RoutingContext, interceptors: Bool = true,
    describesUnmatched: Bool = true, reading: URLReading? = nil
  ) {
    self.reading = reading
    self.snapshot = snapshot
    self.url = url
    self.context = context
    self.runsInterceptors = interceptors
    self.describesUnmatched = describesUnmatched
  }

  /// Matches the URL and runs the interceptors that apply to it, following redirections.
  mutating func prepare() -> Step {
    while true {
      if !snapshot.observers.isEmpty { start = ObserverClock.now }
      // The URL's one split, kept: the handlers' matches, the interceptors and the unmatched
      // handler read its parts from it and share one parse of its query.
      let (reading, found) = snapshot.read(url)
      self.reading = reading
      var best = found
      best?.match.context = context
      guard runsInterceptors, !snapshot.interceptors.isEmpty else {
        return .candidates(best: best)
      }
      guard
        let (interceptor, decision) = snapshot.intercept(reading, best?.match, visited, context)
      else {
        return .candidates(best: best)
      }
      if let step = apply(decision, by: interceptor, best: best) { return step }
    }
  }

  /// Acts on an interceptor's decision other than `pass`; `nil` when it redirected and the new
  /// URL is to be routed.
  mutating func apply(
    _ decision: InterceptorDecision, by interceptor: InterceptorEntry, best: Candidate?
  ) -> Step? {
    switch decision {
    case .pass:
      return .candidates(best: best)
    case .reject:
      intercepted = true
      emit(.rejected, best?.match, interceptor: interceptor.name)
      return .unmatched(unmatched(.rejected, interceptor: interceptor.name))
    case .redirect(let target):
      intercepted = true
      emit(.redirected, best?.match, interceptor: interceptor.name)
      visited.append(url)
      url = target
      reading = nil
      guard visited.contains(target) || visited.count > snapshot.maximumRedirects else {
        return nil
      }
      let reason: UnmatchedReason = visited.contains(target) ? .redirectLoop : .tooManyRedirects
      emit(.unmatched, nil, interceptor: nil)
      return .unmatched(unmatched(reason, interceptor: nil))
    }
  }

  /// Runs the handlers once the interceptors have decided.
  mutating func complete(
    _ step: Step, _ invoke: (RouteHandler, RouteMatch) -> Attempt
  ) -> DispatchOutcome {
    switch step {
    case .unmatched(let request):
      return stopped(request)
    case .candidates(let best):
      guard let best else { return exhausted() }
      if let result = finish(invoke(best.handler, best.match), for: best.match) {
        return result
      }
      return tryRemaining(after: best, invoke)
    }
  }

  /// The candidates after `best`, in precedence order.
  func remainingCandidates(after best: Candidate) -> [Candidate] {
    let found = reading.map { snapshot.candidates(url, reading: $0) } ?? snapshot.candidates(url)
    return found.compactMap { candidate in
      guard candidate.sequence != best.sequence else { return nil }
      var copy = candidate
      copy.match.context = context
      return copy
    }
  }

  /// Runs the candidates after `best` until one handles the URL or routing must stop.
  mutating func tryRemaining(
    after best: Candidate, _ invoke: (RouteHandler, RouteMatch) -> Attempt
  ) -> DispatchOutcome {
    for candidate in remainingCandidates(after: best) {
      if let result = finish(invoke(candidate.handler, candidate.match), for: candidate.match) {
        return result
      }
    }
    return exhausted()
  }

  /// Records one candidate's attempt; returns the outcome when routing ends with it.
  mutating func finish(_ attempt: Attempt, for match: RouteMatch) -> DispatchOutcome? {
    switch attempt {
    case .handled:
      emit(.handled, match, interceptor: nil)
      return DispatchOutcome(
        match: match, unmatched: nil, redirects: visited, intercepted: intercepted)
    case .declined(let error):
      emit(.declined, match, interceptor: nil)
      declined.append(DeclinedRoute(route: match.route, error: error))
      return nil
    case .skipped:
      return nil
    case .needsAsync:
      emit(.needsAsync, match, interceptor: nil)
      declined.append(
        DeclinedRoute(route: match.route, error: AsyncHandlerSkipped(route: match.route)))
      return ended(.needsAsync)
    case .failed(let error):
      emit(.failed, match, interceptor: nil)
      declined.append(DeclinedRoute(route: match.route, error: error))
      return ended(.handlerFailed)
    }
  }

  /// Every candidate was tried and none handled the URL.
  mutating func exhausted() -> DispatchOutcome {
    emit(.unmatched, nil, interceptor: nil)
    return ended(declined.isEmpty ? .noRoute : .allDeclined)
  }

  /// Routing stopped before any handler ran (an interceptor, a redirection loop).
  func stopped(_ request: UnmatchedRequest) -> DispatchOutcome {
    DispatchOutcome(match: nil, unmatched: request, redirects: visited, intercepted: intercepted)
  }

  private func ended(_ reason: UnmatchedReason) -> DispatchOutcome {
    DispatchOutcome(
      match: nil,
      unmatched: describesUnmatched
        ? unmatched(reason, interceptor: nil) : nil,
      redirects: visited, intercepted: intercepted)
  }

  /// The unmatched request for `url`, read through its one reading (split now when the URL
  /// was never matched: a redirection's target).
  private func unmatched(_ reason: UnmatchedReason, interceptor: String?) -> UnmatchedRequest {
    UnmatchedRequest(
      url: url, redirects: visited,
      reading: reading ?? snapshot.reader.read(url), options: snapshot.reader.options,
      reason: reason, declined: declined, interceptor: interceptor, context: context)
  }

  private func emit(_ outcome: RoutingEvent.Outcome, _ match: RouteMatch?, interceptor: String?) {
    guard !snapshot.observers.isEmpty else { return }
    let route = match?.route
    let event = RoutingEvent(
      outcome: outcome, pattern: route?.pattern.text, routeName: route?.name,
      interceptor: interceptor,
      duration: start.map { ObserverClock.now - $0 } ?? .zero,
      redirectDepth: visited.count, metadata: route?.metadata)
    for observer in snapshot.observers { observer(event) }
  }
}

extension RoutingSnapshot {
  /// The back stack of `url` (<doc:BackStacks>). `route` routes one URL and gives its output
  /// and the outcome; parents are routed without interceptors and without the unmatched
  /// handler. Handlers run in the stack's order: the parents from the root, then the leaf, so
  /// a handler that pushes what it makes builds the path in order. When the leaf gives no
  /// output the stack is empty, and when an interceptor redirected or rejected it the stack is
  /// the leaf's output alone: the parents' outputs are then dropped.
  func stack<Output>(
    for url: String,
    _ route: (_ url: String, _ isLeaf: Bool) -> (output: Output?, outcome: DispatchOutcome)
  ) -> [Output] {
    var entries: [(output: Output, route: String?)] = []
    for parent in reader.parentURLs(of: url) where matches(parent) {
      let result = route(parent, false)
      if let output = result.output { entries.append((output, result.outcome.match?.route.name)) }
    }
    let leaf = route(url, true)
    guard let leafOutput = leaf.output else { return [] }
    // The gate applies to the link: an interceptor that redirected or rejected it decides
    // the whole stack.
    if leaf.outcome.intercepted { return [leafOutput] }
    entries.append((leafOutput, leaf.outcome.match?.route.name))
    // A route that answers several levels of the URL (a catch-all, an optional group) gives
    // one entry: the deepest.
    var stack: [Output] = []
    for (position, entry) in entries.enumerated() {
      if let name = entry.route, position + 1 < entries.count,
        entries[position + 1].route == name
      {
        continue
      }
      stack.append(entry.output)
    }
    return stack
  }
}

/// Why the synchronous ``Router/route(_:context:)`` stopped at a route: its handler is async.
struct AsyncHandlerSkipped: Error, CustomStringConvertible {
  let route: Route
  var description: String {
    "route '\(route.name)' has an async handler; route the URL with handle(_:) to run it"
  }
}
