/// The name in `candidates` closest to `name` by edit distance, for "did you mean …?" hints;
/// `nil` when none is within a third of the name's length (at least 2 edits).
func closestName(to name: String, in candidates: [String]) -> String? {
  let target = Array(name.unicodeScalars)
  let limit = max(2, target.count / 3)
  var best: (name: String, distance: Int)? = nil
  for candidate in candidates {
    let distance = editDistance(target, Array(candidate.unicodeScalars))
    if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
  }
  return best?.name
}

/// Levenshtein distance, one row at a time.
private func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
  guard !a.isEmpty else { return b.count }
  guard !b.isEmpty else { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
