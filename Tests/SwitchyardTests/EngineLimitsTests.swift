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

@Suite("Capture storage and type limits")
struct CaptureStorageTests {
  @Test("More captures than fit inline are all kept, in order, also when the storage is reused")
  func manyCaptures() throws {
    var table = RouteTable()
    try table.add("six", "/s/:a/:b/:c/:d/:e/<int:f>")
    try table.add("two", "/t/:a/*rest")
    let matcher = RouteMatcher(table)
    let six = try #require(matcher.match("/s/1/2/3/4/5/6"))
    #expect(six.parameters.map(\.name) == ["a", "b", "c", "d", "e", "f"])
    #expect(six.parameter("f") == .int(6))
    #expect(six.parameter("e") == .string("5"))

    var reused: RouteMatch? = nil
    #expect(matcher.match("/s/a/b/c/d/e/7", into: &reused))
    #expect(reused?.parameter("f") == .int(7))
    #expect(matcher.match("/t/x/y/z", into: &reused))
    #expect(reused?.parameters.map(\.name) == ["a", "rest"])
    #expect(reused?.parameter("rest") == .string("y/z"))
    #expect(matcher.match("/s/q/r/s/t/u/8", into: &reused))
    #expect(reused?.parameters.map { $0.value.description } == ["q", "r", "s", "t", "u", "8"])
  }

  @Test("A table registers at most 250 capture types; the 251st is refused and changes nothing")
  func typeLimit() throws {
    var table = RouteTable()
    for index in 0..<RouteTable.maximumParameterTypes {
      try table.register(ParameterType("t\(index)") { _ in true })
    }
    #expect(throws: RouteTableError.self) {
      try table.register(ParameterType("oneTooMany") { _ in true })
    }
    do {
      try table.register(ParameterType("oneTooMany") { _ in true })
    } catch {
      #expect(error.code == .tooManyTypes)
    }
    #expect(table.parameterTypes.count == RouteTable.maximumParameterTypes)
    try table.add("last", "/x/<t249:v>")
    #expect(RouteMatcher(table).match("/x/1")?.parameter("v") == .string("1"))
  }
}

@Suite("Routes kept by a matcher")
struct KeptRouteTests {
  @Test("A matcher's routes equal the table's, though it keeps them without expanded variants")
  func keptRoutesCompareEqual() throws {
    var table = RouteTable()
    try table.add("a", "/a/(b/):x")
    let matcher = RouteMatcher(table)
    #expect(matcher.routes == table.routes)
    #expect(matcher.match("/a/b/1")?.route == table.routes[0])
    var other = RouteTable(options: RouteOptions(defaultScheme: "myapp"))
    try other.add("a", "/a/(b/):x")
    #expect(RouteMatcher(other).routes[0].pattern != table.routes[0].pattern)
    #expect(RouteMatcher(other).routes[0].pattern == other.routes[0].pattern)
  }
}
