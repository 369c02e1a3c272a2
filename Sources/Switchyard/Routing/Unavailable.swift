// Calls of the 0.x API before the release that no longer compile, each marked unavailable so
// that the compiler names what replaces it (with a fix-it where the replacement is a rename).
// Each body calls its replacement; none can be called. CHANGELOG.md lists every removal.

extension RouteMatch {
  /// Removed: `value(name, as: Int.self)` reads every type, an `int` capture without parsing
  /// its digits again.
  ///
  /// ```swift
  /// let id: Int = try match.value("id")   // was: try match.int("id")
  /// ```
  @available(
    *, unavailable, renamed: "value(_:as:)", message: "read it as value(name, as: Int.self)"
  )
  public func int(_ name: String) throws(RouteParameterError) -> Int {
    try value(name, as: Int.self)
  }

  /// Removed: `value(name, as: Double.self)`.
  ///
  /// ```swift
  /// let ratio: Double = try match.value("ratio")   // was: try match.double("ratio")
  /// ```
  @available(
    *, unavailable, renamed: "value(_:as:)", message: "read it as value(name, as: Double.self)"
  )
  public func double(_ name: String) throws(RouteParameterError) -> Double {
    try value(name, as: Double.self)
  }

  /// Removed: `value(name, as: Bool.self)`.
  ///
  /// ```swift
  /// let on: Bool = try match.value("on")   // was: try match.bool("on")
  /// ```
  @available(
    *, unavailable, renamed: "value(_:as:)", message: "read it as value(name, as: Bool.self)"
  )
  public func bool(_ name: String) throws(RouteParameterError) -> Bool {
    try value(name, as: Bool.self)
  }

  /// Removed: `value(name, as: String.self)` (or `match[name]` for an optional text).
  ///
  /// ```swift
  /// let term: String = try match.value("term")   // was: try match.string("term")
  /// ```
  @available(
    *, unavailable, renamed: "value(_:as:)", message: "read it as value(name, as: String.self)"
  )
  public func string(_ name: String) throws(RouteParameterError) -> String {
    try value(name, as: String.self)
  }

  /// Removed: the arguments are now the name, then the type: `value(name, as: T.self)`.
  ///
  /// ```swift
  /// let id = try match.value("id", as: Int.self)   // was: try match.value(Int.self, "id")
  /// ```
  @available(*, unavailable, message: "the name comes first: value(name, as: T.self)")
  public func value<T: RouteParameter>(
    _ type: T.Type, _ name: String
  ) throws(RouteParameterError) -> T {
    try value(name, as: type)
  }

  /// Removed: the arguments are now the name, then the type: `values(name, as: T.self)`.
  ///
  /// ```swift
  /// let ids = try match.values("id", as: Int.self)   // was: try match.values(Int.self, "id")
  /// ```
  @available(*, unavailable, message: "the name comes first: values(name, as: T.self)")
  public func values<T: RouteParameter>(
    _ type: T.Type, _ name: String
  ) throws(RouteParameterError) -> [T] {
    try values(name, as: type)
  }

  /// Removed: `try? value(name, as: T.self)`.
  ///
  /// ```swift
  /// let id = try? match.value("id", as: Int.self)   // was: match[Int.self, "id"]
  /// ```
  @available(*, unavailable, message: "read it as try? value(name, as: T.self)")
  public subscript<T: RouteParameter>(_ type: T.Type, _ name: String) -> T? {
    try? value(name, as: type)
  }
}

extension Routing {
  /// Removed: the routes are `table.routes`.
  ///
  /// ```swift
  /// router.table.routes.map(\.name)   // was: router.routes.map(\.name)
  /// ```
  @available(*, unavailable, renamed: "table.routes")
  public var routes: [Route] { table.routes }

  /// Removed: the options are `table.options`.
  ///
  /// ```swift
  /// router.table.options.plusAsSpace   // was: router.options.plusAsSpace
  /// ```
  @available(*, unavailable, renamed: "table.options")
  public var options: RouteOptions { table.options }
}

extension Navigator {
  /// Removed: `canRoute(_:)`, as on every router.
  ///
  /// ```swift
  /// if navigator.canRoute(url) { navigator.push(url) }   // was: navigator.canOpen(url)
  /// ```
  @available(*, unavailable, renamed: "canRoute(_:)")
  public func canOpen(_ url: String) -> Bool { canRoute(url) }

  /// Removed: `remove(_:)`, as on every router.
  ///
  /// ```swift
  /// navigator.remove("user")   // was: navigator.unmap("user")
  /// ```
  @available(*, unavailable, renamed: "remove(_:)")
  public func unmap(_ name: String) -> Route? { remove(name) }

  /// Removed: the default scheme is `table.options.defaultScheme`.
  ///
  /// ```swift
  /// navigator.table.options.defaultScheme   // was: navigator.scheme
  /// ```
  @available(*, unavailable, renamed: "table.options.defaultScheme")
  public var scheme: String? { table.options.defaultScheme }
}

extension Router where Output: Sendable {
  /// Removed: make the router, then give its held links the clock with `links.use(_:)`.
  ///
  /// ```swift
  /// let router = Router<Screen>()   // was: Router<Screen>(clock: clock)
  /// router.links.use(clock)
  /// ```
  @available(*, unavailable, message: "make the router, then call router.links.use(clock)")
  public convenience init<C: Clock>(options: RouteOptions = RouteOptions(), clock: C)
  where C.Duration == Duration {
    self.init(options: options)
    links.use(clock)
  }
}

extension MainActorRouter where Output: Sendable {
  /// Removed: make the router, then give its held links the clock with `links.use(_:)`.
  ///
  /// ```swift
  /// let router = MainActorRouter<Screen>()   // was: MainActorRouter<Screen>(clock: clock)
  /// router.links.use(clock)
  /// ```
  @available(*, unavailable, message: "make the router, then call router.links.use(clock)")
  public convenience init<C: Clock>(options: RouteOptions = RouteOptions(), clock: C)
  where C.Duration == Duration {
    self.init(options: options)
    links.use(clock)
  }
}

extension LinkOrigin {
  /// Removed: `LinkOrigin(_:)` reads a scheme alone the same way.
  ///
  /// ```swift
  /// let origin = try LinkOrigin("shop")   // was: try LinkOrigin.scheme("shop")
  /// ```
  @available(*, unavailable, renamed: "init(_:)")
  public static func scheme(_ scheme: String) throws(RouteTableError) -> LinkOrigin {
    try LinkOrigin(scheme)
  }
}

extension LintFinding {
  /// Removed: a finding's severity is its kind's, `kind.severity`.
  ///
  /// ```swift
  /// finding.kind.severity   // was: finding.severity
  /// ```
  @available(*, unavailable, renamed: "kind.severity")
  public var severity: Severity { kind.severity }
}

extension LintFinding.Kind {
  /// Removed: a kind's name is its `rawValue`.
  ///
  /// ```swift
  /// finding.kind.rawValue   // was: finding.kind.name
  /// ```
  @available(*, unavailable, renamed: "rawValue")
  public var name: String { rawValue }
}

extension RouteExplanation.Consideration {
  /// Removed: a route matched when its `failure` is `nil`.
  ///
  /// ```swift
  /// explanation.routes.filter { $0.failure == nil }   // was: .filter(\.matched)
  /// ```
  @available(*, unavailable, message: "a route matched when its failure is nil")
  public var matched: Bool { failure == nil }
}
