/// The routes, handlers, interceptors and observers of a router, as an editable value.
///
/// A ``RouterCore`` keeps it behind its lock for ``Router``, ``MainActorRouter`` and
/// ``Navigator``, which differ only in their handler kinds and entry points; all route through
/// the same ``RoutingSnapshot`` and dispatch, over the one engine (`RouteTable` →
/// `RouteMatcher`).
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
package struct RoutingRegistry: Sendable {
  let reader: URLReader
  package let options: RouteOptions
  /// The capture types the routes' patterns may name (those of the table a router was made
  /// from; none otherwise).
  let types: [ParameterType]
  private var entries: [String: Entry] = [:]
  /// What building a URL needs of each compiled route, by name: made when its level is
  /// compiled, so a build reads one reference under the lock (``urlTarget(named:)``).
  private var urlTargets: [String: RouteURLTarget] = [:]
  /// Each route's signature and capture names, to refuse a new route that duplicates one
  /// already registered (see `add(_:handler:)`).
  private var signatures: [RegistrationKey: String] = [:]

  /// What makes a registration a duplicate: lint's signature (the same URLs, ranked the same
  /// way, with the same priority) and the same capture names. Routes that differ only in
  /// their capture names stay allowed: a handler may decline, and typed routes whose
  /// initializer fails (`/user/:id`, then `/user/:name`) rely on the next one running.
  struct RegistrationKey: Hashable {
    var signature: RouteSignature
    var captureNames: [String]
  }
  private var levels: [Level] = []
  /// Routes added since the last compilation, with their sequence: a removed route stays
  /// here (its sequence no longer matches its entry's) until the next compilation, or until
  /// such stale names are half of the list, so a removal never searches the list.
  private var pending: [(name: String, sequence: Int)] = []
  private var stalePending = 0
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
  /// How many routes those levels held in all: the work compiling did.
  private(set) var compiledRoutes = 0
  /// How many levels and pending names removals and new handlers looked at to find their
  /// route: tests count work with it.
  private(set) var placeLookups = 0

  private struct Entry {
    var route: Route
    var handler: RouteHandler
    var sequence: Int
    var signature: RegistrationKey
    /// Where the route is compiled (`nil` while it is pending): a removal or a new handler
    /// finds it there without searching the levels' names.
    var place: Place? = nil
  }

  /// A compiled route's level (by the level's `id`) and position in it.
  private struct Place {
    var level: Int
    var position: Int
  }

  /// A level's routes and, once compiled, their matcher. A removal patches the compiled level
  /// (the route's position is marked removed, its handler let go) rather than compiling it
  /// again; once half of a level's positions are removed, the next routing call compiles its
  /// remaining routes afresh. So removing routes with a routing call after each costs time
  /// in proportion to the routes, not to their square.
  private struct Level {
    /// By compiled position; `nil` where a route was removed.
    var names: [String?]
    var compiled: CompiledLevel?
    var removed = 0
    /// Tells this level from the others (the count of compilations when it was made).
    let id: Int

    init(id: Int, names: [String], compiled: CompiledLevel?) {
      self.names = names
      self.compiled = compiled
      self.id = id
    }

    /// The routes still in the level, in registration order.
    var live: [String] { names.compactMap { $0 } }

    /// Whether so many positions are removed that the level is better compiled again.
    var isSparse: Bool { removed > 0 && removed * 2 >= names.count }
  }

  init(options: RouteOptions, types: [ParameterType] = []) {
    self.options = options
    self.types = types
    reader = URLReader(options: options)
  }

  /// A registry of `table`'s routes, in its order, each declared (no handler yet).
  ///
  /// - Throws: ``RouteTableError`` (``RouteTableError/Code/duplicateRoute``) when two of its
  ///   routes are duplicates, as `lint` would report them.
  init(table: RouteTable) throws(RouteTableError) {
    self.init(options: table.options, types: table.parameterTypes)
    for route in table.routes { _ = try add(route, handler: .declared) }
  }

  /// The routes as a table, in registration order: what lint, explain, export and the test
  /// helpers read.
  var table: RouteTable { RouteTable(options: options, types: types, reading: routes) }

  /// The routes in registration order, numbered from 0.
  package var routes: [Route] {
    entries.values.sorted { $0.sequence < $1.sequence }.enumerated().map { position, entry in
      renumbered(entry.route, position)
    }
  }

  var count: Int { entries.count }

  /// The route named `name`, found by its name, as registered: the same value every time, so
  /// the build plan it keeps is made once (``Routing/url(for:values:host:scheme:)``).
  func route(named name: String) -> Route? { entries[name]?.route }

  /// The URL builder of the route named `name` and its position in the compiled level that
  /// holds it (`nil`: no such route, or it is pending): read after ``snapshot()``, which
  /// compiles every pending route.
  func urlTarget(named name: String) -> RouteURLTarget? { urlTargets[name] }

  /// Adds a route; `name` defaults to `defaultName` (the pattern unless given), with ` #2`,
  /// ` #3`… appended when that is taken.
  @usableFromInline
  package mutating func add(
    _ pattern: String, name: String?, defaultName: String? = nil, priority: Int,
    metadata: RouteMetadata, handler: RouteHandler
  ) throws(RouteTableError) -> Route {
    let routeName = name ?? uniqueName(defaultName ?? pattern)
    guard entries[routeName] == nil else {
      throw RouteTableError(
        code: .duplicateName, routeName: routeName,
        message: "a route named '\(routeName)' already exists")
    }
    var scratch = RouteTable(options: options, types: types, reading: [])
    let read = try scratch.add(routeName, pattern, priority: priority, metadata: metadata)
    return try add(read, handler: handler)
  }

  /// Adds a route already read under this registry's options and types.
  private mutating func add(_ read: Route, handler: RouteHandler) throws(RouteTableError) -> Route {
    guard entries[read.name] == nil else {
      throw RouteTableError(
        code: .duplicateName, routeName: read.name,
        message: "a route named '\(read.name)' already exists")
    }
    let route = renumbered(read, entries.count)
    let signature = RegistrationKey(
      signature: RouteSignature(route, options: options),
      captureNames: route.pattern.captureNames)
    if let first = signatures[signature], let existing = entries[first] {
      throw RouteTableError(
        code: .duplicateRoute, routeName: route.name,
        message: RouteSignature.duplicateMessage(route, of: existing.route))
    }
    signatures[signature] = route.name
    entries[route.name] = Entry(
      route: route, handler: handler, sequence: sequence, signature: signature)
    pending.append((route.name, sequence))
    sequence += 1
    changed()
    return route
  }

  /// Replaces the handler of the route named `name`; `false` when there is no such route.
  mutating func setHandler(_ handler: RouteHandler, for name: String) -> Bool {
    guard entries[name] != nil else { return false }
    entries[name]?.handler = handler
    // The new handler goes into the compiled level in place (no matcher is built), and the
    // old one is let go now rather than on the next routing call: a detached handler's
    // captures must not outlive it.
    if let place = entries[name]?.place, let level = levelIndex(place) {
      levels[level].compiled?.replaceHandler(at: place.position, with: handler)
    }
    cached = nil
    return true
  }

  package mutating func remove(_ name: String) -> Route? {
    guard let entry = entries.removeValue(forKey: name) else { return nil }
    signatures[entry.signature] = nil
    urlTargets[name] = nil
    if let place = entry.place, let level = levelIndex(place) {
      let position = place.position
      levels[level].names[position] = nil
      levels[level].removed += 1
      if levels[level].removed == levels[level].names.count {
        levels.remove(at: level)
      } else {
        levels[level].compiled?.remove(at: position)
      }
    } else {
      // Pending: its name stays in `pending` until the list is compiled or compacted.
      stalePending += 1
      if stalePending * 2 > pending.count {
        placeLookups += pending.count
        pending.removeAll { entries[$0.name]?.sequence != $0.sequence }
        stalePending = 0
      }
    }
    changed()
    return entry.route
  }

  mutating func removeAllRoutes() {
    entries = [:]
    signatures = [:]
    urlTargets = [:]
    levels = []
    pending = []
    stalePending = 0
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
      guard levels.count > 1 || levels.first?.removed ?? 0 > 0 else { return cached }
      callsSinceChange += 1
      guard callsSinceChange >= entries.count else { return cached }
      let merged = compile(levels.flatMap(\.live))
      levels = [merged]
    } else if !pending.isEmpty {
      let live = livePending
      pending = []
      stalePending = 0
      if !live.isEmpty { levels.append(compile(live)) }
      while levels.count > 1,
        levels[levels.count - 2].names.count <= levels[levels.count - 1].names.count
      {
        let newer = levels.removeLast()
        let older = levels.removeLast()
        let merged = compile(older.live + newer.live)
        levels.append(merged)
      }
    }
    var compiledLevels: [CompiledLevel] = []
    compiledLevels.reserveCapacity(levels.count)
    for index in levels.indices {
      if levels[index].compiled == nil || levels[index].isSparse {
        let recompiled = compile(levels[index].live)
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

  /// The pending routes not removed since, in registration order.
  private var livePending: [String] {
    pending.compactMap { entries[$0.name]?.sequence == $0.sequence ? $0.name : nil }
  }

  /// The index in `levels` of the level `place` names: levels are at most log₂ n.
  private mutating func levelIndex(_ place: Place) -> Int? {
    guard let index = levels.firstIndex(where: { $0.id == place.level }) else { return nil }
    placeLookups += index + 1
    return index
  }

  private mutating func changed() {
    cached = nil
    callsSinceChange = 0
  }

  /// A level of `names` (in registration order, which every caller keeps).
  private mutating func compile(_ names: [String]) -> Level {
    compilations += 1
    compiledRoutes += names.count
    let chosen = names.compactMap { entries[$0] }
    for (position, name) in names.enumerated() {
      entries[name]?.place = Place(level: compilations, position: position)
    }
    for (position, entry) in chosen.enumerated() {
      urlTargets[entry.route.name] = RouteURLTarget(
        builder: URLBuilder(route: entry.route, options: options, types: []), position: position)
    }
    let table = RouteTable(options: options, types: types, reading: chosen.map(\.route))
    return Level(
      id: compilations, names: names,
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

/// What building a URL for one compiled route needs: its builder (the route as registered, so
/// the build plan it keeps is made once) and its position in its compiled level. Immutable and
/// shared: a build takes one reference to it under the registry's lock and copies no route.
final class RouteURLTarget: Sendable {
  let builder: URLBuilder
  let position: Int

  init(builder: URLBuilder, position: Int) {
    self.builder = builder
    self.position = position
  }

  /// The route's URL for `values`, refused when a route of `snapshot` (read with this target)
  /// other than this one wins it. A method of the target, so the builder is read in place
  /// rather than copied out of it.
  func url(
    values: [String: any BuildValueConvertible], host: String?, scheme: String?,
    checkedAgainst snapshot: RoutingSnapshot
  ) throws(URLBuildingError) -> String {
    try builder.url(values: values, host: host, scheme: scheme) { url in
      snapshot.winner(url, otherThan: builder.route.name, at: position)
    }
  }
}

/// One compiled part of a registry: a matcher and, by its route positions, the handlers, the
/// routes as read (with their variants, for ranking against other levels) and their
/// registration sequence.
struct CompiledLevel: Sendable {
  let matcher: RouteMatcher
  let routes: [Route]
  private(set) var handlers: [RouteHandler]
  let sequences: [Int]
  /// Positions whose route was removed after the level was compiled: the matcher still finds
  /// them, and the snapshot skips them (see ``RoutingSnapshot/hasRemovedRoutes``).
  private(set) var removed: Set<Int> = []
  /// How many of the handlers are asynchronous: a link routed without one is delivered before
  /// `dispatch` returns (see ``HeldLinks``).
  private(set) var asyncHandlers: Int

  init(matcher: RouteMatcher, routes: [Route], handlers: [RouteHandler], sequences: [Int]) {
    self.matcher = matcher
    self.routes = routes
    self.handlers = handlers
    self.sequences = sequences
    asyncHandlers = handlers.count { $0.isAsync }
  }

  mutating func replaceHandler(at position: Int, with handler: RouteHandler) {
    if handlers[position].isAsync { asyncHandlers -= 1 }
    if handler.isAsync { asyncHandlers += 1 }
    handlers[position] = handler
  }

  /// The route at `position` was removed: it is skipped from now on, and its handler let go.
  mutating func remove(at position: Int) {
    replaceHandler(at: position, with: .declared)
    removed.insert(position)
  }
}
