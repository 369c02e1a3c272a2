// The interface every compared router is wrapped in.

/// Anything that answers "which route matches this path?" with a route index.
public protocol RouteLookup {
  /// What one lookup is given; a plain path for most routers.
  associatedtype Input = String

  /// Turns a probe path into the router's input, outside the timed loop (for a router whose
  /// server hands it the method and the path apart, as HTTP servers do). Default: the path.
  func input(for path: String) -> Input

  /// The index of the route that matches, or nil for a miss.
  func lookup(_ input: Input) -> Int?
}

extension RouteLookup where Input == String {
  public func input(for path: String) -> String { path }
}

/// A router under test: built from a bench route table, then asked for paths.
///
/// Paths are method-prefixed (`/GET/repos/julienschmidt/httprouter`) and routes carry the
/// method as their first segment, so every router sees the same table.
public protocol BenchRouter: RouteLookup {
  /// Short display name used in scenario names (`Lookup:github:<name>`).
  static var name: String { get }

  /// Registers every route, in table order.
  static func build(_ routes: [BenchRoute]) throws -> Self
}
