import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros
import Switchyard

/// `#pattern("…")`: a route pattern literal read at compile time by the core's parser. The
/// expansion is the literal itself; a syntax error is a compile error at the column the parser
/// names, with its message.
///
/// A capture type other than the built-in ones (`<color:c>`) is taken as one the table
/// registers (`ParameterType`): its text is checked when the pattern is added, as without the
/// macro.
public struct PatternMacro: ExpressionMacro {
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
  ) throws -> ExprSyntax {
    guard let argument = node.arguments.first?.expression,
      let literal = argument.as(StringLiteralExprSyntax.self)
    else {
      throw DiagnosticsError(diagnostics: [
        Diagnostic(
          node: Syntax(node),
          message: RoutesMessage.error(
            "#pattern takes a string literal: the macro reads it at compile time", id: "pattern"))
      ])
    }
    let read = PatternLiteral(literal)
    guard case .text(let text) = read else {
      throw DiagnosticsError(diagnostics: [
        Diagnostic(
          node: Syntax(literal),
          message: RoutesMessage.error(read.problem("the pattern of #pattern") ?? "", id: "pattern")
        )
      ])
    }
    do throws(PatternSyntaxError) {
      _ = try RoutePattern(text, types: registeredTypes(in: text))
    } catch {
      var checks = RouteChecks()
      checks.diagnosePatternError(error, in: literal)
      throw DiagnosticsError(diagnostics: checks.diagnostics)
    }
    return ExprSyntax(literal)
  }

  /// A capture type for every `<name:` in `text` that is not built in, accepting any text.
  private static func registeredTypes(in text: String) -> [ParameterType] {
    var names: [String] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "<") {
      rest = rest[rest.index(after: open)...]
      guard let colon = rest.firstIndex(of: ":"),
        let close = rest.firstIndex(of: ">"), colon < close
      else { continue }
      let name = String(rest[..<colon])
      if !name.isEmpty, !CaptureType.builtinNames.contains(name), !names.contains(name) {
        names.append(name)
      }
    }
    return names.map { ParameterType($0, accepts: { _ in true }) }
  }
}
