/// What an unmatched handler is told: the URL, everything that could be parsed from it, and
/// why no handler took it.
///
/// ```swift
/// router.unmatchedHandler = { request in
///   print(request.parts.scheme ?? "-", request.parts.pathSegments, Array(request.query))
///   print(request.reason)   // noRoute, allDeclined, rejected, redirectLoop, tooManyRedirects
///   return nil
/// }
/// ```
public struct UnmatchedRequest: Sendable {
  /// The URL that found no handler (the last one, after any redirection).
  public let url: String
  /// The URLs routed before ``url`` in this call, oldest first (empty without redirection):
  /// the first is the URL as it was given to the router. For a redirect loop, the URL that
  /// closed the loop is last.
  public let redirects: [String]
  /// The URL as the engine read it; ``parts``, ``query`` and ``fragmentParameters`` are
  /// built from it when read.
  let reading: URLReading
  let options: RouteOptions
  /// The URL's parts as the engine reads them (scheme and host lowercased, path segments
  /// decoded; the default scheme for a URL without one).
  public var parts: URLParts { reading.parts(options: options) }
  /// The URL's query, every value of every name in order.
  public var query: QueryParameters { reading.query(plusAsSpace: options.plusAsSpace) }
  /// The fragment read as `k=v&k2=v2` parameters (empty when it has no `=`).
  public var fragmentParameters: QueryParameters {
    reading.fragmentParameters(plusAsSpace: options.plusAsSpace)
  }
  /// Why no handler took the URL.
  public let reason: UnmatchedReason
  /// The candidates that declined, best first, each with the error it threw, if any.
  public let declined: [DeclinedRoute]
  /// The interceptor that rejected the URL, for ``UnmatchedReason/rejected``.
  public let interceptor: String?
  /// What the routing call carries (see ``RoutingContext``).
  public let context: RoutingContext
}

/// A candidate route whose handler declined.
public struct DeclinedRoute: Sendable {
  /// The route.
  public let route: Route
  /// The error the handler threw, or `nil` when it returned `nil`.
  public let error: (any Error)?
}

/// Why a URL found no handler: one of the static members below, compared with `==` or in a
/// `switch` (which needs a `default`: a later release may add reasons). It prints as its name.
///
/// ```swift
/// router.unmatchedHandler = { request in
///   switch request.reason {
///   case .noRoute: print("dead link", request.parts.pathSegments)
///   case .rejected: print("blocked by", request.interceptor ?? "-")
///   default: print(request.reason)   // e.g. "allDeclined"
///   }
///   return nil
/// }
/// ```
public struct UnmatchedReason: Sendable, Hashable, CustomStringConvertible {
  private enum Name: String, Sendable, Hashable {
    case noRoute, allDeclined, rejected, redirectLoop, tooManyRedirects, needsAsync, handlerFailed
  }

  private let name: Name

  private init(_ name: Name) { self.name = name }

  /// No route matches the URL.
  public static let noRoute = UnmatchedReason(.noRoute)
  /// Routes match, but every candidate's handler declined (see ``UnmatchedRequest/declined``).
  public static let allDeclined = UnmatchedReason(.allDeclined)
  /// An interceptor rejected the URL (see ``UnmatchedRequest/interceptor``).
  public static let rejected = UnmatchedReason(.rejected)
  /// Interceptors redirected back to a URL already routed in this call.
  public static let redirectLoop = UnmatchedReason(.redirectLoop)
  /// Interceptors redirected more times than the router's `maximumRedirects`.
  public static let tooManyRedirects = UnmatchedReason(.tooManyRedirects)
  /// The best remaining candidate has an async handler (``Router/registerAsync(_:name:priority:metadata:handler:)``)
  /// and the call was synchronous: route the URL with ``Router/handle(_:context:)``. Routing
  /// stops there rather than pass a route the URL has over.
  public static let needsAsync = UnmatchedReason(.needsAsync)
  /// A handler read a parameter its route's pattern does not declare (a typo such as
  /// `match.value("idd", as: Int.self)` for `<int:id>`; see ``UndeclaredParameter``). Routing stops there
  /// rather than fall through to another route.
  public static let handlerFailed = UnmatchedReason(.handlerFailed)

  /// The name, as written after the dot: `noRoute`.
  public var description: String { name.rawValue }
}

/// The full outcome of routing one URL: the result, the match that produced it, or why
/// nothing did.
///
/// ```swift
/// let result = router.resolve("myapp://user/42")
/// result.isHandled          // true
/// result.match?.route.name  // "user"
/// result.output             // what the handler returned
/// ```
public struct RoutingResult<Output> {
  /// What the handler returned, or what the unmatched handler returned when none did.
  public let output: Output?
  /// The match whose handler produced ``output``; `nil` when no handler did.
  public let match: RouteMatch?
  /// Why no handler took the URL; `nil` when one did.
  public let unmatched: UnmatchedRequest?
  /// The URLs routed before the one that gave the output: interceptors' redirections, oldest
  /// first (empty when none redirected).
  public let redirects: [String]
  /// Whether an interceptor redirected or rejected the URL (a back stack then holds only this
  /// result).
  let wasIntercepted: Bool

  /// Whether a route's handler (not the unmatched handler) produced the output.
  public var isHandled: Bool { match != nil }
}

extension RoutingResult: Sendable where Output: Sendable {}
