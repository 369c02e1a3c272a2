import ArgumentParser
import Switchyard
import SwitchyardFiles

/// `switchyard explain [--routes FILE] [--format text|json] URL`
struct Explain: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show how a URL is read, where each route fails, and why the winner wins.",
    discussion: """
      Shows the URL's parts as the engine reads them, the routes that could match it (the \
      matching ones first, best first, then up to \(RouteExplanation.nearMissesShown) of the \
      others that got furthest into the URL, with the part where they failed: scheme, host, \
      port, segment N, conversion, query or fragment) and how many other routes there are, \
      and the precedence rule that ranked the winner before the runner-up. --all lists every \
      route; --format json always does.

      Exit status: 0 when a route matched, 1 when none did, 2 for a usage or route-file error.
      """
  )

  @OptionGroup var source: RouteSource

  @Option(name: .long, help: "Output format: text (for people) or json (one object).")
  var format: OutputFormat = .text

  @Flag(name: .long, help: "List every route in the text format, not only those that could match.")
  var all = false

  @Argument(help: ArgumentHelp("The URL to explain.", valueName: "url"))
  var url: String

  mutating func run() throws {
    let table = try source.loadTable()
    let explanation = table.explain(url)
    switch format {
    case .json: try StandardOutput.writeLine(ExplainFormatter.json(explanation))
    case .text:
      // The explanation's own text form (its `description` is the `--all` text).
      try StandardOutput.writeLine(
        explanation.text(nearMisses: all ? nil : RouteExplanation.nearMissesShown))
    }
    if explanation.winner == nil { throw ExitCode(1) }
  }
}

/// Renders a ``RouteExplanation`` as one JSON object (its text form is its own `description`).
enum ExplainFormatter {
  static func quoted(_ text: String) -> String { JSONEscaping.quote(text) }

  /// `{"url":…,"parts":{…},"routes":[{"route":…,"pattern":…,"matched":…,…}],"winner":…,
  /// "runnerUp":…,"rule":…,"decision":…}` on one line.
  static func json(_ explanation: RouteExplanation) -> String {
    let parts = explanation.parts
    var out = "{\"url\":" + quoted(explanation.url) + ",\"parts\":{"
    out += "\"scheme\":" + (parts.scheme.map(quoted) ?? "null")
    out += ",\"hostAsPath\":\(explanation.hostAsPath)"
    out += ",\"host\":" + (parts.host.map(quoted) ?? "null")
    out += ",\"port\":" + (parts.port.map { "\($0)" } ?? "null")
    out += ",\"segments\":[" + parts.pathSegments.map(quoted).joined(separator: ",") + "]"
    out +=
      ",\"query\":["
      + explanation.query.map { "[" + quoted($0.name) + "," + quoted($0.value) + "]" }
      .joined(separator: ",") + "]"
    out += ",\"fragment\":" + (parts.fragment.map(quoted) ?? "null") + "}"
    out +=
      ",\"routes\":["
      + explanation.routes.map { consideration in
        var item =
          "{\"route\":" + quoted(consideration.route.name) + ",\"pattern\":"
          + quoted(consideration.route.pattern.text) + ",\"priority\":"
          + "\(consideration.route.priority),\"matched\":\(consideration.failure == nil)"
        if let failure = consideration.failure {
          item += ",\"part\":" + quoted(failure.part.description)
          item += ",\"segment\":" + (failure.segment.map { "\($0)" } ?? "null")
          item += ",\"reason\":" + quoted(failure.reason)
        }
        return item + "}"
      }.joined(separator: ",") + "]"
    out += ",\"winner\":" + (explanation.winner.map(quoted) ?? "null")
    out += ",\"runnerUp\":" + (explanation.runnerUp.map(quoted) ?? "null")
    out += ",\"rule\":" + (explanation.decision.map { quoted($0.rule.name) } ?? "null")
    out += ",\"decision\":" + (explanation.decision.map { quoted($0.explanation) } ?? "null")
    return out + "}"
  }
}
