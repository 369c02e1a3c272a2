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

  /// Where the generated fixed-length patterns start: no scheme, a scheme whose host is read
  /// as the path, and a literal host (which the shortcut leaves to the search).
  static let fronts = [("", "/"), ("myapp://", ""), ("web://", ""), ("https://example.com", "/")]

  /// Units with no `*` that ask only for a path, a scheme and a port: the witness read from
  /// their segments is the general search's, alone and in every pair.
  @Test(arguments: [false, true])
  func fixedLengthWitnessesAnswerAsTheSearch(caseInsensitive: Bool) {
    var options = RouteOptions()
    options.caseInsensitivePaths = caseInsensitive
    // The search puts the default scheme on a URL whose units name none.
    if caseInsensitive { options.defaultScheme = "App" }
    var random = SeededGenerator(seed: 20_261_128)
    var table = RouteTable(options: options)
    for index in 0..<80 {
      let path = (0..<random.below(4)).map { _ in random.pick(Self.pieces) }
      let ending = random.below(8) == 0 ? ["*"] : []
      let query = random.below(8) == 0 ? "?q=:v" : ""
      let (front, separator) = random.pick(Self.fronts)
      let pattern = front + separator + (path + ending).joined(separator: "/") + query
      // A pattern that names a capture twice is refused; the others are enough.
      _ = try? table.add("r\(index)", pattern)
    }
    let analysis = TableAnalysis(table)
    let units = analysis.units
    var answered = 0
    var found = 0
    var declined = 0
    for first in units.indices {
      for second in units.indices {
        let positives = first == second ? [first] : [first, second]
        guard let shortcut = analysis.search.fixedLengthWitness(positives, in: units) else {
          declined += 1
          continue
        }
        answered += 1
        let general = analysis.search.search(
          positives: positives.map { units[$0] }, negatives: [])
        switch (shortcut, general) {
        case (.found(let mine), .found(let theirs)):
          found += 1
          #expect(mine == theirs, "\(units[first].variant) \(units[second].variant)")
        case (.none, .none): break
        default:
          Issue.record(
            "\(units[first].variant) \(units[second].variant): \(shortcut) differs from \(general)")
        }
      }
    }
    // Every answer occurs often (a generator that stopped making overlaps would prove nothing).
    #expect(
      answered > 1_500 && found > 100 && answered - found > 1_000 && declined > 1_000,
      "\(answered) \(found) \(declined)")
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
