/// A URL that did not open the route a table test expected, as
/// ``RouteTable/expectRoutes(_:)`` reports it in ``RouteTableCheckFailure/mismatches``.
///
/// ```swift
/// do {
///   try table.expectRoutes(["myapp://user/7": "user", "myapp://nowhere": nil])
/// } catch {
///   error.mismatches.first?.description
///   // myapp://user/7: expected "user", got "profile" (path element 2: …)
/// }
/// ```
public struct RouteMismatch: Sendable, Hashable, CustomStringConvertible {
  /// The URL tried.
  public var url: String
  /// The route name expected, or `nil` for "no route".
  public var expected: String?
  /// The route that won, or `nil` when none matched.
  public var actual: String?
  /// Why the actual route won over the expected one, when both matched.
  public var reason: String?

  public var description: String {
    func show(_ name: String?) -> String { name.map { "\"\($0)\"" } ?? "no route" }
    var text = "\(url): expected \(show(expected)), got \(show(actual))"
    if let reason { text += " (\(reason))" }
    return text
  }
}

/// Thrown by ``RouteTable/expectRoutes(_:)`` and ``RouteTable/expectCleanLint(allowing:)``;
/// its description lists every problem, one a line, for a test failure message.
public struct RouteTableCheckFailure: Error, Sendable, CustomStringConvertible {
  /// The URLs that opened another route than expected.
  public var mismatches: [RouteMismatch]
  /// The lint findings that were not allowed.
  public var findings: [LintFinding]

  public var description: String {
    var lines: [String] = []
    if !mismatches.isEmpty {
      lines.append(
        "\(mismatches.count) URL\(mismatches.count == 1 ? "" : "s") opened the wrong route:")
      lines += mismatches.map { "  " + $0.description }
    }
    if !findings.isEmpty {
      lines.append("\(findings.count) lint finding\(findings.count == 1 ? "" : "s"):")
      lines += findings.map {
        "  \($0.kind.severity.rawValue): \($0.kind): \($0.message) — witness \($0.witness)"
      }
    }
    return lines.joined(separator: "\n")
  }
}

extension RouteTable {
  /// Matches each URL and returns those that did not open the expected route (`nil`: no route
  /// should match), in the order given.
  package func mismatches(_ expected: KeyValuePairs<String, String?>) -> [RouteMismatch] {
    let matcher = RouteMatcher(self)
    var result: [RouteMismatch] = []
    for (url, name) in expected {
      let candidates = matcher.candidates(for: url)
      let actual = candidates.first?.route.name
      guard actual != name else { continue }
      var reason: String? = nil
      if let name {
        if route(named: name) == nil {
          reason = "the table has no route named \"\(name)\""
        } else {
          let explanation = explain(url, matcher: matcher)
          if candidates.contains(where: { $0.route.name == name }) {
            if explanation.runnerUp == name, let decision = explanation.decision {
              reason = "both match; \(decision)"
            } else {
              reason = "\"\(name)\" matches too but other routes rank before it"
            }
          } else if let failure = explanation.routes.first(where: { $0.route.name == name })?
            .failure
          {
            reason = "\"\(name)\" does not match: \(failure.reason)"
          }
        }
      }
      result.append(RouteMismatch(url: url, expected: name, actual: actual, reason: reason))
    }
    return result
  }

  /// Throws when any URL does not open the expected route (`nil`: no route should match); the
  /// error lists every mismatch with the reason, in the order given. Use it in an app's own
  /// tests:
  ///
  /// ```swift
  /// @Test func deepLinks() throws {
  ///   let table = try AppRoutes.table()
  ///   try table.expectRoutes([
  ///     "myapp://user/7": "user",
  ///     "myapp://user/jane": "profile",
  ///     "myapp://nowhere": nil,
  ///   ])
  /// }
  /// ```
  public func expectRoutes(_ expected: KeyValuePairs<String, String?>)
    throws(RouteTableCheckFailure)
  {
    let found = mismatches(expected)
    if !found.isEmpty { throw RouteTableCheckFailure(mismatches: found, findings: []) }
  }

  /// Throws when ``lint()`` finds anything but `overlap` notes (or the kinds in `allowed`).
  /// An `undecided` note fails too: a table the lint could not fully decide is not known to
  /// be clean.
  ///
  /// ```swift
  /// try table.expectCleanLint()                              // errors and warnings fail
  /// try table.expectCleanLint(allowing: [.matchesEverything])  // a deliberate fallback route
  /// ```
  public func expectCleanLint(allowing allowed: Set<LintFinding.Kind> = [])
    throws(RouteTableCheckFailure)
  {
    try expectCleanLint(allowing: allowed, stateLimit: WitnessSearch.defaultStateLimit)
  }

  /// ``expectCleanLint(allowing:)`` with another limit on the witness search (for tests).
  func expectCleanLint(allowing allowed: Set<LintFinding.Kind>, stateLimit: Int)
    throws(RouteTableCheckFailure)
  {
    let findings = lint(stateLimit: stateLimit).filter {
      ($0.kind.severity != .note || $0.kind == .undecided) && !allowed.contains($0.kind)
    }
    if !findings.isEmpty { throw RouteTableCheckFailure(mismatches: [], findings: findings) }
  }
}
