extension RouteTable {
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
    try URLBuilder.url(
      for: name, route: route(named: name), in: routes, options: options, types: parameterTypes,
      values: values, host: host, scheme: scheme
    ) { url in
      // Only another route can win: a table of one route has none.
      routes.count > 1 ? matcherForBuilding.winner(url) : nil
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
    try URLBuilder.url(
      for: name, in: routes, options: options, types: storage.types, values: values,
      host: host, scheme: scheme
    ) { url in
      routes.count > 1 ? winner(url) : nil
    }
  }
}
