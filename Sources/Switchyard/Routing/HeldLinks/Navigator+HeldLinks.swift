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
  nonisolated public var links: HeldLinks<Bool> { core.heldLinks.get(Bool.self) }

  /// Attaches (or replaces) the screen factory of the route named `name`, and delivers the
  /// links held for it.
  ///
  /// ```swift
  /// try navigator.attach("user") { match in UserViewController(id: try match.value("id", as: Int.self)) }
  /// ```
  /// - Throws: ``HeldLinkError`` when no route has that name.
  public func attach(_ name: String, _ factory: @escaping ScreenFactory) throws(HeldLinkError) {
    try core.attach(.mainActor(MainActorHandlerBox(factory)), to: name, links: links)
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
    dispatch(url, presentation, policy: policy, context: context, resumed: nil)
  }

  /// Dispatches a link whose URL `lookUp` finds (see
  /// ``Router/dispatch(resolving:policy:stack:context:lookUp:)``), shown as `presentation`
  /// says.
  package func dispatch(
    resolving found: String, _ presentation: LinkPresentation, policy: HoldPolicy?,
    context: RoutingContext, lookUp: @escaping @Sendable () async -> LookedUpLink
  ) -> DispatchedLink<Bool> {
    links.dispatch(
      resolving: found, policy: policy, withStack: false, context: context,
      reader: core.read().snapshot.reader, lookUp: lookUp
    ) { [weak self] url, resumed in
      await self?.dispatch(url, presentation, policy: policy, context: context, resumed: resumed)
    }
  }

  @discardableResult
  private func dispatch(
    _ url: String, _ presentation: LinkPresentation, policy: HoldPolicy?,
    context: RoutingContext, resumed: HeldLinks<Bool>.Resumed?
  ) -> DispatchedLink<Bool> {
    core.dispatch(
      url, policy: policy, withStack: false, context: context, into: links, resumed: resumed
    ) {
      link, _, _ in
      self.show(link, presentation)
    } later: { [weak self] link, _ in
      await self?.show(link, presentation)
    }
  }

  private func show(_ link: HeldLinks<Bool>.Parcel, _ presentation: LinkPresentation)
    -> LinkResult<Bool>
  {
    let (url, context) = (link.url, link.context)
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
      link.id, url, shown ? .handled : .unmatched, output: shown, match: link.match)
  }
}
