// Routers take a `Routes` type (a `@Routes` enum): every route of its table is registered under
// its own name, priority and metadata, and its handler is given the typed value. What every
// router does alike (adding all the routes or none, declaring them, attaching to them) is
// written once in `Routing`; each router adds only how its handler is typed and isolated. The
// type is `Sendable` because the stored handlers make its values (through its metatype) on
// whichever thread or actor routes.

extension Routing {
  /// Declares every route of a ``Routes`` type (a `@Routes` enum), each under its own name,
  /// priority and metadata, for handlers attached later with the router's
  /// `attach(routes:handler:)` (a navigator's `attach(routes:_:)`); until then their links are held by
  /// `dispatch` (<doc:LinksThatArriveTooEarly>).
  ///
  /// ```swift
  /// try router.declare(AppLink.self)               // at launch
  /// router.dispatch("myapp://user/42")              // held
  /// try router.attach(routes: AppLink.self) { link, _ in .link(link) }   // delivered now
  /// ```
  /// - Returns: The routes as declared, in table order.
  /// - Throws: ``RouteTableError`` when the type declares options the router does not read
  ///   with (``RouteTableError/Code/optionsDiffer``), a name is taken or a route duplicates one the router
  ///   has; nothing is declared then.
  @discardableResult
  public func declare<R: Routes & Sendable>(_ type: R.Type) throws(RouteTableError) -> [Route] {
    try addRoutes(of: type) { _ in .declared }
  }

  /// Adds every route of `type` with the handler `handler` makes for its index in the type's
  /// table; when one cannot be added, removes those added before it and rethrows, so that
  /// nothing is added.
  /// A type that declares options (not the default ones) is added only to a router with the
  /// same options, so that the router answers the links the type itself answers.
  func addRoutes<R: Routes>(
    of type: R.Type, handler: (_ routeIndex: Int) -> RouteHandler
  ) throws(RouteTableError) -> [Route] {
    let declared = R.routeTable.options
    if declared != RouteOptions(), declared != core.options {
      throw RouteTableError(
        code: .optionsDiffer,
        message:
          "\(R.self) reads links with its own options (\(Self.describe(declared))), this router with others (\(Self.describe(core.options))): make the router with the type's options, Router(options: \(R.self).routeTable.options)"
      )
    }
    var added: [Route] = []
    for route in R.routeTable.routes {
      do {
        added.append(
          try core.add(
            route.pattern.text, name: route.name, priority: route.priority,
            metadata: route.metadata, handler: handler(route.index)))
      } catch {
        for route in added { _ = core.remove(route.name) }
        throw error
      }
    }
    return added
  }

  /// The options that differ from the default ones, for a message.
  static func describe(_ options: RouteOptions) -> String {
    let defaults = RouteOptions()
    var parts: [String] = []
    if !options.acceptedOrigins.isEmpty {
      parts.append("accepting \(LinkOrigin.list(options.acceptedOrigins))")
    }
    if options.hostAsPath != defaults.hostAsPath {
      parts.append("hostAsPath: \(options.hostAsPath)")
    }
    if options.caseInsensitivePaths { parts.append("caseInsensitivePaths") }
    if options.plusAsSpace { parts.append("plusAsSpace") }
    if let scheme = options.defaultScheme { parts.append("defaultScheme: \(scheme)") }
    return parts.isEmpty ? "the default options" : parts.joined(separator: ", ")
  }

  /// Attaches the handler `handler` makes for each route of `type` (by its index in the
  /// type's table) and delivers the links `links` holds for them.
  func attachRoutes<R: Routes, Output: Sendable>(
    of type: R.Type, links: HeldLinks<Output>, handler: (_ routeIndex: Int) -> RouteHandler
  ) throws(HeldLinkError) {
    for route in R.routeTable.routes {
      try core.attach(handler(route.index), to: route.name, links: links)
    }
  }
}

extension Routes where Self: Sendable {
  /// A ``Router`` handler for the route at `index` of ``routeTable``: the match read as a
  /// value (a capture that does not convert declines), then `handler`.
  static func syncHandler<Output>(
    route index: Int, _ handler: @escaping @Sendable (Self, RouteMatch) throws -> Output?
  ) -> RouteHandler {
    .sync(
      SyncHandlerBox { match in
        try Self(routeIndex: index, match: match).flatMap { try handler($0, match) }
      })
  }

  /// A main-actor handler (a ``MainActorRouter``'s, a ``Navigator``'s screen factory) for the
  /// route at `index` of ``routeTable``.
  static func mainActorHandler<Output>(
    route index: Int, _ handler: @escaping @MainActor (Self, RouteMatch) throws -> Output?
  ) -> RouteHandler {
    .mainActor(
      MainActorHandlerBox { match in
        try Self(routeIndex: index, match: match).flatMap { try handler($0, match) }
      })
  }
}

extension Router {
  /// Registers every route of a ``Routes`` type (a `@Routes` enum), each under its own name,
  /// priority and metadata; `handler` gets the typed value and the match.
  ///
  /// A match whose captures do not convert to the value, or a `nil` from `handler`, declines:
  /// the next candidate runs.
  ///
  /// ```swift
  /// let router = Router<Screen>()
  /// try router.register(routes: AppLink.self) { link, match in
  ///   switch link {
  ///   case .user(let id): .profile(id)
  ///   case .settings: .settings
  ///   default: nil
  ///   }
  /// }
  /// router.stack(for: "myapp://user/42")   // [.profile(42)]
  /// ```
  /// - Returns: The routes as registered, in table order.
  /// - Throws: ``RouteTableError`` when the type declares options the router does not read
  ///   with (``RouteTableError/Code/optionsDiffer``), a name is taken or a route duplicates one the router
  ///   has; nothing is registered then.
  @discardableResult
  public func register<R: Routes & Sendable>(
    routes type: R.Type, handler: @escaping @Sendable (R, RouteMatch) throws -> Output?
  ) throws(RouteTableError) -> [Route] {
    try addRoutes(of: type) { R.syncHandler(route: $0, handler) }
  }
}

extension Router where Output: Sendable {
  /// Attaches `handler` to every route of a ``Routes`` type (declared with
  /// ``Routing/declare(_:)``), and delivers the links held for them.
  ///
  /// ```swift
  /// try router.attach(routes: AppLink.self) { link, match in .link(link) }
  /// ```
  /// - Throws: ``HeldLinkError`` when the router has no route of one of the type's names.
  public func attach<R: Routes & Sendable>(
    routes type: R.Type, handler: @escaping @Sendable (R, RouteMatch) throws -> Output?
  ) throws(HeldLinkError) {
    try attachRoutes(of: type, links: links) { R.syncHandler(route: $0, handler) }
  }
}

extension MainActorRouter {
  /// Registers every route of a ``Routes`` type with a main-actor handler that gets the typed
  /// value and the match (see ``Router/register(routes:handler:)``).
  ///
  /// ```swift
  /// let router = MainActorRouter<Screen>()
  /// try router.register(routes: AppLink.self) { link, _ in
  ///   model.path.append(link)   // main-actor state
  ///   return .link(link)
  /// }
  /// ```
  /// - Throws: ``RouteTableError`` when the type declares options the router does not read
  ///   with (``RouteTableError/Code/optionsDiffer``), a name is taken or a route duplicates one the router
  ///   has; nothing is registered then.
  @discardableResult
  public func register<R: Routes & Sendable>(
    routes type: R.Type, handler: @escaping @MainActor (R, RouteMatch) throws -> Output?
  ) throws(RouteTableError) -> [Route] {
    try addRoutes(of: type) { R.mainActorHandler(route: $0, handler) }
  }
}

extension MainActorRouter where Output: Sendable {
  /// Attaches a main-actor `handler` to every route of a ``Routes`` type (declared with
  /// ``Routing/declare(_:)``) and delivers the links held for them.
  ///
  /// ```swift
  /// try router.attach(routes: AppLink.self) { link, _ in .link(link) }
  /// ```
  /// - Throws: ``HeldLinkError`` when the router has no route of one of the type's names.
  public func attach<R: Routes & Sendable>(
    routes type: R.Type, handler: @escaping @MainActor (R, RouteMatch) throws -> Output?
  ) throws(HeldLinkError) {
    try attachRoutes(of: type, links: links) { R.mainActorHandler(route: $0, handler) }
  }
}

extension Navigator {
  /// Maps every route of a ``Routes`` type to a screen factory that gets the typed value and
  /// the match (a navigator's `register`); used by ``push(_:animated:context:)``,
  /// ``stack(for:context:)`` and the rest like ``map(_:name:priority:metadata:_:)``.
  ///
  /// ```swift
  /// try navigator.register(routes: AppLink.self) { link, _ in
  ///   switch link {
  ///   case .user(let id): UserViewController(id: id)
  ///   default: nil
  ///   }
  /// }
  /// navigator.push("myapp://user/42")
  /// ```
  /// - Throws: ``RouteTableError`` when a name is taken or a route duplicates one the
  ///   navigator has; nothing is mapped then.
  @discardableResult
  public func register<R: Routes & Sendable>(
    routes type: R.Type, _ factory: @escaping @MainActor (R, RouteMatch) throws -> Screen?
  ) throws(RouteTableError) -> [Route] {
    try addRoutes(of: type) { R.mainActorHandler(route: $0, factory) }
  }

  /// Attaches a screen factory to every route of a ``Routes`` type (declared with
  /// ``Routing/declare(_:)``) and delivers the links held for them.
  ///
  /// ```swift
  /// try navigator.attach(routes: AppLink.self) { link, _ in LinkViewController(link) }
  /// ```
  /// - Throws: ``HeldLinkError`` when the navigator has no route of one of the type's names.
  public func attach<R: Routes & Sendable>(
    routes type: R.Type, _ factory: @escaping @MainActor (R, RouteMatch) throws -> Screen?
  ) throws(HeldLinkError) {
    try attachRoutes(of: type, links: links) { R.mainActorHandler(route: $0, factory) }
  }
}
