import Testing

@testable import Switchyard

@Suite("Lint severities' order and an explanation's text form")
struct SeverityAndExplanationTextTests {
  @Test("Severities are ordered most serious first, as documented: sorting puts errors first")
  func severityOrder() throws {
    #expect(LintFinding.Severity.error < .warning && LintFinding.Severity.warning < .note)
    var table = RouteTable()
    try table.add("a", "/u/:id")
    try table.add("b", "/u/:name")
    try table.add("all", "/*", priority: -1)
    try table.add("n", "/u/<int:n>")
    let severities = table.lint().map(\.kind.severity)
    #expect(Set(severities) == [.error, .warning, .note])
    #expect(severities.sorted().first == .error && severities.sorted().last == .note)
    #expect(severities.min() == .error)
  }

  @Test("An explanation prints as text (its parts, routes and the winner), not as a struct dump")
  func explanationText() throws {
    var table = RouteTable()
    try table.add("user", "myapp://user/<int:id>")
    try table.add("name", "myapp://user/:name")
    let text = String(describing: table.explain("myapp://user/4\u{1B}2"))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == #"myapp://user/4\u{1B}2"#)
    #expect(lines.contains(#"  path      1:"user" 2:"4\u{1B}2""#), "\(text)")
    #expect(lines.last == "winner: name (the only route that matched)")
    #expect(!text.contains("RouteExplanation("))
    #expect(
      "\(table.explain("myapp://user/7"))".split(separator: "\n").last?
        .hasPrefix("winner: user, over name by ") == true)
  }
}
