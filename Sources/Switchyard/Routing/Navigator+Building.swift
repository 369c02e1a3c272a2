extension Navigator {
  /// The URL that matches the route named `name` with exactly `values` (<doc:BuildingURLs>);
  /// a navigator with a default scheme prints it.
  ///
  /// ```swift
  /// let navigator = Navigator<Screen>(scheme: "myapp")
  /// try navigator.map("/user/<int:id>", name: "user") { .user(try $0.value("id", as: Int.self)) }
  /// navigator.push(try navigator.url(for: "user", values: ["id": 7]))  // myapp://user/7
  /// ```
  /// - Throws: ``URLBuildingError`` naming the route and the capture.
  public func url(
    for name: String, values: [String: any BuildValueConvertible] = [:], host: String? = nil,
    scheme: String? = nil
  ) throws(URLBuildingError) -> String {
    let route = registry.route(named: name)
    return try URLBuilder.url(
      for: name, route: route, in: route == nil ? routes : [], options: options, types: [],
      values: values.buildValues, host: host, scheme: scheme)
  }
}
