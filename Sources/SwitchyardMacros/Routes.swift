@_exported import Switchyard

/// Makes an enum a route table the compiler checks: each case is a route, its `@Route` patterns
/// say which URLs it stands for, and its associated values are the patterns' captures
/// (the `Switchyard` article *Routes the Compiler Checks*).
///
/// ```swift
/// import SwitchyardMacros
///
/// @Routes
/// enum AppLink: Hashable {
///   @Route("myapp://user/<int:id>")
///   case user(id: Int)
///
///   @Route("https://(www.)example.com/post/:slug")
///   @Route("myapp://post/:slug")
///   case post(slug: String)
///
///   @Route("/users/<int:id>(/<tab>)")
///   case profile(id: Int, tab: String?)
/// }
///
/// AppLink(url: "myapp://user/42")             // .user(id: 42)
/// AppLink(url: "https://example.com/post/hi") // .post(slug: "hi")
/// try AppLink.profile(id: 7, tab: nil).url    // "/users/7"
/// AppLink.routeTable.routes.map(\.name)       // ["user", "post", "post #2", "profile"]
/// ```
///
/// Its arguments, literals all, are the origins the enum answers and the `RouteOptions` it
/// reads links with, as `Router(accepting:options:)` takes them; the compile-time lint, the
/// table, `init?(url:)` and `url(host:scheme:)` all use them, and a router registers the enum
/// only when it reads links with the same options:
///
/// ```swift
/// @Routes(accepting: ["shop", "https://(www.)shop.example.com"], plusAsSpace: true)
/// enum ShopLink: Hashable {
///   @Route("/product/<int:id>")
///   case product(id: Int)
/// }
///
/// ShopLink(url: "https://shop.example.com/product/42")   // .product(id: 42)
/// ShopLink(url: "https://evil.example.com/product/42")   // nil
/// try ShopLink.product(id: 42).url                       // "shop://product/42"
/// let router = Router<ShopLink>(options: ShopLink.routeTable.options)
/// ```
///
/// The macro adds the conformance to `Routes` and its members:
/// - `static let routeTable: RouteTable`: one route per pattern. A case's first pattern is the
///   route named after the case; its second and later patterns are named `case #2`, `case #3`…
/// - `init?(url: String)`: matches with a matcher compiled once, on first use; `nil` when no
///   route matches or the captures do not convert to the associated values.
///   `init?(url:options:)` (from the protocol) matches under other options.
/// - `func url(host: String? = nil, scheme: String? = nil) throws(URLBuildingError) -> String`
///   and, from the protocol, `var url: String { get throws(URLBuildingError) }`: the case's
///   first pattern, filled with its values.
/// - `init?(routeIndex: Int, match: RouteMatch)`: the value of a match of one of the table's
///   routes (what routers use).
///
/// At compile time it reads every pattern with the same parser as `RoutePattern`,
/// checks that each capture has exactly one associated value of its name (an `Optional` one
/// when the capture is in an optional group, of a type that can hold the capture's type), and
/// lints the whole table as `switchyard lint` does: a duplicate or shadowed route is an error,
/// a lint warning is a warning, each on the `@Route` it concerns (a duplicate: the later one)
/// with a URL that shows it. Two cases of one name (other labels) are an error.
///
/// An enum with errors still gets the conformance, with members that stand in for the ones not
/// written (an empty table, no value for any match): the errors above are the only ones the
/// compiler shows, and a use of the type elsewhere (`router.register(routes: Link.self)`,
/// `Link(url:)`) adds no "requires that 'Link' conform to 'Routes'".
///
/// - Parameters:
///   - origins: The link origins the enum answers (string literals, as
///     `Router(accepting:)`): a pattern without a scheme and a host matches under each.
///   - hostAsPath: Which schemes read their host as the first path segment.
///   - caseInsensitivePaths: Literal path segments compare ASCII case-insensitively.
///   - plusAsSpace: `+` in the query and fragment parameters reads as a space.
///   - defaultScheme: The scheme given to patterns and URLs written without one.
@attached(
  member,
  names: named(routeTable), named(init(url:)), named(init(routeIndex:match:)),
  named(init(routeIndex:captures:)),
  named(url(host:scheme:)), named(routesMatcher)
)
@attached(
  extension, conformances: Switchyard.Routes,
  names: named(routeTable), named(init(routeIndex:match:)), named(url(host:scheme:))
)
public macro Routes(
  accepting origins: [String] = [], hostAsPath: HostAsPathPolicy = .customSchemes,
  caseInsensitivePaths: Bool = false, plusAsSpace: Bool = false, defaultScheme: String? = nil
) = #externalMacro(module: "SwitchyardMacrosPlugin", type: "RoutesMacro")

/// A pattern of the enum case it marks, in a `@Routes` enum: the case stands for the URLs the
/// pattern matches (the `Switchyard` article *Pattern Syntax*), and its associated values are
/// the pattern's captures.
///
/// ```swift
/// @Routes
/// enum AppLink {
///   @Route("myapp://orders/:id", priority: 1, metadata: .with(.gates, [.signedIn]))
///   case order(id: String)
///
///   @Route("https://(www.)example.com/post/:slug")
///   @Route("myapp://post/:slug")   // several patterns: all match, the first builds
///   case post(slug: String)
///
///   @Route("myapp://login", optionalQuery: ["next"])   // read when present
///   case login(next: String?)
/// }
/// ```
///
/// - Parameters:
///   - pattern: The pattern, as a string literal (the macro reads it at compile time).
///   - priority: Higher priorities win first, as in a route file; an integer literal. Default 0.
///   - metadata: The route's metadata (the `Switchyard` article *Metadata and Context*), for
///     example the gates its held links wait for.
///   - optionalQuery: Query names the case reads when the URL has them: each is an `Optional`
///     associated value of that label, `nil` when the query has no such name, written into
///     the URL only when not `nil`. String literals.
@attached(peer)
public macro Route(
  _ pattern: String, priority: Int = 0, metadata: RouteMetadata = RouteMetadata(),
  optionalQuery: [String] = []
) = #externalMacro(module: "SwitchyardMacrosPlugin", type: "RouteMacro")

/// A route pattern checked at compile time: the literal is read by the same parser as
/// `RoutePattern`, and a syntax error is a compile error at the column the parser names, with
/// its message. The expression is the literal itself, so it goes wherever a pattern string
/// does (the `Switchyard` article *Routes the Compiler Checks*).
///
/// ```swift
/// var table = RouteTable()
/// try table.add("user", #pattern("myapp://user/<int:id>"))
/// router.register(#pattern("/search/:term")) { match in … }
/// // #pattern("/users/<int:id")   error: expected '>' to close the capture opened at column 8
/// ```
///
/// A capture type other than the built-in ones (`<color:c>`) is taken as one the table
/// registers: its text is checked when the pattern is added.
@freestanding(expression)
public macro pattern(_ text: String) -> String =
  #externalMacro(module: "SwitchyardMacrosPlugin", type: "PatternMacro")

/// The captures of one match, read by the code `@Routes` writes (not meant to be used by
/// hand: read a match's values with `RouteMatch.value(_:as:)`).
///
/// The macro knows each pattern's captures at compile time: it reads them by slot (their
/// place in the pattern) where every variant of the pattern puts them in the same place, and
/// by name where an optional group moves them. A reader is valid only inside the closure it is
/// given to.
///
/// ```swift
/// // myapp://users/<int:id>(/<tab>)
/// _RouteCaptures.value(of: "myapp://users/7", matcher: matcher) { routeIndex, captures in
///   captures.value(0, as: Int.self)                  // 7
///   captures.optionalValue("tab", as: String.self)   // .some(nil): not there
/// }
/// ```
public struct _RouteCaptures {
  @usableFromInline
  let captures: RouteMatch.Captures

  @inlinable
  init(_ captures: RouteMatch.Captures) {
    self.captures = captures
  }

  /// The value `read` makes of the best match of `url` whose captures convert: the best match
  /// is read in place, inside the lookup (no match is made); when its captures do not
  /// convert, the URL's other candidates are tried in precedence order.
  @inlinable
  public static func value<Value>(
    of url: String, matcher: RouteMatcher, read: (_ routeIndex: Int, _RouteCaptures) -> Value?
  ) -> Value? {
    // `nil`: no route matches; `.some(nil)`: the best match's captures do not convert.
    var best: Value?? = nil
    _ = matcher.withBest(url) { routeIndex, captures in
      best = read(routeIndex, _RouteCaptures(captures))
    }
    guard let best else { return nil }
    if best != nil { return best }
    for candidate in matcher.candidates(for: url).dropFirst() {
      if let value = value(of: candidate, routeIndex: candidate.routeIndex, read: read) {
        return value
      }
    }
    return nil
  }

  /// The value `read` makes of `match`, a match of the route at `routeIndex` of the type's
  /// table.
  @inlinable
  public static func value<Value>(
    of match: RouteMatch, routeIndex: Int, read: (_ routeIndex: Int, _RouteCaptures) -> Value?
  ) -> Value? {
    match.withCaptures { read(routeIndex, _RouteCaptures($0)) }
  }

  /// The capture in `slot` as a `T`, or `nil` when there is no such slot or it does not
  /// convert.
  @inlinable
  public func value<T: RouteParameter>(_ slot: Int, as type: T.Type) -> T? {
    guard slot < captures.count else { return nil }
    return convert(slot, to: type)
  }

  /// The capture `name` as a `T`, or `nil` when it is missing or does not convert.
  @inlinable
  public func value<T: RouteParameter>(_ name: String, as type: T.Type) -> T? {
    guard let slot = captures.slot(named: name) else { return nil }
    return convert(slot, to: type)
  }

  /// The value of an optional capture: `.some(nil)` when the URL leaves it out, `nil` when it
  /// is there but does not convert (then the case does not match).
  @inlinable
  public func optionalValue<T: RouteParameter>(_ name: String, as type: T.Type) -> T?? {
    guard let slot = captures.slot(named: name) else { return .some(nil) }
    guard let converted = convert(slot, to: type) else { return nil }
    return .some(converted)
  }

  /// The last value of the URL's query parameter `name` (a case's optional query value):
  /// `.some(nil)` when the query has none, `nil` when it is there but does not convert (then
  /// the case does not match, as for an optional capture).
  @inlinable
  public func queryValue<T: RouteParameter>(_ name: String, as type: T.Type) -> T?? {
    guard let text = captures.lastQueryValue(name) else { return .some(nil) }
    guard let converted = T(routeParameter: text) else { return nil }
    return .some(converted)
  }

  /// An `Int` or a `Double` is read from the capture's bytes, by the same grammar as its
  /// `RouteParameter` conformance, without making a string first.
  @inlinable
  func convert<T: RouteParameter>(_ slot: Int, to type: T.Type) -> T? {
    if T.self == Int.self { return captures.int(at: slot) as? T }
    if T.self == Double.self { return captures.double(at: slot) as? T }
    return T(routeParameter: captures.text(at: slot))
  }
}
