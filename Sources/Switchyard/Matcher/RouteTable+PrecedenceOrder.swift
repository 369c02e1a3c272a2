extension RouteTable {
  /// Every way of every route (a route and one of its pattern variants, see
  /// `RoutePattern.shapes`), best first: the order in which a matcher compiled from this
  /// table ranks them (<doc:Precedence>). For a URL, the winner is the first way in this
  /// order that matches it (its catch-alls, left to right, taking as few segments as they
  /// can).
  ///
  /// The order is made from the same comparators the matcher lays its trie out with
  /// (`Precedence.swift`): priority, scheme, host and port, the path element by element (the
  /// end of a pattern ranking between `<path:…>` and `*`), query and fragment requirements,
  /// then registration order. `switchyard gen` writes the ways of a table in this order, so
  /// that a router generated for another language picks the same winner.
  ///
  /// ```swift
  /// var table = RouteTable()
  /// try table.add("any", "/a/:x")
  /// try table.add("exact", "/a/b")
  /// table.precedenceOrder().map(\.route)  // [1, 0]: the literal outranks the capture
  /// ```
  package func precedenceOrder() -> [(route: Int, variant: Int)] {
    typealias Builder = MatcherStorage.Builder
    let folded = options.caseInsensitivePaths
    func rank(_ element: PathElement) -> Builder.PathRank {
      if folded, case .literal(let bytes) = element {
        return Builder.literalRank(bytes.map(asciiLower))
      }
      return Builder.pathRank(element)
    }
    func sortsBefore(_ a: (route: Int, variant: Int), _ b: (route: Int, variant: Int)) -> Bool {
      let (x, y) = (routes[a.route], routes[b.route])
      if x.priority != y.priority { return Builder.prioritySortsBefore(x.priority, y.priority) }
      let (p, q) = (x.pattern.variants[a.variant], y.pattern.variants[b.variant])
      let (sp, sq) = (Builder.schemeRank(p.scheme), Builder.schemeRank(q.scheme))
      if sp != sq { return sp < sq }
      if let ps = p.scheme, let qs = q.scheme, ps != qs { return ps.lexicographicallyPrecedes(qs) }
      let hp = Builder.BranchKey(priority: x.priority, scheme: p.scheme, host: p.host, port: p.port)
      let hq = Builder.BranchKey(priority: y.priority, scheme: q.scheme, host: q.host, port: q.port)
      if Builder.hostSortsBefore(hp, hq) { return true }
      if Builder.hostSortsBefore(hq, hp) { return false }
      for index in 0..<(max(p.path.count, q.path.count) + 1) {
        let rp = index < p.path.count ? rank(p.path[index]) : Builder.endOfPatternRank
        let rq = index < q.path.count ? rank(q.path[index]) : Builder.endOfPatternRank
        if Builder.childSortsBefore(rp, rq) { return true }
        if Builder.childSortsBefore(rq, rp) { return false }
        if index >= p.path.count || index >= q.path.count { break }
      }
      if let first = Builder.querySortsBefore(x.pattern.query, y.pattern.query) { return first }
      if let first = Builder.fragmentSortsBefore(x.pattern.fragment, y.pattern.fragment) {
        return first
      }
      return Builder.registrationSortsBefore(a, b)
    }
    var ways: [(route: Int, variant: Int)] = []
    for (route, entry) in routes.enumerated() {
      for variant in entry.pattern.variants.indices { ways.append((route, variant)) }
    }
    return ways.sorted(by: sortsBefore)
  }
}
