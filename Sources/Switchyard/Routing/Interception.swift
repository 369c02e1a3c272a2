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
  public var match: RouteMatch? {
    guard case .matched(let match) = subject else { return nil }
    return match
  }
  /// What the routing call carries (see ``RoutingContext``).
  public var context: RoutingContext {
    switch subject {
    case .matched(let match): match.context
    case .unmatched(_, let context, _): context
    }
  }

  // A matched URL's reading, context and options are its match's: kept once, in the match,
  // since every routing call with an interceptor makes a request and copying a match's
  // references twice is most of what that costs.
  private let subject: Subject

  private enum Subject: Sendable {
    /// The best match, which carries the URL's reading, the call's context and the options.
    case matched(RouteMatch)
    /// No route matches: the URL as the engine read it, the context, the router's options.
    case unmatched(URLReading, RoutingContext, RouteOptions)
  }

  /// A request for a URL some route matches: `match` carries its reading and the context.
  init(redirects: [String], match: RouteMatch) {
    self.redirects = redirects
    subject = .matched(match)
  }

  /// A request for a URL no route matches.
  init(
    redirects: [String], unmatched reading: URLReading, context: RoutingContext,
    options: RouteOptions
  ) {
    self.redirects = redirects
    subject = .unmatched(reading, context, options)
  }

  /// The URL as the engine read it (the match's own reading when there is a match); ``parts``
  /// and ``query`` are built from it when read.
  var reading: URLReading {
    switch subject {
    case .matched(let match): match.reading
    case .unmatched(let reading, _, _): reading
    }
  }

  var options: RouteOptions {
    switch subject {
    case .matched(let match): match.storage.options
    case .unmatched(_, _, let options): options
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
