// Held links on a `Router` (PromisingRouter's deferred dispatch): routes declared before their
// handlers, and `dispatch`, which holds a link until its route can take it.

extension Router where Output: Sendable {
  /// The links this router holds, and the gates, policy, clock and events that govern them.
  ///
  /// ```swift
  /// router.links.openGate(.signedIn)
  /// router.links.cancelAll()
  /// ```
  public var links: HeldLinks<Output> { heldLinksSlot.get(Output.self) }

  /// Creates a router whose held links measure time with `clock` (see ``HeldLinks/use(_:)``).
  ///
  /// ```swift
  /// let router = Router<Screen>(clock: TestClock())
  /// ```
  public convenience init<C: Clock>(options: RouteOptions = RouteOptions(), clock: C)
  where C.Duration == Duration {
    self.init(options: options)
    links.use(clock)
  }

  /// Declares a route whose handler is attached later with ``attach(_:handler:)-(String,_)``.
  ///
  /// Until then the route matches — ``dispatch(_:policy:stack:context:)`` holds its links instead of
  /// sending them to the unmatched handler — but no handler runs for it: ``route(_:context:)``
  /// and ``handle(_:context:)`` pass over it to the next candidate.
  ///
  /// ```swift
  /// try router.declare("/people/:id", name: "person")            // at launch
  /// router.dispatch("myapp://people/7")                            // held
  /// try router.attach("person") { .person(try $0.int("id")) }      // delivered now
  /// ```
  /// - Throws: ``RouteTableError`` for a bad pattern or a taken name; nothing is declared.
  @discardableResult
  public func declare(
    _ pattern: String, name: String? = nil, priority: Int = 0,
    metadata: RouteMetadata = RouteMetadata()
  ) throws(RouteTableError) -> Route {
    try update { registry throws(RouteTableError) in
      try registry.add(
        pattern, name: name, priority: priority, metadata: metadata, handler: .declared)
    }
  }

  /// Attaches (or replaces) the handler of the route named `name`, and delivers the links held
  /// for it whose gates are open, in arrival order.
  ///
  /// ```swift
  /// try router.attach("person") { match in .person(try match.int("id")) }
  /// ```
  /// - Throws: ``HeldLinkError`` when no route has that name.
  public func attach(_ name: String, handler: @escaping Handler) throws(HeldLinkError) {
    try replaceHandler(of: name, with: Router.erase(handler))
    links.handlerAttached(to: name)
  }

  /// Attaches an asynchronous handler to the route named `name` (see
  /// ``attach(_:handler:)-(String,_)``); it runs for dispatched links and ``handle(_:context:)``.
  ///
  /// ```swift
  /// try router.attachAsync("person") { match in await loadPerson(try match.int("id")) }
  /// ```
  public func attachAsync(_ name: String, handler: @escaping AsyncHandler) throws(HeldLinkError) {
    try replaceHandler(of: name, with: Router.erase(async: handler))
    links.handlerAttached(to: name)
  }

  /// Takes the handler off the route named `name`: from now on its links are held again,
  /// including those dispatched or released before and not yet delivered (they keep their
  /// place, and their timeout starts again).
  ///
  /// ```swift
  /// try router.detach("person")   // while the people screen is rebuilt
  /// ```
  public func detach(_ name: String) throws(HeldLinkError) {
    try replaceHandler(of: name, with: .declared)
  }

  /// Dispatches a link: delivers it now when its best route has a handler and every gate it
  /// needs is open; holds it when not; ends it at once as unmatched when no route matches.
  ///
  /// Links are delivered one at a time, in the order they were dispatched (held links in the
  /// order they arrived, when released), on a task of their own, as ``handle(_:context:)``
  /// routes them: interceptors, candidates, declines and the unmatched handler work as
  /// usual. Each dispatch is its own link: the same URL twice runs twice (unless the hold
  /// policy coalesces it). Nobody needs to await the result.
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
  ///     ``stack(for:context:)`` routes it.
  ///   - context: What the call carries to interceptors and handlers.
  /// - Important: A handler that awaits the result of a link it dispatched waits for itself
  ///   (links are delivered one at a time): dispatch from a handler without awaiting.
  @discardableResult
  public func dispatch(
    _ url: String, policy: HoldPolicy? = nil, stack: Bool = false,
    context: RoutingContext = RoutingContext()
  ) -> DispatchedLink<Output> {
    links.dispatch(
      url, policy: policy, withStack: stack, context: context,
      lookup: {
        let snapshot = self.snapshot()
        return HeldLinks.Lookup(snapshot.best(url), reader: snapshot.reader)
      }
    ) { [weak self] entry in
      // Weak: a held link must not keep its router alive (the router owns its held links).
      guard let self else { return .ended(HeldLinks.result(entry, .cancelled)) }
      // One snapshot decides and routes: a detach after it is after this delivery.
      let attachments = self.links.attachmentCount
      let (snapshot, fallback) = self.state.withLock { ($0.registry.snapshot(), $0.fallback) }
      let (url, context) = (entry.link.url, entry.context)
      let best = snapshot.best(url)
      if let best, case .declared = best.handler {
        return .waitsForHandler(best.match, attachments: attachments)
      }
      if entry.withStack {
        let screens = self.stack(for: url, context: context, snapshot, fallback)
        return .ended(LinkResult(stacked: entry, screens, match: best?.match))
      }
      do {
        let routed = try await self.resolveRunningAsync(url, context: context, snapshot, fallback)
        return .ended(LinkResult(delivered: entry, routed))
      } catch {
        return .ended(HeldLinks.result(entry, .cancelled))
      }
    }
  }

  private func replaceHandler(of name: String, with handler: RouteHandler) throws(HeldLinkError) {
    let known = (try? update { $0.setHandler(handler, for: name) }) ?? false
    guard known else { throw HeldLinkError(unknownRoute: name, known: routes.map(\.name)) }
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
