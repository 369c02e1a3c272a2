import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// Random tables and URLs from a small vocabulary, so that routes collide often.
struct CaseGenerator {
  var rng: SeededGenerator
  /// The most routes in a table and path elements in a pattern.
  var maxRoutes = 7
  var maxElements = 4

  mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }
  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }
  mutating func count(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

  mutating func options() -> RouteOptions {
    var options = RouteOptions()
    if chance(20) { options.caseInsensitivePaths = true }
    if chance(20) { options.plusAsSpace = true }
    if chance(10) { options.defaultScheme = "myapp" }
    if chance(10) { options.hostAsPath = pick([.always, .never, .schemes(["https"])]) }
    return options
  }

  /// One path element; `index` makes capture names unique within a pattern.
  mutating func element(_ index: Int, depth: Int = 0) -> String {
    let roll = count(0...99)
    switch roll {
    case 0..<26: return pick(["a", "b"])
    case 26..<30: return pick(["A", "%61", "a%2Fb", "a+b", "ab"])
    case 30..<38: return ":s\(index)"
    case 38..<44: return "<int:n\(index)>"
    case 44..<48: return "<float:f\(index)>"
    case 48..<51: return pick(["<even:e\(index)>", "<word:w\(index)>"])
    case 51..<57: return "*"
    case 57..<62: return "*r\(index)"
    case 62..<67: return "<path:p\(index)>"
    case 67..<72:
      return pick([
        "<m\(index)>.json", "v<int:m\(index)>", "<m\(index)>.js", "a<m\(index)>", "A<m\(index)>",
        "<int:m\(index)>.json",
        // Literal text with escapes that are not UTF-8 (compared as U+FFFD, 3 bytes each).
        "x%A9<m\(index)>", "<m\(index)>%FF.json", "%FF%FF<int:m\(index)>",
      ])
    case 72..<74: return "<uuid:u\(index)>"
    default:
      guard depth < 2 else { return pick(["a", "b"]) }
      if chance(70) { return "(" + element(index * 10 + 1, depth: depth + 1) + ")" }
      return "(" + element(index * 10 + 1, depth: depth + 1) + "/"
        + element(index * 10 + 2, depth: depth + 1) + ")"
    }
  }

  /// The parts a pattern is written from, so that a table can hold near-copies of a pattern.
  struct Shape {
    var form: Int
    var host: String
    var elements: [String]
    var query: [String]
    var fragment: String

    var text: String {
      let path = elements.joined(separator: "/")
      var text: String
      switch form {
      case 0..<3: text = "/" + path
      case 3..<5: text = "myapp://" + path
      case 5: text = "myapp:///" + path
      case 6..<8: text = "https://" + host + "/" + path
      case 8: text = "//" + host + "/" + path
      default: text = "http(s)://" + host + "/" + path
      }
      if !query.isEmpty { text += "?" + query.joined(separator: "&") }
      return text + fragment
    }
  }

  mutating func shape() -> Shape {
    var query: [String] = []
    if chance(30) {
      query.append(pick(["q=1", "q=<qv>", "q=:qv", "q=2", "q=<int:qv>", "q=a+b", "q=a%20b"]))
    }
    if chance(20) { query.append(pick(["r=<int:rv>", "r=x", "r=<rv>"])) }
    return Shape(
      form: count(0...9), host: host(), elements: (0..<count(0...maxElements)).map { element($0) },
      query: query,
      fragment: chance(20) ? pick(["#top", "#<fr>", "#:fr", "#<int:fr>", "#a+b"]) : "")
  }

  /// `original` with one part changed.
  mutating func mutate(_ original: Shape) -> Shape {
    var result = original
    switch count(0...5) {
    case 0: result.form = count(0...9)
    case 1: result.host = host()
    case 2 where !result.elements.isEmpty:
      let position = count(0...(result.elements.count - 1))
      result.elements[position] = element(position)
    case 3: result.elements.append(element(result.elements.count))
    case 4 where !result.elements.isEmpty: result.elements.removeLast()
    default:
      result.query = shape().query
      result.fragment = shape().fragment
    }
    return result
  }

  mutating func host() -> String {
    pick([
      "a.com", "*.a.com", "*", "(*.)a.com", "x.a.com", "(www.)a.com", "", "A.com", "a.com:8080",
      "*.x.a.com",
    ])
  }

  mutating func table() -> RouteTable {
    var table = RouteTable(options: options())
    try? table.register(evenType)
    try? table.register(wordType)
    var shapes: [Shape] = []
    for index in 0..<count(2...maxRoutes) {
      let next = !shapes.isEmpty && chance(40) ? mutate(pick(shapes)) : shape()
      shapes.append(next)
      // Patterns that do not parse under these options are simply left out.
      _ = try? table.add("r\(index)", next.text, priority: chance(10) ? pick([-1, 1]) : 0)
    }
    return table
  }

  /// `text` escaped for a path segment, a query name or value, or a fragment.
  mutating func escape(_ text: String, plusAsSpace: Bool = false) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": result += "%25"
      case "/": result += "%2F"
      case "?": result += "%3F"
      case "#": result += "%23"
      case "&": result += "%26"
      case "=": result += "%3D"
      case "+": result += "%2B"
      case " ": result += plusAsSpace && chance(50) ? "+" : "%20"
      case "a": result += chance(5) ? "%61" : "a"
      // Any byte that is not UTF-8 reads as U+FFFD, as does U+FFFD itself.
      case "\u{FFFD}": result += pick(["%A9", "%FF", "%E9", "%EF%BF%BD", "\u{FFFD}"])
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A URL built to match one of the table's patterns (one way of one variant), or a random
  /// one. Values are drawn from the same small vocabulary, so other routes often match too.
  mutating func url(for table: RouteTable) -> String {
    guard !table.routes.isEmpty, chance(75) else { return url() }
    let route = pick(table.routes)
    let variant = pick(route.pattern.variants)
    var segments: [String] = []
    for element in variant.path {
      switch element {
      case .literal(let bytes):
        let text = escape(String(decoding: bytes, as: UTF8.self))
        segments.append(chance(10) ? text.uppercased() : text)
      case .capture(.path, _):
        segments += (0..<count(1...2)).map { _ in filler() }
      case .star:
        segments += (0..<count(0...2)).map { _ in filler() }
      case .capture(let type, _):
        segments.append(value(type))
      case .mixed(let prefix, let type, _, let suffix, _):
        segments.append(
          escape(String(decoding: prefix, as: UTF8.self)) + value(type)
            + escape(String(decoding: suffix, as: UTF8.self)))
      }
    }
    var scheme = variant.scheme.map { String(decoding: $0, as: UTF8.self) }
    if scheme == nil { scheme = pick([nil, "myapp", "https", "other"]) }
    var host: String? = nil
    switch variant.host {
    case .literal(let bytes): host = String(decoding: bytes, as: UTF8.self)
    case .wildcard(let suffix): host = pick(["x", "y.x"]) + String(decoding: suffix, as: UTF8.self)
    case .any: host = pick(["a.com", "b.com"])
    case .omitted: host = chance(50) ? nil : pick(["a.com", "x.a.com"])
    }
    if let port = variant.port, host != nil { host = (host ?? "") + ":\(port)" }
    var text: String
    if let scheme, table.options.hostAsPath.applies(toScheme: scheme) {
      text = scheme + "://" + segments.joined(separator: "/")
    } else if let scheme {
      text = scheme + "://" + (host ?? "") + "/" + segments.joined(separator: "/")
    } else if let host {
      text = "//" + host + "/" + segments.joined(separator: "/")
    } else {
      text = "/" + segments.joined(separator: "/")
    }
    var query: [String] = []
    for requirement in route.pattern.query where chance(80) {
      let plus = table.options.plusAsSpace
      let name = escape(String(decoding: requirement.name, as: UTF8.self), plusAsSpace: plus)
      switch requirement.value {
      case .literal(let bytes):
        query.append(name + "=" + escape(String(decoding: bytes, as: UTF8.self), plusAsSpace: plus))
      case .capture(let type, _): query.append(name + "=" + value(type))
      }
    }
    if chance(30) { query.append(pick(["q=1", "q=2", "r=5", "r=x", "q"])) }
    if !query.isEmpty { text += "?" + query.joined(separator: "&") }
    switch route.pattern.fragment {
    case .literal(let bytes) where chance(80):
      text += "#" + escape(String(decoding: bytes, as: UTF8.self))
    case .capture(let type, _) where chance(80): text += "#" + value(type)
    default: if chance(15) { text += pick(["#top", "#x", "#7"]) }
    }
    return text
  }

  mutating func filler() -> String { pick(["a", "b", "c", "1", "2.5", "x", "v1", "a.json"]) }

  mutating func value(_ type: CaptureType) -> String {
    switch type {
    case .int: return pick(["1", "2", "-3", "40"])
    case .float: return pick(["2.5", "1", ".5"])
    case .uuid: return "6ba7b810-9dad-11d1-80b4-00c04fd430c8"
    case .custom: return pick(["2", "ab", "3", "a"])
    default: return filler()
    }
  }

  mutating func url() -> String {
    let segments = (0..<count(0...5)).map { _ in
      pick([
        "a", "b", "c", "A", "1", "2", "-3", "2.5", "x", "v1", "v12", "1.json", "a.json", "ab",
        "a.js", "www", "%61", "6ba7b810-9dad-11d1-80b4-00c04fd430c8", "a%2Fb", "a+b", "%41",
        "x%A9ab", "xyz%FF.json", "%FF%FF12", "x%A9",
      ])
    }
    let path = segments.joined(separator: "/")
    var text: String
    switch count(0...9) {
    case 0..<3: text = (chance(50) ? "/" : "") + path
    case 3..<5: text = pick(["myapp://", "MyApp://"]) + path
    case 5: text = "other://" + path
    default:
      text =
        pick(["https://", "http://", "HTTPS://"])
        + pick(["a.com", "x.a.com", "y.x.a.com", "A.COM", "b.com", "", "a.com:8080", "www.a.com"])
        + "/" + path
    }
    if chance(40) {
      text +=
        "?"
        + (0..<count(1...3)).map { _ in
          pick(["q=1", "q=2", "r=5", "r=x", "q", "q=", "z=1", "q=a+b", "q=a%20b", "q=%31"])
        }
        .joined(separator: "&")
    }
    if chance(25) { text += pick(["#top", "#x", "#", "#7", "#a=b", "#%74op", "#a+b"]) }
    return text
  }
}

/// What the engine and the judge said about one URL, as comparable text.
struct Verdict: Equatable, CustomStringConvertible {
  var winner: String?
  var captures: [String: ParameterValue]
  var candidates: [String]
  var candidateCaptures: [[String: ParameterValue]]

  var description: String {
    "winner \(winner ?? "none") \(captures.sorted { $0.key < $1.key }) candidates \(candidates)"
  }

  init(engine matcher: RouteMatcher, _ url: String) {
    let best = matcher.match(url)
    winner = best?.route.name
    captures = Self.dictionary(best)
    let all = matcher.candidates(for: url)
    candidates = all.map(\.route.name)
    candidateCaptures = all.map(Self.dictionary)
  }

  init(reference: ReferenceMatcher, _ url: String) {
    let all = reference.candidates(url)
    winner = all.first?.route.name
    captures = all.first?.captures ?? [:]
    candidates = all.map(\.route.name)
    candidateCaptures = all.map(\.captures)
  }

  static func dictionary(_ match: RouteMatch?) -> [String: ParameterValue] {
    var result: [String: ParameterValue] = [:]
    for (name, value) in match?.parameters ?? [] { result[name] = value }
    return result
  }
}

/// The routes of `table` without the one at `position`.
func removing(_ position: Int, from table: RouteTable) -> RouteTable {
  var smaller = table
  smaller.remove(table.routes[position].name)
  return smaller
}

func describe(_ table: RouteTable) -> String {
  let options = table.options
  var lines = [
    "options: hostAsPath=\(options.hostAsPath) caseInsensitive=\(options.caseInsensitivePaths)"
      + " plusAsSpace=\(options.plusAsSpace) defaultScheme=\(options.defaultScheme ?? "nil")"
  ]
  for route in table.routes {
    lines.append("  \(route.name) priority \(route.priority): \(route.pattern.text)")
  }
  return lines.joined(separator: "\n")
}

@Suite("Differential: engine against the reference model")
struct DifferentialTests {
  static let seed: UInt64 = 0x5317_C4A2_D00D_2024

  @Test("10,000 random tables × URLs agree with the reference on winner, captures and order")
  func randomCases() {
    print("differential seed: 0x\(String(Self.seed, radix: 16))")
    var generator = CaseGenerator(rng: SeededGenerator(seed: Self.seed))
    var failures = 0
    var checked = 0
    var matched = 0
    var contested = 0
    var routes = 0
    for caseIndex in 0..<2_500 {
      let table = generator.table()
      let urls = (0..<4).map { _ in generator.url(for: table) }
      let matcher = RouteMatcher(table)
      let reference = ReferenceMatcher(table: table)
      routes += table.routes.count
      var reused: RouteMatch? = nil
      for url in urls {
        checked += 1
        let engine = Verdict(engine: matcher, url)
        let expected = Verdict(reference: reference, url)
        if expected.winner != nil { matched += 1 }
        if expected.candidates.count > 1 { contested += 1 }
        // `match(_:into:)` reuses the capture storage of the previous match.
        let hit = matcher.match(url, into: &reused)
        let reusedAgrees =
          hit == (reused != nil) && reused?.route.name == expected.winner
          && reused?.routeIndex == reused?.route.index
          && Verdict.dictionary(reused) == expected.captures
        let agrees =
          engine == expected && reusedAgrees && matcher.matches(url) == (expected.winner != nil)
        guard !agrees else { continue }
        failures += 1
        if failures <= 5 {
          let small = shrink(table, url)
          Issue.record(
            """
            seed 0x\(String(Self.seed, radix: 16)) case \(caseIndex) url \(url)
            \(describe(small))
            engine:    \(Verdict(engine: RouteMatcher(small), url))
            reference: \(Verdict(reference: ReferenceMatcher(table: small), url))
            """)
        }
      }
    }
    print(
      "differential: \(checked) cases, \(routes) routes, \(matched) matched, \(contested) with several candidates"
    )
    #expect(checked >= 10_000)
    #expect(failures == 0, "\(failures) of \(checked) cases disagree")
  }

  @Test("Paths around the engine's inline segment limit agree with the reference")
  func longPaths() throws {
    var generator = CaseGenerator(rng: SeededGenerator(seed: Self.seed ^ 0xFFFF))
    let limit = URLLayout.inlineSegments
    var table = RouteTable()
    for pattern in [
      "/*a/x/<path:p>/y", "/a/*", "/<int:n>/*r", "/*/a/b", "/a/<path:p>/<int:n>", "myapp://*s/z",
      "/*a/:b/:c/x", "//*.a.com/*all",
    ] {
      try table.add(pattern, pattern)
    }
    let matcher = RouteMatcher(table)
    let reference = ReferenceMatcher(table: table)
    var checked = 0
    for count in (limit - 4)...(limit + 4) {
      for _ in 0..<12 {
        var segments = (0..<count).map { _ in generator.pick(["a", "b", "x", "y", "z", "1", "%61"])
        }
        if generator.chance(50), let last = segments.indices.last { segments[last] = "y" }
        let path = segments.joined(separator: "/")
        for url in ["/" + path, "myapp://" + path, "https://b.a.com/" + path, "/" + path + "/"] {
          checked += 1
          let engine = Verdict(engine: matcher, url)
          let expected = Verdict(reference: reference, url)
          #expect(engine == expected, "\(count) segments: \(url)")
        }
      }
    }
    #expect(checked > 400)
  }

  @Test("Tables with several catch-alls per route agree with the reference on long URLs")
  func catchAllsOnLongURLs() {
    var generator = CaseGenerator(rng: SeededGenerator(seed: Self.seed ^ 0xCA7C_4A11))
    var failures = 0
    var checked = 0
    var matched = 0
    for caseIndex in 0..<300 {
      var table = RouteTable(
        options: RouteOptions(caseInsensitivePaths: generator.chance(20)))
      for index in 0..<generator.count(2...6) {
        let elements = (0..<generator.count(2...6)).map { position in
          generator.pick([
            "*", "*r\(position)", "<path:p\(position)>", "*", "a", "b", ":s\(position)",
            "<int:n\(position)>", "v<int:m\(position)>", "(a/)", "(*o\(position)/)", "B",
          ])
        }
        let query = generator.chance(15) ? "?q=<int:q>" : ""
        _ = try? table.add(
          "r\(index)", "/" + elements.joined(separator: "/") + query,
          priority: generator.chance(10) ? 1 : 0)
      }
      let matcher = RouteMatcher(table)
      let reference = ReferenceMatcher(table: table)
      for _ in 0..<3 {
        let length = generator.count(10...300)
        var segments = (0..<length).map { _ in generator.pick(["a", "b", "1", "v2", "c", "a"]) }
        if generator.chance(50) { segments[length - 1] = generator.pick(["a", "b", "v2"]) }
        let url =
          "/" + segments.joined(separator: "/")
          + generator.pick(["", "", "?q=3", "?q=x"])
        checked += 1
        let engine = Verdict(engine: matcher, url)
        let expected = Verdict(reference: reference, url)
        if expected.winner != nil { matched += 1 }
        guard engine != expected else { continue }
        failures += 1
        if failures <= 3 {
          let small = shrink(table, url)
          Issue.record(
            """
            case \(caseIndex) url \(url)
            \(describe(small))
            engine:    \(Verdict(engine: RouteMatcher(small), url))
            reference: \(Verdict(reference: ReferenceMatcher(table: small), url))
            """)
        }
      }
    }
    print("differential, long URLs: \(checked) cases, \(matched) matched")
    #expect(matched > checked / 4)
    #expect(failures == 0, "\(failures) of \(checked) cases disagree")
  }

  /// Removes routes while the engine and the reference still disagree on `url`.
  func shrink(_ table: RouteTable, _ url: String) -> RouteTable {
    var current = table
    var position = 0
    while position < current.routes.count {
      let smaller = removing(position, from: current)
      if Verdict(engine: RouteMatcher(smaller), url)
        != Verdict(reference: ReferenceMatcher(table: smaller), url)
      {
        current = smaller
      } else {
        position += 1
      }
    }
    return current
  }
}
