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

/// What `@Routes` adds after an enum whose expansion failed (its errors reported): the
/// conformance, with members that stand in for the ones not written, so that the uses of the
/// type add no "requires that … conform to 'Routes'" of their own.
func failedConformance(_ type: String, access: String = "") -> String {
  "\n\n"
    + """
    extension \(type): Switchyard.Routes {
      \(access)static var routeTable: Switchyard.RouteTable {
        Switchyard.RouteTable()
      }
      \(access)init?(routeIndex: Int, match: Switchyard.RouteMatch) {
        return nil
      }
      \(access)func url(host: String? = nil, scheme: String? = nil) throws(Switchyard.URLBuildingError) -> String {
        fatalError("@Routes: the enum has errors, reported where they are")
      }
    }
    """
}
