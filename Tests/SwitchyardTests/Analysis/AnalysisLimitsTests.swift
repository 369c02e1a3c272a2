import Testing

@testable import Switchyard

@Suite struct AnalysisLimitsTests {
  /// Long patterns need no deep recursion: lint, explain and the tree on patterns of 63 and 64
  /// segments, the most a pattern may have (the tests run on the small stacks of the test
  /// threads). The analysis itself recurses nowhere.
  @Test func longPatterns() throws {
    let long = "/" + Array(repeating: "a", count: 63).joined(separator: "/")
    let table = try lintTable([
      ("long", long, 0), ("longInt", long + "/<int:n>", 0), ("rest", "/a/*", 1),
    ])
    let findings = table.lint()
    verifyWitnesses(table, findings)
    #expect(summary(findings) == ["shadowed long rest", "shadowed longInt rest"])
    let explanation = table.explain(long + "/x")
    #expect(explanation.winner == "rest")
    #expect(
      explanation.routes.first { $0.route.name == "longInt" }?.failure?.part == .conversion)
    #expect(table.tree.nodes.count == 67)
    let lines = table.tree.text().split(separator: "\n")
    #expect(lines.last == "      *  → rest (priority 1)")
    #expect(lines.dropLast().last?.hasSuffix("  <int:n>  → longInt") == true)
  }
}
