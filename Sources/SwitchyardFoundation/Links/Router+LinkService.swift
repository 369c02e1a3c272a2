public import Switchyard

// What an app found or was opened with, looked up by its link service when it is the
// service's, and dispatched as a held link of a `Router`, a `MainActorRouter` or a `Navigator`.

extension Router where Output: Sendable {
  /// Dispatches what the app found or was opened with, asking `service` first when it is one
  /// of the service's: as `Router.dispatch(_:policy:stack:context:)` does, held until its
  /// route has a handler and its gates are open, under its hold policy and the router's clock.
  ///
  /// `found` is any of:
  /// - a short link of the service (`https://HOST/l/CODE`): looked up (`GET /v1/links/CODE`);
  /// - the one-time link the iOS landing page copies
  ///   (`https://HOST/l/CODE?switchyard_token=TOKEN`), or an Install Referrer as Google Play's
  ///   client gives it (`switchyard_token=TOKEN&…`): the token is redeemed
  ///   (`POST /v1/redeem`), once;
  /// - any other link (`shop://product/42`, `https://shop.example.com/product/42`):
  ///   dispatched as it is, so `onOpenURL` can hand every URL here;
  /// - text that is no link (no scheme, no token: an organic install's referrer): not sent,
  ///   not dispatched; it ends at once as `LinkOutcome.unresolved` with
  ///   ``LinkServiceError/notALink(_:)``.
  ///
  /// A link the service is asked about is held from this call on, while the request runs:
  /// listed in `links.held` (as `found`, with no route name yet), timed out by its hold policy
  /// on the router's clock, cancelled by `DispatchedLink.cancel()` or `links.cancelAll()`
  /// (which stops the request), and heard of by the event stream (`held`, then `released`
  /// when the answer comes). The long link the service answers then takes its place, with the
  /// same identity; its timeout still counts from this call. When the service gives no link,
  /// the link ends as `LinkOutcome.unresolved` with a ``LinkServiceError`` (unreachable,
  /// spent, unknown) as its `LinkResult.error`.
  ///
  /// ```swift
  /// let links = LinkService(URL(string: "https://links.example.com")!)
  /// let link = router.dispatch(resolving: installReferrer, via: links)
  /// // …signed in later:
  /// router.links.openGate(.signedIn)
  /// let result = await link.result   // .handled, or .unresolved with result.error
  /// ```
  /// - Parameters:
  ///   - found: What the app found or was opened with.
  ///   - service: The link service that made the link.
  ///   - policy: How the link is held, as for `Router.dispatch(_:policy:stack:context:)`; while
  ///     the service is asked (no route is known yet), this policy or else the router's.
  ///   - stack: Deliver its back stack too.
  ///   - context: What the call carries to interceptors and handlers.
  @discardableResult
  public func dispatch(
    resolving found: String, via service: LinkService, policy: HoldPolicy? = nil,
    stack: Bool = false, context: RoutingContext = RoutingContext()
  ) -> DispatchedLink<Output> {
    service.dispatch(found, into: links) {
      dispatch(found, policy: policy, stack: stack, context: context)
    } lookingUp: { lookUp in
      dispatch(resolving: found, policy: policy, stack: stack, context: context, lookUp: lookUp)
    }
  }
}

extension MainActorRouter where Output: Sendable {
  /// Dispatches what the app found or was opened with, asking `service` first when it is one
  /// of the service's, with handlers on the main actor (see
  /// ``Router/dispatch(resolving:via:policy:stack:context:)``).
  ///
  /// ```swift
  /// .onOpenURL { url in router.dispatch(resolving: url.absoluteString, via: links) }
  /// ```
  @discardableResult
  public func dispatch(
    resolving found: String, via service: LinkService, policy: HoldPolicy? = nil,
    stack: Bool = false, context: RoutingContext = RoutingContext()
  ) -> DispatchedLink<Output> {
    service.dispatch(found, into: links) {
      dispatch(found, policy: policy, stack: stack, context: context)
    } lookingUp: { lookUp in
      dispatch(resolving: found, policy: policy, stack: stack, context: context, lookUp: lookUp)
    }
  }
}

extension Navigator {
  /// Dispatches what the app found or was opened with to this navigator, asking `service`
  /// first when it is one of the service's, shown as `presentation` says once its route has a
  /// screen and its gates are open (see ``Router/dispatch(resolving:via:policy:stack:context:)``
  /// and `Navigator.dispatch(_:_:policy:context:)`). The result's output is whether something
  /// was shown.
  ///
  /// ```swift
  /// // Cold start from a short link: the screen with its parents behind it.
  /// navigator.dispatch(resolving: "https://go.example.com/l/Ab3dE9xQ", via: links, .showStack())
  /// ```
  @discardableResult
  public func dispatch(
    resolving found: String, via service: LinkService, _ presentation: LinkPresentation = .push(),
    policy: HoldPolicy? = nil, context: RoutingContext = RoutingContext()
  ) -> DispatchedLink<Bool> {
    service.dispatch(found, into: links) {
      dispatch(found, presentation, policy: policy, context: context)
    } lookingUp: { lookUp in
      dispatch(resolving: found, presentation, policy: policy, context: context, lookUp: lookUp)
    }
  }
}

extension LinkService {
  /// The one body of every `dispatch(resolving:via:)`: a link of the service is dispatched
  /// by `lookingUp` with the look-up to run, any other link by `asIs`, and text that is no
  /// link ends at once in `links` as unresolved.
  func dispatch<Output: Sendable>(
    _ found: String, into links: HeldLinks<Output>,
    asIs: () -> DispatchedLink<Output>,
    lookingUp: (@escaping @Sendable () async -> LookedUpLink) -> DispatchedLink<Output>
  ) -> DispatchedLink<Output> {
    switch classify(found) {
    case .service(let request): lookingUp { [self] in await lookUp(request) }
    case .link: asIs()
    case .text: links.finished(found, .unresolved, error: LinkServiceError.notALink(found))
    }
  }
}
