// The baseline: no index at all, every route is tried in turn.

/// A naive matcher: split the path, then test routes one by one.
///
/// Routes are kept sorted so that the first match is the right one: by segment kind from the
/// left (static < parameter < catch-all), then by table order. That is the order in which the
/// data's reference matcher (a backtracking trie, static > parameter > catch-all at every
/// segment) would find them, so the answers agree.
public struct LinearRouter: BenchRouter {
  public static let name = "Linear"

  private struct Entry {
    var index: Int
    var segments: [BenchSegment]
    var endsInCatchAll: Bool
  }

  private let entries: [Entry]

  private init(entries: [Entry]) {
    self.entries = entries
  }

  public static func build(_ routes: [BenchRoute]) -> LinearRouter {
    func rank(_ segment: BenchSegment) -> Int {
      switch segment {
      case .literal: 0
      case .parameter: 1
      case .catchAll: 2
      }
    }
    // Lexicographic on the kinds, shorter first on a common prefix (a total order: two routes
    // where one's kinds are a prefix of the other's never match the same path), then table order.
    func moreSpecific(_ lhs: BenchRoute, _ rhs: BenchRoute) -> Bool {
      for (left, right) in zip(lhs.segments, rhs.segments) where rank(left) != rank(right) {
        return rank(left) < rank(right)
      }
      if lhs.segments.count != rhs.segments.count {
        return lhs.segments.count < rhs.segments.count
      }
      return lhs.index < rhs.index
    }
    let entries = routes.sorted(by: moreSpecific).map { route in
      let endsInCatchAll = if case .catchAll = route.segments.last { true } else { false }
      return Entry(index: route.index, segments: route.segments, endsInCatchAll: endsInCatchAll)
    }
    return LinearRouter(entries: entries)
  }

  public func lookup(_ path: String) -> Int? {
    let parts = path.split(separator: "/")
    for entry in entries where Self.matches(entry, parts) {
      return entry.index
    }
    return nil
  }

  private static func matches(_ entry: Entry, _ parts: [Substring]) -> Bool {
    // Cheap length test first: exact length, or at least one segment for the catch-all.
    if entry.endsInCatchAll {
      guard parts.count >= entry.segments.count else { return false }
    } else {
      guard parts.count == entry.segments.count else { return false }
    }
    for (segment, part) in zip(entry.segments, parts) {
      if case .literal(let text) = segment, part != text {
        return false
      }
    }
    return true
  }
}
