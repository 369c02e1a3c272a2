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
  ///
  /// The router lends this very match to the handler once the interceptors pass: building
  /// the request copies nothing.
  public let match: RouteMatch?
  /// What the routing call carries (see ``RoutingContext``).
  public let context: RoutingContext
  /// The URL's reading and the router's options when no route matches (a match carries both).
  private let unmatched: (reading: URLReading, options: RouteOptions)?

  /// `reading` is the URL's one reading, the one `match` holds when there is a match (it is
  /// kept apart only when there is none). The match is moved in, not copied.
  init(
    redirects: [String], match: consuming RouteMatch?, context: RoutingContext,
    reading: URLReading, options: RouteOptions
  ) {
    self.redirects = redirects
    self.context = context
    unmatched = match == nil ? (reading, options) : nil
    self.match = match
  }

  /// The same, for a lookup that returns the URL's reading apart only when nothing matched
  /// (`unmatched` is then that reading; a match holds its own).
  init(
    redirects: [String], match: consuming RouteMatch?, context: RoutingContext,
    unmatched: URLReading?, options: RouteOptions
  ) {
    self.redirects = redirects
    self.context = context
    self.unmatched = match == nil ? unmatched.map { ($0, options) } : nil
    self.match = match
  }

  /// Moves the match out of a request that is done with (no copy is made).
  consuming func takeMatch() -> RouteMatch? { match }

  /// The URL as the engine read it; ``parts`` and ``query`` are built from it when read.
  var reading: URLReading {
    switch (match, unmatched) {
    case (let match?, _): return match.reading
    case (nil, let unmatched?): return unmatched.reading
    // Not made: `init` sets one of the two.
    case (nil, nil): return URLReading("", hostAsPath: false)
    }
  }

  var options: RouteOptions {
    switch (match, unmatched) {
    case (let match?, _): return match.storage.options
    case (nil, let unmatched?): return unmatched.options
    case (nil, nil): return RouteOptions()
    }
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
