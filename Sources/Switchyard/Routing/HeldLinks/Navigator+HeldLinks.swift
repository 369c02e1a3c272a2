// Held links on a `Navigator`: a link that arrives before its screen can be shown waits, then
// is pushed, presented, opened or shown with its back stack (see `Router+HeldLinks.swift`).

/// How a ``Navigator`` shows a dispatched link once it is delivered.
///
/// ```swift
/// navigator.dispatch("myapp://user/42", .present(wrap: true))
/// ```
public struct LinkPresentation: Sendable, Hashable {
  enum Storage: Sendable, Hashable {
    case push(animated: Bool)
    case present(wrap: Bool, animated: Bool)
    case open
    case showStack(animated: Bool)
  }
  let storage: Storage

  /// Pushes the link's screen (``Navigator/push(_:animated:context:)``).
  public static func push(animated: Bool = true) -> LinkPresentation {
    LinkPresentation(storage: .push(animated: animated))
  }

  /// Presents the link's screen (``Navigator/present(_:wrap:animated:context:)``).
  public static func present(wrap: Bool = false, animated: Bool = true) -> LinkPresentation {
    LinkPresentation(storage: .present(wrap: wrap, animated: animated))
  }

  /// Runs the link's open-handlers (``Navigator/open(_:context:)``).
  public static let open = LinkPresentation(storage: .open)

  /// Shows the link's screen with its parents behind it
  /// (``Navigator/showStack(for:animated:context:)``): the cold-start case.
  public static func showStack(animated: Bool = false) -> LinkPresentation {
    LinkPresentation(storage: .showStack(animated: animated))
  }
}

extension Navigator {
  /// The links this navigator holds, and the gates, policy, clock and events that govern them
  /// (see ``Router/links``). A link's output is whether something was shown.
  nonisolated public var links: HeldLinks<Bool> { heldLinksSlot.get(Bool.self) }

  /// Declares a screen route whose factory is attached later with
  /// ``attach(_:_:)-(String,_)``; until then links for it are held by
  /// ``dispatch(_:_:policy:context:)`` (see ``Router/declare(_:name:priority:metadata:)``).
  ///
  /// ```swift
  /// try navigator.declare("/user/<int:id>", name: "user")
  /// ```
  @discardableResult
  public func declare(
    _ pattern: String, name: String? = nil, priority: Int = 0,
    metadata: RouteMetadata = RouteMetadata()
  ) throws(RouteTableError) -> Route {
    try registry.add(
      pattern, name: name, priority: priority, metadata: metadata, handler: .declared)
  }

  /// Attaches (or replaces) the screen factory of the route named `name`, and delivers the
  /// links held for it.
  ///
  /// ```swift
  /// try navigator.attach("user") { match in UserViewController(id: try match.int("id")) }
  /// ```
  /// - Throws: ``HeldLinkError`` when no route has that name.
  public func attach(_ name: String, _ factory: @escaping ScreenFactory) throws(HeldLinkError) {
    guard registry.setHandler(Navigator.erase(factory), for: name) else {
      throw HeldLinkError(unknownRoute: name, known: routes.map(\.name))
    }
    links.handlerAttached(to: name)
  }

  /// Dispatches a link: shown now (as `presentation` says) when its route has a screen and its
  /// gates are open, held until then, or ended at once as unmatched (see
  /// ``Router/dispatch(_:policy:stack:context:)``). The result's output is whether something
  /// was shown.
  ///
  /// ```swift
  /// navigator.dispatch("myapp://user/42")                  // pushed once it can be
  /// navigator.dispatch(launchURL, .showStack())           // cold start: with its parents
  /// ```
  @discardableResult
  public func dispatch(
    _ url: String, _ presentation: LinkPresentation = .push(), policy: HoldPolicy? = nil,
    context: RoutingContext = RoutingContext()
  ) -> DispatchedLink<Bool> {
    links.dispatch(
      url, policy: policy, withStack: false, context: context,
      lookup: {
        let snapshot = registry.snapshot()
        return HeldLinks.Lookup(snapshot.best(url), reader: snapshot.reader)
      }
    ) { [weak self] entry in
      // Weak: a held link must not keep its navigator alive (it owns its held links).
      guard let self else { return .ended(HeldLinks.result(entry, .cancelled)) }
      return .ended(await self.show(entry, presentation))
    }
  }

  private func show(_ entry: HeldLinks<Bool>.Entry, _ presentation: LinkPresentation)
    -> LinkResult<Bool>
  {
    let (url, context) = (entry.link.url, entry.context)
    let shown: Bool
    switch presentation.storage {
    case .push(let animated): shown = push(url, animated: animated, context: context) != nil
    case .present(let wrap, let animated):
      shown = present(url, wrap: wrap, animated: animated, context: context) != nil
    case .open: shown = open(url, context: context)
    case .showStack(let animated):
      shown = !showStack(for: url, animated: animated, context: context).isEmpty
    }
    return LinkResult(
      entry.link.id, url, shown ? .handled : .unmatched, output: shown, match: entry.match)
  }
}
