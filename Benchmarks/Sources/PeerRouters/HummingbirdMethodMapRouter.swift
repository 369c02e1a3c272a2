// Hummingbird 2.28.1's router trie with the method looked up after the path, the way
// Hummingbird's own router does it (one trie value per path, holding a responder per method).
//
// Why this variant exists: with the method as the first path segment (the suite's common
// rule), Hummingbird's backtracking resolver retries every sibling below the method node on
// a miss, so misses get far slower than in Hummingbird's real use (measured here at 100,000
// routes: ~0.2 s against ~4 ms). Its input is the method and the path apart, split before the
// timed loop, as an HTTP server hands them to Hummingbird's router.

import BenchSupport
@_spi(Internal) import Hummingbird

public struct HummingbirdMethodMapRouter: BenchRouter {
  public static let name = "HummingbirdMethodMap"

  public struct Request {
    public var method: String
    public var path: String
  }

  private let trie: RouterTrie<[String: Int]>

  private init(trie: RouterTrie<[String: Int]>) {
    self.trie = trie
  }

  public static func build(_ routes: [BenchRoute]) -> HummingbirdMethodMapRouter {
    // Group by path pattern first: a trie node's value is set once.
    var methodsByPattern: [String: [String: Int]] = [:]
    var patternOrder: [String] = []
    for route in routes {
      var path = route
      path.segments.removeFirst()  // the method
      let pattern = path.pattern(parameter: { ":\($0)" }, catchAll: { _ in "**" })
      if methodsByPattern[pattern] == nil { patternOrder.append(pattern) }
      // The first route registered for a method and path wins, as in the prefixed table.
      if methodsByPattern[pattern, default: [:]][route.method] == nil {
        methodsByPattern[pattern, default: [:]][route.method] = route.index
      }
    }
    let builder = RouterPathTrieBuilder<[String: Int]>()
    for pattern in patternOrder {
      builder.addEntry(RouterPath(pattern), value: methodsByPattern[pattern] ?? [:])
    }
    return HummingbirdMethodMapRouter(trie: builder.build())
  }

  /// `/GET/repos/x` becomes method `GET` and path `/repos/x`.
  public func input(for path: String) -> Request {
    let rest = path.dropFirst()
    guard let slash = rest.firstIndex(of: "/") else {
      return Request(method: String(rest), path: "/")
    }
    return Request(method: String(rest[..<slash]), path: String(rest[slash...]))
  }

  public func lookup(_ request: Request) -> Int? {
    trie.resolve(request.path)?.value[request.method]
  }
}
