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
    // Each finding is written as the lint finds it and then dropped: a large table has
    // hundreds of thousands of overlap notes, more memory than the table itself.
    var counts = LintFormatter.Counts()
    switch format {
    case .json:
      try StandardOutput.write("[")
      try table.lint { finding in
        if counts.total > 0 { try StandardOutput.write(",") }
        counts.add(finding)
        try StandardOutput.write(LintFormatter.json(finding))
      }
      try StandardOutput.writeLine("]")
    case .text:
      let overlapLimit = allNotes ? nil : LintFormatter.overlapNotesShown
      try table.lint { finding in
        counts.add(finding)
        if finding.kind == .overlap, let overlapLimit, counts.overlaps > overlapLimit { return }
        try StandardOutput.writeLine(LintFormatter.text(finding) + "\n")
      }
      if let note = counts.hiddenOverlaps(limit: overlapLimit) {
        try StandardOutput.writeLine(note + "\n")
      }
      try StandardOutput.writeLine(counts.summary(routeCount: table.routes.count))
    }
    if counts.errors > 0 { throw ExitCode(1) }
  }
}

/// Renders lint findings as the JSON array of SwitchyardFiles.docc/CommandLine.md (`[`, the findings separated
/// by commas, `]`, on one line) or as text for people: one block per finding, then a count
/// line, blocks separated by an empty line:
///
/// ```text
/// error: shadowed: every URL "x" (/p/x) matches is won by other routes; …
///   witness: /p/x
///
/// 1 error, 0 warnings, 0 notes in 2 routes
/// ```
///
/// Unless `--all-notes` is given, only the first ``overlapNotesShown`` `overlap` notes are
/// shown, then one line that says how many were left out; every other finding is always shown.
enum LintFormatter {
  /// A JSON string. Printable ASCII (the common case: names, patterns, witnesses, messages
  /// with quoted names) is escaped here in one pass; anything else goes to `JSONEscaping`.
  static func quote(_ text: String) -> String {
    var bytes: [UInt8] = []
    appendQuoted(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `text` as a JSON string to `bytes` (see ``quote(_:)``).
  static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
    let start = bytes.count
    bytes.reserveCapacity(start + text.utf8.count + 8)
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      guard byte >= UInt8(ascii: " ") && byte < 0x7F else {
        bytes.removeSubrange(start...)
        bytes += JSONEscaping.quote(text).utf8
        return
      }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        bytes.append(UInt8(ascii: "\\"))
      }
      bytes.append(byte)
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// One finding of the JSON array: `{"kind":…,"routes":[…],"witness":…,"message":…}`,
  /// written into one buffer: a large table has hundreds of thousands of findings, and
  /// joining strings piece by piece cost more than finding them.
  static func json(_ finding: LintFinding) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(finding.message.utf8.count + finding.witness.utf8.count + 128)
    bytes += #"{"kind":"#.utf8
    appendQuoted(finding.kind.rawValue, to: &bytes)
    bytes += #","routes":["#.utf8
    for (offset, route) in finding.routes.enumerated() {
      if offset > 0 { bytes.append(UInt8(ascii: ",")) }
      appendQuoted(route, to: &bytes)
    }
    bytes += #"],"witness":"#.utf8
    appendQuoted(finding.witness, to: &bytes)
    bytes += #","message":"#.utf8
    appendQuoted(finding.message, to: &bytes)
    bytes.append(UInt8(ascii: "}"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A finding's block in the text format: its description made safe for a terminal. Plain
  /// printable ASCII and line breaks (what nearly every finding is) need no escaping, and
  /// looking at the bytes is cheaper than `terminalSafe`'s split and join.
  static func text(_ finding: LintFinding) -> String {
    let description = finding.description
    let plain = description.utf8.allSatisfy { byte in
      (byte >= UInt8(ascii: " ") && byte < 0x7F) || byte == UInt8(ascii: "\n")
    }
    return plain ? description : terminalSafe(description)
  }

  /// How many `overlap` notes the text format shows unless `--all-notes` is given: a large
  /// table has tens of thousands (27,879 in the benchmarks' 10,000-route table).
  static let overlapNotesShown = 20

  /// What the text format counts as findings go by: the count line, the overlap notes left
  /// out and the exit status need nothing else.
  struct Counts {
    var errors = 0
    var warnings = 0
    var notes = 0
    var overlaps = 0

    var total: Int { errors + warnings + notes }

    mutating func add(_ finding: LintFinding) {
      switch finding.kind.severity {
      case .error: errors += 1
      case .warning: warnings += 1
      case .note: notes += 1
      }
      if finding.kind == .overlap { overlaps += 1 }
    }

    /// The line that says how many overlap notes `limit` left out, if it left out any.
    func hiddenOverlaps(limit: Int?) -> String? {
      guard let limit, overlaps > limit else { return nil }
      let hidden = overlaps - limit
      return "note: \(hidden) more overlap note\(hidden == 1 ? "" : "s") not shown "
        + "(--all-notes shows them; --format json lists every finding)"
    }

    /// `1 error, 0 warnings, 3 notes in 5 routes`.
    func summary(routeCount: Int) -> String {
      func count(_ number: Int, _ word: String) -> String {
        "\(number) \(word)\(number == 1 ? "" : "s")"
      }
      return "\(count(errors, "error")), \(count(warnings, "warning")), \(count(notes, "note")) in "
        + "\(routeCount) route\(routeCount == 1 ? "" : "s")"
    }
  }
}
