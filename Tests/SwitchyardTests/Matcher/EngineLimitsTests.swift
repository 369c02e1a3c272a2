import Testing

@testable import Switchyard

/// `count` segments `segment`, as a path, then `tail`.
func repeatedPath(_ count: Int, _ segment: String = "a", tail: String = "") -> String {
  "/" + Array(repeating: segment, count: count).joined(separator: "/") + tail
}

@Suite("No limit changes an answer (catch-alls against long URLs)")
struct CatchAllLimitTests {
  @Test("Several catch-alls against thousands of segments: the route that matches wins")
  func hostileCatchAllsStillMatch() throws {
    var table = RouteTable()
    try table.add("stars", "/a/*x/a/*y/a/*z/b")
    try table.add("all", "/<path:all>")
    let matcher = RouteMatcher(table)
    let url = repeatedPath(3_000)
    let found = try #require(matcher.match(url))
    #expect(found.route.name == "all")
    #expect(found.parameter("all") == .string(String(url.dropFirst())))
    // And when the stars can finish, they win (a literal first element), narrowest first.
    let hit = try #require(matcher.match(repeatedPath(3_000, tail: "/b")))
    #expect(hit.route.name == "stars")
    let widest = String(repeatedPath(2_997).dropFirst())
    #expect(hit.parameters.map(\.value) == [.string(""), .string(""), .string(widest)])
  }

  @Test("A table with no match for thousands of segments answers none")
  func hostileMiss() throws {
    var table = RouteTable()
    try table.add("stars", "/*/a/*/a/*/a/*/b")
    let matcher = RouteMatcher(table)
    #expect(matcher.match(repeatedPath(3_000)) == nil)
    #expect(matcher.candidates(for: repeatedPath(3_000)).isEmpty)
    #expect(matcher.match("/a/a/a/b")?.route.name == "stars")
    #expect(matcher.match(repeatedPath(40, tail: "/b"))?.route.name == "stars")
  }

  /// Each priority is its own branch: a step budget per branch once let this table take
  /// seconds per lookup (100 routes, 3,000 segments); here 12 routes keep the debug build fast.
  @Test("One URL against prioritised catch-all routes: the highest priority that matches")
  func prioritisedCatchAllChains() throws {
    var table = RouteTable()
    for index in 0..<12 {
      let pattern = "/*/a" + String(repeating: "/*/a", count: index) + "/*/x\(index)"
      try table.add("r\(index)", pattern, priority: index)
    }
    try table.add("rest", "/*rest", priority: -1)
    let matcher = RouteMatcher(table)
    #expect(matcher.match(repeatedPath(500))?.route.name == "rest")
    let url = repeatedPath(500, tail: "/x5")
    #expect(matcher.match(url)?.route.name == "r5")
    #expect(matcher.candidates(for: url).map(\.route.name) == ["r5", "rest"])
  }

  @Test("candidates(for:) lists every matching route whatever the URL's length")
  func candidatesOnLongURLs() throws {
    var table = RouteTable()
    try table.add("abc", "/*a/*b/*c")
    try table.add("all", "/<path:all>")
    let matcher = RouteMatcher(table)
    for count in [1, 286, 2_000] {
      let url = repeatedPath(count)
      let found = matcher.candidates(for: url)
      #expect(found.map(\.route.name) == ["all", "abc"], "\(count) segments")
      // The leftmost catch-all takes as few segments as it can, then the next.
      #expect(
        found.last?.parameters.map(\.value)
          == [.string(""), .string(""), .string(String(url.dropFirst()))])
      #expect(matcher.match(url)?.route.name == "all")
    }
  }

  /// Sized for a debug build: two catch-all states per segment, and no 100,000-segment
  /// values decoded (the 3,000-segment tests above check the captures).
  @Test("100,000 segments against several catch-alls")
  func hundredThousandSegments() throws {
    var table = RouteTable()
    try table.add("stars", "/a/*x/a/*y/b")
    try table.add("all", "/<path:all>")
    let matcher = RouteMatcher(table)
    #expect(matcher.match(repeatedPath(100_000))?.route.name == "all")
    #expect(matcher.match(repeatedPath(100_000, tail: "/b"))?.route.name == "stars")
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
