import Testing

@testable import Switchyard

@Suite("A lookup's work is bounded")
struct StepLimitTests {
  @Test("Several catch-alls against thousands of segments stop at the step limit with no match")
  func hostileCatchAllsStop() throws {
    var table = RouteTable()
    try table.add("stars", "/*/a/*/a/*/a/*/b")
    let matcher = RouteMatcher(table)
    let url = "/" + Array(repeating: "a", count: 3_000).joined(separator: "/")
    let clock = ContinuousClock()
    let elapsed = clock.measure { #expect(matcher.match(url) == nil) }
    // Far less than the hours an unbounded search would take (cubic in 3,000 segments).
    #expect(elapsed < .seconds(60))
  }

  @Test("The same table still matches ordinary URLs, and a hit inside the limit is found")
  func ordinaryURLsStillMatch() throws {
    var table = RouteTable()
    try table.add("stars", "/*/a/*/a/*/a/*/b")
    let matcher = RouteMatcher(table)
    #expect(matcher.match("/a/a/a/b")?.route.name == "stars")
    let long = "/" + Array(repeating: "a", count: 40).joined(separator: "/") + "/b"
    #expect(matcher.match(long)?.route.name == "stars")
  }
}
