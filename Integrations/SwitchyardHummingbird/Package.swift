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
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
  ],
  targets: [
    .target(
      name: "SwitchyardHummingbird",
      dependencies: [
        .product(name: "Switchyard", package: "Switchyard"),
        .product(name: "SwitchyardFoundation", package: "Switchyard"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "SwitchyardHummingbirdTests",
      dependencies: [
        "SwitchyardHummingbird",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ],
      swiftSettings: swiftSettings
    ),
  ]
)
