import Testing

@testable import Switchyard

/// A match is kept within 128 bytes: its URL split is packed in 16-bit offsets and its inline
/// captures in 8 bytes each. A URL too long for those (64 KiB or more) must read the same
/// values through the fallbacks: the reading splits it again, the captures go to the array.
@Suite("A match in 128 bytes")
struct CompactMatchTests {
  @Test("A match is at most 128 bytes")
  func matchSize() {
    #expect(
      MemoryLayout<RouteMatch>.size <= 128,
      "a match is returned by value from every lookup; above 128 bytes each copy is a memcpy call"
    )
    #expect(MemoryLayout<URLLayout.Packed?>.size <= 24)
    #expect(MemoryLayout<CaptureList>.size <= 48)
    #expect(
      MemoryLayout<URLLayout>.size <= 128,
      "the search copies a URL's layout several times per lookup; above 128 bytes each is a memcpy call"
    )
  }

  // MARK: The packed split

  /// Splits `url` and packs its layout (`nil` when it does not pack).
  func packed(_ url: String) -> (URLLayout, URLLayout.Packed?) {
    var url = url
    let layout = url.withUTF8 { URLLayout.split($0) }
    return (layout, URLLayout.Packed(layout, count: url.utf8.count))
  }

  @Test(
    "A packed split unpacks to the split it was made from",
    arguments: [
      "myapp://h:0/a", "myapp://h:65535/a", "myapp://h:65536/a", "myapp://h:/a",
      "https://u@[::1]:8080/p%20q/r?x=1&y#frag", "/a?", "/a#", "?#", "", "x:", "//", "myapp:///x",
      "/%41/b", "mailto:someone",
    ])
  func packedRoundTrip(_ url: String) throws {
    let (layout, packed) = packed(url)
    let unpacked = try #require(packed).layout
    #expect(unpacked == layout)
    #expect(
      try #require(packed).hasQueryOrFragment == (layout.query != nil || layout.fragment != nil))
  }

  @Test("Ports 0 and 65535 read back, and an absent port stays absent")
  func ports() throws {
    #expect(try #require(packed("myapp://h:0/a").1).layout.port == 0)
    #expect(try #require(packed("myapp://h:65535/a").1).layout.port == 65535)
    #expect(try #require(packed("myapp://h/a").1).layout.port == nil)
    // Above 65535 the split has no port (the digits stay in the host), as before packing.
    #expect(try #require(packed("myapp://h:65536/a").1).layout.port == nil)
  }

  @Test("The longest URL that packs, and the first that does not")
  func packLimit() throws {
    let limit = URLLayout.Packed.maximumCount
    #expect(limit == 65534)
    for count in [limit - 1, limit] {
      let url = "myapp://h:9/" + String(repeating: "a", count: count - 14) + "?#"
      #expect(url.utf8.count == count)
      let (layout, packed) = packed(url)
      let unpacked = try #require(packed).layout
      #expect(unpacked == layout)
      #expect(unpacked.fragment == count..<count)
      #expect(unpacked.query == (count - 1)..<(count - 1))
    }
    for count in [limit + 1, limit + 2, 70_000] {
      let url = "/" + String(repeating: "a", count: count - 1)
      #expect(packed(url).1 == nil)
    }
  }

  // MARK: Compact captures

  @Test("A capture slot packs when its fields fit in 16 bits, and reads back the same")
  func compactSlots() {
    let fitting: [CaptureSlot] = [
      .segments(0..<1, type: CaptureType.string.code),
      .segments(65534..<65535, type: CaptureType.int.code),
      .mixed(segment: 65535, prefixCount: 65535, suffixCount: 65535, type: 255),
      .queryValue(7..<65535, type: CaptureType.float.code),
      .fragment(0..<0, type: CaptureType.uuid.code),
    ]
    for slot in fitting {
      let word = slot.compact
      #expect(word != nil, "\(slot)")
      if let word { #expect(CaptureSlot(compact: word) == slot) }
    }
    let wide: [CaptureSlot] = [
      .segments(65535..<65536, type: CaptureType.string.code),
      .mixed(segment: 1, prefixCount: 2, suffixCount: 65536, type: 0),
      .mixed(segment: 70_000, prefixCount: 0, suffixCount: 0, type: 0),
      .queryValue(65536..<65540, type: 0),
      .fragment(3..<100_000, type: 0),
    ]
    for slot in wide { #expect(slot.compact == nil, "\(slot)") }
  }

  /// `count` different slots; those at `wideAt` do not pack.
  func slots(_ count: Int, wideAt wide: Set<Int> = []) -> [CaptureSlot] {
    (0..<count).map { index in
      let base = wide.contains(index) ? 100_000 : 0
      switch index % 4 {
      case 0: return .segments((base + index)..<(base + index + 1), type: CaptureType.int.code)
      case 1:
        return .mixed(segment: base + index, prefixCount: 2, suffixCount: 3, type: 7)
      case 2: return .queryValue((base + 10)..<(base + 20 + index), type: 1)
      default: return .fragment((base + 30)..<(base + 40), type: CaptureType.string.code)
      }
    }
  }

  /// The slots of `list`, read back.
  func contents(_ list: CaptureList) -> [CaptureSlot] { (0..<list.count).map { list[$0] } }

  @Test("Captures that fit stay inline; more than four, or one that does not pack, spill")
  func captureListForms() {
    for count in 0...4 {
      let expected = slots(count)
      var list = CaptureList()
      expected.withUnsafeBufferPointer { list.append(contentsOf: $0) }
      #expect(contents(list) == expected)
      #expect(!list.hasSpilledStorage, "\(count) compact slots allocate nothing")
      #expect(contents(CaptureList(expected)) == expected)
    }
    for (count, wide) in [(5, Set<Int>()), (9, []), (1, [0]), (4, [3]), (4, [0, 2]), (6, [5])] {
      let expected = slots(count, wideAt: wide)
      var list = CaptureList()
      expected.withUnsafeBufferPointer { list.append(contentsOf: $0) }
      #expect(contents(list) == expected, "\(count) slots, wide at \(wide)")
      #expect(list.hasSpilledStorage)
      #expect(contents(CaptureList(expected)) == expected)
    }
  }

  @Test("Appending in steps: inline first, then a slot that does not pack moves them all")
  func captureListSteps() {
    let expected = slots(4, wideAt: [2])
    var list = CaptureList()
    expected[0..<2].withUnsafeBufferPointer { list.append(contentsOf: $0) }
    #expect(!list.hasSpilledStorage)
    expected[2..<4].withUnsafeBufferPointer { list.append(contentsOf: $0) }
    #expect(contents(list) == expected)
    #expect(list.hasSpilledStorage)
  }

  @Test("An emptied list keeps its array, and goes back to inline slots when they fit")
  func captureListReuse() {
    var list = CaptureList(slots(3, wideAt: [1]))
    #expect(list.hasSpilledStorage)
    list.removeAll()
    #expect(list.count == 0)
    #expect(list.hasSpilledStorage)
    let small = slots(2)
    small.withUnsafeBufferPointer { list.append(contentsOf: $0) }
    #expect(contents(list) == small)
    list.removeAll()
    let wide = slots(7, wideAt: [6])
    wide.withUnsafeBufferPointer { list.append(contentsOf: $0) }
    #expect(contents(list) == wide)
  }

  // MARK: Long URLs

  static let patterns = [
    "/q/:pad/:x?q=<v>#<f>", "/w/:pad/:a/:b/:c/:d/<int:e>", "/m/:pad/img-<int:n>.png",
    "myapp://h:65535/p/:pad/:x", "myapp://h:0/p/:pad/:x", "/s/*rest/:y/:z",
  ]

  /// What a match reads: its route, captures, query, fragment and URL parts.
  struct Reading: Equatable {
    var route: String
    var captures: [String: String]
    var query: [String]
    var fragment: String?
    var port: Int?
    var segmentCount: Int
  }

  func reading(_ match: RouteMatch?) -> Reading? {
    guard let match else { return nil }
    return Reading(
      route: match.route.name, captures: captures(match),
      query: match.query.items.map { "\($0.name)=\($0.value)" }, fragment: match.fragment,
      port: match.url.port, segmentCount: match.url.pathSegments.count)
  }

  /// URLs of `total` bytes, each with a padding segment (captured as `pad`) and then the
  /// captures it should read (the padding left out).
  func cases(total: Int) -> [(url: String, padding: Int, captures: [String: String])] {
    let shapes: [(before: String, after: String, captures: [String: String])] = [
      ("/q/", "/x1?a=1&q=v%20w&z#frag%21", ["x": "x1", "v": "v w", "f": "frag!"]),
      ("/w/", "/a1/b2/c3/d4/55", ["a": "a1", "b": "b2", "c": "c3", "d": "d4", "e": "55"]),
      ("/m/", "/img-42.png", ["n": "42"]),
      ("myapp://h:65535/p/", "/x2?k=v#f", ["x": "x2"]),
      ("myapp://h:0/p/", "/x3", ["x": "x3"]),
    ]
    return shapes.map { shape in
      let padding = total - shape.before.utf8.count - shape.after.utf8.count
      let url = shape.before + String(repeating: "p", count: padding) + shape.after
      return (url, padding, shape.captures)
    }
  }

  @Test(
    "Captures, query, fragment and port read the same below, at and above 64 KiB",
    arguments: [100, 65_533, 65_534, 65_535, 65_536, 65_600, 140_000])
  func longURLs(total: Int) throws {
    let table = try makeTable(Self.patterns)
    let matcher = RouteMatcher(table)
    for (url, padding, expected) in cases(total: total) {
      #expect(url.utf8.count == total)
      let match = try #require(matcher.match(url), "\(url.prefix(20))… (\(total) bytes)")
      var captured = captures(match)
      #expect(captured.removeValue(forKey: "pad")?.utf8.count == padding)
      #expect(captured == expected, "\(url.prefix(20))… (\(total) bytes)")
      // The same URL with a short padding reads the same everything else.
      let shortURL = url.replacing(String(repeating: "p", count: padding), with: "p")
      var short = try #require(reading(matcher.match(shortURL)))
      var long = try #require(reading(match))
      short.captures["pad"] = nil
      long.captures["pad"] = nil
      #expect(long == short, "\(url.prefix(20))… (\(total) bytes)")
      // A kept reading (the router's), a reused match and the candidates read the same.
      #expect(reading(matcher.read(url).best) == reading(match))
      var reused: RouteMatch? = matcher.match("/w/p/1/2/3/4/5")
      #expect(matcher.match(url, into: &reused))
      #expect(reading(reused) == reading(match))
      #expect(reading(matcher.candidates(for: url).first) == reading(match))
      #expect(reading(matcher.candidates(for: matcher.read(url).reading).first) == reading(match))
      if total < 1000 { expectReferenceAgrees(table, matcher, url) }
    }
  }

  @Test("Captures after more than 65,535 segments")
  func manySegments() throws {
    let table = try makeTable(Self.patterns)
    let matcher = RouteMatcher(table)
    for count in [65_530, 65_536, 70_000] {
      let url = "/s/" + String(repeating: "a/", count: count) + "y1/z1"
      for match in [matcher.match(url), matcher.read(url).best] {
        let found = try #require(match)
        #expect(found.parameter("y")?.description == "y1")
        #expect(found.parameter("z")?.description == "z1")
        #expect(found.parameter("rest")?.description.utf8.count == 2 * count - 1)
      }
    }
  }

  @Test("A router routes a long URL through an interceptor and reads its parts")
  func longURLThroughRouter() throws {
    let router = Router<String>()
    try router.register("/q/:pad/:x?q=<v>#<f>") { match in
      "\(try match.value("x", as: String.self)) \(try match.value("v", as: String.self)) \(try match.value("f", as: String.self)) "
        + "\(match.query.last("a") ?? "-") \(match.url.pathSegments.count)"
    }
    try router.register("myapp://h:65535/p/:pad/:x") { match in
      "\(try match.value("x", as: String.self)) \(match.url.port ?? -1)"
    }
    router.unmatchedHandler = { request in
      "unmatched \(request.parts.port ?? -1) \(request.query.last("k") ?? "-")"
    }
    let seen = Locked<[String]>([])
    router.intercept(name: "look") { request in
      let port = request.parts.port.map { "\($0)" } ?? "-"
      seen.withLock { $0.append("\(port) \(request.match?.route.pattern.text ?? "-")") }
      return .pass
    }
    for size in [10, 65_600, 140_000] {
      let pad = String(repeating: "p", count: size)
      seen.withLock { $0.removeAll() }
      #expect(router.route("/q/\(pad)/x1?a=1&q=v%20w#frag%21") == "x1 v w frag! 1 3")
      #expect(router.route("myapp://h:65535/p/\(pad)/x2?k=v") == "x2 65535")
      #expect(router.route("myapp://h:0/p/\(pad)/x2?k=v") == "unmatched 0 v")
      #expect(
        seen.withLock { $0 } == [
          "- /q/:pad/:x?q=<v>#<f>", "65535 myapp://h:65535/p/:pad/:x", "0 -",
        ], "padding \(size)")
    }
  }
  @Test("A routed URL too long to pack is still read once, matched or not")
  func longURLSplitOnce() throws {
    let router = Router<String>()
    try router.register("/q/:pad/:x?q=<v>#<f>") { match in
      "\(try match.value("x", as: String.self)) \(match.url.pathSegments.count) \(match.query.items.count) "
        + "\(match.fragment ?? "-") \(match.fragmentParameters.items.count)"
    }
    router.unmatchedHandler = { request in
      "unmatched \(request.parts.pathSegments.count) \(request.query.last("k") ?? "-")"
    }
    router.intercept(name: "look") { request in
      request.parts.pathSegments.count == 3 && request.query.last("q") != nil ? .pass : .reject
    }
    let pad = String(repeating: "p", count: 70_000)
    for (url, expected) in [
      ("/q/\(pad)/x1?q=v#f", "x1 3 1 f 0"), ("/r/\(pad)/x1?k=v", "unmatched 3 v"),
    ] {
      let counters = ReadingCounters()
      ReadingCounters.$current.withValue(counters) { #expect(router.route(url) == expected) }
      // The search splits it once; nothing splits it afterwards.
      #expect(counters.counts.splits == 1)
      #expect(counters.counts.queryParses <= 2)
    }
  }
}
