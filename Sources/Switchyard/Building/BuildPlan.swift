/// What building a URL for one route needs that does not depend on the values: the pattern's
/// structure (``BuildTemplate``) and a matcher of the route alone, which checks every URL built
/// (<doc:BuildingURLs>). Made the first time a URL is built for the route and kept in the
/// route's ``BuildPlanSlot``, so later calls parse nothing.
final class BuildPlan: Sendable {
  let template: BuildTemplate
  /// The route alone, compiled: a built URL must match it back with the values printed.
  let checker: RouteMatcher?
  /// What the plan was made with; a call with other options or types makes its own.
  let options: RouteOptions
  let typeNames: [String]

  #if DEBUG
    /// Debug builds only: counts the plans made inside `BuildPlan.$made.withValue(counter)`,
    /// in that task, so that a test can prove a route's pattern is read once (a count, never a
    /// timing).
    @TaskLocal static var made: Locked<Int>?
  #endif

  init(route: Route, options: RouteOptions, types: [ParameterType]) throws(PatternSyntaxError) {
    #if DEBUG
      Self.made?.withLock { $0 += 1 }
    #endif
    template = try BuildTemplate(route.pattern, options: options, types: types)
    var table = RouteTable(options: options)
    for type in types { try? table.register(type) }
    checker = (try? table.add(route.name, route.pattern.text)) != nil ? RouteMatcher(table) : nil
    self.options = options
    typeNames = types.map(\.name)
  }

  func fits(options: RouteOptions, types: [ParameterType]) -> Bool {
    self.options == options && typeNames.count == types.count
      && zip(typeNames, types).allSatisfy { $0 == $1.name }
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
