import Foundation
import Testing

/// End-to-end tests of `switchyard lint`, `explain` and `routes`: run the built binary.
@Suite("switchyard lint, explain and routes (end to end)")
struct AnalysisCommandTests {
  static let shop = """
    {
      "version": 1,
      "routes": [
        { "name": "user",        "pattern": "myapp://user/<int:id>" },
        { "name": "profile",     "pattern": "myapp://user/:name" },
        { "name": "userAgain",   "pattern": "myapp://user/<int:userId>" },
        { "name": "privacy",     "pattern": "myapp://settings/privacy" },
        { "name": "allSettings", "pattern": "myapp://settings/*", "priority": 1 }
      ]
    }
    """

  static func run(_ arguments: [String]) throws -> CommandResult {
    try CommandRunner.run(arguments, routeFile: shop)
  }

  @Test("lint --format json: the documented array, exit 1 on errors")
  func lintJSON() throws {
    let result = try Self.run(["lint", "--format", "json"])
    #expect(result.status == 1)
    let findings = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(findings.map { $0["kind"] as? String } == ["duplicate", "shadowed", "overlap"])
    #expect(
      findings.map { $0["routes"] as? [String] } == [
        ["user", "userAgain"], ["privacy", "allSettings"], ["user", "profile"],
      ])
    #expect(
      findings.map { $0["witness"] as? String } == [
        "myapp://user/7", "myapp://settings/privacy", "myapp://user/7",
      ])
    #expect(findings.allSatisfy { Set($0.keys) == ["kind", "routes", "witness", "message"] })
    // Each witness behaves as its finding says, checked with `switchyard match`.
    let privacy = try Self.run(["match", "--format", "json", "myapp://settings/privacy"])
    #expect(privacy.stdout.contains(#""route":"allSettings""#))
  }

  @Test("lint of the built-in table: no errors or warnings, exit 0")
  func lintBuiltIn() throws {
    let result = try CommandRunner.run(["lint"])
    #expect(result.status == 0)
    #expect(result.lines.last == "0 errors, 0 warnings, 17 notes in 21 routes")
    #expect(!result.stdout.contains("error:") && !result.stdout.contains("warning:"))
  }

  @Test("explain: parts, routes best first, the deciding rule; exit 1 when nothing matched")
  func explain() throws {
    let result = try Self.run(["explain", "myapp://user/42"])
    #expect(result.status == 0)
    #expect(result.lines.contains("  path      1:\"user\" 2:\"42\""))
    #expect(result.lines.contains { $0.hasPrefix("  1.  user ") && $0.hasSuffix("matched, wins") })
    #expect(
      result.lines.last
        == "winner: user, over userAgain by registration order: equally specific everywhere, "
        + "the earlier route wins")
    let json = try Self.run(["explain", "--format", "json", "myapp://user/abc"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["winner"] as? String == "profile")
    let routes = try #require(object["routes"] as? [[String: Any]])
    let user = try #require(routes.first { $0["route"] as? String == "user" })
    #expect(user["part"] as? String == "conversion")
    #expect(user["segment"] as? Int == 2)
    let miss = try Self.run(["explain", "myapp://nowhere"])
    #expect(miss.status == 1)
    #expect(miss.lines.last == "no route matched")
  }

  @Test("routes: the built-in table as a tree (golden)")
  func routesBuiltIn() throws {
    let result = try CommandRunner.run(["routes"])
    #expect(result.status == 0)
    #expect(result.stdout == Self.builtInTree + "\n")
  }

  @Test("routes --format dot and mermaid")
  func routesPictures() throws {
    let dot = try Self.run(["routes", "--format", "dot"])
    #expect(dot.lines.first == "digraph routes {")
    #expect(dot.lines.contains("  n8 [label=\"profile\", shape=ellipse];"))
    let mermaid = try Self.run(["routes", "--format", "mermaid"])
    #expect(mermaid.lines.first == "flowchart LR")
    #expect(mermaid.lines.contains("  n12 --> n13([\"allSettings (priority 1)\"])"))
  }

  static let builtInTree = """
    http://
      example.com
        articles
          <int:id>  → article
            :slug  → article
        *rest  → website (priority -1)
      www.example.com
        articles
          <int:id>  → article
            :slug  → article
      *.example.com
        *rest  → website (priority -1)
    https://
      api.example.com
        articles
          <id>.json  → articleJSON
      example.com
        legacy
          *  → legacy
        account
          orders  → orders
        articles
          <int:id>  → article
            :slug  → article
        @<username>  → profile
        *  → campaign ?utm_campaign=<campaign> (priority 1)
        *rest  → website (priority -1)
      www.example.com
        legacy
          *  → legacy
        account
          orders  → orders
        articles
          <int:id>  → article
            :slug  → article
        @<username>  → profile
      *.example.com
        post
          :id  → blogPost
        *  → campaign ?utm_campaign=<campaign> (priority 1)
        *rest  → website (priority -1)
      *
        s
          :code  → shortLink
    myapp://  → home
      help  → help #<section>, helpShipping #shipping
      home  → home
      shop
        :category  → category
          page
            <int:page>  → category
      user
        <int:id>  → user
          :tab  → userTab
      deals
        under
          <float:price>  → deals
      files
        <path:path>  → files
      legacy
        *  → legacy
      search  → search ?q=<term>, searchRecent ?q=<term>&sort=recent
      account
        orders  → orders
      product
        <uuid:id>  → product
      settings
        *rest  → settings
    """
}
