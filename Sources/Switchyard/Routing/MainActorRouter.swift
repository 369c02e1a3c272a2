/// A router whose handlers run on the main actor: they may touch UI state and main-actor
/// models directly, with Swift 6 strict concurrency and no `MainActor.assumeIsolated`
/// (<doc:Isolation>).
///
/// It is ``Router`` in every rule — patterns, precedence, declining, interceptors, observers,
/// metadata, context, back stacks, accepted origins — but the router itself is `@MainActor`,
/// so a link that arrives on another thread is routed with `await router.route(url)`: the
/// compiler makes the hop, and a handler never runs off the main actor.
///
/// ```swift
/// @MainActor final class AppModel { var path: [Screen] = []; var toasts: [String] = [] }
///
/// let model = AppModel()
/// let router = MainActorRouter<Screen>()
/// try router.register("myapp://toast/:text") { match in
///   model.toasts.append(try match.value("text", as: String.self))   // main-actor state, no hop
///   return .home
/// }
/// router.route("myapp://toast/hello")                 // on the main actor
/// await router.route("myapp://toast/hello")           // from any other task
/// ```
@MainActor
public final class MainActorRouter<Output> {
  /// A handler run on the main actor: the match in, an output (or `nil` to decline) out.
  public typealias Handler = @MainActor (RouteMatch) throws -> Output?
  /// Called on the main actor when no handler takes a URL; may return a fallback output.
  public typealias UnmatchedHandler = @MainActor (UnmatchedRequest) -> Output?

  var registry: RoutingRegistry
  /// Held links, made on first use (see `MainActorRouter+HeldLinks.swift`).
  nonisolated let heldLinksSlot = HeldLinksSlot()

  /// Called when no handler takes a URL (see ``Router/unmatchedHandler``).
  public var unmatchedHandler: UnmatchedHandler?

  /// Creates a router whose patterns and URLs are read with `options`.
  public init(options: RouteOptions = RouteOptions()) {
    registry = RoutingRegistry(options: options)
  }

  /// Creates a router that routes with `table`, each route declared until a handler is
  /// attached by name (see ``Router/init(table:)``).
  ///
  /// ```swift
  /// let router = try MainActorRouter<Screen>(table: table)
  /// try router.attach("user") { match in .user(try match.value("id", as: Int.self)) }
  /// ```
  /// - Throws: ``RouteTableError`` (``RouteTableError/Code/duplicateRoute``) for duplicates.
  public init(table: RouteTable) throws(RouteTableError) {
    registry = try RoutingRegistry(table: table)
  }

  /// Creates a router that answers links from `origins` only (see
  /// ``Router/init(accepting:options:)``).
  ///
  /// ```swift
  /// let router = try MainActorRouter<Screen>(accepting: ["shop", "https://shop.example.com"])
  /// ```
  public convenience init(
    accepting origins: [String], options: RouteOptions = RouteOptions()
  ) throws(RouteTableError) {
    var options = options
    for origin in origins { options.acceptedOrigins.append(try LinkOrigin(origin)) }
    self.init(options: options)
  }

  /// The options patterns and URLs are read with.
  public var options: RouteOptions { registry.options }

  /// The routes, in registration order.
  public var routes: [Route] { registry.routes }

  /// The router's routes as a ``RouteTable`` (see ``Router/table``).
  ///
  /// ```swift
  /// let findings = router.table.lint()
  /// ```
  public var table: RouteTable { registry.table }

  /// Registers `pattern` with a main-actor handler (see
  /// ``Router/register(_:name:priority:metadata:handler:)-(String,_,_,_,_)``).
  ///
  /// ```swift
  /// try router.register("/account", metadata: .with(.requiresSignIn, true)) { _ in .account }
  /// ```
  @discardableResult
  public func register(
    _ pattern: String, name: String? = nil, priority: Int = 0,
    metadata: RouteMetadata = RouteMetadata(),
    handler: @escaping Handler
  ) throws(RouteTableError) -> Route {
    try registry.add(
      pattern, name: name, priority: priority, metadata: metadata,
      handler: MainActorRouter.erase(handler))
  }

  /// `handler` as the registry stores it.
  static func erase(_ handler: @escaping Handler) -> RouteHandler {
    .mainActor { match, out in
      guard let output = try handler(match) else { return false }
      out.assumingMemoryBound(to: Output?.self).pointee = output
      return true
    }
  }

  /// Registers a typed route (``Routable``), built with its `init(match:)`, then turned into an
  /// output by `handler` on the main actor.
  ///
  /// ```swift
  /// try router.register(SearchRoute.self) { route in .search(route.term) }
  /// ```
  @_disfavoredOverload
  @discardableResult
  public func register<R: Routable>(
    _ type: R.Type, name: String? = nil, priority: Int = 0,
    metadata: RouteMetadata = RouteMetadata(),
    handler: @escaping @MainActor (R) throws -> Output?
  ) throws(RouteTableError) -> Route {
    let pattern = try R.checkedRoutePattern()
    return try registry.add(
      pattern, name: name, defaultName: String(describing: R.self), priority: priority,
      metadata: metadata,
      handler: .mainActor { match, out in
        guard let output = try handler(R(match: match)) else { return false }
        out.assumingMemoryBound(to: Output?.self).pointee = output
        return true
      })
  }

  /// Removes the route named `name`.
  @discardableResult
  public func remove(_ name: String) -> Route? {
    registry.remove(name)
  }

  /// Adds an interceptor (see ``Router/intercept(scheme:name:_:)``).
  @discardableResult
  public func intercept(
    scheme: String? = nil, name: String? = nil,
    _ interceptor: @escaping @Sendable (InterceptionRequest) -> InterceptorDecision
  ) -> String {
    registry.addInterceptor(name: name, scheme: scheme, interceptor)
  }

  /// Removes the interceptors named `name`; returns whether there was one.
  @discardableResult
  public func removeInterceptor(_ name: String) -> Bool {
    registry.removeInterceptor(name)
  }

  /// Adds an observer of every routing decision (see ``RoutingEvent``).
  public func observe(_ observer: @escaping @Sendable (RoutingEvent) -> Void) {
    registry.addObserver(observer)
  }

  /// The best matching route for `url`, without running interceptors or handlers.
  public func match(_ url: String) -> RouteMatch? {
    registry.snapshot().best(url)?.match
  }

  /// Whether some route matches `url`; runs nothing.
  public func canRoute(_ url: String) -> Bool {
    registry.snapshot().matches(url)
  }

  /// Routes `url` on the main actor (see ``Router/route(_:context:)``).
  ///
  /// ```swift
  /// router.route("myapp://user/42", context: .with(.animated, false))
  /// ```
  @discardableResult
  public func route(_ url: String, context: RoutingContext = RoutingContext()) -> Output? {
    resolve(url, context: context).output
  }

  /// Routes `url` and tells what happened (see ``Router/resolve(_:context:)``).
  public func resolve(
    _ url: String, context: RoutingContext = RoutingContext()
  ) -> RoutingResult<Output> {
    resolve(url, context, registry.snapshot(), fallback: true, interceptors: true)
  }

  /// The back stack for `url` (see ``Router/stack(for:context:)``).
  ///
  /// ```swift
  /// model.path = router.stack(for: "shop://account/orders/6F9619FF-8B86-D011-B42D-00CF4FC964FF")
  /// ```
  public func stack(for url: String, context: RoutingContext = RoutingContext()) -> [Output] {
    let snapshot = registry.snapshot()
    return snapshot.stack(for: url) { url, isLeaf in
      let result = resolve(url, context, snapshot, fallback: isLeaf, interceptors: isLeaf)
      return (
        result.output,
        DispatchOutcome(
          match: result.match, unmatched: result.unmatched, redirects: result.redirects,
          intercepted: result.wasIntercepted)
      )
    }
  }

  private func resolve(
    _ url: String, _ context: RoutingContext, _ snapshot: RoutingSnapshot, fallback: Bool,
    interceptors: Bool
  ) -> RoutingResult<Output> {
    var output: Output? = nil
    let outcome = withUnsafeMutablePointer(to: &output) { pointer in
      let out = UnsafeMutableRawPointer(pointer)
      return snapshot.route(url, context: context, interceptors: interceptors) { entry, match in
        guard case .mainActor(let handler) = entry else { return .skipped }
        return attempt(match) { try handler(match, out) }
      }
    }
    if outcome.match == nil, fallback, let request = outcome.unmatched, let unmatchedHandler {
      output = unmatchedHandler(request)
    }
    return RoutingResult(outcome, output: output)
  }
}
