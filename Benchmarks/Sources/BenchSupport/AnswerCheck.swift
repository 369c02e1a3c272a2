// Every router must give every probe's expected answer before it is timed.

/// One probe answered differently from the data's reference matcher.
public struct AnswerMismatch: Sendable, CustomStringConvertible {
  public var router: String
  public var table: String
  public var probe: String
  public var expected: String
  public var got: String

  public var description: String {
    "\(router) on \(table): probe '\(probe)' expected \(expected), got \(got)"
  }
}

/// The mismatches of one router on one table (empty when every answer is right).
public struct AnswerCheckFailure: Error, Sendable, CustomStringConvertible {
  public var mismatches: [AnswerMismatch]
  public var probeCount: Int

  public init(mismatches: [AnswerMismatch], probeCount: Int) {
    self.mismatches = mismatches
    self.probeCount = probeCount
  }

  public var description: String {
    let shown = mismatches.prefix(20).map { "  - \($0)" }.joined(separator: "\n")
    let more = mismatches.count > 20 ? "\n  ... and \(mismatches.count - 20) more" : ""
    return "\(mismatches.count) of \(probeCount) probes answered wrongly:\n\(shown)\(more)"
  }
}

public enum AnswerCheck {
  /// Asks `router` every probe of `table`; throws a failure listing each wrong answer.
  public static func verify<R: BenchRouter>(
    _ router: R,
    on table: BenchTable,
    routerName: String = R.name
  ) throws(AnswerCheckFailure) {
    let mismatches = check(
      routerName: routerName, table: table.name, routes: table.routes.map(\.line),
      probes: table.probes.map { ($0.request, $0.path, $0.expected) },
      lookup: { router.lookup(router.input(for: $0)) })
    if !mismatches.isEmpty {
      throw AnswerCheckFailure(mismatches: mismatches, probeCount: table.probes.count)
    }
  }

  /// The general form: `probes` are (label shown in messages, path asked, expected index).
  public static func check(
    routerName: String,
    table: String,
    routes: [String],
    probes: [(label: String, path: String, expected: Int?)],
    lookup: (String) -> Int?
  ) -> [AnswerMismatch] {
    func describe(_ index: Int?) -> String {
      guard let index else { return "a miss" }
      return routes.indices.contains(index) ? "'\(routes[index])'" : "route #\(index)"
    }
    var mismatches: [AnswerMismatch] = []
    for probe in probes {
      let got = lookup(probe.path)
      if got != probe.expected {
        mismatches.append(
          AnswerMismatch(
            router: routerName, table: table, probe: probe.label,
            expected: describe(probe.expected), got: describe(got)))
      }
    }
    return mismatches
  }
}
