import SwiftDiagnostics
import SwiftSyntax
import Switchyard

/// The compile-time checks of a `@Routes` enum: each pattern read by the core's parser, each
/// case's captures against its associated values, and the whole table linted.
struct RouteChecks {
  var diagnostics: [Diagnostic] = []

  /// Reads every pattern; a syntax error is diagnosed at its column in the literal.
  mutating func readPatterns(_ cases: inout [RouteCase]) {
    for caseIndex in cases.indices {
      for routeIndex in cases[caseIndex].routes.indices {
        let route = cases[caseIndex].routes[routeIndex]
        do {
          cases[caseIndex].routes[routeIndex].pattern = try RoutePattern(route.text)
        } catch {
          diagnosePatternError(error, in: route.literal)
        }
      }
    }
  }

  mutating func diagnosePatternError(
    _ error: PatternSyntaxError, in literal: StringLiteralExprSyntax
  ) {
    // The column counts characters of the pattern; the literal has no escapes, so the same
    // characters follow the opening quote in the source.
    let content = literal.segments.first.map(Syntax.init) ?? Syntax(literal.closingQuote)
    let start = content.positionAfterSkippingLeadingTrivia
    let prefix = error.pattern.prefix(max(0, error.column - 1))
    let position = start.advanced(by: prefix.utf8.count)
    // A compiler plugin's diagnostic is shown at the start of its node (the literal's token),
    // whatever its position says: the message names the column and shows it under the
    // pattern, so that a build log points inside the literal too.
    diagnostics.append(
      Diagnostic(
        node: Syntax(literal), position: position,
        message: RoutesMessage.error(Self.message(of: error), id: "pattern")))
  }

  /// The parser's message, the column it names in the pattern, and the pattern with a caret
  /// under that column.
  static func message(of error: PatternSyntaxError) -> String {
    "\(error.message) (column \(error.column) of the pattern)\n" + error.caretLines
  }

  /// Each capture has one associated value of its name, each value is a capture, every
  /// pattern of a case captures the same names, a capture that can be absent is Optional and
  /// a known capture type fits its value's type.
  mutating func checkValues(_ routeCase: RouteCase) {
    let routes = routeCase.routes.compactMap { route in
      route.pattern.map { (route, CaptureFacts($0, route: route)) }
    }
    guard routes.count == routeCase.routes.count else { return }
    for (route, _) in routes {
      guard let pattern = route.pattern else { continue }
      for (name, literal) in route.optionalQuery where pattern.captureNames.contains(name) {
        diagnostics.append(
          Diagnostic(
            node: Syntax(literal),
            message: RoutesMessage.error(
              "pattern \"\(route.text)\" captures '\(name)' already: list in 'optionalQuery:' only the query names the pattern does not capture",
              id: "optionalQueryCaptured")))
      }
    }
    let labels = routeCase.values.map(\.label)
    var captured = Set<String>()
    for (_, facts) in routes { captured.formUnion(facts.names) }

    for (route, facts) in routes {
      for name in facts.names where !labels.contains(name) {
        // A value whose label no pattern captures is likely the same name misspelt.
        let unclaimed = routeCase.values.filter { !captured.contains($0.label) }
        let suggestion = closestMatch(to: name, in: unclaimed.map(\.label))
        var fixIts: [FixIt] = []
        var hint =
          "add '\(name): \(Self.suggestedType(facts.types[name], absentable: facts.absentable.contains(name)))' to case '\(routeCase.name)'"
        if let suggestion, let value = unclaimed.first(where: { $0.label == suggestion }),
          let token = value.parameter.firstName
        {
          hint = "rename '\(suggestion)' to '\(name)'"
          fixIts.append(
            FixIt(
              message: RoutesFixIt(message: "rename '\(suggestion)' to '\(name)'"),
              changes: [
                .replace(
                  oldNode: Syntax(token),
                  newNode: Syntax(token.with(\.tokenKind, .identifier(name))))
              ]))
        }
        let source =
          route.optionalQuery.first(where: { $0.name == name }).map { Syntax($0.literal) }
          ?? Syntax(route.literal)
        let what =
          facts.optionalQuery.contains(name)
          ? "@Route(\"\(route.text)\") reads the optional query value '\(name)'"
          : "pattern \"\(route.text)\" captures '\(name)'"
        diagnostics.append(
          Diagnostic(
            node: source,
            message: RoutesMessage.error(
              "\(what), but case '\(routeCase.name)' has no associated value '\(name)'; \(hint)",
              id: "captureWithoutValue"),
            fixIts: fixIts))
      }
      for name in facts.absentable {
        guard let value = routeCase.values.first(where: { $0.label == name }), !value.isOptional
        else { continue }
        let why =
          facts.optionalQuery.contains(name)
          ? "optional query value '\(name)' of @Route(\"\(route.text)\") can be absent"
          : "capture '\(name)' of pattern \"\(route.text)\" is in an optional group and can be absent"
        diagnostics.append(
          Diagnostic(
            node: Syntax(value.type),
            message: RoutesMessage.error(
              "\(why), so associated value '\(name)' of case '\(routeCase.name)' must be Optional",
              id: "absentCaptureNotOptional"),
            fixIts: [
              FixIt(
                message: RoutesFixIt(message: "make it '\(value.type.trimmedDescription)?'"),
                changes: [
                  .replace(
                    oldNode: Syntax(value.type),
                    newNode: Syntax(
                      OptionalTypeSyntax(wrappedType: value.type.trimmed).with(
                        \.trailingTrivia, value.type.trailingTrivia)))
                ])
            ]))
      }
      for value in routeCase.values {
        guard let type = facts.types[value.label],
          let problem = Self.typeProblem(type, value.baseType)
        else { continue }
        diagnostics.append(
          Diagnostic(
            node: Syntax(value.type),
            message: RoutesMessage.error(
              "pattern \"\(route.text)\" captures '\(value.label)' as \(problem.capture), which associated value '\(value.label): \(value.type.trimmedDescription)' of case '\(routeCase.name)' cannot hold; use \(problem.suggestion)",
              id: "captureTypeMismatch")))
      }
    }

    for value in routeCase.values where !captured.contains(value.label) {
      let uncaptured = routes.flatMap(\.1.names).filter { !labels.contains($0) }
      let patterns = routes.map { "\"\($0.0.text)\"" }.joined(separator: ", ")
      var fixIts: [FixIt] = []
      if let suggestion = closestMatch(to: value.label, in: uncaptured),
        let token = value.parameter.firstName
      {
        fixIts.append(
          FixIt(
            message: RoutesFixIt(message: "rename '\(value.label)' to '\(suggestion)'"),
            changes: [
              .replace(
                oldNode: Syntax(token),
                newNode: Syntax(token.with(\.tokenKind, .identifier(suggestion))))
            ]))
      }
      diagnostics.append(
        Diagnostic(
          node: Syntax(value.parameter),
          message: RoutesMessage.error(
            "associated value '\(value.label)' of case '\(routeCase.name)' is captured by no pattern of the case (\(patterns))"
              + (value.isOptional && fixIts.isEmpty
                ? "; to read it from the query when present, list it: optionalQuery: [\"\(value.label)\"]"
                : ""),
            id: "valueWithoutCapture"),
          fixIts: fixIts))
    }

    // Every pattern of a case captures the same names (a value must come from each).
    for (route, facts) in routes {
      for name in captured.sorted() where !facts.names.contains(name) && labels.contains(name) {
        guard let other = routes.first(where: { $0.1.names.contains(name) })?.0 else { continue }
        diagnostics.append(
          Diagnostic(
            node: Syntax(route.literal),
            message: RoutesMessage.error(
              "pattern \"\(route.text)\" of case '\(routeCase.name)' does not capture '\(name)', which pattern \"\(other.text)\" captures: every pattern of a case captures the same names",
              id: "capturesDiffer")))
      }
    }
  }

  /// The type a capture of `type` suggests for its value.
  private static func suggestedType(_ type: CaptureType?, absentable: Bool) -> String {
    let name: String
    switch type?.row?.swiftValue {
    case .integer?: name = "Int"
    case .number?: name = "Double"
    case .uuid?: name = "UUID"
    case .path?, .text?, nil: name = "String"
    }
    return absentable ? name + "?" : name
  }

  /// The standard types by what they hold.
  private static let integers: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
  ]
  private static let numbers: Set<String> = ["Double", "Float"]
  private static let texts: Set<String> = ["String", "Substring"]
  private static let standard = integers.union(numbers).union(texts).union(["Bool", "UUID"])

  /// Why a standard type cannot hold a capture of a known type: the capture as written and
  /// the types that can. `nil` when it can, or when the type is the app's own.
  static func typeProblem(
    _ capture: CaptureType, _ valueType: TypeSyntax
  ) -> (capture: String, suggestion: String)? {
    var name = valueType.trimmedDescription
    for prefix in ["Swift.", "Foundation."] where name.hasPrefix(prefix) {
      name.removeFirst(prefix.count)
    }
    guard standard.contains(name), let row = capture.row else { return nil }
    let written = "<\(row.names[0]):>"
    switch row.swiftValue {
    case .integer:
      return integers.union(numbers).union(texts).contains(name)
        ? nil : (written, "an integer type (Int), Double or String")
    case .number:
      return numbers.union(texts).contains(name) ? nil : (written, "Double, Float or String")
    case .uuid:
      return ["UUID", "String", "Substring"].contains(name) ? nil : (written, "UUID or String")
    case .path:
      return texts.contains(name) ? nil : ("a path (\(written) or *)", "String")
    case .text:
      return nil
    }
  }

  /// Lints the table as `switchyard lint` does: errors and warnings, each on the `@Route` of the
  /// route it is about, with its witness URL. Notes (overlaps decided by precedence) are not
  /// diagnosed.
  mutating func lint(_ table: RouteTable, attributes: [String: AttributeSyntax]) {
    for finding in table.lint() where finding.kind.severity != .note {
      // A duplicate is fixed on the later route, the one that never wins; any other finding
      // is about its first route.
      let subject = finding.kind == .duplicate ? finding.routes.last : finding.routes.first
      guard let name = subject, let attribute = attributes[name] else { continue }
      let text = "\(finding.kind.description): \(finding.message) (witness: \(finding.witness))"
      diagnostics.append(
        Diagnostic(
          node: Syntax(attribute),
          message: finding.kind.severity == .error
            ? RoutesMessage.error(text, id: "lint.\(finding.kind.description)")
            : RoutesMessage.warning(text, id: "lint.\(finding.kind.description)")))
    }
  }
}
