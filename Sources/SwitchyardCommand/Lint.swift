import ArgumentParser
import Switchyard
import SwitchyardFoundation

/// `switchyard lint [--routes FILE] [--format text|json]`
struct Lint: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Find duplicate, shadowed and overlapping routes, each with a witness URL.",
    discussion: """
      Every finding names its routes and a witness: a URL that shows it when matched. Kinds: \
      duplicate and shadowed (errors), captureNameCase, unreachableAlternative and \
      matchesEverything (warnings), overlap (notes).

      Exit status: 0 when there is no error-level finding, 1 when there is one, 2 for a usage \
      or route-file error.

      --format json prints one JSON array of objects with the keys kind, routes, witness and \
      message.
      """
  )

  @OptionGroup var source: RouteSource

  @Option(name: .long, help: "Output format: text (for people) or json (one array).")
  var format: OutputFormat = .text

  mutating func run() throws {
    let table = try source.loadTable()
    let findings = table.lint()
    switch format {
    case .json: try StandardOutput.writeLine(LintFormatter.json(findings))
    case .text:
      try StandardOutput.writeLine(
        terminalSafe(LintFormatter.text(findings, routeCount: table.routes.count)))
    }
    if findings.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
  }
}

/// Renders lint findings as the JSON array of docs/CommandLine.md or as text for people.
enum LintFormatter {
  /// A JSON string. Printable ASCII (the common case: names, patterns, witnesses, messages
  /// with quoted names) is escaped here in one pass; anything else goes to `JSONEscaping`.
  static func quote(_ text: String) -> String {
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    bytes.reserveCapacity(text.utf8.count + 8)
    for byte in text.utf8 {
      guard byte >= UInt8(ascii: " ") && byte < 0x7F else { return JSONEscaping.quote(text) }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        bytes.append(UInt8(ascii: "\\"))
      }
      bytes.append(byte)
    }
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `[{"kind":…,"routes":[…],"witness":…,"message":…},…]` on one line.
  static func json(_ findings: [LintFinding]) -> String {
    "["
      + findings.map { finding in
        "{\"kind\":" + quote(finding.kind.name) + ",\"routes\":["
          + finding.routes.map(quote).joined(separator: ",") + "],\"witness\":"
          + quote(finding.witness) + ",\"message\":" + quote(finding.message) + "}"
      }.joined(separator: ",") + "]"
  }

  /// One block per finding, then a count line:
  ///
  /// ```text
  /// error: shadowed: every URL "x" (/p/x) matches is won by other routes; …
  ///   witness: /p/x
  ///
  /// 1 error, 0 warnings, 0 notes in 2 routes
  /// ```
  static func text(_ findings: [LintFinding], routeCount: Int) -> String {
    var blocks = findings.map(\.description)
    func count(_ severity: LintFinding.Severity, _ word: String) -> String {
      let number = findings.filter { $0.severity == severity }.count
      return "\(number) \(word)\(number == 1 ? "" : "s")"
    }
    blocks.append(
      "\(count(.error, "error")), \(count(.warning, "warning")), \(count(.note, "note")) in "
        + "\(routeCount) route\(routeCount == 1 ? "" : "s")")
    return blocks.joined(separator: "\n\n")
  }
}
