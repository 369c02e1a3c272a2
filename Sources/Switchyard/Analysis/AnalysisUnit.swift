/// One way a route can match: one variant of its pattern (optional groups taken or skipped),
/// with the route's query and fragment requirements. The analysis works on these.
struct AnalysisUnit: Sendable {
  /// One step of the path automaton.
  enum Step: Hashable, Sendable {
    /// One segment from the set.
    case segment(SegmentSet)
    /// Zero or more segments (`*`; `<path:…>` is a `.segment(.typed(.string))` then this).
    case star
  }

  var route: Int
  var variantIndex: Int
  var variant: PatternVariant
  var query: [QueryRequirement]
  var fragment: FragmentRequirement
  var steps: [Step]
  var rank: RankKey

  init(route: Route, variantIndex: Int, variant: PatternVariant, options: RouteOptions) {
    self.route = route.index
    self.variantIndex = variantIndex
    self.variant = variant
    self.query = route.pattern.query
    self.fragment = route.pattern.fragment
    var steps: [Step] = []
    for element in variant.path {
      switch element {
      case .literal(let bytes):
        steps.append(
          .segment(.literal(options.caseInsensitivePaths ? bytes.map(asciiLower) : bytes)))
      case .capture(.path, _):
        steps.append(.segment(.typed(.string)))
        steps.append(.star)
      case .capture(let type, _):
        steps.append(.segment(.typed(type)))
      case .mixed(let prefix, let type, _, let suffix, _):
        steps.append(.segment(.mixed(prefix: prefix, type: type, suffix: suffix)))
      case .star:
        steps.append(.star)
      }
    }
    self.steps = steps
    self.rank = RankKey(route: route, variantIndex: variantIndex, variant: variant)
  }

  /// The positions reachable from `positions` without reading a segment (over `*`).
  func closure(_ positions: [Int]) -> [Int] {
    var result: [Int] = []
    for start in positions {
      var position = start
      while true {
        if !result.contains(position) { result.append(position) }
        guard position < steps.count, steps[position] == .star else { break }
        position += 1
      }
    }
    result.sort()
    return result
  }

  /// The positions after reading `segment` from `positions`.
  func step(_ positions: [Int], _ segment: [UInt8], _ rules: SegmentRules) -> [Int] {
    var next: [Int] = []
    for position in positions where position < steps.count {
      switch steps[position] {
      case .star: next.append(position)
      case .segment(let set): if rules.contains(set, segment) { next.append(position + 1) }
      }
    }
    return next.isEmpty ? [] : closure(next)
  }

  func accepts(_ positions: [Int]) -> Bool { positions.last == steps.count }

  /// Whether the path automaton accepts `segments`.
  func acceptsPath(_ segments: [[UInt8]], _ rules: SegmentRules) -> Bool {
    var positions = closure([0])
    for segment in segments {
      positions = step(positions, segment, rules)
      if positions.isEmpty { return false }
    }
    return accepts(positions)
  }

  /// Every single-segment set the path uses.
  var segmentSets: [SegmentSet] {
    steps.compactMap {
      if case .segment(let set) = $0 { return set }
      return nil
    }
  }

  /// Whether this unit asks nothing of a URL: any scheme, any host, any path, no
  /// requirements. A path of no steps (`/`, or a group left out down to `/`) matches only
  /// the empty path, so it needs at least one step, and every step a catch-all.
  var matchesEverything: Bool {
    variant.scheme == nil && variant.host == .omitted && variant.port == nil && query.isEmpty
      && fragment == .none && !steps.isEmpty && steps.allSatisfy { $0 == .star }
  }
}

/// What a concrete URL looks like to the analysis: already split and decoded.
struct AnalysisURL: Hashable, Sendable {
  var scheme: [UInt8]?
  var host: [UInt8]?
  var port: Int?
  var segments: [[UInt8]]
  /// Name and value of each query parameter, in order.
  var query: [(name: [UInt8], value: [UInt8])]
  var fragment: [UInt8]?

  static func == (lhs: AnalysisURL, rhs: AnalysisURL) -> Bool {
    lhs.scheme == rhs.scheme && lhs.host == rhs.host && lhs.port == rhs.port
      && lhs.segments == rhs.segments && lhs.fragment == rhs.fragment
      && lhs.query.map(\.name) == rhs.query.map(\.name)
      && lhs.query.map(\.value) == rhs.query.map(\.value)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(scheme)
    hasher.combine(host)
    hasher.combine(segments)
  }

  func lastValue(_ name: [UInt8]) -> [UInt8]? { query.last { $0.name == name }?.value }
}

extension SegmentRules {
  /// Whether a query or fragment value satisfies a requirement (an empty value is a string).
  func accepts(_ requirement: RequirementValue, _ value: [UInt8]) -> Bool {
    switch requirement {
    case .literal(let bytes): return bytes == value
    case .capture(let type, _): return converts(value, type)
    }
  }

  func accepts(_ requirement: FragmentRequirement, _ value: [UInt8]?) -> Bool {
    switch requirement {
    case .none: return true
    case .literal(let bytes): return value == bytes
    case .capture(let type, _): return value.map { converts($0, type) } ?? false
    }
  }
}
