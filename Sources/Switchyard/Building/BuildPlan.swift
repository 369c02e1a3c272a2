/// What building a URL for one route needs that does not depend on the values: the pattern's
/// structure (``BuildTemplate``), the origins it answers, and a matcher of the route alone,
/// which checks the URLs built (<doc:BuildingURLs>). Made the first time a URL is built for
/// the route and kept in the route's ``BuildPlanSlot``, so later calls parse nothing.
final class BuildPlan: Sendable {
  let template: BuildTemplate
  /// The route alone, compiled: a built URL must match it back with the values printed.
  let checker: RouteMatcher?
  /// What the plan was made with; a call with other options or types makes its own.
  let options: RouteOptions
  let typeNames: [String]
  /// The schemes the pattern answers (`nil`: any), each once, in written order, with the
  /// hosts and the port each is written with.
  let origins: [Origin]
  /// Every capture the pattern names: a value with another name goes to the query.
  let captureNames: Set<String>
  /// Whether no capture name is used twice (then each value fills one capture).
  let capturesAreDistinct: Bool
  /// Room for a typical URL of the route, so that its buffer is allocated once.
  let estimatedLength: Int
  /// Whether the path, as each scheme reads it, has optional groups (which each call decides).
  let pathHasGroups: Bool
  let hostAsPathHasGroups: Bool
  /// The path as each scheme reads it, segment by segment, when it has no optional groups
  /// (`nil` when it has): a segment of literal text only is written as its bytes, escaped
  /// ahead for where it prints, so that a call copies it rather than escaping it byte by byte.
  let pathPieces: [PathPiece]?
  let hostAsPathPieces: [PathPiece]?
  /// The bytes the literal pieces print (``PathPiece/literal(path:authority:)`` ranges).
  let literalBytes: [UInt8]
  /// Whether the plan proves that a URL built from these items reads back as its values (see
  /// ``BuildPlan/proves(readsHostAsPath:hostAsPath:)``): for the path as written, for the path
  /// when its first segment is printed in the host position, and for the host read as a path.
  private let provenPath: Bool
  private let provenPathInHostPosition: Bool
  private let provenHostAsPath: Bool
  /// The shapes whose URL was matched back once (at most ``BuildPlan/maximumCheckedShapes``).
  private let checkedShapes = Locked<[Shape]>([])

  /// One scheme of the pattern, with its hosts and port.
  struct Origin: Sendable {
    /// Lowercased; `nil` when the pattern names no scheme.
    let scheme: [UInt8]?
    let schemeText: String?
    /// The host requirements of the variants with this scheme, each once, in written order.
    let hosts: [HostRequirement]
    /// The text of each literal host (`nil` for the others), by position in `hosts`.
    let hostTexts: [String?]
    let port: Int?
    /// Whether the scheme as written reads its host as the first path segment.
    let hostAsPath: Bool
  }

  /// One non-empty segment of a path without optional groups.
  enum PathPiece {
    /// Literal text only: its bytes in ``BuildPlan/literalBytes`` as a path segment prints
    /// them, and as the first segment prints them in the host position
    /// (``URLBuilder/Place/authoritySegment``).
    case literal(path: Range<Int>, authority: Range<Int>)
    /// Anything else: these items of the path, written by the builder.
    case items(Range<Int>)
  }

  /// What a URL's reading depends on beyond its values, for a route whose plan proves the
  /// values (``BuildPlan/proves(readsHostAsPath:hostAsPath:)``): the scheme and host printed,
  /// which of the captures that may be empty are (one bit each, in pattern order), and whether
  /// there is a query. Two URLs of one shape differ only in the values they print.
  struct Shape: Equatable {
    var scheme: String?
    var host: String?
    var empties: UInt64
    var query: Bool
  }

  /// How many shapes a plan remembers; the URLs of any further shape are matched back every
  /// time (a route built for many hosts).
  static let maximumCheckedShapes = 16

  #if DEBUG
    /// Debug builds only: counts the plans made inside `BuildPlan.$made.withValue(counter)`,
    /// in that task, so that a test can prove a route's pattern is read once (a count, never a
    /// timing).
    @TaskLocal static var made: Locked<Int>?
    /// Debug builds only: counts the built URLs matched back against their route, in that
    /// task.
    @TaskLocal static var matchedBack: Locked<Int>?
  #endif

  init(route: Route, options: RouteOptions, types: [ParameterType]) throws(PatternSyntaxError) {
    #if DEBUG
      Self.made?.withLock { $0 += 1 }
    #endif
    let template = try BuildTemplate(route.pattern, options: options, types: types)
    self.template = template
    var table = RouteTable(options: options)
    for type in types { try? table.register(type) }
    checker = (try? table.add(route.name, route.pattern.text)) != nil ? RouteMatcher(table) : nil
    self.options = options
    typeNames = types.map(\.name)

    let pattern = template.pattern
    var origins: [Origin] = []
    var schemes: [[UInt8]?] = []
    for variant in pattern.variants where !schemes.contains(where: { $0 == variant.scheme }) {
      schemes.append(variant.scheme)
    }
    for scheme in schemes {
      var hosts: [HostRequirement] = []
      var port: Int? = nil
      for variant in pattern.variants where variant.scheme == scheme {
        if !hosts.contains(variant.host) { hosts.append(variant.host) }
        port = variant.port
      }
      let text = scheme.map { String(decoding: $0, as: UTF8.self) }
      let hostTexts = hosts.map { host -> String? in
        guard case .literal(let bytes) = host else { return nil }
        return String(decoding: bytes, as: UTF8.self)
      }
      origins.append(
        Origin(
          scheme: scheme, schemeText: text, hosts: hosts, hostTexts: hostTexts, port: port,
          hostAsPath: options.hostAsPath.applies(toScheme: text)))
    }
    self.origins = origins
    let names = Set(pattern.captureNames)
    captureNames = names
    let schemeAndHost =
      (origins.first?.schemeText?.utf8.count ?? 0) + (template.hostText?.utf8.count ?? 0)
    estimatedLength =
      16 + schemeAndHost + route.pattern.text.utf8.count + 16 * pattern.captureNames.count
    pathHasGroups = template.pathItems.contains(where: Self.isGroup)
    hostAsPathHasGroups = template.hostAsPathItems.contains(where: Self.isGroup)
    var literalBytes: [UInt8] = []
    pathPieces = pathHasGroups ? nil : Self.pieces(template.pathItems, into: &literalBytes)
    hostAsPathPieces =
      hostAsPathHasGroups ? nil : Self.pieces(template.hostAsPathItems, into: &literalBytes)
    self.literalBytes = literalBytes
    // Values are proven only when no capture name is used twice (one printed text per name).
    let distinct = names.count == pattern.captureNames.count
    capturesAreDistinct = distinct
    provenPath = distinct && Self.proves(template.pathItems, firstInHostPosition: false)
    provenPathInHostPosition =
      distinct && Self.proves(template.pathItems, firstInHostPosition: true)
    provenHostAsPath = distinct && Self.proves(template.hostAsPathItems, firstInHostPosition: true)
  }

  func fits(options: RouteOptions, types: [ParameterType]) -> Bool {
    self.options == options && typeNames.count == types.count
      && zip(typeNames, types).allSatisfy { $0 == $1.name }
  }

  /// Whether every URL built for a scheme that reads the host this way can only read back as
  /// the values it printed, so that matching one URL of each ``Shape`` proves all of them.
  ///
  /// The route alone is matched back, so only its own readings compete. The plan proves the
  /// values when the path has one reading and each value one place in it: no optional groups
  /// (each is another reading), at most one capture per segment, with fixed literal text
  /// around it (escaping keeps `/`, `?` and `#` out of a value, and a segment is decoded once,
  /// so the value reads back as printed), at most one catch-all (the other items take one
  /// segment each, so it takes the rest), and, when the first segment is printed in the host
  /// position, no value there (a host is read by other rules). The query's values with no
  /// capture are still read back (``URLBuilder/build(values:host:scheme:)``).
  func proves(readsHostAsPath: Bool, hostAsPath: Bool) -> Bool {
    readsHostAsPath ? provenHostAsPath : hostAsPath ? provenPathInHostPosition : provenPath
  }

  /// Whether a URL of `shape` was matched back already.
  func checked(_ shape: Shape) -> Bool {
    checkedShapes.withLock { $0.contains(shape) }
  }

  /// Remembers that a URL of `shape` matched back (until the plan holds the most it keeps).
  func remember(_ shape: Shape) {
    checkedShapes.withLock { shapes in
      if shapes.count < Self.maximumCheckedShapes && !shapes.contains(shape) {
        shapes.append(shape)
      }
    }
  }

  /// The non-empty segments of `items` (a path without groups), a segment of literal bytes
  /// only escaped ahead into `bytes` for both places it may print in, as
  /// `URLBuilder.appendLiteral` escapes it.
  private static func pieces(
    _ items: [PatternParser.Item], into bytes: inout [UInt8]
  ) -> [PathPiece] {
    var pieces: [PathPiece] = []
    var start = 0
    while start < items.count {
      var end = start
      var literal = true
      while end < items.count {
        if case .slash = items[end] { break }
        if case .byte = items[end] {} else { literal = false }
        end += 1
      }
      if end > start {
        if literal {
          var ranges: [Range<Int>] = []
          for place in [URLBuilder.Place.pathSegment, .authoritySegment] {
            let first = bytes.count
            for case .byte(let byte, let escaped) in items[start..<end] {
              URLBuilder.appendLiteral(byte, escaped: escaped, in: place, to: &bytes)
            }
            ranges.append(first..<bytes.count)
          }
          pieces.append(.literal(path: ranges[0], authority: ranges[1]))
        } else {
          pieces.append(.items(start..<end))
        }
      }
      start = end + 1
    }
    return pieces
  }

  private static func isGroup(_ item: PatternParser.Item) -> Bool {
    if case .group = item { return true }
    return false
  }

  private static func proves(_ items: [PatternParser.Item], firstInHostPosition: Bool) -> Bool {
    var catchAlls = 0
    var segment: [PatternParser.Item] = []
    var segments = 0
    func finish() -> Bool {
      defer { segment.removeAll() }
      guard !segment.isEmpty else { return true }
      segments += 1
      var captures = 0
      for item in segment {
        switch item {
        case .byte, .slash: continue
        case .capture(.path, _, _), .star:
          guard segment.count == 1 else { return false }
          catchAlls += 1
          captures += 1
        case .capture: captures += 1
        case .group: return false
        }
      }
      if firstInHostPosition && segments == 1 && captures > 0 { return false }
      return captures <= 1 && catchAlls <= 1
    }
    for item in items {
      if case .slash = item {
        guard finish() else { return false }
      } else {
        segment.append(item)
      }
    }
    return finish()
  }
}

/// Where a ``Route`` keeps its ``BuildPlan`` once made. It is no part of the route's value:
/// every slot equals every other, and copies of a route share it.
final class BuildPlanSlot: @unchecked Sendable, Hashable {
  /// Guarded by ``BuildPlanSlot/lock``.
  private var plan: BuildPlan? = nil

  /// One lock for every slot: it is held only to read or store a reference. Its state counts
  /// the plans kept so far (a lock over an empty state made ThreadSanitizer report the lock's
  /// own bookkeeping as a race).
  private static let lock = Locked(0)

  init() {}

  /// The route's plan for these options and types: the kept one, or a new one (kept when the
  /// slot is empty).
  func plan(
    for route: Route, options: RouteOptions, types: [ParameterType]
  ) throws(PatternSyntaxError) -> BuildPlan {
    if let kept = Self.lock.withLock({ _ in plan }), kept.fits(options: options, types: types) {
      return kept
    }
    let made = try BuildPlan(route: route, options: options, types: types)
    Self.lock.withLock { kept in
      if plan == nil {
        plan = made
        kept += 1
      }
    }
    return made
  }

  static func == (lhs: BuildPlanSlot, rhs: BuildPlanSlot) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}
