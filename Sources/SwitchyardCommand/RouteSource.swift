import ArgumentParser
import Switchyard
import SwitchyardFiles

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `--routes FILE`, shared by every subcommand that reads a route table.
///
/// Any file that can be read to its end works (a pipe, a FIFO, `<(…)`); `-` is standard input.
struct RouteSource: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The route file to read ('-' for standard input).",
      discussion: "Default: ./routes.json if there is one, else the built-in example table.",
      valueName: "file"),
    completion: .file(extensions: ["json"]))
  var routes: String?

  /// The `--routes` value that means standard input.
  static let standardInputName = "-"

  /// The name standard input has in error messages.
  static let standardInputDisplayName = "<stdin>"

  /// Whether the route file is read from standard input (which then cannot carry URLs).
  var readsStandardInput: Bool { routes == Self.standardInputName }

  /// The name of the route file looked for in the current directory.
  static let defaultFileName = "routes.json"

  /// Where a table came from, for the note on stderr.
  enum Origin: Equatable {
    case file(String)
    case standardInput
    case currentDirectory
    case builtIn
  }

  /// Loads the table, or prints the route-file error on stderr and throws exit status 2.
  ///
  /// When no `--routes` was given, a note on stderr says which table is used.
  func loadTable() throws -> RouteTable {
    let origin = resolveOrigin()
    do {
      let table: RouteTable
      switch origin {
      case .file(let path):
        table = try RouteFile.load(contentsOf: path)
      case .standardInput:
        let name = Self.standardInputDisplayName
        table = try RouteFile.parse(
          bytes: RouteFile.readStandardInput(name: name), fileName: name)
      case .currentDirectory:
        table = try RouteFile.load(contentsOf: Self.defaultFileName)
        let count = table.routes.count
        printError(
          "note: using routes from ./\(Self.defaultFileName) (\(count) route\(count == 1 ? "" : "s"))"
        )
      case .builtIn:
        table = try BuiltInRoutes.table()
        printError(
          "note: using the built-in example table (\(table.routes.count) routes); "
            + "pass --routes FILE or put a routes.json here to use your own")
      }
      return table
    } catch {
      printError("\(error)")
      throw SwitchyardTool.usageErrorStatus
    }
  }

  func resolveOrigin() -> Origin {
    if readsStandardInput { return .standardInput }
    if let routes { return .file(routes) }
    // Anything at ./routes.json, a directory too, is the table asked for: one that cannot be
    // read is an error, never a silent fall-back to the built-in table.
    if PathKind(path: Self.defaultFileName) != .missing {
      return .currentDirectory
    }
    return .builtIn
  }
}
