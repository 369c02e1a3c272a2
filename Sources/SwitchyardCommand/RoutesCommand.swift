import ArgumentParser
import Switchyard
import SwitchyardFiles

/// Text for people with each line made safe for a terminal (control characters from route
/// files and URLs written as escapes); line breaks are kept.
func terminalSafe(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false).map {
    String($0).escapedForDisplayKeepingBackslashes
  }.joined(separator: "\n")
}

/// `switchyard routes [--routes FILE] [--format text|dot|mermaid]`
struct RoutesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "routes",
    abstract: "Print the route table as a tree: scheme, host, path elements, route names.",
    discussion: """
      Each alternative of a pattern's optional groups is drawn, so a route can appear at \
      several places; children are in precedence order. --format dot prints a Graphviz \
      digraph, --format mermaid a Mermaid flowchart.
      """
  )

  /// The output formats of `routes`.
  enum TreeFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, dot, mermaid
  }

  @OptionGroup var source: RouteSource

  @Option(name: .long, help: "Output format: text, dot (Graphviz) or mermaid.")
  var format: TreeFormat = .text

  mutating func run() throws {
    let tree = try source.loadTable().tree
    switch format {
    case .text: try StandardOutput.writeLine(terminalSafe(tree.text()))
    case .dot: try StandardOutput.writeLine(terminalSafe(tree.dot()))
    case .mermaid: try StandardOutput.writeLine(terminalSafe(tree.mermaid()))
    }
  }
}
