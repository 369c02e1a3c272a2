import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// The lint's shortcuts give exactly the answers of the searches they stand in for, so its
/// output stays the same byte for byte: generated patterns from a fixed seed, every pair.
@Suite struct LintShortcutTests {
  static let pieces = [
    "a", "b", "lint", "abc", "7", ":s", "<int:i>", "<float:f>", "<uuid:u>", "x<k>",
    "<m>.json", "v<int:n>",
  ]
  static let endings: [String?] = [nil, "*", "<path:p>"]

  /// Units of patterns whose only `*` is their last step, as a table reads them.
  static func units(
    count: Int, seed: UInt64, options: RouteOptions = RouteOptions()
  ) -> [AnalysisUnit] {
    var random = SeededGenerator(seed: seed)
    var table = RouteTable(options: options)
    for index in 0..<count {
      let path = (0..<random.below(4)).map { _ in random.pick(pieces) }
      let pattern = "/" + (path + [random.pick(endings)].compactMap { $0 }).joined(separator: "/")
      // A pattern that names a capture twice is refused; the others are enough.
      _ = try? table.add("r\(index)", pattern)
    }
    return TableAnalysis(table).units
  }

  /// A catch-all at the end: the first fitting letter at each position is the breadth-first
  /// search's shortest witness.
  @Test(arguments: [false, true])
  func trailingCatchAllsAnswerAsTheSearch(caseInsensitive: Bool) {
    var options = RouteOptions()
    options.caseInsensitivePaths = caseInsensitive
    let units = Self.units(count: 60, seed: 20_261_127, options: options)
    let search = WitnessSearch(options: options, types: [])
    var found = 0
    var compared = 0
    for first in units {
      for second in units where first.steps.contains(.star) || second.steps.contains(.star) {
        let pair = [first, second]
        guard let shortcut = search.trailingCatchAllPath(pair) else {
          Issue.record("no shortcut for \(first.variant) and \(second.variant)")
          continue
        }
        compared += 1
        switch (shortcut, search.positivesOnlyPath(pair)) {
        case (.found(let mine), .found(let theirs)):
          found += 1
          #expect(mine.segments == theirs.segments, "\(first.steps) \(second.steps)")
        case (.none, .none): break
        default: Issue.record("\(first.steps) \(second.steps): \(shortcut) differs from the search")
        }
      }
    }
    // Both answers occur often (a generator that stopped making overlaps would prove nothing).
    #expect(compared > 1_000 && found > 300 && compared - found > 300, "\(compared) \(found)")
  }

  /// A `*` before the last step is left to the search.
  @Test func catchAllInTheMiddleIsSearched() throws {
    var table = RouteTable()
    try table.add("a", "/*/v1/*")
    try table.add("b", "/*/v2/*")
    let analysis = TableAnalysis(table)
    #expect(analysis.search.trailingCatchAllPath(analysis.units) == nil)
    #expect(analysis.witness([0, 1])?.1 == "/v1/v2")
  }
}
