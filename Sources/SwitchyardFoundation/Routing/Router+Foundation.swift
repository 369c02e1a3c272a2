public import Switchyard

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

// Foundation `URL`s for the routers (written once, over `URLRouting`) and the navigator: each
// overload routes the URL's `absoluteString`, exactly as the `String` form would.

extension URLRouting {
  /// Routes a Foundation `URL` (see `route(_:context:)` on the URL's text).
  ///
  /// ```swift
  /// func application(_ app: UIApplication, open url: URL, options: …) -> Bool {
  ///   router.route(url) != nil
  /// }
  /// ```
  @discardableResult
  public func route(_ url: URL, context: RoutingContext = RoutingContext()) -> Output? {
    route(url.absoluteString, context: context)
  }

  /// Resolves a Foundation `URL` (see `resolve(_:context:)` on the URL's text).
  public func resolve(
    _ url: URL, context: RoutingContext = RoutingContext()
  ) -> RoutingResult<Output> {
    resolve(url.absoluteString, context: context)
  }

  /// The back stack of a Foundation `URL` (see `stack(for:context:)` on the URL's text).
  public func stack(for url: URL, context: RoutingContext = RoutingContext()) -> [Output] {
    stack(for: url.absoluteString, context: context)
  }

  /// The best match for a Foundation `URL`, running nothing.
  public func match(_ url: URL) -> RouteMatch? {
    match(url.absoluteString)
  }

  /// Whether some route matches a Foundation `URL`.
  public func canRoute(_ url: URL) -> Bool {
    canRoute(url.absoluteString)
  }
}

extension Router {
  /// Routes a Foundation `URL` through async handlers too (see ``Router/handle(_:context:)``).
  @discardableResult
  public func handle(_ url: URL, context: RoutingContext = RoutingContext()) async throws
    -> Output?
  {
    try await handle(url.absoluteString, context: context)
  }
}

extension Navigator {
  /// The screen for a Foundation `URL`, without showing it.
  public func screen(for url: URL, context: RoutingContext = RoutingContext()) -> Screen? {
    screen(for: url.absoluteString, context: context)
  }

  /// Pushes the screen for a Foundation `URL`.
  ///
  /// ```swift
  /// navigator.push(URL(string: "myapp://user/42")!)
  /// ```
  @discardableResult
  public func push(
    _ url: URL, animated: Bool = true, context: RoutingContext = RoutingContext()
  ) -> Screen? {
    push(url.absoluteString, animated: animated, context: context)
  }

  /// Presents the screen for a Foundation `URL`.
  @discardableResult
  public func present(
    _ url: URL, wrap: Bool = false, animated: Bool = true,
    context: RoutingContext = RoutingContext()
  ) -> Screen? {
    present(url.absoluteString, wrap: wrap, animated: animated, context: context)
  }

  /// Runs the open-handlers of a Foundation `URL`.
  @discardableResult
  public func open(_ url: URL, context: RoutingContext = RoutingContext()) -> Bool {
    open(url.absoluteString, context: context)
  }

  /// Whether some mapped route matches a Foundation `URL`.
  public func canRoute(_ url: URL) -> Bool {
    canRoute(url.absoluteString)
  }

  /// Shows the back stack of a Foundation `URL`.
  @discardableResult
  public func showStack(
    for url: URL, animated: Bool = false, context: RoutingContext = RoutingContext()
  ) -> [Screen] {
    showStack(for: url.absoluteString, animated: animated, context: context)
  }
}

/// `<uuid:id>` captures (and any UUID-shaped query value) read as Foundation `UUID`s.
///
/// ```swift
/// try router.register("shop://account/orders/<uuid:id>") { match in
///   .order(try match.value("id", as: UUID.self))
/// }
/// ```
///
/// The conformance lives here because the core module has no Foundation; `RouteParameter` is
/// this package's own protocol, so it is not a retroactive conformance and apps need not (and
/// should not) write their own.
extension UUID: RouteParameter {
  /// A UUID in its canonical text form, any case.
  public init?(routeParameter text: String) {
    self.init(uuidString: text)
  }
}
