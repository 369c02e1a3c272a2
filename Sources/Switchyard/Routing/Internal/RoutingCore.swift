/// The routes, handlers, interceptors and observers of a router, as an editable value.
///
/// ``Router`` and ``Navigator`` differ only in their handler type and their entry points; both
/// keep one registry and route through the same ``RoutingSnapshot`` and ``DispatchRun``, over
/// the one engine (`RouteTable` → `RouteMatcher`).
struct RoutingRegistry<Handler> {
  let reader: URLReader
  private(set) var table: RouteTable
  private var handlers: [String: Handler] = [:]
  private(set) var interceptors: [InterceptorEntry] = []
  private(set) var observers: [@Sendable (RoutingEvent) -> Void] = []
  var maximumRedirects = 8 {
    didSet { cached = nil }
  }
  private var interceptorCount = 0
  private var cached: RoutingSnapshot<Handler>? = nil

  init(options: RouteOptions) {
    reader = URLReader(options: options)
    table = RouteTable(options: options)
  }

  var options: RouteOptions { table.options }

  /// Adds a route; `name` defaults to `defaultName` (the pattern unless given), with ` #2`,
  /// ` #3`… appended when that is taken.
  mutating func add(
    _ pattern: String, name: String?, defaultName: String? = nil, priority: Int,
    handler: Handler
  ) throws(RouteTableError) -> Route {
    let routeName = name ?? uniqueName(defaultName ?? pattern)
    let route = try table.add(routeName, pattern, priority: priority)
    handlers[routeName] = handler
    cached = nil
    return route
  }

  mutating func remove(_ name: String) -> Route? {
    guard let route = table.remove(name) else { return nil }
    handlers[name] = nil
    cached = nil
    return route
  }

  mutating func removeAllRoutes() {
    table = RouteTable(options: table.options)
    handlers = [:]
    cached = nil
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

  /// The compiled snapshot, compiled now if something changed since the last one.
  mutating func snapshot() -> RoutingSnapshot<Handler> {
    if let cached { return cached }
    let compiled = RoutingSnapshot(
      matcher: RouteMatcher(table),
      handlers: table.routes.map { handlers[$0.name] },
      interceptors: interceptors, observers: observers, maximumRedirects: maximumRedirects,
      reader: reader)
    cached = compiled
    return compiled
  }

  private func uniqueName(_ base: String) -> String {
    guard table.route(named: base) != nil else { return base }
    var number = 2
    while table.route(named: "\(base) #\(number)") != nil { number += 1 }
    return "\(base) #\(number)"
  }
}

/// An immutable, compiled view of a registry: what one routing call works with, start to end,
/// whatever registrations happen meanwhile.
struct RoutingSnapshot<Handler> {
  let matcher: RouteMatcher
  /// By route index.
  let handlers: [Handler?]
  let interceptors: [InterceptorEntry]
  let observers: [@Sendable (RoutingEvent) -> Void]
  let maximumRedirects: Int
  let reader: URLReader

  func handler(for match: RouteMatch) -> Handler? {
    let index = match.routeIndex
    return index < handlers.count ? handlers[index] : nil
  }
}

extension RoutingSnapshot: Sendable where Handler: Sendable {}

/// What running one candidate's handler gave.
enum Attempt<Output> {
  case handled(Output)
  /// Returned `nil` or threw.
  case declined((any Error)?)
  /// Not a handler for this entry point (a screen route when opening, say): passed over
  /// without an event.
  case skipped
}

/// Routing one URL: interceptors and redirections, then candidates in precedence order, with
/// the observers told of each decision. The caller runs the handlers (sync or async) and hands
/// each attempt back to ``finish(_:for:)``.
struct DispatchRun<Handler, Output> {
  enum Step {
    /// The best candidate (`nil` when no route matches); the others are listed only when it
    /// declines (see ``remainingCandidates(after:)``), since most URLs never need them.
    case candidates(best: RouteMatch?)
    case unmatched(UnmatchedRequest)
  }

  let snapshot: RoutingSnapshot<Handler>
  let originalURL: String
  private(set) var url: String
  /// The one reading of `url` (its split, and its parsed query once someone reads it).
  private var reading: URLReading? = nil
  private var visited: [String] = []
  private var declined: [DeclinedRoute] = []
  private var start: ContinuousClock.Instant

  init(_ snapshot: RoutingSnapshot<Handler>, url: String) {
    self.snapshot = snapshot
    self.originalURL = url
    self.url = url
    self.start = ContinuousClock.now
  }

  /// Matches the URL and runs the interceptors that apply to it, following redirections.
  mutating func prepare() -> Step {
    while true {
      start = ContinuousClock.now
      // The one split of the URL, kept: handlers, interceptors and the unmatched handler read
      // its parts from it and share one parse of its query.
      let (reading, best) = snapshot.matcher.read(url)
      self.reading = reading
      guard !snapshot.interceptors.isEmpty else { return .candidates(best: best) }
      let scheme = snapshot.reader.scheme(of: reading)
      let applicable = snapshot.interceptors.filter { $0.scheme == nil || $0.scheme == scheme }
      guard !applicable.isEmpty else { return .candidates(best: best) }

      let request = InterceptionRequest(
        url: url, redirects: visited, match: best, reading: reading,
        options: snapshot.reader.options)
      var target: String? = nil
      for interceptor in applicable {
        switch interceptor.body(request) {
        case .pass:
          continue
        case .reject:
          emit(.rejected, route: best?.route, interceptor: interceptor.name)
          return .unmatched(
            unmatched(.rejected, reading: reading, interceptor: interceptor.name))
        case .redirect(let next):
          emit(.redirected, route: best?.route, interceptor: interceptor.name)
          target = next
        }
        if target != nil { break }
      }
      guard let target else { return .candidates(best: best) }

      visited.append(url)
      url = target
      if visited.contains(target) || visited.count > snapshot.maximumRedirects {
        let reason: UnmatchedReason =
          visited.contains(target) ? .redirectLoop : .tooManyRedirects
        emit(.unmatched, route: nil, interceptor: nil)
        // A URL this call has not read yet (or, for a loop, read at an earlier step).
        return .unmatched(unmatched(reason, reading: snapshot.reader.read(url), interceptor: nil))
      }
    }
  }

  /// The candidates after `best`, in precedence order.
  func remainingCandidates(after best: RouteMatch) -> [RouteMatch] {
    snapshot.matcher.candidates(for: best.reading).filter { $0.route.index != best.route.index }
  }

  /// Records one candidate's attempt; returns the result when it handled the URL.
  mutating func finish(_ attempt: Attempt<Output>, for match: RouteMatch) -> RoutingResult<Output>?
  {
    switch attempt {
    case .handled(let output):
      emit(.handled, route: match.route, interceptor: nil)
      return RoutingResult(output: output, match: match, unmatched: nil)
    case .declined(let error):
      emit(.declined, route: match.route, interceptor: nil)
      declined.append(DeclinedRoute(route: match.route, error: error))
      return nil
    case .skipped:
      return nil
    }
  }

  /// Every candidate was tried and none handled the URL.
  mutating func exhausted() -> UnmatchedRequest {
    emit(.unmatched, route: nil, interceptor: nil)
    return unmatched(
      declined.isEmpty ? .noRoute : .allDeclined, reading: reading ?? snapshot.reader.read(url),
      interceptor: nil)
  }

  private func unmatched(
    _ reason: UnmatchedReason, reading: URLReading, interceptor: String?
  ) -> UnmatchedRequest {
    UnmatchedRequest(
      url: url, originalURL: originalURL, redirects: visited, reading: reading,
      options: snapshot.reader.options, reason: reason, declined: declined,
      interceptor: interceptor)
  }

  private func emit(_ outcome: RoutingEvent.Outcome, route: Route?, interceptor: String?) {
    guard !snapshot.observers.isEmpty else { return }
    let event = RoutingEvent(
      outcome: outcome, pattern: route?.pattern.text, routeName: route?.name,
      interceptor: interceptor, duration: ContinuousClock.now - start,
      redirectDepth: visited.count)
    for observer in snapshot.observers { observer(event) }
  }
}

extension RoutingSnapshot {
  /// Routes `url`, running each candidate through `invoke` until one handles it. The result
  /// has no output and carries the ``UnmatchedRequest`` when none did.
  func route<Output>(
    _ url: String, _ invoke: (Handler, RouteMatch) -> Attempt<Output>
  ) -> RoutingResult<Output> {
    var run = DispatchRun<Handler, Output>(self, url: url)
    switch run.prepare() {
    case .unmatched(let request):
      return RoutingResult(output: nil, match: nil, unmatched: request)
    case .candidates(let best):
      guard let best else {
        return RoutingResult(output: nil, match: nil, unmatched: run.exhausted())
      }
      if let handler = handler(for: best),
        let result = run.finish(invoke(handler, best), for: best)
      {
        return result
      }
      for candidate in run.remainingCandidates(after: best) {
        guard let handler = handler(for: candidate) else { continue }
        if let result = run.finish(invoke(handler, candidate), for: candidate) { return result }
      }
      return RoutingResult(output: nil, match: nil, unmatched: run.exhausted())
    }
  }

  /// The async form of ``route(_:_:)``; throws `CancellationError` when the task is cancelled
  /// between candidates.
  func route<Output>(
    _ url: String, _ invoke: (Handler, RouteMatch) async -> Attempt<Output>
  ) async throws -> RoutingResult<Output> {
    var run = DispatchRun<Handler, Output>(self, url: url)
    switch run.prepare() {
    case .unmatched(let request):
      return RoutingResult(output: nil, match: nil, unmatched: request)
    case .candidates(let best):
      guard let best else {
        return RoutingResult(output: nil, match: nil, unmatched: run.exhausted())
      }
      try Task.checkCancellation()
      if let handler = handler(for: best),
        let result = run.finish(await invoke(handler, best), for: best)
      {
        return result
      }
      for candidate in run.remainingCandidates(after: best) {
        try Task.checkCancellation()
        guard let handler = handler(for: candidate) else { continue }
        if let result = run.finish(await invoke(handler, candidate), for: candidate) {
          return result
        }
      }
      return RoutingResult(output: nil, match: nil, unmatched: run.exhausted())
    }
  }

  /// The back stack of `url` (see ``Router/stack(for:)``): each parent URL that some route
  /// matches and that routes to an output, shortest first, then the URL itself.
  func stack<Output>(
    for url: String, _ route: (String, _ isLeaf: Bool) -> Output?
  ) -> [Output] {
    var stack: [Output] = []
    for parent in reader.parentURLs(of: url) where matcher.matches(parent) {
      if let output = route(parent, false) { stack.append(output) }
    }
    guard let leaf = route(url, true) else { return [] }
    stack.append(leaf)
    return stack
  }
}
