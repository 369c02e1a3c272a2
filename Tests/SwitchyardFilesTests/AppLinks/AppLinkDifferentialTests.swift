import Switchyard
import SwitchyardTestSupport
import Testing

@testable import SwitchyardFiles

/// Generated tables against the independent platform models of `AppLinkReferences.swift`: for
/// every sample URL, does the router give it to an app route, and would iOS and Android open
/// the app? A link the router routes into the app that a platform keeps in the browser (a lost
/// link) must come with a warning on that route. Tables come from a fixed seed, so every run
/// asks the same questions.
@Suite("App-link differential")
struct AppLinkDifferentialTests {
  /// Patterns with the paths (and queries) that probe them, inside and around each pattern.
  static let pool: [(pattern: String, samples: [String])] = [
    ("https://example.com/about/team", ["/about/team", "/About/Team", "/about/team/x"]),
    ("https://example.com/user/:name", ["/user/jo", "/user/jo/x", "/user/j%2Fo"]),
    ("https://example.com/order/<int:id>", ["/order/7", "/order/x"]),
    ("https://example.com/docs/*rest", ["/docs", "/docs/a", "/docs/a/b"]),
    ("https://example.com/docs/:page", ["/docs/p", "/docs/p/q"]),
    ("https://example.com/a/*/b", ["/a/b", "/a/x/b", "/a/x/y/b"]),
    ("https://example.com/files/<id>.json", ["/files/7.json", "/files/a.b.json"]),
    ("https://example.com/v1.2/:x", ["/v1.2/a", "/v1x2/a"]),
    ("https://example.com/search?q=<term>", ["/search?q=x", "/search"]),
    ("https://example.com/find?k=a b", ["/find?k=a+b", "/find?k=a%20b", "/find?k=ab"]),
    ("https://example.com/faq#<s>", ["/faq#a", "/faq"]),
    ("https://example.com/a%2Fb", ["/a%2Fb", "/a/b"]),
    ("https://example.com/", ["/"]),
    ("https://example.com/*", ["/anything", "/any/thing"]),
  ]

  @Test("Every lost link on iOS or Android comes with a warning on its route")
  func lostLinksAreWarned() throws {
    var generator = SeededGenerator(seed: 20_261_126)
    let urls = Self.pool.flatMap(\.samples).map { "https://example.com" + $0 }
    var checked = 0
    for _ in 0..<60 {
      var options = RouteOptions()
      options.caseInsensitivePaths = generator.below(4) == 0
      options.plusAsSpace = generator.below(2) == 0
      var table = RouteTable(options: options)
      var webOnly = Set<String>()
      for (index, entry) in Self.pool.enumerated() where generator.below(3) == 0 {
        let name = "r\(index)"
        try table.add(name, entry.pattern)
        if generator.below(4) == 0 { webOnly.insert(name) }
      }
      let apple = AppleAppSiteAssociation.export(
        table, appIDs: ["ABCDE12345.com.example.app"], host: "example.com", webOnly: webOnly)
      let android = AndroidIntentFilters.export(table, hosts: ["example.com"])
      let appleWarned = Set(apple.warnings.compactMap(\.routeName))
      let androidWarned = Set(android.warnings.compactMap(\.routeName))
      let router = RouteMatcher(table)
      for url in urls {
        guard let winner = router.match(url)?.route.name, !webOnly.contains(winner) else {
          continue
        }
        checked += 1
        if !Reference.appleOpens(apple.file, url) {
          #expect(
            appleWarned.contains(winner),
            "iOS keeps \(url) (route \(winner)) in the browser without a warning; \(table.routes.map(\.pattern.text))"
          )
        }
        // With a trailing '/' (the router's same path; iOS's another): checked on iOS.
        let slashed = url.hasSuffix("/") ? url : url + "/"
        if !url.contains("?"), !url.contains("#"), router.match(slashed)?.route.name == winner,
          !Reference.appleOpens(apple.file, slashed)
        {
          #expect(
            appleWarned.contains(winner),
            "iOS keeps \(slashed) (route \(winner)) in the browser without a warning; \(table.routes.map(\.pattern.text))"
          )
        }
        if !Reference.androidOpens(android.file, url) {
          #expect(
            androidWarned.contains(winner),
            "Android keeps \(url) (route \(winner)) in the browser without a warning; \(table.routes.map(\.pattern.text))"
          )
        }
      }
    }
    #expect(checked > 200)
  }
}
