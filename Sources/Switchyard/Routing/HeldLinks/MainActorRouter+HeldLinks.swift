// Held links on a `MainActorRouter`: the same as on a `Router` (see `Router+HeldLinks.swift`),
// with handlers that run on the main actor.

extension MainActorRouter where Output: Sendable {
  /// The links this router holds, and the gates, policy, clock and events that govern them
  /// (see ``Router/links``).
  nonisolated public var links: HeldLinks<Output> { heldLinksSlot.get(Output.self) }

  /// Creates a router whose held links measure time with `clock` (see ``HeldLinks/use(_:)``).
  ///
  /// ```swift
  /// let router = MainActorRouter<Screen>(clock: TestClock())
  /// ```
  public convenience init<C: Clock>(options: RouteOptions = RouteOptions(), clock: C)
  where C.Duration == Duration {
    self.init(options: options)
    links.use(clock)
  }

  /// Declares a route whose handler is attached later (see
  /// ``Router/declare(_:name:priority:metadata:)``).
  ///
  /// ```swift
  /// try router.declare("/people/:id", name: "person")
  /// ```
  @discardableResult
  public func declare(
    _ pattern: String, name: String? = nil, priority: Int = 0,
    metadata: RouteMetadata = RouteMetadata()
  ) throws(RouteTableError) -> Route {
    try registry.add(
      pattern, name: name, priority: priority, metadata: metadata, handler: .declared)
  }

  /// Attaches (or replaces) the main-actor handler of the route named `name` and delivers the
  /// links held for it (see ``Router/attach(_:handler:)-(String,_)``).
  ///
  /// ```swift
  /// try router.attach("person") { match in
  ///   model.path.append(.person(try match.int("id")))   // main-actor state
  ///   return .person(try match.int("id"))
  /// }
  /// ```
  public func attach(_ name: String, handler: @escaping Handler) throws(HeldLinkError) {
    try replaceHandler(of: name, with: MainActorRouter.erase(handler))
    links.handlerAttached(to: name)
  }

  /// Takes the handler off the route named `name`: its links are held again, those queued
  /// and not yet delivered too (see ``Router/detach(_:)``).
  public func detach(_ name: String) throws(HeldLinkError) {
    try replaceHandler(of: name, with: .declared)
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
    links.dispatch(
      url, policy: policy, withStack: stack, context: context,
      lookup: {
        let snapshot = registry.snapshot()
        return HeldLinks.Lookup(snapshot.best(url), reader: snapshot.reader)
      }
    ) { [weak self] entry in
      // Weak: a held link must not keep its router alive (the router owns its held links).
      guard let self else { return .ended(HeldLinks.result(entry, .cancelled)) }
      return await self.deliver(entry)
    }
  }

  private func deliver(_ entry: HeldLinks<Output>.Entry) -> HeldLinks<Output>.Delivery {
    let attachments = links.attachmentCount
    if let best = registry.snapshot().best(entry.link.url), case .declared = best.handler {
      return .waitsForHandler(best.match, attachments: attachments)
    }
    guard entry.withStack else {
      return .ended(LinkResult(delivered: entry, resolve(entry.link.url, context: entry.context)))
    }
    let screens = stack(for: entry.link.url, context: entry.context)
    return .ended(LinkResult(stacked: entry, screens, match: match(entry.link.url)))
  }

  private func replaceHandler(of name: String, with handler: RouteHandler) throws(HeldLinkError) {
    guard registry.setHandler(handler, for: name) else {
      throw HeldLinkError(unknownRoute: name, known: routes.map(\.name))
    }
  }
}
