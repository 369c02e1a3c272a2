/// What an interceptor decides about a URL before any handler runs.
///
/// ```swift
/// router.intercept(name: "login") { request in
///   guard session.isLoggedIn else { return .redirect(to: "myapp://login") }
///   return .pass
/// }
/// ```
public enum InterceptorDecision: Sendable, Hashable {
  /// Let the next interceptor, then the handlers, run.
  case pass
  /// Stop: no handler runs, the unmatched handler does (its reason is ``UnmatchedReason/rejected``).
  case reject
  /// Route this URL instead. Redirections that come back to a URL already routed, or that go
  /// on longer than the router's `maximumRedirects`, end as unmatched
  /// (``UnmatchedReason/redirectLoop`` or ``UnmatchedReason/tooManyRedirects``).
  case redirect(to: String)
}

/// What an interceptor is told about the URL being routed.
///
/// Building it costs next to nothing: the URL's parts and query are read only when an
/// interceptor asks for them.
public struct InterceptionRequest: Sendable {
  /// The URL being routed (after any earlier redirection).
  public var url: String { core.reading.text }
  /// The URLs routed before this one in this call, oldest first (empty for the URL as given).
  public let redirects: [String]
  /// The best candidate's match, or, when no route matches, a match of no route (see
  /// `RouteMatch.init(emptyIn:reading:)`): either way the URL's one reading, the router's
  /// options (in the matcher's storage) and the call's context. One stored match and no
  /// optional: the router fills it in place and lends it to the handler once the interceptors
  /// pass (`RouteMatcher.readRequest`), with no move of the match in between.
  var core: RouteMatch

  /// The best candidate route for the URL, whose handler would run first; `nil` when no route
  /// matches. Interceptors run for unmatched URLs too, so they can redirect legacy links.
  public var match: RouteMatch? { core.isNoRoute ? nil : core }
  /// What the routing call carries (see ``RoutingContext``).
  public var context: RoutingContext { core.context }

  /// A request for the URL read as `reading`, in a table kept by `storage`, as if no route
  /// matched: `RouteMatcher.readRequest` fills in its match in place.
  init(redirects: [String], emptyIn storage: MatcherStorage, reading: URLReading) {
    self.redirects = redirects
    core = RouteMatch(emptyIn: storage, reading: reading)
  }

  /// The request for `match` (or, when it is `nil`, for the URL read as `reading`, in a table
  /// kept by `storage`), carrying `context`. A match holds its own reading.
  init(
    redirects: [String], match: RouteMatch?, context: RoutingContext, reading: URLReading,
    storage: MatcherStorage
  ) {
    self.redirects = redirects
    core = match ?? RouteMatch(emptyIn: storage, reading: reading)
    core.context = context
  }

  /// The URL as the engine read it; ``parts`` and ``query`` are built from it when read.
  var reading: URLReading { core.reading }

  var options: RouteOptions { core.storage.options }

  /// The URL's parts as the engine reads them (built when asked for).
  public var parts: URLParts { reading.parts(options: options) }

  /// The URL's query (parsed once, on first read, and shared with the handlers' match).
  public var query: QueryParameters { reading.query(plusAsSpace: options.plusAsSpace) }

  /// The best candidate route's metadata (empty when no route matches): a login gate reads
  /// `request.metadata[.requiresSignIn]` instead of parsing route names.
  public var metadata: RouteMetadata { core.isNoRoute ? RouteMetadata() : core.route.metadata }
}

/// An interceptor as registered: its name, its scheme filter and its body.
struct InterceptorEntry: Sendable {
  let name: String
  /// Lowercased; `nil` for every scheme.
  let scheme: String?
  let body: @Sendable (InterceptionRequest) -> InterceptorDecision
}
