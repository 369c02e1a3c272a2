import Foundation
import Switchyard
import SwitchyardFiles
import Testing

/// `switchyard vectors`: the document is versioned, deterministic, covers what the issue
/// lists, and Switchyard passes its own vectors through the table's matcher, a `Router` and
/// the builder.
@Suite struct VectorsCommandTests {
  /// The tables the vectors are tested with: the built-in example table, the shop example
  /// (duplicates and shadowing), and the generated 300-route table.
  static func routeFiles() throws -> [(name: String, text: String)] {
    [
      ("built-in", BuiltInRoutes.json),
      ("Examples/shop.json", try CommandRunner.repositoryFile("Examples/shop.json")),
      ("generated 300 routes", GeneratedRouteTable.routeFile()),
    ]
  }

  static func vectors(_ routeFile: String) throws -> (CommandResult, VectorDocument) {
    let result = try CommandRunner.run(["vectors", "--routes", "-"], input: routeFile)
    #expect(result.status == 0, "\(result.stderr)")
    return (result, try VectorDocument(result.stdout))
  }

  @Test func switchyardPassesItsOwnVectors() throws {
    for (name, text) in try Self.routeFiles() {
      let table = try RouteFile.parse(text, fileName: name)
      let (_, document) = try Self.vectors(text)
      #expect(document.version == 1)
      #expect(document.matches.count > 10 * table.routes.count / 2, "\(name)")
      let matcher = RouteMatcher(table)
      let disagreements = document.disagreements { url in
        matcher.match(url).map { match in
          (match.route.name, match.parameters.map { ($0.name, VectorDocument.value($0.value)) })
        }
      }
      #expect(disagreements.isEmpty, "\(name): \(disagreements.prefix(5))")
      let builds = document.buildDisagreements(table)
      #expect(builds.isEmpty, "\(name): \(builds.prefix(5))")
    }
  }

  struct Answer: Sendable {
    var route: String
    var values: [String]
  }

  @Test func aRouterPassesTheVectors() throws {
    // The shop example has duplicate routes, which a router refuses: the other two tables.
    for (name, text) in try Self.routeFiles() where name != "Examples/shop.json" {
      let table = try RouteFile.parse(text, fileName: name)
      let (_, document) = try Self.vectors(text)
      let router = try Router<Answer>(table: table)
      for route in table.routes {
        try router.attach(route.name) { match in
          Answer(
            route: match.route.name,
            values: match.parameters.map { "\($0.name)=\(VectorDocument.value($0.value))" })
        }
      }
      var disagreements: [String] = []
      for item in document.matches {
        let answer = router.route(item.url)
        let expected = item.values.map { "\($0.0)=\($0.1)" }
        if answer?.route != item.route || (answer.map { $0.values != expected } ?? false) {
          disagreements.append(
            "\(item.url): expected \(item.route ?? "none") \(expected), got \(String(describing: answer))"
          )
        }
      }
      #expect(disagreements.isEmpty, "\(name): \(disagreements.prefix(5))")
    }
  }

  @Test func theDocumentIsTheSameEveryTime() throws {
    let text = GeneratedRouteTable.routeFile()
    let first = try CommandRunner.run(["vectors", "--routes", "-"], input: text)
    let second = try CommandRunner.run(["vectors", "--routes", "-"], input: text)
    #expect(first.status == 0)
    #expect(first.stdout == second.stdout)
    #expect(first.stdout.hasPrefix("{\n\"format\": \"switchyard-vectors\",\n\"version\": 1,\n"))
  }

  @Test func theBuiltInTablesVectorsHoldWhatTheIssueLists() throws {
    let (result, document) = try Self.vectors(BuiltInRoutes.json)
    func match(_ url: String) -> VectorDocument.MatchCase? {
      document.matches.first { $0.url == url }
    }
    // Typed captures, with the values read.
    let user = try #require(match("myapp://user/42"))
    #expect(user.route == "user" && user.kind == "wins")
    #expect(user.values.map(\.1) == [VectorDocument.Value(kind: "int", text: "42")])
    func some(_ route: String, _ test: (VectorDocument.MatchCase) -> Bool) -> Bool {
      document.matches.contains { $0.route == route && test($0) }
    }
    func value(_ item: VectorDocument.MatchCase, _ name: String) -> VectorDocument.Value? {
      item.values.first { $0.0 == name }?.1
    }
    #expect(match("myapp://user/007#top")?.values.first?.1.text == "7")
    #expect(some("deals") { value($0, "price") == .init(kind: "float", text: "1000.0") })
    #expect(some("user") { value($0, "id")?.text == "9223372036854775807" })
    // Refused conversions fall through or match nothing.
    #expect(match("myapp://shop/x/page/9223372036854775808")?.route == nil)
    #expect(match("myapp://shop/x/page/4.5")?.route == nil)
    // Percent escapes and bytes that are not UTF-8 (repaired with U+FFFD).
    #expect(some("category") { value($0, "category")?.text == "café" })
    #expect(some("category") { value($0, "category")?.text == "\u{FFFD}\u{FFFD}" })
    #expect(some("category") { value($0, "category")?.text == "a/b" })
    #expect(some("category") { value($0, "category")?.text == "%zz" })
    // Optional groups, wildcard hosts, query and fragment rules.
    #expect(match("myapp://shop/x/page/42")?.values.count == 2)
    #expect(match("myapp://shop/x")?.values.count == 1)
    #expect(some("blogPost") { $0.url.hasPrefix("https://a.b.example.com/") })
    #expect(some("search") { $0.url.contains("q=first&") && value($0, "term")?.text != "first" })
    #expect(match("myapp://help#shipping")?.route == "helpShipping")
    // Overlaps name the winner; lint's witnesses are there; URLs no route matches are there.
    #expect(document.matches.contains { $0.kind == "overlap" && $0.route != nil })
    #expect(document.matches.contains { $0.kind == "lint" })
    #expect(document.matches.filter { $0.route == nil }.count >= 20)
    // Every route wins a URL of its own.
    let table = try BuiltInRoutes.table()
    for route in table.routes {
      #expect(
        document.matches.contains { $0.route == route.name && $0.kind == "wins" }, "\(route.name)")
    }
    // Builds, and values that are refused (with the code).
    #expect(document.builds.contains { $0.route == "user" && $0.url == "myapp://user/42" })
    #expect(document.builds.contains { $0.route == "user" && $0.error == "invalidValue" })
    #expect(document.builds.contains { $0.route == "blogPost" && $0.error == "hostRequired" })
    #expect(document.builds.contains { $0.route == "category" && $0.error == "missingValue" })
    #expect(result.stdout.contains(#""options": {"hostAsPath":"customSchemes""#))
  }

  @Test func aBadRouteFileIsAUsageError() throws {
    let result = try CommandRunner.run(["vectors", "--routes", "-"], input: "{\"version\": 2}")
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
  }
}
