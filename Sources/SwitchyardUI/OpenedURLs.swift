// The links the system opens, dispatched into a `Router`, a `MainActorRouter` or a `Navigator`
// (their held links wait until the route can take them). Thin by design: each adapter turns the
// platform's type into text and calls the core's `dispatch(openedURLs:)` or
// `dispatch(activityType:webpageURL:)`, whose decisions (which activities carry a link, the
// order of a scene's URLs) the Linux build tests.
#if canImport(SwiftUI)
  import SwiftUI

  extension View {
    /// Dispatches every URL the system opens in this view's scene into `router`, where it waits
    /// until its route can take it (see the "Links That Arrive Too Early" article).
    ///
    /// ```swift
    /// WindowGroup { ContentView().dispatchingOpenedURLs(to: router) }
    /// ```
    public func dispatchingOpenedURLs<Output: Sendable>(to router: Router<Output>) -> some View {
      onOpenURL { url in _ = router.dispatch(url.absoluteString) }
    }

    /// Dispatches every URL the system opens in this view's scene into a main-actor `router`,
    /// whose handlers can then change the view's state directly.
    ///
    /// ```swift
    /// WindowGroup { ContentView().dispatchingOpenedURLs(to: router) }
    /// ```
    public func dispatchingOpenedURLs<Output: Sendable>(to router: MainActorRouter<Output>)
      -> some View
    {
      onOpenURL { url in _ = router.dispatch(url.absoluteString) }
    }

    /// Dispatches every URL the system opens in this view's scene into `navigator`, shown as
    /// `presentation` says once its screen can be built (pushed by default).
    ///
    /// ```swift
    /// WindowGroup { ContentView().dispatchingOpenedURLs(to: navigator, .showStack()) }
    /// ```
    public func dispatchingOpenedURLs<Screen>(
      to navigator: Navigator<Screen>, _ presentation: LinkPresentation = .push()
    ) -> some View {
      onOpenURL { url in _ = navigator.dispatch(url.absoluteString, presentation) }
    }
  }
#endif

#if canImport(UIKit) && !os(watchOS)
  import UIKit

  extension Router where Output: Sendable {
    /// Dispatches the URLs a scene is opened with (`connectionOptions.urlContexts` in
    /// `scene(_:willConnectTo:options:)`) or asked to open (`scene(_:openURLContexts:)`), in
    /// the order of their text.
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
    ///   router.dispatch(contexts)
    /// }
    /// ```
    @MainActor @discardableResult
    public func dispatch(_ contexts: Set<UIOpenURLContext>) -> [DispatchedLink<Output>] {
      dispatch(openedURLs: contexts.map(\.url.absoluteString))
    }

    /// Dispatches a universal link's URL (an `NSUserActivityTypeBrowsingWeb` activity);
    /// returns `nil` for other activities.
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, continue activity: NSUserActivity) { router.dispatch(activity) }
    /// ```
    @MainActor @discardableResult
    public func dispatch(_ activity: NSUserActivity) -> DispatchedLink<Output>? {
      dispatch(activityType: activity.activityType, webpageURL: activity.webpageURL?.absoluteString)
    }
  }

  extension MainActorRouter where Output: Sendable {
    /// Dispatches the URLs a scene is opened with or asked to open, in the order of their
    /// text; the handlers run on the main actor.
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
    ///   router.dispatch(contexts)
    /// }
    /// ```
    @discardableResult
    public func dispatch(_ contexts: Set<UIOpenURLContext>) -> [DispatchedLink<Output>] {
      dispatch(openedURLs: contexts.map(\.url.absoluteString))
    }

    /// Dispatches a universal link's URL (an `NSUserActivityTypeBrowsingWeb` activity);
    /// returns `nil` for other activities.
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, continue activity: NSUserActivity) { router.dispatch(activity) }
    /// ```
    @discardableResult
    public func dispatch(_ activity: NSUserActivity) -> DispatchedLink<Output>? {
      dispatch(activityType: activity.activityType, webpageURL: activity.webpageURL?.absoluteString)
    }
  }

  extension Navigator {
    /// Dispatches the URLs a scene is opened with or asked to open, in the order of their
    /// text, each shown as `presentation` says (pushed by default).
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
    ///            options connectionOptions: UIScene.ConnectionOptions) {
    ///   navigator.dispatch(connectionOptions.urlContexts, .showStack())  // cold start
    /// }
    /// ```
    @discardableResult
    public func dispatch(
      _ contexts: Set<UIOpenURLContext>, _ presentation: LinkPresentation = .push()
    ) -> [DispatchedLink<Bool>] {
      dispatch(openedURLs: contexts.map(\.url.absoluteString), presentation)
    }

    /// Dispatches a universal link's URL (an `NSUserActivityTypeBrowsingWeb` activity), shown
    /// as `presentation` says; returns `nil` for other activities.
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, continue activity: NSUserActivity) { navigator.dispatch(activity) }
    /// ```
    @discardableResult
    public func dispatch(
      _ activity: NSUserActivity, _ presentation: LinkPresentation = .push()
    ) -> DispatchedLink<Bool>? {
      dispatch(
        activityType: activity.activityType,
        webpageURL: activity.webpageURL?.absoluteString, presentation)
    }
  }
#endif
