import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// `explain` reads a URL's path once for all routes (`UnitTrie.lastActive`) instead of once
/// per route, so on a table with many routes and a long URL it costs a small multiple of a
/// match (debug-build counters; see `ReadingCounters`).
@Suite("Explaining long URLs against large tables")
struct ExplainScaleTests {
  @Test("every unit stops where its own automaton, run segment by segment, stops")
  func agreesWithTheAutomaton() {
    var generator = CaseGenerator(rng: SeededGenerator(seed: 0xE4_91A1_2026))
    var checked = 0
    var stopped = 0
    for _ in 0..<400 {
      let table = generator.table()
      let analysis = TableAnalysis(table)
      let explainer = RouteExplainer(analysis)
      let rules = analysis.search.rules
      for _ in 0..<3 {
        let url = generator.url(for: table)
        let segments = explainer.explain(url).parts.pathSegments.map { Array($0.utf8) }
        let lastActive = analysis.trie.lastActive(segments, rules)
        for (index, unit) in analysis.units.enumerated() {
          // The reference: the unit's automaton, one segment at a time.
          var positions = unit.closure([0])
          var read = 0
          while read < segments.count {
            let next = unit.step(positions, segments[read], rules)
            if next.isEmpty { break }
            positions = next
            read += 1
          }
          if read < segments.count { stopped += 1 }
          checked += 1
          let found = explainer.pathStop(index, lastActive: lastActive)
          #expect(
            found.read == read && found.positions == positions,
            "\(url) \(table.routes[unit.route].pattern.text): \(found) != \((read, positions))")
        }
      }
    }
    #expect(checked > 2_000)
    #expect(stopped > checked / 4)
  }

  /// How many partial-segment children `body` tried (`nil` in release builds).
  static func tests(_ body: () -> Void) -> Int? {
    #if DEBUG
      let counters = ReadingCounters()
      ReadingCounters.$current.withValue(counters) { body() }
      return counters.counts.partialSegmentTests
    #else
      body()
      return nil
    #endif
  }

  @Test("explaining costs a small multiple of matching, whatever the number of routes")
  func workComparedWithMatching() throws {
    let url = PartialSegmentIndexTests.url(segments: 400)
    var costs: [Int] = []
    for count in [100, 1_000] {
      let table = try PartialSegmentIndexTests.catchAllTable(count)
      let matcher = RouteMatcher(table)
      let matching = Self.tests { #expect(matcher.match(url)?.route.name == "v7") }
      var explanation: RouteExplanation? = nil
      let explaining = Self.tests { explanation = table.explain(url, matcher: matcher) }
      #expect(explanation?.winner == "v7")
      #expect(explanation?.runnerUp == "fallback")
      if let matching, let explaining {
        // Two matches (the winner, then the runner-up), the pass over the trie, and the
        // check of the two candidates that picks the deciding rule.
        #expect(matching >= 399)
        #expect(explaining <= 6 * matching, "\(count) routes: \(explaining) vs \(matching)")
        costs.append(explaining)
      }
    }
    if costs.count == 2 { #expect(costs[0] == costs[1], "\(costs)") }
  }

  @Test("2,000 such routes and a 60 KB URL are explained")
  func largeInput() throws {
    let table = try PartialSegmentIndexTests.catchAllTable(2_000)
    let segments = 12_000
    let url = PartialSegmentIndexTests.url(segments: segments)
    let explanation = table.explain(url)
    #expect(explanation.winner == "v7")
    #expect(explanation.routes.count == 2_001)
    let v3 = try #require(explanation.routes.first { $0.route.name == "v3" })
    #expect(
      v3.failure?.reason
        == "segment \(segments + 1): the URL has ended, the pattern wants * or v<int:n>x3")
  }
}
