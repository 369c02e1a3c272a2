import Testing

@testable import Switchyard

@Suite struct ExplainTests {
  static func shopTable() throws -> RouteTable {
    try lintTable([
      ("profile", "myapp://user/:name", 0), ("user", "myapp://user/<int:id>", 0),
      ("me", "myapp://user/me", 0), ("tab", "myapp://user/<int:id>/:tab", 0),
      ("search", "myapp://search?q=<int:q>", 0), ("help", "myapp://help#<section>", 0),
      ("site", "https://example.com/*rest", 0), ("port", "https://example.com:8080/p", 0),
      ("all", "/*", -1),
    ])
  }

  static let urls = [
    "myapp://user/42", "myapp://user/jane", "myapp://user/me", "myapp://user/42/posts",
    "myapp://search?q=abc", "myapp://search?q=7", "myapp://help", "myapp://help#faq",
    "https://example.com/a/b", "https://example.com:8080/p", "http://example.com/x", "/",
    "myapp://nowhere/at/all", "",
  ]

  @Test func winnerAndCandidatesAreTheMatchers() throws {
    let table = try Self.shopTable()
    let matcher = RouteMatcher(table)
    for url in Self.urls {
      let explanation = table.explain(url, matcher: matcher)
      let candidates = matcher.candidates(for: url).map(\.route.name)
      #expect(explanation.winner == matcher.match(url)?.route.name, "\(url)")
      #expect(explanation.routes.filter(\.matched).map(\.route.name) == candidates, "\(url)")
      #expect(explanation.routes.count == table.routes.count, "\(url)")
      // Every failing route really fails: the matcher does not list it.
      for consideration in explanation.routes where !consideration.matched {
        #expect(!candidates.contains(consideration.route.name), "\(url)")
      }
    }
  }

  @Test func decidingRules() throws {
    let table = try Self.shopTable()
    let byInt = table.explain("myapp://user/42")
    #expect(byInt.winner == "user")
    #expect(byInt.runnerUp == "profile")
    #expect(byInt.decision?.rule == .path(element: 2))
    #expect(byInt.decision?.explanation == "path element 2: int capture beats string capture")
    let literal = table.explain("myapp://user/me")
    #expect(literal.winner == "me")
    #expect(literal.decision?.explanation == "path element 2: literal 'me' beats string capture")
    let priority = table.explain("myapp://nowhere")
    #expect(priority.winner == "all")
    #expect(priority.runnerUp == nil)
    #expect(priority.decision == nil)
  }

  @Test func failureParts() throws {
    let table = try Self.shopTable()
    func failure(_ url: String, _ route: String) -> RouteExplanation.Failure? {
      table.explain(url).routes.first { $0.route.name == route }?.failure
    }
    #expect(failure("myapp://user/abc", "user")?.part == .conversion)
    #expect(failure("myapp://user/abc", "user")?.segment == 2)
    #expect(failure("myapp://user/42", "tab")?.part == .segment)
    #expect(failure("myapp://user/42", "tab")?.segment == 3)
    #expect(failure("myapp://user/42", "site")?.part == .scheme)
    #expect(failure("https://example.org/p", "port")?.part == .host)
    #expect(failure("https://example.com/p", "port")?.part == .port)
    #expect(failure("myapp://search?q=abc", "search")?.part == .query)
    #expect(failure("myapp://search", "search")?.reason == "query: no parameter 'q'")
    #expect(failure("myapp://help", "help")?.part == .fragment)
  }

  @Test func readingOfTheURL() throws {
    let table = try Self.shopTable()
    let reading = table.explain("MyApp://user/a%2Fb?x=1&x=2#top").reading
    #expect(reading.scheme == "myapp")
    #expect(reading.hostAsPath)
    #expect(reading.host == nil)
    #expect(reading.segments == ["user", "a/b"])
    #expect(reading.query.map(\.value) == ["1", "2"])
    #expect(reading.fragment == "top")
  }
}

@Suite struct RouteTreeTests {
  @Test func textDotAndMermaid() throws {
    let table = try lintTable([
      ("home", "myapp://(home)", 0), ("user", "myapp://user/<int:id>", 0),
      ("tab", "myapp://user/<int:id>/:tab", 0), ("search", "myapp://search?q=<term>", 0),
      ("post", "https://*.example.com/post/:id", 1), ("legacy", "/legacy/*", 0),
    ])
    let tree = table.tree
    #expect(
      tree.text() == """
        https://
          *.example.com
            post
              :id  → post (priority 1)
        myapp://  → home
          home  → home
          user
            <int:id>  → user
              :tab  → tab
          search  → search ?q=<term>
        (any scheme)
          (any host)
            legacy
              *  → legacy
        """)
    #expect(tree.dot().hasPrefix("digraph routes {\n  rankdir=LR;"))
    #expect(tree.dot().contains("[label=\"<int:id>\"];"))
    #expect(tree.dot().contains("[label=\"user\", shape=ellipse];"))
    #expect(tree.mermaid().hasPrefix("flowchart LR\n  n1[\"https://\"]"))
    #expect(tree.mermaid().contains("[\"#lt;int:id#gt;\"]"))
    #expect(tree.mermaid().contains("([\"search ?q=#lt;term#gt;\"])"))
  }
}

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

@Suite struct AnalysisLimitsTests {
  /// Long patterns need no deep recursion: lint, explain and the tree on a pattern of 1,000
  /// segments (the tests run on the small stacks of the test threads). The analysis itself
  /// recurses nowhere; the length is bounded by what the compiled matcher accepts today.
  @Test func longPatterns() throws {
    let long = "/" + Array(repeating: "a", count: 1_000).joined(separator: "/")
    let table = try lintTable([
      ("long", long, 0), ("longInt", long + "/<int:n>", 0), ("rest", "/a/*", 1),
    ])
    let findings = table.lint()
    verifyWitnesses(table, findings)
    #expect(summary(findings) == ["shadowed long rest", "shadowed longInt rest"])
    let explanation = table.explain(long + "/x")
    #expect(explanation.winner == "rest")
    #expect(
      explanation.routes.first { $0.route.name == "longInt" }?.failure?.part == .conversion)
    #expect(table.tree.nodes.count == 1_004)
    let lines = table.tree.text().split(separator: "\n")
    #expect(lines.last == "      *  → rest (priority 1)")
    #expect(lines.dropLast().last?.hasSuffix("  <int:n>  → longInt") == true)
  }
}
