extension RoutingSnapshot {
  /// Routes `url`: runs the interceptors (with `interceptors`), then the candidates in
  /// precedence order through `invoke` until one handles the URL or routing must stop. Every
  /// synchronous entry point routes through here; ``dispatch(_:context:_:)`` is its async
  /// mirror.
  ///
  /// - Parameters:
  ///   - describesUnmatched: Whether an outcome with no handler says why, in an
  ///     ``UnmatchedRequest`` (which reads the URL's parts): only when someone reads it.
  ///   - keepsMatch: Whether the outcome keeps the match whose handler gave the output.
  ///
  /// The first branch is the common case, kept apart because it is most of the cost of a
  /// routing call: nothing observes (no event, no clock), the routes are one compiled level
  /// and no interceptor runs. There no dispatch run is made until the best candidate declines,
  /// and the lookup's match goes straight to its handler; it is copied only when the caller
  /// keeps it (a copy of a match is five reference-count pairs). The benchmarks' allocation
  /// thresholds and `RouteHotPathTests` hold this branch to the general one.
  @usableFromInline
  func dispatch(
    _ url: String, context: RoutingContext, interceptors runsInterceptors: Bool = true,
    describesUnmatched: Bool = true, keepsMatch: Bool = true,
    _ invoke: (RouteHandler, RouteMatch) -> Attempt
  ) -> DispatchOutcome {
    guard observers.isEmpty, levels.count == 1, !runsInterceptors || interceptors.isEmpty else {
      var run = DispatchRun(
        self, url: url, context: context, interceptors: runsInterceptors,
        describesUnmatched: describesUnmatched)
      return run.complete(run.prepare(), invoke)
    }
    var outcome = DispatchOutcome()
    levels[0].matcher.readBest(url, context: context) { match in
      let first =
        match.routeIndex < levels[0].handlers.count
        ? invoke(levels[0].handlers[match.routeIndex], match) : .skipped
      if case .handled = first {
        if keepsMatch { outcome.match = match }
        return
      }
      var run = DispatchRun(
        self, url: url, context: context, interceptors: false,
        describesUnmatched: describesUnmatched, reading: match.reading)
      if let result = run.finish(first, for: match) {
        outcome = result
      } else if let best = candidate(0, match) {
        outcome = run.tryRemaining(after: best, invoke)
      } else {
        outcome = run.exhausted()
      }
    } unmatched: { reading in
      var run = DispatchRun(
        self, url: url, context: context, interceptors: false,
        describesUnmatched: describesUnmatched, reading: reading)
      outcome = run.exhausted()
    }
    return outcome
  }
}
