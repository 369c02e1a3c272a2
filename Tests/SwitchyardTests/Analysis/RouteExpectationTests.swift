import Testing

@testable import Switchyard

@Suite struct RouteExpectationTests {
  @Test func mismatchesSayWhy() throws {
    let table = try ExplainTests.shopTable()
    #expect(
      table.mismatches([
        "myapp://user/7": "user", "myapp://user/jane": "profile", "myapp://nowhere": "all",
      ]).isEmpty)
    let wrong = table.mismatches([
      "myapp://user/7": "profile", "myapp://user/x/y/z": "tab", "myapp://user/7/posts": nil,
      "myapp://user/8": "nope",
    ])
    #expect(
      wrong.map(\.url) == [
        "myapp://user/7", "myapp://user/x/y/z", "myapp://user/7/posts", "myapp://user/8",
      ])
    #expect(
      wrong[0].description
        == "myapp://user/7: expected \"profile\", got \"user\" (both match; path element 2: int capture beats string capture)"
    )
    #expect(wrong[1].reason?.hasPrefix("\"tab\" does not match: segment") == true)
    #expect(wrong[2].actual == "tab")
    #expect(wrong[3].reason == "the table has no route named \"nope\"")
    #expect(throws: RouteTableCheckFailure.self) {
      try table.expectRoutes(["myapp://user/7": "profile"])
    }
    try table.expectRoutes(["myapp://user/7": "user"])
  }

  @Test func cleanLintCheck() throws {
    let table = try ExplainTests.shopTable()
    // "all" matches every URL (a warning) — allowed here, as a deliberate fallback.
    try table.expectCleanLint(allowing: [.matchesEverything])
    do {
      try table.expectCleanLint()
      Issue.record("expected the matchesEverything warning")
    } catch {
      #expect(error.findings.map(\.kind) == [.matchesEverything])
      #expect(error.description.hasPrefix("1 lint finding:\n  warning: matchesEverything:"))
    }
  }
}
