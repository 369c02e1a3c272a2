/// What a table checks the URLs it builds with: its compiled matcher and the routes that
/// matcher proves no other route can win, made together and kept in the table's slot, so that
/// a call reads both under one lock.
final class BuildingCheck: Sendable {
  let matcher: RouteMatcher
  let uncontested: UncontestedRoutes

  init(_ table: RouteTable) {
    let storage = MatcherStorage(table: table)
    matcher = RouteMatcher(storage: storage)
    uncontested = UncontestedRoutes(storage)
  }
}

extension RouteTable {
  /// The table's check as it is now: made the first time it is asked for, and kept in the
  /// table's slot, which copies share until one of them changes.
  var buildingCheck: BuildingCheck {
    compiledSlot.object(as: BuildingCheck.self) { BuildingCheck(self) }
  }

  /// The matcher of the table as it is now (see ``buildingCheck``).
  var matcherForBuilding: RouteMatcher { buildingCheck.matcher }

  /// The URL that matches the route named `name` with exactly `values` (<doc:BuildingURLs>).
  ///
  /// ```swift
  /// var table = RouteTable()
  /// try table.add("user", "myapp://user/<int:id>")
  /// try table.add("post", "https://*.mysite.com/post/:id")
  /// try table.add("search", "/search/:term")
  ///
  /// try table.url(for: "user", values: ["id": 42, "tab": "posts"])  // "myapp://user/42?tab=posts"
  /// try table.url(for: "post", values: ["id": 1234], host: "subdomain.mysite.com")
  /// // "https://subdomain.mysite.com/post/1234"
  /// try table.url(for: "search", values: ["term": "surge", "sort": "score desc"])
  /// // "/search/surge?sort=score%20desc"
  /// ```
  ///
  /// - Parameters:
  ///   - name: The route's name.
  ///   - values: A value for each capture the URL prints; values that name no capture go to
  ///     the query, sorted by name (a list repeats the name).
  ///   - host: The host to print. Required when the route's host is a wildcard; otherwise it
  ///     chooses among the hosts the route answers (by default the first as written, with
  ///     `(www.)`-style groups printed).
  ///   - scheme: The scheme to print: one the route answers, or any scheme when the pattern
  ///     names none (by default the pattern's first scheme as written, or the table's default
  ///     scheme, else none: a path-only reference).
  /// - Throws: ``URLBuildingError`` naming the route and the capture.
  public func url(
    for name: String, values: [String: any BuildValueConvertible] = [:], host: String? = nil,
    scheme: String? = nil
  ) throws(URLBuildingError) -> String {
    guard let position = position(named: name) else {
      throw URLBuildingError.unknownRoute(name, among: routes.map(\.name))
    }
    // The route is copied once, into the builder.
    return try URLBuilder(route: routes[position], options: options, types: parameterTypes)
      .url(values: values, host: host, scheme: scheme) { url in
        // Only another route can win: a table of one route has none, and the matcher proves
        // of most routes that none can (``UncontestedRoutes``; the URL matches its route).
        // The winner is told by its position (a route's index in the table is its index in
        // the table's matcher), and a route is copied only when it is another.
        guard routes.count > 1 else { return nil }
        let check = buildingCheck
        guard !check.uncontested.wins(position), let won = check.matcher.winnerIndex(url),
          won != position
        else { return nil }
        return routes[won]
      }
  }
}

extension RouteMatcher {
  /// The URL that matches the route named `name` with exactly `values`: the same as
  /// ``RouteTable/url(for:values:host:scheme:)`` on the table the matcher was compiled from.
  ///
  /// ```swift
  /// let matcher = RouteMatcher(table)
  /// let link = try matcher.url(for: "user", values: ["id": 42])  // "myapp://user/42"
  /// matcher.match(link)?.route.name                              // "user"
  /// ```
  /// - Throws: ``URLBuildingError`` naming the route and the capture.
  public func url(
    for name: String, values: [String: any BuildValueConvertible] = [:], host: String? = nil,
    scheme: String? = nil
  ) throws(URLBuildingError) -> String {
    let position = routes.firstIndex { $0.name == name }
    return try URLBuilder.url(
      for: name, route: position.map { routes[$0] }, in: routes, options: options,
      types: storage.types, values: values, host: host, scheme: scheme
    ) { url in
      // The URL matches the route at `position`: no search when no other route can win it.
      guard routes.count > 1, let position, !storage.uncontested.wins(position) else {
        return nil
      }
      return winner(url)
    }
  }
}
