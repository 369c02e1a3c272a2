#if canImport(Observation)
  import Observation

  /// A `NavigationHost` for SwiftUI with Observation (iOS 17, macOS 14 and later): bind
  /// ``path`` to a `NavigationStack` and ``sheet`` to a sheet, with no `@Published` or
  /// `@StateObject`. ``NavigationPathHost`` is the same host as an `ObservableObject`, for
  /// iOS 16.
  ///
  /// ```swift
  /// @State private var host = ObservableNavigationPathHost<Destination>()
  ///
  /// NavigationStack(path: $host.path) {
  ///   HomeView().navigationDestination(for: Destination.self) { DestinationView($0) }
  /// }
  /// .sheet(item: $host.sheet) { sheet in DestinationView(sheet.screen) }
  /// .onAppear { navigator.host = host }
  /// .dispatchingOpenedURLs(to: navigator)
  /// ```
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor @Observable
  public final class ObservableNavigationPathHost<Screen: Hashable>: NavigationHost {
    /// The navigation stack's path (screens above the root).
    public var path: [Screen] = []
    /// The presented screen, if any.
    public var sheet: NavigationSheet<Screen>?

    /// Creates a host with an empty path and nothing presented.
    public init() {}

    public func push(_ screen: Screen, animated: Bool) { path.append(screen) }

    public func present(_ screen: Screen, wrap: Bool, animated: Bool) {
      sheet = NavigationSheet(screen: screen, wrap: wrap)
    }

    public func setStack(_ screens: [Screen], animated: Bool) { path = screens }
  }
#endif
