import ArgumentParser
import Switchyard
import SwitchyardFiles

/// `switchyard url [--routes FILE] ROUTE [NAME=VALUE ...] [--host HOST] [--scheme SCHEME]`
struct URLCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "url",
    abstract: "Build the URL of a route from values (reverse routing).",
    discussion: """
      Prints the URL that matches ROUTE with exactly the given values, on one line. Each \
      NAME=VALUE fills the capture NAME; a NAME that is no capture goes to the query (sorted \
      by name), and a NAME given twice is a repeated query value.

      Exit status: 0 when the URL was printed, 2 on any error (unknown route, missing \
      capture, value that does not convert, wildcard host without --host, route-file or \
      usage error): the message is on stderr and nothing is on stdout.
      """
  )

  @OptionGroup var source: RouteSource

  @Option(name: .long, help: "The host to print (required when the route's host is a wildcard).")
  var host: String?

  @Option(name: .long, help: "The scheme to print (one the route answers).")
  var scheme: String?

  @Argument(help: ArgumentHelp("The route's name.", valueName: "route"))
  var route: String

  @Argument(help: ArgumentHelp("The values, as NAME=VALUE.", valueName: "name=value"))
  var assignments: [String] = []

  mutating func run() throws {
    let values = try Self.values(from: assignments)
    let table = try source.loadTable()
    let url: String
    do {
      url = try table.url(for: route, values: values, host: host, scheme: scheme)
    } catch {
      printError("error: \(error)")
      throw SwitchyardTool.usageErrorStatus
    }
    try StandardOutput.writeLine(url)
  }

  /// Reads `NAME=VALUE` arguments (split at the first `=`); a name given more than once
  /// becomes a list, in order.
  static func values(from assignments: [String]) throws -> [String: BuildValue] {
    var lists: [String: [String]] = [:]
    for assignment in assignments {
      guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
        printError("error: expected NAME=VALUE, got '\(assignment)'")
        throw SwitchyardTool.usageErrorStatus
      }
      let name = String(assignment[..<equals])
      lists[name, default: []].append(String(assignment[assignment.index(after: equals)...]))
    }
    return lists.mapValues { $0.count == 1 ? .string($0[0]) : .list($0.map { .string($0) }) }
  }
}
