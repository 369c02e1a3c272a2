// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

// Settings shared by every target.
let swiftSettings: [SwiftSetting] = [
  // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0335-existential-any.md
  .enableUpcomingFeature("ExistentialAny"),
  // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0444-member-import-visibility.md
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "Switchyard",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "Switchyard", targets: ["Switchyard"]),
    .library(name: "SwitchyardFiles", targets: ["SwitchyardFiles"]),
    .library(name: "SwitchyardFoundation", targets: ["SwitchyardFoundation"]),
    .library(name: "SwitchyardUI", targets: ["SwitchyardUI"]),
    .executable(name: "switchyard", targets: ["SwitchyardCommand"]),
    // `@Routes`: an enum as a compiler-checked route table. Only an app that names this product
    // builds swift-syntax.
    .library(name: "SwitchyardMacros", targets: ["SwitchyardMacros"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // Tests only: a clock that tests advance by hand (held links' timeouts).
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
    // The `@Routes` macro's plugin (and its expansion tests). 602 and 603 are the releases of
    // Swift 6.2 and 6.3.
    .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
  ],
  targets: [
    // Core: no dependencies, no Foundation.
    .target(name: "Switchyard", swiftSettings: swiftSettings),

    // Route files, the JSON reader and app-link files (AASA, Android): no Foundation either.
    .target(
      name: "SwitchyardFiles",
      dependencies: ["Switchyard"],
      swiftSettings: swiftSettings
    ),

    // What needs Foundation: `URL` and `UUID` overloads, route files read from a `URL`.
    .target(
      name: "SwitchyardFoundation",
      dependencies: ["Switchyard", "SwitchyardFiles"],
      swiftSettings: swiftSettings
    ),

    // UI adapters (UIKit / SwiftUI) over the platform-neutral Navigator; empty elsewhere.
    .target(
      name: "SwitchyardUI",
      dependencies: ["Switchyard"],
      swiftSettings: swiftSettings
    ),

    // CLI
    .executableTarget(
      name: "SwitchyardCommand",
      dependencies: [
        "Switchyard",
        "SwitchyardFiles",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: swiftSettings
    ),

    // `@Routes` and `@Route`: the declarations apps import (re-exports the core).
    .target(
      name: "SwitchyardMacros",
      dependencies: ["Switchyard", "SwitchyardMacrosPlugin"],
      swiftSettings: swiftSettings
    ),
    // The compiler plugin: parses each pattern and lints the whole table with the core itself.
    .macro(
      name: "SwitchyardMacrosPlugin",
      dependencies: [
        "SwitchyardMacrosExpansion",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ],
      swiftSettings: swiftSettings
    ),
    // What the plugin does, as a library: the expansion tests use it without depending on the
    // macro target (a test target that does builds every test for the host, where an
    // executable's module cannot be imported by `SwitchyardCommandTests`).
    .target(
      name: "SwitchyardMacrosExpansion",
      dependencies: [
        "Switchyard",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ],
      swiftSettings: swiftSettings
    ),

    // Tests
    // Helpers shared by the test targets (not a product: nothing outside the tests uses it).
    .target(
      name: "SwitchyardTestSupport",
      path: "Tests/SwitchyardTestSupport",
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "SwitchyardTests",
      dependencies: ["Switchyard", "SwitchyardTestSupport"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "SwitchyardFilesTests",
      dependencies: [
        // SwitchyardFoundation: the fixtures are also loaded through a file `URL`.
        "Switchyard", "SwitchyardFiles", "SwitchyardFoundation", "SwitchyardTestSupport",
      ],
      resources: [.copy("Fixtures")],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "SwitchyardFoundationTests",
      dependencies: ["Switchyard", "SwitchyardFoundation"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "SwitchyardRoutingTests",
      dependencies: ["Switchyard", .product(name: "Clocks", package: "swift-clocks")],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "SwitchyardMacrosTests",
      dependencies: [
        "SwitchyardMacros", "SwitchyardMacrosExpansion", "SwitchyardTestSupport",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "SwitchyardCommandTests",
      dependencies: ["SwitchyardCommand", "Switchyard"],
      exclude: ["Golden"],
      swiftSettings: swiftSettings
    ),
  ]
)
