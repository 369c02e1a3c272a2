import ArgumentParser
import Switchyard
import SwitchyardFiles

/// `switchyard lint [--routes FILE] [--format text|json] [--all-notes]`
struct Lint: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Find duplicate, shadowed and overlapping routes, each with a witness URL.",
    discussion: """
      Every finding names its routes and a witness: a URL that shows it when matched. Kinds: \
      duplicate and shadowed (errors), captureNameCase, unreachableAlternative and \
      matchesEverything (warnings), overlap and undecided (notes). A route is undecided when \
      the search for a URL it wins reaches a fixed limit on its work (counted steps, not \
      time; see the message), so the findings depend on the table alone.

      The text format shows every error, warning and undecided note, and the first \
      \(LintFormatter.overlapNotesShown) overlap notes followed by how many more there are; \
      --all-notes shows them all.

      Exit status: 0 when there is no error-level finding, 1 when there is one, 2 for a usage \
      or route-file error.

      --format json prints one JSON array with every finding: objects with the keys kind, \
      routes, witness and message.
      """
  )

  @OptionGroup var source: RouteSource

  @Option(name: .long, help: "Output format: text (for people) or json (one array).")
  var format: OutputFormat = .text

  @Flag(
    name: .long,
    help:
      "Show every overlap note in the text format (by default the first \(LintFormatter.overlapNotesShown))."
  )
  var allNotes = false

  mutating func run() throws {
    let table = try source.loadTable()
    let findings = table.lint()
    switch format {
    case .json: try StandardOutput.writeLine(LintFormatter.json(findings))
    case .text:
      try StandardOutput.writeLine(
        terminalSafe(
          LintFormatter.text(
            findings, routeCount: table.routes.count,
            overlapLimit: allNotes ? nil : LintFormatter.overlapNotesShown)))
    }
    if findings.contains(where: { $0.kind.severity == .error }) { throw ExitCode(1) }
  }
}

/// Renders lint findings as the JSON array of SwitchyardFiles.docc/CommandLine.md or as text for people.
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
        "{\"kind\":" + quote(finding.kind.rawValue) + ",\"routes\":["
          + finding.routes.map(quote).joined(separator: ",") + "],\"witness\":"
          + quote(finding.witness) + ",\"message\":" + quote(finding.message) + "}"
      }.joined(separator: ",") + "]"
  }

  /// How many `overlap` notes the text format shows unless `--all-notes` is given: a large
  /// table has tens of thousands (27,879 in the benchmarks' 10,000-route table).
  static let overlapNotesShown = 20

  /// One block per finding, then a count line:
  ///
  /// ```text
  /// error: shadowed: every URL "x" (/p/x) matches is won by other routes; …
  ///   witness: /p/x
  ///
  /// 1 error, 0 warnings, 0 notes in 2 routes
  /// ```
  ///
  /// With an `overlapLimit`, only the first that many `overlap` notes are shown, then one line
  /// that says how many were left out; every other finding is always shown.
  static func text(_ findings: [LintFinding], routeCount: Int, overlapLimit: Int? = nil) -> String {
    var blocks: [String] = []
    var overlaps = 0
    for finding in findings {
      if finding.kind == .overlap {
        overlaps += 1
        if let overlapLimit, overlaps > overlapLimit { continue }
      }
      blocks.append(finding.description)
    }
    if let overlapLimit, overlaps > overlapLimit {
      let hidden = overlaps - overlapLimit
      blocks.append(
        "note: \(hidden) more overlap note\(hidden == 1 ? "" : "s") not shown "
          + "(--all-notes shows them; --format json lists every finding)")
    }
    func count(_ severity: LintFinding.Severity, _ word: String) -> String {
      let number = findings.filter { $0.kind.severity == severity }.count
      return "\(number) \(word)\(number == 1 ? "" : "s")"
    }
    blocks.append(
      "\(count(.error, "error")), \(count(.warning, "warning")), \(count(.note, "note")) in "
        + "\(routeCount) route\(routeCount == 1 ? "" : "s")")
    return blocks.joined(separator: "\n\n")
  }
}
