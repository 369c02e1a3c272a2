import Foundation
import Testing

/// `switchyard lint` on a table with many overlap notes: the text format shows the first 20
/// and says how many more; `--all-notes` shows them all; JSON always lists every finding.
@Suite("switchyard lint: many overlap notes (end to end)")
struct LintNotesCommandTests {
  /// `/p/*` and 25 literal routes under `/p`: 25 overlap notes, no error.
  static let routes: String = {
    let rows =
      [#"{ "name": "all", "pattern": "/p/*" }"#]
      + (1...25).map { #"{ "name": "r\#($0)", "pattern": "/p/r\#($0)" }"# }
    return #"{ "version": 1, "routes": ["# + rows.joined(separator: ",\n") + "] }"
  }()

  static func run(_ arguments: [String]) throws -> CommandResult {
    try CommandRunner.run(arguments, routeFile: routes)
  }

  @Test("text: the first 20 overlap notes, then how many more")
  func limited() throws {
    let result = try Self.run(["lint"])
    #expect(result.status == 0)
    let notes = result.lines.filter { $0.hasPrefix("note: overlap: ") }
    #expect(notes.count == 20)
    #expect(notes.allSatisfy { $0.contains(#"and "all" (/p/*) both match the witness"#) })
    #expect(Set(notes).count == 20)
    #expect(
      result.lines.contains(
        "note: 5 more overlap notes not shown (--all-notes shows them; --format json lists every finding)"
      ))
    #expect(result.lines.last == "0 errors, 0 warnings, 25 notes in 26 routes")
  }

  @Test("text --all-notes: every note")
  func all() throws {
    let result = try Self.run(["lint", "--all-notes"])
    #expect(result.status == 0)
    #expect(result.lines.filter { $0.hasPrefix("note: overlap: ") }.count == 25)
    #expect(!result.stdout.contains("not shown"))
    #expect(result.lines.last == "0 errors, 0 warnings, 25 notes in 26 routes")
  }

  @Test("json: every finding")
  func json() throws {
    let result = try Self.run(["lint", "--format", "json"])
    #expect(result.status == 0)
    let findings = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(findings.count == 25)
    #expect(findings.allSatisfy { $0["kind"] as? String == "overlap" })
  }

  /// A route name with quotes, a backslash, a non-ASCII letter and a control character: the
  /// JSON escapes what JSON must (the finding is written into one buffer, the name falls back
  /// to the full escaper), the text escapes only the control character for the terminal.
  static let awkwardName =
    #"{ "version": 1, "routes": ["#
    + #"{ "name": "all \"q\" \\ é\u0001", "pattern": "/p/*" },"#
    + #"{ "name": "r", "pattern": "/p/r" }] }"#

  @Test("json and text: names that need escaping")
  func escaping() throws {
    let json = try CommandRunner.run(["lint", "--format", "json"], routeFile: Self.awkwardName)
    #expect(
      json.stdout
        == #"[{"kind":"overlap","routes":["r","all \"q\" \\ é\u0001"],"witness":"/p/r","#
        + #""message":"\"r\" (/p/r) and \"all \"q\" \\ é\u0001\" (/p/*) both match the "#
        + #"witness; \"r\" wins by path element 2: literal 'r' beats * catch-all"}]"# + "\n")
    let text = try CommandRunner.run(["lint"], routeFile: Self.awkwardName)
    #expect(
      text.lines.first
        == #"note: overlap: "r" (/p/r) and "all "q" \ é\u{1}" (/p/*) both match the witness; "#
        + #""r" wins by path element 2: literal 'r' beats * catch-all"#)
    #expect(text.lines.dropFirst().first == "  witness: /p/r")
  }

  /// Names with a `"`, a `\`, a control character, DEL or a non-ASCII letter at each of the
  /// first seventeen offsets (the JSON writer passes over eight plain bytes at a time): the
  /// array reads back with every name as it was, in the routes and in the messages.
  @Test("json: escapes at every offset read back")
  func escapesAtEveryOffset() throws {
    var names: [String] = []
    for special in ["\"", "\\", "\u{1}", "\u{7F}", "é"] {
      for offset in 0..<17 {
        names.append(String(repeating: "n", count: offset) + special + "-and-the-rest")
      }
    }
    let routes: [[String: Any]] =
      [["name": "all", "pattern": "/p/*"]]
      + names.enumerated().map { ["name": $1, "pattern": "/p/r\($0)"] }
    let file = try JSONSerialization.data(withJSONObject: ["version": 1, "routes": routes])
    let result = try CommandRunner.run(
      ["lint", "--format", "json"], routeFile: String(decoding: file, as: UTF8.self))
    #expect(result.status == 0)
    let findings = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(findings.count == names.count)
    for (finding, name) in zip(findings, names) {
      #expect(finding["routes"] as? [String] == [name, "all"])
      #expect((finding["message"] as? String)?.hasPrefix("\"\(name)\" (/p/r") == true, "\(name)")
    }
  }

  /// A control character at each of the first seventeen offsets of a name (the text format
  /// passes over eight plain bytes at a time): every one is shown escaped, none raw.
  @Test("text: a control character at every offset is escaped")
  func controlCharactersAtEveryOffset() throws {
    let names = (0..<17).map { String(repeating: "n", count: $0) + "\u{1B}-and-the-rest" }
    let routes: [[String: Any]] =
      [["name": "all", "pattern": "/p/*"]]
      + names.enumerated().map { ["name": $1, "pattern": "/p/r\($0)"] }
    let file = try JSONSerialization.data(withJSONObject: ["version": 1, "routes": routes])
    let result = try CommandRunner.run(
      ["lint", "--all-notes"], routeFile: String(decoding: file, as: UTF8.self))
    #expect(result.status == 0)
    #expect(!result.stdout.contains("\u{1B}"))
    for name in names {
      let shown = name.replacingOccurrences(of: "\u{1B}", with: #"\u{1B}"#)
      #expect(
        result.lines.contains { $0.hasPrefix("note: overlap: \"\(shown)\" (/p/r") }, "\(shown)")
    }
  }
}
