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
public final class MainActorRouter<Output>: Routing, @unchecked Sendable {
  /// A handler run on the main actor: the match in, an output (or `nil` to decline) out.
  public typealias Handler = @MainActor (RouteMatch) throws -> Output?
  /// Called on the main actor when no handler takes a URL; may return a fallback output.
  public typealias UnmatchedHandler = @MainActor (UnmatchedRequest) -> Output?

  /// Called when no handler takes a URL (see ``Router/unmatchedHandler``).
  ///
  /// ```swift
  /// router.unmatchedHandler = { request in .notFound(request.url) }
  /// ```
  public var unmatchedHandler: UnmatchedHandler?

  /// Creates a router whose patterns and URLs are read with `options`.
  ///
  /// ```swift
  /// let router = MainActorRouter<Screen>(options: RouteOptions(defaultScheme: "myapp"))
  /// ```
  public init(options: RouteOptions = RouteOptions()) {
    super.init(core: RouterCore(RoutingRegistry(options: options)))
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
    super.init(core: RouterCore(try RoutingRegistry(table: table)))
  }

  /// Creates a router that answers links from `origins` only (see
  /// ``Router/init(accepting:options:)``).
  ///
  /// ```swift
  /// let router = try MainActorRouter<Screen>(accepting: ["shop", "https://shop.example.com"])
  /// ```
  public init(
    accepting origins: [String], options: RouteOptions = RouteOptions()
  ) throws(RouteTableError) {
    super.init(core: try RouterCore(accepting: origins, options: options))
  }

  /// Registers `pattern` with a main-actor handler (see
  /// ``Router/register(_:name:priority:metadata:handler:)``).
  ///
  /// ```swift
  /// try router.register("/account", metadata: .with(.requiresSignIn, true)) { _ in .account }
  /// ```
  @discardableResult
  public func register(
    _ pattern: String, name: String? = nil, priority: Int = 0,
    metadata: RouteMetadata = RouteMetadata(), handler: @escaping Handler
  ) throws(RouteTableError) -> Route {
    try core.add(
      pattern, name: name, priority: priority, metadata: metadata,
      handler: .mainActor(MainActorHandlerBox(handler)))
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
  ///
  /// ```swift
  /// router.resolve("myapp://nowhere").unmatched?.reason   // noRoute
  /// ```
  public func resolve(
    _ url: String, context: RoutingContext = RoutingContext()
  ) -> RoutingResult<Output> {
    resolve(url, context, core.snapshot(), isLeaf: true)
  }

  /// The back stack for `url` (see ``Router/stack(for:context:)``).
  ///
  /// ```swift
  /// model.path = router.stack(for: "shop://account/orders/6F9619FF-8B86-D011-B42D-00CF4FC964FF")
  /// ```
  public func stack(for url: String, context: RoutingContext = RoutingContext()) -> [Output] {
    stack(for: url, context: context, core.snapshot())
  }

  func stack(
    for url: String, context: RoutingContext, _ snapshot: RoutingSnapshot
  ) -> [Output] {
    snapshot.stack(for: url) { url, isLeaf in
      resolve(url, context, snapshot, isLeaf: isLeaf).level
    }
  }

  /// Routes `url` through the main-actor handlers; a leaf runs the interceptors and the
  /// unmatched handler, a back stack's parent neither.
  func resolve(
    _ url: String, _ context: RoutingContext, _ snapshot: RoutingSnapshot, isLeaf: Bool
  ) -> RoutingResult<Output> {
    var (output, outcome) = snapshot.resolve(url, context: context, interceptors: isLeaf) {
      (handler, match, output: inout Output?) in handler.runOnMainActor(match, into: &output)
    }
    if output == nil, isLeaf, let request = outcome.unmatched, let unmatchedHandler {
      output = unmatchedHandler(request)
    }
    return RoutingResult(outcome, output: output)
  }
}
