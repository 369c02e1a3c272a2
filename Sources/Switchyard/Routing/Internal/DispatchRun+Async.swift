extension RoutingSnapshot {
  /// The async mirror of ``dispatch(_:context:interceptors:describesUnmatched:keepsMatch:_:)``
  /// (``Router/handle(_:context:)`` and delivered links): the same run, with handlers that
  /// may suspend.
  ///
  /// - Throws: `CancellationError` when the task is cancelled before a candidate runs.
  func dispatch(
    _ url: String, context: RoutingContext,
    _ invoke: (RouteHandler, RouteMatch) async -> Attempt
  ) async throws -> DispatchOutcome {
    var run = DispatchRun(self, url: url, context: context)
    let best: Candidate
    switch run.prepare() {
    case .unmatched(let request): return run.stopped(request)
    case .candidates(nil): return run.exhausted()
    case .candidates(let found?): best = found
    }
    try Task.checkCancellation()
    if let result = run.finish(await invoke(best.handler, best.match), for: best.match) {
      return result
    }
    for candidate in run.remainingCandidates(after: best) {
      try Task.checkCancellation()
      if let result = run.finish(
        await invoke(candidate.handler, candidate.match), for: candidate.match)
      {
        return result
      }
    }
    return run.exhausted()
  }
}
