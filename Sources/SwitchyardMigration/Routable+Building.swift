import Switchyard

extension Routable {
  /// No query values: a route prints its captures only unless it lists more.
  ///
  /// ```swift
  /// static let queryKeys = ["sort", "page"]
  /// ```
  public static var queryKeys: [String] { [] }

  /// The route's stored properties, by name, that the URL declares — named like one of the
  /// pattern's captures (or query requirements), or listed in ``Routable/queryKeys`` — and
  /// that convert to a `BuildValue` (`BuildValueConvertible`: strings, integers, numbers,
  /// `Bool`, raw-value enums, arrays). Any other property, `private` or not, never reaches a
  /// URL; an optional property that is `nil` is left out, and so is a property of another type.
  ///
  /// ```swift
  /// struct ProductRoute: URIRoutable {
  ///   static let uri = "shop://product/<int:id>"
  ///   static let queryKeys = ["source"]
  ///   let id: Int
  ///   let source: String
  ///   private let secret = "token123"
  ///   init(id: Int, source: String) { (self.id, self.source) = (id, source) }
  ///   init(match: RouteMatch) throws { (id, source) = (try match.value("id", as: Int.self), match["source"] ?? "") }
  /// }
  /// try ProductRoute(id: 5, source: "push").url   // "shop://product/5?source=push"
  /// ```
  ///
  /// Implement ``Routable/routeValues`` yourself when the properties are not named after the
  /// pattern's captures:
  ///
  /// ```swift
  /// struct UserRoute: URIRoutable {
  ///   static let uri = "myapp://user/<int:id>"
  ///   let user: User
  ///   init(match: RouteMatch) throws { user = User(id: try match.value("id", as: Int.self)) }
  ///   var routeValues: [String: BuildValue] { ["id": .int(user.id)] }
  /// }
  /// ```
  public var routeValues: [String: BuildValue] {
    // The pattern's names are read with default options: which names a pattern declares does
    // not depend on them. A pattern that cannot be read declares none (building it fails).
    let pattern = try? RoutePattern(Self.routePattern)
    let queryKeys = Self.queryKeys
    var values: [String: BuildValue] = [:]
    for child in Mirror(reflecting: self).children {
      guard let label = child.label,
        queryKeys.contains(label) || pattern?.declares(label) == true,
        let value = Self.buildValue(of: child.value)
      else { continue }
      values[label] = value
    }
    return values
  }

  /// The value inside `value`, unwrapping optionals; `nil` for `nil` or another type.
  private static func buildValue(of value: Any) -> BuildValue? {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return nil }
      return buildValue(of: wrapped)
    }
    return (value as? any BuildValueConvertible)?.buildValue
  }

  /// The URL of this route: its ``Routable/routePattern`` filled with its
  /// ``Routable/routeValues`` (the Switchyard article *Building URLs*): its captures, then the values its
  /// ``Routable/queryKeys`` name, in the query.
  ///
  /// ```swift
  /// struct SearchRoute: PathRoutable {
  ///   static let path = "/search/:term"
  ///   static let queryKeys = ["sort"]
  ///   let term: String
  ///   var sort: String? = nil
  ///   init(term: String, sort: String? = nil) { (self.term, self.sort) = (term, sort) }
  ///   init(match: RouteMatch) throws { term = try match.value("term", as: String.self) }
  /// }
  /// try SearchRoute(term: "surge").url                        // "/search/surge"
  /// try SearchRoute(term: "surge", sort: "score desc").url    // "/search/surge?sort=score%20desc"
  /// ```
  /// - Throws: `URLBuildingError` naming the capture, e.g. when the pattern's host is a
  ///   wildcard: use ``url(host:scheme:options:)`` then.
  public var url: String {
    get throws(URLBuildingError) { try url() }
  }

  /// The URL of this route, with a host and scheme of the caller's choice (the Switchyard article *Building URLs*).
  ///
  /// ```swift
  /// struct PostRoute: URIRoutable {
  ///   static let uri = "https://*.mysite.com/post/:id"
  ///   let id: String
  ///   init(id: String) { self.id = id }
  ///   init(match: RouteMatch) throws { id = try match.value("id", as: String.self) }
  /// }
  /// try PostRoute(id: "1234").url(host: "subdomain.mysite.com")
  /// // "https://subdomain.mysite.com/post/1234"
  /// ```
  /// - Parameters:
  ///   - host: The host to print (required when the pattern's host is a wildcard).
  ///   - scheme: The scheme to print (one the pattern answers).
  ///   - options: The options the pattern is read with: those of the ``RouteSet`` or `Router`
  ///     the route is registered in.
  public func url(
    host: String? = nil, scheme: String? = nil, options: RouteOptions = RouteOptions()
  ) throws(URLBuildingError) -> String {
    try Self.url(values: routeValues, host: host, scheme: scheme, options: options)
  }

  /// The URL of this route type for `values` (Trailcutter's `pathFromParams` and
  /// `uriFromParams`), without making an instance.
  ///
  /// ```swift
  /// try SearchRoute.url(values: ["term": "surge", "sort": "score desc"])
  /// // "/search/surge?sort=score%20desc"
  /// ```
  public static func url(
    values: [String: any BuildValueConvertible], host: String? = nil, scheme: String? = nil,
    options: RouteOptions = RouteOptions()
  ) throws(URLBuildingError) -> String {
    let name = String(describing: Self.self)
    var table = RouteTable(options: options)
    do {
      try table.add(name, routePattern)
    } catch {
      throw URLBuildingError(
        code: .invalidPattern, routeName: name,
        message: "its pattern cannot be read: \(error.patternError?.message ?? error.message)")
    }
    return try table.url(for: name, values: values, host: host, scheme: scheme)
  }
}

extension RouteSet {
  /// The URL of `route`, read with the set's options.
  ///
  /// ```swift
  /// let routes = try RouteSet(routes: [SearchRoute.self, PostRoute.self])
  /// try routes.url(for: SearchRoute(term: "swift"))   // "/search/swift"
  /// ```
  public func url(
    for route: some Routable, host: String? = nil, scheme: String? = nil
  ) throws(URLBuildingError) -> String {
    try route.url(host: host, scheme: scheme, options: router.core.options)
  }
}
