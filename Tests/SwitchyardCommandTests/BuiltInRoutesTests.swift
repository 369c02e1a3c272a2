import Switchyard
import SwitchyardFiles
import Testing

@testable import SwitchyardCommand

@Suite("Built-in example table")
struct BuiltInRoutesTests {
  @Test("It loads, with 21 routes and two accepted origins")
  func loads() throws {
    let table = try BuiltInRoutes.table()
    #expect(table.routes.count == 21)
    #expect(table.options.acceptedOrigins.map(\.text) == ["myapp", "https://(www.)example.com"])
    #expect(table.route(named: "orders")?.metadata[name: "requiresSignIn"] as? Bool == true)
  }

  /// One URL per route that the route wins, so every example route is reachable and the
  /// precedence rules show: literal fragment over capture, more query requirements, priority.
  @Test(
    "Every route wins for its example URL",
    arguments: [
      ("myapp://", "home"),
      ("myapp://home", "home"),
      ("myapp://user/42", "user"),
      ("myapp://user/42/posts", "userTab"),
      ("myapp://product/6f9619ff-8b86-d011-b42d-00c04fc964ff", "product"),
      ("myapp://deals/under/9.5", "deals"),
      ("myapp://shop/shoes", "category"),
      ("myapp://shop/shoes/page/2", "category"),
      ("myapp://files/docs/2024/report.pdf", "files"),
      ("myapp://search?q=swift", "search"),
      ("myapp://search?sort=recent&q=swift", "searchRecent"),
      ("myapp://help#returns", "help"),
      ("myapp://help#shipping", "helpShipping"),
      ("myapp://settings/privacy", "settings"),
      ("https://www.example.com/@alice", "profile"),
      ("http://example.com/articles/7/hello-world", "article"),
      ("https://api.example.com/articles/7.json", "articleJSON"),
      ("https://blog.example.com/post/hello", "blogPost"),
      ("https://sho.rt/s/abc", "shortLink"),
      ("https://example.com/articles/7?utm_campaign=spring", "campaign"),
      ("myapp://legacy/a/b", "legacy"),
      ("myapp://account/orders", "orders"),
      ("https://www.example.com/account/orders", "orders"),
      ("https://example.com/legacy/a", "legacy"),
      ("https://shop.example.com/anything", "website"),
    ])
  func examples(url: String, route: String) throws {
    let matcher = RouteMatcher(try BuiltInRoutes.table())
    #expect(matcher.match(url)?.route.name == route)
  }

  @Test("Every route has an example above")
  func everyRouteCovered() throws {
    let table = try BuiltInRoutes.table()
    let matcher = RouteMatcher(table)
    let won = Set(
      [
        "myapp://", "myapp://user/42", "myapp://user/42/posts",
        "myapp://product/6f9619ff-8b86-d011-b42d-00c04fc964ff", "myapp://deals/under/9.5",
        "myapp://shop/shoes", "myapp://files/a", "myapp://search?q=swift",
        "myapp://search?q=swift&sort=recent", "myapp://help#returns", "myapp://help#shipping",
        "myapp://settings", "https://example.com/@alice", "https://example.com/articles/7",
        "https://api.example.com/articles/7.json", "https://blog.example.com/post/hello",
        "https://sho.rt/s/abc", "https://example.com/?utm_campaign=x", "myapp://legacy/x",
        "myapp://account/orders",
        "https://example.com/x",
      ].compactMap { matcher.match($0)?.route.name })
    #expect(won == Set(table.routes.map(\.name)))
  }

  @Test("A URL no example route takes is a miss")
  func miss() throws {
    let matcher = RouteMatcher(try BuiltInRoutes.table())
    #expect(matcher.match("myapp://nowhere") == nil)
    #expect(matcher.match("https://example.org/") == nil)
    // Path-only patterns answer the accepted origins only.
    #expect(matcher.match("https://evil.example.org/account/orders") == nil)
    #expect(matcher.match("otherapp://legacy/x") == nil)
    #expect(matcher.match("myapp://user/abc") == nil)
  }
}

@Suite("Match output formatting")
struct MatchFormatterTests {
  static let matcher: RouteMatcher = {
    var table = RouteTable()
    do {
      try table.add("n", "/n/<float:x>/<int:i>/:s")
    } catch {
      Issue.record("\(error)")
    }
    return RouteMatcher(table)
  }()

  @Test(
    "Numbers: int as JSON integer, float as JSON number",
    arguments: [
      ("/n/1e3/-0/x", #""params":{"x":1000.0,"i":0,"s":"x"}"#),
      ("/n/-.5/9223372036854775807/x", #""params":{"x":-0.5,"i":9223372036854775807,"s":"x"}"#),
      ("/n/1e-7/1/x", #""params":{"x":1e-07,"i":1,"s":"x"}"#),
      ("/n/+2.50/1/%00", #""params":{"x":2.5,"i":1,"s":"\u0000"}"#),
    ])
  func numbers(url: String, expected: String) throws {
    let match = try #require(Self.matcher.match(url))
    let line = MatchFormatter.json(url: url, match: match)
    #expect(line.contains(expected))
  }

  @Test("A miss is {url, route: null}")
  func miss() {
    #expect(MatchFormatter.json(url: "a\"b", match: nil) == #"{"url":"a\"b","route":null}"#)
  }

  @Test("Query names keep their first-appearance order and every value")
  func queryGrouping() throws {
    let match = try #require(Self.matcher.match("/n/1/2/s?b=1&a=2&b=3&c&a="))
    let line = MatchFormatter.json(url: "u", match: match)
    #expect(line.contains(#""query":{"b":["1","3"],"a":["2",""],"c":[""]}"#))
  }
}
