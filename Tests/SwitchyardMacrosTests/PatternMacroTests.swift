import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Switchyard
import SwitchyardMacros
import SwitchyardMacrosExpansion
import Testing

/// `#pattern`: the literal read at compile time, expanded to itself.
@Suite("#pattern: a pattern literal checked at compile time")
struct PatternMacroTests {
  static let macros: [String: MacroSpec] = ["pattern": MacroSpec(type: PatternMacro.self)]

  static func expand(
    _ source: String, expandedSource: String, diagnostics: [DiagnosticSpec] = [],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    assertMacroExpansion(
      source, expandedSource: expandedSource, diagnostics: diagnostics, macroSpecs: macros,
      indentationWidth: .spaces(2),
      failureHandler: { failure in
        Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
      })
  }

  @Test("A pattern the parser reads expands to the literal itself")
  func valid() {
    Self.expand(
      #"try table.add("user", #pattern("myapp://user/<int:id>(/<tab>)"))"#,
      expandedSource: #"try table.add("user", "myapp://user/<int:id>(/<tab>)")"#)
  }

  @Test(
    "A syntax error is an error at the column the parser names, with the message RoutePattern gives"
  )
  func syntaxError() throws {
    let pattern = "/users/<int:id"
    let error = try #require(throws: PatternSyntaxError.self) { try RoutePattern(pattern) }
    // `let p = #pattern("` puts the pattern's first character at column 19.
    Self.expand(
      "let p = #pattern(\"\(pattern)\")",
      expandedSource: "let p = #pattern(\"\(pattern)\")",
      diagnostics: [
        DiagnosticSpec(
          message: "\(error.message) (column \(error.column) of the pattern)\n"
            + "  \(pattern)\n  \(String(repeating: " ", count: error.column - 1))^",
          line: 1, column: 18 + error.column)
      ])
  }

  @Test("A capture type that is not built in is left to the table that registers it")
  func registeredType() {
    Self.expand(
      #"let p = #pattern("/paint/<color:c>/<int:n>")"#,
      expandedSource: #"let p = "/paint/<color:c>/<int:n>""#)
  }

  @Test("Used in code, the expression is the pattern string")
  func inCode() throws {
    var table = RouteTable()
    try table.add("user", #pattern("myapp://user/<int:id>"))
    #expect(table.routes.first?.pattern.text == "myapp://user/<int:id>")
    let match = try #require(RouteMatcher(table).match("myapp://user/42"))
    #expect(try match.value("id", as: Int.self) == 42)
  }

  @Test("An interpolated literal is an error on the macro")
  func interpolation() {
    Self.expand(
      #"let p = #pattern("/users/\(id)")"#,
      expandedSource: #"let p = #pattern("/users/\(id)")"#,
      diagnostics: [
        DiagnosticSpec(
          message:
            "the pattern of #pattern must be a string literal without interpolation: the macro reads it at compile time",
          line: 1, column: 18)
      ])
  }

  @Test("A literal with an escape sequence: the message names it")
  func escape() {
    Self.expand(
      #"let p = #pattern("/a\\b")"#,
      expandedSource: #"let p = #pattern("/a\\b")"#,
      diagnostics: [
        DiagnosticSpec(
          message:
            ##"the pattern of #pattern contains the escape sequence '\\': the macro reads a pattern as written, column by column, so write it without escapes (a raw string #"…"# for a backslash, a percent escape such as %7F for a character a URL cannot hold as it is)"##,
          line: 1, column: 18)
      ])
  }
}
