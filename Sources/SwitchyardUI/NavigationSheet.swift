/// A screen a path host presents (``NavigationPathHost``, ``ObservableNavigationPathHost``):
/// bind the host's `sheet` to SwiftUI's `.sheet(item:)`.
///
/// ```swift
/// .sheet(item: $host.sheet) { sheet in
///   if sheet.wrap { NavigationStack { DestinationView(sheet.screen) } }
///   else { DestinationView(sheet.screen) }
/// }
/// ```
public struct NavigationSheet<Screen: Hashable>: Identifiable, Hashable {
  /// The screen.
  public let screen: Screen
  /// Whether it was asked to be wrapped in a navigation container.
  public let wrap: Bool
  public var id: Screen { screen }

  /// A presented `screen`, wrapped in a navigation container or not.
  public init(screen: Screen, wrap: Bool) {
    self.screen = screen
    self.wrap = wrap
  }
}
