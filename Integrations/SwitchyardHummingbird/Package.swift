// swift-tools-version:6.1
import PackageDescription

// Serving a Switchyard route table's app-link files (and web fallbacks) from Hummingbird 2.
// A package of its own, so that an app using only Switchyard never resolves or builds
// Hummingbird.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "SwitchyardHummingbird",
  // Hummingbird 2 needs macOS 14 / iOS 17.
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17)],
  products: [
    .library(name: "SwitchyardHummingbird", targets: ["SwitchyardHummingbird"])
  ],
  dependencies: [
    .package(name: "Switchyard", path: "../.."),
    // No default traits: the middleware needs neither swift-configuration nor full Foundation.
    .package(
      url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    // Tests only, and already part of Hummingbird's own graph: a loopback HTTP client (NIO) and
    // the service group that runs the server. HummingbirdTesting is not used, since it would
    // build AsyncHTTPClient and BoringSSL, which these tests do not need.
    .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.26.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.8.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
  ],
  targets: [
    .target(
      name: "SwitchyardHummingbird",
      dependencies: [
        .product(name: "Switchyard", package: "Switchyard"),
        .product(name: "SwitchyardFiles", package: "Switchyard"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "SwitchyardHummingbirdTests",
      dependencies: [
        "SwitchyardHummingbird",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      swiftSettings: swiftSettings
    ),
  ]
)
