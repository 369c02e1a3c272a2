/// What ``Router``, ``MainActorRouter`` and ``Navigator`` share: the registry (routes,
/// handlers, interceptors, observers), its compiled snapshot, the unmatched handler of a
/// `Router`, and the held links, behind one lock. Each operation is written here once; the
/// three routers are its isolation and presentation: which handler kinds they register, which
/// they run, and on which actor.
///
/// Not generic, so a routing call looks up no generic metadata; the few generic members take
/// the output type from the router that calls them.
///
/// It is not public: a router's operations (``Routing``) reach it, and the package's other
/// modules (`SwitchyardMigration`) register through it.
@usableFromInline
package final class RouterCore: Sendable {
  @usableFromInline
  package struct State: Sendable {
    package var registry: RoutingRegistry
    /// A `Router`'s unmatched handler (an `UnmatchedHandlerBox<Output>`), read with the
    /// snapshot under one lock.
    @usableFromInline var fallback: (any AnyObject & Sendable)? = nil
  }

  @usableFromInline package let state: Locked<State>
  /// Held links, made on first use.
  let heldLinks = HeldLinksSlot()

  init(_ registry: RoutingRegistry) {
    state = Locked(State(registry: registry))
  }

  /// A core with options that accept links from `origins` (see
  /// ``Router/init(accepting:options:)``).
  convenience init(accepting origins: [String], options: RouteOptions) throws(RouteTableError) {
    var options = options
    for origin in origins { options.acceptedOrigins.append(try LinkOrigin(origin)) }
    self.init(RoutingRegistry(options: options))
  }

  // MARK: Reading

  package var options: RouteOptions { state.withLock { $0.registry.options } }

  var table: RouteTable { state.withLock { $0.registry.table } }

  var routeNames: [String] { state.withLock { $0.registry.routes.map(\.name) } }

  /// The compiled snapshot (pending registrations are compiled first).
  func snapshot() -> RoutingSnapshot {
    state.withLock { $0.registry.snapshot() }
  }

  /// The compiled snapshot and a `Router`'s unmatched handler, read together.
  @usableFromInline
  func read() -> (snapshot: RoutingSnapshot, fallback: AnyObject?) {
    state.withLock { ($0.registry.snapshot(), $0.fallback as AnyObject?) }
  }

  func match(_ url: String) -> RouteMatch? {
    snapshot().best(url)?.match
  }

  func canRoute(_ url: String) -> Bool {
    snapshot().matches(url)
  }

  func url(
    for name: String, values: [String: any BuildValueConvertible], host: String?,
    scheme: String?
  ) throws(URLBuildingError) -> String {
    // The route's builder and compiled position (one shared reference, made when its level
    // was compiled) and the routes it is checked against, read together under one lock (the
    // snapshot compiles pending routes first, so the target is read after it).
    let (target, snapshot, routes) = state.withLock {
      state -> (RouteURLTarget?, RoutingSnapshot, [Route]) in
      let snapshot = state.registry.snapshot()
      guard let target = state.registry.urlTarget(named: name) else {
        return (nil, snapshot, state.registry.routes)
      }
      return (target, snapshot, [])
    }
    guard let target else {
      throw URLBuildingError.unknownRoute(name, among: routes.map(\.name))
    }
    return try target.url(values: values, host: host, scheme: scheme, checkedAgainst: snapshot)
  }

  // MARK: Registering

  /// Edits the registry under the lock. A single `add` changes nothing when it throws, so it
  /// edits in place; with `atomically`, `body` edits a copy that is kept only when it succeeds,
  /// so a registration of several routes is all or nothing.
  package func update<Result>(
    atomically: Bool = false,
    _ body: (inout RoutingRegistry) throws(RouteTableError) -> Result
  ) throws(RouteTableError) -> Result {
    try state.withLock { state throws(RouteTableError) in
      guard atomically else { return try body(&state.registry) }
      var registry = state.registry
      let result = try body(&registry)
      state.registry = registry
      return result
    }
  }

  package func add(
    _ pattern: String, name: String?, defaultName: String? = nil, priority: Int,
    metadata: RouteMetadata, handler: RouteHandler
  ) throws(RouteTableError) -> Route {
    try update { registry throws(RouteTableError) in
      try registry.add(
        pattern, name: name, defaultName: defaultName, priority: priority, metadata: metadata,
        handler: handler)
    }
  }

  func remove(_ name: String) -> Route? {
    state.withLock { $0.registry.remove(name) }
  }

  func removeAll() {
    state.withLock { $0.registry.removeAllRoutes() }
  }

  /// Replaces the handler of the route named `name` (`.declared` detaches it).
  func setHandler(_ handler: RouteHandler, of name: String) throws(HeldLinkError) {
    let known = state.withLock { $0.registry.setHandler(handler, for: name) }
    guard known else { throw HeldLinkError(unknownRoute: name, known: routeNames) }
  }

  /// Attaches `handler` to the route named `name` and delivers the links held for it.
  func attach<Output: Sendable>(
    _ handler: RouteHandler, to name: String, links: HeldLinks<Output>
  ) throws(HeldLinkError) {
    try setHandler(handler, of: name)
    links.handlerAttached(to: name)
  }

  // MARK: Interceptors and observers

  func intercept(
    scheme: String?, name: String?,
    _ interceptor: @escaping @Sendable (InterceptionRequest) -> InterceptorDecision
  ) -> String {
    state.withLock { $0.registry.addInterceptor(name: name, scheme: scheme, interceptor) }
  }

  func removeInterceptor(_ name: String) -> Bool {
    state.withLock { $0.registry.removeInterceptor(name) }
  }

  var maximumRedirects: Int {
    get { state.withLock { $0.registry.maximumRedirects } }
    set { state.withLock { $0.registry.maximumRedirects = newValue } }
  }

  func observe(_ observer: @escaping @Sendable (RoutingEvent) -> Void) {
    state.withLock { $0.registry.addObserver(observer) }
  }

  // MARK: Held links

  /// Dispatches a link into `links` (see ``Router/dispatch(_:policy:stack:context:)``): held
  /// while its best route has no handler or a gate it needs is closed. A link that can go
  /// while nothing is queued, on a router with no asynchronous handlers, is routed to its end
  /// at once by `deliverNow`, with the snapshot (and a `Router`'s unmatched handler) its
  /// lookup read. Any other link that can go is queued; `deliver` routes it, on the queue's
  /// task, with the snapshot read when its turn comes (a detach before then holds it again),
  /// and gives `nil` when its router is gone: the link ends cancelled. A `resumed` link takes
  /// the place of the placeholder it was held as while its URL was looked up.
  func dispatch<Output: Sendable>(
    _ url: String, policy: HoldPolicy?, withStack: Bool, context: RoutingContext,
    into links: HeldLinks<Output>, resumed: HeldLinks<Output>.Resumed? = nil,
    now deliverNow: (HeldLinks<Output>.Parcel, RoutingSnapshot, AnyObject?) -> LinkResult<Output>,
    later deliver:
      @escaping @Sendable (HeldLinks<Output>.Parcel, RoutingSnapshot) async -> LinkResult<
        Output
      >?
  ) -> DispatchedLink<Output> {
    var looked: (snapshot: RoutingSnapshot, fallback: AnyObject?)? = nil
    return links.dispatch(
      url, policy: policy, withStack: withStack, context: context, resumed: resumed,
      lookup: {
        let current = self.read()
        looked = current
        return HeldLinks.Lookup(
          current.snapshot.best(url),
          declaredParents: withStack ? current.snapshot.declaredParents(of: url) : [],
          reader: current.snapshot.reader, deliversNow: !current.snapshot.hasAsyncHandlers)
      },
      deliverNow: { parcel in
        let (snapshot, fallback) = looked ?? self.read()
        return deliverNow(parcel, snapshot, fallback)
      }
    ) {
      { [weak self] entry in
        // Weak: a held link must not keep its router alive (the router owns its held links).
        guard let self else { return .ended(HeldLinks.result(entry, .cancelled)) }
        let attachments = self.heldLinks.get(Output.self).attachmentCount
        let snapshot = self.snapshot()
        if let best = snapshot.best(entry.url) {
          var routes = entry.withStack ? snapshot.declaredParents(of: entry.url) : []
          if case .declared = best.handler { routes.insert(best.match.route.name) }
          if !routes.isEmpty {
            return .waitsForHandler(best.match, routes: routes, attachments: attachments)
          }
        }
        guard let result = await deliver(entry.parcel, snapshot) else {
          return .ended(HeldLinks.result(entry, .cancelled))
        }
        return .ended(result)
      }
    }
  }
}

extension RoutingSnapshot {
  /// The names of the routes that `url`'s parents (<doc:BackStacks>) are routed to and that
  /// were declared without a handler not attached yet: a link delivered with its back stack
  /// waits for them, so that no parent is left out for want of a handler.
  func declaredParents(of url: String) -> Set<String> {
    var names: Set<String> = []
    for parent in reader.parentURLs(of: url) where matches(parent) {
      if let best = best(parent), case .declared = best.handler {
        names.insert(best.match.route.name)
      }
    }
    return names
  }

  /// Routes `url` for a router whose handlers give `Output`: `run` runs one candidate's
  /// handler (the kinds its router registers) and leaves its output.
  func resolve<Output>(
    _ url: String, context: RoutingContext, interceptors: Bool = true,
    _ run: (RouteHandler, RouteMatch, inout Output?) -> Attempt
  ) -> (output: Output?, outcome: DispatchOutcome) {
    var output: Output? = nil
    let outcome = dispatch(url, context: context, interceptors: interceptors) {
      run($0, $1, &output)
    }
    return (output, outcome)
  }
}

extension RoutingResult {
  init(_ outcome: DispatchOutcome, output: Output?) {
    self.init(
      output: output, match: outcome.match, unmatched: outcome.unmatched,
      redirects: outcome.redirects, wasIntercepted: outcome.intercepted)
  }

  /// What ``RoutingSnapshot/stack(for:_:)`` reads of a routed level.
  var level: (output: Output?, outcome: DispatchOutcome) {
    (
      output,
      DispatchOutcome(
        match: match, unmatched: unmatched, redirects: redirects, intercepted: wasIntercepted)
    )
  }
}
