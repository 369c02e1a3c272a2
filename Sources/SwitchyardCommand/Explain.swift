import ArgumentParser
import Switchyard
import SwitchyardFiles

/// `switchyard explain [--routes FILE] [--format text|json] URL`
struct Explain: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show how a URL is read, where each route fails, and why the winner wins.",
    discussion: """
      Shows the URL's parts as the engine reads them, the routes that could match it (the \
      matching ones first, best first, then up to \(ExplainFormatter.nearMissesShown) of the \
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
      try StandardOutput.writeLine(
        terminalSafe(
          ExplainFormatter.text(
            explanation, nearMisses: all ? nil : ExplainFormatter.nearMissesShown)))
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

  /// How many of the routes that did not match the text format lists unless `--all` is
  /// given: a table of 100,000 routes would otherwise print a line for each.
  static let nearMissesShown = 10

  /// How far into the URL a route got before it failed: a later part (and a later segment)
  /// is further.
  static func reach(_ failure: RouteExplanation.Failure) -> (part: Int, segment: Int) {
    switch failure.part {
    case .scheme: return (0, 0)
    case .host: return (1, 0)
    case .port: return (2, 0)
    // A route that failed at no segment in particular matched through another alternative.
    case .segment, .conversion: return failure.segment.map { (3, $0) } ?? (6, 0)
    case .query: return (4, 0)
    case .fragment: return (5, 0)
    }
  }

  /// The URL's parts, the routes (matched ones numbered best first, then the failures) and the
  /// deciding rule. With `nearMisses`, only that many of the routes that failed are listed —
  /// those that got furthest into the URL, in the order of the explanation — then a line
  /// that counts the others.
  static func text(_ explanation: RouteExplanation, nearMisses: Int? = nil) -> String {
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
    let shown = shownRoutes(explanation.routes, nearMisses: nearMisses)
    let nameWidth = shown.map(\.route.name.count).max() ?? 0
    let patternWidth = shown.map(\.route.pattern.text.count).max() ?? 0
    var rank = 0
    lines.append("routes, best first:")
    for consideration in shown {
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
    let hidden = explanation.routes.count - shown.count
    if hidden > 0 {
      lines.append(
        "  (\(hidden) other route\(hidden == 1 ? "" : "s") did not match; --all lists every "
          + "route)")
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

extension ExplainFormatter {
  /// Every route that matched, then at most `nearMisses` of the others (all of them when
  /// `nil`): those that got furthest into the URL, kept in the explanation's order.
  static func shownRoutes(
    _ routes: [RouteExplanation.Consideration], nearMisses: Int?
  ) -> [RouteExplanation.Consideration] {
    guard let nearMisses else { return routes }
    let failed = routes.enumerated().compactMap { index, consideration in
      consideration.failure.map { (index: index, reach: reach($0)) }
    }
    guard failed.count > nearMisses else { return routes }
    // The furthest first; among equals, the explanation's order (a stable choice).
    let closest = failed.sorted { a, b in
      a.reach != b.reach ? a.reach > b.reach : a.index < b.index
    }.prefix(nearMisses).map(\.index)
    let keep = Set(closest)
    return routes.indices.filter { routes[$0].failure == nil || keep.contains($0) }.map {
      routes[$0]
    }
  }
}

extension String {
  /// The string padded with spaces to `width` characters.
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
