extension URLBuildingError {
  /// `no route named 'usr'; did you mean 'user'?`, suggesting the closest name when one is
  /// close enough (an edit distance of at most a third of the longer name, and at least 1).
  static func unknownRoute(_ name: String, among names: [String]) -> URLBuildingError {
    var best: (name: String, distance: Int)? = nil
    for candidate in names {
      let distance = editDistance(
        Array(name.lowercased().unicodeScalars), Array(candidate.lowercased().unicodeScalars))
      let limit = max(1, max(name.count, candidate.count) / 3)
      guard distance <= limit else { continue }
      if best == nil || distance < best?.distance ?? Int.max { best = (candidate, distance) }
    }
    var message = "no route named '\(name)'"
    if let best { message += "; did you mean '\(best.name)'?" }
    return URLBuildingError(code: .unknownRoute, routeName: name, message: message)
  }

  /// The Levenshtein distance, in two rows of memory.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = Array(repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
