public import Switchyard

// What an app found at launch, looked up by its link service and dispatched as a held link.

extension Router where Output: Sendable {
  /// Asks `service` for the long link behind what the app found, and dispatches it as
  /// `Router.dispatch(_:policy:stack:context:)` does: held until its route has a handler and
  /// its gates are open, under its hold policy and the router's clock.
  ///
  /// `found` is any of:
  /// - an Install Referrer as Google Play's client gives it (`switchyard_token=TOKEN&…`);
  /// - the clipboard's text, the one-time link the iOS landing page copies
  ///   (`https://HOST/l/CODE?switchyard_token=TOKEN`);
  /// - a short link the app was opened with (`https://HOST/l/CODE`).
  ///
  /// A token is redeemed (`POST /v1/redeem`), once; a short link is looked up
  /// (`GET /v1/links/CODE`). Any other text is not sent. When the service does not give a
  /// link, the link ends at once as `LinkOutcome.unresolved` with a ``LinkServiceError``
  /// (unreachable, spent, unknown, not a link) as its `LinkResult.error`; the event stream
  /// hears of it as of any link. When the calling task is cancelled before the service answers,
  /// the link ends as cancelled; a task cancelled already sends nothing (and spends no token).
  ///
  /// ```swift
  /// let links = LinkService(URL(string: "https://links.example.com")!)
  /// let link = await router.dispatch(resolving: installReferrer, via: links)
  /// // …signed in later:
  /// router.links.openGate(.signedIn)
  /// let result = await link.result   // .handled, or .unresolved with result.error
  /// ```
  /// - Parameters:
  ///   - found: The Install Referrer, clipboard text or short link.
  ///   - service: The link service that made the link.
  ///   - policy: How the long link is held, as for `Router.dispatch(_:policy:stack:context:)`.
  ///   - stack: Deliver its back stack too.
  ///   - context: What the call carries to interceptors and handlers.
  @discardableResult
  public func dispatch(
    resolving found: String, via service: LinkService, policy: HoldPolicy? = nil,
    stack: Bool = false, context: RoutingContext = RoutingContext()
  ) async -> DispatchedLink<Output> {
    switch await service.resolve(found) {
    case .resolved(let url): dispatch(url, policy: policy, stack: stack, context: context)
    case .ended(let outcome, let error): links.finished(found, outcome, error: error)
    }
  }
}

extension MainActorRouter where Output: Sendable {
  /// Asks `service` for the long link behind what the app found and dispatches it, with
  /// handlers on the main actor (see ``Router/dispatch(resolving:via:policy:stack:context:)``).
  ///
  /// ```swift
  /// .task {
  ///   if let text = UIPasteboard.general.string {
  ///     await router.dispatch(resolving: text, via: links)
  ///   }
  /// }
  /// ```
  @discardableResult
  public func dispatch(
    resolving found: String, via service: LinkService, policy: HoldPolicy? = nil,
    stack: Bool = false, context: RoutingContext = RoutingContext()
  ) async -> DispatchedLink<Output> {
    switch await service.resolve(found) {
    case .resolved(let url): dispatch(url, policy: policy, stack: stack, context: context)
    case .ended(let outcome, let error): links.finished(found, outcome, error: error)
    }
  }
}
