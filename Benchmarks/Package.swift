// swift-tools-version:6.1
// Licensed under the Apache License, Version 2.0 (see ../LICENSE).
// Benchmarks for Switchyard: a separate package so `swift test` at the root never builds it.
// Run from this folder: `swift package --disable-sandbox benchmark` (see README.md).
import PackageDescription

// `SWITCHYARD_BENCH_PEERS=none` leaves the peer routers (RoutingKit, Hummingbird and SwiftNIO
// under it) out of the build: CI's smoke run and malloc thresholds check Switchyard alone, and
// building the peers in release mode would double its time.
let withPeers = Context.environment["SWITCHYARD_BENCH_PEERS"] != "none"

let package = Package(
  name: "SwitchyardBenchmarks",
  // Hummingbird 2 needs macOS 14; only Linux is measured here.
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "Switchyard", path: ".."),
    // The malloc interposer gives the malloc-count metrics. Naming the trait list also leaves
    // out the package's Linux ARC runtime interposer, which is not needed for these metrics.
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ]
    + (withPeers
      ? [
        .package(url: "https://github.com/vapor/routing-kit", exact: "4.9.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
      ] : []),
  targets: [
    // Route/probe files, the router protocol, the naive linear baseline and the answer check.
    .target(name: "BenchSupport"),

    // Adapters for the peer routers (RoutingKit's TrieRouter, Hummingbird's router trie).
    // Without peers only `Peers.swift` is compiled, and its lists are empty.
    .target(
      name: "PeerRouters",
      dependencies: ["BenchSupport"]
        + (withPeers
          ? [
            .product(name: "RoutingKit", package: "routing-kit"),
            .product(name: "Hummingbird", package: "hummingbird"),
          ] : []),
      exclude: withPeers
        ? []
        : [
          "HummingbirdMethodMapRouter.swift", "HummingbirdRouter.swift", "RoutingKitRouter.swift",
        ],
      swiftSettings: withPeers ? [] : [.define("SWITCHYARD_BENCH_NO_PEERS")]
    ),

    // The Switchyard adapter and the deep-link scenario data, kept apart from the peers.
    .target(
      name: "SwitchyardRouter",
      dependencies: [
        "BenchSupport",
        .product(name: "Switchyard", package: "Switchyard"),
      ]
    ),

    // The package-benchmark suite (the plugin finds it under Benchmarks/RouterBenchmarks).
    .executableTarget(
      name: "RouterBenchmarks",
      dependencies: [
        "BenchSupport",
        "PeerRouters",
        "SwitchyardRouter",
        .product(name: "SwitchyardFiles", package: "Switchyard"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/RouterBenchmarks",
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    ),

    // Turns a JMH export of the suite into the README's markdown table.
    .executableTarget(name: "BenchReport"),
  ]
)
