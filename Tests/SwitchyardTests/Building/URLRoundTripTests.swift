import SwitchyardTestSupport
import Testing

@testable import Switchyard

// The round-trip property of reverse routing (the Building URLs article): for a route and
// values it accepts, building a URL and matching it gives back the route and equal values.
//
// Cases are generated from a fixed seed (so every run checks the same cases) and cover every
// pattern feature: scheme groups, host-as-path schemes, literal, `(www.)`, `*.`, `(*.)` and `*`
// hosts, ports, literal and escaped literal segments, every capture type, captures with literal
// text around them, `<path:…>`, named and unnamed `*`, nested optional groups, query and
// fragment requirements, and values with no capture; values include hostile text (`/ % ? # & =
// +`, spaces, emoji, empty strings where allowed). A failing case is shrunk (elements, values
// and options removed or simplified while it still fails) before it is reported.
//
// Generated patterns avoid shapes where two ways of reading one URL give different values
// (a catch-all is always followed by a literal or the end, and literals hold a `~`, which no
// generated value holds); for those shapes the builder refuses the values (`ambiguous`), which
// the table tests in URLBuildingTests check.

/// One generated route with the values to build it from and what matching must give back.
struct RoundTripCase: CustomStringConvertible {
  /// What a capture must read back as.
  enum Expected: Equatable, CustomStringConvertible {
    case int(Int)
    case double(Double)
    case string(String)
    var description: String {
      switch self {
      case .int(let value): return "int \(value)"
      case .double(let value): return "double \(value)"
      case .string(let value): return "\"\(value)\""
      }
    }
  }

  /// A piece of the path pattern, with its value.
  indirect enum Element {
    case literal(text: String)
    case capture(text: String, name: String, value: BuildValue, expected: Expected)
    case catchAll(text: String, name: String?, value: BuildValue?, expected: Expected?)
    case group([Element], given: Bool)
  }

  struct QueryRequirement {
    var text: String
    var name: String?
    var value: BuildValue?
    var expected: Expected?
  }

  var hostAsPathNever = false
  var caseInsensitivePaths = false
  var plusAsSpace = false
  var defaultScheme: String? = nil
  var scheme: String? = nil
  /// `//host` text (empty for `:///`), or `nil` for no authority.
  var host: String? = nil
  var port: Int? = nil
  var path: [Element] = []
  var query: [QueryRequirement] = []
  var fragment: QueryRequirement? = nil
  var extras: [(name: String, values: [String])] = []
  var givenHost: String? = nil
  var givenScheme: String? = nil
  /// For a host-as-path scheme: the first path element is written in the authority
  /// (`myapp://user/<id>` rather than `myapp:///user/<id>`).
  var firstInAuthority = false

  var options: RouteOptions {
    RouteOptions(
      hostAsPath: hostAsPathNever ? .never : .customSchemes,
      caseInsensitivePaths: caseInsensitivePaths, plusAsSpace: plusAsSpace,
      defaultScheme: defaultScheme)
  }

  static let slug = ParameterType("slug") { text in
    !text.isEmpty && text.utf8.allSatisfy { isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "-") }
  }

  var pattern: String {
    func text(_ elements: [Element]) -> String {
      elements.map { element -> String in
        switch element {
        case .literal(let text), .capture(let text, _, _, _), .catchAll(let text, _, _, _):
          return "/" + text
        case .group(let inner, _): return "(" + text(inner) + ")"
        }
      }.joined()
    }
    var result = ""
    if let scheme { result += scheme + ":" }
    if let host {
      result += "//" + host
      if let port { result += ":\(port)" }
    }
    if firstInAuthority, !path.isEmpty {
      result += "//" + String(text([path[0]]).dropFirst()) + text(Array(path.dropFirst()))
    } else {
      result += text(path)
    }
    if result.isEmpty || (host != nil && path.isEmpty) { result += "/" }
    if !query.isEmpty { result += "?" + query.map(\.text).joined(separator: "&") }
    if let fragment { result += "#" + fragment.text }
    return result
  }

  /// The values to build from, and what each named capture must read back as.
  var values: (given: [String: BuildValue], expected: [String: Expected]) {
    var given: [String: BuildValue] = [:]
    var expected: [String: Expected] = [:]
    func collect(_ elements: [Element], printed: Bool) {
      for element in elements {
        switch element {
        case .literal: break
        case .capture(_, let name, let value, let want):
          if printed {
            given[name] = value
            expected[name] = want
          }
        case .catchAll(_, let name, let value, let want):
          guard printed, let name else { continue }
          if let value { given[name] = value }
          expected[name] = want ?? .string("")
        case .group(let inner, let isGiven):
          collect(inner, printed: printed && isGiven)
        }
      }
    }
    collect(path, printed: true)
    for requirement in query + (fragment.map { [$0] } ?? []) {
      if let name = requirement.name, let value = requirement.value,
        let want = requirement.expected
      {
        given[name] = value
        expected[name] = want
      }
    }
    for extra in extras {
      given[extra.name] =
        extra.values.count == 1 ? .string(extra.values[0]) : .list(extra.values.map { .string($0) })
    }
    return (given, expected)
  }

  var description: String {
    var lines = ["pattern \(pattern)"]
    if hostAsPathNever || caseInsensitivePaths || plusAsSpace || defaultScheme != nil {
      lines.append(
        "options hostAsPath \(hostAsPathNever ? "never" : "customSchemes"), caseInsensitivePaths \(caseInsensitivePaths), plusAsSpace \(plusAsSpace), defaultScheme \(defaultScheme ?? "nil")"
      )
    }
    let given = values.given.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    lines.append("values [\(given.joined(separator: ", "))]")
    if let givenHost { lines.append("host \(givenHost)") }
    if let givenScheme { lines.append("scheme \(givenScheme)") }
    return lines.joined(separator: "\n  ")
  }
}

/// Makes cases.
struct RoundTripCaseGenerator {
  var random: SeededGenerator
  var nextName = 0
  /// Optional groups in the current case (at most four, so a case stays far below the
  /// 256-alternative limit).
  var groups = 0

  init(seed: UInt64) { random = SeededGenerator(seed: seed) }

  mutating func name() -> String {
    nextName += 1
    return "c\(nextName)"
  }

  /// Hostile text: never holds `~` (every generated literal does).
  static let alphabet: [String] = [
    "a", "b", "Z", "0", "7", "-", ".", "_", "/", "%", "?", "#", "&", "=", "+", " ", ":", "@",
    ";", ",", "!", "*", "(", ")", "[", "]", "<", ">", "\"", "'", "\\", "^", "|", "{", "}",
    "é", "😀", "日", "\u{7F}", "\u{01}", "%41", "%zz", "..", "$",
  ]

  mutating func text(minimum: Int, maximum: Int = 6, slash: Bool = true) -> String {
    var result = ""
    var count = minimum + random.below(maximum - minimum + 1)
    while count > 0 {
      let piece = random.pick(Self.alphabet)
      if !slash && piece == "/" { continue }
      result += piece
      count -= 1
    }
    return result
  }

  mutating func literal() -> String {
    let stems = ["lit", "a%3Ab", "x%2Fy", "caf%C3%A9", "p+q", "Up", "sp%20ace", "dot.json"]
    return random.pick(stems) + "~" + String(random.below(100))
  }

  /// A one-segment capture (or a query or fragment capture when `inQuery`).
  mutating func capture(inQuery: Bool) -> (
    text: String, name: String, value: BuildValue, expected: RoundTripCase.Expected
  ) {
    let name = name()
    switch random.below(inQuery ? 5 : 6) {
    case 0:
      let value = random.pick([0, 1, -1, 42, 7, Int.max, Int.min, -907])
      if random.chance(30) {
        let text = random.pick(["007", "-0", "0042"])
        let parsed = Int(text) ?? 0
        return ("<int:\(name)>", name, .string(text), .int(parsed))
      }
      return ("<int:\(name)>", name, .int(value), .int(value))
    case 1:
      let texts = ["1e3", ".5", "-2.5", "+3", "1.", "6.02E23", "0"]
      if random.chance(50) {
        let text = random.pick(texts)
        return (
          "<\(random.pick(["float", "double"])):\(name)>", name, .string(text),
          .double(Double(text) ?? 0)
        )
      }
      let value = random.pick([2.5, -0.125, 1e-5, 123456789.0, 0.1])
      return ("<float:\(name)>", name, .double(value), .double(value))
    case 2:
      let hex = Array("0123456789abcdefABCDEF")
      var text = ""
      for index in 0..<36 {
        text.append([8, 13, 18, 23].contains(index) ? "-" : random.pick(hex))
      }
      return ("<uuid:\(name)>", name, .string(text), .string(text))
    case 3:
      let letters = Array("abcXYZ019-")
      var text = ""
      for _ in 0..<(1 + random.below(5)) { text.append(random.pick(letters)) }
      return ("<slug:\(name)>", name, .string(text), .string(text))
    default:
      let text = text(minimum: inQuery ? 0 : 1)
      let written =
        inQuery && random.chance(30)
        ? ":\(name)" : random.pick(["<\(name)>", "<string:\(name)>", ":\(name)"])
      return (written, name, .string(text), .string(text))
    }
  }

  /// Path elements; `afterCatchAll` forces a literal first.
  mutating func elements(count: Int, depth: Int) -> [RoundTripCase.Element] {
    var result: [RoundTripCase.Element] = []
    var needsLiteral = false
    for _ in 0..<count {
      if needsLiteral {
        result.append(.literal(text: literal()))
        needsLiteral = false
        continue
      }
      switch random.below(depth < 2 ? 7 : 5) {
      case 0, 1:
        result.append(.literal(text: literal()))
      case 2:
        let capture = capture(inQuery: false)
        // `:name` cannot take literal text after it (the name would run on).
        if random.chance(30), !capture.text.hasPrefix(":") {
          let prefix = random.pick(["", "pre~", "@"])
          let suffix = random.pick([".json~", "~x", "~"])
          result.append(
            .capture(
              text: prefix + capture.text + suffix, name: capture.name, value: capture.value,
              expected: capture.expected))
        } else {
          result.append(
            .capture(
              text: capture.text, name: capture.name, value: capture.value,
              expected: capture.expected))
        }
      case 4 where depth == 0:
        // A catch-all only outside groups, and always followed by a literal (or the end).
        let name = name()
        var segments: [String] = []
        for _ in 0..<random.below(4) { segments.append(text(minimum: 1, maximum: 3, slash: false)) }
        switch random.below(3) {
        case 0:
          let joined = segments.isEmpty ? "x" : segments.joined(separator: "/")
          result.append(
            .catchAll(
              text: "<path:\(name)>", name: name, value: .string(joined), expected: .string(joined))
          )
        case 1:
          let joined = segments.joined(separator: "/")
          let given = random.chance(80)
          result.append(
            .catchAll(
              text: "*\(name)", name: name, value: given ? .string(joined) : nil,
              expected: .string(given ? joined : "")))
        default:
          result.append(.catchAll(text: "*", name: nil, value: nil, expected: nil))
        }
        needsLiteral = true
      case 4:
        result.append(.literal(text: literal()))
      default:
        guard groups < 4 else {
          result.append(.literal(text: literal()))
          continue
        }
        groups += 1
        var inner: [RoundTripCase.Element] = [.literal(text: literal())]
        inner += elements(count: random.below(3), depth: depth + 1)
        result.append(.group(inner, given: random.chance(60)))
      }
    }
    if needsLiteral && (depth > 0 || random.chance(50)) { result.append(.literal(text: literal())) }
    return result
  }

  mutating func next() -> RoundTripCase {
    nextName = 0
    groups = 0
    var item = RoundTripCase()
    item.hostAsPathNever = random.chance(10)
    item.caseInsensitivePaths = random.chance(20)
    item.plusAsSpace = random.chance(30)
    item.defaultScheme = random.chance(15) ? random.pick(["https", "app"]) : nil
    item.scheme =
      random.chance(70) ? random.pick(["https", "http(s)", "myapp", "(my)app", "Web+app.x"]) : nil
    let effectiveScheme: String? =
      item.scheme.map { $0.replacingOccurrencesOfGroups() } ?? item.defaultScheme
    let hostAsPath = item.options.hostAsPath.applies(toScheme: effectiveScheme)
    if hostAsPath {
      // The authority is a path segment: written `myapp://first/…` or `myapp:///first/…`.
      if random.chance(70) { item.host = "" }
    } else if random.chance(70) {
      let hosts = [
        "example.com", "(www.)example.com", "*.example.com", "(*.)example.com", "*",
        "Sub.Example.COM", "",
      ]
      item.host = random.pick(hosts)
      if random.chance(15), item.host != "" { item.port = random.pick([8080, 1, 65535]) }
    }
    item.path = elements(count: random.below(6), depth: 0)
    if item.host != nil, case .group? = item.path.first {
      // `//host(/a)` would put the group in the host.
      item.path.insert(.literal(text: literal()), at: 0)
    }
    if hostAsPath, item.host == nil, random.chance(60) {
      switch item.path.first {
      // An '@' in the authority would be userinfo, which a pattern cannot name.
      case .literal(let text)? where !text.contains("@"),
        .capture(let text, _, _, _)? where !text.contains("@"):
        item.firstInAuthority = true
      default: break
      }
    }
    for (index, key) in ["qa", "q%26b", "qc"].enumerated() where random.chance(25) {
      switch random.below(3) {
      case 0:
        let capture = capture(inQuery: true)
        item.query.append(
          .init(
            text: "\(key)=\(capture.text)", name: capture.name, value: capture.value,
            expected: capture.expected))
      case 1: item.query.append(.init(text: "\(key)=lit\(index)%20x+y"))
      default: item.query.append(.init(text: key))
      }
    }
    switch random.below(4) {
    case 0:
      let capture = capture(inQuery: true)
      item.fragment = .init(
        text: capture.text, name: capture.name, value: capture.value, expected: capture.expected)
    case 1: item.fragment = .init(text: random.pick(["top", "a%23b", "k=v&w"]))
    default: break
    }
    for _ in 0..<random.below(3) {
      let name = "x" + text(minimum: 0, maximum: 3)
      guard !item.extras.contains(where: { $0.name == name }) else { continue }
      var values: [String] = []
      for _ in 0..<(1 + random.below(2)) { values.append(text(minimum: 0, maximum: 4)) }
      item.extras.append((name, values))
    }
    // A host of the caller's: required for `*` and `*.`, sometimes given otherwise.
    if let host = item.host, !hostAsPath {
      let needsHost = host == "*" || host == "*.example.com"
      if needsHost || random.chance(30) {
        switch host {
        case "*": item.givenHost = random.pick(["any.host", "[::1]", "H0st-1.test"])
        case "*.example.com", "(*.)example.com":
          item.givenHost = random.pick(["a.example.com", "A.b.EXAMPLE.com"])
        case "(www.)example.com": item.givenHost = random.pick(["example.com", "www.example.com"])
        case "": item.givenHost = "given.test"
        default: item.givenHost = host
        }
      }
    } else if !hostAsPath, random.chance(20) {
      item.givenHost = "given.test"
    }
    if item.scheme == "http(s)", random.chance(50) {
      item.givenScheme = random.pick(["http", "HTTPS"])
    }
    if item.scheme == nil, item.defaultScheme == nil, item.givenHost != nil, random.chance(30) {
      item.givenScheme = "https"
    }
    if item.scheme == nil, item.defaultScheme == nil, item.host == nil, item.givenHost == nil,
      random.chance(30)
    {
      // A path-only pattern reached through a custom scheme (host-as-path unless `never`).
      item.givenScheme = "myapp"
    }
    return item
  }
}

extension String {
  /// The first alternative of a scheme written with an optional group: `http(s)` → `https`.
  fileprivate func replacingOccurrencesOfGroups() -> String {
    String(filter { $0 != "(" && $0 != ")" })
  }
}

// MARK: - Checking and shrinking

enum RoundTripCheck {
  /// `nil` when the case round-trips, else what went wrong.
  static func failure(of item: RoundTripCase, distractors: [String] = []) -> String? {
    let options = item.options
    var table = RouteTable(options: options)
    do {
      try table.register(RoundTripCase.slug)
      try table.add("route", item.pattern)
    } catch {
      return "the pattern was refused: \(error)"
    }
    let (given, expected) = item.values
    let url: String
    do {
      url = try table.url(
        for: "route", values: given, host: item.givenHost, scheme: item.givenScheme)
    } catch {
      return "building failed: \(error)"
    }
    guard let match = RouteMatcher(table).match(url) else {
      return "\(url) does not match the route"
    }
    if let problem = compare(match, expected, item, url) { return problem }
    // Among other routes, the route is still a candidate with the same values (a route ranked
    // before it is one that shadows it for this URL).
    var crowded = RouteTable(options: options)
    do {
      try crowded.register(RoundTripCase.slug)
      for (index, pattern) in distractors.enumerated() { try crowded.add("other\(index)", pattern) }
      try crowded.add("route", item.pattern)
    } catch {
      return "a distractor was refused: \(error)"
    }
    guard
      let candidate = RouteMatcher(crowded).candidates(for: url).first(where: {
        $0.route.name == "route"
      })
    else {
      return "\(url) is not a candidate among other routes"
    }
    return compare(candidate, expected, item, url)
  }

  static func compare(
    _ match: RouteMatch, _ expected: [String: RoundTripCase.Expected], _ item: RoundTripCase,
    _ url: String
  ) -> String? {
    var read: [String: RoundTripCase.Expected] = [:]
    for (name, value) in match.parameters {
      if let int = value.intValue {
        read[name] = .int(int)
      } else if let double = value.doubleValue {
        read[name] = .double(double)
      } else {
        read[name] = .string(value.stringValue ?? "")
      }
    }
    guard read == expected else {
      return
        "\(url) reads back as \(read.sorted { $0.key < $1.key }), expected \(expected.sorted { $0.key < $1.key })"
    }
    for extra in item.extras where match.query.all(extra.name) != extra.values {
      return
        "\(url) reads query '\(extra.name)' as \(match.query.all(extra.name)), expected \(extra.values)"
    }
    if let givenHost = item.givenHost,
      match.url.host.map(asciiLowercased) != asciiLowercased(givenHost)
    {
      return "\(url) has the host \(match.url.host ?? "nil"), expected \(givenHost)"
    }
    return nil
  }

  /// Smaller cases than `item`, simplest changes first.
  static func shrinks(of item: RoundTripCase) -> [RoundTripCase] {
    var result: [RoundTripCase] = []
    func with(_ change: (inout RoundTripCase) -> Void) {
      var copy = item
      change(&copy)
      result.append(copy)
    }
    if !item.extras.isEmpty { with { $0.extras.removeLast() } }
    if item.fragment != nil { with { $0.fragment = nil } }
    for index in item.query.indices { with { $0.query.remove(at: index) } }
    for index in item.path.indices {
      with {
        $0.path.remove(at: index)
        if index == 0 { $0.firstInAuthority = false }
      }
    }
    for index in item.path.indices {
      if case .group(let inner, _) = item.path[index] {
        with { $0.path.replaceSubrange(index...index, with: inner) }
      }
    }
    if item.port != nil { with { $0.port = nil } }
    if item.hostAsPathNever { with { $0.hostAsPathNever = false } }
    if item.caseInsensitivePaths { with { $0.caseInsensitivePaths = false } }
    if item.plusAsSpace { with { $0.plusAsSpace = false } }
    if item.defaultScheme != nil { with { $0.defaultScheme = nil } }
    if item.givenScheme != nil { with { $0.givenScheme = nil } }
    for index in item.extras.indices {
      for (valueIndex, value) in item.extras[index].values.enumerated() where !value.isEmpty {
        with { $0.extras[index].values[valueIndex] = String(value.dropFirst()) }
      }
    }
    for index in item.path.indices {
      if case .capture(let text, let name, let value, .string(let want)) = item.path[index],
        case .text(let given) = value.kind, given.count > 1, given == want
      {
        let shorter = String(given.dropFirst())
        with {
          $0.path[index] = .capture(
            text: text, name: name, value: .string(shorter), expected: .string(shorter))
        }
      }
    }
    return result
  }

  /// Shrinks a failing case as far as it keeps failing.
  static func shrink(_ item: RoundTripCase, distractors: [String]) -> (RoundTripCase, String) {
    var current = item
    var problem = failure(of: item, distractors: distractors) ?? ""
    var improved = true
    var steps = 0
    while improved && steps < 1000 {
      improved = false
      steps += 1
      for candidate in shrinks(of: current) {
        // A smaller case must still be a valid route that fails the same property.
        if let candidateProblem = failure(of: candidate, distractors: distractors),
          !candidateProblem.hasPrefix("the pattern was refused")
        {
          current = candidate
          problem = candidateProblem
          improved = true
          break
        }
      }
    }
    return (current, problem)
  }
}

@Suite("Reverse routing round trip (property)")
struct URLRoundTripTests {
  /// Routes that compete with the generated one in the crowded table.
  static let distractors = [
    "/*", "https://*/*", "myapp:///*rest", "/<a>/<b>", "http(s)://(www.)example.com/*rest",
    "/lit~1/<int:n>",
  ]

  /// 10,000 cases in all, in chunks that run in parallel; each chunk has its own fixed seed.
  static let chunks = 8
  static let casesPerChunk = 1_250

  @Test(
    "10,000 generated routes and values: build, then match, gives the route and the values",
    arguments: 0..<chunks)
  func roundTrip(chunk: Int) {
    var generator = RoundTripCaseGenerator(seed: 0x5157_C4A2_D00D_0001 &+ UInt64(chunk) << 32)
    var failures = 0
    var checked = 0
    for _ in 0..<Self.casesPerChunk {
      let item = generator.next()
      checked += 1
      guard RoundTripCheck.failure(of: item, distractors: Self.distractors) != nil else { continue }
      failures += 1
      if failures <= 3 {
        let (shrunk, problem) = RoundTripCheck.shrink(item, distractors: Self.distractors)
        Issue.record("round trip failed: \(problem)\n  \(shrunk)\n(original case)\n  \(item)")
      }
    }
    #expect(checked * Self.chunks == 10_000)
    #expect(failures == 0, "chunk \(chunk)")
  }

  @Test("The generator covers every feature it is meant to")
  func coverage() {
    var generator = RoundTripCaseGenerator(seed: 0x5157_C4A2_D00D_0001)
    var seen: Set<String> = []
    for _ in 0..<2_000 {
      let pattern = generator.next().pattern
      for feature in [
        "<int:", "<float:", "<double:", "<uuid:", "<slug:", "<path:", "*c", "/*", "(", "*.", "//*",
        "(www.)", "(*.)", "http(s)", "myapp://", "?", "#", ".json~", "%3A", ":8080", ":c",
      ] where pattern.contains(feature) {
        seen.insert(feature)
      }
    }
    #expect(seen.count == 21, "features seen: \(seen.sorted())")
  }

  @Test("The shrinker reduces a failing case to the part that fails")
  func shrinking() {
    // A deliberately failing check: any case whose pattern holds an int capture "fails".
    var item = RoundTripCase()
    item.scheme = "https"
    item.host = "example.com"
    item.path = [
      .literal(text: "a~1"),
      .capture(text: "<int:c1>", name: "c1", value: 42, expected: .int(42)),
      .literal(text: "b~2"),
    ]
    item.extras = [("x", ["1"])]
    var current = item
    var changed = true
    while changed {
      changed = false
      for candidate in RoundTripCheck.shrinks(of: current) where candidate.pattern.contains("<int:")
      {
        current = candidate
        changed = true
        break
      }
    }
    #expect(current.pattern == "https://example.com/<int:c1>")
    #expect(current.extras.isEmpty)
  }
}
