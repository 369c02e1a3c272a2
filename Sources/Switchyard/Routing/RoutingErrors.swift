/// A handler read a parameter its route's pattern does not declare, and the URL has no query
/// or fragment value of that name: a typo, not a decline.
public struct UndeclaredParameter: Error, Sendable, CustomStringConvertible {
  /// The route whose handler asked.
  public let route: Route
  /// The name asked for.
  public let name: String

  public var description: String {
    let declared = route.pattern.captureNames
    return
      "the handler of route '\(route.name)' read '\(name)', which its pattern \(route.pattern.text) does not declare"
      + (declared.isEmpty ? "" : " (its captures: \(declared.joined(separator: ", ")))")
      + "; read optional query values with try? match.value(\"\(name)\", as: Int.self)"
  }
}

extension RoutePattern {
  /// Whether `name` is a capture or a query requirement of the pattern.
  package func declares(_ name: String) -> Bool {
    captureNames.contains(name) || query.contains { $0.name.elementsEqual(name.utf8) }
  }
}
