/// The rule of <doc:Precedence> that decided between two routes matching the same URL.
///
/// ```swift
/// let explanation = table.explain("myapp://user/me")
/// explanation.decision?.rule         // .path(element: 2)
/// explanation.decision?.explanation  // "path element 2: literal 'me' beats string capture"
/// ```
public enum PrecedenceRule: Sendable, Hashable, CustomStringConvertible {
  /// The higher explicit priority won.
  case priority
  /// A given scheme beat an omitted one.
  case scheme
  /// The host (literal > `*.` wildcard, longer suffix first > `*` > omitted; a named port
  /// first).
  case host
  /// The path, at this element (1-based; one past the last element is the end of the pattern).
  case path(element: Int)
  /// The query requirements (more first, then literal > typed capture > string capture).
  case query
  /// The fragment requirement (literal > capture > none).
  case fragment
  /// Equally specific everywhere: the route registered first won.
  case registrationOrder

  /// The rule's name in the JSON output: `priority`, `scheme`, `host`, `path`, `query`,
  /// `fragment` or `registrationOrder`.
  public var name: String {
    switch self {
    case .priority: return "priority"
    case .scheme: return "scheme"
    case .host: return "host"
    case .path: return "path"
    case .query: return "query"
    case .fragment: return "fragment"
    case .registrationOrder: return "registrationOrder"
    }
  }

  public var description: String {
    if case .path(let element) = self { return "path element \(element)" }
    return name
  }
}

/// Which of two routes ranks first for a URL, the rule that decided it, and a sentence that
/// says why.
///
/// ```swift
/// table.explain("myapp://user/42").decision?.explanation
/// // "path element 2: int capture beats string capture"
/// ```
public struct PrecedenceDecision: Sendable, Hashable, CustomStringConvertible {
  /// The rule that decided.
  public var rule: PrecedenceRule
  /// One line: the rule and what each side had there.
  public var explanation: String

  public var description: String { explanation }
}

/// The rank of one pattern variant, split by the parts of <doc:Precedence> so that a
/// comparison can say which rule decided. Smaller ranks first.
struct RankKey: Sendable, Hashable {
  var priority: Int
  var schemeGiven: Bool
  var host: [Int]
  var path: [[Int]]
  var pathNames: [String]
  var query: [Int]
  var fragment: [Int]
  var index: Int
  var variantIndex: Int
  var hostName: String

  init(route: Route, variantIndex: Int, variant: PatternVariant) {
    priority = route.priority
    schemeGiven = variant.scheme != nil
    switch variant.host {
    case .literal: host = [0]; hostName = "literal host"
    case .wildcard(let suffix):
      host = [1, -suffix.count]
      hostName = "wildcard host *" + String(decoding: suffix, as: UTF8.self)
    case .any: host = [2]; hostName = "host *"
    case .omitted: host = [3]; hostName = "no host"
    }
    host.append(variant.port == nil ? 1 : 0)
    if variant.port != nil { hostName += " with a port" }
    path = []
    pathNames = []
    for element in variant.path {
      path.append(Self.key(element))
      pathNames.append(Self.name(element))
    }
    path.append([4])
    pathNames.append("end of pattern")
    let pattern = route.pattern
    query = [-pattern.query.count]
    for requirement in pattern.query {
      switch requirement.value {
      case .literal(let expected):
        query += [-1] + Self.bytes(requirement.name) + Self.bytes(expected)
      case .capture(let type, _):
        query += [type.rank] + Self.bytes(requirement.name)
      }
    }
    switch pattern.fragment {
    case .none: fragment = [Int.max]
    case .literal(let expected): fragment = [-1] + Self.bytes(expected)
    case .capture(let type, _): fragment = [type.rank]
    }
    index = route.index
    self.variantIndex = variantIndex
  }

  static func bytes(_ bytes: [UInt8]) -> [Int] { bytes.map { Int($0) + 1 } + [0] }

  static func key(_ element: PathElement) -> [Int] {
    switch element {
    case .literal(let bytes): return [0, bytes.count] + Self.bytes(bytes)
    case .mixed(let prefix, _, _, let suffix, let text):
      let characters =
        String(decoding: prefix, as: UTF8.self).count
        + String(decoding: suffix, as: UTF8.self).count
      return [1, -characters] + Self.bytes(text)
    case .capture(.path, _): return [3]
    case .capture(let type, _): return [2, type.rank]
    case .star: return [5]
    }
  }

  static func name(_ element: PathElement) -> String {
    switch element {
    case .literal(let bytes): return "literal '\(String(decoding: bytes, as: UTF8.self))'"
    case .mixed(_, _, _, _, let text):
      return "capture with literal text '\(String(decoding: text, as: UTF8.self))'"
    case .capture(.path, _): return "<path:…> catch-all"
    case .capture(.string, _): return "string capture"
    case .capture(.int, _): return "int capture"
    case .capture(.float, _): return "float capture"
    case .capture(.uuid, _): return "uuid capture"
    case .capture(.custom, _): return "registered-type capture"
    case .star: return "* catch-all"
    }
  }

  /// Compares with the literal comparison of path literals folded when paths are
  /// case-insensitive.
  func compare(_ other: RankKey, caseInsensitive: Bool) -> (
    precedes: Bool, decision: PrecedenceDecision
  ) {
    if priority != other.priority {
      let first = priority > other.priority
      return (
        first,
        PrecedenceDecision(
          rule: .priority,
          explanation:
            "priority: \(max(priority, other.priority)) beats \(min(priority, other.priority))")
      )
    }
    if schemeGiven != other.schemeGiven {
      return (
        schemeGiven,
        PrecedenceDecision(rule: .scheme, explanation: "scheme: a given scheme beats any scheme")
      )
    }
    if host != other.host {
      let first = host.lexicographicallyPrecedes(other.host)
      let (winner, loser) = first ? (hostName, other.hostName) : (other.hostName, hostName)
      return (first, PrecedenceDecision(rule: .host, explanation: "host: \(winner) beats \(loser)"))
    }
    for position in 0..<min(path.count, other.path.count) {
      var (mine, theirs) = (path[position], other.path[position])
      if caseInsensitive {
        mine = Self.folded(mine)
        theirs = Self.folded(theirs)
      }
      if mine != theirs {
        let first = mine.lexicographicallyPrecedes(theirs)
        let (winner, loser) =
          first
          ? (pathNames[position], other.pathNames[position])
          : (other.pathNames[position], pathNames[position])
        return (
          first,
          PrecedenceDecision(
            rule: .path(element: position + 1),
            explanation: "path element \(position + 1): \(winner) beats \(loser)")
        )
      }
    }
    if query != other.query {
      let first = query.lexicographicallyPrecedes(other.query)
      let explanation =
        query.first != other.query.first
        ? "query: more query requirements beat fewer"
        : "query: at the first differing requirement a literal beats a typed capture, "
          + "which beats a string capture"
      return (first, PrecedenceDecision(rule: .query, explanation: explanation))
    }
    if fragment != other.fragment {
      let first = fragment.lexicographicallyPrecedes(other.fragment)
      return (
        first,
        PrecedenceDecision(
          rule: .fragment,
          explanation: "fragment: a literal beats a capture, which beats no fragment requirement")
      )
    }
    let first = (index, variantIndex) < (other.index, other.variantIndex)
    return (
      first,
      PrecedenceDecision(
        rule: .registrationOrder,
        explanation: "registration order: equally specific everywhere, the earlier route wins")
    )
  }

  /// Whether two variants rank alike everywhere but registration order.
  func sameRank(_ other: RankKey, caseInsensitive: Bool) -> Bool {
    guard
      priority == other.priority && schemeGiven == other.schemeGiven && host == other.host
        && query == other.query && fragment == other.fragment && path.count == other.path.count
    else { return false }
    if !caseInsensitive { return path == other.path }
    return zip(path, other.path).allSatisfy { Self.folded($0) == Self.folded($1) }
  }

  /// A literal element's key with ASCII letters folded (bytes are stored as byte + 1).
  static func folded(_ key: [Int]) -> [Int] {
    guard key.first == 0 else { return key }
    return key.enumerated().map { offset, value in
      offset >= 2 && value >= 0x41 + 1 && value <= 0x5A + 1 ? value + 32 : value
    }
  }

  func precedes(_ other: RankKey, caseInsensitive: Bool) -> Bool {
    compare(other, caseInsensitive: caseInsensitive).precedes
  }
}
