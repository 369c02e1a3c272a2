import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros
import SwitchyardMacrosExpansion

/// The compiler plugin of `SwitchyardMacros`: `@Routes` and its `@Route` markers, and
/// `#pattern`.
///
/// The compiler asks for the macros by this module's name, so they are declared here; their
/// code is in `SwitchyardMacrosExpansion`, which the expansion tests use without the plugin.
@main
struct SwitchyardMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [RoutesMacro.self, RouteMacro.self, PatternMacro.self]
}

/// `@Routes` (see `SwitchyardMacrosExpansion.RoutesMacro`).
public struct RoutesMacro: MemberMacro, ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    try SwitchyardMacrosExpansion.RoutesMacro.expansion(
      of: node, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols,
      in: context)
  }

  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    try SwitchyardMacrosExpansion.RoutesMacro.expansion(
      of: node, providingMembersOf: declaration, conformingTo: protocols, in: context)
  }
}

/// `@Route` (see `SwitchyardMacrosExpansion.RouteMacro`).
public struct RouteMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    try SwitchyardMacrosExpansion.RouteMacro.expansion(
      of: node, providingPeersOf: declaration, in: context)
  }
}

/// `#pattern` (see `SwitchyardMacrosExpansion.PatternMacro`).
public struct PatternMacro: ExpressionMacro {
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
  ) throws -> ExprSyntax {
    try SwitchyardMacrosExpansion.PatternMacro.expansion(of: node, in: context)
  }
}
