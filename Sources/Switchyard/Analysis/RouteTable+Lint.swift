extension RouteTable {
  /// Finds routes that can never win, routes that collide, and patterns that are legal but
  /// almost surely a mistake (<doc:AnalysingRouteTables>).
  ///
  /// Findings are computed from the patterns — their variants, typed captures, catch-alls,
  /// hosts, query and fragment requirements and priorities — and each carries a witness URL
  /// that behaves as the finding says when matched. Errors come first, then warnings, then
  /// notes; within a severity, by the first route's registration order.
  ///
  /// ```swift
  /// var table = RouteTable()
  /// try table.add("user", "/u/<int:id>")
  /// try table.add("everything", "/u/*", priority: 1)
  /// let findings = table.lint()
  /// findings[0].kind     // .shadowed
  /// findings[0].routes   // ["user", "everything"]
  /// findings[0].witness  // "/u/7"
  /// ```
  public func lint() -> [LintFinding] { lint(stateLimit: WitnessSearch.defaultStateLimit) }

  /// The lint with other limits on the states and steps of work one witness search may use
  /// and on the steps of the whole run (tests use small ones to reach them quickly).
  func lint(
    stateLimit: Int, workLimit: Int = WitnessSearch.defaultWorkLimit,
    totalWorkLimit: Int = RouteLinter.defaultTotalWorkLimit
  ) -> [LintFinding] {
    var findings: [LintFinding] = []
    lint(stateLimit: stateLimit, workLimit: workLimit, totalWorkLimit: totalWorkLimit) {
      findings.append($0)
    }
    return findings
  }

  /// The findings of ``lint()``, in the same order, handed to `report` one at a time as they
  /// are found rather than gathered first: the `overlap` notes of a large table outnumber its
  /// routes many times over, and the `switchyard` command writes each one out and forgets it,
  /// so the memory a lint needs is the table's, not the findings'.
  ///
  /// ```swift
  /// var errors = 0
  /// try table.lint { finding in
  ///   if finding.kind.severity == .error { errors += 1 }
  ///   try output.write(finding.description)
  /// }
  /// ```
  package func lint(_ report: (LintFinding) throws -> Void) rethrows {
    try lint(stateLimit: WitnessSearch.defaultStateLimit, report)
  }

  func lint(
    stateLimit: Int, workLimit: Int = WitnessSearch.defaultWorkLimit,
    totalWorkLimit: Int = RouteLinter.defaultTotalWorkLimit,
    _ report: (LintFinding) throws -> Void
  ) rethrows {
    var linter = RouteLinter(
      TableAnalysis(self, stateLimit: stateLimit, workLimit: workLimit),
      totalWorkLimit: totalWorkLimit)
    try linter.run(report)
  }
}

/// The lint itself; see ``RouteTable/lint()``.
struct RouteLinter {
  let analysis: TableAnalysis
  var findings: [(finding: LintFinding, route: Int, order: Int)] = []
  /// The most steps of work (``WitnessSearch/workLimit``) all the searches of one run that
  /// decide whether a route wins may do together; once they are spent, every search left is
  /// `undecided`. A table with many hard questions then takes bounded time as a whole, not
  /// just per question.
  let totalWorkLimit: Int
  /// What is left of ``totalWorkLimit``.
  var workLeft: Int
  /// What the walks of the unit trie keep from one to the next.
  var walk = UnitTrie.Walk()

  /// The total limit ``RouteTable/lint()`` uses.
  static let defaultTotalWorkLimit = 500_000

  init(_ analysis: TableAnalysis, totalWorkLimit: Int = RouteLinter.defaultTotalWorkLimit) {
    self.analysis = analysis
    self.totalWorkLimit = totalWorkLimit
    self.workLeft = totalWorkLimit
  }

  var table: RouteTable { analysis.table }

  mutating func add(_ finding: LintFinding, route: Int) {
    findings.append((finding, route, findings.count))
  }

  func pattern(_ route: Int) -> String { table.routes[route].pattern.text }

  func quoted(_ route: Int) -> String { "\"\(analysis.name(route))\"" }

  /// Every finding, in the order of ``RouteTable/lint()``.
  mutating func run() -> [LintFinding] {
    var all: [LintFinding] = []
    run { all.append($0) }
    return all
  }

  /// Reports every finding to `report`, in the order of ``RouteTable/lint()``.
  mutating func run(_ report: (LintFinding) throws -> Void) rethrows {
    let routeCount = table.routes.count
    // Duplicates: the same units (languages and ranks) and the same priority.
    var groups: [RouteSignature: Int] = [:]
    groups.reserveCapacity(routeCount)
    var duplicateOf = [Int?](repeating: nil, count: routeCount)
    // One lookup per route that also records a new signature (hashing one hashes every byte
    // of its units): the entry holds an earlier route, or `route` when it was just added.
    func entry(_ value: inout Int) -> Int { value }
    for route in 0..<routeCount {
      let first = entry(&groups[RouteSignature(analysis, route), default: route])
      if first != route {
        duplicateOf[route] = first
        if let (_, text) = analysis.witness([analysis.unitsByRoute[first][0]]) {
          add(
            LintFinding(
              kind: .duplicate, routes: [analysis.name(first), analysis.name(route)],
              witness: text,
              message: RouteSignature.duplicateMessage(
                table.routes[route], of: table.routes[first])),
            route: first)
        }
      }
    }

    // Shadowed routes and unreachable alternatives.
    var excluded = Set<Int>()
    for route in 0..<routeCount {
      let unitIndices = analysis.unitsByRoute[route]
      var losing: [Int] = []
      var undecided: [(unit: Int, rivals: [Int], limit: WitnessSearch.Limit)] = []
      var anyReachable = false
      for unit in unitIndices {
        switch verdict(unit) {
        case .wins: anyReachable = true
        case .loses: losing.append(unit)
        case .undecided(let rivals, let limit): undecided.append((unit, rivals, limit))
        }
        if anyReachable && unitIndices.count == 1 { break }
      }
      // A limit never changes an answer: what the search could not decide is said so.
      for (unit, rivals, limit) in undecided { reportUndecided(unit, rivals: rivals, limit: limit) }
      if !anyReachable {
        // Shadowed only when every alternative was decided and none wins.
        guard undecided.isEmpty else { continue }
        excluded.insert(route)
        reportShadowed(route, duplicateOf: duplicateOf[route])
        continue
      }
      guard unitIndices.count > 1 else { continue }
      for unit in losing { reportUnreachableAlternative(unit) }
    }
    for route in 0..<routeCount where duplicateOf[route] != nil { excluded.insert(route) }

    reportEverythingMatchers()
    reportCaptureNameCase()

    // Every finding so far is an error, a warning or an `undecided` note (at most a few per
    // route); the `overlap` notes come last in the order and are streamed: each is reported
    // after the notes gathered before it with a route up to its own, the order `lint()` has
    // always sorted them in (severity, then route, then the order they were found).
    let sorted = findings.sorted { a, b in
      if a.finding.kind.severity != b.finding.kind.severity {
        return a.finding.kind.severity < b.finding.kind.severity
      }
      if a.route != b.route { return a.route < b.route }
      return a.order < b.order
    }
    findings = []
    var pending = sorted[...]
    while let first = pending.first, first.finding.kind.severity != .note {
      try report(first.finding)
      pending = pending.dropFirst()
    }
    try reportOverlaps(excluding: excluded) { overlap, route in
      while let first = pending.first, first.route <= route {
        try report(first.finding)
        pending = pending.dropFirst()
      }
      try report(overlap)
    }
    for rest in pending { try report(rest.finding) }
  }

  /// Whether a unit's route wins some URL through it.
  enum Verdict {
    /// Some URL the unit matches is matched by no unit of another route ranked before it.
    case wins
    /// Every URL the unit matches (if any) is won by other routes.
    case loses
    /// The search stopped at `limit`; `rivals` are the units it searched against.
    case undecided(rivals: [Int], limit: WitnessSearch.Limit)
  }

  /// Whether some URL is won by the unit's route through this unit: a URL it matches that no
  /// unit of another route ranked before it matches.
  mutating func verdict(_ unit: Int) -> Verdict {
    let route = analysis.units[unit].route
    // The shortest URL of the unit (an exact search: positives only) is often won already:
    // one lookup settles it. With optional groups, the URL must be won through this very
    // alternative. A unit that matches no URL at all wins none.
    guard let (url, text) = analysis.witness([unit]) else { return .loses }
    if analysis.matcher.match(text)?.routeIndex == route,
      analysis.unitsByRoute[route].count == 1 || analysis.bestUnit(of: route, for: url) == unit
    {
      return .wins
    }
    let rivals = analysis.betterRivals(of: unit, walk: &walk)
    switch analysis.search.search(
      positives: [analysis.units[unit]], negatives: rivals.map { analysis.units[$0] },
      work: &workLeft)
    {
    case .found: return .wins
    case .none: return .loses
    case .unknown(let limit): return .undecided(rivals: rivals, limit: limit)
    }
  }

  /// Says that the search could not decide whether `unit` wins any URL, naming the route and
  /// the routes ranked before it that it was searched against; the witness is a URL the
  /// route matches (and shows which of them wins it).
  mutating func reportUndecided(_ unit: Int, rivals: [Int], limit: WitnessSearch.Limit) {
    let route = analysis.units[unit].route
    guard let (url, text) = analysis.witness([unit]) else { return }
    let rivalRoutes = Set(rivals.map { analysis.units[$0].route }).sorted()
    let shown = rivalRoutes.prefix(3).map { "\(quoted($0)) (\(pattern($0)))" }
    let more = rivalRoutes.count > shown.count ? " and \(rivalRoutes.count - shown.count) more" : ""
    let alternative =
      analysis.unitsByRoute[route].count > 1
      ? " through its alternative that matches paths like /"
        + url.segments.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
      : ""
    let stopped =
      switch limit {
      case .states:
        "the search stopped at its limit of \(Self.grouped(analysis.search.stateLimit)) states"
      case .work:
        "the search stopped at its limit of \(Self.grouped(analysis.search.workLimit)) steps "
          + "of work"
      case .totalWork:
        "the lint had spent its limit of \(Self.grouped(totalWorkLimit)) steps of work for "
          + "the whole table"
      }
    add(
      LintFinding(
        kind: .undecided, routes: [analysis.name(route)] + rivalRoutes.map(analysis.name),
        witness: text,
        message:
          "could not decide whether \(quoted(route)) (\(pattern(route))) wins any URL"
          + alternative + " over the routes ranked before it that share URLs with it: "
          + shown.joined(separator: ", ") + more + "; \(stopped), so \(quoted(route)) may be "
          + "shadowed"),
      route: route)
  }

  /// `20000` as `20,000`.
  static func grouped(_ number: Int) -> String {
    var digits = Array(String(number))
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: index)
      index -= 3
    }
    return String(digits)
  }

  mutating func reportShadowed(_ route: Int, duplicateOf original: Int?) {
    for unit in analysis.unitsByRoute[route] {
      guard let (url, text) = analysis.witness([unit]),
        let winner = analysis.matcher.match(text)?.routeIndex, winner != route
      else { continue }
      if winner == original { return }  // reported as a duplicate
      let because = analysis.decide(winner, route, for: url).map { " (\($0.decision))" } ?? ""
      add(
        LintFinding(
          kind: .shadowed, routes: [analysis.name(route), analysis.name(winner)], witness: text,
          message:
            "every URL \(quoted(route)) (\(pattern(route))) matches is won by other routes; "
            + "\(quoted(winner)) (\(pattern(winner))) wins the witness\(because)",
          decision: analysis.decide(winner, route, for: url)?.decision),
        route: route)
      return
    }
  }

  mutating func reportUnreachableAlternative(_ unit: Int) {
    let route = analysis.units[unit].route
    guard let (url, text) = analysis.witness([unit]),
      let winner = analysis.matcher.match(text)?.routeIndex, winner != route
    else { return }
    let decision = analysis.decide(winner, route, for: url)?.decision
    let segments = url.segments.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
    add(
      LintFinding(
        kind: .unreachableAlternative, routes: [analysis.name(route), analysis.name(winner)],
        witness: text,
        message:
          "the alternative of \(quoted(route)) (\(pattern(route))) that matches paths like "
          + "/\(segments) never wins: other routes win every URL it matches; "
          + "\(quoted(winner)) wins the witness" + (decision.map { " (\($0))" } ?? ""),
        decision: decision),
      route: route)
  }

  mutating func reportEverythingMatchers() {
    for (route, unitIndices) in analysis.unitsByRoute.enumerated() {
      guard unitIndices.contains(where: { analysis.units[$0].matchesEverything }),
        let (_, text) = analysis.witness([unitIndices[0]])
      else { continue }
      add(
        LintFinding(
          kind: .matchesEverything, routes: [analysis.name(route)], witness: text,
          message:
            "\(quoted(route)) (\(pattern(route))) matches every URL: any scheme, host, path, "
            + "query and fragment"),
        route: route)
    }
  }

  mutating func reportCaptureNameCase() {
    struct Place: Hashable {
      var scheme: [UInt8]?
      var host: HostRequirement
      var steps: [AnalysisUnit.Step]
      var folded: String
    }
    var seen: [Place: (name: String, unit: Int)] = [:]
    var reported = Set<[Int]>()
    for (unitIndex, unit) in analysis.units.enumerated()
    where unit.variant.path.contains(where: { $0.captureName != nil }) {
      var steps: [AnalysisUnit.Step] = []
      var stepIndex = 0
      for element in unit.variant.path {
        let width = { if case .capture(.path, _) = element { return 2 } else { return 1 } }()
        if let name = element.captureName {
          let place = Place(
            scheme: unit.variant.scheme, host: unit.variant.host, steps: steps,
            folded: asciiLowercased(name))
          if let earlier = seen[place] {
            let other = analysis.units[earlier.unit].route
            if earlier.name != name, other != unit.route,
              reported.insert([other, unit.route]).inserted
            {
              let shared = analysis.witness([earlier.unit, unitIndex])
              if let (_, text) = shared ?? analysis.witness([earlier.unit]) {
                add(
                  LintFinding(
                    kind: .captureNameCase,
                    routes: [analysis.name(other), analysis.name(unit.route)],
                    witness: text,
                    message:
                      "\(quoted(other)) names the capture at path element \(steps.count + 1) "
                      + "'\(earlier.name)' and \(quoted(unit.route)) names it '\(name)': names "
                      + "that differ only in case are almost surely a typo"),
                  route: other)
              }
            }
          } else {
            seen[place] = (name, unitIndex)
          }
        }
        steps.append(contentsOf: unit.steps[stepIndex..<(stepIndex + width)])
        stepIndex += width
      }
    }
  }

  /// Hands each overlap to `report` with the route it is sorted by, in the order of those
  /// routes (the units are walked in registration order and each pair is reported from the
  /// unit of its earlier route).
  mutating func reportOverlaps(
    excluding excluded: Set<Int>, _ report: (LintFinding, _ route: Int) throws -> Void
  ) rethrows {
    // Route pairs reported, as first * count + second; only routes with several units can
    // meet twice (the walk lists each unit once), so only their pairs are kept.
    var done = Set<Int>()
    let count = table.routes.count
    // Read through a local constant: through `self`, which this method may change, each unit
    // and name passed on would be copied first.
    let analysis = analysis
    // Each note's message is composed in this buffer and made a string once: joining a
    // dozen strings for each of hundreds of thousands of notes cost more than finding them.
    var message: [UInt8] = []
    func appendQuoted(_ route: Int) {
      message.append(UInt8(ascii: "\""))
      message.append(utf8: analysis.name(route))
      message.append(UInt8(ascii: "\""))
    }
    func appendDescribed(_ route: Int) {
      appendQuoted(route)
      message.append(literal: " (")
      message.append(utf8: pattern(route))
      message.append(UInt8(ascii: ")"))
    }
    for (unitIndex, unit) in analysis.units.enumerated() where !excluded.contains(unit.route) {
      let overlapping = analysis.trie.overlapping(
        unit, analysis.search.rules, after: unitIndex, walk: &walk)
      for other in overlapping {
        let otherRoute = analysis.units[other].route
        let once =
          analysis.unitsByRoute[unit.route].count == 1
          && analysis.unitsByRoute[otherRoute].count == 1
        guard otherRoute > unit.route, !excluded.contains(otherRoute),
          once || !done.contains(unit.route * count + otherRoute),
          analysis.mayShareOutsidePath(unit, analysis.units[other]),
          let (url, text) = analysis.witness([unitIndex, other]),
          let (winner, loser, decision) = analysis.decide(
            unit.route, otherRoute, for: url, matchedBy: (unitIndex, other))
        else { continue }
        if !once { done.insert(unit.route * count + otherRoute) }
        message.removeAll(keepingCapacity: true)
        appendDescribed(winner)
        message.append(literal: " and ")
        appendDescribed(loser)
        message.append(literal: " both match the witness; ")
        appendQuoted(winner)
        message.append(literal: " wins by ")
        message.append(utf8: decision.explanation)
        try report(
          LintFinding(
            kind: .overlap, routes: [analysis.name(winner), analysis.name(loser)], witness: text,
            message: String(decoding: message, as: UTF8.self), decision: decision),
          unit.route)
      }
    }
  }
}

/// What makes two routes duplicates: the same priority and the same units (the same URLs,
/// ranked the same way), capture names aside.
struct RouteSignature: Hashable {
  struct Unit: Hashable {
    var scheme: [UInt8]?
    var host: HostRequirement
    var port: Int?
    var steps: [AnalysisUnit.Step]
    var path: [MatcherStorage.Builder.PathRank]
    var query: [QueryRequirement]
    var queryValues: [RequirementValue]
    var fragment: FragmentRequirement
  }
  var priority: Int
  /// The distinct units, in the order of the route's variants; compared as a set.
  var units: [Unit]
  /// The hash of the rest, computed once and independent of the units' order: hashing a
  /// signature reads every byte of its units, and a dictionary of them hashes it again for
  /// each key it compares. (A route has a few units, so a list and its hashes cost less than a
  /// set, which hashed each unit again to hash itself.)
  private var hashCode: Int

  static func == (lhs: RouteSignature, rhs: RouteSignature) -> Bool {
    lhs.hashCode == rhs.hashCode && lhs.priority == rhs.priority
      && lhs.units.count == rhs.units.count && lhs.units.allSatisfy(rhs.units.contains)
  }

  func hash(into hasher: inout Hasher) { hasher.combine(hashCode) }

  init(_ analysis: TableAnalysis, _ route: Int) {
    self.init(
      priority: analysis.table.routes[route].priority,
      units: analysis.unitsByRoute[route].map { analysis.units[$0] },
      caseInsensitive: analysis.caseInsensitive)
  }

  /// The signature of `route` read under `options`, without a table: what a router compares
  /// a new route with, to refuse a duplicate as lint would report it.
  init(_ route: Route, options: RouteOptions) {
    self.init(
      priority: route.priority,
      units: route.pattern.variants.enumerated().map { index, variant in
        AnalysisUnit(route: route, variantIndex: index, variant: variant, options: options)
      },
      caseInsensitive: options.caseInsensitivePaths)
  }

  private init(priority: Int, units: [AnalysisUnit], caseInsensitive: Bool) {
    self.priority = priority
    let allUnits = units.map { unit in
      Unit(
        scheme: unit.variant.scheme, host: unit.variant.host, port: unit.variant.port,
        steps: unit.steps,
        path: caseInsensitive ? unit.rank.path.map(RankKey.folded) : unit.rank.path,
        query: unit.rank.query,
        queryValues: unit.query.map {
          if case .capture(let type, _) = $0.value { return .capture(type, name: "") }
          return $0.value
        }, fragment: unit.rank.fragment)
    }
    var distinct: [Unit] = []
    var unitsHash = 0
    for unit in allUnits where !distinct.contains(unit) {
      distinct.append(unit)
      unitsHash &+= unit.hashValue
    }
    self.units = distinct
    var hasher = Hasher()
    hasher.combine(priority)
    hasher.combine(unitsHash)
    self.hashCode = hasher.finalize()
  }

  /// What lint and a router say of a duplicate: `route` matches what `first` matches.
  static func duplicateMessage(_ route: Route, of first: Route) -> String {
    "\"\(route.name)\" (\(route.pattern.text)) matches exactly the same URLs as "
      + "\"\(first.name)\" (\(first.pattern.text)) with the same precedence, so "
      + "\"\(route.name)\" never wins"
  }
}
