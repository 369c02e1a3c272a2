import Switchyard

// What the routers' core does for the migration types: registering a `Routable` type and every
// page of a `PageModule`, and removing a module's pages.
extension RouterCore {
  /// Registers a typed route: its checked pattern, named after its type by default (`handler`
  /// builds the instance with the type's initializer).
  func add<R: Routable>(
    _ type: R.Type, name: String?, priority: Int, metadata: RouteMetadata,
    handler: RouteHandler
  ) throws(RouteTableError) -> Route {
    try add(
      try R.checkedRoutePattern(), name: name, defaultName: String(describing: R.self),
      priority: priority, metadata: metadata, handler: handler)
  }

  /// Registers every page of `module`, all or nothing; `handler` makes each page's handler.
  func add<Module: PageModule>(
    module: Module.Type, scheme: String?, options: PageModuleOptions, priority: Int,
    handler: (Module) -> RouteHandler
  ) throws(RouteTableError) -> [Route] {
    try update(atomically: true) { registry throws(RouteTableError) in
      var routes: [Route] = []
      for page in Module.allCases {
        let name = pageRouteName(Module.self, page)
        for pattern in pagePatterns(
          Module.module, page: page.rawValue, scheme: scheme, options: options,
          routerOptions: registry.options)
        {
          routes.append(
            try registry.add(
              pattern, name: nil, defaultName: name, priority: priority,
              metadata: RouteMetadata(), handler: handler(page)))
        }
      }
      return routes
    }
  }

  /// Removes every route registered for `module`.
  func remove<Module: PageModule>(module: Module.Type) -> [Route] {
    let prefix = String(reflecting: Module.self) + "."
    return state.withLock { state in
      state.registry.routes.filter { $0.name.hasPrefix(prefix) }.compactMap {
        state.registry.remove($0.name)
      }
    }
  }

}
