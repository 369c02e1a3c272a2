import Testing

@testable import Switchyard

/// Every reader of a captured value (`parameter(_:)`, `parameters`, the subscript, the code
/// `@Routes` writes) goes through `RouteMatch.Captures`, which decodes one capture straight
/// from the URL's bytes (debug-build counters; see `ReadingCounters`).
@Suite("Reading a capture decodes only its own bytes")
struct CaptureReadingTests {
  /// How many URL bytes `body` percent-decoded (`nil` in release builds).
  static func decodedBytes(_ body: () -> Void) -> Int? {
    #if DEBUG
      let counters = ReadingCounters()
      ReadingCounters.$current.withValue(counters) { body() }
      return counters.counts.decodedBytes
    #else
      body()
      return nil
    #endif
  }

  @Test("One capture of a long URL: only its bytes are decoded, whichever reader asks")
  func onlyItsBytes() throws {
    var table = RouteTable()
    try table.add("pair", "/a/:long/:short?q=<q>#<frag>")
    let long = String(repeating: "b%20", count: 250)
    let match = try #require(RouteMatcher(table).match("/a/\(long)/c?x=\(long)&q=d#e"))
    var short: ParameterValue?
    var query: String?
    var fragment: String?
    let costs = [
      Self.decodedBytes { short = match.parameter("short") },
      Self.decodedBytes { query = match["q"] },
      Self.decodedBytes { fragment = match["frag"] },
    ]
    #expect(short == .string("c"))
    #expect(query == "d")
    #expect(fragment == "e")
    if costs.allSatisfy({ $0 != nil }) { #expect(costs == [1, 1, 1]) }
    #expect(match.parameter("long")?.text == String(repeating: "b ", count: 250))
  }

  @Test("A name that is not a capture costs no split of its own: the subscript reads the query")
  func queryNameSplitsOnce() throws {
    var table = RouteTable()
    try table.add("user", "/user/:id")
    let match = try #require(RouteMatcher(table).match("/user/7?tab=likes"))
    #if DEBUG
      let counters = ReadingCounters()
      let tab = ReadingCounters.$current.withValue(counters) { match["tab"] }
      #expect(counters.counts.splits == 1)
    #else
      let tab = match["tab"]
    #endif
    #expect(tab == "likes")
  }

  @Test("Each kind of capture, escapes, a host read as a segment and catch-alls read as before")
  func everyKind() throws {
    let matcher = try makeMatcher([
      "myapp://<section>/<int:id>", "/v<int:major>/r<minor>.json", "/f/<path:rest>",
      "/g/:name/*rest",
    ])
    let host = try #require(matcher.match("myapp://us%65r/0042"))
    #expect(host.parameters.map(\.value) == [.string("user"), .int(42)])
    #expect(host["id"] == "0042")
    let mixed = try #require(matcher.match("/v1/r%41%2Fb.json"))
    #expect(mixed.parameters.map(\.value) == [.int(1), .string("A/b")])
    let path = try #require(matcher.match("/f/a%2Fb//c%20d"))
    #expect(path.parameter("rest") == .string("a/b/c d"))
    let empty = try #require(matcher.match("/g/x"))
    #expect(empty.parameters.map(\.value) == [.string("x"), .string("")])
    let plusMatcher = try makeMatcher(["/q?term=<term>"], options: RouteOptions(plusAsSpace: true))
    let plus = try #require(plusMatcher.match("/q?term=a+b%2B"))
    #expect(plus["term"] == "a b+")
    let invalid = try #require(matcher.match("/v2/r%FFz.json"))
    #expect(invalid.parameter("minor") == .string("\u{FFFD}z"))
  }

  /// Every capture of `url` as text, read in place inside the lookup (`RouteMatcher.withBest`)
  /// and from the match (`RouteMatch.withCaptures`).
  static func bothReadings(
    _ matcher: RouteMatcher, _ url: String
  ) throws -> (inPlace: [String], fromMatch: [String]) {
    var inPlace: [String] = []
    let matched = matcher.withBest(url) { _, captures in
      inPlace = (0..<captures.count).map { captures.text(at: $0) }
    }
    #expect(matched)
    let match = try #require(matcher.match(url))
    let fromMatch = match.withCaptures { captures in
      (0..<captures.count).map { captures.text(at: $0) }
    }
    return (inPlace, fromMatch)
  }

  @Test(
    "A capture read in place inside the lookup is the capture read from the match, for every kind"
  )
  func inPlaceReadsAsTheMatch() throws {
    let matcher = try makeMatcher([
      "myapp://<section>/<int:id>", "/v<int:major>/r<minor>.json", "/f/<path:rest>",
      "/g/:name/*rest", "/q/:term?page=<page>#<frag>",
    ])
    let long = String(repeating: "%FFab", count: 10)
    let repaired = String(repeating: "\u{FFFD}ab", count: 10)
    let cases: [(String, [String])] = [
      ("myapp://us%65r/0042", ["user", "0042"]),
      ("/v1/r%41%2Fb.json", ["1", "A/b"]),
      ("/v2/r%FFz.json", ["2", "\u{FFFD}z"]),
      ("/f/a%2Fb//c%20d", ["a/b/c d"]),
      ("/f/\(long)/x", [repaired + "/x"]),
      ("/g/x", ["x", ""]),
      ("/g/%C3%A9t%C3%A9/a/b", ["été", "a/b"]),
      ("/q/a%20b?page=2&x=1#top", ["a b", "2", "top"]),
      ("/q/\(long)?page=\(long)#\(long)", Array(repeating: repaired, count: 3)),
    ]
    for (url, expected) in cases {
      let (inPlace, fromMatch) = try Self.bothReadings(matcher, url)
      #expect(inPlace == expected, "\(url)")
      #expect(fromMatch == expected, "\(url)")
    }
    #expect(!matcher.withBest("/nowhere") { _, _ in Issue.record("called on a miss") })
  }

  @Test(
    "The lookup that reads in place calls its body once on a hit and never on a miss, on every search path"
  )
  func inPlaceBodyRunsOnce() throws {
    // `@Routes` builds its value inside this body (`_RouteCaptures.value(of:matcher:read:)`)
    // and keeps the one it is given: a second call would replace a value it already made.
    // The URLs go through the plain-path walk, the general search (host, query, optional
    // group, catch-all, typed captures that refuse) and a host-as-path scheme.
    let matcher = try makeMatcher([
      "/users/:id", "/users/<int:id>", "/users/new", "myapp://<section>/<int:id>",
      "https://example.com/a(/<b>)", "/q/:term?page=<page>#<frag>", "/f/<path:rest>",
      "/g/:name/*rest", "/u/<uuid:id>", "/n/<float:x>/<int:y>",
    ])
    let hits = [
      "/users/7", "/users/x", "/users/new", "myapp://user/42", "https://example.com/a",
      "https://example.com/a/c", "/q/t?page=2#f", "/f/a/b/c", "/g/x/y/z", "/g/x",
      "/u/123e4567-e89b-12d3-a456-426614174000", "/n/2.5/3", "/n/2.5/x/",
    ]
    for url in hits {
      var calls = 0
      let matched = matcher.withBest(url) { _, _ in calls += 1 }
      #expect(matched == (matcher.match(url) != nil), "\(url)")
      #expect(calls == (matched ? 1 : 0), "\(url)")
    }
    for url in ["/nowhere", "myapp://user/x", "/u/not-a-uuid", "https://other.com/a"] {
      var calls = 0
      #expect(!matcher.withBest(url) { _, _ in calls += 1 }, "\(url)")
      #expect(calls == 0, "\(url)")
    }
  }

  @Test(
    "A capture beside an escape that is not UTF-8 in its segment's literal text is cut at the right byte"
  )
  func captureBesideInvalidEscape() throws {
    // Each invalid byte is compared as U+FFFD (3 bytes): the capture is cut from the segment
    // repaired the same way, by the match and by the lookup that reads in place.
    var table = RouteTable()
    try table.add("x", "/x%A9:name")
    try table.add("t", "/c/%FF%FF%FF%FF%FF%FF%FF%FF<int:n>")
    try table.add("s", "/b/<n>%FF.json")
    try table.add("legacy", "/caf%E9-<id>")
    let matcher = RouteMatcher(table)
    let cases: [(String, String, String, ParameterValue)] = [
      ("/x%A9abc", "x", "name", .string("abc")),
      ("/b/xyz%FF.json", "s", "n", .string("xyz")),
      ("/c/%FF%FF%FF%FF%FF%FF%FF%FF1234567890123456789", "t", "n", .int(1_234_567_890_123_456_789)),
      ("/caf%E9-1042", "legacy", "id", .string("1042")),
      ("/x%A9a%FFc", "x", "name", .string("a\u{FFFD}c")),
    ]
    for (url, route, name, value) in cases {
      let match = try #require(matcher.match(url), "\(url)")
      #expect(match.route.name == route, "\(url)")
      #expect(match.parameter(name) == value, "\(url)")
      let (inPlace, fromMatch) = try Self.bothReadings(matcher, url)
      #expect(inPlace == [value.text], "\(url)")
      #expect(fromMatch == [value.text], "\(url)")
    }
  }

  @Test("Read in place, a plain path's captures cost no split and no decoding of their own")
  func inPlaceReadsNothingTwice() throws {
    let matcher = try makeMatcher(["/repos/:owner/:repo/issues/<int:number>"])
    #if DEBUG
      let counters = ReadingCounters()
      var values: [String] = []
      ReadingCounters.$current.withValue(counters) {
        _ = matcher.withBest("/repos/apple/swift/issues/42") { _, captures in
          values = (0..<captures.count).map { captures.text(at: $0) }
        }
      }
      #expect(values == ["apple", "swift", "42"])
      // The search's own split only.
      #expect(counters.counts.splits == 1)
      #expect(counters.counts.decodedBytes == 0)
    #endif
  }
}
