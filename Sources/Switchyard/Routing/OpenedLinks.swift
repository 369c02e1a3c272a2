// The links the system opens an app with, as the platform glue (SwitchyardUI) hands them to a
// `Router`, a `MainActorRouter` or a `Navigator`. The decisions live here, where the Linux
// build tests them; the glue only turns the platform's types (`UIOpenURLContext`,
// `NSUserActivity`, SwiftUI's `onOpenURL`) into text and calls these.

/// What the platform glue asks about the links the system opens.
package enum OpenedLinks {
  /// The activity type of a universal link: the value of Foundation's
  /// `NSUserActivityTypeBrowsingWeb`.
  package static let browsingWebActivityType = "NSUserActivityTypeBrowsingWeb"

  /// The link a user activity carries: its web page's URL when it is a universal link (a
  /// browsing-web activity with a URL), else `nil` (Handoff, Spotlight and the like).
  package static func link(activityType: String, webpageURL: String?) -> String? {
    activityType == browsingWebActivityType ? webpageURL : nil
  }

  /// The URLs a scene is opened with, in the order they are dispatched: UIKit hands them over
  /// as a set, which has no order of its own, so they go by their text (the same order on
  /// every launch).
  package static func inOrder(_ urls: some Sequence<String>) -> [String] {
    urls.sorted()
  }
}

extension Router where Output: Sendable {
  /// Dispatches each URL a scene is opened with, in ``OpenedLinks/inOrder(_:)``'s order.
  package func dispatch(openedURLs urls: some Sequence<String>) -> [DispatchedLink<Output>] {
    OpenedLinks.inOrder(urls).map { dispatch($0) }
  }

  /// Dispatches a universal link's URL; `nil` for any other activity.
  package func dispatch(activityType: String, webpageURL: String?) -> DispatchedLink<Output>? {
    OpenedLinks.link(activityType: activityType, webpageURL: webpageURL).map { dispatch($0) }
  }
}

extension MainActorRouter where Output: Sendable {
  /// Dispatches each URL a scene is opened with, in ``OpenedLinks/inOrder(_:)``'s order.
  package func dispatch(openedURLs urls: some Sequence<String>) -> [DispatchedLink<Output>] {
    OpenedLinks.inOrder(urls).map { dispatch($0) }
  }

  /// Dispatches a universal link's URL; `nil` for any other activity.
  package func dispatch(activityType: String, webpageURL: String?) -> DispatchedLink<Output>? {
    OpenedLinks.link(activityType: activityType, webpageURL: webpageURL).map { dispatch($0) }
  }
}

extension Navigator {
  /// Dispatches each URL a scene is opened with, in ``OpenedLinks/inOrder(_:)``'s order,
  /// shown as `presentation` says.
  package func dispatch(openedURLs urls: some Sequence<String>, _ presentation: LinkPresentation)
    -> [DispatchedLink<Bool>]
  {
    OpenedLinks.inOrder(urls).map { dispatch($0, presentation) }
  }

  /// Dispatches a universal link's URL, shown as `presentation` says; `nil` for any other
  /// activity.
  package func dispatch(
    activityType: String, webpageURL: String?, _ presentation: LinkPresentation
  ) -> DispatchedLink<Bool>? {
    OpenedLinks.link(activityType: activityType, webpageURL: webpageURL).map {
      dispatch($0, presentation)
    }
  }
}
