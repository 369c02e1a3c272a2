import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// Lint and URL building on patterns at the limits: nesting 32 deep, 64 path segments, every
/// segment a catch-all — on the small stacks of the test threads.
@Suite struct AnalysisHostileInputTests {
  /// Two patterns of 63 `*` and a literal: the witness search with no negatives keeps one
  /// position per run of `*` (it used to try every combination of them: 64 × 64 per step).
  @Test func patternsOfCatchAllsOnly() throws {
    let stars = Array(repeating: "*", count: 63).joined(separator: "/")
    let table = try lintTable([
      ("starsA", "/" + stars + "/a", 0), ("starsB", "/" + stars + "/<int:n>", 0),
      ("end", "/a/*", 0),
    ])
    let findings = onSmallStack { table.lint() }
    verifyWitnesses(table, findings)
    let summaries = summary(findings)
    #expect(summaries == ["overlap end starsA", "overlap end starsB"])
    // No URL ends in both `a` and an integer: the search goes through every state to say so.
    let none = onSmallStack { TableAnalysis(table).witness([0, 1]) == nil }
    #expect(none)
  }

  /// 150 copies of `/*/<int:x>/*` at different priorities: each route's search runs against
  /// every better-ranked copy, which the search takes as one automaton (it used to step each
  /// copy, for every state: 2,000 such routes did not finish in two minutes).
  @Test func manyCopiesOfOneRival() throws {
    var rows = (0..<150).map { ("int\($0)", "/*/<int:x\($0)>/*", $0 + 1) }
    rows.append(("four", "/*/4/*", 0))
    let table = try lintTable(rows)
    let analysis = TableAnalysis(table)
    #expect(WitnessSearch.distinct(Array(analysis.units.prefix(150))).count == 1)
    #expect(WitnessSearch.distinct(Array(analysis.units)).count == 2)
    let findings = table.lint()
    verifyWitnesses(table, findings)
    #expect(findings.count == 150)
    #expect(findings.allSatisfy { $0.kind == .shadowed && $0.routes[1] == "int149" })
    #expect(findings.last?.routes.first == "four")
  }

  /// Groups nested 32 deep (the most a pattern may have) build on a small stack, all taken or
  /// all skipped, and the URL matches back.
  @Test func deepestGroupsBuild() throws {
    let depth = PatternParser.maximumNesting
    var written = "/a"
    for level in (1...depth).reversed() {
      written = "/a" + "(/<int:v\(level)>" + String(written.dropFirst(2)) + ")"
    }
    let pattern = written
    let built = onSmallStack { () -> [String] in
      var table = RouteTable()
      guard (try? table.add("deep", pattern)) != nil else { return ["refused"] }
      var all: [String: BuildValue] = [:]
      for level in 1...depth { all["v\(level)"] = .int(level) }
      let full = (try? table.url(for: "deep", values: all)) ?? "error"
      let none = (try? table.url(for: "deep")) ?? "error"
      let matcher = RouteMatcher(table)
      return [
        full, none, matcher.match(full)?.route.name ?? "no match",
        matcher.match(none)?.route.name ?? "no match",
      ]
    }
    #expect(built[0] == "/a" + (1...depth).map { "/\($0)" }.joined())
    #expect(built[1] == "/a")
    #expect(built[2] == "deep" && built[3] == "deep")
  }

  /// A route of 64 segments builds, and a catch-all value of 200 segments too.
  @Test func longPaths() throws {
    let long = "/" + (1...63).map { "s\($0)" }.joined(separator: "/")
    var table = RouteTable()
    try table.add("long", long + "/*rest")
    let rest = (1...200).map { "p\($0)" }.joined(separator: "/")
    let url = try table.url(for: "long", values: ["rest": .string(rest)])
    #expect(url == long + "/" + rest)
    #expect(RouteMatcher(table).match(url)?["rest"] == rest)
  }
}
