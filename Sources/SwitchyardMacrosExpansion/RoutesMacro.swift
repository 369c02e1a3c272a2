import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros
import Switchyard

/// `@Routes`: reads the enum's `@Route` cases, checks them and the whole table with the core,
/// and writes the `Routes` conformance.
public struct RoutesMacro: MemberMacro, ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self), !protocols.isEmpty else {
      return []
    }
    let failed =
      enumDecl.genericParameterClause != nil
      || analyse(enumDecl, attribute: node).diagnostics.contains(where: {
        $0.diagMessage.severity == .error
      })
    guard failed else {
      return [try ExtensionDeclSyntax("extension \(type.trimmed): Switchyard.Routes {}")]
    }
    // An enum with errors still conforms, so that the errors the member expansion reported
    // are the only ones: without the conformance every use of the type (`register(routes:)`,
    // `Link(url:)`, `.url`) would add "requires that 'Link' conform to 'Routes'". The members
    // the expansion did not write are stood in for by ones that compile and claim nothing.
    return [try stubConformance(of: type, access: access(of: enumDecl))]
  }

  /// `Routes` for an enum whose expansion failed: an empty table, no value for any match, and
  /// a `url` that is never reached (the program does not compile: the errors are reported).
  static func stubConformance(
    of type: some TypeSyntaxProtocol, access: String
  ) throws -> ExtensionDeclSyntax {
    try ExtensionDeclSyntax(
      """
      extension \(type.trimmed): Switchyard.Routes {
        \(raw: access)static var routeTable: Switchyard.RouteTable {
          Switchyard.RouteTable()
        }
        \(raw: access)init?(routeIndex: Int, match: Switchyard.RouteMatch) {
          return nil
        }
        \(raw: access)func url(host: String? = nil, scheme: String? = nil) throws(Switchyard.URLBuildingError) -> String {
          fatalError("@Routes: the enum has errors, reported where they are")
        }
      }
      """)
  }

  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      context.diagnose(
        Diagnostic(
          node: Syntax(node),
          message: RoutesMessage.error("@Routes applies to an enum whose cases are the routes")))
      return []
    }
    if enumDecl.genericParameterClause != nil {
      context.diagnose(
        Diagnostic(
          node: Syntax(enumDecl.name),
          message: RoutesMessage.error(
            "a @Routes enum cannot be generic: its table and matcher are stored once per enum")))
      return []
    }
    let (cases, options, diagnostics) = analyse(enumDecl, attribute: node)
    for diagnostic in diagnostics { context.diagnose(diagnostic) }
    guard !diagnostics.contains(where: { $0.diagMessage.severity == .error }) else { return [] }
    return members(of: cases, options: options, access: access(of: enumDecl))
  }

  /// The enum's cases and what the checks say of them: the cases and patterns first, then,
  /// when they are sound, the lint of the whole table.
  static func analyse(
    _ enumDecl: EnumDeclSyntax, attribute: AttributeSyntax
  ) -> ([RouteCase], DeclaredOptions, diagnostics: [Diagnostic]) {
    var optionsReader = RoutesOptionsReader()
    let options = optionsReader.read(attribute) ?? DeclaredOptions()
    var reader = RouteCaseReader()
    var cases = reader.read(enumDecl)
    var checks = RouteChecks()
    checks.readPatterns(&cases)
    for routeCase in cases { checks.checkValues(routeCase) }
    var diagnostics = optionsReader.diagnostics + reader.diagnostics + checks.diagnostics
    // A table with no route would match nothing and build nothing (said only when no case
    // was refused for a reason of its own).
    if cases.isEmpty && reader.diagnostics.isEmpty {
      diagnostics.append(
        Diagnostic(
          node: Syntax(enumDecl.name),
          message: RoutesMessage.error("a @Routes enum needs at least one case marked @Route")))
    }
    guard diagnostics.isEmpty else { return (cases, options, diagnostics) }
    let (table, attributes) = table(of: cases, options: options.options)
    checks.lint(table, attributes: attributes)
    return (cases, options, checks.diagnostics)
  }

  /// The table the enum declares, as the lint reads it (under the options the enum declares,
  /// as at run time), and the `@Route` of each route name.
  private static func table(
    of cases: [RouteCase], options: RouteOptions
  ) -> (RouteTable, [String: AttributeSyntax]) {
    var table = RouteTable(options: options)
    var attributes: [String: AttributeSyntax] = [:]
    for routeCase in cases {
      for (position, route) in routeCase.routes.enumerated() {
        let name = routeName(routeCase.name, position)
        attributes[name] = route.attribute
        _ = try? table.add(name, route.text, priority: route.priority)
      }
    }
    return (table, attributes)
  }

  /// A case's first pattern is the route named after the case; later ones are `case #2`…
  static func routeName(_ caseName: String, _ position: Int) -> String {
    position == 0 ? caseName : "\(caseName) #\(position + 1)"
  }

  /// `public ` or `package ` when the enum is, so that the conformance is as visible.
  private static func access(of declaration: EnumDeclSyntax) -> String {
    for modifier in declaration.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }

  // MARK: - The generated members

  private static func members(
    of cases: [RouteCase], options: DeclaredOptions, access: String
  ) -> [DeclSyntax] {
    [
      routeTableDecl(cases, options: options, access: access),
      "private static let routesMatcher = RouteMatcher(routeTable)",
      """
      \(raw: access)init?(url: String) {
        guard let value = _RouteCaptures.value(of: url, matcher: Self.routesMatcher, read: Self.init(routeIndex:captures:)) else {
          return nil
        }
        self = value
      }
      """,
      """
      \(raw: access)init?(routeIndex: Int, match: RouteMatch) {
        guard let value = _RouteCaptures.value(of: match, routeIndex: routeIndex, read: Self.init(routeIndex:captures:)) else {
          return nil
        }
        self = value
      }
      """,
      initFromCapturesDecl(cases),
      urlDecl(cases, access: access),
    ]
  }

  private static func routeTableDecl(
    _ cases: [RouteCase], options: DeclaredOptions, access: String
  ) -> DeclSyntax {
    var lines: [String] = []
    if let expression = options.expression {
      lines.append("table = RouteTable(options: \(expression))")
    }
    for routeCase in cases {
      for (position, route) in routeCase.routes.enumerated() {
        var call = "try table.add(\(literal(routeName(routeCase.name, position)))"
        call += ", \(route.literal.trimmedDescription)"
        if route.priority != 0 { call += ", priority: \(route.priority)" }
        if let metadata = route.metadata { call += ", metadata: \(metadata.trimmedDescription)" }
        lines.append(call + ")")
      }
    }
    return """
      \(raw: access)static let routeTable: RouteTable = {
        var table = RouteTable()
        do {
          \(raw: lines.joined(separator: "\n"))
        } catch {
          // The macro read these patterns with the same parser when the enum was compiled.
          fatalError("@Routes: \\(error)")
        }
        return table
      }()
      """
  }

  private static func initFromCapturesDecl(_ cases: [RouteCase]) -> DeclSyntax {
    var branches: [String] = []
    var index = 0
    for routeCase in cases {
      // Patterns whose captures are read the same way share a branch.
      var bodies: [(indices: [String], body: String)] = []
      for route in routeCase.routes {
        let body = readingBody(
          routeCase, slots: route.pattern.map(stableSlots) ?? [:],
          query: Set(route.optionalQuery.map(\.name)))
        if let last = bodies.indices.last, bodies[last].body == body {
          bodies[last].indices.append(String(index))
        } else {
          bodies.append(([String(index)], body))
        }
        index += 1
      }
      for (indices, body) in bodies {
        branches.append("case \(indices.joined(separator: ", ")):\n" + body)
      }
    }
    return """
      private init?(routeIndex: Int, captures: _RouteCaptures) {
        switch routeIndex {
        \(raw: branches.joined(separator: "\n"))
        default:
          return nil
        }
      }
      """
  }

  /// The statements that make `routeCase` from a match of one of its patterns: a capture in
  /// `slots` is read by its slot, any other by name, a name in `query` from the query.
  private static func readingBody(
    _ routeCase: RouteCase, slots: [String: Int], query: Set<String>
  ) -> String {
    guard !routeCase.values.isEmpty else { return "self = .\(routeCase.name)" }
    var conditions: [String] = []
    for (position, value) in routeCase.values.enumerated() {
      let type = "\(value.baseType.trimmedDescription).self"
      let reader: String
      if query.contains(value.label) {
        reader = "queryValue(\(literal(value.label)), as: \(type))"
      } else if value.isOptional {
        reader = "optionalValue(\(literal(value.label)), as: \(type))"
      } else if let slot = slots[value.label] {
        reader = "value(\(slot), as: \(type))"
      } else {
        reader = "value(\(literal(value.label)), as: \(type))"
      }
      conditions.append("let value\(position) = captures.\(reader)")
    }
    let arguments = routeCase.values.enumerated().map { "\($1.label): value\($0)" }
    return [
      "guard \(conditions.joined(separator: ", ")) else { return nil }",
      "self = .\(routeCase.name)(\(arguments.joined(separator: ", ")))",
    ].joined(separator: "\n")
  }

  /// The slot of each capture that every variant of `pattern` holds in the same place, as a
  /// match holds them: the path's captures in order (an unnamed `*` too), then the query's,
  /// then the fragment's. A capture that an optional group moves or drops is not listed.
  static func stableSlots(_ pattern: RoutePattern) -> [String: Int] {
    var tail: [String?] = []
    for (_, requirement) in pattern.queryShape {
      if case .capture(_, let name) = requirement { tail.append(name) }
    }
    if case .capture(_, let name)? = pattern.fragmentShape { tail.append(name) }
    var result: [String: Int]?
    for shape in pattern.shapes {
      var names: [String?] = []
      for element in shape.path {
        switch element {
        case .capture(_, let name), .mixed(_, _, let name, _): names.append(name)
        case .star(let name): names.append(name)
        case .literal: break
        }
      }
      names += tail
      var slots: [String: Int] = [:]
      for (slot, name) in names.enumerated() {
        if let name { slots[name] = slot }
      }
      result = result.map { $0.filter { slots[$0.key] == $0.value } } ?? slots
    }
    return result ?? [:]
  }

  private static func urlDecl(_ cases: [RouteCase], access: String) -> DeclSyntax {
    var branches: [(pattern: String, body: String)] = []
    for routeCase in cases {
      let name = literal(routeCase.name)
      if routeCase.values.isEmpty {
        branches.append(
          (
            ".\(routeCase.name)",
            "return try Self.routeTable.url(for: \(name), host: host, scheme: scheme)"
          ))
        continue
      }
      let bindings = routeCase.values.indices.map { "let value\($0)" }.joined(separator: ", ")
      var body: [String] = []
      let required = routeCase.values.enumerated().filter { !$1.isOptional }
      let optional = routeCase.values.enumerated().filter { $1.isOptional }
      let entries = required.map { "\(literal($1.label)): value\($0)" }
      let dictionary = entries.isEmpty ? "[:]" : "[\(entries.joined(separator: ", "))]"
      if optional.isEmpty {
        body.append(
          "return try Self.routeTable.url(for: \(name), values: \(dictionary), host: host, scheme: scheme)"
        )
      } else {
        body.append("var values: [String: any BuildValueConvertible] = \(dictionary)")
        for (position, value) in optional {
          body.append(
            "if let value\(position) { values[\(literal(value.label))] = value\(position) }")
        }
        body.append(
          "return try Self.routeTable.url(for: \(name), values: values, host: host, scheme: scheme)"
        )
      }
      branches.append((".\(routeCase.name)(\(bindings))", body.joined(separator: "\n")))
    }
    // The last case is the `default`: with a `default`, the compiler checks the switch case by
    // case, while a switch that lists every case of an enum of about 1,000 cases with values
    // is not proven exhaustive in reasonable time (and a `default` after every case would be
    // a warning that it never runs).
    var lines = ["switch self {"]
    for branch in branches.dropLast() {
      lines.append("case \(branch.pattern):\n\(branch.body)")
    }
    if let last = branches.last {
      lines.append("default:")
      lines.append(
        "guard case \(last.pattern) = self else { fatalError(\"@Routes: a case the macro did not list\") }"
      )
      lines.append(last.body)
    }
    lines.append("}")
    return """
      \(raw: access)func url(host: String? = nil, scheme: String? = nil) throws(URLBuildingError) -> String {
        \(raw: lines.joined(separator: "\n"))
      }
      """
  }

  /// `text` as a Swift string literal.
  private static func literal(_ text: String) -> String { swiftLiteral(text) }
}

/// `@Route`: a marker that `@Routes` reads; it adds nothing itself.
public struct RouteMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if !declaration.is(EnumCaseDeclSyntax.self) {
      context.diagnose(
        Diagnostic(
          node: Syntax(node),
          message: RoutesMessage.error("@Route marks a case of a @Routes enum")))
    }
    return []
  }
}
