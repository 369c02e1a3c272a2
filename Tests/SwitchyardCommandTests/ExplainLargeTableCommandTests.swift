import Foundation
import Testing

/// `switchyard explain` on a table with more routes than it lists: the text format shows the
/// routes that matched and the ten that got furthest into the URL, then how many others there
/// are; `--all` and the JSON format list every route.
@Suite("switchyard explain: a large table (end to end)")
struct ExplainLargeTableCommandTests {
  /// `/shop/item/<int:id>` and `/shop/item/:slug` match `/shop/item/7`; `/shop/item/kN` (15
  /// routes) fail at segment 3, `/shop/oN` (20) at segment 2 and `/blog/bN` (30) at segment 1.
  static let routes: String = {
    var rows = [
      #"{ "name": "item", "pattern": "/shop/item/<int:id>" }"#,
      #"{ "name": "slug", "pattern": "/shop/item/:slug" }"#,
    ]
    rows += (1...30).map { #"{ "name": "b\#($0)", "pattern": "/blog/b\#($0)" }"# }
    rows += (1...20).map { #"{ "name": "o\#($0)", "pattern": "/shop/o\#($0)" }"# }
    rows += (1...15).map { #"{ "name": "k\#($0)", "pattern": "/shop/item/k\#($0)" }"# }
    return #"{ "version": 1, "routes": ["# + rows.joined(separator: ",\n") + "] }"
  }()

  static func run(_ arguments: [String]) throws -> CommandResult {
    try CommandRunner.run(arguments, routeFile: routes)
  }

  /// The names of the route lines (`  1.  item  …`, `  -   k3  …`).
  static func listed(_ result: CommandResult) -> [String] {
    result.lines.compactMap { line in
      guard line.hasPrefix("  -   ") || line.first(where: { $0 != " " })?.isNumber == true
      else { return nil }
      return line.split(separator: " ").dropFirst().first.map(String.init)
    }
  }

  @Test("text: the matches, the ten closest failures, a count of the rest")
  func limited() throws {
    let result = try Self.run(["explain", "/shop/item/7"])
    #expect(result.status == 0)
    let names = Self.listed(result)
    #expect(names.count == 12)
    #expect(names.prefix(2) == ["item", "slug"])
    // All ten failed at segment 3, the furthest any route got.
    #expect(names.dropFirst(2).allSatisfy { $0.hasPrefix("k") })
    #expect(
      result.lines.contains(
        "  (55 other routes did not match; --all lists every route)"))
    #expect(result.lines.last?.hasPrefix("winner: item, over slug by ") == true)
  }

  @Test("text --all: every route, no count line")
  func all() throws {
    let result = try Self.run(["explain", "--all", "/shop/item/7"])
    #expect(result.status == 0)
    #expect(Self.listed(result).count == 67)
    #expect(!result.stdout.contains("other routes did not match"))
  }

  @Test("a miss: the closest failures still explain it")
  func miss() throws {
    let result = try Self.run(["explain", "/shop/o99"])
    #expect(result.status == 1)
    let names = Self.listed(result)
    #expect(names.count == 10)
    // Nothing matched; the ten listed got to segment 2, the blog routes failed at 1.
    #expect(names.allSatisfy { !$0.hasPrefix("b") })
    #expect(result.lines.contains("  (57 other routes did not match; --all lists every route)"))
  }

  @Test("json: every route, whatever the text shows")
  func json() throws {
    let result = try Self.run(["explain", "--format", "json", "/shop/item/7"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect((object["routes"] as? [[String: Any]])?.count == 67)
  }
}
