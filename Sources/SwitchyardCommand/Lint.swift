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
    var output = StandardOutput.Buffer()
    switch format {
    case .json:
      output.append("[")
      try table.lint { finding in
        if counts.total > 0 { output.bytes.append(UInt8(ascii: ",")) }
        counts.add(finding)
        LintFormatter.appendJSON(finding, to: &output.bytes)
        try output.writeIfFull()
      }
      output.append("]\n")
    case .text:
      let overlapLimit = allNotes ? nil : LintFormatter.overlapNotesShown
      try table.lint { finding in
        counts.add(finding)
        if finding.kind == .overlap, let overlapLimit, counts.overlaps > overlapLimit { return }
        LintFormatter.appendText(finding, to: &output.bytes)
        output.append("\n\n")
        try output.writeIfFull()
      }
      if let note = counts.hiddenOverlaps(limit: overlapLimit) {
        output.append(note + "\n\n")
      }
      output.append(counts.summary(routeCount: table.routes.count) + "\n")
    }
    try output.write()
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
  /// Appends `text` as a JSON string to `bytes`. Printable ASCII (the common case: names,
  /// patterns, witnesses, messages with quoted names) is copied a run at a time with `"` and
  /// `\` escaped, in one pass; text with anything else goes to `JSONEscaping`, the one full
  /// escaper.
  static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    let start = bytes.count
    let plain = text.withUTF8 { source in
      bytes.append(UInt8(ascii: "\""))
      var run = 0
      var offset = 0
      while offset < source.count {
        // Eight bytes at a time while none of them needs a look: the output of a large table
        // is megabytes of such text.
        if offset + 8 <= source.count,
          !Self.needsLook(
            UnsafeRawBufferPointer(source).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        {
          offset += 8
          continue
        }
        let byte = source[offset]
        guard byte >= UInt8(ascii: " ") && byte < 0x7F else { return false }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[run..<offset]))
          bytes.append(UInt8(ascii: "\\"))
          run = offset
        }
        offset += 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[run...]))
      bytes.append(UInt8(ascii: "\""))
      return true
    }
    guard !plain else { return }
    bytes.removeSubrange(start...)
    bytes += JSONEscaping.quote(text).utf8
  }

  /// Whether `source` is printable ASCII and line breaks only, looked at eight bytes at a time
  /// while none of them needs a look (see ``needsLook(_:)``).
  static func isPlainText(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
    var offset = 0
    while offset < source.count {
      if offset + 8 <= source.count,
        !needsLook(
          UnsafeRawBufferPointer(source).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      {
        offset += 8
        continue
      }
      let byte = source[offset]
      guard (byte >= UInt8(ascii: " ") && byte < 0x7F) || byte == UInt8(ascii: "\n") else {
        return false
      }
      offset += 1
    }
    return true
  }

  /// Whether one of the eight bytes of `word` is below a space, at or above DEL, a `"` or a
  /// `\` (the bytes ``appendQuoted(_:to:)`` escapes or leaves to `JSONEscaping`): each test
  /// sets a byte's high bit when that byte is one of them.
  static func needsLook(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
    let below = (word &- ones &* 0x20) & ~word & highs
    let above = ((word & ~highs) &+ ones) & highs | (word & highs)
    return below | above | hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5C)) != 0
  }

  /// Appends one finding of the JSON array to `bytes`:
  /// `{"kind":…,"routes":[…],"witness":…,"message":…}`.
  static func appendJSON(_ finding: LintFinding, to bytes: inout [UInt8]) {
    bytes.append(literal: #"{"kind":"#)
    appendQuoted(finding.kind.description, to: &bytes)
    bytes.append(literal: #","routes":["#)
    for (offset, route) in finding.routes.enumerated() {
      if offset > 0 { bytes.append(UInt8(ascii: ",")) }
      appendQuoted(route, to: &bytes)
    }
    bytes.append(literal: #"],"witness":"#)
    appendQuoted(finding.witness, to: &bytes)
    bytes.append(literal: #","message":"#)
    appendQuoted(finding.message, to: &bytes)
    bytes.append(UInt8(ascii: "}"))
  }

  /// Appends a finding's block in the text format to `bytes`: its description made safe for
  /// a terminal. Plain printable ASCII and line breaks (what nearly every finding is) need no
  /// escaping and are copied as they are, without composing the description first.
  static func appendText(_ finding: LintFinding, to bytes: inout [UInt8]) {
    var message = finding.message
    var witness = finding.witness
    guard message.withUTF8(isPlainText), witness.withUTF8(isPlainText) else {
      bytes += terminalSafe(finding.description).utf8
      return
    }
    bytes.append(utf8: finding.kind.severity.rawValue)
    bytes.append(literal: ": ")
    bytes.append(utf8: finding.kind.description)
    bytes.append(literal: ": ")
    message.withUTF8 { bytes.append(contentsOf: $0) }
    bytes.append(literal: "\n  witness: ")
    witness.withUTF8 { bytes.append(contentsOf: $0) }
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
