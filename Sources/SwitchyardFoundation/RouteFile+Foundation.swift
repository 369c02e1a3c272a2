public import Switchyard
public import SwitchyardFiles

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension RouteFile {
  /// Reads a route table from the route file at a file URL; errors name the URL's path.
  ///
  /// ```swift
  /// let url = URL(fileURLWithPath: "routes.json")
  /// let table = try RouteFile.load(contentsOf: url)
  /// ```
  public static func load(
    contentsOf url: URL, types: [ParameterType] = []
  ) throws(RouteFileError) -> RouteTable {
    try load(contentsOf: url.path, types: types)
  }
}

extension RouteMatcher {
  /// Matches a Foundation `URL`, by its `absoluteString`.
  ///
  /// ```swift
  /// let matcher = RouteMatcher(table)
  /// if let url = URL(string: "myapp://user/42"), let match = matcher.match(url) {
  ///   print(match.route.name)  // "user"
  /// }
  /// ```
  public func match(_ url: URL) -> RouteMatch? {
    match(url.absoluteString)
  }

  /// Every route that matches a Foundation `URL` (by its `absoluteString`), best first.
  ///
  /// ```swift
  /// let names = matcher.candidates(for: url).map(\.route.name)
  /// ```
  public func candidates(for url: URL) -> [RouteMatch] {
    candidates(for: url.absoluteString)
  }
}
