// Every comparator that decides which route wins. The builder lays the trie out in the order
// these functions give, and a route's rank is its position in that layout (see
// `MatcherStorage`), so a lookup compares ranks and never calls them. Each function is headed
// by the rule of <doc:Precedence> it implements; change a rule here and in the article
// together, and `PrecedenceTests` plus the differential test's reference model will check it.
// The analysis (`RankKey`, `RouteTree`) calls the same element-level functions to say which
// rule decided between two routes, so it cannot drift from the matcher.

extension MatcherStorage.Builder {
  // MARK: Priority tiers

  /// Rule 1 of <doc:Precedence>, *priority*: a higher priority wins, so tiers are searched
  /// from the highest priority down.
  static func tierOrder(_ priorities: some Sequence<Int>) -> [Int] {
    Set(priorities).sorted(by: prioritySortsBefore)
  }

  /// Rule 1 of <doc:Precedence>, *priority*: a higher priority wins.
  static func prioritySortsBefore(_ a: Int, _ b: Int) -> Bool { a > b }

  // MARK: Schemes

  /// Rule 2 of <doc:Precedence>, *scheme*: a given scheme beats an omitted one. Two different
  /// given schemes never both match one URL; they are kept in byte order so the layout does
  /// not depend on hashing. `nil` (any scheme) comes last.
  static func schemeOrder(_ schemes: some Sequence<[UInt8]?>) -> [[UInt8]?] {
    Array(Set(schemes)).sorted { a, b in
      let (x, y) = (schemeRank(a), schemeRank(b))
      if x != y { return x < y }
      guard let a, let b else { return false }
      return a.lexicographicallyPrecedes(b)
    }
  }

  /// Rule 2 of <doc:Precedence>, *scheme*: a given scheme (0) beats an omitted one (1); lower
  /// ranks first.
  static func schemeRank(_ scheme: [UInt8]?) -> Int { scheme == nil ? 1 : 0 }

  // MARK: Hosts

  /// Rule 2 of <doc:Precedence>, *host*: a literal host, then a `*.` wildcard (longer suffix
  /// first), then `*`, then an omitted host; within one host, a named port before none.
  /// Two hosts of one kind and rank (two literals, or two wildcards with suffixes of one
  /// length) never both match one URL; they are kept in byte order, and two ports of one host
  /// in descending order, so the layout does not depend on hashing.
  static func hostSortsBefore(_ a: BranchKey, _ b: BranchKey) -> Bool {
    func bytes(_ host: HostRequirement) -> [UInt8] {
      switch host {
      case .literal(let bytes), .wildcard(let bytes): return bytes
      case .any, .omitted: return []
      }
    }
    let (x, y) = (hostRank(a.host), hostRank(b.host))
    if x != y { return hostRankSortsBefore(x, y) }
    let (p, q) = (bytes(a.host), bytes(b.host))
    if p != q { return p.lexicographicallyPrecedes(q) }
    let (m, n) = (portRank(a.port), portRank(b.port))
    if m != n { return m < n }
    return (a.port ?? 0) > (b.port ?? 0)
  }

  /// A host requirement's rank under rule 2 of <doc:Precedence>, *host*, compared by
  /// `hostRankSortsBefore`.
  struct HostRank: Hashable, Sendable {
    /// Literal 0, `*.` wildcard 1, `*` 2, omitted 3.
    var kind: Int
    /// The negated length of a wildcard's suffix (longer first); 0 for the others.
    var order: Int
  }

  /// Rule 2 of <doc:Precedence>, *host*: a literal host, then a `*.` wildcard (longer suffix
  /// first), then `*`, then an omitted host.
  static func hostRank(_ host: HostRequirement) -> HostRank {
    switch host {
    case .literal: return HostRank(kind: 0, order: 0)
    case .wildcard(let suffix): return HostRank(kind: 1, order: -suffix.count)
    case .any: return HostRank(kind: 2, order: 0)
    case .omitted: return HostRank(kind: 3, order: 0)
    }
  }

  /// Compares two `hostRank`s: lower kinds first, then lower orders.
  static func hostRankSortsBefore(_ a: HostRank, _ b: HostRank) -> Bool {
    a.kind != b.kind ? a.kind < b.kind : a.order < b.order
  }

  /// Rule 2 of <doc:Precedence>, *host*: within one host, a named port (0) before none (1);
  /// lower ranks first.
  static func portRank(_ port: Int?) -> Int { port == nil ? 1 : 0 }

  // MARK: Path children

  /// Rule 2 of <doc:Precedence>, *path elements*, between two literals: both can match at one
  /// place only when catch-alls before them take different widths. The shorter literal comes
  /// first, then byte order (keys are already case-folded when paths are case-insensitive).
  static func literalSortsBefore(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    childSortsBefore(literalRank(a), literalRank(b))
  }

  /// A path element's rank under rule 2 of <doc:Precedence>, *path elements*, compared by
  /// `childSortsBefore`: literal (group 0), mixed (1), typed and string captures (2),
  /// `<path:…>` (3), the end of the pattern (4), `*` (5).
  struct PathRank: Hashable, Sendable {
    var group: Int
    var order: Int
    var text: [UInt8]
  }

  /// Rule 2 of <doc:Precedence>, *path elements*: a literal beats everything else; between
  /// literals, the shorter first, then byte order.
  static func literalRank(_ bytes: [UInt8]) -> PathRank {
    PathRank(group: 0, order: bytes.count, text: bytes)
  }

  /// Rule 2 of <doc:Precedence>, *path elements*: a capture with literal text around it comes
  /// after literals and before whole-segment captures; more literal characters first, then
  /// the canonical pattern text.
  static func mixedRank(prefix: [UInt8], suffix: [UInt8], text: [UInt8]) -> PathRank {
    // "More literal characters": characters, not UTF-8 bytes.
    let characters =
      String(decoding: prefix, as: UTF8.self).count
      + String(decoding: suffix, as: UTF8.self).count
    return PathRank(group: 1, order: -characters, text: text)
  }

  /// Rule 2 of <doc:Precedence>, *path elements*: whole-segment captures by type rank
  /// (`CaptureType.rank`: int, float, uuid, registered types in registration order, then
  /// string), then `<path:…>`.
  static func captureRank(_ type: CaptureType) -> PathRank {
    if case .path = type { return PathRank(group: 3, order: 0, text: []) }
    return PathRank(group: 2, order: type.rank, text: [])
  }

  /// Rule 2 of <doc:Precedence>, *path elements*: the end of a pattern ranks between
  /// `<path:…>` and `*`: that is where `flatten` hands out the ranks of a node's own entries.
  static let endOfPatternRank = PathRank(group: 4, order: 0, text: [])

  /// Rule 2 of <doc:Precedence>, *path elements*: `*` comes last.
  static let starRank = PathRank(group: 5, order: 0, text: [])

  /// Rule 2 of <doc:Precedence>, *path elements*: the rank of one element of a pattern.
  static func pathRank(_ element: PathElement) -> PathRank {
    switch element {
    case .literal(let bytes): return literalRank(bytes)
    case .mixed(let prefix, _, _, let suffix, let text):
      return mixedRank(prefix: prefix, suffix: suffix, text: text)
    case .capture(let type, _): return captureRank(type)
    case .star: return starRank
    }
  }

  /// Rule 2 of <doc:Precedence>, *path elements*, for a trie child that is not a literal
  /// (literals are sorted apart, by `literalSortsBefore`).
  func rankKey(_ key: Key) -> PathRank {
    switch key.kind {
    case .literal: return Self.literalRank([])
    case .mixed:
      let element = mixed[Int(key.value)]
      return Self.mixedRank(prefix: element.prefix, suffix: element.suffix, text: element.text)
    case .capture: return Self.captureRank(captureType(code: key.value))
    case .path: return Self.captureRank(.path)
    case .star: return Self.starRank
    }
  }

  /// Compares two `PathRank`s: lower groups first, then lower orders, then text in byte order.
  static func childSortsBefore(_ a: PathRank, _ b: PathRank) -> Bool {
    if a.group != b.group { return a.group < b.group }
    if a.order != b.order { return a.order < b.order }
    return a.text.lexicographicallyPrecedes(b.text)
  }

  // MARK: Entries: query, fragment, registration

  /// Rule 2 of <doc:Precedence>, *query* and *fragment*, then rule 3, *registration order*,
  /// for the routes that end at one node: more query requirements first, then the first
  /// differing requirement (literal > typed capture > string capture, then name, then value),
  /// then fragment (literal > typed capture > string capture > none), then registration, then
  /// the pattern variant. Requirements are compared in name order: `PatternParser.parseQuery`
  /// sorts them so.
  static func entrySortsBefore(
    _ a: MatcherStorage.EntryDetail, _ b: MatcherStorage.EntryDetail, _ routes: [Route]
  ) -> Bool {
    let (x, y) = (routes[a.route].pattern, routes[b.route].pattern)
    if let first = querySortsBefore(x.query, y.query) { return first }
    if let first = fragmentSortsBefore(x.fragment, y.fragment) { return first }
    return registrationSortsBefore((a.route, a.variant), (b.route, b.variant))
  }

  /// Rule 2 of <doc:Precedence>, *query*: more requirements first, then the first differing
  /// requirement (literal > typed capture > string capture, then name, then value). `nil`
  /// when the two rank alike. Requirements must be in name order, as
  /// `PatternParser.parseQuery` leaves them.
  static func querySortsBefore(_ x: [QueryRequirement], _ y: [QueryRequirement]) -> Bool? {
    if x.count != y.count { return x.count > y.count }
    for (p, q) in zip(x, y) where p != q {
      let (kp, kq) = (valueRank(p.value), valueRank(q.value))
      if kp != kq { return kp < kq }
      if p.name != q.name { return p.name.lexicographicallyPrecedes(q.name) }
      if case .literal(let vp) = p.value, case .literal(let vq) = q.value, vp != vq {
        return vp.lexicographicallyPrecedes(vq)
      }
    }
    return nil
  }

  /// Rule 2 of <doc:Precedence>, *fragment*: by `fragmentRank`, then two literals in byte
  /// order. `nil` when the two rank alike.
  static func fragmentSortsBefore(_ x: FragmentRequirement, _ y: FragmentRequirement) -> Bool? {
    let (fa, fb) = (fragmentRank(x), fragmentRank(y))
    if fa != fb { return fa < fb }
    if case .literal(let va) = x, case .literal(let vb) = y, va != vb {
      return va.lexicographicallyPrecedes(vb)
    }
    return nil
  }

  /// Rule 3 of <doc:Precedence>, *registration order*: the route registered first wins, then
  /// the pattern variant listed first.
  static func registrationSortsBefore(
    _ a: (route: Int, variant: Int), _ b: (route: Int, variant: Int)
  ) -> Bool {
    a.route != b.route ? a.route < b.route : a.variant < b.variant
  }

  /// Rule 2 of <doc:Precedence>, *query*: a literal value beats a typed capture, which beats a
  /// string capture (lower ranks first).
  static func valueRank(_ value: RequirementValue) -> Int {
    switch value {
    case .literal: return -1
    case .capture(let type, _): return type.rank
    }
  }

  /// Rule 2 of <doc:Precedence>, *fragment*: a literal beats a typed capture, which beats a
  /// string capture, which beats no fragment requirement (lower ranks first).
  static func fragmentRank(_ fragment: FragmentRequirement) -> Int {
    switch fragment {
    case .literal: return -1
    case .capture(let type, _): return type.rank
    case .none: return .max
    }
  }
}
