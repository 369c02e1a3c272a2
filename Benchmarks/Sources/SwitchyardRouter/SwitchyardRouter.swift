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

extension TypedKey where Value == Int {
  /// What the context routers' handlers add to the route index (always 0).
  static var benchOffset: Self { Self("offset", default: -1) }
}

extension TypedKey where Value == String {
  /// The second value of ``SwitchyardContextRouter2``'s contexts.
  static var benchSource: Self { Self("source", default: "") }
}

/// ``SwitchyardRoutingRouter`` with a context of one value made for every call, as a server
/// makes one per request, and read by the handler. Goal: the context adds at most 20 % of a
/// bare match (`Lookup:<table>:Switchyard`) to `Lookup:<table>:SwitchyardRouter`.
public struct SwitchyardContextRouter1: BenchRouter {
  public static let name = "SwitchyardRouterContext1"

  let router: Router<Int>

  public static func build(_ routes: [BenchRoute]) throws -> SwitchyardContextRouter1 {
    let router = Router<Int>()
    for route in routes {
      let index = route.index
      try router.register(SwitchyardRouter.pattern(for: route), name: String(index)) { match in
        index + match.context[.benchOffset]
      }
    }
    _ = router.canRoute("/")
    return SwitchyardContextRouter1(router: router)
  }

  public func lookup(_ path: String) -> Int? {
    router.route(path, context: .with(.benchOffset, 0))
  }
}

/// ``SwitchyardContextRouter1`` with two values per context, both read by the handler.
public struct SwitchyardContextRouter2: BenchRouter {
  public static let name = "SwitchyardRouterContext2"

  let router: Router<Int>

  public static func build(_ routes: [BenchRoute]) throws -> SwitchyardContextRouter2 {
    let router = Router<Int>()
    for route in routes {
      let index = route.index
      try router.register(SwitchyardRouter.pattern(for: route), name: String(index)) { match in
        match.context[.benchSource] == "push" ? index + match.context[.benchOffset] : nil
      }
    }
    _ = router.canRoute("/")
    return SwitchyardContextRouter2(router: router)
  }

  public func lookup(_ path: String) -> Int? {
    router.route(path, context: .with(.benchOffset, 0).with(.benchSource, "push"))
  }
}

/// A server's request as a handler reads it from the context: a struct of several words, so a
/// context keeps it boxed.
public struct BenchRequest: Sendable {
  public var offset: Int
  public var method: String
  public var path: String
  public var tenant: String
}

extension TypedKey where Value == BenchRequest {
  /// The request value of ``SwitchyardContextReusedRouter``'s context.
  static var benchRequest: Self {
    Self("request", default: BenchRequest(offset: -1, method: "", path: "", tenant: ""))
  }
}

/// ``SwitchyardRoutingRouter`` with one context made once and passed to every call, whose
/// handler reads one struct from it. Goal: the read adds at most 20 % of a bare match
/// (`Lookup:<table>:Switchyard`) to `Lookup:<table>:SwitchyardRouter`.
public struct SwitchyardContextReusedRouter: BenchRouter {
  public static let name = "SwitchyardRouterContextReused"

  let router: Router<Int>
  let context: RoutingContext

  public static func build(_ routes: [BenchRoute]) throws -> SwitchyardContextReusedRouter {
    let router = Router<Int>()
    for route in routes {
      let index = route.index
      try router.register(SwitchyardRouter.pattern(for: route), name: String(index)) { match in
        index + match.context[.benchRequest].offset
      }
    }
    _ = router.canRoute("/")
    let request = BenchRequest(offset: 0, method: "GET", path: "/", tenant: "bench-tenant")
    return SwitchyardContextReusedRouter(router: router, context: .with(.benchRequest, request))
  }

  public func lookup(_ path: String) -> Int? {
    router.route(path, context: context)
  }
}

/// The URL of every route of a table in turn, one value per capture, built by a `RouteTable`
/// or by a `Router<Int>` holding the same routes (``Router/url(for:values:host:scheme:)``).
/// Goal: the router's build at most 1.5× the table's.
public struct SwitchyardURLBuilds {
  public enum Builder: String, CaseIterable, Sendable {
    case routeTable = "RouteTable"
    case router = "Router"
  }

  let table: RouteTable
  let router: Router<Int>
  let names: [String]
  let values: [[String: any BuildValueConvertible]]

  public init(_ routes: [BenchRoute]) throws {
    var table = RouteTable()
    let router = Router<Int>()
    var values: [[String: any BuildValueConvertible]] = []
    for route in routes {
      let index = route.index
      let pattern = SwitchyardRouter.pattern(for: route)
      try table.add(String(index), pattern)
      try router.register(pattern, name: String(index)) { _ in index }
      var routeValues: [String: any BuildValueConvertible] = [:]
      for segment in route.segments {
        switch segment {
        case .literal: break
        case .parameter(let name): routeValues[name] = "v \(index)"
        case .catchAll(let name): routeValues[name] = "a/b\(index)"
        }
      }
      values.append(routeValues)
    }
    _ = router.canRoute("/")
    self.table = table
    self.router = router
    self.names = routes.map { String($0.index) }
    self.values = values
  }

  public var count: Int { names.count }

  /// The URL of route `position` (in table order).
  public func url(_ position: Int, by builder: Builder) throws -> String {
    switch builder {
    case .routeTable: try table.url(for: names[position], values: values[position])
    case .router: try router.url(for: names[position], values: values[position])
    }
  }

  /// Builds every URL with both builders and checks they agree and match their route back.
  public func check() throws {
    let matcher = RouteMatcher(table)
    for position in 0..<count {
      let fromTable = try url(position, by: .routeTable)
      let fromRouter = try url(position, by: .router)
      guard fromTable == fromRouter, matcher.match(fromTable)?.route.name == names[position]
      else {
        throw BenchDataError(
          "route \(names[position]): table built \(fromTable), router built \(fromRouter)")
      }
    }
  }
}
