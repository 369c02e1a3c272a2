import SwiftDiagnostics
import SwiftSyntax
import Switchyard

/// One `@Route` of a case: its literal, the pattern read from it, its priority and metadata.
struct RouteAttribute {
  var attribute: AttributeSyntax
  /// The string literal the pattern is written in.
  var literal: StringLiteralExprSyntax
  var text: String
  var priority: Int
  /// The `metadata:` argument as written, if any.
  var metadata: ExprSyntax?
  /// The pattern as the core reads it; `nil` when it has a syntax error (diagnosed).
  var pattern: RoutePattern?
}

/// One associated value of a case.
struct AssociatedValue {
  var parameter: EnumCaseParameterSyntax
  var label: String
  var type: TypeSyntax
  /// The type without its `Optional` (`String` for `String?`).
  var baseType: TypeSyntax
  var isOptional: Bool
}

/// One case of the enum with its routes.
struct RouteCase {
  var element: EnumCaseElementSyntax
  var name: String
  var routes: [RouteAttribute]
  var values: [AssociatedValue]
}

/// What a pattern captures, read from the parser's shapes.
struct CaptureFacts {
  /// The capture names, in the order they are written.
  var names: [String]
  /// The names some variant of the pattern leaves out (captures inside optional groups).
  var absentable: Set<String>
  /// The capture type each name has (the first variant that has it).
  var types: [String: CaptureType]

  init(_ pattern: RoutePattern) {
    names = pattern.captureNames
    var types: [String: CaptureType] = [:]
    var presence: [String: Int] = [:]
    let shapes = pattern.shapes
    for shape in shapes {
      var seen = Set<String>()
      for element in shape.path {
        switch element {
        case .capture(let type, let name), .mixed(_, let type, let name, _):
          if types[name] == nil { types[name] = type }
          seen.insert(name)
        case .star(let name?):
          if types[name] == nil { types[name] = .path }
          seen.insert(name)
        case .star(nil), .literal:
          break
        }
      }
      for name in seen { presence[name, default: 0] += 1 }
    }
    for (_, requirement) in pattern.queryShape {
      if case .capture(let type, let name) = requirement, types[name] == nil { types[name] = type }
    }
    if case .capture(let type, let name)? = pattern.fragmentShape, types[name] == nil {
      types[name] = type
    }
    // Query and fragment captures are in every variant; path captures are where counted.
    var absentable = Set<String>()
    for name in names {
      if let count = presence[name], count < shapes.count { absentable.insert(name) }
    }
    self.absentable = absentable
    self.types = types
  }
}

/// Reads the cases of a `@Routes` enum, diagnosing what cannot be read.
struct RouteCaseReader {
  var diagnostics: [Diagnostic] = []

  mutating func read(_ declaration: EnumDeclSyntax) -> [RouteCase] {
    var cases: [RouteCase] = []
    for member in declaration.memberBlock.members {
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      let attributes = caseDecl.attributes.compactMap { $0.as(AttributeSyntax.self) }
        .filter(Self.isRouteAttribute)
      if attributes.isEmpty {
        for element in caseDecl.elements {
          diagnose(
            element.name,
            .error(
              "case '\(element.name.text)' has no @Route: give it a pattern, e.g. @Route(\"/\(element.name.text)\")"
            ))
        }
        continue
      }
      guard caseDecl.elements.count == 1, let element = caseDecl.elements.first else {
        diagnose(
          caseDecl.elements, .error("@Route marks one case: declare each case on its own line"))
        continue
      }
      var routes: [RouteAttribute] = []
      for attribute in attributes {
        if let route = readAttribute(attribute) { routes.append(route) }
      }
      guard routes.count == attributes.count else { continue }
      guard let values = readValues(element) else { continue }
      cases.append(
        RouteCase(element: element, name: element.name.text, routes: routes, values: values))
    }
    return cases
  }

  private static func isRouteAttribute(_ attribute: AttributeSyntax) -> Bool {
    let name = attribute.attributeName.trimmedDescription
    return name == "Route" || name == "SwitchyardMacros.Route"
  }

  private mutating func readAttribute(_ attribute: AttributeSyntax) -> RouteAttribute? {
    guard case .argumentList(let arguments) = attribute.arguments,
      let first = arguments.first, first.label == nil
    else {
      diagnose(attribute, .error("@Route needs a pattern: @Route(\"/path/:name\")"))
      return nil
    }
    guard let literal = first.expression.as(StringLiteralExprSyntax.self),
      let text = Self.plainText(literal)
    else {
      diagnose(
        first.expression,
        .error("the pattern of @Route must be a string literal without interpolation"))
      return nil
    }
    var priority = 0
    var metadata: ExprSyntax?
    for argument in arguments.dropFirst() {
      switch argument.label?.text {
      case "priority":
        guard let value = Self.integer(argument.expression) else {
          diagnose(
            argument.expression,
            .error(
              "the priority of @Route must be an integer literal (the table is linted at compile time)"
            ))
          return nil
        }
        priority = value
      case "metadata":
        metadata = argument.expression
      default:
        diagnose(argument, .error("@Route takes a pattern, 'priority:' and 'metadata:'"))
        return nil
      }
    }
    return RouteAttribute(
      attribute: attribute, literal: literal, text: text, priority: priority, metadata: metadata,
      pattern: nil)
  }

  private mutating func readValues(_ element: EnumCaseElementSyntax) -> [AssociatedValue]? {
    guard let clause = element.parameterClause else { return [] }
    var values: [AssociatedValue] = []
    for parameter in clause.parameters {
      guard let label = parameter.firstName, label.tokenKind != .wildcard else {
        diagnose(
          parameter,
          .error(
            "the associated values of case '\(element.name.text)' need labels: each is the capture of that name"
          ))
        return nil
      }
      let (base, optional) = Self.unwrapOptional(parameter.type)
      values.append(
        AssociatedValue(
          parameter: parameter, label: label.text, type: parameter.type, baseType: base,
          isOptional: optional))
    }
    return values
  }

  /// `T?`, `T!` and `Optional<T>` give `T` and `true`.
  static func unwrapOptional(_ type: TypeSyntax) -> (TypeSyntax, Bool) {
    if let optional = type.as(OptionalTypeSyntax.self) { return (optional.wrappedType, true) }
    if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return (optional.wrappedType, true)
    }
    if let identifier = type.as(IdentifierTypeSyntax.self),
      identifier.name.text == "Optional",
      let argument = identifier.genericArgumentClause?.arguments.first,
      identifier.genericArgumentClause?.arguments.count == 1,
      case .type(let wrapped) = argument.argument
    {
      return (wrapped, true)
    }
    return (type, false)
  }

  /// The text of a literal with no interpolation and no escapes (so that a column of the
  /// pattern is a column of the source).
  static func plainText(_ literal: StringLiteralExprSyntax) -> String? {
    var text = ""
    for segment in literal.segments {
      guard let piece = segment.as(StringSegmentSyntax.self) else { return nil }
      if piece.content.text.contains("\\") && literal.openingPounds == nil { return nil }
      text += piece.content.text
    }
    return text
  }

  /// An integer literal, possibly negative.
  static func integer(_ expression: ExprSyntax) -> Int? {
    if let literal = expression.as(IntegerLiteralExprSyntax.self) {
      return Int(literal.literal.text.replacingUnderscores())
    }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
      let literal = prefix.expression.as(IntegerLiteralExprSyntax.self),
      let value = Int(literal.literal.text.replacingUnderscores())
    {
      return -value
    }
    return nil
  }

  private mutating func diagnose(_ node: some SyntaxProtocol, _ message: RoutesMessage) {
    diagnostics.append(Diagnostic(node: Syntax(node), message: message))
  }
}

extension String {
  fileprivate func replacingUnderscores() -> String { filter { $0 != "_" } }
}

/// A diagnostic of the macro.
struct RoutesMessage: DiagnosticMessage {
  var message: String
  var severity: DiagnosticSeverity
  var id: String

  var diagnosticID: MessageID { MessageID(domain: "SwitchyardMacros", id: id) }

  static func error(_ message: String, id: String = "routes") -> RoutesMessage {
    RoutesMessage(message: message, severity: .error, id: id)
  }

  static func warning(_ message: String, id: String = "routes") -> RoutesMessage {
    RoutesMessage(message: message, severity: .warning, id: id)
  }
}

/// A fix-it's message.
struct RoutesFixIt: FixItMessage {
  var message: String
  var fixItID: MessageID { MessageID(domain: "SwitchyardMacros", id: message) }
}
