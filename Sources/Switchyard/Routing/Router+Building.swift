extension Router {
  /// The URL that matches the route named `name` with exactly `values` (<doc:BuildingURLs>).
  ///
  /// ```swift
  /// let router = Router<Destination>()
  /// try router.register("myapp://user/<int:id>", name: "user") { .user(try $0.int("id")) }
  /// let link = try router.url(for: "user", values: ["id": 42])   // "myapp://user/42"
  /// router.route(link)                                            // .user(42)
  /// ```
  /// - Parameters:
  ///   - name: The route's name.
  ///   - values: A value for each capture; values that name no capture go to the query.
  ///   - host: The host to print; required when the route's host is a wildcard.
  ///   - scheme: The scheme to print; one the route answers.
  /// - Throws: ``URLBuildingError`` naming the route and the capture.
  public func url(
    for name: String, values: [String: any BuildValueConvertible] = [:], host: String? = nil,
    scheme: String? = nil
  ) throws(URLBuildingError) -> String {
    try core.url(for: name, values: values, host: host, scheme: scheme)
  }
}
