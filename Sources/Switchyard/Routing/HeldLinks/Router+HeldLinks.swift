// Held links on a `Router` (PromisingRouter's deferred dispatch): routes declared before their
// handlers, and `dispatch`, which holds a link until its route can take it.

extension Router where Output: Sendable {
  /// The links this router holds, and the gates, policy, clock and events that govern them.
  ///
  /// ```swift
  /// router.links.openGate(.signedIn)
  /// router.links.cancelAll()
  /// ```
  public var links: HeldLinks<Output> { core.heldLinks.get(Output.self) }

  /// Attaches (or replaces) the handler of the route named `name`, and delivers the links held
  /// for it whose gates are open, in arrival order.
  ///
  /// ```swift
  /// try router.attach("person") { match in .person(try match.value("id", as: Int.self)) }
  /// ```
  /// - Throws: ``HeldLinkError`` when no route has that name.
  public func attach(_ name: String, handler: @escaping Handler) throws(HeldLinkError) {
    try core.attach(.sync(SyncHandlerBox(handler)), to: name, links: links)
  }

  /// Attaches an asynchronous handler to the route named `name` (see
  /// ``attach(_:handler:)``); it runs for dispatched links and ``handle(_:context:)``.
  ///
  /// ```swift
  /// try router.attachAsync("person") { match in await loadPerson(try match.value("id", as: Int.self)) }
  /// ```
  public func attachAsync(_ name: String, handler: @escaping AsyncHandler) throws(HeldLinkError) {
    try core.attach(.async(AsyncHandlerBox(handler)), to: name, links: links)
  }

  /// Dispatches a link: delivers it now when its best route has a handler and every gate it
  /// needs is open; holds it when not; ends it at once as unmatched when no route matches.
  ///
  /// Links are delivered one at a time, in the order they were dispatched (held links in the
  /// order they arrived, when released), as ``handle(_:context:)`` routes them: interceptors,
  /// candidates, declines and the unmatched handler work as usual. A link that can go while
  /// no other link is queued or being delivered, on a router whose handlers are all
  /// synchronous, is delivered before `dispatch` returns, on the caller's thread (its
  /// ``DispatchedLink/currentResult`` is set); other links are delivered on a task of the
  /// router's own. Each dispatch is its own link: the same URL twice runs twice (unless the
  /// hold policy coalesces it). Nobody needs to await the result.
  ///
  /// ```swift
  /// router.dispatch(url.absoluteString)                     // from onOpenURL, at any time
  /// let result = await router.dispatch(url.absoluteString).result
  /// if result.outcome == .timedOut { showBanner("That link could not be opened") }
  /// ```
  /// - Parameters:
  ///   - url: The link.
  ///   - policy: How this link is held, in place of its route's or the router's policy
  ///     (PromisingRouter's `dispatch(url, timeout: 10)` is `policy: HoldPolicy(timeout: .seconds(10))`).
  ///   - stack: Deliver its back stack too (``LinkResult/stack``): the link is then routed as
  ///     ``stack(for:context:)`` routes it (handlers root first), and held while a route one
  ///     of its parents goes to has no handler yet.
  ///   - context: What the call carries to interceptors and handlers.
  /// - Note: Links are delivered one at a time, in order, so a link dispatched from a handler
  ///   is delivered after that handler returns — unless it is awaited: a link dispatched while
  ///   another is being delivered and awaited from anywhere (the handler's task, a
  ///   `Task.detached`, a completion-handler bridge) while that delivery goes on is delivered
  ///   at once, ahead of the queue (a held one whenever it is released, also after a `detach`
  ///   held it again), so a handler never waits for itself. A link no route matches never
  ///   waits: it ends as unmatched at once, beside any delivery (on a router with asynchronous
  ///   handlers, on a task of its own, with no timer).
  @discardableResult
  public func dispatch(
    _ url: String, policy: HoldPolicy? = nil, stack: Bool = false,
    context: RoutingContext = RoutingContext()
  ) -> DispatchedLink<Output> {
    dispatch(url, policy: policy, stack: stack, context: context, resumed: nil)
  }

  /// Dispatches a link whose URL `lookUp` finds (SwitchyardFoundation's
  /// `dispatch(resolving:via:)`): held as `found` while it is looked up, then dispatched as
  /// ``dispatch(_:policy:stack:context:)`` does, keeping its identity.
  package func dispatch(
    resolving found: String, policy: HoldPolicy?, stack: Bool, context: RoutingContext,
    lookUp: @escaping @Sendable () async -> LookedUpLink
  ) -> DispatchedLink<Output> {
    links.dispatch(
      resolving: found, policy: policy, withStack: stack, context: context,
      reader: core.read().snapshot.reader, lookUp: lookUp
    ) { [weak self] url, resumed in
      self?.dispatch(url, policy: policy, stack: stack, context: context, resumed: resumed)
    }
  }

  @discardableResult
  private func dispatch(
    _ url: String, policy: HoldPolicy?, stack: Bool, context: RoutingContext,
    resumed: HeldLinks<Output>.Resumed?
  ) -> DispatchedLink<Output> {
    core.dispatch(
      url, policy: policy, withStack: stack, context: context, into: links, resumed: resumed
    ) {
      link, snapshot, fallback in
      self.deliver(link, snapshot, fallback)
    } later: { [weak self] link, snapshot in
      guard let self else { return nil }
      let fallback = self.core.state.withLock { $0.fallback }
      guard !link.withStack else { return self.deliver(link, snapshot, fallback) }
      guard
        let routed = try? await self.resolveRunningAsync(
          link.url, context: link.context, snapshot, fallback)
      else { return nil }
      return LinkResult(delivered: link, routed)
    }
  }

  /// Routes `link` through the synchronous handlers (its back stack too, when it asked for
  /// one) and tells how it ended.
  private func deliver(
    _ link: HeldLinks<Output>.Parcel, _ snapshot: RoutingSnapshot, _ fallback: AnyObject?
  ) -> LinkResult<Output> {
    let (url, context) = (link.url, link.context)
    guard link.withStack else {
      return LinkResult(delivered: link, resolve(url, context, snapshot, fallback, isLeaf: true))
    }
    let screens = stack(for: url, context: context, snapshot, fallback)
    return LinkResult(stacked: link, screens, match: snapshot.best(url)?.match)
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
    suggestion = closestMatch(to: name, in: known)
  }

  public var description: String {
    var text = "no route is named '\(routeName)'"
    if let suggestion { text += "; did you mean '\(suggestion)'?" }
    return text
  }
}
