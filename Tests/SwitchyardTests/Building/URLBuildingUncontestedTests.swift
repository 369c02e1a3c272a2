import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// The routes a compiled table proves no other route can win (`UncontestedRoutes`): a URL
/// built for one of them is not searched for in the whole table. Every other route's URL
/// still is, so a URL another route wins is refused on every path.
@Suite("Building: routes no other route can win")
struct URLBuildingUncontestedTests {
  static func proof(_ table: RouteTable) -> [String: Bool] {
    let matcher = RouteMatcher(table)
    var result: [String: Bool] = [:]
    for (index, route) in table.routes.enumerated() {
      result[route.name] = matcher.storage.uncontested.wins(index)
    }
    return result
  }

  @Test("a route wins unless another may match its URLs and rank before it")
  func proof() throws {
    var table = RouteTable(options: RouteOptions(defaultScheme: "shop"))
    try table.add("team", "/team/:id")
    try table.add("verify", "/team/verify")
    try table.add("tickets", "/team/verify/tickets")
    try table.add("teamTickets", "/team/:id/tickets")
    try table.add("about", "/about")
    try table.add("docs", "/help/docs/*path")
    try table.add("helpPage", "/help/<int:page>")
    try table.add("anyHelp", "/help/:topic/*rest")
    try table.add("web", "https://shop.example.com/team/:id/web")
    try table.add("query", "/about/us?ref=app")
    try table.add("aboutUs", "/about/us")
    try table.add("high", "/landing/:campaign", priority: 1)
    try table.add("landing", "/landing/spring")
    #expect(
      Self.proof(table) == [
        // `/team/verify` and `/team/verify/tickets` rank before them and take some of their
        // URLs.
        "team": false, "teamTickets": false,
        "verify": true, "tickets": true, "about": true,
        // A literal segment ranks before a capture, so `/help/docs` comes first.
        "docs": true,
        // `/help/docs/*path` may take `/help/docs` (a `*` takes no segment too), and
        // capture types are not read: `<int:page>` is not proven.
        "helpPage": false, "anyHelp": false,
        // Its own scheme and host: its branch comes before the routes without them.
        "web": true,
        // A query requirement ranks before the same path without one.
        "query": true, "aboutUs": false,
        // A higher priority comes first, whatever the path.
        "high": true, "landing": false,
      ])
  }

  /// Tables where the proof must leave the check on: a query value with no capture meets
  /// another route's requirement, a higher priority, an earlier host branch, a catch-all, a
  /// literal.
  struct Rival: Sendable {
    var patterns: [(name: String, pattern: String, priority: Int)]
    var name: String
    var values: [String: String]
    var scheme: String? = nil
    var host: String? = nil
  }

  static let rivals: [Rival] = [
    Rival(
      patterns: [("ref", "/about/us?ref=app", 0), ("aboutUs", "/about/us", 0)], name: "aboutUs",
      values: ["ref": "app"]),
    Rival(
      patterns: [("high", "/landing/:campaign", 1), ("landing", "/landing/spring", 0)],
      name: "landing", values: [:]),
    Rival(
      patterns: [("web", "https://shop.example.com/*rest", 0), ("item", "/item/:id", 0)],
      name: "item", values: ["id": "7"], scheme: "https", host: "shop.example.com"),
    Rival(
      patterns: [("all", "/files/<path:p>", 1), ("file", "/files/:name", 0)], name: "file",
      values: ["name": "a"]),
    Rival(
      patterns: [("team", "/team/:id", 0), ("verify", "/team/verify", 0)], name: "team",
      values: ["id": "verify"]),
  ]

  @Test("a URL another route wins is refused by a table, a matcher, a router", arguments: 0..<5)
  func refused(_ index: Int) throws {
    let rival = Self.rivals[index]
    var table = RouteTable()
    let router = Router<String>()
    for (name, pattern, priority) in rival.patterns {
      try table.add(name, pattern, priority: priority)
      try router.register(pattern, name: name, priority: priority) { _ in name }
    }
    #expect(Self.proof(table)[rival.name] == false)
    let values = rival.values.mapValues { $0 as any BuildValueConvertible }
    let winner = rival.patterns.first { $0.name != rival.name }?.name ?? ""
    func refuses(_ error: any Error) -> Bool {
      (error as? URLBuildingError)?.description.contains("is won by route '\(winner)'") == true
    }
    #expect {
      try table.url(for: rival.name, values: values, host: rival.host, scheme: rival.scheme)
    } throws: { refuses($0) }
    #expect {
      try RouteMatcher(table).url(
        for: rival.name, values: values, host: rival.host, scheme: rival.scheme)
    } throws: { refuses($0) }
    #expect {
      try router.url(for: rival.name, values: values, host: rival.host, scheme: rival.scheme)
    } throws: { refuses($0) }
  }

  @Test("a route built without the search still matches back, and its rival's URL is refused")
  func uncontestedBuilds() throws {
    var table = RouteTable(options: RouteOptions(defaultScheme: "shop"))
    try table.add("verify", "/team/verify")
    try table.add("team", "/team/:id")
    let router = try Router<String>(table: table)
    #expect(Self.proof(table) == ["verify": true, "team": false])
    let matcher = RouteMatcher(table)
    for built in [
      try table.url(for: "verify"), try matcher.url(for: "verify"), try router.url(for: "verify"),
    ] {
      #expect(built == "shop://team/verify")
      #expect(matcher.match(built)?.route.name == "verify")
    }
    #expect(throws: URLBuildingError.self) { try table.url(for: "team", values: ["id": "verify"]) }
    #expect(throws: URLBuildingError.self) { try router.url(for: "team", values: ["id": "verify"]) }
    #expect(try router.url(for: "team", values: ["id": "7"]) == "shop://team/7")
  }

  @Test("random tables: a URL that matches a proven route is won by it (20,000 URLs)")
  func randomTables() {
    var generator = CaseGenerator(rng: SeededGenerator(seed: 0x0C0A_7E57_ED00_0042))
    var proven = 0
    var contested = 0
    var provenMatches = 0
    var failures = 0
    for _ in 0..<2_000 {
      let table = generator.table()
      let matcher = RouteMatcher(table)
      let uncontested = matcher.storage.uncontested
      for index in table.routes.indices {
        if uncontested.wins(index) { proven += 1 } else { contested += 1 }
      }
      for _ in 0..<10 {
        let url = generator.url(for: table)
        let candidates = matcher.candidates(for: url)
        for candidate in candidates where uncontested.wins(candidate.routeIndex) {
          provenMatches += 1
          guard candidates.first?.routeIndex != candidate.routeIndex else { continue }
          failures += 1
          if failures <= 5 {
            Issue.record(
              """
              \(url): route \(candidate.route.name) is proven to win, but \
              \(candidates.first?.route.name ?? "") does
              \(describe(table))
              """)
          }
        }
      }
    }
    #expect(failures == 0)
    // The proof is neither empty nor everything.
    #expect(proven > 1_000 && contested > 1_000 && provenMatches > 2_000)
  }
}
