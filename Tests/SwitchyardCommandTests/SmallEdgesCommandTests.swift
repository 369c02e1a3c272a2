import Foundation
import Switchyard
import SwitchyardFiles
import Testing

/// The small edges of issue 30: explain's text is the explanation's own, one escape form for
/// control characters, exit statuses in the top-level help, `export ios`.
@Suite("switchyard: explain's text form, escapes, help's exit statuses, export names")
struct SmallEdgesCommandTests {
  @Test("explain --all prints the explanation's description, byte for byte")
  func explainIsTheDescription() throws {
    let file = AnalysisCommandTests.shop
    let table = try RouteFile.parse(file, fileName: "routes.json")
    for url in ["myapp://user/42", "myapp://user/abc", "myapp://nowhere", "myapp://settings/x"] {
      let result = try CommandRunner.run(["explain", "--all", url], routeFile: file)
      #expect(result.stdout == String(describing: table.explain(url)) + "\n", "\(url)")
    }
  }

  @Test("explain shows a control character one way in the URL, the segments and the query")
  func oneEscapeForm() throws {
    let result = try CommandRunner.run(
      ["explain", "myapp://user/a%1Bb?t%1B=x%07"], routeFile: AnalysisCommandTests.shop)
    let lines = result.lines
    #expect(lines.first == "myapp://user/a%1Bb?t%1B=x%07")
    #expect(lines.contains(#"  path      1:"user" 2:"a\u{1B}b""#), "\(result.stdout)")
    #expect(lines.contains(#"  query     t\u{1B} = "x\u{7}""#), "\(result.stdout)")
    #expect(!result.stdout.contains(#"\u00"#))
    #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test("The top-level help gives the exit status 1 of each subcommand that uses it")
  func helpNamesEachExitStatus() throws {
    let help = try CommandRunner.run(["--help"])
    #expect(help.status == 0)
    let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for phrase in [
      "match, a URL did not match", "lint, an error-level finding", "explain, no route matched",
      "verify, the file and the routes differ", "2 a usage or route-file error",
    ] {
      #expect(text.contains(phrase), "\(phrase)")
    }
  }

  @Test("export with a platform's name suggests the export format")
  func exportSuggestsFormat() throws {
    for (name, format) in [("ios", "aasa"), ("apple", "aasa"), ("assetlinks", "android")] {
      let result = try CommandRunner.run(["export", name])
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr.hasPrefix(
          "error: unknown export format '\(name)'; did you mean 'switchyard export \(format)'?"),
        "\(result.stderr)")
    }
    let far = try CommandRunner.run(["export", "frobnicate"])
    #expect(far.status == 2)
    #expect(far.stderr.contains("unknown export format 'frobnicate' (formats: aasa"))
    // The real formats are not touched by the check.
    let aasa = try CommandRunner.run(["export", "aasa", "--help"])
    #expect(aasa.status == 0)
  }
}
