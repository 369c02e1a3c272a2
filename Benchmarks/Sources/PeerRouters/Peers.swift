// The peer routers this build of the benchmarks compares Switchyard with.

import BenchSupport

/// The peers of this build: RoutingKit's and Hummingbird's routers, or none when the package
/// was resolved with `SWITCHYARD_BENCH_PEERS=none` (see Package.swift).
public enum Peers {
  /// Peers timed on lookups, builds and mallocs.
  public static var routers: [any BenchRouter.Type] {
    #if SWITCHYARD_BENCH_NO_PEERS
      []
    #else
      [RoutingKitRouter.self, HummingbirdRouter.self]
    #endif
  }

  /// Peers timed on lookups only: Hummingbird's trie with its own method dispatch (see
  /// `HummingbirdMethodMapRouter`).
  public static var lookupOnlyRouters: [any BenchRouter.Type] {
    #if SWITCHYARD_BENCH_NO_PEERS
      []
    #else
      [HummingbirdMethodMapRouter.self]
    #endif
  }

  /// Names of peers too slow for repeated passes over the 100,000-route table's probes.
  public static var slowOnLargestTable: Set<String> {
    #if SWITCHYARD_BENCH_NO_PEERS
      []
    #else
      [HummingbirdRouter.name]
    #endif
  }
}
