extension URLBuildingError {
  /// `no route named 'usr'; did you mean 'user'?`, suggesting the closest name when one is
  /// close enough (``closestMatch(to:in:)``, the package's one "did you mean").
  static func unknownRoute(_ name: String, among names: [String]) -> URLBuildingError {
    var message = "no route named '\(name)'"
    if let suggestion = closestMatch(to: name, in: names) {
      message += "; did you mean '\(suggestion)'?"
    }
    return URLBuildingError(code: .unknownRoute, routeName: name, message: message)
  }
}
