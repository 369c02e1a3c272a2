/// What ``Router``, ``MainActorRouter`` and ``Navigator`` do alike, whatever their handlers
/// and isolation: the route table, removing and declaring routes, interceptors, observers,
/// URL building and lookups that run nothing. Each is written once, here, over the router's
/// core; the routers add what differs (their handlers, how they route and show).
///
/// Code written once against it configures any router:
///
/// ```swift
/// func installLoginGate(on router: some Routing, isSignedIn: @escaping @Sendable () -> Bool) {
///   router.intercept(name: "login") { request in
///     request.metadata[.requiresSignIn] && !isSignedIn() ? .redirect(to: "myapp://login") : .pass
///   }
/// }
/// ```
///
/// It is the common base class of the three routers and cannot be subclassed outside
/// Switchyard (it is `public`, not `open`): the compiler refuses a type of another module that
/// tries, and takes any of the routers where `some Routing` is asked for.
public class Routing: @unchecked Sendable {
  // `@unchecked` only because a non-final class cannot state `Sendable` otherwise: its one
  // stored property is an immutable reference to a `Sendable` core.

  /// The router's routes, handlers, interceptors, observers and held links.
  @usableFromInline package let core: RouterCore

  package init(core: RouterCore) { self.core = core }
}

extension Routing {
  /// The router's routes as a ``RouteTable``, in registration order, read under the router's
  /// options (`router.table.options`): what lint, explain, app-link export and
  /// ``RouteTable/expectRoutes(_:)`` take.
  ///
  /// ```swift
  /// let findings = router.table.lint()
  /// print(router.table.explain("myapp://user/42"))
  /// router.table.routes.map(\.name)   // the routes, in registration order
  /// ```
  public var table: RouteTable { core.table }

  /// Removes the route named `name`.
  ///
  /// ```swift
  /// let route = try router.register("/old") { _ in true }
  /// router.remove(route.name)   // the route
  /// router.route("/old")        // nil
  /// ```
  /// - Returns: The removed route, or `nil` when there was none.
  @discardableResult
  public func remove(_ name: String) -> Route? { core.remove(name) }

  /// Removes every route (interceptors, observers and the unmatched handler stay).
  ///
  /// ```swift
  /// router.removeAll()
  /// router.table.routes.isEmpty   // true
  /// ```
  public func removeAll() { core.removeAll() }

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
  ) -> String { core.intercept(scheme: scheme, name: name, interceptor) }

  /// Removes the interceptors named `name`; returns whether there was one.
  ///
  /// ```swift
  /// router.removeInterceptor("login")
  /// ```
  @discardableResult
  public func removeInterceptor(_ name: String) -> Bool { core.removeInterceptor(name) }

  /// How many redirections one routing call follows before giving up with
  /// ``UnmatchedReason/tooManyRedirects``. Default 8. A redirection back to a URL already
  /// routed in the call stops at once with ``UnmatchedReason/redirectLoop``.
  ///
  /// ```swift
  /// router.maximumRedirects = 2
  /// ```
  public var maximumRedirects: Int {
    get { core.maximumRedirects }
    set { core.maximumRedirects = newValue }
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
    core.observe(observer)
  }

  /// The best matching route for `url`, without running interceptors or handlers.
  ///
  /// ```swift
  /// router.match("myapp://user/42")?.route.pattern.text   // "myapp://user/<int:id>"
  /// ```
  public func match(_ url: String) -> RouteMatch? { core.match(url) }

  /// Whether some route matches `url`. Runs no handler and no interceptor, so a URL whose
  /// handlers would all decline still answers `true`.
  ///
  /// ```swift
  /// router.canRoute("myapp://user/42")   // true
  /// router.canRoute("myapp://nowhere")   // false
  /// ```
  public func canRoute(_ url: String) -> Bool { core.canRoute(url) }

  /// The URL that matches the route named `name` with exactly `values` (<doc:BuildingURLs>).
  ///
  /// ```swift
  /// let router = Router<Destination>()
  /// try router.register("myapp://user/<int:id>", name: "user") { .user(try $0.value("id", as: Int.self)) }
  /// let link = try router.url(for: "user", values: ["id": 42])   // "myapp://user/42"
  /// router.route(link)                                            // .user(42)
  /// ```
  /// - Parameters:
  ///   - name: The route's name.
  ///   - values: A value for each capture; values that name no capture go to the query.
  ///   - host: The host to print; required when the route's host is a wildcard.
  ///   - scheme: The scheme to print; one the route answers.
  /// - Throws: ``URLBuildingError`` naming the route and the capture.
  public func url(
    for name: String, values: [String: any BuildValueConvertible] = [:], host: String? = nil,
    scheme: String? = nil
  ) throws(URLBuildingError) -> String {
    try core.url(for: name, values: values, host: host, scheme: scheme)
  }

  /// Declares a route whose handler is attached later (``Router/attach(_:handler:)``,
  /// ``MainActorRouter/attach(_:handler:)``, ``Navigator/attach(_:_:)``).
  ///
  /// Until then the route matches — `dispatch` holds its links instead of
  /// sending them to the unmatched handler — but no handler runs for it: ``Router/route(_:context:)``
  /// and ``Router/handle(_:context:)`` pass over it to the next candidate.
  ///
  /// ```swift
  /// try router.declare("/people/:id", name: "person")            // at launch
  /// router.dispatch("myapp://people/7")                            // held
  /// try router.attach("person") { .person(try $0.value("id", as: Int.self)) }      // delivered now
  /// ```
  /// - Throws: ``RouteTableError`` for a bad pattern or a taken name; nothing is declared.
  @discardableResult
  public func declare(
    _ pattern: String, name: String? = nil, priority: Int = 0,
    metadata: RouteMetadata = RouteMetadata()
  ) throws(RouteTableError) -> Route {
    try core.add(pattern, name: name, priority: priority, metadata: metadata, handler: .declared)
  }

  /// Takes the handler off the route named `name`: from now on its links are held again,
  /// including those dispatched or released before and not yet delivered (they keep their
  /// place, and their timeout starts again).
  ///
  /// ```swift
  /// try router.detach("person")   // while the people screen is rebuilt
  /// ```
  public func detach(_ name: String) throws(HeldLinkError) {
    try core.setHandler(.declared, of: name)
  }
}
