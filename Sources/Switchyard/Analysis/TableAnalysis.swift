/// A route table prepared for analysis: every route's units, a trie of their paths, the
/// witness search and the compiled matcher that witnesses are checked against.
struct TableAnalysis {
  let table: RouteTable
  let matcher: RouteMatcher
  let units: [AnalysisUnit]
  let unitsByRoute: [[Int]]
  let trie: UnitTrie
  let search: WitnessSearch

  init(
    _ table: RouteTable, matcher: RouteMatcher? = nil,
    stateLimit: Int = WitnessSearch.defaultStateLimit,
    workLimit: Int = WitnessSearch.defaultWorkLimit
  ) {
    self.table = table
    self.matcher = matcher ?? RouteMatcher(table)
    var units: [AnalysisUnit] = []
    var byRoute: [[Int]] = []
    for route in table.routes {
      var mine: [Int] = []
      for (variantIndex, variant) in route.pattern.variants.enumerated() {
        mine.append(units.count)
        units.append(
          AnalysisUnit(
            route: route, variantIndex: variantIndex, variant: variant, options: table.options))
      }
      byRoute.append(mine)
    }
    self.units = units
    self.unitsByRoute = byRoute
    self.trie = UnitTrie(units)
    var search = WitnessSearch(options: table.options, types: table.parameterTypes)
    search.stateLimit = stateLimit
    search.workLimit = workLimit
    self.search = search
  }

  var caseInsensitive: Bool { table.options.caseInsensitivePaths }

  func name(_ route: Int) -> String { table.routes[route].name }

  /// The shortest URL the units all match, written down.
  func witness(_ positives: [Int], avoiding negatives: [Int] = []) -> (AnalysisURL, String)? {
    if negatives.isEmpty, let outcome = search.fixedLengthWitness(positives, in: units) {
      guard case .found(let url) = outcome else { return nil }
      return (url, search.render(url))
    }
    guard
      case .found(let url) = search.search(
        positives: positives.map { units[$0] }, negatives: negatives.map { units[$0] })
    else { return nil }
    return (url, search.render(url))
  }

  /// Units of other routes that rank before `unit` and whose paths may share a URL with it.
  func betterRivals(of unit: Int, walk: inout UnitTrie.Walk) -> [Int] {
    let me = units[unit]
    return trie.overlapping(me, search.rules, walk: &walk).filter { other in
      units[other].route != me.route
        && units[other].rank.precedes(me.rank, caseInsensitive: caseInsensitive)
        && mayShareOutsidePath(units[other], me)
    }
  }

  /// A cheap test on scheme, host and port (never `false` when the units share a URL).
  func mayShareOutsidePath(_ a: AnalysisUnit, _ b: AnalysisUnit) -> Bool {
    if let x = a.variant.scheme, let y = b.variant.scheme, x != y { return false }
    if let x = a.variant.port, let y = b.variant.port, x != y { return false }
    switch (a.variant.host, b.variant.host) {
    case (.literal(let x), .literal(let y)): return x == y
    case (.literal(let host), .wildcard(let suffix)), (.wildcard(let suffix), .literal(let host)):
      return host.count > suffix.count && host.suffix(suffix.count) == suffix[...]
    case (.wildcard(let x), .wildcard(let y)):
      let (short, long) = x.count <= y.count ? (x, y) : (y, x)
      return long.suffix(short.count) == short[...]
    default: return true
    }
  }

  /// The route's best unit among those that match `url`.
  func bestUnit(of route: Int, for url: AnalysisURL) -> Int? {
    var best: Int? = nil
    for unit in unitsByRoute[route] where search.matches(units[unit], url) {
      if let current = best,
        !units[unit].rank.precedes(units[current].rank, caseInsensitive: caseInsensitive)
      {
        continue
      }
      best = unit
    }
    return best
  }

  /// Which of two routes wins `url` (both must match it) and the rule that decides.
  /// `matchedBy` names a unit of each that matches `url`, when the caller knows them: a
  /// route with no other unit then needs no matching to find its best one.
  func decide(
    _ a: Int, _ b: Int, for url: AnalysisURL, matchedBy known: (Int, Int)? = nil
  ) -> (winner: Int, loser: Int, decision: PrecedenceDecision)? {
    func best(_ route: Int, _ matching: Int?) -> Int? {
      if let matching, unitsByRoute[route].count == 1 { return matching }
      return bestUnit(of: route, for: url)
    }
    guard let x = best(a, known?.0), let y = best(b, known?.1) else { return nil }
    let (first, decision) = units[x].rank.compare(units[y].rank, caseInsensitive: caseInsensitive)
    return first ? (a, b, decision) : (b, a, decision)
  }
}
