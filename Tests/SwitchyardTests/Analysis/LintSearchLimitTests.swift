import Testing

@testable import Switchyard

/// The witness search's limit never changes an answer: what it cannot decide is reported as an
/// `undecided` note, and searches that need no limit have none.
@Suite struct LintSearchLimitTests {
  /// `/*/a/:x/…/:x` (15 captures): its sets of positions number 2^15, more than the limit of
  /// 20,000, but a search with no negatives walks single positions (at most 17 × 3 states
  /// here). The overlap with `/<path:p>` was silently dropped when that search hit the limit
  /// (`deep` wins it: `rest` has a lower priority).
  @Test func witnessOfTwoRoutesNeedsNoLimit() throws {
    let deep = "/*/a" + (1...15).map { "/:x\($0)" }.joined()
    let table = try lintTable([("deep", deep, 0), ("rest", "/<path:p>", -1)])
    let findings = table.lint()
    verifyWitnesses(table, findings)
    #expect(summary(findings) == ["overlap deep rest"])
    let witness = try #require(findings.first?.witness)
    #expect(witness.split(separator: "/").count == 16)
  }

  /// Whether `/*/a/:x/…/:x` wins any URL over a better-ranked `/*/a/*` needs sets of
  /// positions (2^10 of them here): the search stops at its limit (500 here, to keep the test
  /// quick; ``RouteTable/lint()`` uses 20,000), and the lint says it could not decide — it used
  /// to say nothing, as if the route were fine.
  @Test func undecidedAtTheLimit() throws {
    let deep = "/*/a" + (1...10).map { "/:x\($0)" }.joined()
    let table = try lintTable([("deep", deep, 0), ("all", "/*/a/*", 1)])
    let findings = table.lint(stateLimit: 500)
    verifyWitnesses(table, findings)
    #expect(summary(findings) == ["undecided deep all", "overlap all deep"])
    let finding = try #require(findings.first)
    #expect(finding.kind.severity == .note)
    #expect(
      finding.message
        == "could not decide whether \"deep\" (\(deep)) wins any URL over the routes ranked "
        + "before it that share URLs with it: \"all\" (/*/a/*); the search stopped at its limit "
        + "of 500 states, so \"deep\" may be shadowed")
    #expect(RouteMatcher(table).match(finding.witness)?.route.name == "all")
    // A table the lint could not decide is not known to be clean.
    #expect(throws: RouteTableCheckFailure.self) {
      try table.expectCleanLint(allowing: [], stateLimit: 500)
    }
    try table.expectCleanLint(allowing: [.undecided], stateLimit: 500)
    // With a limit it does not reach, the same table is decided: "deep" is shadowed.
    #expect(summary(table.lint(stateLimit: 5_000)) == ["shadowed deep all"])
    #expect(RouteLinter.grouped(WitnessSearch.defaultStateLimit) == "20,000")
  }

  /// Below the limit the same question is decided: shadowed.
  @Test func decidedBelowTheLimit() throws {
    let table = try lintTable([("deep", "/*/a/:x/:y", 0), ("all", "/*/a/*", 1)])
    #expect(summary(table.lint()) == ["shadowed deep all"])
  }

  /// With a small limit: several rivals are named (three in the message, all in `routes`),
  /// and an alternative of an optional group that cannot be decided is said so too.
  @Test func undecidedNamesTheRivals() throws {
    let table = try lintTable([
      ("deep", "/*/a/:x/:y/:z(/b)", 0), ("one", "/*/a/*", 1), ("two", "/*/a/*/b", 2),
      ("three", "/*/a/:y/*", 1), ("four", "/*/a/:y/:z/*", 1),
    ])
    var linter = RouteLinter(TableAnalysis(table, stateLimit: 3))
    let findings = linter.run()
    verifyWitnesses(table, findings)
    let undecided = findings.filter { $0.kind == .undecided }
    #expect(undecided.count == 2)
    #expect(undecided.allSatisfy { $0.routes.first == "deep" })
    #expect(
      undecided.allSatisfy {
        Set($0.routes.dropFirst()).isSubset(of: ["one", "two", "three", "four"])
      })
    #expect(undecided.contains { $0.message.contains(" and 1 more;") })
    #expect(
      undecided.contains {
        $0.message.contains("through its alternative that matches paths like /a/")
      })
    #expect(undecided.allSatisfy { $0.message.contains("limit of 3 states") })
    // Nothing undecided is reported shadowed or unreachable.
    #expect(!findings.contains { $0.kind == .shadowed || $0.kind == .unreachableAlternative })
  }
}
