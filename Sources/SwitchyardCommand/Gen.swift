import ArgumentParser
import Switchyard
import SwitchyardFiles

/// `switchyard gen typescript|kotlin …`: a router for another language, generated from a
/// route table.
struct Gen: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Generate a TypeScript or Kotlin router (match and build) from a route table.",
    discussion: """
      Prints one dependency-free source file: the routes as a discriminated union (TypeScript) \
      or a sealed class (Kotlin) with typed values, match(url) with Switchyard's precedence, \
      decoding and checks, and url(route) escaping as Switchyard does. Replay \
      'switchyard vectors' against it in your CI to show it agrees.
      """,
    subcommands: [GenTypeScript.self]
  )
}

/// `switchyard gen typescript [--routes FILE]`
struct GenTypeScript: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "typescript",
    abstract:
      "Print a TypeScript module (TypeScript \(TypeScriptRouter.targetVersion)+, target es2020).",
    discussion: """
      Exports the type Route, match(url): Route | null, url(route, { host }): string (throws \
      RouteBuildError with Switchyard's code), and VALUE_TYPES. int values are bigint, float \
      values number, all others string. No DOM or Node API is used.
      """
  )

  @OptionGroup var source: RouteSource

  mutating func run() throws {
    let table = try source.loadTable()
    let text: String
    do {
      text = try TypeScriptRouter.source(for: table)
    } catch {
      printError("error: \(error.description)")
      throw SwitchyardTool.usageErrorStatus
    }
    try StandardOutput.write(text)
  }
}
