import Testing

@testable import Switchyard

/// Building a URL with many values that go to the query costs time linear in their number:
/// the URL is read back once to check it, not once per value.
@Suite("Building URLs with many query values")
struct URLBuildingScaleTests {
  /// `count` values with no capture in the pattern, named so that their sorted order is known.
  static func extras(_ count: Int) -> [String: BuildValue] {
    var values: [String: BuildValue] = [:]
    for index in 0..<count { values["k\(index)"] = .string("v \(index)") }
    return values
  }

  /// How many queries were parsed while `body` ran (debug builds count; release builds skip).
  func queryParses(_ body: () throws -> Void) rethrows -> Int? {
    #if DEBUG
      let counters = ReadingCounters()
      try ReadingCounters.$current.withValue(counters) { try body() }
      return counters.counts.queryParses
    #else
      try body()
      return nil
    #endif
  }

  @Test("the built URL's query is parsed once, whatever the number of values")
  func oneReadBack() throws {
    var table = RouteTable()
    try table.add("item", "myapp://item/<int:id>")
    for count in [1, 1_000, 2_000] {
      var values = Self.extras(count)
      values["id"] = .int(7)
      var url = ""
      let parses = try queryParses { url = try table.url(for: "item", values: values) }
      if let parses { #expect(parses == 1, "\(count) values") }
      #expect(
        url.hasPrefix(
          count > 10 ? "myapp://item/7?k0=v%200&k1=v%201&k10=v%2010&" : "myapp://item/7?k0=v%200"))
      #expect(url.utf8.count { $0 == UInt8(ascii: "&") } == count - 1)
    }
  }

  @Test("an array value repeats its name; the read-back still compares every value")
  func arrayValues() throws {
    var table = RouteTable()
    try table.add("item", "/item/:id")
    var values = Self.extras(500)
    values["id"] = "a"
    values["tag"] = ["x", "y", "x"]
    let url = try table.url(for: "item", values: values)
    #expect(url.hasSuffix("&tag=x&tag=y&tag=x"))
    let match = try #require(RouteMatcher(table).match(url))
    #expect(match.query.all("tag") == ["x", "y", "x"])
    #expect(match.query.last("k499") == "v 499")
  }

  @Test("20,000 values build a URL that reads back as them")
  func manyValues() throws {
    var table = RouteTable()
    try table.add("search", "/search/:term")
    var values = Self.extras(20_000)
    values["term"] = "swift"
    let url = try table.url(for: "search", values: values)
    #expect(url.hasPrefix("/search/swift?k0=v%200&"))
    let match = try #require(RouteMatcher(table).match(url))
    #expect(match.query.items.count == 20_000)
    #expect(match.query.last("k19999") == "v 19999")
  }
}
