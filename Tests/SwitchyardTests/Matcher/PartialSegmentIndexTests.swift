import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// Many partial-segment siblings (`v<int:n>x7`, `<id>.json`, …) are looked up by their literal
/// text: a lookup tries only the children a segment can match, in rank order, so its work is
/// linear in the URL whatever the number of such routes (debug-build counters; see
/// `ReadingCounters`).
@Suite("Partial-segment children indexed by their literal text")
struct PartialSegmentIndexTests {
  /// `count` routes `/*/v<int:n>x<i>/z` and a fallback `/*rest`.
  static func catchAllTable(_ count: Int) throws -> RouteTable {
    var table = RouteTable()
    for index in 0..<count { try table.add("v\(index)", "/*/v<int:n>x\(index)/z") }
    try table.add("fallback", "/*rest")
    return table
  }

  /// A path of `count` segments that each have the literal text of route `v7`, and then `z`.
  static func url(segments count: Int) -> String {
    String(repeating: "/v1x7", count: count - 1) + "/z"
  }

  /// What `body` cost, in partial-segment children tried (`nil` in release builds).
  static func tests(_ body: () -> Void) -> Int? {
    #if DEBUG
      let counters = ReadingCounters()
      ReadingCounters.$current.withValue(counters) { body() }
      return counters.counts.partialSegmentTests
    #else
      body()
      return nil
    #endif
  }

  @Test("a lookup's work does not grow with the number of partial-segment siblings")
  func workIndependentOfTable() throws {
    let url = Self.url(segments: 400)
    var costs: [Int] = []
    for count in [10, 100, 1_000] {
      let matcher = RouteMatcher(try Self.catchAllTable(count))
      var match: RouteMatch? = nil
      let cost = Self.tests { match = matcher.match(url) }
      #expect(match?.route.name == "v7")
      #expect(match?.parameter("n")?.intValue == 1)
      if let cost { costs.append(cost) }
    }
    if let first = costs.first {
      // At most one child per width of the catch-all; the same for every table size.
      #expect(first <= 400)
      #expect(costs.allSatisfy { $0 == first }, "\(costs)")
    }
  }

  @Test("a lookup's work grows linearly with the URL")
  func workLinearInURL() throws {
    let matcher = RouteMatcher(try Self.catchAllTable(500))
    var costs: [Int] = []
    for segments in [200, 400, 800] {
      var match: RouteMatch? = nil
      let cost = Self.tests { match = matcher.match(Self.url(segments: segments) + "/q") }
      // No `vNx<i>/z` at the end: the fallback, after every width was tried.
      #expect(match?.route.name == "fallback")
      if let cost { costs.append(cost) }
    }
    if costs.count == 3 {
      #expect(costs[1] <= 2 * costs[0] + 2, "\(costs)")
      #expect(costs[2] <= 2 * costs[1] + 2, "\(costs)")
    }
  }

  @Test("2,000 such routes and a 1 MB URL give the right route")
  func largeInput() throws {
    let matcher = RouteMatcher(try Self.catchAllTable(2_000))
    // 5 bytes a segment.
    let segments = 200_000
    let url = Self.url(segments: segments)
    let match = try #require(matcher.match(url))
    #expect(match.route.name == "v7")
    #expect(match.parameter("n")?.intValue == 1)
    let miss = try #require(matcher.match(url + "/q"))
    #expect(miss.route.name == "fallback")
    #expect(miss.parameter("rest")?.stringValue?.utf8.count == url.utf8.count + 1)
  }

  @Test("children that share literal text are tried in rank order")
  func rankOrderAmongCandidates() throws {
    var table = RouteTable()
    try table.register(evenType)
    // Registered out of rank order; eight of them, so the node has an index.
    for pattern in [
      "/f/<a>.json", "/f/<int:a>.json", "/f/<even:a>.json", "/f/x<a>.json", "/f/<a>x.json",
      "/f/x<int:a>", "/f/<a>.js", "/f/<b>.json",
    ] {
      try table.add(pattern, pattern)
    }
    try table.add("any", "/f/:a")
    let matcher = RouteMatcher(table)
    let reference = ReferenceMatcher(table: table)
    for segment in [
      "4.json", "3.json", "x4.json", "4x.json", "xx.json", "x12", "x.json", ".json", "x.js", "q",
    ] {
      let url = "/f/" + segment
      #expect(Verdict(engine: matcher, url) == Verdict(reference: reference, url), "\(url)")
    }
    #expect(matcher.match("/f/x4.json")?.route.name == "/f/x<a>.json")
    // Equal literal text: pattern text in byte order, `<a>` before `<b>`, `<even:`, `<int:`.
    #expect(matcher.match("/f/4.json")?.route.name == "/f/<a>.json")
    #expect(
      matcher.candidates(for: "/f/4.json").map(\.route.name) == [
        "/f/<a>.json", "/f/<b>.json", "/f/<even:a>.json", "/f/<int:a>.json", "any",
      ])
  }

  /// Partial-segment elements with a few shapes of literal text, so that siblings share some
  /// (`#` is replaced by a number that keeps capture names apart).
  static let elements = [
    "v<int:m#>", "v<m#>", "vv<m#>", "<m#>.json", "<int:m#>.json", "<m#>.JSON", "<even:m#>.json",
    "a<m#>.json", "A<m#>", "v<int:m#>x1", "v<m#>x12", "v<int:m#>x12", "<m#>x1", "x<m#>x", "@<m#>",
  ]

  @Test("tables with many partial-segment siblings agree with the reference")
  func differential() {
    var generator = CaseGenerator(rng: SeededGenerator(seed: 0x0A7A_1DE8))
    var failures = 0
    var checked = 0
    var matched = 0
    for caseIndex in 0..<150 {
      var table = RouteTable(options: RouteOptions(caseInsensitivePaths: generator.chance(30)))
      try? table.register(evenType)
      for index in 0..<generator.count(6...16) {
        let mixed = generator.pick(Self.elements).split(
          separator: "#", omittingEmptySubsequences: false
        ).joined(separator: "\(index)")
        let pattern = generator.pick([
          "/*/\(mixed)/z", "/\(mixed)", "/a/\(mixed)/:s", "/*r/\(mixed)", "/<path:p>/\(mixed)/*",
        ])
        _ = try? table.add("r\(index)", pattern, priority: generator.chance(10) ? 1 : 0)
      }
      if generator.chance(50) { _ = try? table.add("v", "/*/<int:n>/z") }
      let matcher = RouteMatcher(table)
      let reference = ReferenceMatcher(table: table)
      for _ in 0..<4 {
        let segments = (0..<generator.count(1...12)).map { _ in
          generator.pick([
            "v1", "v1x1", "v12x12", "vv", "vvx12", "4.json", "a.json", "A4.JSON", "x4x", "@me",
            "z", "a", "vx1", "V7", "-2.json", "v3x12",
          ])
        }
        let url = "/" + segments.joined(separator: "/")
        checked += 1
        let engine = Verdict(engine: matcher, url)
        let expected = Verdict(reference: reference, url)
        if expected.winner != nil { matched += 1 }
        guard engine != expected else { continue }
        failures += 1
        if failures <= 3 {
          Issue.record(
            """
            case \(caseIndex) url \(url)
            \(describe(table))
            engine:    \(engine)
            reference: \(expected)
            """)
        }
      }
    }
    #expect(matched > checked / 4)
    #expect(failures == 0, "\(failures) of \(checked) cases disagree")
  }
}
