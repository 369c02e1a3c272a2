// A `@Routes` enum behind the bench interface: `GitHubLink(url:)`, which matches, converts the
// captures to associated values and makes the case, on the GitHub table only.

import BenchSupport
import SwitchyardMacros

public struct SwitchyardRoutesRouter: BenchRouter {
  public static let name = "SwitchyardRoutes"

  /// The tables a `@Routes` enum is generated for (`Data/make-routes-enum.sh`).
  public static let tables = ["github"]

  public static func build(_ routes: [BenchRoute]) throws -> SwitchyardRoutesRouter {
    let patterns = GitHubLink.routeTable.routes.map(\.pattern.text)
    guard patterns == routes.map(SwitchyardRoutesRouter.pattern(for:)) else {
      throw GeneratedEnumError()
    }
    // The enum compiles its matcher on first use: this lookup does it outside the timing.
    _ = GitHubLink(url: "/")
    return SwitchyardRoutesRouter()
  }

  public func lookup(_ path: String) -> Int? {
    GitHubLink(url: path)?.benchIndex
  }

  /// The benchmarks' spelling of a route, as the generator writes it.
  static func pattern(for route: BenchRoute) -> String {
    route.pattern(parameter: { ":\($0)" }, catchAll: { "<path:\($0)>" })
  }
}

/// The enum was generated from another table than the one loaded: run the script again.
struct GeneratedEnumError: Error, CustomStringConvertible {
  var description: String {
    "GitHubLink.swift does not match Data/github.routes: run Data/make-routes-enum.sh again"
  }
}

/// The borrowed lookup that a `@Routes` enum runs, without an enum: the winner's route index
/// read inside the lookup, no `RouteMatch` made (for `count-instructions.sh`, beside
/// `RouteMatcher.match`).
public struct SwitchyardBorrowedRouter: BenchRouter {
  public static let name = "SwitchyardBorrowed"

  private let matcher: RouteMatcher

  public static func build(_ routes: [BenchRoute]) throws -> SwitchyardBorrowedRouter {
    var table = RouteTable()
    for route in routes {
      try table.add(String(route.index), SwitchyardRoutesRouter.pattern(for: route))
    }
    return SwitchyardBorrowedRouter(matcher: RouteMatcher(table))
  }

  public func lookup(_ path: String) -> Int? {
    _RouteCaptures.value(of: path, matcher: matcher) { routeIndex, _ in routeIndex }
  }
}
