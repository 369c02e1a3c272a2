/// A handler as a registry stores it: not generic, so that routing runs without looking up
/// generic metadata (the output is written through a pointer the generic entry point owns).
///
/// Safety of `@unchecked Sendable`: `sync` and `async` handlers are built from `@Sendable`
/// closures. `mainActor` and `open` handlers are stored only by main-actor types
/// (``MainActorRouter``, ``Navigator``), whose snapshots never leave the main actor.
@usableFromInline
enum RouteHandler: @unchecked Sendable {
  /// Writes the output through the pointer and returns `true`, or returns `false` to decline.
  case sync(@Sendable (RouteMatch, UnsafeMutableRawPointer) throws -> Bool)
  /// Writes the output into the box (an `OutputBox<Output>`) and returns `true`, or declines.
  case async(@Sendable (RouteMatch, AnyObject) async throws -> Bool)
  /// Like `sync`, run on the main actor.
  case mainActor(@MainActor (RouteMatch, UnsafeMutableRawPointer) throws -> Bool)
  /// A navigator's open-handler.
  case open(@MainActor (RouteMatch) throws -> Bool)
  /// A route declared before its handler: it matches, but nothing runs for it until a handler
  /// is attached (routing passes over it; dispatched links wait for it).
  case declared
}

/// Where an async handler leaves its output.
final class OutputBox<Output> {
  var value: Output?
  init() {}
}

/// What running one candidate's handler gave.
enum Attempt {
  /// The handler wrote its output.
  case handled
  /// Returned `nil` or threw a fair decline.
  case declined((any Error)?)
  /// Not a handler for this entry point (a screen route when opening, say): passed over
  /// without an event.
  case skipped
  /// An async handler met by a synchronous call: routing stops (``UnmatchedReason/needsAsync``).
  case needsAsync
  /// The handler read a parameter its route does not declare: routing stops
  /// (``UnmatchedReason/handlerFailed``).
  case failed(any Error)
}

/// Turns what a handler did into an ``Attempt``: `nil` or a value that does not convert is a
/// decline; reading a name the route's pattern does not declare is a programming error.
func attempt(_ match: RouteMatch, _ body: () throws -> Bool) -> Attempt {
  do {
    return try body() ? .handled : .declined(nil)
  } catch {
    return classify(error, match)
  }
}

func classify(_ error: any Error, _ match: RouteMatch) -> Attempt {
  if let parameterError = error as? RouteParameterError, parameterError.isMissing,
    !match.route.pattern.declares(parameterError.name)
  {
    return .failed(UndeclaredParameter(route: match.route, name: parameterError.name))
  }
  return .declined(error)
}

/// A handler read a parameter its route's pattern does not declare, and the URL has no query
/// or fragment value of that name: a typo, not a decline.
public struct UndeclaredParameter: Error, Sendable, CustomStringConvertible {
  /// The route whose handler asked.
  public let route: Route
  /// The name asked for.
  public let name: String

  public var description: String {
    let declared = route.pattern.captureNames
    return
      "the handler of route '\(route.name)' read '\(name)', which its pattern \(route.pattern.text) does not declare"
      + (declared.isEmpty ? "" : " (its captures: \(declared.joined(separator: ", ")))")
      + "; read optional query values with match[Int.self, \"\(name)\"]"
  }
}

extension RoutePattern {
  /// Whether `name` is a capture or a query requirement of the pattern.
  func declares(_ name: String) -> Bool {
    captureNames.contains(name) || query.contains { $0.name.elementsEqual(name.utf8) }
  }
}

/// The routes, handlers, interceptors and observers of a router, as an editable value.
///
/// ``Router``, ``MainActorRouter`` and ``Navigator`` differ only in their handler kinds and
/// entry points; all keep one registry and route through the same ``RoutingSnapshot`` and
/// ``DispatchRun``, over the one engine (`RouteTable` → `RouteMatcher`).
///
/// Registration cost model (<doc:RegistrationCost>): routes added since the last routing call
/// wait in `pending`; the next call compiles them into a new *level* (a `RouteMatcher` of
/// their own), then merges the two newest levels while the older one is no bigger than the
/// newer (a binary counter). Levels therefore at least halve from oldest to newest (at most
/// log₂ n of them) and each route is compiled at most log₂ n times in all:
/// register-one/route-one over n routes costs O(n log n). A
/// lookup asks every level and ranks the winners by the one precedence (a table of just those
/// routes); once as many calls as there are routes have passed without a change, the levels
/// are merged into one, so a table registered up front routes through one matcher.
@usableFromInline
struct RoutingRegistry {
  let reader: URLReader
  let options: RouteOptions
  private var entries: [String: Entry] = [:]
  private var levels: [Level] = []
  private var pending: [String] = []
  private var sequence = 0
  private(set) var interceptors: [InterceptorEntry] = []
  private(set) var observers: [@Sendable (RoutingEvent) -> Void] = []
  var maximumRedirects = 8 {
    didSet { cached = nil }
  }
  private var interceptorCount = 0
  private var cached: RoutingSnapshot? = nil
  private var callsSinceChange = 0
  /// How many levels were compiled (a matcher built) so far: tests count work with it.
  private(set) var compilations = 0

  private struct Entry {
    var route: Route
    var handler: RouteHandler
    var sequence: Int
  }

  /// A level's routes and, once compiled, their matcher. A removal leaves the level
  /// uncompiled until the next routing call, so a run of removals compiles each level once,
  /// not once per call; a new handler replaces the old one in place and compiles nothing.
  private struct Level {
    var names: [String]
    var compiled: CompiledLevel?
  }

  init(options: RouteOptions) {
    self.options = options
    reader = URLReader(options: options)
  }

  /// The routes in registration order, numbered from 0.
  var routes: [Route] {
    entries.values.sorted { $0.sequence < $1.sequence }.enumerated().map { position, entry in
      renumbered(entry.route, position)
    }
  }

  var count: Int { entries.count }

  /// The route named `name`, found by its name, as registered: the same value every time, so
  /// the build plan it keeps is made once (``Router/url(for:values:host:scheme:)``).
  func route(named name: String) -> Route? { entries[name]?.route }

  /// Adds a route; `name` defaults to `defaultName` (the pattern unless given), with ` #2`,
  /// ` #3`… appended when that is taken.
  @usableFromInline
  mutating func add(
    _ pattern: String, name: String?, defaultName: String? = nil, priority: Int,
    metadata: RouteMetadata, handler: RouteHandler
  ) throws(RouteTableError) -> Route {
    let routeName = name ?? uniqueName(defaultName ?? pattern)
    guard entries[routeName] == nil else {
      throw RouteTableError(
        code: .duplicateName, routeName: routeName,
        message: "a route named '\(routeName)' already exists")
    }
    var scratch = RouteTable(options: options)
    let read = try scratch.add(routeName, pattern, priority: priority, metadata: metadata)
    let route = renumbered(read, entries.count)
    entries[routeName] = Entry(route: route, handler: handler, sequence: sequence)
    sequence += 1
    pending.append(routeName)
    changed()
    return route
  }

  /// Replaces the handler of the route named `name`; `false` when there is no such route.
  mutating func setHandler(_ handler: RouteHandler, for name: String) -> Bool {
    guard entries[name] != nil else { return false }
    entries[name]?.handler = handler
    // Replaced at once, so that the old handler (and what it captured) is let go now.
    if let level = levels.firstIndex(where: { $0.names.contains(name) }),
      let position = levels[level].names.firstIndex(of: name)
    {
      levels[level].compiled?.handlers[position] = handler
    }
    cached = nil
    return true
  }

  mutating func remove(_ name: String) -> Route? {
    guard let entry = entries.removeValue(forKey: name) else { return nil }
    if let position = pending.firstIndex(of: name) {
      pending.remove(at: position)
    } else if let level = levels.firstIndex(where: { $0.names.contains(name) }) {
      let names = levels[level].names.filter { $0 != name }
      if names.isEmpty {
        levels.remove(at: level)
      } else {
        levels[level] = Level(names: names, compiled: nil)
      }
    }
    changed()
    return entry.route
  }

  mutating func removeAllRoutes() {
    entries = [:]
    levels = []
    pending = []
    changed()
  }

  mutating func addInterceptor(
    name: String?, scheme: String?,
    _ body: @escaping @Sendable (InterceptionRequest) -> InterceptorDecision
  ) -> String {
    interceptorCount += 1
    let interceptorName = name ?? "interceptor \(interceptorCount)"
    interceptors.append(
      InterceptorEntry(name: interceptorName, scheme: scheme.map(asciiLowercased), body: body))
    cached = nil
    return interceptorName
  }

  mutating func removeInterceptor(_ name: String) -> Bool {
    let before = interceptors.count
    interceptors.removeAll { $0.name == name }
    cached = nil
    return interceptors.count != before
  }

  mutating func addObserver(_ observer: @escaping @Sendable (RoutingEvent) -> Void) {
    observers.append(observer)
    cached = nil
  }

  /// The compiled snapshot: pending routes are compiled into a level first (see the cost
  /// model above).
  mutating func snapshot() -> RoutingSnapshot {
    if let cached {
      guard levels.count > 1 else { return cached }
      callsSinceChange += 1
      guard callsSinceChange >= entries.count else { return cached }
      let merged = compile(levels.flatMap(\.names))
      levels = [merged]
    } else if !pending.isEmpty {
      let added = compile(pending)
      levels.append(added)
      pending = []
      while levels.count > 1,
        levels[levels.count - 2].names.count <= levels[levels.count - 1].names.count
      {
        let newer = levels.removeLast()
        let older = levels.removeLast()
        let merged = compile(older.names + newer.names)
        levels.append(merged)
      }
    }
    var compiledLevels: [CompiledLevel] = []
    compiledLevels.reserveCapacity(levels.count)
    for index in levels.indices {
      if levels[index].compiled == nil {
        let recompiled = compile(levels[index].names)
        levels[index] = recompiled
      }
      if let compiled = levels[index].compiled { compiledLevels.append(compiled) }
    }
    let compiled = RoutingSnapshot(
      levels: compiledLevels, interceptors: interceptors, observers: observers,
      maximumRedirects: maximumRedirects, reader: reader)
    cached = compiled
    return compiled
  }

  private mutating func changed() {
    cached = nil
    callsSinceChange = 0
  }

  /// A level of `names` (in registration order, which every caller keeps).
  private mutating func compile(_ names: [String]) -> Level {
    compilations += 1
    let chosen = names.compactMap { entries[$0] }
    let table = RouteTable(options: options, types: [], reading: chosen.map(\.route))
    return Level(
      names: names,
      compiled: CompiledLevel(
        matcher: RouteMatcher(table), routes: table.routes, handlers: chosen.map(\.handler),
        sequences: chosen.map(\.sequence)))
  }

  private func renumbered(_ route: Route, _ index: Int) -> Route {
    Route(
      name: route.name, pattern: route.pattern, priority: route.priority, index: index,
      metadata: route.metadata)
  }

  private func uniqueName(_ base: String) -> String {
    guard entries[base] != nil else { return base }
    var number = 2
    while entries["\(base) #\(number)"] != nil { number += 1 }
    return "\(base) #\(number)"
  }
}

/// One compiled part of a registry: a matcher and, by its route positions, the handlers, the
/// routes as read (with their variants, for ranking against other levels) and their
/// registration sequence.
struct CompiledLevel: Sendable {
  let matcher: RouteMatcher
  let routes: [Route]
  var handlers: [RouteHandler]
  let sequences: [Int]
}

/// A candidate: its match and its handler.
struct Candidate {
  var match: RouteMatch
  let handler: RouteHandler
  let sequence: Int
  /// The level the match comes from.
  let level: Int
}

/// An immutable, compiled view of a registry: what one routing call works with, start to end,
/// whatever registrations happen meanwhile. A class, so that a routing call holds it by one
/// reference.
final class RoutingSnapshot: Sendable {
  let levels: [CompiledLevel]
  let interceptors: [InterceptorEntry]
  let observers: [@Sendable (RoutingEvent) -> Void]
  let maximumRedirects: Int
  let reader: URLReader
  /// Whether some interceptor is limited to a scheme (the URL's scheme is read only then).
  let scopedInterceptors: Bool
  /// The storage an interception request for a URL no route matches is read under (for the
  /// router's options): the first level's, or an empty table's when there are no routes.
  let unmatchedStorage: MatcherStorage

  init(
    levels: [CompiledLevel], interceptors: [InterceptorEntry],
    observers: [@Sendable (RoutingEvent) -> Void], maximumRedirects: Int, reader: URLReader
  ) {
    self.levels = levels
    self.interceptors = interceptors
    self.observers = observers
    self.maximumRedirects = maximumRedirects
    self.reader = reader
    self.scopedInterceptors = interceptors.contains { $0.scheme != nil }
    unmatchedStorage =
      levels.first?.matcher.storage ?? MatcherStorage(table: RouteTable(options: reader.options))
  }

  /// The best candidate for `url` and the URL's one reading (kept: the candidate's match reads
  /// its parts and query through it).
  func read(_ url: String) -> (reading: URLReading, best: Candidate?) {
    guard let level = levels.first else { return (reader.read(url), nil) }
    let (reading, first) = level.matcher.read(url)
    if levels.count == 1 { return (reading, candidate(0, first)) }
    let found = levels.indices.compactMap { level in
      candidate(level, level == 0 ? first : levels[level].matcher.match(url))
    }
    var best = found.count > 1 ? rank(found, url).first : found.first
    if let match = best?.match { best?.match = RouteMatch(match, reading: reading) }
    return (reading, best)
  }

  /// Every candidate for `url`, best first, reading through `reading` (not split again when
  /// there is one level of routes).
  func candidates(_ url: String, reading: URLReading) -> [Candidate] {
    let found =
      levels.count == 1
      ? levels[0].matcher.candidates(for: reading).compactMap { candidate(0, $0) }
      : candidates(url)
    return found.map { candidate in
      var copy = candidate
      copy.match = RouteMatch(candidate.match, reading: reading)
      return copy
    }
  }

  /// The best candidate for `url`.
  func best(_ url: String) -> Candidate? {
    if levels.count == 1 { return candidate(0, levels[0].matcher.match(url)) }
    let found = levels.indices.compactMap { candidate($0, levels[$0].matcher.match(url)) }
    return found.count > 1 ? rank(found, url).first : found.first
  }

  /// Whether some route matches `url`.
  func matches(_ url: String) -> Bool {
    levels.contains { $0.matcher.matches(url) }
  }

  /// Every candidate for `url`, best first.
  func candidates(_ url: String) -> [Candidate] {
    if levels.count == 1 {
      return levels[0].matcher.candidates(for: url).compactMap { candidate(0, $0) }
    }
    let found = levels.indices.flatMap { level in
      levels[level].matcher.candidates(for: url).compactMap { candidate(level, $0) }
    }
    return found.count > 1 ? rank(found, url) : found
  }

  func candidate(_ levelIndex: Int, _ match: RouteMatch?) -> Candidate? {
    let level = levels[levelIndex]
    guard let match, match.routeIndex < level.handlers.count else { return nil }
    return Candidate(
      match: match, handler: level.handlers[match.routeIndex],
      sequence: level.sequences[match.routeIndex], level: levelIndex)
  }

  /// Runs the interceptors that apply to `url`, in order, until one does not pass; returns it
  /// and its decision (`nil` when all passed).
  func intercept(
    _ url: String, _ reading: URLReading, _ match: RouteMatch?, _ redirects: [String],
    _ context: RoutingContext
  ) -> (InterceptorEntry, InterceptorDecision)? {
    let request = InterceptionRequest(
      redirects: redirects, match: match, context: context, reading: reading,
      storage: unmatchedStorage)
    return intercept(request)
  }

  /// Runs the interceptors that apply to the URL of `request`, in order, until one does not
  /// pass; returns it and its decision (`nil` when all passed).
  func intercept(_ request: borrowing InterceptionRequest) -> (
    InterceptorEntry, InterceptorDecision
  )? {
    let scheme = scopedInterceptors ? reader.scheme(of: request.reading) : nil
    for index in interceptors.indices {
      if scopedInterceptors, let only = interceptors[index].scheme, only != scheme { continue }
      let decision = interceptors[index].body(request)
      if case .pass = decision { continue }
      return (interceptors[index], decision)
    }
    return nil
  }

  /// Candidates of different levels in precedence order: a table of just their routes, in
  /// registration order, says how they rank for `url`.
  private func rank(_ found: [Candidate], _ url: String) -> [Candidate] {
    let ordered = found.sorted { $0.sequence < $1.sequence }
    let routes = ordered.map { levels[$0.level].routes[$0.match.routeIndex] }
    let table = RouteTable(options: levels[0].matcher.options, types: [], reading: routes)
    return RouteMatcher(table).candidates(for: url).compactMap { ranked in
      ranked.routeIndex < ordered.count ? ordered[ranked.routeIndex] : nil
    }
  }
}

/// What routing one URL came to, apart from the output (which the generic entry point holds).
struct DispatchOutcome {
  /// The match whose handler produced the output; `nil` when none did.
  var match: RouteMatch?
  /// Why no handler took the URL; `nil` when one did.
  var unmatched: UnmatchedRequest?
  /// The URLs routed before the last one (interceptors' redirections).
  var redirects: [String]
  /// Whether an interceptor redirected or rejected the URL.
  var intercepted: Bool
}

/// Routing one URL: interceptors and redirections, then candidates in precedence order, with
/// the observers told of each decision. The caller runs the handlers (sync or async) and hands
/// each attempt back to ``finish(_:for:)``.
struct DispatchRun {
  enum Step {
    /// The best candidate (`nil` when no route matches); the others are listed only when it
    /// declines, since most URLs never need them.
    case candidates(best: Candidate?)
    case unmatched(UnmatchedRequest)
  }

  let snapshot: RoutingSnapshot
  let originalURL: String
  let context: RoutingContext
  let runsInterceptors: Bool
  /// Whether an ended run describes the URL in an ``UnmatchedRequest`` (reading its parts):
  /// only when someone will read it.
  let describesUnmatched: Bool
  private(set) var url: String
  /// The one reading of `url` (its split, and its query once parsed), once it was matched.
  private var reading: URLReading? = nil
  private(set) var visited: [String] = []
  private(set) var intercepted = false
  private var declined: [DeclinedRoute] = []
  /// When the run started (``ObserverClock``); read only when someone observes.
  private var start: Duration? = nil

  init(
    _ snapshot: RoutingSnapshot, url: String, context: RoutingContext, interceptors: Bool = true,
    describesUnmatched: Bool = true, reading: URLReading? = nil
  ) {
    self.reading = reading
    self.snapshot = snapshot
    self.originalURL = url
    self.url = url
    self.context = context
    self.runsInterceptors = interceptors
    self.describesUnmatched = describesUnmatched
  }

  /// Matches the URL and runs the interceptors that apply to it, following redirections.
  mutating func prepare() -> Step {
    while true {
      if !snapshot.observers.isEmpty { start = ObserverClock.now }
      // The URL's one split, kept: the handlers' matches, the interceptors and the unmatched
      // handler read its parts from it and share one parse of its query.
      let (reading, found) = snapshot.read(url)
      self.reading = reading
      var best = found
      best?.match.context = context
      guard runsInterceptors, !snapshot.interceptors.isEmpty else {
        return .candidates(best: best)
      }
      guard
        let (interceptor, decision) = snapshot.intercept(
          url, reading, best?.match, visited, context)
      else {
        return .candidates(best: best)
      }
      if let step = apply(decision, by: interceptor, best: best) { return step }
    }
  }

  /// Acts on an interceptor's decision other than `pass`; `nil` when it redirected and the new
  /// URL is to be routed.
  mutating func apply(
    _ decision: InterceptorDecision, by interceptor: InterceptorEntry, best: Candidate?
  ) -> Step? {
    switch decision {
    case .pass:
      return .candidates(best: best)
    case .reject:
      intercepted = true
      emit(.rejected, best?.match, interceptor: interceptor.name)
      return .unmatched(unmatched(.rejected, interceptor: interceptor.name))
    case .redirect(let target):
      intercepted = true
      emit(.redirected, best?.match, interceptor: interceptor.name)
      visited.append(url)
      url = target
      reading = nil
      guard visited.contains(target) || visited.count > snapshot.maximumRedirects else {
        return nil
      }
      let reason: UnmatchedReason = visited.contains(target) ? .redirectLoop : .tooManyRedirects
      emit(.unmatched, nil, interceptor: nil)
      return .unmatched(unmatched(reason, interceptor: nil))
    }
  }

  /// Runs the handlers once the interceptors have decided.
  mutating func complete(
    _ step: Step, _ invoke: (RouteHandler, RouteMatch) -> Attempt
  ) -> DispatchOutcome {
    switch step {
    case .unmatched(let request):
      return stopped(request)
    case .candidates(let best):
      guard let best else { return exhausted() }
      if let result = finish(invoke(best.handler, best.match), for: best.match) {
        return result
      }
      return tryRemaining(after: best, invoke)
    }
  }

  /// The candidates after `best`, in precedence order.
  func remainingCandidates(after best: Candidate) -> [Candidate] {
    let found = reading.map { snapshot.candidates(url, reading: $0) } ?? snapshot.candidates(url)
    return found.compactMap { candidate in
      guard candidate.sequence != best.sequence else { return nil }
      var copy = candidate
      copy.match.context = context
      return copy
    }
  }

  /// Runs the candidates after `best` until one handles the URL or routing must stop.
  mutating func tryRemaining(
    after best: Candidate, _ invoke: (RouteHandler, RouteMatch) -> Attempt
  ) -> DispatchOutcome {
    for candidate in remainingCandidates(after: best) {
      if let result = finish(invoke(candidate.handler, candidate.match), for: candidate.match) {
        return result
      }
    }
    return exhausted()
  }

  /// Records one candidate's attempt; returns the outcome when routing ends with it.
  mutating func finish(_ attempt: Attempt, for match: RouteMatch) -> DispatchOutcome? {
    switch attempt {
    case .handled:
      emit(.handled, match, interceptor: nil)
      return DispatchOutcome(
        match: match, unmatched: nil, redirects: visited, intercepted: intercepted)
    case .declined(let error):
      emit(.declined, match, interceptor: nil)
      declined.append(DeclinedRoute(route: match.route, error: error))
      return nil
    case .skipped:
      return nil
    case .needsAsync:
      emit(.needsAsync, match, interceptor: nil)
      declined.append(
        DeclinedRoute(route: match.route, error: AsyncHandlerSkipped(route: match.route)))
      return ended(.needsAsync)
    case .failed(let error):
      emit(.failed, match, interceptor: nil)
      declined.append(DeclinedRoute(route: match.route, error: error))
      return ended(.handlerFailed)
    }
  }

  /// Every candidate was tried and none handled the URL.
  mutating func exhausted() -> DispatchOutcome {
    emit(.unmatched, nil, interceptor: nil)
    return ended(declined.isEmpty ? .noRoute : .allDeclined)
  }

  /// Routing stopped before any handler ran (an interceptor, a redirection loop).
  func stopped(_ request: UnmatchedRequest) -> DispatchOutcome {
    DispatchOutcome(match: nil, unmatched: request, redirects: visited, intercepted: intercepted)
  }

  private func ended(_ reason: UnmatchedReason) -> DispatchOutcome {
    DispatchOutcome(
      match: nil,
      unmatched: describesUnmatched
        ? unmatched(reason, interceptor: nil) : nil,
      redirects: visited, intercepted: intercepted)
  }

  /// The unmatched request for `url`, read through its one reading (split now when the URL
  /// was never matched: a redirection's target).
  private func unmatched(_ reason: UnmatchedReason, interceptor: String?) -> UnmatchedRequest {
    UnmatchedRequest(
      url: url, originalURL: originalURL, redirects: visited,
      reading: reading ?? snapshot.reader.read(url), options: snapshot.reader.options,
      reason: reason, declined: declined, interceptor: interceptor, context: context)
  }

  private func emit(_ outcome: RoutingEvent.Outcome, _ match: RouteMatch?, interceptor: String?) {
    guard !snapshot.observers.isEmpty else { return }
    let route = match?.route
    let event = RoutingEvent(
      outcome: outcome, pattern: route?.pattern.text, routeName: route?.name,
      interceptor: interceptor,
      duration: start.map { ObserverClock.now - $0 } ?? .zero,
      redirectDepth: visited.count, metadata: route?.metadata)
    for observer in snapshot.observers { observer(event) }
  }
}

extension RoutingSnapshot {
  /// Routes `url`, running each candidate through `invoke` until one handles it or routing
  /// must stop.
  func route(
    _ url: String, context: RoutingContext, interceptors: Bool = true,
    describesUnmatched: Bool = true,
    _ invoke: (RouteHandler, RouteMatch) -> Attempt
  ) -> DispatchOutcome {
    // Nothing observes (so no event, no clock): interceptors that pass and a best candidate
    // that handles the URL need no dispatch run at all.
    if observers.isEmpty, levels.count == 1 {
      return routeOneLevel(
        url, context: context, interceptors: interceptors, describesUnmatched: describesUnmatched,
        invoke)
    }
    if observers.isEmpty {
      let (reading, found) = read(url)
      var best = found
      best?.match.context = context
      if interceptors, !self.interceptors.isEmpty,
        let (interceptor, decision) = intercept(url, reading, best?.match, [], context)
      {
        var run = DispatchRun(
          self, url: url, context: context, interceptors: true,
          describesUnmatched: describesUnmatched, reading: reading)
        let step = run.apply(decision, by: interceptor, best: best) ?? run.prepare()
        return run.complete(step, invoke)
      }
      guard let best else {
        var run = DispatchRun(
          self, url: url, context: context, interceptors: false,
          describesUnmatched: describesUnmatched, reading: reading)
        return run.exhausted()
      }
      let first = invoke(best.handler, best.match)
      if case .handled = first {
        return DispatchOutcome(match: best.match, unmatched: nil, redirects: [], intercepted: false)
      }
      var run = DispatchRun(
        self, url: url, context: context, interceptors: false,
        describesUnmatched: describesUnmatched, reading: reading)
      if let result = run.finish(first, for: best.match) { return result }
      return run.tryRemaining(after: best, invoke)
    }
    var run = DispatchRun(
      self, url: url, context: context, interceptors: interceptors,
      describesUnmatched: describesUnmatched)
    return run.complete(run.prepare(), invoke)
  }

  /// ``route(_:context:interceptors:describesUnmatched:_:)`` when nothing observes and the
  /// routes are one compiled level (a table registered up front, or merged since): the hot
  /// path. The best match is built once, with the URL's kept reading, and handed on as is to
  /// the interceptors and its handler; a dispatch run is made only when an interceptor acts,
  /// the handler declines or nothing matches.
  private func routeOneLevel(
    _ url: String, context: RoutingContext, interceptors runsInterceptors: Bool,
    describesUnmatched: Bool, _ invoke: (RouteHandler, RouteMatch) -> Attempt
  ) -> DispatchOutcome {
    let (reading, best) = levels[0].matcher.read(url)
    var found = best
    found?.context = context
    if runsInterceptors, !interceptors.isEmpty,
      let (interceptor, decision) = intercept(url, reading, found, [], context)
    {
      var run = DispatchRun(
        self, url: url, context: context, interceptors: true,
        describesUnmatched: describesUnmatched, reading: reading)
      let step = run.apply(decision, by: interceptor, best: candidate(0, found)) ?? run.prepare()
      return run.complete(step, invoke)
    }
    if let match = found, match.routeIndex < levels[0].handlers.count {
      let first = invoke(levels[0].handlers[match.routeIndex], match)
      if case .handled = first {
        return DispatchOutcome(match: match, unmatched: nil, redirects: [], intercepted: false)
      }
      var run = DispatchRun(
        self, url: url, context: context, interceptors: false,
        describesUnmatched: describesUnmatched, reading: reading)
      if let result = run.finish(first, for: match) { return result }
      guard let best = candidate(0, match) else { return run.exhausted() }
      return run.tryRemaining(after: best, invoke)
    }
    var run = DispatchRun(
      self, url: url, context: context, interceptors: false,
      describesUnmatched: describesUnmatched, reading: reading)
    return run.exhausted()
  }

  /// The async form of ``route(_:context:interceptors:_:)``; throws `CancellationError` when
  /// the task is cancelled between candidates.
  func route(
    _ url: String, context: RoutingContext,
    _ invoke: (RouteHandler, RouteMatch) async -> Attempt
  ) async throws -> DispatchOutcome {
    var run = DispatchRun(self, url: url, context: context)
    switch run.prepare() {
    case .unmatched(let request):
      return run.stopped(request)
    case .candidates(let best):
      guard let best else { return run.exhausted() }
      try Task.checkCancellation()
      if let result = run.finish(await invoke(best.handler, best.match), for: best.match) {
        return result
      }
      for candidate in run.remainingCandidates(after: best) {
        try Task.checkCancellation()
        let attempt = await invoke(candidate.handler, candidate.match)
        if let result = run.finish(attempt, for: candidate.match) { return result }
      }
      return run.exhausted()
    }
  }

  /// The back stack of `url` (<doc:BackStacks>). `route` routes one URL and gives its output
  /// and the outcome; parents are routed without interceptors and without the unmatched
  /// handler.
  func stack<Output>(
    for url: String,
    _ route: (_ url: String, _ isLeaf: Bool) -> (output: Output?, outcome: DispatchOutcome)
  ) -> [Output] {
    let leaf = route(url, true)
    guard let leafOutput = leaf.output else { return [] }
    // The gate applies to the link: an interceptor that redirected or rejected it decides
    // the whole stack.
    if leaf.outcome.intercepted { return [leafOutput] }
    var entries: [(output: Output, route: String?)] = []
    for parent in reader.parentURLs(of: url) where matches(parent) {
      let result = route(parent, false)
      if let output = result.output { entries.append((output, result.outcome.match?.route.name)) }
    }
    entries.append((leafOutput, leaf.outcome.match?.route.name))
    // A route that answers several levels of the URL (a catch-all, an optional group) gives
    // one entry: the deepest.
    var stack: [Output] = []
    for (position, entry) in entries.enumerated() {
      if let name = entry.route, position + 1 < entries.count,
        entries[position + 1].route == name
      {
        continue
      }
      stack.append(entry.output)
    }
    return stack
  }
}

/// Why the synchronous ``Router/route(_:context:)`` stopped at a route: its handler is async.
struct AsyncHandlerSkipped: Error, CustomStringConvertible {
  let route: Route
  var description: String {
    "route '\(route.name)' has an async handler; route the URL with handle(_:) to run it"
  }
}
