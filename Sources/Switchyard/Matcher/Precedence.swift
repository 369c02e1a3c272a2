// Every comparator that decides which route wins. The builder lays the trie out in the order
// these functions give, and a route's rank is its position in that layout (see
// `MatcherStorage`), so a lookup compares ranks and never calls them. Each function is headed
// by the rule of <doc:Precedence> it implements; change a rule here and in the article
// together, and `PrecedenceTests` plus the differential test's reference model will check it.

extension MatcherStorage.Builder {
  // MARK: Priority tiers

  /// Rule 1 of <doc:Precedence>, *priority*: a higher priority wins, so tiers are searched
  /// from the highest priority down.
  static func tierOrder(_ priorities: some Sequence<Int>) -> [Int] {
    Set(priorities).sorted(by: >)
  }

  // MARK: Schemes

  /// Rule 2 of <doc:Precedence>, *scheme*: a given scheme beats an omitted one. Two different
  /// given schemes never both match one URL; they are kept in byte order so the layout does
  /// not depend on hashing. `nil` (any scheme) comes last.
  static func schemeOrder(_ schemes: some Sequence<[UInt8]?>) -> [[UInt8]?] {
    var given: [[UInt8]?] = Array(Set(schemes.compactMap { $0 })).sorted {
      $0.lexicographicallyPrecedes($1)
    }
    if schemes.contains(where: { $0 == nil }) { given.append(nil) }
    return given
  }

  // MARK: Hosts

  /// Rule 2 of <doc:Precedence>, *host*: a literal host, then a `*.` wildcard (longer suffix
  /// first), then `*`, then an omitted host; within one host, a named port before none.
  static func hostSortsBefore(_ a: BranchKey, _ b: BranchKey) -> Bool {
    func tuple(_ key: BranchKey) -> (Int, Int, [UInt8], Int) {
      let port = key.port.map { -1 - $0 } ?? 0
      switch key.host {
      case .literal(let bytes): return (0, 0, bytes, port)
      case .wildcard(let suffix): return (1, -suffix.count, suffix, port)
      case .any: return (2, 0, [], port)
      case .omitted: return (3, 0, [], port)
      }
    }
    let (x, y) = (tuple(a), tuple(b))
    if x.0 != y.0 { return x.0 < y.0 }
    if x.1 != y.1 { return x.1 < y.1 }
    if x.2 != y.2 { return x.2.lexicographicallyPrecedes(y.2) }
    return x.3 < y.3
  }

  // MARK: Path children

  /// Rule 2 of <doc:Precedence>, *path elements*, between two literals: both can match at one
  /// place only when catch-alls before them take different widths. The shorter literal comes
  /// first, then byte order (keys are already case-folded when paths are case-insensitive).
  static func literalSortsBefore(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
  }

  /// Rule 2 of <doc:Precedence>, *path elements*, for the other children, as a tuple compared
  /// by `childSortsBefore`: mixed (more literal characters first, then pattern text), typed
  /// captures by type rank (`CaptureType.rank`), string, `<path:…>`, then `*`. The end of a
  /// pattern ranks between `<path:…>` (3) and `*` (5): that is where `flatten` hands out the
  /// ranks of a node's own entries.
  func rankKey(_ key: Key) -> (group: Int, order: Int, text: [UInt8]) {
    switch key.kind {
    case .literal: return (0, 0, [])
    case .mixed:
      // "More literal characters": characters, not UTF-8 bytes.
      let element = mixed[Int(key.value)]
      let characters =
        String(decoding: element.prefix, as: UTF8.self).count
        + String(decoding: element.suffix, as: UTF8.self).count
      return (1, -characters, element.text)
    case .capture: return (2, captureType(code: key.value).rank, [])
    case .path: return (3, 0, [])
    case .star: return (5, 0, [])
    }
  }

  /// Compares two `rankKey`s.
  static func childSortsBefore(
    _ a: (group: Int, order: Int, text: [UInt8]), _ b: (group: Int, order: Int, text: [UInt8])
  ) -> Bool {
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
    if x.query.count != y.query.count { return x.query.count > y.query.count }
    for (p, q) in zip(x.query, y.query) where p != q {
      let (kp, kq) = (valueRank(p.value), valueRank(q.value))
      if kp != kq { return kp < kq }
      if p.name != q.name { return p.name.lexicographicallyPrecedes(q.name) }
      if case .literal(let vp) = p.value, case .literal(let vq) = q.value, vp != vq {
        return vp.lexicographicallyPrecedes(vq)
      }
    }
    let (fa, fb) = (fragmentRank(x.fragment), fragmentRank(y.fragment))
    if fa != fb { return fa < fb }
    if case .literal(let va) = x.fragment, case .literal(let vb) = y.fragment, va != vb {
      return va.lexicographicallyPrecedes(vb)
    }
    if a.route != b.route { return a.route < b.route }
    return a.variant < b.variant
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
