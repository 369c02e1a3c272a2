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
  public let url: String
  /// The URLs routed before this one in this call, oldest first (empty for the URL as given).
  public let redirects: [String]
  /// The best candidate route for the URL, whose handler would run first; `nil` when no route
  /// matches. Interceptors run for unmatched URLs too, so they can redirect legacy links.
  public let match: RouteMatch?
  /// What the routing call carries (see ``RoutingContext``).
  public let context: RoutingContext
  /// What reads the URL's parts when asked (one reference).
  let snapshot: RoutingSnapshot

  /// The URL's parts as the engine reads them (read when asked for).
  public var parts: URLParts { snapshot.reader.parse(url).parts }

  /// The URL's query (read when asked for).
  public var query: QueryParameters { snapshot.reader.parse(url).query }

  /// The best candidate route's metadata (empty when no route matches): a login gate reads
  /// `request.metadata[.requiresSignIn]` instead of parsing route names.
  public var metadata: RouteMetadata { match?.route.metadata ?? RouteMetadata() }
}

/// An interceptor as registered: its name, its scheme filter and its body.
struct InterceptorEntry: Sendable {
  let name: String
  /// Lowercased; `nil` for every scheme.
  let scheme: String?
  let body: @Sendable (InterceptionRequest) -> InterceptorDecision
}
