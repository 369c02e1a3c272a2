import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import SwitchyardMacrosExpansion
import Testing

/// The macros under test, by the names the sources write.
let routesMacros: [String: MacroSpec] = [
  "Routes": MacroSpec(type: RoutesMacro.self, conformances: ["Routes"]),
  "Route": MacroSpec(type: RouteMacro.self),
]

/// Expands `source` with the plugin's macros and compares the expansion, the diagnostics (with
/// their line and column) and the fixed source; a difference is a test issue.
func assertRoutesExpansion(
  _ source: String, expandedSource: String, diagnostics: [DiagnosticSpec] = [],
  applyFixIts: [String]? = nil, fixedSource: String? = nil,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  assertMacroExpansion(
    source, expandedSource: expandedSource, diagnostics: diagnostics, macroSpecs: routesMacros,
    applyFixIts: applyFixIts, fixedSource: fixedSource, indentationWidth: .spaces(2),
    failureHandler: { failure in
      Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
    })
}
