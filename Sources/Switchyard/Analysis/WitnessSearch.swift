/// Finds a URL that every `positive` unit matches and no `negative` unit matches, by
/// construction from the patterns (not by trying random URLs).
///
/// Scheme, host, port, query and fragment are chosen first: for each part the choice that lets
/// the fewest negatives through (no port, no fragment, no query parameter the positives do not
/// ask for, a host label no pattern names), and for captured query and fragment values one
/// value of each class the requirements tell apart. The path is then found by a breadth-first
/// search of the product of the path automata, over an alphabet with one segment of each
/// class the patterns' segment sets tell apart — so the shortest witness is found, and when
/// the search ends without one there is none. With positives only the search is exact and
/// unbounded (its states are at most the product of the automata's sizes); with negatives it
/// works on sets of positions, which can be exponentially many, so it stops at ``stateLimit``
/// states or ``workLimit`` steps of work and says `.unknown`: the caller reports that it could
/// not decide.
struct WitnessSearch {
  let options: RouteOptions
  let rules: SegmentRules
  /// The most product states one path search with negatives may visit; beyond it the answer
  /// is `.unknown`, which the lint reports as an `undecided` finding (<doc:AnalysingRouteTables>).
  var stateLimit = WitnessSearch.defaultStateLimit
  /// The most steps of work one search with negatives may do: one step is one unit's automaton
  /// moved by one segment, so a state costs (segment classes × units searched) steps. The
  /// state limit alone does not bound the time: 20,000 states of a search against 60 rivals
  /// over 30 segment classes are 36 million steps. Counted, never timed: the answer depends
  /// on the table alone.
  var workLimit = WitnessSearch.defaultWorkLimit
  /// The state limit ``RouteTable/lint()`` uses.
  static let defaultStateLimit = 20_000
  /// The work limit of one search ``RouteTable/lint()`` uses.
  static let defaultWorkLimit = 100_000

  /// Which limit stopped a search.
  enum Limit: Equatable {
    /// ``WitnessSearch/stateLimit`` states.
    case states
    /// ``WitnessSearch/workLimit`` steps of one search.
    case work
    /// The whole lint run's steps (``RouteLinter/totalWorkLimit``).
    case totalWork
  }

  enum Outcome {
    case found(AnalysisURL)
    case none
    /// A limit was reached.
    case unknown(Limit)
  }

  init(options: RouteOptions, types: [ParameterType]) {
    self.options = options
    self.rules = SegmentRules(caseInsensitive: options.caseInsensitivePaths, types: types)
  }

  func hostAsPath(_ scheme: [UInt8]?) -> Bool {
    options.hostAsPath.applies(toScheme: scheme.map { String(decoding: $0, as: UTF8.self) })
  }

  // MARK: The whole URL

  func search(positives: [AnalysisUnit], negatives allNegatives: [AnalysisUnit]) -> Outcome {
    var work = workLimit
    return search(positives: positives, negatives: allNegatives, work: &work)
  }

  /// The search with at most `work` steps (less when ``workLimit`` is smaller); what it spends
  /// is taken from `work`. When the steps run out, the answer is `.unknown(.work)` if the
  /// search's own limit was the smaller, else `.unknown(.totalWork)`.
  func search(
    positives: [AnalysisUnit], negatives allNegatives: [AnalysisUnit], work: inout Int
  ) -> Outcome {
    let allowed = min(workLimit, max(work, 0))
    var budget = allowed
    let outcome = search(positives: positives, negatives: allNegatives, budget: &budget)
    work -= allowed - budget
    if case .unknown(.work) = outcome, allowed < workLimit { return .unknown(.totalWork) }
    return outcome
  }

  private func search(
    positives: [AnalysisUnit], negatives allNegatives: [AnalysisUnit], budget: inout Int
  ) -> Outcome {
    guard !positives.isEmpty else { return .none }
    let negatives = Self.distinct(allNegatives)
    // A negative that asks exactly what a positive asks matches every URL the positives match.
    if !negatives.isEmpty {
      let keys = Set(negatives.map(NegativeKey.init))
      if positives.contains(where: { keys.contains(NegativeKey($0)) }) { return .none }
    }
    // Scheme.
    var scheme: [UInt8]? = nil
    for unit in positives {
      guard let wanted = unit.variant.scheme else { continue }
      if let chosen = scheme, chosen != wanted { return .none }
      scheme = wanted
    }
    if scheme == nil, let fallback = options.defaultScheme, !fallback.isEmpty {
      scheme = Array(fallback.utf8).map(asciiLower)
    }
    // Host.
    guard let host = chooseHost(positives, negatives, hostAsPath: hostAsPath(scheme)) else {
      return .none
    }
    // Port.
    var port: Int? = nil
    for unit in positives {
      guard let wanted = unit.variant.port else { continue }
      if let chosen = port, chosen != wanted { return .none }
      port = wanted
    }
    // Query and fragment.
    guard let queries = chooseQueries(positives, negatives),
      let fragments = chooseFragments(positives, negatives)
    else { return .none }
    var unknown: Limit? = nil
    for query in queries {
      for fragment in fragments {
        var url = AnalysisURL(
          scheme: scheme, host: host.value, port: port, segments: [], query: query,
          fragment: fragment)
        let survivors = negatives.filter { matchesOutsidePath($0, url) }
        switch searchPath(positives, survivors, budget: &budget) {
        case .found(let found):
          url.segments = found.segments
          return .found(url)
        case .unknown(let limit): unknown = unknown ?? limit
        case .none: break
        }
      }
    }
    return unknown.map { .unknown($0) } ?? .none
  }

  /// What a negative unit accepts: two units with the same key match the same URLs.
  private struct NegativeKey: Hashable {
    var scheme: [UInt8]?
    var host: HostRequirement
    var port: Int?
    var steps: [AnalysisUnit.Step]
    var query: [QueryRequirement]
    var fragment: FragmentRequirement

    init(_ unit: AnalysisUnit) {
      scheme = unit.variant.scheme
      host = unit.variant.host
      port = unit.variant.port
      steps = unit.steps
      query = unit.query
      fragment = unit.fragment
    }
  }

  /// The negatives with one of each kind that match the same URLs: a table with a thousand
  /// copies of `/*/a` at different priorities asks for one automaton, not a thousand.
  static func distinct(_ negatives: [AnalysisUnit]) -> [AnalysisUnit] {
    guard negatives.count > 1 else { return negatives }
    var seen = Set<NegativeKey>()
    return negatives.filter { seen.insert(NegativeKey($0)).inserted }
  }

  /// Whether `unit` accepts everything of `url` but its path.
  func matchesOutsidePath(_ unit: AnalysisUnit, _ url: AnalysisURL) -> Bool {
    let variant = unit.variant
    if let scheme = variant.scheme, scheme != url.scheme { return false }
    switch variant.host {
    case .omitted: break
    case .any: if url.host == nil { return false }
    case .wildcard(let suffix):
      guard let host = url.host, host.count > suffix.count, host.suffix(suffix.count) == suffix[...]
      else { return false }
    case .literal(let name): if url.host != name { return false }
    }
    if let port = variant.port, port != url.port { return false }
    for requirement in unit.query {
      guard let value = url.lastValue(requirement.name), rules.accepts(requirement.value, value)
      else { return false }
    }
    return rules.accepts(unit.fragment, url.fragment)
  }

  /// Whether `unit` matches `url` (the whole URL).
  func matches(_ unit: AnalysisUnit, _ url: AnalysisURL) -> Bool {
    matchesOutsidePath(unit, url) && unit.acceptsPath(url.segments, rules)
  }

  private struct HostChoice { var value: [UInt8]? }

  private func chooseHost(
    _ positives: [AnalysisUnit], _ negatives: [AnalysisUnit], hostAsPath: Bool
  ) -> HostChoice? {
    var literal: [UInt8]? = nil
    var suffix: [UInt8]? = nil
    var needsHost = false
    for unit in positives {
      switch unit.variant.host {
      case .omitted: continue
      case .any: needsHost = true
      case .literal(let name):
        if let literal, literal != name { return nil }
        literal = name
        needsHost = true
      case .wildcard(let wanted):
        needsHost = true
        if let current = suffix {
          if wanted.count > current.count {
            guard wanted.suffix(current.count) == current[...] else { return nil }
            suffix = wanted
          } else {
            guard current.suffix(wanted.count) == wanted[...] else { return nil }
          }
        } else {
          suffix = wanted
        }
      }
    }
    guard needsHost else { return HostChoice(value: nil) }
    guard !hostAsPath else { return nil }
    if let literal {
      if let suffix {
        guard literal.count > suffix.count, literal.suffix(suffix.count) == suffix[...] else {
          return nil
        }
      }
      return HostChoice(value: literal)
    }
    var taken = Set<[UInt8]>()
    for unit in negatives {
      if case .literal(let name) = unit.variant.host { taken.insert(name) }
    }
    for counter in 0..<(taken.count + 2) {
      let label =
        Array((suffix == nil ? "host" : "w").utf8) + (counter == 0 ? [] : Array("\(counter)".utf8))
      let candidate = label + (suffix ?? [])
      if !taken.contains(candidate) { return HostChoice(value: candidate) }
    }
    return HostChoice(value: Array("host".utf8) + (suffix ?? []))
  }

  /// Value choices for one required name: one value of each class the requirements on that
  /// name tell apart, among the values every positive accepts.
  private func valueChoices(
    _ positive: [RequirementValue], _ negative: [RequirementValue]
  ) -> [[UInt8]] {
    var pool: [[UInt8]] = []
    var types: [CaptureType] = [.string]
    var literals: [[UInt8]] = []
    for requirement in positive + negative {
      switch requirement {
      case .literal(let bytes): literals.append(bytes)
      case .capture(let type, _): types.append(type)
      }
    }
    for type in types { pool += SegmentSamples.samples(type).map { Array($0.utf8) } }
    pool += literals
    pool.append([])
    for counter in 0..<(pool.count + 1) {
      let word = Array("x\(counter)q".utf8)
      if !pool.contains(word) {
        pool.append(word)
        break
      }
    }
    var seen = Set<[Bool]>()
    var result: [[UInt8]] = []
    for value in pool where positive.allSatisfy({ rules.accepts($0, value) }) {
      let vector = negative.map { rules.accepts($0, value) }
      if seen.insert(vector).inserted { result.append(value) }
    }
    return result
  }

  private func chooseQueries(
    _ positives: [AnalysisUnit], _ negatives: [AnalysisUnit]
  ) -> [[(name: [UInt8], value: [UInt8])]]? {
    var names: [[UInt8]] = []
    for unit in positives {
      for requirement in unit.query where !names.contains(requirement.name) {
        names.append(requirement.name)
      }
    }
    names.sort { $0.lexicographicallyPrecedes($1) }
    var combinations: [[(name: [UInt8], value: [UInt8])]] = [[]]
    for name in names {
      let wanted = positives.flatMap { $0.query.filter { $0.name == name }.map(\.value) }
      let others = negatives.flatMap { $0.query.filter { $0.name == name }.map(\.value) }
      let choices = valueChoices(wanted, others)
      if choices.isEmpty { return nil }
      var next: [[(name: [UInt8], value: [UInt8])]] = []
      for combination in combinations {
        for value in choices where next.count < 64 {
          next.append(combination + [(name, value)])
        }
      }
      combinations = next
    }
    return combinations
  }

  private func chooseFragments(
    _ positives: [AnalysisUnit], _ negatives: [AnalysisUnit]
  ) -> [[UInt8]?]? {
    var wanted: [RequirementValue] = []
    for unit in positives {
      switch unit.fragment {
      case .none: continue
      case .literal(let bytes): wanted.append(.literal(bytes))
      case .capture(let type, let name): wanted.append(.capture(type, name: name))
      }
    }
    if wanted.isEmpty { return [nil] }
    var others: [RequirementValue] = []
    for unit in negatives {
      switch unit.fragment {
      case .none: continue
      case .literal(let bytes): others.append(.literal(bytes))
      case .capture(let type, let name): others.append(.capture(type, name: name))
      }
    }
    let choices = valueChoices(wanted, others)
    return choices.isEmpty ? nil : choices.map { Optional($0) }
  }

  // MARK: The path

  struct PathFound {
    var segments: [[UInt8]]

    init(segments: [[UInt8]]) { self.segments = segments }

    /// The segments that lead from the start state to state `reached`, read back through each
    /// state's parent and the letter (an index into `alphabet`) that reached it.
    init(reachedAt reached: Int, parents: [(state: Int, letter: Int)], alphabet: [[UInt8]]) {
      var letters: [[UInt8]] = []
      var at = reached
      while parents[at].state >= 0 {
        letters.append(alphabet[parents[at].letter])
        at = parents[at].state
      }
      segments = letters.reversed()
    }
  }

  enum PathOutcome {
    case found(PathFound)
    case none
    case unknown(Limit)
  }

  /// The path search; with negatives it spends one step of `budget` per unit moved by a
  /// segment, and stops with `.unknown(.work)` before a state it cannot pay for in full.
  func searchPath(
    _ positives: [AnalysisUnit], _ negatives: [AnalysisUnit], budget: inout Int
  ) -> PathOutcome {
    if negatives.isEmpty {
      if positives.allSatisfy({ !$0.steps.contains(.star) }) { return fixedLengthPath(positives) }
      return trailingCatchAllPath(positives) ?? positivesOnlyPath(positives)
    }
    let units = positives + negatives
    let split = positives.count
    var sets: [SegmentSet] = []
    var seenSets = Set<SegmentSet>()
    for unit in units {
      for set in unit.segmentSets where seenSets.insert(set).inserted { sets.append(set) }
    }
    let alphabet = rules.alphabet(for: sets)

    typealias State = [[Int]]
    let start: State = units.map { $0.closure([0]) }
    var states: [State] = [start]
    var parents: [(state: Int, letter: Int)] = [(-1, -1)]
    var index: [State: Int] = [start: 0]
    var cursor = 0

    func accepting(_ state: State) -> Bool {
      for (offset, unit) in units.enumerated() {
        let accepts = unit.accepts(state[offset])
        if offset < split ? !accepts : accepts { return false }
      }
      return true
    }

    // What expanding one state costs: every unit moved by every segment class.
    let stateCost = alphabet.count * units.count
    while cursor < states.count {
      let state = states[cursor]
      if accepting(state) {
        return .found(PathFound(reachedAt: cursor, parents: parents, alphabet: alphabet))
      }
      if budget < stateCost { return .unknown(.work) }
      budget -= stateCost
      letterLoop: for (letter, segment) in alphabet.enumerated() {
        var next: State = []
        next.reserveCapacity(units.count)
        for (offset, unit) in units.enumerated() {
          let positions = state[offset].isEmpty ? [] : unit.step(state[offset], segment, rules)
          if offset < split && positions.isEmpty { continue letterLoop }
          next.append(positions)
        }
        if index[next] == nil {
          if states.count >= stateLimit { return .unknown(.states) }
          index[next] = states.count
          states.append(next)
          parents.append((cursor, letter))
        }
      }
      cursor += 1
    }
    return .none
  }

  /// With no negatives a path is a walk through the product of the positives' automata with
  /// one position each — no sets of positions, which only negatives need — so there are at
  /// most the product of their sizes (one more than their steps) states, and the search is
  /// exact with no limit: the shortest path, or `.none` when there is none. (Sets of positions
  /// can number 2^n for `/*/a/:x/…/:x`; that is why a subset search has a limit.)
  func positivesOnlyPath(_ positives: [AnalysisUnit]) -> PathOutcome {
    var sets: [SegmentSet] = []
    var seenSets = Set<SegmentSet>()
    for unit in positives {
      for set in unit.segmentSets where seenSets.insert(set).inserted { sets.append(set) }
    }
    let alphabet = rules.alphabet(for: sets)
    // A state is one position per unit, before the `*` steps it may skip.
    let closures = positives.map { unit in (0...unit.steps.count).map { unit.closure([$0]) } }
    func accepting(_ state: [Int]) -> Bool {
      for (offset, unit) in positives.enumerated()
      where closures[offset][state[offset]].last != unit.steps.count {
        return false
      }
      return true
    }
    let start = [Int](repeating: 0, count: positives.count)
    // The states found, one after another in one array (each `positives.count` positions):
    // lint runs this search for every overlapping pair of routes with a catch-all, and an
    // array per state was most of its allocations.
    var states: [Int] = start
    var stateCount = 1
    var parents: [(state: Int, letter: Int)] = [(-1, -1)]
    // The states seen. When the product of the automata's sizes is small (lint asks this for
    // every overlapping pair of routes), a state is one number, its positions in mixed radix,
    // and the states seen are a table of flags rather than a set of arrays.
    let sizes = positives.map { $0.steps.count + 1 }
    var product = 1
    for size in sizes where product > 0 {
      let (next, overflow) = product.multipliedReportingOverflow(by: size)
      product = overflow || next > 1 << 16 ? 0 : next
    }
    var flags = [Bool](repeating: false, count: product)
    var index: Set<[Int]> = []
    func insert(_ state: [Int]) -> Bool {
      guard product > 0 else { return index.insert(state).inserted }
      var code = 0
      for (offset, position) in state.enumerated() { code = code * sizes[offset] + position }
      if flags[code] { return false }
      flags[code] = true
      return true
    }
    _ = insert(start)
    // Scratch arrays, reused for every state and letter (lint runs this search for every
    // overlapping pair of routes that has a catch-all): the choices of all units one after
    // another, where each unit's start, the next positions of one unit, and a combination.
    var choices: [Int] = []
    var choiceStarts: [Int] = []
    var next: [Int] = []
    var combination = [Int](repeating: 0, count: positives.count)
    var picks = [Int](repeating: 0, count: positives.count)
    var cursor = 0
    var state = start
    let width = positives.count
    while cursor < stateCount {
      for offset in 0..<width { state[offset] = states[cursor * width + offset] }
      if accepting(state) {
        return .found(PathFound(reachedAt: cursor, parents: parents, alphabet: alphabet))
      }
      letterLoop: for (letter, segment) in alphabet.enumerated() {
        // Each unit's next positions; the next states are every combination of them.
        choices.removeAll(keepingCapacity: true)
        choiceStarts.removeAll(keepingCapacity: true)
        for (offset, unit) in positives.enumerated() {
          next.removeAll(keepingCapacity: true)
          for position in closures[offset][state[offset]] where position < unit.steps.count {
            let target: Int
            switch unit.steps[position] {
            case .star: target = position
            case .segment(let set):
              guard rules.contains(set, segment) else { continue }
              target = position + 1
            }
            if !next.contains(target) { next.append(target) }
          }
          if next.isEmpty { continue letterLoop }
          // A position that the one before it reaches over `*` steps alone is dominated: what
          // it reaches the other reaches as soon. Dropping it leaves at most two choices per
          // unit (a position in a run of `*` and the one after a segment), so a pattern of
          // many `*` costs no more than one of a few.
          next.sort()
          let start = choices.count
          choiceStarts.append(start)
          for target in next {
            if choices.count > start, let last = choices.last,
              unit.steps[last..<target].allSatisfy({ $0 == .star })
            {
              continue
            }
            choices.append(target)
          }
        }
        choiceStarts.append(choices.count)
        for offset in picks.indices { picks[offset] = 0 }
        while true {
          for offset in 0..<positives.count {
            combination[offset] = choices[choiceStarts[offset] + picks[offset]]
          }
          if insert(combination) {
            states += combination
            stateCount += 1
            parents.append((cursor, letter))
          }
          // The next combination, like an odometer.
          var digit = positives.count - 1
          while digit >= 0 {
            picks[digit] += 1
            if picks[digit] < choiceStarts[digit + 1] - choiceStarts[digit] { break }
            picks[digit] = 0
            digit -= 1
          }
          if digit < 0 { break }
        }
      }
      cursor += 1
    }
    return .none
  }

  /// The answer of ``positivesOnlyPath(_:)`` when no positive has a `*` before its last step
  /// (`nil` for other positives): the common catch-all route `/a/<path:rest>` against the
  /// routes under it, answered without a search.
  ///
  /// Such a unit accepts its segment steps' sets one segment each, then (with a `*` last) any
  /// number of segments, so the positions are independent and the shortest path is as long
  /// as the longest unit. The breadth-first search finds, among the shortest paths, the first
  /// in the order of its alphabet (its states are visited in that order, each first reached
  /// the earliest way); with independent positions that is the first letter that fits at
  /// each position, which ``SegmentRules/firstLetter(for:where:)`` finds.
  func trailingCatchAllPath(_ positives: [AnalysisUnit]) -> PathOutcome? {
    var length = 0
    var exactLength: Int? = nil
    for index in positives.indices {
      let steps = positives[index].steps
      let open = steps.last == .star
      let count = open ? steps.count - 1 : steps.count
      for position in 0..<count where steps[position] == .star { return nil }
      if !open {
        if let exactLength, exactLength != count { return PathOutcome.none }
        exactLength = count
      }
      length = max(length, count)
    }
    if let exactLength, exactLength < length { return PathOutcome.none }
    // The alphabet's sets, in the order the search would list them (the order of the
    // literals and affixes decides which samples it makes).
    var sets: [SegmentSet] = []
    for index in positives.indices {
      for case .segment(let set) in positives[index].steps where !sets.contains(set) {
        sets.append(set)
      }
    }
    // Without affixes, a candidate in a literal's class has the literal's bytes (literal
    // steps and the samples are lowercase when paths are case-insensitive): a position
    // with a literal takes it or has no letter.
    let affixed = sets.contains { if case .mixed = $0 { return true } else { return false } }
    var segments: [[UInt8]] = []
    segments.reserveCapacity(length)
    var wanted: [SegmentSet] = []
    for position in 0..<length {
      // The sets read by index: iterating the units would copy each, and this runs for
      // every candidate.
      wanted.removeAll(keepingCapacity: true)
      var literal: [UInt8]? = nil
      for index in positives.indices where position < positives[index].steps.count {
        guard case .segment(let set) = positives[index].steps[position] else { continue }
        if literal == nil, case .literal(let bytes) = set { literal = bytes }
        wanted.append(set)
      }
      let constraints = wanted
      let fits = { (segment: [UInt8]) in constraints.allSatisfy { rules.contains($0, segment) } }
      let letter: [UInt8]?
      if let literal, !affixed {
        letter = fits(literal) ? literal : nil
      } else {
        letter = rules.firstLetter(for: sets, where: fits)
      }
      guard let letter else { return PathOutcome.none }
      segments.append(letter)
    }
    return .found(PathFound(segments: segments))
  }

  /// One value of each built-in type, tried before a full alphabet is built.
  static let quickSamples: [[UInt8]] = CaptureType.builtins.reduce(into: []) { samples, type in
    let first = Array(type.samples[0].utf8)
    if !samples.contains(first) { samples.append(first) }
  }

  /// Without catch-alls and negatives a path is one segment per position, each in every
  /// positive's set there: the positions are independent.
  private func fixedLengthPath(_ positives: [AnalysisUnit]) -> PathOutcome {
    guard let length = positives.first?.steps.count,
      positives.allSatisfy({ $0.steps.count == length })
    else { return .none }
    var segments: [[UInt8]] = []
    segments.reserveCapacity(length)
    for position in 0..<length {
      // Every step is one segment here.
      let sets = positives.indices.compactMap { index -> SegmentSet? in
        if case .segment(let set) = positives[index].steps[position] { return set }
        return nil
      }
      let candidates: [[UInt8]]
      if let literal = sets.lazy.compactMap({ set -> [UInt8]? in
        if case .literal(let bytes) = set { return bytes }
        return nil
      }).first {
        candidates = [literal]
      } else {
        candidates = Self.quickSamples
      }
      let fits = { (segment: [UInt8]) in sets.allSatisfy { rules.contains($0, segment) } }
      guard
        let chosen = candidates.first(where: fits) ?? rules.firstLetter(for: sets, where: fits)
      else { return .none }
      segments.append(chosen)
    }
    return .found(PathFound(segments: segments))
  }
}

// MARK: - Fixed-length units

extension WitnessSearch {
  /// The answer of ``search(positives:negatives:)`` with no negatives for the `positives`
  /// (indices into `units`) when none has a `*` and none asks anything of a URL but its path,
  /// a scheme and a port; `nil` for other units. Lint asks this of every overlapping pair of
  /// routes, and the general search's choices of host, query and fragment and its arrays of
  /// segment sets cost more than the answer, so the segments are read from the units in
  /// place.
  ///
  /// The general search then takes the one scheme and port the positives name (none when
  /// they name two) and ``fixedLengthPath(_:)``: at each position the first literal if every
  /// unit accepts it, else the first of ``quickSamples`` they all accept, else the alphabet's
  /// first fitting letter; this does the same.
  func fixedLengthWitness(_ positives: [Int], in units: [AnalysisUnit]) -> Outcome? {
    guard let first = positives.first else { return nil }
    let length = units[first].steps.count
    var scheme: [UInt8]? = nil
    var port: Int? = nil
    var conflict = false
    for index in positives {
      guard units[index].variant.host == .omitted, units[index].query.isEmpty,
        units[index].fragment == .none, !units[index].steps.contains(.star)
      else { return nil }
      if let wanted = units[index].variant.scheme {
        if let chosen = scheme, chosen != wanted { conflict = true }
        scheme = wanted
      }
      if let wanted = units[index].variant.port {
        if let chosen = port, chosen != wanted { conflict = true }
        port = wanted
      }
      if units[index].steps.count != length { conflict = true }
    }
    if conflict { return Outcome.none }
    if scheme == nil, let fallback = options.defaultScheme, !fallback.isEmpty {
      scheme = Array(fallback.utf8).map(asciiLower)
    }
    var segments: [[UInt8]] = []
    segments.reserveCapacity(length)
    for position in 0..<length {
      func fits(_ candidate: [UInt8]) -> Bool {
        positives.allSatisfy { index in
          guard case .segment(let set) = units[index].steps[position] else { return false }
          return rules.contains(set, candidate)
        }
      }
      var literal: [UInt8]? = nil
      for index in positives {
        if case .segment(.literal(let bytes)) = units[index].steps[position] {
          literal = bytes
          break
        }
      }
      var chosen: [UInt8]? = nil
      if let literal {
        if fits(literal) { chosen = literal }
      } else {
        chosen = Self.quickSamples.first(where: fits)
      }
      if chosen == nil {
        let sets = positives.compactMap { index -> SegmentSet? in
          guard case .segment(let set) = units[index].steps[position] else { return nil }
          return set
        }
        chosen = rules.firstLetter(for: sets, where: fits)
      }
      guard let chosen else { return Outcome.none }
      segments.append(chosen)
    }
    return .found(
      AnalysisURL(
        scheme: scheme, host: nil, port: port, segments: segments, query: [], fragment: nil))
  }
}

// MARK: - Writing a witness down

extension WitnessSearch {
  /// The URL as a string that reads back as `url` (<doc:ReadingURLs>), written into one
  /// buffer: every overlap note renders a witness. (Each part is decoded from UTF-8 as it
  /// would be alone: the parts are separated by ASCII delimiters, which no multi-byte
  /// sequence spans.)
  func render(_ url: AnalysisURL) -> String {
    var text: [UInt8] = []
    text.reserveCapacity(64)
    var segments = url.segments[...]
    if let scheme = url.scheme {
      text += scheme
      text.append(UInt8(ascii: ":"))
    }
    func appendPort() {
      guard let port = url.port else { return }
      text.append(UInt8(ascii: ":"))
      text += String(port).utf8
    }
    if let scheme = url.scheme, hostAsPath(scheme) {
      text += "//".utf8
      if let first = segments.first {
        Self.appendEscaped(first, keeping: Self.authorityBytes, to: &text)
        segments = segments.dropFirst()
      }
      appendPort()
    } else if url.host != nil || url.port != nil {
      text += "//".utf8
      text += url.host ?? []
      appendPort()
    } else if url.scheme != nil {
      text += "//".utf8
    }
    if segments.isEmpty {
      if url.scheme == nil && url.host == nil { text.append(UInt8(ascii: "/")) }
    } else {
      for segment in segments {
        text.append(UInt8(ascii: "/"))
        Self.appendEscaped(segment, keeping: Self.segmentBytes, to: &text)
      }
    }
    for (offset, item) in url.query.enumerated() {
      text.append(offset == 0 ? UInt8(ascii: "?") : UInt8(ascii: "&"))
      Self.appendEscaped(item.name, keeping: Self.queryBytes, to: &text)
      text.append(UInt8(ascii: "="))
      Self.appendEscaped(item.value, keeping: Self.queryBytes, to: &text)
    }
    if let fragment = url.fragment {
      text.append(UInt8(ascii: "#"))
      Self.appendEscaped(fragment, keeping: Self.fragmentBytes, to: &text)
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The bytes a witness keeps as they are in one part of the URL: a table indexed by byte,
  /// since every overlap note renders a witness.
  struct Kept {
    private let table: [Bool]

    init(_ extra: String) {
      var table = [Bool](repeating: false, count: 256)
      let unreserved = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"
      for byte in (unreserved + extra).utf8 { table[Int(byte)] = true }
      for byte in 0x80...0xFF { table[byte] = true }
      self.table = table
    }

    func contains(_ byte: UInt8) -> Bool { table[Int(byte)] }
  }

  static let segmentBytes = Kept("!$&'()*+,;=:@")
  static let authorityBytes = Kept("!$&'()*+,;=")
  static let queryBytes = Kept("!$'()*,;:@/")
  static let fragmentBytes = Kept("!$&'()*+,;=:@/?")

  static func escape(_ bytes: [UInt8], keeping allowed: Kept) -> String {
    if bytes.allSatisfy(allowed.contains) { return String(decoding: bytes, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 8)
    appendEscaped(bytes, keeping: allowed, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends `bytes` to `out`, each byte `allowed` does not keep percent-escaped.
  static func appendEscaped(_ bytes: [UInt8], keeping allowed: Kept, to out: inout [UInt8]) {
    for byte in bytes {
      if allowed.contains(byte) {
        out.append(byte)
      } else {
        appendPercentEscaped(byte, to: &out)
      }
    }
  }
}
