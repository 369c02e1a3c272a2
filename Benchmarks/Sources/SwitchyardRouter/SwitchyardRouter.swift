// Switchyard's engine behind the bench interface: `RouteTable` + `RouteMatcher.match(_:)`.

import BenchSupport
import Switchyard

public struct SwitchyardRouter: BenchRouter {
  public static let name = "Switchyard"

  private let matcher: RouteMatcher

  public init(matcher: RouteMatcher) {
    self.matcher = matcher
  }

  /// The Switchyard spelling of a bench route: `:name` stays, `*name` (one or more segments)
  /// becomes `<path:name>` (Switchyard's own `*name` would also match zero segments).
  public static func pattern(for route: BenchRoute) -> String {
    route.pattern(parameter: { ":\($0)" }, catchAll: { "<path:\($0)>" })
  }

  public static func build(_ routes: [BenchRoute]) throws -> SwitchyardRouter {
    var table = RouteTable()
    for route in routes {
      // Registration order is the table order, so `Route.index` is the bench route index.
      try table.add(String(route.index), pattern(for: route))
    }
    return SwitchyardRouter(matcher: RouteMatcher(table))
  }

  public func lookup(_ path: String) -> Int? {
    // `routeIndex` is `Route.index` without copying the route.
    matcher.match(path)?.routeIndex
  }
}

/// Switchyard through `match(_:into:)`, which reuses the capture storage of the previous
/// match: the zero-allocation way to match in a loop. Not thread-safe (one reused match).
public final class SwitchyardReusingRouter: BenchRouter {
  public static let name = "SwitchyardReuse"

  private let matcher: RouteMatcher
  private var reused: RouteMatch?

  private init(matcher: RouteMatcher) {
    self.matcher = matcher
  }

  public static func build(_ routes: [BenchRoute]) throws -> SwitchyardReusingRouter {
    var table = RouteTable()
    for route in routes {
      try table.add(String(route.index), SwitchyardRouter.pattern(for: route))
    }
    return SwitchyardReusingRouter(matcher: RouteMatcher(table))
  }

  public func lookup(_ path: String) -> Int? {
    matcher.match(path, into: &reused) ? reused?.routeIndex : nil
  }
}

/// Switchyard's `Router<Int>` (the layer apps call) on the same table: `route(_:)` runs the
/// matched route's handler, which returns the bench route index. Compared with `Switchyard`
/// (a bare `RouteMatcher.match`) it shows what the router adds: the lock, the snapshot, the
/// dispatch and the handler call (goal: at most 1.5× the bare match).
public struct SwitchyardRoutingRouter: BenchRouter {
  public static let name = "SwitchyardRouter"

  let router: Router<Int>

  public static func build(_ routes: [BenchRoute]) throws -> SwitchyardRoutingRouter {
    let router = Router<Int>()
    for route in routes {
      let index = route.index
      try router.register(SwitchyardRouter.pattern(for: route), name: String(index)) { _ in index }
    }
    // Compile before timing (the first routing call compiles pending registrations).
    _ = router.canRoute("/")
    return SwitchyardRoutingRouter(router: router)
  }

  public func lookup(_ path: String) -> Int? {
    router.route(path)
  }
}

/// ``SwitchyardRoutingRouter`` with one interceptor that passes every URL (goal: at most
/// +100 ns per lookup over the router without it).
public struct SwitchyardInterceptedRouter: BenchRouter {
  public static let name = "SwitchyardRouterIntercepted"

  let router: Router<Int>

  public static func build(_ routes: [BenchRoute]) throws -> SwitchyardInterceptedRouter {
    let built = try SwitchyardRoutingRouter.build(routes)
    built.router.intercept { request in request.redirects.count > 8 ? .reject : .pass }
    _ = built.router.canRoute("/")
    return SwitchyardInterceptedRouter(router: built.router)
  }

  public func lookup(_ path: String) -> Int? {
    router.route(path)
  }
}
