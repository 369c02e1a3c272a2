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
}
