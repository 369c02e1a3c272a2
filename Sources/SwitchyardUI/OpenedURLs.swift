// The links the system opens, dispatched into a router's held links (platform-neutral logic:
// `Router.dispatch`, tested on Linux). Thin by design: each adapter only turns the platform's
// URL type into a string.
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
  }
#endif

#if canImport(UIKit) && !os(watchOS)
  import UIKit

  extension Router where Output: Sendable {
    /// Dispatches the URLs a scene is opened with (`connectionOptions.urlContexts` in
    /// `scene(_:willConnectTo:options:)`) or asked to open (`scene(_:openURLContexts:)`).
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
    ///   router.dispatch(contexts)
    /// }
    /// ```
    @MainActor @discardableResult
    public func dispatch(_ contexts: Set<UIOpenURLContext>) -> [DispatchedLink<Output>] {
      contexts.map { dispatch($0.url.absoluteString) }
    }

    /// Dispatches a universal link's URL (an `NSUserActivityTypeBrowsingWeb` activity);
    /// returns `nil` for other activities.
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, continue activity: NSUserActivity) { router.dispatch(activity) }
    /// ```
    @MainActor @discardableResult
    public func dispatch(_ activity: NSUserActivity) -> DispatchedLink<Output>? {
      guard activity.activityType == NSUserActivityTypeBrowsingWeb, let url = activity.webpageURL
      else { return nil }
      return dispatch(url.absoluteString)
    }
  }
#endif
