import ArgumentParser
import Switchyard
import SwitchyardFoundation

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
    case .text: print(tree.text())
    case .dot: print(tree.dot())
    case .mermaid: print(tree.mermaid())
    }
  }
}
