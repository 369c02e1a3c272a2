extension RoutingSnapshot {
  /// `Router.route`: routes `url` for its output only (no outcome is made when the best
  /// candidate handles it).
  ///
  /// When nothing observes and the routes are one compiled level, this is the hot path: the
  /// best match is built once and never copied — handed over by the lookup and lent to its
  /// handler, or built in place inside the interceptors' request and lent from there (a copy
  /// of a match costs five reference-count pairs). Nothing is returned in an optional: a
  /// returned `RouteMatch?` or `URLReading?` is destroyed through value witnesses. A URL that no route matches ends here when there is no unmatched
  /// handler to tell. The general dispatch runs otherwise, and once the best candidate
  /// declined or an interceptor acted (<doc:RegistrationCost> gives the cost).
  ///
  /// The optimizer copies a match when it is bound to a second name (`if let` on an optional
  /// match, a `let` out of a tuple, a `consuming` closure parameter stored into a request),
  /// when it is moved into a stored property, and when an initializer assigns its `context`
  /// (a property with a default value); the benchmarks' allocation thresholds and
  /// `RouteHotPathTests` catch such a copy coming back.
  func routeOutput(
    _ url: String, _ context: RoutingContext, _ fallback: ErasedUnmatchedHandler?,
    into out: UnsafeMutableRawPointer
  ) {
    guard observers.isEmpty, levels.count == 1 else {
      _ = dispatchSync(url, context, self, fallback, out, describesUnmatched: fallback != nil)
      return
    }
    // The best match is never copied: it is handed over by the lookup, then lent straight to
    // its handler, or made inside the interceptors' request and lent from there.
    if interceptors.isEmpty {
      levels[0].matcher.readBest(url, context: context) { match in
        handle(match, url, context, fallback, out)
      } unmatched: { reading in
        if fallback != nil { self.unmatched(url, reading, context, fallback, out) }
      }
      return
    }
    levels[0].matcher.readRequest(url, context: context) { request in
      routeIntercepted(request, url, context, fallback, out)
    }
  }

  /// Runs the best match's handler (the match is lent, never copied).
  private func handle(
    _ match: borrowing RouteMatch, _ url: String, _ context: RoutingContext,
    _ fallback: ErasedUnmatchedHandler?, _ out: UnsafeMutableRawPointer
  ) {
    let index = match.routeIndex
    guard index < levels[0].handlers.count else {
      if fallback != nil { self.unmatched(url, match.reading, context, fallback, out) }
      return
    }
    let first = invokeSync(levels[0].handlers[index], match, out)
    if case .handled = first { return }
    declined(first, match, url, context, fallback, out)
  }

  /// The interceptors run on `request`; when they all pass, the handler gets the very match
  /// they saw, lent in place (the request's `core`).
  private func routeIntercepted(
    _ request: borrowing InterceptionRequest, _ url: String, _ context: RoutingContext,
    _ fallback: ErasedUnmatchedHandler?, _ out: UnsafeMutableRawPointer
  ) {
    if let (interceptor, decision) = intercept(request) {
      var run = DispatchRun(
        self, url: url, context: context, interceptors: true,
        describesUnmatched: fallback != nil, reading: request.reading)
      let best = candidate(0, request.match)
      let step = run.apply(decision, by: interceptor, best: best) ?? run.prepare()
      tell(fallback, run.complete(step) { invokeSync($0, $1, out) }, out)
      return
    }
    guard !request.core.isNoRoute else {
      if fallback != nil { self.unmatched(url, request.reading, context, fallback, out) }
      return
    }
    handle(request.core, url, context, fallback, out)
  }

  /// No route matches the URL: the unmatched handler is told.
  private func unmatched(
    _ url: String, _ reading: URLReading, _ context: RoutingContext,
    _ fallback: ErasedUnmatchedHandler?, _ out: UnsafeMutableRawPointer
  ) {
    var run = DispatchRun(self, url: url, context: context, interceptors: false, reading: reading)
    tell(fallback, run.exhausted(), out)
  }

  /// The best match's handler did not give an output (`first`): the general dispatch goes on
  /// with the next candidates.
  private func declined(
    _ first: Attempt, _ match: RouteMatch, _ url: String,
    _ context: RoutingContext, _ fallback: ErasedUnmatchedHandler?,
    _ out: UnsafeMutableRawPointer
  ) {
    var run = DispatchRun(
      self, url: url, context: context, interceptors: false,
      describesUnmatched: fallback != nil, reading: match.reading)
    if let result = run.finish(first, for: match) {
      tell(fallback, result, out)
    } else if let best = candidate(0, match) {
      tell(fallback, run.tryRemaining(after: best) { invokeSync($0, $1, out) }, out)
    } else {
      tell(fallback, run.exhausted(), out)
    }
  }

  /// Runs the unmatched handler when routing ended without a handler's output.
  private func tell(
    _ fallback: ErasedUnmatchedHandler?, _ outcome: DispatchOutcome,
    _ out: UnsafeMutableRawPointer
  ) {
    if outcome.match == nil, let request = outcome.unmatched, let fallback {
      fallback(request, out)
    }
  }
}
