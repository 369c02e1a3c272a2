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
/// try router.register("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
/// try router.register("myapp://user/<int:uid>/post/<int:id>") { .post(try $0.value("id", as: Int.self)) }
/// try router.register("/search/:term") { .search(try $0.value("term", as: String.self)) }
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
public final class Router<Output>: Routing, @unchecked Sendable {
  // Restated as `Routing` states it: a router adds only `let`s of `Sendable` values.
  /// A synchronous handler: the match in, an output (or `nil` to decline) out. Throwing also
  /// declines, so `try match.value("id", as: Int.self)` falls through to the next candidate on bad input —
  /// except reading a name the route does not declare, which stops routing
  /// (``UnmatchedReason/handlerFailed``).
  public typealias Handler = @Sendable (RouteMatch) throws -> Output?
  /// An asynchronous handler, run by ``handle(_:context:)``.
  public typealias AsyncHandler = @Sendable (RouteMatch) async throws -> Output?
  /// Called when no handler takes a URL; may return a fallback output.
  public typealias UnmatchedHandler = @Sendable (UnmatchedRequest) -> Output?

  /// Creates a router whose patterns and URLs are read with `options` (its
  /// ``RouteOptions/acceptedOrigins`` say which links path-only patterns answer).
  ///
  /// ```swift
  /// let router = Router<Bool>(options: RouteOptions(defaultScheme: "myapp"))
  /// ```
  public init(options: RouteOptions = RouteOptions()) {
    super.init(core: RouterCore(RoutingRegistry(options: options)))
  }

  /// Creates a router that routes with `table`: its routes, in its order, with their names,
  /// priorities and metadata, read under its options and capture types. Each route is
  /// declared, with no handler yet: attach handlers by name (``attach(_:handler:)``); links
  /// dispatched before then are held (<doc:LinksThatArriveTooEarly>).
  ///
  /// ```swift
  /// let table = try RouteFile.load(contentsOf: "routes.json")  // SwitchyardFiles
  /// let router = try Router<Screen>(table: table)
  /// try router.attach("user") { match in .user(try match.value("id", as: Int.self)) }
  /// try router.attach("search") { match in .search(try match.value("term", as: String.self)) }
  /// router.route("myapp://user/42")  // .user(42)
  /// ```
  /// - Throws: ``RouteTableError`` (``RouteTableError/Code/duplicateRoute``) when two of the
  ///   table's routes are duplicates, which a router refuses (`lint` reports them).
  public init(table: RouteTable) throws(RouteTableError) {
    super.init(core: RouterCore(try RoutingRegistry(table: table)))
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
  public init(
    accepting origins: [String], options: RouteOptions = RouteOptions()
  ) throws(RouteTableError) {
    super.init(core: try RouterCore(accepting: origins, options: options))
  }

  // MARK: Registering

  /// Registers `pattern` with a synchronous handler.
  ///
  /// ```swift
  /// try router.register("myapp://user/<int:id>") { match in .user(try match.value("id", as: Int.self)) }
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
  @discardableResult
  public func register(
    _ pattern: String, name: String? = nil, priority: Int = 0,
    metadata: RouteMetadata = RouteMetadata(),
    handler: @escaping Handler
  ) throws(RouteTableError) -> Route {
    try core.add(
      pattern, name: name, priority: priority, metadata: metadata,
      handler: .sync(SyncHandlerBox(handler)))
  }

  /// Registers `pattern` with an asynchronous handler, run by ``handle(_:context:)``.
  ///
  /// The synchronous ``route(_:context:)`` does not run it: when it is the best remaining
  /// candidate, routing stops with ``UnmatchedReason/needsAsync`` (never passing the route
  /// over for a worse one).
  ///
  /// ```swift
  /// try router.registerAsync("myapp://user/<int:id>") { match in
  ///   try await api.user(id: try match.value("id", as: Int.self))
  /// }
  /// let user = try await router.handle("myapp://user/42")
  /// ```
  @discardableResult
  public func registerAsync(
    _ pattern: String, name: String? = nil, priority: Int = 0,
    metadata: RouteMetadata = RouteMetadata(),
    handler: @escaping AsyncHandler
  ) throws(RouteTableError) -> Route {
    try core.add(
      pattern, name: name, priority: priority, metadata: metadata,
      handler: .async(AsyncHandlerBox(handler)))
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
    get { (core.state.withLock { $0.fallback } as? UnmatchedHandlerBox<Output>)?.body }
    set {
      let box = newValue.map(UnmatchedHandlerBox.init)
      core.state.withLock { $0.fallback = box }
    }
  }

  // MARK: Interceptors and observers

  // MARK: Routing

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
    let (snapshot, fallback) = core.read()
    var output: Output? = nil
    snapshot.dispatch(
      url, context: context, describesUnmatched: fallback != nil, keepsMatch: false
    ) { handler, match in
      handler.runSync(match, into: &output)
    } ended: { outcome in
      if let request = outcome.unmatched, let fallback = fallback as? UnmatchedHandlerBox<Output> {
        output = fallback.body(request)
      }
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
    let (snapshot, fallback) = core.read()
    return resolve(url, context, snapshot, fallback, isLeaf: true)
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
    let (snapshot, fallback) = core.read()
    return try await resolveRunningAsync(url, context: context, snapshot, fallback).output
  }

  /// Routes `url` like ``handle(_:context:)`` with `snapshot` and `fallback` as read by the
  /// caller, and tells what happened, as ``resolve(_:context:)`` does.
  func resolveRunningAsync(
    _ url: String, context: RoutingContext, _ snapshot: RoutingSnapshot, _ fallback: AnyObject?
  ) async throws -> RoutingResult<Output> {
    var output: Output? = nil
    let outcome = try await snapshot.dispatch(url, context: context) { handler, match in
      await handler.runAsync(match, into: &output)
    }
    return RoutingResult(outcome, output: output ?? unmatchedOutput(outcome, fallback))
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
    let (snapshot, fallback) = core.read()
    return stack(for: url, context: context, snapshot, fallback)
  }

  /// The back stack for `url` with `snapshot` and `fallback` as read by the caller.
  func stack(
    for url: String, context: RoutingContext, _ snapshot: RoutingSnapshot, _ fallback: AnyObject?
  ) -> [Output] {
    snapshot.stack(for: url) { url, isLeaf in
      resolve(url, context, snapshot, fallback, isLeaf: isLeaf).level
    }
  }

  // MARK: Internals

  /// Routes `url` through the synchronous handlers; a leaf runs the interceptors and the
  /// unmatched handler, a back stack's parent neither.
  func resolve(
    _ url: String, _ context: RoutingContext, _ snapshot: RoutingSnapshot, _ fallback: AnyObject?,
    isLeaf: Bool
  ) -> RoutingResult<Output> {
    let (output, outcome) = snapshot.resolve(url, context: context, interceptors: isLeaf) {
      (handler, match, output: inout Output?) in handler.runSync(match, into: &output)
    }
    return RoutingResult(
      outcome, output: output ?? unmatchedOutput(outcome, isLeaf ? fallback : nil))
  }

  /// The unmatched handler's output when routing ended with no handler's.
  private func unmatchedOutput(_ outcome: DispatchOutcome, _ fallback: AnyObject?) -> Output? {
    guard let request = outcome.unmatched, let handler = fallback as? UnmatchedHandlerBox<Output>
    else { return nil }
    return handler.body(request)
  }
}
