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
      #expect(
        explanation.routes.filter { $0.failure == nil }.map(\.route.name) == candidates, "\(url)")
      #expect(explanation.routes.count == table.routes.count, "\(url)")
      // Every failing route really fails: the matcher does not list it.
      for consideration in explanation.routes where consideration.failure != nil {
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
    let explanation = table.explain("MyApp://user/a%2Fb?x=1&x=2#top")
    #expect(explanation.parts.scheme == "myapp")
    #expect(explanation.hostAsPath)
    #expect(explanation.parts.host == nil)
    #expect(explanation.parts.pathSegments == ["user", "a/b"])
    #expect(explanation.query.all("x") == ["1", "2"])
    #expect(explanation.parts.fragment == "top")
    // The same parts a match gives.
    let match = try #require(RouteMatcher(table).match("MyApp://user/a%2Fb?x=1&x=2#top"))
    #expect(explanation.parts == match.url)
    #expect(explanation.query == match.query)
  }
}
