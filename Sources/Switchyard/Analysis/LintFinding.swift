/// One problem ``RouteTable/lint()`` found in a route table, with a URL that shows it
/// (<doc:AnalysingRouteTables>).
///
/// ```swift
/// var table = RouteTable()
/// try table.add("byID", "/u/:id")
/// try table.add("byName", "/u/:name")
/// let finding = table.lint()[0]
/// finding.kind      // .duplicate
/// finding.routes    // ["byID", "byName"]
/// finding.witness   // "/u/x"
/// finding.kind.severity  // .error
/// ```
public struct LintFinding: Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem a finding is: one of the static members below, compared with `==`
  /// or in a `switch` (which needs a `default`: a later release may add kinds, as new checks
  /// come). It prints as its name, which is the `kind` of the JSON output.
  ///
  /// ```swift
  /// for finding in table.lint() {
  ///   switch finding.kind {
  ///   case .duplicate, .shadowed: print("remove", finding.routes[0])
  ///   case .overlap: print(finding.decision?.explanation ?? "")
  ///   default: print(finding.kind, finding.message)   // e.g. "matchesEverything ..."
  ///   }
  /// }
  /// ```
  public struct Kind: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    private enum Name: String, Sendable, Hashable {
      case duplicate, shadowed, overlap, captureNameCase, unreachableAlternative,
        matchesEverything, undecided
    }

    private let name: Name

    private init(_ name: Name) { self.name = name }

    /// Two routes match exactly the same URLs with the same precedence: the later never wins.
    public static let duplicate = Kind(.duplicate)
    /// Every URL the first route matches is won by other routes.
    public static let shadowed = Kind(.shadowed)
    /// Some URL (the witness) is matched by both routes and precedence decides; the first
    /// route wins it.
    public static let overlap = Kind(.overlap)
    /// Two routes name a capture at the same place with names that differ only in case.
    public static let captureNameCase = Kind(.captureNameCase)
    /// One alternative of the first route's optional groups is never used: every URL it
    /// matches is won by other routes — typically a literal segment taken by a typed capture of
    /// a route with a higher priority.
    public static let unreachableAlternative = Kind(.unreachableAlternative)
    /// The route's pattern matches every URL (any scheme, host, path, query and fragment).
    public static let matchesEverything = Kind(.matchesEverything)
    /// The lint could not decide whether the first route wins any URL over the others named
    /// (the routes ranked before it that share URLs with it): the search stopped at its state
    /// limit. The route may be shadowed; the witness is a URL it matches.
    public static let undecided = Kind(.undecided)

    /// Every kind this release reports, in the order above. A later release may add kinds.
    public static let allCases: [Kind] = [
      .duplicate, .shadowed, .overlap, .captureNameCase, .unreachableAlternative,
      .matchesEverything, .undecided,
    ]

    /// How serious findings of this kind are.
    public var severity: Severity {
      switch name {
      case .duplicate, .shadowed: return .error
      case .captureNameCase, .unreachableAlternative, .matchesEverything: return .warning
      case .overlap, .undecided: return .note
      }
    }

    /// The name, as written after the dot and in the JSON output: `duplicate`.
    public var description: String { name.rawValue }
  }

  /// How serious a finding is. `switchyard lint` exits 1 when there is an error.
  ///
  /// Severities are ordered most serious first, `.error < .warning < .note`, the order in
  /// which lint lists them: sorting ascending puts errors first, and the smallest severity of
  /// a lint is its worst.
  ///
  /// ```swift
  /// let findings = table.lint().sorted { $0.kind.severity < $1.kind.severity }  // errors first
  /// let worst = table.lint().map(\.kind.severity).min()   // .error if there is one
  /// ```
  public enum Severity: String, Sendable, Hashable, Comparable {
    case error, warning, note

    private var order: Int {
      switch self {
      case .error: return 0
      case .warning: return 1
      case .note: return 2
      }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.order < rhs.order }
  }

  /// What kind of problem this is.
  public var kind: Kind
  /// The routes concerned, by name; the first is the one the finding is about (the
  /// shadowed route, the later duplicate's original, the winner of an overlap).
  public var routes: [String]
  /// A URL that shows the finding when matched.
  public var witness: String
  /// One sentence that says what is wrong.
  public var message: String
  /// For overlaps: the precedence rule that decides between the two routes at the witness.
  public var decision: PrecedenceDecision?

  public var description: String {
    "\(kind.severity.rawValue): \(kind): \(message)\n  witness: \(witness)"
  }
}
