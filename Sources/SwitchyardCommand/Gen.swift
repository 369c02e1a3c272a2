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
    subcommands: [GenTypeScript.self, GenKotlin.self]
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

  @Flag(
    help:
      "Print instead a Node program that replays 'switchyard vectors' against ./routes (the generated module)."
  )
  var runner = false

  @Flag(
    name: .customLong("links-client"),
    help:
      "Print instead the web client of Switchyard Links (links.ts, beside ./routes): it looks short links up and routes the long URL with the generated router."
  )
  var linksClient = false

  mutating func run() throws {
    if linksClient {
      try StandardOutput.write(TypeScriptLinksClient.source)
      return
    }
    if runner {
      try StandardOutput.write(TypeScriptRouter.runner)
      return
    }
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

/// `switchyard gen kotlin [--routes FILE] [--package NAME]`
struct GenKotlin: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "kotlin",
    abstract: "Print a Kotlin file (Kotlin \(KotlinRouter.targetVersion)+, JVM and Android).",
    discussion: """
      Declares the sealed class Route (one object or data class per route), \
      RouteBuildException, and the object SwitchyardRoutes with match(url): Route?, \
      url(route, host): String, describe(route), route(name, values) and valueTypes. int \
      values are Long, float values Double, all others String.
      """
  )

  @OptionGroup var source: RouteSource

  @Option(
    name: .customLong("package"),
    help: ArgumentHelp("The Kotlin package of the file.", valueName: "name"))
  var packageName = "switchyard.routes"

  @Flag(
    help:
      "Print instead a program (Runner.kt, in the same package) that replays 'switchyard vectors' against the generated router."
  )
  var runner = false

  @Flag(
    name: .customLong("links-client"),
    help:
      "Print instead the Android client of Switchyard Links (SwitchyardLinks.kt, in the same package): it redeems the Install Referrer's token or looks up a short link, and routes the long URL with the generated router."
  )
  var linksClient = false

  mutating func run() throws {
    let text: String
    if linksClient {
      do {
        text = try KotlinLinksClient.source(package: packageName)
      } catch {
        printError("error: \(error.description)")
        throw SwitchyardTool.usageErrorStatus
      }
      try StandardOutput.write(text)
      return
    }
    if runner {
      do {
        text = try KotlinRouter.runner(package: packageName)
      } catch {
        printError("error: \(error.description)")
        throw SwitchyardTool.usageErrorStatus
      }
      try StandardOutput.write(text)
      return
    }
    let table = try source.loadTable()
    do {
      text = try KotlinRouter.source(for: table, package: packageName)
    } catch {
      printError("error: \(error.description)")
      throw SwitchyardTool.usageErrorStatus
    }
    try StandardOutput.write(text)
  }
}
