import Switchyard

/// A type that is a route: it declares its pattern and builds itself from a match.
///
/// Declare the pattern through one or more of ``PathRoutable``, ``HostRoutable`` and
/// ``SchemeRoutable`` (combined into one pattern), or through ``URIRoutable`` (a whole URI), or
/// implement ``routePattern`` yourself. `init(match:)` may throw — a bad capture, say — and the
/// next candidate in precedence order is tried.
///
/// ```swift
/// struct SearchRoute: PathRoutable, HostRoutable {
///   static let path = "/search/:term"
///   static let host = "*.mysite.com"
///   let term: String
///
///   init(match: RouteMatch) throws {
///     term = try match.value("term", as: String.self)
///   }
/// }
///
/// SearchRoute.routePattern   // "//*.mysite.com/search/:term"
/// ```
public protocol Routable: Sendable {
  /// The pattern the route is registered with. By default it is assembled from ``SchemeRoutable/scheme``,
  /// ``HostRoutable/host`` and ``PathRoutable/path``, or is ``URIRoutable/uri``.
  static var routePattern: String { get }

  /// Builds the route from a match of ``routePattern``; throwing declines the match.
  init(match: RouteMatch) throws

  /// The names of the query values this route prints into its URL (``url``), besides its
  /// pattern's captures; empty by default, so no other property is ever published.
  ///
  /// ```swift
  /// struct SearchRoute: PathRoutable {
  ///   static let path = "/search/:term"
  ///   static let queryKeys = ["sort"]
  ///   let term: String
  ///   var sort: String? = nil
  ///   private var token = "not in any URL"
  ///   init(match: RouteMatch) throws { term = try match.value("term", as: String.self) }
  /// }
  /// ```
  static var queryKeys: [String] { get }

  /// The values this route prints into its URL (``url``): by default its stored properties
  /// named like its pattern's captures or listed in ``queryKeys`` (see
  /// `Routable+Building.swift`).
  var routeValues: [String: BuildValue] { get }
}

/// A route matched by its path: `static let path = "/search/:term"`.
///
/// Alone, the path matches URLs of any scheme and any host (and custom-scheme URLs whose host
/// is read as the first path segment: `myapp://search/swift`).
public protocol PathRoutable: Routable {
  /// The path pattern, e.g. `"/search/:term"`.
  static var path: String { get }
}

/// A route matched by its host: `static let host = "*.mysite.com"` (a leading `*.` matches
/// one or more labels, so `www.mysite.com` and `a.b.mysite.com`, not `mysite.com`).
///
/// Without a ``PathRoutable/path`` every path of that host matches.
public protocol HostRoutable: Routable {
  /// The host pattern, e.g. `"*.mysite.com"` or `"(www.)example.com"`.
  static var host: String { get }
}

/// A route matched by its scheme: `static let scheme = "myapp"` or `"http(s)"`.
///
/// Without a ``PathRoutable/path`` every URL of that scheme matches.
public protocol SchemeRoutable: Routable {
  /// The scheme pattern, without `:` or `//`.
  static var scheme: String { get }
}

/// A route matched by a whole URI pattern: `static let uri = "https://*.mysite.com/post/:id"`.
public protocol URIRoutable: Routable {
  /// The whole pattern.
  static var uri: String { get }
}

extension Routable {
  /// The pattern assembled from the route's ``URIRoutable/uri``, or from its
  /// ``SchemeRoutable/scheme``, ``HostRoutable/host`` and ``PathRoutable/path``.
  ///
  /// | declared | pattern |
  /// |---|---|
  /// | path | `/search/:term` |
  /// | host + path | `//*.mysite.com/search/:term` |
  /// | scheme + path | `myapp:///search/:term` |
  /// | scheme + host + path | `https://*.mysite.com/search/:term` |
  /// | scheme or host alone | `myapp:///*`, `//*.mysite.com/*` |
  ///
  /// A type that declares none of them has no pattern: registering it throws
  /// `RouteTableError/Code/noPattern` rather than claim every URL.
  public static var routePattern: String {
    if let uri = (Self.self as? any URIRoutable.Type)?.uri { return uri }
    let scheme = (Self.self as? any SchemeRoutable.Type)?.scheme
    let host = (Self.self as? any HostRoutable.Type)?.host
    var path = (Self.self as? any PathRoutable.Type)?.path ?? "/*"
    if !path.hasPrefix("/") { path = "/" + path }
    var pattern = ""
    if let scheme { pattern += scheme + ":" }
    if let host {
      pattern += "//" + host
    } else if scheme != nil {
      pattern += "//"
    }
    return pattern + path
  }
}

extension Router {
  /// Registers a typed route: its ``Routable/routePattern``, built with
  /// ``Routable/init(match:)``, then turned into an output by `handler`.
  ///
  /// A route whose initializer throws, or whose `handler` returns `nil`, declines: the next
  /// candidate runs.
  ///
  /// ```swift
  /// let router = Router<Screen>()
  /// try router.register(route: SearchRoute.self) { route in SearchScreen(term: route.term) }
  /// ```
  /// - Parameters:
  ///   - type: The route type.
  ///   - name: The route's name; by default the type's name (` #2`… appended when taken).
  ///   - priority: Higher priorities are tried first. Default 0.
  ///   - metadata: The app's own facts about the route (the Switchyard article *Metadata and Context*).
  ///   - handler: Turns the route instance into an output, or returns `nil` to decline.
  /// - Returns: The route as registered.
  /// - Throws: `RouteTableError` for a bad pattern or a taken name.
  @discardableResult
  public func register<R: Routable>(
    route type: R.Type, name: String? = nil, priority: Int = 0,
    metadata: RouteMetadata = RouteMetadata(),
    handler: @escaping @Sendable (R) throws -> Output?
  ) throws(RouteTableError) -> Route {
    try core.add(
      type, name: name, priority: priority, metadata: metadata,
      handler: .sync(SyncHandlerBox { try handler(R(match: $0)) }))
  }
}

extension MainActorRouter {
  /// Registers a typed route (``Routable``), built with its `init(match:)`, then turned into an
  /// output by `handler` on the main actor.
  ///
  /// ```swift
  /// try router.register(route: SearchRoute.self) { route in .search(route.term) }
  /// ```
  @discardableResult
  public func register<R: Routable>(
    route type: R.Type, name: String? = nil, priority: Int = 0,
    metadata: RouteMetadata = RouteMetadata(),
    handler: @escaping @MainActor (R) throws -> Output?
  ) throws(RouteTableError) -> Route {
    try core.add(
      type, name: name, priority: priority, metadata: metadata,
      handler: .mainActor(MainActorHandlerBox { try handler(R(match: $0)) }))
  }

}

extension Routable {
  /// ``routePattern``, refusing a type that declares nothing (the assembled pattern would be
  /// `/*` and claim every URL).
  static func checkedRoutePattern() throws(RouteTableError) -> String {
    let declares =
      Self.self is any URIRoutable.Type || Self.self is any PathRoutable.Type
      || Self.self is any HostRoutable.Type || Self.self is any SchemeRoutable.Type
    let pattern = routePattern
    guard declares || pattern != "/*" else {
      throw RouteTableError(
        code: .noPattern, routeName: String(describing: Self.self),
        message:
          "route type '\(Self.self)' declares no path, host, scheme or uri, so it would claim every URL; conform to PathRoutable, HostRoutable, SchemeRoutable or URIRoutable (or implement routePattern)"
      )
    }
    return pattern
  }
}

/// A set of typed routes (Trailcutter's `RouteSet`): matches a URL and returns the instance of
/// the best route type whose initializer succeeds.
///
/// ```swift
/// let routes = try RouteSet(routes: [SearchRoute.self, PostRoute.self, InboxRoute.self])
///
/// if let search = routes.match("https://www.mysite.com/search/surge+soda") as? SearchRoute {
///   search.term   // "surge+soda"
/// }
/// routes.match("https://www.mysite.com/search/swift", as: SearchRoute.self)?.term  // "swift"
/// ```
///
/// Routes are ranked by the precedence rules (the Switchyard article *Precedence*), not by their order in the list;
/// the list order only breaks ties between equally specific patterns.
///
/// It is the migration path from Trailcutter (<doc:MigratingFromTrailcutter>), kept as a thin
/// layer over a `Router`: new code registers route types on a router
/// (`try router.register(route: SearchRoute.self) { route in … }`), which adds handlers, metadata and
/// held links.
public struct RouteSet: Sendable {
  /// The router the set is built on: add interceptors, observers or an unmatched handler here.
  public let router: Router<any Routable>

  /// Creates a set of `routes`, read with `options`.
  ///
  /// - Throws: `RouteTableError` when a route's pattern is invalid.
  public init(
    routes: [any Routable.Type], options: RouteOptions = RouteOptions()
  ) throws(RouteTableError) {
    router = Router(options: options)
    for route in routes { try add(route) }
  }

  /// Adds a route type after the others.
  ///
  /// - Throws: `RouteTableError` when its pattern is invalid.
  public func add(_ route: any Routable.Type) throws(RouteTableError) {
    try register(route)
  }

  private func register<R: Routable>(_ route: R.Type) throws(RouteTableError) {
    try router.register(route: route) { $0 }
  }

  /// The route instance for `url`, or `nil` when no route type matches (or every matching
  /// type's initializer threw).
  public func match(_ url: String) -> (any Routable)? {
    router.route(url)
  }

  /// The instance for `url` when the best route that accepts it is an `R`.
  public func match<R: Routable>(_ url: String, as type: R.Type) -> R? {
    router.route(url) as? R
  }
}
