/// A router: URL patterns with handlers that produce an `Output` — a screen, a destination
/// enum, a `Bool`, a response.
///
/// Register a pattern with a handler; ``route(_:)`` runs the handler of the best matching route
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
/// A router is `Sendable`: register, remove and route from any thread or task. Each routing
/// call works on an immutable compiled snapshot of the routes, taken when it starts;
/// registrations swap in a new snapshot (compiled on the next routing call) under a lock.
public final class Router<Output>: Sendable {
  /// A synchronous handler: the match in, an output (or `nil` to decline) out. Throwing also
  /// declines, so `try match.int("id")` falls through to the next candidate on bad input.
  public typealias Handler = @Sendable (RouteMatch) throws -> Output?
  /// An asynchronous handler, run by ``handle(_:)``.
  public typealias AsyncHandler = @Sendable (RouteMatch) async throws -> Output?
  /// Called when no handler takes a URL; may return a fallback output.
  public typealias UnmatchedHandler = @Sendable (UnmatchedRequest) -> Output?

  private let state: Locked<State>
  /// Links held until a handler or a gate lets them through (see ``dispatch(_:stack:)``).
  let linkSlot = LinkHolderSlot()

  private struct State {
    var registry: RoutingRegistry<RouterHandler<Output>>
    var unmatchedHandler: UnmatchedHandler?
  }

  /// Creates a router whose patterns and URLs are read with `options`.
  ///
  /// ```swift
  /// let router = Router<Bool>(options: RouteOptions(defaultScheme: "myapp"))
  /// ```
  public init(options: RouteOptions = RouteOptions()) {
    state = Locked(State(registry: RoutingRegistry(options: options), unmatchedHandler: nil))
  }

  /// The options patterns and URLs are read with.
  public var options: RouteOptions { state.withLock { $0.registry.options } }

  /// The routes, in registration order.
  public var routes: [Route] { state.withLock { $0.registry.table.routes } }

  // MARK: Registering

  /// Registers `pattern` with a synchronous handler.
  ///
  /// ```swift
  /// try router.register("myapp://user/<int:id>") { match in .user(try match.int("id")) }
  /// try router.register("myapp://user/me", name: "me", priority: 1) { _ in .user(0) }
  /// ```
  /// - Parameters:
  ///   - pattern: The pattern (see the Pattern Syntax article).
  ///   - name: A unique name; by default the pattern itself (` #2`, ` #3`… appended when the
  ///     same pattern is registered again).
  ///   - priority: Higher priorities are tried first. Default 0.
  ///   - handler: Returns the output, or `nil` (or throws) to let the next candidate run.
  /// - Returns: The route as registered.
  /// - Throws: ``RouteTableError`` for a bad pattern or a taken name; nothing is registered.
  @discardableResult
  public func register(
    _ pattern: String, name: String? = nil, priority: Int = 0,
    handler: @escaping Handler
  ) throws(RouteTableError) -> Route {
    try update { registry throws(RouteTableError) in
      try registry.add(pattern, name: name, priority: priority, handler: .sync(handler))
    }
  }

  /// Registers `pattern` with an asynchronous handler, run by ``handle(_:)``.
  ///
  /// The synchronous ``route(_:)`` cannot run it and passes over it as if it declined.
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
    handler: @escaping AsyncHandler
  ) throws(RouteTableError) -> Route {
    try update { registry throws(RouteTableError) in
      try registry.add(pattern, name: name, priority: priority, handler: .async(handler))
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
  /// interceptor rejected it or redirections looped. What it returns is ``route(_:)``'s result.
  ///
  /// ```swift
  /// router.unmatchedHandler = { request in
  ///   print(request.parts.scheme ?? "-", request.parts.pathSegments, request.reason)
  ///   return nil
  /// }
  /// ```
  public var unmatchedHandler: UnmatchedHandler? {
    get { state.withLock { $0.unmatchedHandler } }
    set { state.withLock { $0.unmatchedHandler = newValue } }
  }

  // MARK: Interceptors and observers

  /// Adds an interceptor, run before any handler for every URL (or only URLs of `scheme`),
  /// after the interceptors added before it.
  ///
  /// An interceptor passes, rejects (no handler runs; the unmatched handler does) or
  /// redirects to another URL, which is then routed from the start. Interceptors run for
  /// unmatched URLs too (`request.match` is `nil`), so they can rewrite legacy links.
  ///
  /// ```swift
  /// router.intercept(scheme: "myapp", name: "login") { request in
  ///   if request.match?.route.name == "settings", !session.isLoggedIn {
  ///     return .redirect(to: "myapp://login")
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
  /// Observers run synchronously on the routing thread: keep them short.
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
    snapshot().matcher.match(url)
  }

  /// Whether some route matches `url`. Runs no handler and no interceptor, so a URL whose
  /// handlers would all decline still answers `true`.
  ///
  /// ```swift
  /// router.canRoute("myapp://user/42")   // true
  /// router.canRoute("myapp://nowhere")   // false
  /// ```
  public func canRoute(_ url: String) -> Bool {
    snapshot().matcher.matches(url)
  }

  /// Routes `url`: runs the interceptors, then the candidates' handlers in precedence order
  /// until one returns an output; when none does, the unmatched handler.
  ///
  /// ```swift
  /// router.route("myapp://user/42")   // .user(42)
  /// ```
  /// - Returns: The output, or `nil` when neither a handler nor the unmatched handler gave one.
  @discardableResult
  public func route(_ url: String) -> Output? {
    resolve(url).output
  }

  /// Routes `url` like ``route(_:)`` and tells what happened: the output, the match that
  /// produced it, or why no handler took the URL.
  ///
  /// ```swift
  /// let result = router.resolve("myapp://nowhere")
  /// result.isHandled            // false
  /// result.unmatched?.reason    // noRoute
  /// ```
  public func resolve(_ url: String) -> RoutingResult<Output> {
    let (snapshot, fallback) = state.withLock { ($0.registry.snapshot(), $0.unmatchedHandler) }
    return Router.resolve(url, snapshot, fallback)
  }

  /// Routes `url`, running synchronous and asynchronous handlers alike.
  ///
  /// ```swift
  /// let screen = try await router.handle("myapp://user/42")
  /// ```
  /// - Throws: `CancellationError` when the task is cancelled before a candidate runs.
  ///   Errors thrown by handlers are declines, not thrown from here.
  @discardableResult
  public func handle(_ url: String) async throws -> Output? {
    try await resolveRunningAsync(url).output
  }

  /// Routes `url` like ``handle(_:)`` and tells what happened; the output is the unmatched
  /// handler's when no handler took the URL.
  func resolveRunningAsync(_ url: String) async throws -> RoutingResult<Output> {
    let (snapshot, fallback) = state.withLock { ($0.registry.snapshot(), $0.unmatchedHandler) }
    let result: RoutingResult<Output> = try await snapshot.route(url) { handler, match in
      switch handler {
      case .sync(let body): return Router.attempt { try body(match) }
      case .async(let body):
        do {
          guard let output = try await body(match) else { return .declined(nil) }
          return .handled(output)
        } catch {
          return .declined(error)
        }
      }
    }
    guard result.match == nil, let request = result.unmatched, let fallback else { return result }
    return RoutingResult(output: fallback(request), match: nil, unmatched: request)
  }

  /// The back stack for `url`: the outputs of its parent routes, shortest first, then the
  /// output for `url` itself — for a `NavigationStack` path or a UIKit navigation stack.
  ///
  /// The parents are the URL cut after each of its path segments but the last (a host read
  /// as a path segment counts as the first segment; the query and fragment are dropped). A
  /// parent is included when some route matches it and routing it gives an output (its
  /// handlers may decline, its interceptors may reject: then it is left out; the unmatched
  /// handler is not called for parents). The root (no segment at all) is not a parent: it is
  /// the stack's root view, not an entry of its path. When `url` itself gives no output, the
  /// stack is empty.
  ///
  /// ```swift
  /// router.stack(for: "myapp://user/42/post/7")   // [.user(42), .post(7)]
  /// // parents tried: myapp://user (no route), myapp://user/42 (.user(42)),
  /// //                myapp://user/42/post (no route)
  /// ```
  public func stack(for url: String) -> [Output] {
    let (snapshot, fallback) = state.withLock { ($0.registry.snapshot(), $0.unmatchedHandler) }
    return snapshot.stack(for: url) { url, isLeaf in
      Router.resolve(url, snapshot, isLeaf ? fallback : nil).output
    }
  }

  // MARK: Internals

  /// Edits the registry under the lock. A single `add` changes nothing when it throws, so it
  /// edits in place; with `atomically`, `body` edits a copy that is kept only when it succeeds,
  /// so a registration of several routes is all or nothing.
  func update<Result>(
    atomically: Bool = false,
    _ body: (inout RoutingRegistry<RouterHandler<Output>>) throws(RouteTableError) -> Result
  ) throws(RouteTableError) -> Result {
    try state.withLock { state throws(RouteTableError) in
      guard atomically else { return try body(&state.registry) }
      var registry = state.registry
      let result = try body(&registry)
      state.registry = registry
      return result
    }
  }

  func snapshot() -> RoutingSnapshot<RouterHandler<Output>> {
    state.withLock { $0.registry.snapshot() }
  }

  private static func resolve(
    _ url: String, _ snapshot: RoutingSnapshot<RouterHandler<Output>>,
    _ fallback: UnmatchedHandler?
  ) -> RoutingResult<Output> {
    let result: RoutingResult<Output> = snapshot.route(url) { handler, match in
      switch handler {
      case .sync(let body): return attempt { try body(match) }
      case .async: return .declined(AsyncHandlerSkipped(route: match.route))
      }
    }
    guard result.match == nil, let request = result.unmatched, let fallback else { return result }
    return RoutingResult(output: fallback(request), match: nil, unmatched: request)
  }

  private static func attempt(_ body: () throws -> Output?) -> Attempt<Output> {
    do {
      guard let output = try body() else { return .declined(nil) }
      return .handled(output)
    } catch {
      return .declined(error)
    }
  }
}

/// A router's handler, as stored.
enum RouterHandler<Output>: Sendable {
  case sync(@Sendable (RouteMatch) throws -> Output?)
  case async(@Sendable (RouteMatch) async throws -> Output?)
}

/// Why the synchronous ``Router/route(_:)`` passed over a route: its handler is async.
struct AsyncHandlerSkipped: Error, CustomStringConvertible {
  let route: Route
  var description: String {
    "route '\(route.name)' has an async handler; route the URL with handle(_:) to run it"
  }
}
