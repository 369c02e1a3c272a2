// Held links on a `MainActorRouter`: the same as on a `Router` (see `Router+HeldLinks.swift`),
// with handlers that run on the main actor.

extension MainActorRouter where Output: Sendable {
  /// The links this router holds, and the gates, policy, clock and events that govern them
  /// (see ``Router/links``).
  nonisolated public var links: HeldLinks<Output> { core.heldLinks.get(Output.self) }

  /// Attaches (or replaces) the main-actor handler of the route named `name` and delivers the
  /// links held for it (see ``Router/attach(_:handler:)``).
  ///
  /// ```swift
  /// try router.attach("person") { match in
  ///   model.path.append(.person(try match.value("id", as: Int.self)))   // main-actor state
  ///   return .person(try match.value("id", as: Int.self))
  /// }
  /// ```
  public func attach(_ name: String, handler: @escaping Handler) throws(HeldLinkError) {
    try core.attach(.mainActor(MainActorHandlerBox(handler)), to: name, links: links)
  }

  /// Dispatches a link: delivered now when its route has a handler and its gates are open,
  /// held until then, or ended at once as unmatched (see
  /// ``Router/dispatch(_:policy:stack:context:)``). Handlers run on the main actor.
  ///
  /// ```swift
  /// .onOpenURL { url in router.dispatch(url.absoluteString) }
  /// ```
  @discardableResult
  public func dispatch(
    _ url: String, policy: HoldPolicy? = nil, stack: Bool = false,
    context: RoutingContext = RoutingContext()
  ) -> DispatchedLink<Output> {
    dispatch(url, policy: policy, stack: stack, context: context, resumed: nil)
  }

  /// Dispatches a link whose URL `lookUp` finds (see
  /// ``Router/dispatch(resolving:policy:stack:context:lookUp:)``); handlers run on the main
  /// actor.
  package func dispatch(
    resolving found: String, policy: HoldPolicy?, stack: Bool, context: RoutingContext,
    lookUp: @escaping @Sendable () async -> LookedUpLink
  ) -> DispatchedLink<Output> {
    links.dispatch(
      resolving: found, policy: policy, withStack: stack, context: context,
      reader: core.read().snapshot.reader, lookUp: lookUp
    ) { [weak self] url, resumed in
      await self?.dispatch(url, policy: policy, stack: stack, context: context, resumed: resumed)
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
      link, snapshot, _ in
      self.deliver(link, snapshot)
    } later: { [weak self] link, snapshot in
      await self?.deliver(link, snapshot)
    }
  }

  private func deliver(
    _ link: HeldLinks<Output>.Parcel, _ snapshot: RoutingSnapshot
  ) -> LinkResult<Output> {
    let (url, context) = (link.url, link.context)
    guard link.withStack else {
      return LinkResult(delivered: link, resolve(url, context, snapshot, isLeaf: true))
    }
    let screens = stack(for: url, context: context, snapshot)
    return LinkResult(stacked: link, screens, match: snapshot.best(url)?.match)
  }
}
