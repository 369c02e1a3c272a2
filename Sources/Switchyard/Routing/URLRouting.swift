/// What ``Router`` and ``MainActorRouter`` both do with a URL string: route it, resolve it, build
/// its back stack, find its best route. Write code once for either router against it — a test
/// helper, or the `URL` overloads `SwitchyardFoundation` adds to both.
///
/// A ``MainActorRouter`` conforms on the main actor only, so generic code uses it there.
///
/// ```swift
/// func expectOpens<R: URLRouting>(_ router: R, _ links: [String]) -> [String] {
///   links.filter { router.route($0, context: RoutingContext()) == nil }   // the dead links
/// }
/// ```
public protocol URLRouting<Output>: AnyObject {
  /// What the router's handlers give.
  associatedtype Output

  /// Routes `url` (see ``Router/route(_:context:)``).
  @discardableResult
  func route(_ url: String, context: RoutingContext) -> Output?

  /// Routes `url` and tells what happened (see ``Router/resolve(_:context:)``).
  func resolve(_ url: String, context: RoutingContext) -> RoutingResult<Output>

  /// The back stack for `url` (see ``Router/stack(for:context:)``).
  func stack(for url: String, context: RoutingContext) -> [Output]

  /// The best matching route for `url`, running nothing (see ``Routing/match(_:)``).
  func match(_ url: String) -> RouteMatch?

  /// Whether some route matches `url`, running nothing (see ``Routing/canRoute(_:)``).
  func canRoute(_ url: String) -> Bool
}

extension Router: URLRouting {}

extension MainActorRouter: @MainActor URLRouting {}
