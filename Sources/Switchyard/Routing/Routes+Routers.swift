// Routers take a `Routes` type (a `@Routes` enum): every route of its table is registered under
// its own name, priority and metadata, and its handler is given the typed value. Written against
// the routers' public API only. The type is `Sendable` because the stored handlers make its
// values (through its metatype) on whichever thread or actor routes.

extension Routes {
  /// Adds every route with `add`; when one cannot be added, removes those added before it and
  /// rethrows, so that nothing is registered.
  static func registerAll<Failure: Error>(
    add: (Route) throws(Failure) -> Route, remove: (String) -> Void
  ) throws(Failure) -> [Route] {
    var added: [Route] = []
    for route in routeTable.routes {
      do {
        added.append(try add(route))
      } catch {
        for route in added { remove(route.name) }
        throw error
      }
    }
    return added
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
  /// try router.register(AppLink.self) { link, match in
  ///   switch link {
  ///   case .user(let id): .profile(id)
  ///   case .settings: .settings
  ///   default: nil
  ///   }
  /// }
  /// router.stack(for: "myapp://user/42")   // [.profile(42)]
  /// ```
  /// - Returns: The routes as registered, in table order.
  /// - Throws: ``RouteTableError`` when a name is taken or a route duplicates one the router
  ///   has; nothing is registered then.
  @discardableResult
  public func register<R: Routes & Sendable>(
    _ type: R.Type, handler: @escaping @Sendable (R, RouteMatch) throws -> Output?
  ) throws(RouteTableError) -> [Route] {
    try R.registerAll(
      add: { route throws(RouteTableError) in
        let index = route.index
        return try register(
          route.pattern.text, name: route.name, priority: route.priority,
          metadata: route.metadata
        ) { match in
          try R(routeIndex: index, match: match).flatMap { try handler($0, match) }
        }
      },
      remove: { _ = remove($0) })
  }
}

extension Router where Output: Sendable {
  /// Declares every route of a ``Routes`` type, for handlers attached later with
  /// ``attach(_:handler:)-(R.Type,_)``; until then their links are held by
  /// ``dispatch(_:policy:stack:context:)``.
  ///
  /// ```swift
  /// try router.declare(AppLink.self)               // at launch
  /// router.dispatch("myapp://user/42")              // held
  /// try router.attach(AppLink.self) { link, _ in .link(link) }   // delivered now
  /// ```
  /// - Throws: ``RouteTableError`` when a name is taken; nothing is declared then.
  @discardableResult
  public func declare<R: Routes & Sendable>(_ type: R.Type) throws(RouteTableError) -> [Route] {
    try R.registerAll(
      add: { route throws(RouteTableError) in
        try declare(
          route.pattern.text, name: route.name, priority: route.priority,
          metadata: route.metadata)
      },
      remove: { _ = remove($0) })
  }

  /// Attaches `handler` to every route of a ``Routes`` type (declared with
  /// ``declare(_:)-(R.Type)``), and delivers the links held for them.
  ///
  /// ```swift
  /// try router.attach(AppLink.self) { link, match in .link(link) }
  /// ```
  /// - Throws: ``HeldLinkError`` when the router has no route of one of the type's names.
  public func attach<R: Routes & Sendable>(
    _ type: R.Type, handler: @escaping @Sendable (R, RouteMatch) throws -> Output?
  ) throws(HeldLinkError) {
    for (index, route) in R.routeTable.routes.enumerated() {
      try attach(route.name) { match in
        try R(routeIndex: index, match: match).flatMap { try handler($0, match) }
      }
    }
  }
}

extension MainActorRouter {
  /// Registers every route of a ``Routes`` type with a main-actor handler that gets the typed
  /// value and the match (see ``Router/register(_:handler:)-(R.Type,_)``).
  ///
  /// ```swift
  /// let router = MainActorRouter<Screen>()
  /// try router.register(AppLink.self) { link, _ in
  ///   model.path.append(link)   // main-actor state
  ///   return .link(link)
  /// }
  /// ```
  /// - Throws: ``RouteTableError`` when a name is taken or a route duplicates one the router
  ///   has; nothing is registered then.
  @discardableResult
  public func register<R: Routes & Sendable>(
    _ type: R.Type, handler: @escaping @MainActor (R, RouteMatch) throws -> Output?
  ) throws(RouteTableError) -> [Route] {
    try R.registerAll(
      add: { route throws(RouteTableError) in
        let index = route.index
        return try register(
          route.pattern.text, name: route.name, priority: route.priority,
          metadata: route.metadata
        ) { match in
          try R(routeIndex: index, match: match).flatMap { try handler($0, match) }
        }
      },
      remove: { _ = remove($0) })
  }
}

extension MainActorRouter where Output: Sendable {
  /// Declares every route of a ``Routes`` type for handlers attached later (see
  /// ``Router/declare(_:)-(R.Type)``).
  ///
  /// ```swift
  /// try router.declare(AppLink.self)
  /// ```
  @discardableResult
  public func declare<R: Routes & Sendable>(_ type: R.Type) throws(RouteTableError) -> [Route] {
    try R.registerAll(
      add: { route throws(RouteTableError) in
        try declare(
          route.pattern.text, name: route.name, priority: route.priority,
          metadata: route.metadata)
      },
      remove: { _ = remove($0) })
  }

  /// Attaches a main-actor `handler` to every route of a ``Routes`` type and delivers the
  /// links held for them (see ``Router/attach(_:handler:)-(R.Type,_)``).
  ///
  /// ```swift
  /// try router.attach(AppLink.self) { link, _ in .link(link) }
  /// ```
  public func attach<R: Routes & Sendable>(
    _ type: R.Type, handler: @escaping @MainActor (R, RouteMatch) throws -> Output?
  ) throws(HeldLinkError) {
    for (index, route) in R.routeTable.routes.enumerated() {
      try attach(route.name) { match in
        try R(routeIndex: index, match: match).flatMap { try handler($0, match) }
      }
    }
  }
}

extension Navigator {
  /// Maps every route of a ``Routes`` type to a screen factory that gets the typed value and
  /// the match (a navigator's `register`); used by ``push(_:animated:context:)``,
  /// ``stack(for:context:)`` and the rest like ``map(_:name:priority:metadata:_:)``.
  ///
  /// ```swift
  /// try navigator.register(AppLink.self) { link, _ in
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
    _ type: R.Type, _ factory: @escaping @MainActor (R, RouteMatch) throws -> Screen?
  ) throws(RouteTableError) -> [Route] {
    try R.registerAll(
      add: { route throws(RouteTableError) in
        let index = route.index
        return try map(
          route.pattern.text, name: route.name, priority: route.priority,
          metadata: route.metadata
        ) { match in
          try R(routeIndex: index, match: match).flatMap { try factory($0, match) }
        }
      },
      remove: { _ = remove($0) })
  }

  /// Declares every route of a ``Routes`` type for screen factories attached later (see
  /// ``Router/declare(_:)-(R.Type)``).
  ///
  /// ```swift
  /// try navigator.declare(AppLink.self)
  /// ```
  @discardableResult
  public func declare<R: Routes & Sendable>(_ type: R.Type) throws(RouteTableError) -> [Route] {
    try R.registerAll(
      add: { route throws(RouteTableError) in
        try declare(
          route.pattern.text, name: route.name, priority: route.priority,
          metadata: route.metadata)
      },
      remove: { _ = remove($0) })
  }

  /// Attaches a screen factory to every route of a ``Routes`` type and delivers the links
  /// held for them.
  ///
  /// ```swift
  /// try navigator.attach(AppLink.self) { link, _ in LinkViewController(link) }
  /// ```
  public func attach<R: Routes & Sendable>(
    _ type: R.Type, _ factory: @escaping @MainActor (R, RouteMatch) throws -> Screen?
  ) throws(HeldLinkError) {
    for (index, route) in R.routeTable.routes.enumerated() {
      try attach(route.name) { match in
        try R(routeIndex: index, match: match).flatMap { try factory($0, match) }
      }
    }
  }
}
