extension RoutingSnapshot {
  /// Routes `url`: runs the interceptors (with `interceptors`), then the candidates in
  /// precedence order through `invoke` until one handles the URL or routing must stop, and
  /// hands what it came to to `ended`. Every synchronous entry point routes through here;
  /// ``dispatch(_:context:_:)`` is its async mirror.
  ///
  /// - Parameters:
  ///   - describesUnmatched: Whether an outcome with no handler says why, in an
  ///     ``UnmatchedRequest`` (which reads the URL's parts): only when someone reads it.
  ///   - keepsMatch: Whether the caller reads the outcome when a handler gave an output (the
  ///     match that gave it). Without it, and without `describesUnmatched`, the first branch
  ///     below may end without calling `ended` at all.
  ///
  /// The first branch is the common case, kept apart because it is most of the cost of a
  /// routing call: nothing observes (no event, no clock) and the routes are one compiled
  /// level from which no route was removed. There no dispatch run is made unless an interceptor acts or the best candidate
  /// declines: the interceptors see the lookup's match, and it goes straight to its handler,
  /// copied only into the interceptors' request and when the caller keeps it (a copy of a
  /// match is five reference-count pairs; the general run copies it several times more). The outcome is handed to a
  /// closure rather than returned, and made only when someone reads it: it holds an optional
  /// match and an optional unmatched request, and making, moving and destroying those costs
  /// more than the rest of the branch. The benchmarks' allocation thresholds and
  /// `RouteHotPathTests` hold this branch to the general one.
  @usableFromInline
  func dispatch(
    _ url: String, context: RoutingContext, interceptors runsInterceptors: Bool = true,
    describesUnmatched: Bool = true, keepsMatch: Bool = true,
    _ invoke: (RouteHandler, RouteMatch) -> Attempt, ended: (DispatchOutcome) -> Void
  ) {
    guard observers.isEmpty, levels.count == 1, !hasRemovedRoutes else {
      var run = DispatchRun(
        self, url: url, context: context, interceptors: runsInterceptors,
        describesUnmatched: describesUnmatched)
      ended(run.complete(run.prepare(), invoke))
      return
    }
    /// The best candidate's handler runs; when it declines, the run goes on from there.
    func handle(_ match: RouteMatch) {
      let first =
        match.routeIndex < levels[0].handlers.count
        ? invoke(levels[0].handlers[match.routeIndex], match) : .skipped
      if case .handled = first {
        if keepsMatch { ended(DispatchOutcome(match: match)) }
        return
      }
      var run = DispatchRun(
        self, url: url, context: context, interceptors: false,
        describesUnmatched: describesUnmatched, reading: match.reading)
      if let result = run.finish(first, for: match) {
        ended(result)
      } else if let best = candidate(0, match) {
        ended(run.tryRemaining(after: best, invoke))
      } else {
        ended(run.exhausted())
      }
    }
    /// No route matches the URL.
    func unmatched(_ reading: URLReading) {
      guard describesUnmatched else { return }
      var run = DispatchRun(self, url: url, context: context, interceptors: false, reading: reading)
      ended(run.exhausted())
    }
    /// An interceptor did not pass: the run goes on from its decision.
    func interceptorActed(
      _ acted: (InterceptorEntry, InterceptorDecision), _ match: RouteMatch?, _ reading: URLReading
    ) {
      var run = DispatchRun(
        self, url: url, context: context, describesUnmatched: describesUnmatched,
        reading: reading)
      let step = run.apply(acted.1, by: acted.0, best: candidate(0, match)) ?? run.prepare()
      ended(run.complete(step, invoke))
    }
    guard runsInterceptors, !interceptors.isEmpty else {
      levels[0].matcher.readBest(url, context: context) {
        handle($0)
      } unmatched: {
        unmatched($0)
      }
      return
    }
    levels[0].matcher.readBest(url, context: context) { match in
      if let acted = intercept(InterceptionRequest(redirects: [], match: match)) {
        interceptorActed(acted, match, match.reading)
      } else {
        handle(match)
      }
    } unmatched: { reading in
      if let acted = intercept(reading, nil, [], context) {
        interceptorActed(acted, nil, reading)
      } else {
        unmatched(reading)
      }
    }
  }

  /// ``dispatch(_:context:interceptors:describesUnmatched:keepsMatch:_:ended:)`` for a caller
  /// that reads the whole outcome.
  func dispatch(
    _ url: String, context: RoutingContext, interceptors: Bool = true,
    describesUnmatched: Bool = true, _ invoke: (RouteHandler, RouteMatch) -> Attempt
  ) -> DispatchOutcome {
    var outcome = DispatchOutcome()
    dispatch(
      url, context: context, interceptors: interceptors, describesUnmatched: describesUnmatched,
      invoke
    ) { outcome = $0 }
    return outcome
  }
}
