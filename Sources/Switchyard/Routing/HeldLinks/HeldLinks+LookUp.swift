// Links whose URL is looked up first (SwitchyardFoundation's `dispatch(resolving:via:)`): held
// from the start, with no route, while the look-up runs, so that the hold policy's timeout, the
// router's clock, cancelling and the event stream cover the look-up too.

/// How looking a link's URL up ended: the URL to dispatch, or the reason there is none (the
/// link then ends as ``LinkOutcome/unresolved`` with it as its error).
package enum LookedUpLink: Sendable {
  case url(String)
  case unresolved(any Error & Sendable)
}

extension HeldLinks {
  /// Dispatches a link whose URL `lookUp` finds: it is held at once, as `found`, with no
  /// route, under `policy` (else the router's hold policy) and its timeout, until `lookUp`
  /// answers; then `dispatch` dispatches the URL in its place (the link keeps its identity,
  /// its waiters and its start: the timeout counts from now), or the link ends as
  /// ``LinkOutcome/unresolved``. Cancelling, timing out or dropping the link meanwhile
  /// cancels the task that runs `lookUp`, whose answer is then ignored; a link cancelled
  /// before that task starts never calls `lookUp`.
  func dispatch(
    resolving found: String, policy: HoldPolicy?, withStack: Bool, context: RoutingContext,
    reader: URLReader, lookUp: @escaping @Sendable () async -> LookedUpLink,
    then dispatch: @escaping @Sendable (String, Resumed) async -> Void
  ) -> DispatchedLink<Output> {
    var effects: [Effect] = []
    let box: LinkBox<Output> = state.withLock { state in
      state.nextSequence += 1
      let box = LinkBox<Output>(
        id: LinkID(sequence: state.nextSequence), url: found, reader: reader,
        dispatchedDuring: state.delivering)
      let source: PolicySource = policy.map { .link($0) } ?? .router
      let now = state.timer.now()
      let entry = Entry(
        link: box, url: found, routeName: nil, match: nil, gates: [], waitingFor: [],
        withStack: withStack, context: context,
        // Never called: a link that is looked up is never released as it is.
        deliver: { .ended(Self.result($0, .cancelled)) }, policy: source,
        lookingUp: LookingUp(since: now))
      Self.hold(
        entry, policy: state.policy(source), repeats: false, now: now, in: &state,
        effects: &effects)
      return box
    }
    perform(effects)
    let task = Task { [weak self] in
      guard !Task.isCancelled else { return }
      let answer = await lookUp()
      switch answer {
      case .url(let url): await dispatch(url, Resumed(box: box))
      case .unresolved(let error): self?.unresolved(box, error)
      }
    }
    let waits = state.withLock { state in
      guard let index = state.held.firstIndex(where: { $0.link === box }),
        state.held[index].lookingUp != nil
      else { return false }
      state.held[index].lookingUp?.task = task
      return true
    }
    // Ended already (cancelled, dropped over capacity, a zero timeout): stop the look-up. A
    // link that was answered and dispatched meanwhile is left alone.
    if !waits, box.result != nil { task.cancel() }
    return DispatchedLink(box: box, links: self)
  }

  /// Ends `box`, still held while it is looked up, as unresolved with `error`.
  private func unresolved(_ box: LinkBox<Output>, _ error: any Error & Sendable) {
    var effects: [Effect] = []
    state.withLock { state in
      guard let index = state.held.firstIndex(where: { $0.link === box }),
        state.held[index].lookingUp != nil
      else { return }
      let entry = state.held.remove(at: index)
      if let task = entry.timeoutTask { effects.append(.cancelTimer(task)) }
      effects.append(
        .finish(box, LinkResult(box.id, entry.url, .unresolved, error: error)))
    }
    perform(effects)
  }
}
