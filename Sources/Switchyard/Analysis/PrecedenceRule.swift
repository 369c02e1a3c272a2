/// The rule of <doc:Precedence> that decided between two routes matching the same URL.
///
/// The rules follow the parts of a URL a pattern can name (scheme, host with its port, path,
/// query, fragment), between the explicit priority and registration order; they are the
/// order <doc:Precedence> defines, so this is an enum (a new rule would change which route
/// wins, not just add a name).
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
  package var name: String {
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

/// The comparators of the matcher (`Matcher/Precedence.swift`): the analysis ranks with them.
private typealias Precedence = MatcherStorage.Builder

/// The rank of one pattern variant, split by the parts of <doc:Precedence> so that a
/// comparison can say which rule decided. Every part is ranked and compared by the matcher's
/// own functions in `Matcher/Precedence.swift`.
struct RankKey: Sendable, Hashable {
  var priority: Int
  var scheme: Int
  var host: MatcherStorage.Builder.HostRank
  var port: Int
  var path: [MatcherStorage.Builder.PathRank]
  /// The path elements, named only when a decision is explained (see ``appendPathName(_:to:)``):
  /// a lint ranks every route but explains few of them.
  var elements: [PathElement]
  /// The route's query requirements, capture names cleared (they do not rank).
  var query: [QueryRequirement]
  /// The route's fragment requirement, a capture's name cleared.
  var fragment: FragmentRequirement
  var index: Int
  var variantIndex: Int
  var hostName: String

  init(route: Route, variantIndex: Int, variant: PatternVariant) {
    priority = route.priority
    scheme = Precedence.schemeRank(variant.scheme)
    host = Precedence.hostRank(variant.host)
    port = Precedence.portRank(variant.port)
    switch variant.host {
    case .literal: hostName = "literal host"
    case .wildcard(let suffix):
      hostName = "wildcard host *" + String(decoding: suffix, as: UTF8.self)
    case .any: hostName = "host *"
    case .omitted: hostName = "no host"
    }
    if variant.port != nil { hostName += " with a port" }
    path = variant.path.map(Precedence.pathRank) + [Precedence.endOfPatternRank]
    elements = variant.path
    let pattern = route.pattern
    query = pattern.query.map { requirement in
      var requirement = requirement
      if case .capture(let type, _) = requirement.value {
        requirement.value = .capture(type, name: "")
      }
      return requirement
    }
    if case .capture(let type, _) = pattern.fragment {
      fragment = .capture(type, name: "")
    } else {
      fragment = pattern.fragment
    }
    index = route.index
    self.variantIndex = variantIndex
  }

  /// Appends how a decision names the path element at `position` (one past the last is the
  /// end of the pattern) to `text`.
  func appendPathName(_ position: Int, to text: inout [UInt8]) {
    guard position < elements.count else {
      text.append(literal: "end of pattern")
      return
    }
    switch elements[position] {
    case .literal(let bytes):
      text.append(literal: "literal '")
      text += bytes
      text.append(UInt8(ascii: "'"))
    case .mixed(_, _, _, _, let literal):
      text.append(literal: "capture with literal text '")
      text += literal
      text.append(UInt8(ascii: "'"))
    case .capture(.path, _): text.append(literal: "<path:…> catch-all")
    case .capture(let type, _):
      if let row = type.row {
        text += Array(row.names[0].utf8)
        text.append(literal: " capture")
      } else {
        text.append(literal: "registered-type capture")
      }
    case .star: text.append(literal: "* catch-all")
    }
  }

  /// Compares with the literal comparison of path literals folded when paths are
  /// case-insensitive.
  func compare(_ other: RankKey, caseInsensitive: Bool) -> (
    precedes: Bool, decision: PrecedenceDecision
  ) {
    if priority != other.priority {
      let first = Precedence.prioritySortsBefore(priority, other.priority)
      return (
        first,
        PrecedenceDecision(
          rule: .priority,
          explanation:
            "priority: \(max(priority, other.priority)) beats \(min(priority, other.priority))")
      )
    }
    if scheme != other.scheme {
      return (
        scheme < other.scheme,
        PrecedenceDecision(rule: .scheme, explanation: "scheme: a given scheme beats any scheme")
      )
    }
    if host != other.host || port != other.port {
      let first =
        host != other.host ? Precedence.hostRankSortsBefore(host, other.host) : port < other.port
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
        let first = Precedence.childSortsBefore(mine, theirs)
        let (winner, loser) = first ? (self, other) : (other, self)
        // Composed as bytes: lint explains every overlapping pair of routes, and joining
        // interpolated strings cost more than the comparison.
        var explanation: [UInt8] = []
        explanation.reserveCapacity(80)
        explanation.append(literal: "path element ")
        explanation.append(utf8: String(position + 1))
        explanation.append(literal: ": ")
        winner.appendPathName(position, to: &explanation)
        explanation.append(literal: " beats ")
        loser.appendPathName(position, to: &explanation)
        return (
          first,
          PrecedenceDecision(
            rule: .path(element: position + 1),
            explanation: String(decoding: explanation, as: UTF8.self))
        )
      }
    }
    if let first = Precedence.querySortsBefore(query, other.query) {
      let explanation =
        query.count != other.query.count
        ? "query: more query requirements beat fewer"
        : "query: at the first differing requirement a literal beats a typed capture, "
          + "which beats a string capture"
      return (first, PrecedenceDecision(rule: .query, explanation: explanation))
    }
    if let first = Precedence.fragmentSortsBefore(fragment, other.fragment) {
      return (
        first,
        PrecedenceDecision(
          rule: .fragment,
          explanation: "fragment: a literal beats a capture, which beats no fragment requirement")
      )
    }
    let first = Precedence.registrationSortsBefore(
      (index, variantIndex), (other.index, other.variantIndex))
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
      priority == other.priority && scheme == other.scheme && host == other.host
        && port == other.port && query == other.query && fragment == other.fragment
        && path.count == other.path.count
    else { return false }
    if !caseInsensitive { return path == other.path }
    return zip(path, other.path).allSatisfy { Self.folded($0) == Self.folded($1) }
  }

  /// A literal element's rank with ASCII letters folded.
  static func folded(_ rank: MatcherStorage.Builder.PathRank) -> MatcherStorage.Builder.PathRank {
    guard rank.group == Precedence.literalRank([]).group else { return rank }
    var rank = rank
    rank.text = rank.text.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }
    return rank
  }

  func precedes(_ other: RankKey, caseInsensitive: Bool) -> Bool {
    compare(other, caseInsensitive: caseInsensitive).precedes
  }
}
