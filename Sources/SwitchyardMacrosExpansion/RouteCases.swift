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
  /// The query names the case reads when present (`optionalQuery: ["next"]`), each with its
  /// literal.
  var optionalQuery: [(name: String, literal: StringLiteralExprSyntax)] = []
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
  /// The names of the route's optional query values (`optionalQuery:`), also in `names` and
  /// `absentable`.
  var optionalQuery: Set<String> = []

  /// The facts of `route`'s pattern and its optional query values.
  init(_ pattern: RoutePattern, route: RouteAttribute) {
    self.init(pattern)
    for (name, _) in route.optionalQuery where !names.contains(name) {
      names.append(name)
      absentable.insert(name)
      optionalQuery.insert(name)
    }
  }

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
    // Each case names its routes: a second case of the same name (with other labels, which
    // Swift allows) would give two routes one name.
    var names: [String: EnumCaseElementSyntax] = [:]
    var overloaded = false
    for member in declaration.memberBlock.members {
      for element in member.decl.as(EnumCaseDeclSyntax.self)?.elements ?? [] {
        let name = element.name.text
        guard let first = names[name] else {
          names[name] = element
          continue
        }
        overloaded = true
        diagnose(
          element.name,
          .error(
            "case '\(name)\(Self.signature(element))' has the name of case '\(name)\(Self.signature(first))': a @Routes enum names each route after its case, so each case needs a name of its own; rename one of them",
            id: "overloadedCase"))
      }
    }
    guard !overloaded else { return [] }
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

  /// `(x:)` for a case with a value labelled `x`, `` for one without values.
  private static func signature(_ element: EnumCaseElementSyntax) -> String {
    guard let parameters = element.parameterClause?.parameters else { return "" }
    return "(" + parameters.map { "\($0.firstName?.text ?? "_"):" }.joined() + ")"
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
    guard let literal = first.expression.as(StringLiteralExprSyntax.self) else {
      diagnose(
        first.expression,
        .error("the pattern of @Route must be a string literal: the macro reads it at compile time")
      )
      return nil
    }
    let read = PatternLiteral(literal)
    guard case .text(let text) = read else {
      diagnose(literal, .error(read.problem("the pattern of @Route") ?? ""))
      return nil
    }
    var optionalQuery: [(name: String, literal: StringLiteralExprSyntax)] = []
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
      case "optionalQuery":
        guard let names = readNames(argument.expression) else { return nil }
        optionalQuery = names
      default:
        diagnose(
          argument, .error("@Route takes a pattern, 'priority:', 'metadata:' and 'optionalQuery:'"))
        return nil
      }
    }
    return RouteAttribute(
      attribute: attribute, literal: literal, text: text, priority: priority, metadata: metadata,
      optionalQuery: optionalQuery, pattern: nil)
  }

  /// The query names of `optionalQuery: ["next", …]`, each a string literal named once.
  private mutating func readNames(
    _ expression: ExprSyntax
  ) -> [(name: String, literal: StringLiteralExprSyntax)]? {
    guard let array = expression.as(ArrayExprSyntax.self) else {
      diagnose(
        expression,
        .error("the optional query names of @Route must be an array of string literals"))
      return nil
    }
    var names: [(name: String, literal: StringLiteralExprSyntax)] = []
    for element in array.elements {
      guard let literal = element.expression.as(StringLiteralExprSyntax.self),
        case .text(let name) = PatternLiteral(literal), !name.isEmpty
      else {
        diagnose(
          element.expression,
          .error("an optional query name of @Route must be a non-empty string literal"))
        return nil
      }
      guard !names.contains(where: { $0.name == name }) else {
        diagnose(literal, .error("optional query name '\(name)' is listed twice"))
        return nil
      }
      names.append((name, literal))
    }
    return names
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
