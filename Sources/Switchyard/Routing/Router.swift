/// A router: URL patterns with handlers that produce an `Output` — a screen, a destination
/// enum, a `Bool`, a response.
///
/// Register a pattern with a handler; ``route(_:context:)`` runs the handler of the best matching route
/// (<doc:Precedence>). A handler **declines** by returning `nil` or throwing, and the next candidate
/// in precedence order runs; when none is left, the ``unmatchedHandler`` gets the URL and
/// everything that could be parsed from it.
///
/// ```swift
/// enum Destination: Equatable { case user(Int), post(Int), search(String) }
///
/// let router = Router<Destination>()
/// try router.register("myapp://user/<int:id>") { .user(try $0.int("id")) }
/// try router.register("myapp://user/<int:uid>/post/<int:id>") { .post(try $0.int("id")) }
/// try router.register("/search/:term") { .search(try $0.string("term")) }
///
/// router.route("myapp://user/42")                        // .user(42)
/// router.route("https://www.example.com/search/swift")   // .search("swift")
/// router.stack(for: "myapp://user/42/post/7")            // [.user(42), .post(7)]
/// ```
///
/// A router is `Sendable`: register, remove and route from any thread or task, and its handlers
/// are `@Sendable` and nonisolated — the fit for servers and for handlers that return a value
/// the caller applies. For handlers that touch main-actor state, use a ``MainActorRouter``
/// (<doc:Isolation>). Each routing call works on an immutable compiled snapshot of the routes,
/// taken when it starts; registrations are compiled on the next routing call, incrementally
/// (<doc:RegistrationCost>).
public final class Router<Output>: Sendable {
  /// A synchronous handler: the match in, an output (or `nil` to decline) out. Throwing also
  /// declines, so `try match.int("id")` falls through to the next candidate on bad input —
  /// except reading a name the route does not declare, which stops routing
  /// (``UnmatchedReason/handlerFailed``).
  public typealias Handler = @Sendable (RouteMatch) throws -> Output?
  /// An asynchronous handler, run by ``handle(_:context:)``.
  public typealias AsyncHandler = @Sendable (RouteMatch) async throws -> Output?
  /// Called when no handler takes a URL; may return a fallback output.
  public typealias UnmatchedHandler = @Sendable (UnmatchedRequest) -> Output?

  // Usable from inlinable code: `route` and `register` are specialised in the app for its
  // `Output`, so a routing call looks up no generic metadata (<doc:RegistrationCost>).
  @usableFromInline let state: Locked<RouterState>
  /// Held links, made on first use (see `Router+HeldLinks.swift`).
  let heldLinksSlot = HeldLinksSlot()

  /// Creates a router whose patterns and URLs are read with `options` (its
  /// ``RouteOptions/acceptedOrigins`` say which links path-only patterns answer).
  ///
  /// ```swift
  /// let router = Router<Bool>(options: RouteOptions(defaultScheme: "myapp"))
  /// ```
  public convenience init(options: RouteOptions = RouteOptions()) {
    self.init(registry: RoutingRegistry(options: options))
  }

  /// Creates a router that routes with `table`: its routes, in its order, with their names,
  /// priorities and metadata, read under its options and capture types. Each route is
  /// declared, with no handler yet: attach handlers by name (``attach(_:handler:)-(String,_)``); links
  /// dispatched before then are held (<doc:LinksThatArriveTooEarly>).
  ///
  /// ```swift
  /// let table = try RouteFile.load(contentsOf: "routes.json")  // SwitchyardFiles
  /// let router = try Router<Screen>(table: table)
  /// try router.attach("user") { match in .user(try match.int("id")) }
  /// try router.attach("search") { match in .search(try match.string("term")) }
  /// router.route("myapp://user/42")  // .user(42)
  /// ```
  /// - Throws: ``RouteTableError`` (``RouteTableError/Code/duplicateRoute``) when two of the
  ///   table's routes are duplicates, which a router refuses (`lint` reports them).
  public convenience init(table: RouteTable) throws(RouteTableError) {
    self.init(registry: try RoutingRegistry(table: table))
  }

  init(registry: RoutingRegistry) {
    state = Locked(RouterState(registry: registry))
  }

  /// Creates a router that answers links from `origins` only: a pattern without a scheme and
  /// a host matches under each origin (<doc:AcceptedOrigins>).
  ///
  /// ```swift
  /// let router = try Router<Screen>(accepting: ["shop", "https://(www.)shop.example.com"])
  /// try router.register("/account/orders") { _ in .orders }
  /// router.route("shop://account/orders")                        // .orders
  /// router.route("https://www.shop.example.com/account/orders")  // .orders
  /// router.route("https://evil.example.com/account/orders")      // nil
  /// ```
  /// - Throws: ``RouteTableError`` (``RouteTableError/Code/badOrigin``) for an origin that is
  ///   not a scheme with an optional host.
  public convenience init(
    accepting origins: [String], options: RouteOptions = RouteOptions()
  ) throws(RouteTableError) {
    var options = options
    for origin in origins { options.acceptedOrigins.append(try LinkOrigin(origin)) }
    self.init(options: options)
  }

  /// The options patterns and URLs are read with.
  public var options: RouteOptions { state.withLock { $0.registry.options } }

  /// The routes, in registration order.
  public var routes: [Route] { state.withLock { $0.registry.routes } }

  /// The router's routes as a ``RouteTable``, in registration order, read under the router's
  /// options: what lint, explain, app-link export and ``RouteTable/expectRoutes(_:)`` take.
  ///
  /// ```swift
  /// let findings = router.table.lint()
  /// print(router.table.explain("myapp://user/42"))
  /// ```
  public var table: RouteTable { state.withLock { $0.registry.table } }

  // MARK: Registering

  /// Registers `pattern` with a synchronous handler.
  ///
  /// ```swift
  /// try router.register("myapp://user/<int:id>") { match in .user(try match.int("id")) }
  /// try router.register("myapp://user/me", name: "me", priority: 1) { _ in .user(0) }
  /// try router.register("/account", metadata: .with(.requiresSignIn, true)) { _ in .account }
  /// ```
  /// - Parameters:
  ///   - pattern: The pattern (see the Pattern Syntax article).
  ///   - name: A unique name; by default the pattern itself (` #2`, ` #3`… appended when that
  ///     name is taken, as by the same pattern at another priority).
  ///   - priority: Higher priorities are tried first. Default 0.
  ///   - metadata: The app's own facts about the route (<doc:MetadataAndContext>).
  ///   - handler: Returns the output, or `nil` (or throws) to let the next candidate run.
  /// - Returns: The route as registered.
  /// - Throws: ``RouteTableError`` for a bad pattern, a taken name, or a duplicate of a route
  ///   the router has (``RouteTableError/Code/duplicateRoute``); nothing is registered.
  @inlinable
  @discardableResult
  public func register(
    _ pattern: String, name: String? = nil, priority: Int = 0,
    metadata: RouteMetadata = RouteMetadata(),
    handler: @escaping Handler
  ) throws(RouteTableError) -> Route {
    try update { registry throws(RouteTableError) in
      try registry.add(
        pattern, name: name, priority: priority, metadata: metadata,
        handler: Router.erase(handler))
    }
  }

  /// Registers `pattern` with an asynchronous handler, run by ``handle(_:context:)``.
  ///
  /// The synchronous ``route(_:context:)`` does not run it: when it is the best remaining
  /// candidate, routing stops with ``UnmatchedReason/needsAsync`` (never passing the route
  /// over for a worse one).
  ///
  /// ```swift
  /// try router.registerAsync("myapp://user/<int:id>") { match in
  ///   try await api.user(id: try match.int("id"))
  /// }
  /// let user = try await router.handle("myapp://user/42")
  /// ```
  @discardableResult
  public func registerAsync(
    _ pattern: String, name: String? = nil, priority: Int = 0,
    metadata: RouteMetadata = RouteMetadata(),
    handler: @escaping AsyncHandler
  ) throws(RouteTableError) -> Route {
    try update { registry throws(RouteTableError) in
      try registry.add(
        pattern, name: name, priority: priority, metadata: metadata,
        handler: Router.erase(async: handler))
    }
  }

  /// Removes the route named `name`.
  ///
  /// ```swift
  /// let route = try router.register("/old") { _ in true }
  /// router.remove(route.name)   // the route
  /// router.route("/old")        // nil
  /// ```
  /// - Returns: The removed route, or `nil` when there was none.
  @discardableResult
  public func remove(_ name: String) -> Route? {
    state.withLock { $0.registry.remove(name) }
  }

  /// Removes every route (interceptors, observers and the unmatched handler stay).
  public func removeAll() {
    state.withLock { $0.registry.removeAllRoutes() }
  }

  /// Called when no handler takes a URL: no route matches, every candidate declined, an
  /// interceptor rejected it or redirections looped. What it returns is ``route(_:context:)``'s
  /// result.
  ///
  /// ```swift
  /// router.unmatchedHandler = { request in
  ///   print(request.parts.scheme ?? "-", request.parts.pathSegments, request.reason)
  ///   return nil
  /// }
  /// ```
  public var unmatchedHandler: UnmatchedHandler? {
    get { state.withLock { $0.unmatchedHandler as? UnmatchedHandler } }
    set {
      var erased: ErasedUnmatchedHandler? = nil
      if let handler = newValue {
        erased = { request, out in
          out.assumingMemoryBound(to: Output?.self).pointee = handler(request)
        }
      }
      state.withLock {
        $0.unmatchedHandler = newValue
        $0.fallback = erased
      }
    }
  }

  // MARK: Interceptors and observers

  /// Adds an interceptor, run before any handler for every URL (or only URLs of `scheme`),
  /// after the interceptors added before it.
  ///
  /// An interceptor passes, rejects (no handler runs; the unmatched handler does) or
  /// redirects to another URL, which is then routed from the start. Interceptors run for
  /// unmatched URLs too (`request.match` is `nil`), so they can rewrite legacy links. They see
  /// the best route's metadata and the call's context.
  ///
  /// ```swift
  /// router.intercept(name: "login") { request in
  ///   if request.metadata[.requiresSignIn], !session.isSignedIn {
  ///     return .redirect(to: "shop://login")
  ///   }
  ///   return .pass
  /// }
  /// ```
  /// - Returns: The interceptor's name (`name`, or `"interceptor N"`), for
  ///   ``removeInterceptor(_:)`` and for routing events.
  @discardableResult
  public func intercept(
    scheme: String? = nil, name: String? = nil,
    _ interceptor: @escaping @Sendable (InterceptionRequest) -> InterceptorDecision
  ) -> String {
    state.withLock { $0.registry.addInterceptor(name: name, scheme: scheme, interceptor) }
  }

  /// Removes the interceptors named `name`; returns whether there was one.
  @discardableResult
  public func removeInterceptor(_ name: String) -> Bool {
    state.withLock { $0.registry.removeInterceptor(name) }
  }

  /// How many redirections one routing call follows before giving up with
  /// ``UnmatchedReason/tooManyRedirects``. Default 8. A redirection back to a URL already
  /// routed in the call stops at once with ``UnmatchedReason/redirectLoop``.
  public var maximumRedirects: Int {
    get { state.withLock { $0.registry.maximumRedirects } }
    set { state.withLock { $0.registry.maximumRedirects = newValue } }
  }

  /// Adds an observer that is told of every routing decision (see ``RoutingEvent``).
  ///
  /// Observers run synchronously on the routing thread: keep them short. While no observer
  /// is registered, routing reads no clock.
  ///
  /// ```swift
  /// router.observe { event in
  ///   metrics.record(event.pattern ?? "unmatched", outcome: "\(event.outcome)", event.duration)
  /// }
  /// ```
  public func observe(_ observer: @escaping @Sendable (RoutingEvent) -> Void) {
    state.withLock { $0.registry.addObserver(observer) }
  }

  // MARK: Routing

  /// The best matching route for `url`, without running interceptors or handlers.
  ///
  /// ```swift
  /// router.match("myapp://user/42")?.route.pattern.text   // "myapp://user/<int:id>"
  /// ```
  public func match(_ url: String) -> RouteMatch? {
    snapshot().best(url)?.match
  }

  /// Whether some route matches `url`. Runs no handler and no interceptor, so a URL whose
  /// handlers would all decline still answers `true`.
  ///
  /// ```swift
  /// router.canRoute("myapp://user/42")   // true
  /// router.canRoute("myapp://nowhere")   // false
  /// ```
  public func canRoute(_ url: String) -> Bool {
    snapshot().matches(url)
  }

  /// Routes `url`: runs the interceptors, then the candidates' handlers in precedence order
  /// until one returns an output; when none does, the unmatched handler.
  ///
  /// ```swift
  /// router.route("myapp://user/42")                                   // .user(42)
  /// router.route("myapp://user/42", context: .with(.source, "push"))  // handlers read it
  /// ```
  /// - Parameters:
  ///   - url: The URL.
  ///   - context: What the call carries to interceptors, handlers and the unmatched handler.
  /// - Returns: The output, or `nil` when neither a handler nor the unmatched handler gave one.
  @inlinable
  @discardableResult
  public func route(_ url: String, context: RoutingContext = RoutingContext()) -> Output? {
    var output: Output? = nil
    withUnsafeMutablePointer(to: &output) { pointer in
      state.route(url, context, into: UnsafeMutableRawPointer(pointer))
    }
    return output
  }

  /// Routes `url` like ``route(_:context:)`` and tells what happened: the output, the match
  /// that produced it, or why no handler took the URL.
  ///
  /// ```swift
  /// let result = router.resolve("myapp://nowhere")
  /// result.isHandled            // false
  /// result.unmatched?.reason    // noRoute
  /// ```
  public func resolve(
    _ url: String, context: RoutingContext = RoutingContext()
  ) -> RoutingResult<Output> {
    let (snapshot, fallback) = state.withLock { ($0.registry.snapshot(), $0.fallback) }
    return Router.resolve(url, context, snapshot, fallback, interceptors: true)
  }

  /// Routes `url`, running synchronous and asynchronous handlers alike.
  ///
  /// ```swift
  /// let screen = try await router.handle("myapp://user/42")
  /// ```
  /// - Throws: `CancellationError` when the task is cancelled before a candidate runs.
  ///   Errors thrown by handlers are declines, not thrown from here.
  @discardableResult
  public func handle(
    _ url: String, context: RoutingContext = RoutingContext()
  ) async throws -> Output? {
    try await resolveRunningAsync(url, context: context).output
  }

  /// Routes `url` like ``handle(_:context:)`` and tells what happened, as ``resolve(_:context:)``
  /// does.
  func resolveRunningAsync(
    _ url: String, context: RoutingContext
  ) async throws -> RoutingResult<Output> {
    let (snapshot, fallback) = state.withLock { ($0.registry.snapshot(), $0.fallback) }
    return try await resolveRunningAsync(url, context: context, snapshot, fallback)
  }

  /// Routes `url` like ``handle(_:context:)`` with `snapshot` and `fallback` as read by the
  /// caller.
  func resolveRunningAsync(
    _ url: String, context: RoutingContext, _ snapshot: RoutingSnapshot,
    _ fallback: ErasedUnmatchedHandler?
  ) async throws -> RoutingResult<Output> {
    let box = OutputBox<Output>()
    let outcome = try await snapshot.route(url, context: context) { handler, match in
      switch handler {
      case .sync(let body):
        var output: Output? = nil
        let result = withUnsafeMutablePointer(to: &output) { pointer in
          attempt(match) { try body(match, UnsafeMutableRawPointer(pointer)) }
        }
        box.value = output
        return result
      case .async(let body):
        do {
          return try await body(match, box) ? .handled : .declined(nil)
        } catch {
          return classify(error, match)
        }
      case .mainActor, .open, .declared:
        return .skipped
      }
    }
    if outcome.match != nil { return RoutingResult(outcome, output: box.value) }
    guard let request = outcome.unmatched, let fallback else {
      return RoutingResult(outcome, output: nil)
    }
    var output: Output? = nil
    withUnsafeMutablePointer(to: &output) { fallback(request, UnsafeMutableRawPointer($0)) }
    return RoutingResult(outcome, output: output)
  }

  /// The back stack for `url`: the outputs of its parent routes, shortest first, then the
  /// output for `url` itself — for a `NavigationStack` path or a UIKit navigation stack
  /// (<doc:BackStacks>).
  ///
  /// The parents are the URL cut after each of its path segments but the last (a host read
  /// as a path segment counts as the first segment; the query and fragment are dropped). The
  /// interceptors run for `url` only — the gate applies to the link: when they redirect or
  /// reject it, the stack is the one output that gives (the login screen, say). Otherwise
  /// each parent that some route matches and whose handlers give an output is included,
  /// routed without interceptors and without the unmatched handler; a route that answers
  /// several of the URL's levels (a catch-all) appears once, at its deepest. The leaf of an
  /// unknown link is the unmatched handler's output, behind the parents that matched; with
  /// no output for `url` at all, the stack is empty.
  ///
  /// ```swift
  /// router.stack(for: "myapp://user/42/post/7")   // [.user(42), .post(7)]
  /// // parents tried: myapp://user (no route), myapp://user/42 (.user(42)),
  /// //                myapp://user/42/post (no route)
  /// ```
  public func stack(for url: String, context: RoutingContext = RoutingContext()) -> [Output] {
    let (snapshot, fallback) = state.withLock { ($0.registry.snapshot(), $0.fallback) }
    return stack(for: url, context: context, snapshot, fallback)
  }

  /// The back stack for `url` with `snapshot` and `fallback` as read by the caller.
  func stack(
    for url: String, context: RoutingContext, _ snapshot: RoutingSnapshot,
    _ fallback: ErasedUnmatchedHandler?
  ) -> [Output] {
    snapshot.stack(for: url) { url, isLeaf in
      let result = Router.resolve(
        url, context, snapshot, isLeaf ? fallback : nil, interceptors: isLeaf)
      return (
        result.output,
        DispatchOutcome(
          match: result.match, unmatched: result.unmatched, redirects: result.redirects,
          intercepted: result.wasIntercepted)
      )
    }
  }

  // MARK: Internals

  /// Edits the registry under the lock. A single `add` changes nothing when it throws, so it
  /// edits in place; with `atomically`, `body` edits a copy that is kept only when it succeeds,
  /// so a registration of several routes is all or nothing.
  @usableFromInline
  func update<Result>(
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

  /// `handler` as the registry stores it.
  @inlinable
  static func erase(_ handler: @escaping Handler) -> RouteHandler {
    .sync { match, out in
      guard let output = try handler(match) else { return false }
      out.assumingMemoryBound(to: Output?.self).pointee = output
      return true
    }
  }

  /// `handler` as the registry stores it.
  static func erase(async handler: @escaping AsyncHandler) -> RouteHandler {
    .async { match, box in
      guard let output = try await handler(match) else { return false }
      unsafeDowncast(box, to: OutputBox<Output>.self).value = output
      return true
    }
  }

  func snapshot() -> RoutingSnapshot {
    state.withLock { $0.registry.snapshot() }
  }

  private static func resolve(
    _ url: String, _ context: RoutingContext, _ snapshot: RoutingSnapshot,
    _ fallback: ErasedUnmatchedHandler?, interceptors: Bool
  ) -> RoutingResult<Output> {
    var output: Output? = nil
    let outcome = withUnsafeMutablePointer(to: &output) { pointer in
      dispatchSync(
        url, context, snapshot, fallback, UnsafeMutableRawPointer(pointer),
        interceptors: interceptors)
    }
    return RoutingResult(outcome, output: output)
  }
}

/// An unmatched handler as a router stores it: writes its output through the pointer.
typealias ErasedUnmatchedHandler = @Sendable (UnmatchedRequest, UnsafeMutableRawPointer) -> Void

/// A router's state behind its lock; not generic, so routing looks up no generic metadata.
@usableFromInline
struct RouterState {
  var registry: RoutingRegistry
  /// The unmatched handler as set (a `Router<Output>.UnmatchedHandler`), for its getter.
  var unmatchedHandler: (any Sendable)? = nil
  var fallback: ErasedUnmatchedHandler? = nil
}

extension Locked where State == RouterState {
  /// The whole of ``Router/route(_:context:)`` but the output's storage: not generic, so it
  /// runs without looking up generic metadata.
  @usableFromInline
  func route(_ url: String, _ context: RoutingContext, into out: UnsafeMutableRawPointer) {
    let (snapshot, fallback) = withLock { ($0.registry.snapshot(), $0.fallback) }
    snapshot.routeOutput(url, context, fallback, into: out)
  }
}

/// Routes `url` through synchronous handlers, writing the output (a handler's or the unmatched
/// handler's) through `out`.
func dispatchSync(
  _ url: String, _ context: RoutingContext, _ snapshot: RoutingSnapshot,
  _ fallback: ErasedUnmatchedHandler?, _ out: UnsafeMutableRawPointer, interceptors: Bool = true,
  describesUnmatched: Bool = true
) -> DispatchOutcome {
  let outcome = snapshot.route(
    url, context: context, interceptors: interceptors, describesUnmatched: describesUnmatched
  ) { handler, match in
    invokeSync(handler, match, out)
  }
  if outcome.match == nil, let request = outcome.unmatched, let fallback {
    fallback(request, out)
  }
  return outcome
}

/// Runs a synchronous handler for `Router.route` and `Router.resolve`.
func invokeSync(
  _ handler: RouteHandler, _ match: RouteMatch, _ out: UnsafeMutableRawPointer
) -> Attempt {
  switch handler {
  case .sync(let body): return attempt(match) { try body(match, out) }
  case .async: return .needsAsync
  case .mainActor, .open, .declared: return .skipped
  }
}

extension RoutingResult {
  init(_ outcome: DispatchOutcome, output: Output?) {
    self.init(
      output: output, match: outcome.match, unmatched: outcome.unmatched,
      redirects: outcome.redirects, wasIntercepted: outcome.intercepted)
  }
}
