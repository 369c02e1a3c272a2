// Held links (PromisingRouter's deferred dispatch): a link whose route cannot take it yet —
// its handler is not attached, or a gate it needs is closed — waits, and is delivered when it
// can be, in arrival order, or ends as timed out, cancelled or dropped.

extension Router where Output: Sendable {
  var links: LinkHolder<Output> { linkSlot.get(Output.self) }

  /// Creates a router whose held links measure time with `clock` (timeouts, coalescing).
  ///
  /// Production code keeps the default `ContinuousClock`; tests pass a test clock and
  /// advance it by hand.
  ///
  /// ```swift
  /// let clock = TestClock()            // from pointfreeco/swift-clocks
  /// let router = Router<Screen>(clock: clock)
  /// let link = router.dispatch("myapp://people/7")
  /// await clock.advance(by: .seconds(30))   // the link times out
  /// ```
  public convenience init<C: Clock>(options: RouteOptions = RouteOptions(), clock: C)
  where C.Duration == Duration {
    self.init(options: options)
    links.state.withLock { $0.timer = LinkTimer(clock) }
  }

  // MARK: Routes before handlers

  /// Declares a route whose handler is attached later with ``attach(_:handler:)``.
  ///
  /// Until then the route matches (so links for it are held by ``dispatch(_:stack:)`` instead
  /// of going to the unmatched handler) but no handler runs for it: ``route(_:)`` and
  /// ``handle(_:)`` pass over it to the next candidate.
  ///
  /// ```swift
  /// try router.declare("/people/:id", name: "person")     // at launch
  /// router.dispatch("myapp://people/7")                     // held
  /// try router.attach("person") { .person(try $0.int("id")) }   // delivered now
  /// ```
  @discardableResult
  public func declare(
    _ pattern: String, name: String? = nil, priority: Int = 0
  ) throws(RouteTableError) -> Route {
    try update { registry throws(RouteTableError) in
      try registry.add(pattern, name: name, priority: priority, handler: nil)
    }
  }

  /// Attaches (or replaces) the handler of the route named `name` and delivers the links held
  /// for it, in arrival order (those whose gates are open).
  ///
  /// ```swift
  /// try router.attach("person") { match in .person(try match.int("id")) }
  /// ```
  /// - Throws: ``HeldLinkError`` when no route has that name.
  public func attach(_ name: String, handler: @escaping Handler) throws(HeldLinkError) {
    try setHandler(.sync(handler), for: name)
  }

  /// Attaches an asynchronous handler to the route named `name` (see ``attach(_:handler:)``).
  ///
  /// ```swift
  /// try router.attachAsync("person") { match in await loadPerson(try match.int("id")) }
  /// ```
  public func attachAsync(_ name: String, handler: @escaping AsyncHandler) throws(HeldLinkError) {
    try setHandler(.async(handler), for: name)
  }

  /// Removes the handler of the route named `name`: new links for it are held again.
  ///
  /// ```swift
  /// try router.detach("person")   // e.g. while the people screen is being rebuilt
  /// ```
  public func detach(_ name: String) throws(HeldLinkError) {
    try setHandler(nil, for: name)
  }

  private func setHandler(_ handler: RouterHandler<Output>?, for name: String)
    throws(HeldLinkError)
  {
    let known = (try? update { registry in registry.setHandler(handler, for: name) }) ?? false
    guard known else { throw HeldLinkError(unknownRoute: name, known: routes.map(\.name)) }
    releaseHeldLinks()
  }

  // MARK: Gates

  /// Requires `gates` to be open before links for the route named `name` are delivered
  /// (replacing what it required before; `[]` requires nothing).
  ///
  /// ```swift
  /// try router.require([.signedIn], forRoute: "orders")
  /// ```
  public func require(_ gates: Set<Gate>, forRoute name: String) throws(HeldLinkError) {
    guard routes.contains(where: { $0.name == name }) else {
      throw HeldLinkError(unknownRoute: name, known: routes.map(\.name))
    }
    links.state.withLock { $0.routeGates[name] = gates.isEmpty ? nil : gates }
    releaseHeldLinks()
  }

  /// Gates every link of the router needs open (beside its route's own). Default none.
  ///
  /// ```swift
  /// router.requiredGates = [.launched]
  /// ```
  public var requiredGates: Set<Gate> {
    get { links.state.withLock { $0.routerGates } }
    set {
      links.state.withLock { $0.routerGates = newValue }
      releaseHeldLinks()
    }
  }

  /// Opens `gate` and delivers, in arrival order, the held links that wait for nothing else.
  ///
  /// ```swift
  /// func didSignIn() { router.openGate(.signedIn) }
  /// ```
  public func openGate(_ gate: Gate) {
    links.state.withLock { _ = $0.openGates.insert(gate) }
    releaseHeldLinks()
  }

  /// Closes `gate`: links dispatched from now on whose route needs it are held again. Links
  /// already released are still delivered.
  ///
  /// ```swift
  /// func didSignOut() { router.closeGate(.signedIn) }
  /// ```
  public func closeGate(_ gate: Gate) {
    links.state.withLock { _ = $0.openGates.remove(gate) }
  }

  /// Whether `gate` is open.
  public func isOpen(_ gate: Gate) -> Bool {
    links.state.withLock { $0.openGates.contains(gate) }
  }

  // MARK: Policies

  /// How links are held when their route has no policy of its own.
  ///
  /// ```swift
  /// router.holdPolicy = HoldPolicy(timeout: .seconds(10), capacity: 20)
  /// ```
  public var holdPolicy: HoldPolicy {
    get { links.state.withLock { $0.policy } }
    set { links.state.withLock { $0.policy = newValue } }
  }

  /// Sets (or, with `nil`, removes) the hold policy of the route named `name`. Its capacity
  /// caps that route's held links; the router's ``holdPolicy`` capacity still caps all.
  ///
  /// ```swift
  /// try router.setHoldPolicy(HoldPolicy(repeats: .keepLatest), forRoute: "checkout")
  /// ```
  public func setHoldPolicy(_ policy: HoldPolicy?, forRoute name: String) throws(HeldLinkError) {
    guard routes.contains(where: { $0.name == name }) else {
      throw HeldLinkError(unknownRoute: name, known: routes.map(\.name))
    }
    links.state.withLock { $0.routePolicies[name] = policy }
  }

  // MARK: Dispatching

  /// Dispatches `url`: delivers it now when its best route has a handler and its gates are
  /// open; holds it when they are not; ends it at once as unmatched when no route matches.
  ///
  /// Links are delivered one at a time, in the order they were dispatched (held links in the
  /// order they arrived, when released), on a task of their own: interceptors, candidates,
  /// declines and the unmatched handler work as in ``handle(_:)``. Each dispatch is its own
  /// link: the same URL twice runs twice (unless the hold policy coalesces it).
  ///
  /// ```swift
  /// // application(_:open:options:) or .onOpenURL
  /// router.dispatch(url)
  /// // or, to act on the outcome:
  /// let result = await router.dispatch(url).result
  /// if result.outcome == .timedOut { showBanner("That link could not be opened") }
  /// ```
  /// - Parameter stack: Also build the back stack of the link when it is handled
  ///   (``LinkResult/stack``; parents are routed as ``stack(for:)`` does).
  /// - Important: A handler that awaits the result of a link dispatched from inside a
  ///   delivery waits for itself: dispatch from a handler without awaiting.
  @discardableResult
  public func dispatch(_ url: String, stack: Bool = false) -> DispatchedLink<Output> {
    let (best, hasHandler) = check(url)
    let box = links.dispatch(
      url, withStack: stack, best: best, hasHandler: hasHandler, deliver: deliver)
    return DispatchedLink(box: box, holder: links)
  }

  /// Cancels every held or queued link (for `applicationDidEnterBackground`): each ends as
  /// ``LinkOutcome/cancelled``.
  ///
  /// ```swift
  /// func sceneDidEnterBackground(_ scene: UIScene) { router.cancelHeldLinks() }
  /// ```
  public func cancelHeldLinks() {
    links.cancel { _ in true }
  }

  /// The links that wait, in arrival order.
  public var heldLinks: [HeldLink] {
    links.state.withLock { state in
      state.held.map { HeldLink(id: $0.link.id, url: $0.link.url, routeName: $0.routeName ?? "") }
    }
  }

  /// A new stream of every link event from now on: held, released, finished (with the
  /// result). Each call gives its own stream; it ends when the consuming task is cancelled.
  ///
  /// ```swift
  /// Task {
  ///   for await event in router.linkEvents() where event.kind == .finished {
  ///     analytics.record(event.result!.outcome, route: event.routeName)
  ///   }
  /// }
  /// ```
  public func linkEvents() -> AsyncStream<LinkEvent<Output>> {
    links.subscribe()
  }

  // MARK: Internals

  private func check(_ url: String) -> (best: RouteMatch?, hasHandler: Bool) {
    let snapshot = snapshot()
    guard let best = snapshot.matcher.match(url) else { return (nil, false) }
    return (best, snapshot.handler(for: best) != nil)
  }

  private func releaseHeldLinks() {
    let snapshot = snapshot()
    links.release(
      check: { url in
        guard let best = snapshot.matcher.match(url) else { return (nil, false) }
        return (best, snapshot.handler(for: best) != nil)
      }, deliver: deliver)
  }

  /// Delivers one queued link: routes it as ``handle(_:)`` does, then ends it.
  private var deliver: @Sendable (LinkHolder<Output>, LinkHolder<Output>.Entry) async -> Void {
    { [self] holder, entry in
      holder.finish(entry.link, await deliverLink(entry))
    }
  }

  private func deliverLink(_ entry: LinkHolder<Output>.Entry) async -> LinkResult<Output> {
    let (id, url) = (entry.link.id, entry.link.url)
    guard let routed = try? await resolveRunningAsync(url) else {
      return LinkResult(id, url, .cancelled, match: entry.match)
    }
    if let match = routed.match {
      var stack: [Output] = []
      if entry.withStack, let leaf = routed.output {
        stack = snapshot().stack(for: url) { url, isLeaf in
          if isLeaf { return leaf }
          let parent = resolve(url)
          return parent.isHandled ? parent.output : nil
        }
      }
      return LinkResult(id, url, .handled, output: routed.output, match: match, stack: stack)
    }
    let error = routed.unmatched?.declined.lazy.compactMap(\.error).first
    return LinkResult(
      id, url, error == nil ? .unmatched : .failed, output: routed.output, match: entry.match,
      unmatched: routed.unmatched, error: error)
  }
}

/// An error of the held-link API: a route name that names no route.
public struct HeldLinkError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The name that was given.
  public let routeName: String
  /// The closest known route name, if one is close.
  public let suggestion: String?

  init(unknownRoute name: String, known: [String]) {
    routeName = name
    suggestion = closestName(to: name, in: known)
  }

  public var description: String {
    var text = "no route is named '\(routeName)'"
    if let suggestion { text += "; did you mean '\(suggestion)'?" }
    return text
  }
}
