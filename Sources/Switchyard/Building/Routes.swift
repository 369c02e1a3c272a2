/// A type whose values are the links of one route table: a URL reads as a value, a value builds
/// its URL (<doc:RoutesTheCompilerChecks>).
///
/// The `@Routes` macro of `SwitchyardMacros` writes the conformance for an enum with one case per
/// route, and checks the patterns, the associated values and the whole table at compile time:
///
/// ```swift
/// import SwitchyardMacros
///
/// @Routes
/// enum AppLink: Hashable {
///   @Route("myapp://user/<int:id>")
///   case user(id: Int)
///   @Route("/search/:term")
///   case search(term: String)
/// }
///
/// AppLink(url: "myapp://user/42")            // .user(id: 42)
/// try AppLink.search(term: "a b").url        // "/search/a%20b"
/// ```
///
/// A type can also conform by hand, without the macro (and without swift-syntax): it gives its
/// table, reads a value from a match of one of its routes, and builds its URL.
///
/// ```swift
/// enum Link: Routes {
///   case user(id: Int)
///
///   static let routeTable: RouteTable = {
///     var table = RouteTable()
///     try! table.add("user", "myapp://user/<int:id>")
///     return table
///   }()
///
///   init?(routeIndex: Int, match: RouteMatch) {
///     guard routeIndex == 0, let id = try? match.value("id", as: Int.self) else { return nil }
///     self = .user(id: id)
///   }
///
///   func url(host: String? = nil, scheme: String? = nil) throws(URLBuildingError) -> String {
///     switch self {
///     case .user(let id):
///       try Self.routeTable.url(for: "user", values: ["id": id], host: host, scheme: scheme)
///     }
///   }
/// }
/// Link(url: "myapp://user/7")   // .user(id: 7)
/// ```
public protocol Routes {
  /// The routes, in the order their precedence ties are broken: one route per pattern.
  static var routeTable: RouteTable { get }

  /// The value that a match of the route at `routeIndex` of ``routeTable`` stands for, or `nil`
  /// when a capture does not convert to its value (then the URL's next candidate is tried, as
  /// for a typed capture that does not accept its text).
  ///
  /// `match` is a match of that route's pattern (its own ``RouteMatch/routeIndex`` may be
  /// another: a router holds other routes too). The code `@Routes` writes reads each capture
  /// by its place in the pattern and decodes only its bytes; by hand, read them with
  /// ``RouteMatch/value(_:as:)``.
  ///
  /// ```swift
  /// let matcher = RouteMatcher(AppLink.routeTable)
  /// let match = matcher.match("myapp://user/42")!
  /// AppLink(routeIndex: match.routeIndex, match: match)   // .user(id: 42)
  /// ```
  init?(routeIndex: Int, match: RouteMatch)

  /// The value `url` stands for, matched with ``routeTable`` under its own options, or
  /// `nil` when no route matches it (or none whose captures convert). The matcher is compiled
  /// once per type, on first use.
  ///
  /// ```swift
  /// AppLink(url: "myapp://user/42")   // .user(id: 42)
  /// AppLink(url: "myapp://nowhere")   // nil
  /// ```
  init?(url: String)

  /// The URL of this value: the first pattern of its route, filled with its values and printed
  /// with the builder's escaping (<doc:BuildingURLs>).
  ///
  /// ```swift
  /// try AppLink.user(id: 42).url(scheme: "myapp")   // "myapp://user/42"
  /// ```
  /// - Parameters:
  ///   - host: The host to print: required when the pattern's host is a wildcard.
  ///   - scheme: The scheme to print: one the pattern answers.
  /// - Throws: ``URLBuildingError`` for a value the pattern cannot hold (an empty segment, say)
  ///   or a host or scheme the pattern needs from the caller.
  func url(host: String?, scheme: String?) throws(URLBuildingError) -> String
}

extension Routes {
  /// The URL of this value, with the pattern's own host and scheme (see
  /// ``url(host:scheme:)``).
  ///
  /// ```swift
  /// try AppLink.search(term: "a b").url   // "/search/a%20b"
  /// ```
  /// - Throws: ``URLBuildingError`` for a value the pattern cannot hold, or a pattern whose host
  ///   is a wildcard (give one with ``url(host:scheme:)``).
  public var url: String {
    get throws(URLBuildingError) { try url(host: nil, scheme: nil) }
  }

  /// Matches `url` with the type's matcher for its table's own options (those a `@Routes`
  /// enum declares), compiled on first use.
  ///
  /// ```swift
  /// AppLink(url: "/users/new")   // .newUser
  /// ```
  public init?(url: String) {
    let compiled = RoutesMatchers.matcher(for: Self.self, options: nil)
    self.init(url: url, matcher: compiled.matcher, indices: compiled.indices)
  }

  /// The value `url` stands for under `options` (a matcher is compiled once per type and per
  /// distinct options value, and kept).
  ///
  /// ```swift
  /// AppLink(url: "MYAPP://User/42", options: RouteOptions(caseInsensitivePaths: true))
  /// ```
  ///
  /// A route whose pattern cannot be read under `options` matches nothing under them.
  public init?(url: String, options: RouteOptions) {
    let compiled = RoutesMatchers.matcher(for: Self.self, options: options)
    self.init(url: url, matcher: compiled.matcher, indices: compiled.indices)
  }

  /// The value `url` stands for, matched with `matcher`, which must have been compiled from
  /// ``routeTable`` (or a table with the same routes in the same order).
  ///
  /// The best match is read first; when its captures do not convert, the URL's other
  /// candidates are tried in precedence order.
  ///
  /// ```swift
  /// let matcher = RouteMatcher(AppLink.routeTable)
  /// AppLink(url: "myapp://user/42", matcher: matcher)   // .user(id: 42)
  /// ```
  public init?(url: String, matcher: RouteMatcher) {
    self.init(url: url, matcher: matcher, indices: nil)
  }

  /// Matches with `matcher`, whose route `i` is the route `indices[i]` of ``routeTable``
  /// (`nil`: the same).
  private init?(url: String, matcher: RouteMatcher, indices: [Int]?) {
    guard let match = matcher.match(url) else { return nil }
    if let value = Self(routeIndex: indices?[match.routeIndex] ?? match.routeIndex, match: match) {
      self = value
      return
    }
    for candidate in matcher.candidates(for: url).dropFirst() {
      let index = indices?[candidate.routeIndex] ?? candidate.routeIndex
      if let value = Self(routeIndex: index, match: candidate) {
        self = value
        return
      }
    }
    return nil
  }
}

/// The matchers of the ``Routes`` types, compiled on first use: one per type and options value.
enum RoutesMatchers {
  private struct Key: Hashable {
    var type: ObjectIdentifier
    var options: RouteOptions?
  }

  private static let matchers = Locked([Key: (matcher: RouteMatcher, indices: [Int]?)]())

  /// The matcher of `type`'s table read under `options` (`nil`: the table as it is), and the
  /// index in ``Routes/routeTable`` of each of its routes when they differ.
  static func matcher<R: Routes>(
    for type: R.Type, options: RouteOptions?
  ) -> (matcher: RouteMatcher, indices: [Int]?) {
    let key = Key(type: ObjectIdentifier(type), options: options)
    if let compiled = matchers.withLock({ $0[key] }) { return compiled }
    // Compiled outside the lock: two threads may both compile, and the first one kept wins.
    let (table, indices) = table(of: type, options: options)
    // The table's own matcher: the one its URL building checks with, compiled once for both.
    let compiled = (matcher: table.matcherForBuilding, indices: indices)
    return matchers.withLock { matchers in
      if let kept = matchers[key] { return kept }
      matchers[key] = compiled
      return compiled
    }
  }

  /// `type`'s table, or its routes read again under `options`. A route that cannot be read
  /// under them is left out; `indices` then gives each route's index in `routeTable`.
  private static func table<R: Routes>(
    of type: R.Type, options: RouteOptions?
  ) -> (RouteTable, indices: [Int]?) {
    let table = R.routeTable
    guard let options, options != table.options else { return (table, nil) }
    var copy = RouteTable(options: options)
    for type in table.parameterTypes { try? copy.register(type) }
    var indices: [Int] = []
    for (index, route) in table.routes.enumerated() {
      do {
        try copy.append(
          route.name, route.pattern.text, priority: route.priority, metadata: route.metadata)
        indices.append(index)
      } catch {
        continue
      }
    }
    return (copy, indices.count == table.routes.count ? nil : indices)
  }
}
