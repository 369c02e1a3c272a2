import ArgumentParser
import Switchyard
import SwitchyardFiles

/// `switchyard explain [--routes FILE] [--format text|json] URL`
struct Explain: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show how a URL is read, where each route fails, and why the winner wins.",
    discussion: """
      Shows the URL's parts as the engine reads them, every route (the matching ones first, \
      best first, then the others with the part where they failed: scheme, host, port, \
      segment N, conversion, query or fragment), and the precedence rule that ranked the \
      winner before the runner-up.

      Exit status: 0 when a route matched, 1 when none did, 2 for a usage or route-file error.
      """
  )

  @OptionGroup var source: RouteSource

  @Option(name: .long, help: "Output format: text (for people) or json (one object).")
  var format: OutputFormat = .text

  @Argument(help: ArgumentHelp("The URL to explain.", valueName: "url"))
  var url: String

  mutating func run() throws {
    let table = try source.loadTable()
    let explanation = table.explain(url)
    switch format {
    case .json: try StandardOutput.writeLine(ExplainFormatter.json(explanation))
    case .text: try StandardOutput.writeLine(terminalSafe(ExplainFormatter.text(explanation)))
    }
    if explanation.winner == nil { throw ExitCode(1) }
  }
}

/// Renders a ``RouteExplanation`` for people or as one JSON object.
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
          item += ",\"part\":" + quoted(failure.part.rawValue)
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

  /// The URL's parts, the routes (matched ones numbered best first, then the failures) and the
  /// deciding rule.
  static func text(_ explanation: RouteExplanation) -> String {
    let parts = explanation.parts
    var lines = [explanation.url.isEmpty ? "(empty URL)" : explanation.url]
    let query =
      explanation.query.isEmpty
      ? "(none)"
      : explanation.query.map { "\($0.name) = \(quoted($0.value))" }.joined(
        separator: ", ")
    let rows: [(String, String)] = [
      ("scheme", parts.scheme ?? "(none)"),
      (
        "host",
        explanation.hostAsPath
          ? "(none: this scheme reads its host as the first path segment)"
          : parts.host ?? "(none)"
      ),
      ("port", parts.port.map { "\($0)" } ?? "(none)"),
      (
        "path",
        parts.pathSegments.isEmpty
          ? "(no segments)"
          : parts.pathSegments.enumerated().map { "\($0.offset + 1):\(quoted($0.element))" }
            .joined(separator: " ")
      ),
      ("query", query),
      ("fragment", parts.fragment.map(quoted) ?? "(none)"),
    ]
    let labelWidth = rows.map(\.0.count).max() ?? 0
    lines += rows.map { "  " + $0.0.padding(to: labelWidth) + "  " + $0.1 }
    lines.append("")
    let nameWidth = explanation.routes.map(\.route.name.count).max() ?? 0
    let patternWidth = explanation.routes.map(\.route.pattern.text.count).max() ?? 0
    var rank = 0
    lines.append("routes, best first:")
    for consideration in explanation.routes {
      let name = consideration.route.name.padding(to: nameWidth)
      let pattern = consideration.route.pattern.text.padding(to: patternWidth)
      if let failure = consideration.failure {
        lines.append("  -   \(name)  \(pattern)  no: \(failure.reason)")
      } else {
        rank += 1
        let marker = rank == 1 ? "matched, wins" : "matched"
        let number = "\(rank).".padding(to: 3)
        lines.append("  \(number) \(name)  \(pattern)  \(marker)")
      }
    }
    if explanation.routes.isEmpty { lines.append("  (the table has no routes)") }
    lines.append("")
    switch (explanation.winner, explanation.runnerUp) {
    case (nil, _):
      lines.append("no route matched")
    case (let winner?, nil):
      lines.append("winner: \(winner) (the only route that matched)")
    case (let winner?, let runnerUp?):
      lines.append(
        "winner: \(winner), over \(runnerUp) by "
          + (explanation.decision.map(\.explanation) ?? "precedence"))
    }
    return lines.joined(separator: "\n")
  }
}

extension String {
  /// The string padded with spaces to `width` characters.
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
