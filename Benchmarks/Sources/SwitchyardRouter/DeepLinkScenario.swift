// Full deep-link URLs against path-only matching, built from one synthetic table.
//
// The same routes and the same probe paths are written three ways:
//   * path:      patterns `/product/:productId/reviews`, probes `/product/123/reviews`;
//   * url:       the same patterns, probes as full URLs (`https://shop.example.com/...?...#top`
//                or `myapp://product/123/reviews?...#top`): what reading the extra parts costs;
//   * url-typed: full-URL patterns with a scheme (and host for https), the first capture typed
//                `<int:...>`, query requirements and fragment captures, probed with the same URLs.
// Route i uses https when i is even and the custom scheme `myapp` when odd (host-as-path).

import BenchSupport
import Switchyard

public struct DeepLinkScenario: Sendable {
  public enum Form: String, Sendable, CaseIterable {
    case path
    case url
    case urlTyped = "url-typed"
  }

  public struct Probe: Sendable {
    public var url: String
    /// Index of the route that must match, or nil for a miss.
    public var expected: Int?
  }

  public var form: Form
  /// Switchyard patterns; the position is the route index.
  public var patterns: [String]
  public var probes: [Probe]

  /// Builds the scenario from a bench table (its method segment is dropped).
  /// Deterministic: the same table always gives the same probes.
  public static func make(from table: BenchTable, form: Form, probeCount: Int = 2_000)
    -> DeepLinkScenario
  {
    var random = SplitMix64(seed: 20_261_122)
    let routes = table.routes
    let patterns = routes.map { pattern(for: $0, form: form) }

    var probes: [Probe] = []
    probes.reserveCapacity(probeCount)
    for number in 0..<probeCount {
      let route = routes[Int(random.next() % UInt64(routes.count))]
      // One probe in ten is a miss: its first segment is a word no route starts with.
      let isMiss = number % 10 == 9
      let path = concretePath(for: route, random: &random, missing: isMiss)
      let url = form == .path ? path : fullURL(for: route, path: path)
      probes.append(Probe(url: url, expected: isMiss ? nil : route.index))
    }
    return DeepLinkScenario(form: form, patterns: patterns, probes: probes)
  }

  /// The pattern of one route in the given form.
  static func pattern(for route: BenchRoute, form: Form) -> String {
    var path = ""
    var firstCapture = true
    for segment in route.segments.dropFirst() {
      path += "/"
      switch segment {
      case .literal(let text):
        path += text
      case .parameter(let name):
        path += form == .urlTyped && firstCapture ? "<int:\(name)>" : ":\(name)"
        firstCapture = false
      case .catchAll(let name):
        path += "<path:\(name)>"
      }
    }
    guard form == .urlTyped else { return path }

    let prefix = route.index.isMultiple(of: 2) ? "https://shop.example.com" : "myapp:/"
    let query =
      switch route.index % 3 {
      case 0: "?ref=<ref>"
      case 1: "?utm_medium=email"
      default: ""
      }
    let fragment = route.index.isMultiple(of: 4) ? "#<section>" : ""
    return prefix + path + query + fragment
  }

  /// A concrete path for a route: numbers for the first capture, tokens for the others.
  static func concretePath(for route: BenchRoute, random: inout SplitMix64, missing: Bool) -> String
  {
    var path = ""
    var firstCapture = true
    for (position, segment) in route.segments.dropFirst().enumerated() {
      path += "/"
      switch segment {
      case .literal(let text):
        path += missing && position == 0 ? "zz" + random.token(length: 8) : text
      case .parameter:
        path += firstCapture ? String(random.next() % 1_000_000_000) : random.token(length: 10)
        firstCapture = false
      case .catchAll:
        path += random.token(length: 6) + "/" + random.token(length: 6)
      }
    }
    return path
  }

  /// The full URL of a concrete path: scheme (and host), a query and a fragment.
  static func fullURL(for route: BenchRoute, path: String) -> String {
    let prefix = route.index.isMultiple(of: 2) ? "https://shop.example.com" : "myapp:/"
    return prefix + path + "?ref=push&utm_medium=email&lang=en#top"
  }
}

/// A small deterministic generator (SplitMix64), so the scenario never changes between runs.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Lowercase letters and digits, starting with a letter (never a number).
  mutating func token(length: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    var result = String(letters[Int(next() % UInt64(letters.count))])
    for _ in 1..<length {
      result.append(alphabet[Int(next() % UInt64(alphabet.count))])
    }
    return result
  }
}

/// Switchyard built from a deep-link scenario's patterns.
public struct SwitchyardDeepLinkRouter: RouteLookup {
  private let matcher: RouteMatcher

  public init(_ scenario: DeepLinkScenario) throws {
    var table = RouteTable()
    for (index, pattern) in scenario.patterns.enumerated() {
      try table.add(String(index), pattern)
    }
    matcher = RouteMatcher(table)
  }

  public func lookup(_ url: String) -> Int? {
    matcher.match(url)?.routeIndex
  }
}
