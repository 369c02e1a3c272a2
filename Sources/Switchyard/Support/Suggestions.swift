/// The candidate closest to `word`, when it is close enough to be a likely typo: the one
/// "did you mean" of the package, used for route names (building URLs, attaching handlers),
/// route-file keys and the command line's subcommands, so the same typo gets the same hint
/// everywhere.
///
/// Case is ignored, and a candidate is close enough when its distance (see ``editDistance``)
/// is at most a third of the shorter of the two words, and at least 1. On a tie the earlier
/// candidate wins. An empty word suggests nothing.
///
/// ```swift
/// closestMatch(to: "mtach", in: ["match", "lint"])  // "match"
/// closestMatch(to: "zzz", in: ["match", "lint"])  // nil
/// ```
package func closestMatch(to word: String, in candidates: [String]) -> String? {
  guard !word.isEmpty else { return nil }
  let target = Array(word.lowercased())
  var best: (candidate: String, distance: Int)?
  for candidate in candidates {
    let other = Array(candidate.lowercased())
    let distance = editDistance(target, other)
    if distance <= max(1, min(target.count, other.count) / 3),
      best.map({ distance < $0.distance }) ?? true
    {
      best = (candidate, distance)
    }
  }
  return best?.candidate
}

/// Edit distance over characters: insertions, deletions, substitutions and swaps of two
/// neighbours (`mtach` → `match`) each count 1.
///
/// ```swift
/// editDistance(Array("mtach"), Array("match"))  // 1
/// ```
package func editDistance(_ left: [Character], _ right: [Character]) -> Int {
  if left.isEmpty { return right.count }
  if right.isEmpty { return left.count }
  var beforePrevious = [Int](repeating: 0, count: right.count + 1)
  var previous = Array(0...right.count)
  var current = [Int](repeating: 0, count: right.count + 1)
  for i in 1...left.count {
    current[0] = i
    for j in 1...right.count {
      let cost = left[i - 1] == right[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
        current[j] = min(current[j], beforePrevious[j - 2] + 1)
      }
    }
    (beforePrevious, previous, current) = (previous, current, beforePrevious)
  }
  return previous[right.count]
}
