/// How a table treats one URL: how the URL was read, every route with the part where it
/// failed or the fact that it matched, and the rule that chose the winner over the runner-up
/// (<doc:AnalysingRouteTables>).
///
/// ```swift
/// let explanation = table.explain("myapp://user/42")
/// explanation.parts.pathSegments          // ["user", "42"]: the parts a match gives
/// explanation.hostAsPath                  // true: myapp reads its host as a path segment
/// explanation.winner                      // "user"
/// explanation.routes[0].route.name        // "user" (matched routes first, best first)
/// explanation.routes.last?.failure?.part  // .segment, .conversion, .query, …
/// explanation.decision?.explanation       // "path element 2: int capture beats string capture"
/// ```
public struct RouteExplanation: Sendable {
  /// The part of a URL where a route failed: one of the static members below, compared with
  /// `==` or in a `switch` (which needs a `default`: a later release may add parts, as patterns
  /// learn to read more). It prints as its name, which is the `part` of `switchyard explain
  /// --format json`.
  ///
  /// ```swift
  /// switch table.explain("myapp://user/abc").routes[0].failure?.part {
  /// case .conversion?: print("the value is not of the capture's type")
  /// case .segment?: print("another path")
  /// default: break
  /// }
  /// ```
  public struct Part: Sendable, Hashable, CustomStringConvertible {
    /// The names, for the module's exhaustive switches (how far a route got).
    enum Name: String, Sendable, Hashable {
      case scheme, host, port, segment, conversion, query, fragment
    }

    let name: Name

    private init(_ name: Name) { self.name = name }

    /// The scheme is not one the pattern accepts.
    public static let scheme = Part(.scheme)
    /// The host is not one the pattern accepts.
    public static let host = Part(.host)
    /// The port is not the one the pattern names.
    public static let port = Part(.port)
    /// A path segment that is not what the pattern wants there (or is missing or extra).
    public static let segment = Part(.segment)
    /// A path segment in the right place that a typed capture refused.
    public static let conversion = Part(.conversion)
    /// The query lacks a parameter the pattern requires, or has a value the pattern refuses.
    public static let query = Part(.query)
    /// The fragment is not what the pattern requires.
    public static let fragment = Part(.fragment)

    /// The name, as written after the dot: `conversion`.
    public var description: String { name.rawValue }
  }

  /// Why one route did not match.
  public struct Failure: Sendable, Hashable, CustomStringConvertible {
    /// Where it failed.
    public var part: Part
    /// The 1-based path segment, for ``Part/segment`` and ``Part/conversion``.
    public var segment: Int?
    /// One line that says what the pattern wanted and what the URL had.
    public var reason: String

    public var description: String { reason }
  }

  /// One route as considered for the URL.
  public struct Consideration: Sendable {
    /// The route.
    public var route: Route
    /// `nil` when the route matched.
    public var failure: Failure?
  }

  /// The URL as given.
  public var url: String
  /// The URL's parts as the engine read them, as a match gives them (``RouteMatch/url``): a
  /// host-as-path scheme's host is the first path segment.
  public var parts: URLParts
  /// Whether the URL's scheme reads its host as the first path segment
  /// (``RouteOptions/hostAsPath``).
  public var hostAsPath: Bool
  /// The decoded query, in URL order.
  public var query: QueryParameters
  /// Every route: the matching ones first, in precedence order (the order of
  /// ``RouteMatcher/candidates(for:)``), then the others in the order their patterns rank.
  public var routes: [Consideration]
  /// The name of the winning route (what ``RouteMatcher/match(_:)`` gives), or `nil`.
  public var winner: String?
  /// The name of the best route after the winner, or `nil`.
  public var runnerUp: String?
  /// The rule that ranked the winner before the runner-up.
  public var decision: PrecedenceDecision?
}

extension RouteTable {
  /// Explains how this table treats `url`: how it was read, where each route failed, and which
  /// rule picked the winner. The winner is always the route ``RouteMatcher/match(_:)`` gives.
  ///
  /// ```swift
  /// var table = RouteTable()
  /// try table.add("user", "myapp://user/<int:id>")
  /// try table.add("profile", "myapp://user/:name")
  /// let explanation = table.explain("myapp://user/42")
  /// explanation.winner    // "user"
  /// explanation.runnerUp  // "profile"
  /// explanation.decision  // path element 2: int capture beats string capture
  /// ```
  /// - Parameters:
  ///   - url: Any string; it is read as a match would read it.
  ///   - matcher: The table's compiled matcher, if you have one (else it is compiled).
  public func explain(_ url: String, matcher: RouteMatcher? = nil) -> RouteExplanation {
    RouteExplainer(TableAnalysis(self, matcher: matcher)).explain(url)
  }
}

/// Builds a ``RouteExplanation`` from the pattern model and the matcher's candidates.
struct RouteExplainer {
  let analysis: TableAnalysis

  init(_ analysis: TableAnalysis) { self.analysis = analysis }

  func explain(_ url: String) -> RouteExplanation {
    let options = analysis.table.options
    let parsed = URLReading(reading: url, options: options)
    let parts = parsed.parts(options: options)
    let query = parsed.query(plusAsSpace: options.plusAsSpace)
    let hostAsPath = parsed.hostAsPath
    let model = AnalysisURL(
      scheme: parts.scheme.map { Array($0.utf8) }, host: parts.host.map { Array($0.utf8) },
      port: parts.port, segments: parts.pathSegments.map { Array($0.utf8) },
      query: query.items.map { (Array($0.name.utf8), Array($0.value.utf8)) },
      fragment: parts.fragment.map { Array($0.utf8) })

    let candidates = analysis.matcher.candidates(for: url).map(\.routeIndex)
    var considered: [RouteExplanation.Consideration] = candidates.map {
      RouteExplanation.Consideration(route: analysis.table.routes[$0], failure: nil)
    }
    let matched = Set(candidates)
    // Where every unit's path stops, from one pass over the segments (see `pathFailure`).
    let lastActive = analysis.trie.lastActive(model.segments, analysis.search.rules)
    var others: [(rank: RankKey, consideration: RouteExplanation.Consideration)] = []
    for (route, unitIndices) in analysis.unitsByRoute.enumerated() where !matched.contains(route) {
      var best: (order: [Int], failure: RouteExplanation.Failure)? = nil
      var rank: RankKey? = nil
      for unit in unitIndices {
        let failure = self.failure(unit, model, lastActive: lastActive)
        if rank.map({
          analysis.units[unit].rank.precedes($0, caseInsensitive: analysis.caseInsensitive)
        }) ?? true {
          rank = analysis.units[unit].rank
        }
        if best.map({ $0.order.lexicographicallyPrecedes(failure.order) }) ?? true {
          best = failure
        }
      }
      guard let best, let rank else { continue }
      others.append(
        (
          rank,
          RouteExplanation.Consideration(route: analysis.table.routes[route], failure: best.failure)
        ))
    }
    others.sort { $0.rank.precedes($1.rank, caseInsensitive: analysis.caseInsensitive) }
    considered += others.map(\.consideration)

    var decision: PrecedenceDecision? = nil
    if candidates.count >= 2 {
      decision = analysis.decide(candidates[0], candidates[1], for: model).map(\.decision)
    }
    return RouteExplanation(
      url: url, parts: parts, hostAsPath: hostAsPath, query: query, routes: considered,
      winner: candidates.first.map(analysis.name),
      runnerUp: candidates.count >= 2 ? analysis.name(candidates[1]) : nil, decision: decision)
  }

  /// Where the unit `index` fails on `url`, with an order key: later parts (and later
  /// segments) sort after earlier ones, so the unit that got furthest explains its route.
  /// `lastActive` is `UnitTrie.lastActive` of the URL's segments.
  func failure(_ index: Int, _ url: AnalysisURL, lastActive: [Int]) -> (
    order: [Int], failure: RouteExplanation.Failure
  ) {
    typealias Failure = RouteExplanation.Failure
    let unit = analysis.units[index]
    let variant = unit.variant
    func text(_ bytes: [UInt8]?) -> String {
      bytes.map { String(decoding: $0, as: UTF8.self) } ?? "none"
    }
    if let scheme = variant.scheme, scheme != url.scheme {
      return (
        [0],
        Failure(
          part: .scheme, segment: nil,
          reason: "scheme: the pattern wants \(text(scheme)), the URL has \(text(url.scheme))")
      )
    }
    let search = analysis.search
    var hostWanted: String? = nil
    switch variant.host {
    case .omitted: break
    case .any: if url.host == nil { hostWanted = "a host (*)" }
    case .wildcard(let suffix):
      if !(url.host.map { $0.count > suffix.count && $0.suffix(suffix.count) == suffix[...] }
        ?? false)
      {
        hostWanted = "a host ending in \(text(suffix))"
      }
    case .literal(let name): if url.host != name { hostWanted = text(name) }
    }
    if let hostWanted {
      let has = url.host.map { text($0) } ?? "none"
      return (
        [1],
        Failure(
          part: .host, segment: nil,
          reason: "host: the pattern wants \(hostWanted), the URL has \(has)")
      )
    }
    if let port = variant.port, port != url.port {
      return (
        [2],
        Failure(
          part: .port, segment: nil,
          reason:
            "port: the pattern wants \(port), the URL has \(url.port.map(String.init) ?? "none")")
      )
    }
    if let path = pathFailure(index, url.segments, lastActive: lastActive) {
      return ([3, path.segment ?? 0], path)
    }
    for requirement in unit.query {
      let name = text(requirement.name)
      guard let value = url.lastValue(requirement.name) else {
        return ([4], Failure(part: .query, segment: nil, reason: "query: no parameter '\(name)'"))
      }
      if !search.rules.accepts(requirement.value, value) {
        return (
          [4],
          Failure(
            part: .query, segment: nil,
            reason:
              "query: '\(name)' is '\(text(value))', the pattern wants \(describe(requirement.value))"
          )
        )
      }
    }
    if !search.rules.accepts(unit.fragment, url.fragment) {
      let wanted: String
      switch unit.fragment {
      case .none: wanted = "nothing"
      case .literal(let bytes): wanted = "'\(text(bytes))'"
      case .capture(let type, let name): wanted = describe(.capture(type, name: name))
      }
      let has = url.fragment.map { "'\(text($0))'" } ?? "no fragment"
      return (
        [5],
        Failure(
          part: .fragment, segment: nil,
          reason: "fragment: the pattern wants \(wanted), the URL has \(has)")
      )
    }
    return (
      [6],
      Failure(part: .segment, segment: nil, reason: "matched through another alternative")
    )
  }

  func describe(_ value: RequirementValue) -> String {
    switch value {
    case .literal(let bytes): return "'\(String(decoding: bytes, as: UTF8.self))'"
    case .capture(.string, let name): return "a value (<\(name)>)"
    case .capture(let type, let name): return "\(typeName(type)) (<\(typeName(type)):\(name)>)"
    }
  }

  func typeName(_ type: CaptureType) -> String { type.name(in: analysis.table.parameterTypes) }

  /// The text of each automaton step, as written in a pattern.
  func stepTexts(_ unit: AnalysisUnit) -> [String] {
    var texts: [String] = []
    for element in unit.variant.path {
      switch element {
      case .literal(let bytes): texts.append("'\(String(decoding: bytes, as: UTF8.self))'")
      case .capture(.path, let name): texts += ["<path:\(name)>", "<path:\(name)>"]
      case .capture(.string, let name): texts.append(":\(name)")
      case .capture(let type, let name): texts.append("<\(typeName(type)):\(name)>")
      case .mixed(_, _, _, _, let text): texts.append(String(decoding: text, as: UTF8.self))
      case .star(let name): texts.append("*" + (name ?? ""))
      }
    }
    return texts
  }

  /// How far the path automaton of the unit `index` gets: how many segments it reads before
  /// none of its positions is left (all of them when it reads the whole path), and its
  /// positions after them.
  ///
  /// Running the automaton segment by segment for each unit would cost every unit a pass over
  /// the URL. Instead, `lastActive` (from `UnitTrie.lastActive`) gives, for each node on the
  /// unit's way through the trie, the last time it was active. Every time up to the latest of
  /// those has some position of the unit active (the run that reached that node went through
  /// the unit's earlier nodes), so the unit stops right after that time, and its positions
  /// then are the nodes active at it.
  func pathStop(_ index: Int, lastActive: [Int]) -> (read: Int, positions: [Int]) {
    let unit = analysis.units[index]
    let path = analysis.trie.path(of: index)
    let read = path.lazy.map { lastActive[$0] }.max() ?? 0
    // Position k stands on the node after its first k steps, or after k + 1 for a `*` step
    // (the node of its loop).
    let positions = (0...unit.steps.count).filter { position in
      let isStar = position < unit.steps.count && unit.steps[position] == .star
      return lastActive[path[path.startIndex + (isStar ? position + 1 : position)]] == read
    }
    return (read, positions)
  }

  /// Where the path automaton of the unit `index` stops on `segments`, or `nil` when it
  /// accepts them (see `pathStop`).
  func pathFailure(
    _ index: Int, _ segments: [[UInt8]], lastActive: [Int]
  ) -> RouteExplanation.Failure? {
    let unit = analysis.units[index]
    let rules = analysis.search.rules
    let texts = stepTexts(unit)
    let (stop, positions) = pathStop(index, lastActive: lastActive)
    if stop < segments.count {
      let segment = segments[stop]
      let number = stop + 1
      let shown = String(decoding: segment, as: UTF8.self)
      let wanted = positions.filter { $0 < unit.steps.count }
      if wanted.isEmpty {
        return RouteExplanation.Failure(
          part: .segment, segment: number,
          reason: "segment \(number): the pattern has ended, the URL has '\(shown)'")
      }
      // A typed capture refusing a segment is a conversion failure.
      for position in wanted {
        if case .segment(let set) = unit.steps[position] {
          switch set {
          case .typed(let type) where type != .string:
            return RouteExplanation.Failure(
              part: .conversion, segment: number,
              reason:
                "segment \(number): '\(shown)' is not \(articled(typeName(type))) "
                + "(\(texts[position]))")
          case .mixed(let prefix, let type, let suffix)
          where type != .string && segment.count > prefix.count + suffix.count
            && rules.sameLiteral(segment.prefix(prefix.count), prefix)
            && rules.sameLiteral(segment.suffix(suffix.count), suffix):
            return RouteExplanation.Failure(
              part: .conversion, segment: number,
              reason:
                "segment \(number): '\(shown)' does not hold \(articled(typeName(type))) "
                + "(\(texts[position]))")
          default: break
          }
        }
      }
      let expected = wanted.map { texts[$0] }.joined(separator: " or ")
      return RouteExplanation.Failure(
        part: .segment, segment: number,
        reason: "segment \(number): the pattern wants \(expected), the URL has '\(shown)'")
    }
    guard !unit.accepts(positions) else { return nil }
    let wanted = positions.filter { $0 < unit.steps.count }.map { texts[$0] }
    let number = segments.count + 1
    return RouteExplanation.Failure(
      part: .segment, segment: number,
      reason:
        "segment \(number): the URL has ended, the pattern wants "
        + wanted.joined(separator: " or "))
  }

  func articled(_ word: String) -> String {
    guard let first = word.first else { return word }
    return ("aeiou".contains(first) ? "an " : "a ") + word
  }
}
