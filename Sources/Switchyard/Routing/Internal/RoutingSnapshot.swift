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
@usableFromInline
final class RoutingSnapshot: Sendable {
  let levels: [CompiledLevel]
  let interceptors: [InterceptorEntry]
  let observers: [@Sendable (RoutingEvent) -> Void]
  let maximumRedirects: Int
  let reader: URLReader
  /// Whether some interceptor is limited to a scheme (the URL's scheme is read only then).
  let scopedInterceptors: Bool
  /// Whether some route has an asynchronous handler: without one, a ``Router`` routes a link
  /// to its end without suspending, so a ready link is delivered before `dispatch` returns.
  let hasAsyncHandlers: Bool
  /// Whether a level holds routes removed after it was compiled: its matcher's best match may
  /// then be one of them, so lookups go through the candidates, which skip them.
  let hasRemovedRoutes: Bool

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
    hasAsyncHandlers = levels.contains { $0.asyncHandlers > 0 }
    hasRemovedRoutes = levels.contains { !$0.removed.isEmpty }
  }

  /// The best candidate for `url` and the URL's one reading (kept: the candidate's match reads
  /// its parts and query through it).
  func read(_ url: String) -> (reading: URLReading, best: Candidate?) {
    guard let level = levels.first else { return (reader.read(url), nil) }
    let (reading, first) = level.matcher.read(url)
    if hasRemovedRoutes { return (reading, candidates(url, reading: reading).first) }
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
    if hasRemovedRoutes { return candidates(url).first }
    if levels.count == 1 { return candidate(0, levels[0].matcher.match(url)) }
    let found = levels.indices.compactMap { candidate($0, levels[$0].matcher.match(url)) }
    return found.count > 1 ? rank(found, url).first : found.first
  }

  /// The route that wins `url` (what ``best(_:)`` matches) when it is not the route named
  /// `name` (`nil`: none matches, or that route wins), found without making a match when one
  /// level holds every route: building a URL asks it, and allocates nothing for it.
  ///
  /// `url` must match the route named `name`, at `position` of its compiled level: when one
  /// level holds every route and its matcher proves that route wins every URL it matches
  /// (``UncontestedRoutes``), the answer is `nil` without a search.
  func winner(_ url: String, otherThan name: String, at position: Int?) -> Route? {
    guard levels.count == 1, !hasRemovedRoutes else {
      guard let route = best(url)?.match.route, route.name != name else { return nil }
      return route
    }
    if let position, position < levels[0].routes.count, levels[0].routes[position].name == name,
      levels[0].matcher.storage.uncontested.wins(position)
    {
      return nil
    }
    guard let index = levels[0].matcher.winnerIndex(url), levels[0].routes[index].name != name
    else { return nil }
    return levels[0].routes[index]
  }

  /// Whether some route matches `url`.
  func matches(_ url: String) -> Bool {
    if hasRemovedRoutes { return best(url) != nil }
    return levels.contains { $0.matcher.matches(url) }
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
    guard let match, match.routeIndex < level.handlers.count,
      !hasRemovedRoutes || !level.removed.contains(match.routeIndex)
    else { return nil }
    return Candidate(
      match: match, handler: level.handlers[match.routeIndex],
      sequence: level.sequences[match.routeIndex], level: levelIndex)
  }

  /// Runs the interceptors that apply to the URL of `request`, in order, until one does not
  /// pass; returns it and its decision (`nil` when all passed).
  func intercept(_ request: InterceptionRequest) -> (InterceptorEntry, InterceptorDecision)? {
    let scheme = scopedInterceptors ? reader.scheme(of: request.reading) : nil
    for index in interceptors.indices {
      if scopedInterceptors, let only = interceptors[index].scheme, only != scheme { continue }
      let decision = interceptors[index].body(request)
      if case .pass = decision { continue }
      return (interceptors[index], decision)
    }
    return nil
  }

  /// Runs the interceptors for a URL read as `reading`, whose best match is `match` (which
  /// carries `context`), after `redirects`.
  func intercept(
    _ reading: URLReading, _ match: RouteMatch?, _ redirects: [String],
    _ context: RoutingContext
  ) -> (InterceptorEntry, InterceptorDecision)? {
    guard let match else {
      return intercept(
        InterceptionRequest(
          redirects: redirects, unmatched: reading, context: context, options: reader.options))
    }
    return intercept(InterceptionRequest(redirects: redirects, match: match))
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
