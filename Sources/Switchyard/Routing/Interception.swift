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
  public var url: String { reading.text }
  /// The URLs routed before this one in this call, oldest first (empty for the URL as given).
  public let redirects: [String]
  /// The best candidate route for the URL, whose handler would run first; `nil` when no route
  /// matches. Interceptors run for unmatched URLs too, so they can redirect legacy links.
  public let match: RouteMatch?
  /// What the routing call carries (see ``RoutingContext``).
  public let context: RoutingContext
  /// The URL as the engine read it (the match's own reading when there is a match); ``parts``
  /// and ``query`` are built from it when read.
  let reading: URLReading
  let options: RouteOptions

  init(
    redirects: [String], match: RouteMatch?, context: RoutingContext, reading: URLReading,
    options: RouteOptions
  ) {
    self.redirects = redirects
    self.match = match
    self.context = context
    self.reading = reading
    self.options = options
  }

  /// The URL's parts as the engine reads them (built when asked for).
  public var parts: URLParts { reading.parts(options: options) }

  /// The URL's query (parsed once, on first read, and shared with the handlers' match).
  public var query: QueryParameters { reading.query(plusAsSpace: options.plusAsSpace) }

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
