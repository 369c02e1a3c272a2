#if canImport(SwiftUI)
  import SwiftUI

  /// A `NavigationHost` for SwiftUI as an `ObservableObject` (iOS 16): bind ``path`` to a
  /// `NavigationStack` and ``sheet`` to a sheet. On iOS 17 and later,
  /// ``ObservableNavigationPathHost`` is the same host with Observation.
  ///
  /// ```swift
  /// @StateObject private var host = NavigationPathHost<Destination>()
  ///
  /// NavigationStack(path: $host.path) {
  ///   HomeView().navigationDestination(for: Destination.self) { DestinationView($0) }
  /// }
  /// .sheet(item: $host.sheet) { sheet in
  ///   if sheet.wrap { NavigationStack { DestinationView(sheet.screen) } }
  ///   else { DestinationView(sheet.screen) }
  /// }
  /// .onOpenURL { url in navigator.push(url.absoluteString) }
  /// ```
  @MainActor
  public final class NavigationPathHost<Screen: Hashable>: ObservableObject, NavigationHost {
    /// A presented screen.
    public typealias Sheet = NavigationSheet<Screen>

    /// The navigation stack's path (screens above the root).
    @Published public var path: [Screen] = []
    /// The presented screen, if any.
    @Published public var sheet: Sheet?

    /// Creates a host with an empty path and nothing presented.
    public init() {}

    public func push(_ screen: Screen, animated: Bool) { path.append(screen) }

    public func present(_ screen: Screen, wrap: Bool, animated: Bool) {
      sheet = NavigationSheet(screen: screen, wrap: wrap)
    }

    public func setStack(_ screens: [Screen], animated: Bool) { path = screens }
  }
#endif
