/// What a ``Navigator`` shows screens through: an app's navigation stack.
///
/// Implement it over a `UINavigationController`, a SwiftUI `NavigationStack` path, or — in
/// tests and on Linux — a recording list. `SwitchyardUI` ships the UIKit and SwiftUI hosts.
///
/// ```swift
/// final class RecordingHost: NavigationHost {
///   var shown: [String] = []
///   func push(_ screen: String, animated: Bool) { shown.append("push \(screen)") }
///   func present(_ screen: String, wrap: Bool, animated: Bool) {
///     shown.append("present \(screen)\(wrap ? " wrapped" : "")")
///   }
/// }
/// ```
@MainActor
public protocol NavigationHost<Screen>: AnyObject {
  /// What the host shows: `UIViewController`, a destination enum, …
  associatedtype Screen

  /// Pushes `screen` on the navigation stack.
  func push(_ screen: Screen, animated: Bool)

  /// Presents `screen` modally; with `wrap`, inside its own navigation container.
  func present(_ screen: Screen, wrap: Bool, animated: Bool)

  /// Replaces the stack above the root with `screens`, shortest path first (a back stack).
  /// By default each screen is pushed in order.
  func setStack(_ screens: [Screen], animated: Bool)
}

extension NavigationHost {
  /// Pushes each screen in order.
  public func setStack(_ screens: [Screen], animated: Bool) {
    for screen in screens { push(screen, animated: animated) }
  }
}

/// URL navigation in DeepNavigator's style, platform-neutral: map patterns to screen factories
/// or to open-handlers, then ``push(_:animated:context:)``, ``present(_:wrap:animated:context:)`` or
/// ``open(_:context:)`` URLs through a ``NavigationHost``.
///
/// ```swift
/// let navigator = Navigator<UIViewController>(scheme: "myapp", host: host)
/// try navigator.map("/user/<int:id>") { match in UserViewController(id: try match.value("id", as: Int.self)) }
/// try navigator.map("/post/<title>", PostViewController.init(match:))
/// try navigator.map("/alert", open: { match in
///   showAlert(title: match.query.last("title"), message: match.query.last("message"))
///   return true
/// })
///
/// navigator.push("myapp://user/123")
/// navigator.present("/post/54321", wrap: true)
/// navigator.open("myapp://alert?title=Hello&message=World")
/// ```
///
/// A factory that returns `nil` (or throws), or an open-handler that returns `false` (or
/// throws), declines: the next candidate of the same kind runs (<doc:Precedence>). Interceptors and
/// observers work as on a ``Router``. There is no unmatched handler: ``push(_:animated:context:)`` and
/// ``present(_:wrap:animated:context:)`` return `nil` and ``open(_:context:)`` returns `false`, so the caller
/// can try the next way (open, else present). A navigator lives on the main actor, like the UI
/// it drives.
@MainActor
public final class Navigator<Screen>: Routing, @unchecked Sendable {
  /// Builds the screen for a match, or returns `nil` (or throws) to decline.
  public typealias ScreenFactory = @MainActor (RouteMatch) throws -> Screen?
  /// Handles a URL without a screen; returns `false` (or throws) to decline.
  public typealias OpenHandler = @MainActor (RouteMatch) throws -> Bool

  /// Where screens are pushed and presented. Held weakly: the app owns its navigation UI.
  public weak var host: (any NavigationHost<Screen>)?

  /// Creates a navigator that reads patterns and URLs with `options` (a ``RouteOptions/defaultScheme``
  /// lets both be written without a scheme).
  ///
  /// ```swift
  /// let navigator = Navigator<Screen>(host: host, options: RouteOptions(defaultScheme: "myapp"))
  /// ```
  public init(host: (any NavigationHost<Screen>)? = nil, options: RouteOptions = RouteOptions()) {
    self.host = host
    super.init(core: RouterCore(RoutingRegistry(options: options)))
  }

  /// Creates a navigator whose patterns and URLs without a scheme get `scheme`
  /// (DeepNavigator's `Navigator.scheme`): `map("/user/<int:id>")` is
  /// `map("myapp://user/<int:id>")`, `push("/user/10")` is `push("myapp://user/10")`.
  ///
  /// ```swift
  /// let navigator = Navigator<UIViewController>(scheme: "myapp", host: host)
  /// ```
  public convenience init(scheme: String, host: (any NavigationHost<Screen>)? = nil) {
    self.init(host: host, options: RouteOptions(defaultScheme: scheme))
  }

  // MARK: Mapping

  /// Maps `pattern` to a screen factory, used by ``screen(for:context:)``, ``push(_:animated:context:)``,
  /// ``present(_:wrap:animated:context:)`` and ``stack(for:context:)``.
  ///
  /// ```swift
  /// try navigator.map("myapp://user/<int:id>") { match in
  ///   UserViewController(userID: try match.value("id", as: Int.self))
  /// }
  /// ```
  /// - Throws: ``RouteTableError`` for a bad pattern or a taken name.
  @discardableResult
  public func map(
    _ pattern: String, name: String? = nil, priority: Int = 0,
    metadata: RouteMetadata = RouteMetadata(),
    _ factory: @escaping ScreenFactory
  ) throws(RouteTableError) -> Route {
    try core.add(
      pattern, name: name, priority: priority, metadata: metadata,
      handler: .mainActor(MainActorHandlerBox(factory)))
  }

  /// Maps `pattern` to an open-handler, run by ``open(_:context:)``.
  ///
  /// ```swift
  /// try navigator.map("myapp://alert", open: { match in
  ///   print(match.query.last("title") ?? "", match.query.last("message") ?? "")
  ///   return true
  /// })
  /// ```
  /// - Throws: ``RouteTableError`` for a bad pattern or a taken name.
  @discardableResult
  public func map(
    _ pattern: String, name: String? = nil, priority: Int = 0,
    metadata: RouteMetadata = RouteMetadata(),
    open handler: @escaping OpenHandler
  ) throws(RouteTableError) -> Route {
    try core.add(
      pattern, name: name, priority: priority, metadata: metadata, handler: .open(handler))
  }

  // MARK: Navigating

  /// The screen for `url` (DeepNavigator's `viewControllerForURL`), without showing it.
  ///
  /// ```swift
  /// window.rootViewController = navigator.screen(for: launchURL)
  /// ```
  public func screen(for url: String, context: RoutingContext = RoutingContext()) -> Screen? {
    resolveScreen(url, context, core.snapshot(), isLeaf: true).output
  }

  /// Builds the screen for `url` and pushes it on the host.
  ///
  /// ```swift
  /// navigator.push("myapp://user/123")
  /// ```
  /// - Returns: The screen pushed, or `nil` when no screen route took the URL.
  @discardableResult
  public func push(
    _ url: String, animated: Bool = true, context: RoutingContext = RoutingContext()
  ) -> Screen? {
    guard let screen = screen(for: url, context: context) else { return nil }
    host?.push(screen, animated: animated)
    return screen
  }

  /// Builds the screen for `url` and presents it on the host; with `wrap`, inside its own
  /// navigation container.
  ///
  /// ```swift
  /// navigator.present("myapp://post/54321", wrap: true)
  /// ```
  /// - Returns: The screen presented, or `nil` when no screen route took the URL.
  @discardableResult
  public func present(
    _ url: String, wrap: Bool = false, animated: Bool = true,
    context: RoutingContext = RoutingContext()
  ) -> Screen? {
    guard let screen = screen(for: url, context: context) else { return nil }
    host?.present(screen, wrap: wrap, animated: animated)
    return screen
  }

  /// Runs the open-handlers of `url`, best first, until one returns `true`. Screen routes are
  /// not considered: use ``push(_:animated:context:)`` or ``present(_:wrap:animated:context:)`` for those.
  ///
  /// ```swift
  /// if navigator.open(url) || navigator.present(url, wrap: true) != nil { return true }
  /// ```
  @discardableResult
  public func open(_ url: String, context: RoutingContext = RoutingContext()) -> Bool {
    let outcome = core.snapshot().dispatch(url, context: context, describesUnmatched: false) {
      $0.runOpen($1)
    }
    return outcome.match != nil
  }

  /// The back stack for `url`: the screens of its parent routes, then its own (the rule is
  /// ``Router/stack(for:context:)``'s).
  ///
  /// ```swift
  /// navigator.stack(for: "myapp://user/42/post/7")   // [user 42 screen, post 7 screen]
  /// ```
  public func stack(for url: String, context: RoutingContext = RoutingContext()) -> [Screen] {
    let snapshot = core.snapshot()
    return snapshot.stack(for: url) { url, isLeaf in
      resolveScreen(url, context, snapshot, isLeaf: isLeaf)
    }
  }

  /// Builds the back stack for `url` and hands it to the host's
  /// ``NavigationHost/setStack(_:animated:)`` — a cold-start deep link opens with its parents
  /// behind it.
  ///
  /// ```swift
  /// navigator.showStack(for: launchURL)
  /// ```
  /// - Returns: The screens, or `[]` (and the host is not touched) when `url` has no screen.
  @discardableResult
  public func showStack(
    for url: String, animated: Bool = false, context: RoutingContext = RoutingContext()
  ) -> [Screen] {
    let screens = stack(for: url, context: context)
    if !screens.isEmpty { host?.setStack(screens, animated: animated) }
    return screens
  }

  private func resolveScreen(
    _ url: String, _ context: RoutingContext, _ snapshot: RoutingSnapshot, isLeaf: Bool
  ) -> (output: Screen?, outcome: DispatchOutcome) {
    snapshot.resolve(url, context: context, interceptors: isLeaf) {
      (handler, match, output: inout Screen?) in handler.runOnMainActor(match, into: &output)
    }
  }
}
