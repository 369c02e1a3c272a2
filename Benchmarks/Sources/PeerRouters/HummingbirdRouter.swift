// Hummingbird 2.28.1's router trie, reached as Hummingbird's own benchmarks reach it.

import BenchSupport
@_spi(Internal) import Hummingbird

public struct HummingbirdRouter: BenchRouter {
  public static let name = "Hummingbird"

  private let trie: RouterTrie<Int>

  private init(trie: RouterTrie<Int>) {
    self.trie = trie
  }

  public static func build(_ routes: [BenchRoute]) -> HummingbirdRouter {
    let builder = RouterPathTrieBuilder<Int>()
    for route in routes {
      // `:name` is a capture; `**` (recursive wildcard) at the end takes one or more segments.
      let pattern = route.pattern(parameter: { ":\($0)" }, catchAll: { _ in "**" })
      builder.addEntry(RouterPath(pattern), value: route.index)
    }
    return HummingbirdRouter(trie: builder.build())
  }

  public func lookup(_ path: String) -> Int? {
    trie.resolve(path)?.value
  }
}
