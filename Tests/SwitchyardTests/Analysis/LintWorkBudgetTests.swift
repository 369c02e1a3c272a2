import Testing

@testable import Switchyard

/// The lint's work budget: a search that would take long is stopped by counted steps (never by
/// a clock) and reported `undecided`, never as fine and never as `shadowed`.
@Suite struct LintWorkBudgetTests {
  /// Routes alternating `/*/<int:x>/*` and `/*/<even number>/*`, priorities 0–6: each
  /// question "does this route win any URL?" runs against up to every other route over one
  /// segment class per number, and its states are sets of positions. Without a work limit 30
  /// routes took 4.7 s and 60 routes more than 30 s (release build) within the state limit.
  static func hostile(_ count: Int) throws -> RouteTable {
    try lintTable(
      (0..<count).map { index in
        ("r\(index)", index % 2 == 0 ? "/*/<int:x>/*" : "/*/\(2 * index)/*", index % 7)
      })
  }

  /// The errors and warnings, for comparing two runs.
  static func decided(_ findings: [LintFinding]) -> [String] {
    summary(findings.filter { $0.kind.severity != .note })
  }

  static func overlaps(_ findings: [LintFinding]) -> Set<String> {
    Set(summary(findings.filter { $0.kind == .overlap }))
  }

  /// 30 hostile routes with small limits (the defaults are 100,000 steps per search and
  /// 500,000 per run; small ones keep the test quick): the searches that need more are
  /// `undecided`, naming the limit that stopped them, and none of those routes is reported
  /// shadowed or unreachable.
  @Test func hostileTableIsUndecidedWithinTheBudget() throws {
    let table = try Self.hostile(30)
    var linter = RouteLinter(
      TableAnalysis(table, workLimit: 4_000), totalWorkLimit: 12_000)
    let findings = linter.run()
    verifyWitnesses(table, findings)
    // Counted work never goes past the total.
    #expect(linter.workLeft >= 0)
    let undecided = findings.filter { $0.kind == .undecided }
    #expect(!undecided.isEmpty)
    #expect(undecided.allSatisfy { $0.kind.severity == .note })
    // Both limits were reached, and each finding names the one that stopped it.
    #expect(
      undecided.contains {
        $0.message.hasSuffix(
          "the search stopped at its limit of 4,000 steps of work, so "
            + "\"\($0.routes[0])\" may be shadowed")
      })
    #expect(
      undecided.contains {
        $0.message.hasSuffix(
          "the lint had spent its limit of 12,000 steps of work for the "
            + "whole table, so \"\($0.routes[0])\" may be shadowed")
      })
    // Nothing undecided is reported shadowed or unreachable.
    let undecidedRoutes = Set(undecided.map { $0.routes[0] })
    #expect(
      !findings.contains {
        ($0.kind == .shadowed || $0.kind == .unreachableAlternative)
          && undecidedRoutes.contains($0.routes[0])
      })
    // The answer depends on the table alone: the same run gives the same findings.
    var again = RouteLinter(TableAnalysis(table, workLimit: 4_000), totalWorkLimit: 12_000)
    #expect(summary(again.run()) == summary(findings))
  }

  /// A limit never changes an answer: on a hostile table small enough to decide fully, a
  /// budgeted run says everything the unbudgeted one says except where it says `undecided`,
  /// and those routes are ones the full run reports shadowed (or undecided), never fine.
  @Test func budgetNeverChangesAnAnswer() throws {
    let table = try Self.hostile(12)
    let full = table.lint(stateLimit: 20_000, workLimit: .max, totalWorkLimit: .max)
    #expect(!full.contains { $0.kind == .undecided })
    for (work, total) in [(500, 5_000), (2_000, 3_000), (100_000, 1_500)] {
      let limited = table.lint(stateLimit: 20_000, workLimit: work, totalWorkLimit: total)
      verifyWitnesses(table, limited)
      let undecided = Set(limited.filter { $0.kind == .undecided }.map { $0.routes[0] })
      #expect(!undecided.isEmpty, "\(work) \(total)")
      // What was decided is what the full run says about those routes.
      let fullDecided = full.filter {
        !(($0.kind == .shadowed || $0.kind == .unreachableAlternative)
          && undecided.contains($0.routes[0]))
      }
      #expect(Self.decided(limited) == Self.decided(fullDecided), "\(work) \(total)")
      // A route not known to be shadowed keeps its overlap notes: the full run's, and more
      // only for undecided routes.
      let extra = Self.overlaps(limited).subtracting(Self.overlaps(full))
      #expect(Self.overlaps(full).isSubset(of: Self.overlaps(limited)), "\(work) \(total)")
      #expect(
        limited.allSatisfy {
          $0.kind != .overlap || !extra.contains(summary([$0])[0])
            || $0.routes.contains(where: undecided.contains)
        }, "\(work) \(total)")
      // And every undecided route is one the full run does not call fine.
      let shadowed = Set(full.filter { $0.kind == .shadowed }.map { $0.routes[0] })
      #expect(undecided.isSubset(of: shadowed), "\(work) \(total)")
    }
  }

  /// The default limits decide ordinary hard questions: the 2^10 sets of positions of
  /// `/*/a/:x1/…/:x10` against `/*/a/*` take a few thousand steps.
  @Test func defaultBudgetDecidesOrdinaryQuestions() throws {
    let deep = "/*/a" + (1...10).map { "/:x\($0)" }.joined()
    let table = try lintTable([("deep", deep, 0), ("all", "/*/a/*", 1)])
    #expect(summary(table.lint()) == ["shadowed deep all"])
    #expect(RouteLinter.grouped(WitnessSearch.defaultWorkLimit) == "100,000")
    #expect(RouteLinter.grouped(RouteLinter.defaultTotalWorkLimit) == "500,000")
  }
}
