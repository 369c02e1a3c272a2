// Vapor's RoutingKit 4.9.3 `TrieRouter`, used the way Vapor uses it: the method is the first
// path component, and the request path is split into `[String]` for each lookup.

import BenchSupport
import RoutingKit

public struct RoutingKitRouter: BenchRouter {
  public static let name = "RoutingKit"

  private let router: TrieRouter<Int>
  /// A ready `Parameters` value copied for each lookup, so the timing is the router's and not
  /// the construction of the logger every fresh `Parameters()` makes.
  private let emptyParameters = Parameters()

  private init(router: TrieRouter<Int>) {
    self.router = router
  }

  public static func build(_ routes: [BenchRoute]) -> RoutingKitRouter {
    let router = TrieRouter(Int.self)
    for route in routes {
      let components = route.segments.map { segment -> PathComponent in
        switch segment {
        case .literal(let text): .constant(text)
        case .parameter(let name): .parameter(name)
        // `**` matches one or more remaining components, like the bench data's `*name`.
        case .catchAll: .catchall
        }
      }
      router.register(route.index, at: components)
    }
    return RoutingKitRouter(router: router)
  }

  public func lookup(_ path: String) -> Int? {
    var parameters = emptyParameters
    let components = path.split(separator: "/").map(String.init)
    return router.route(path: components, parameters: &parameters)
  }
}
