// swift-tools-version:6.1
//
// Switchyard: deep-link and URL routing for Swift.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
import CompilerPluginSupport
import PackageDescription

// What the `Hummingbird` trait adds.
let hummingbird: TargetDependencyCondition? = .when(traits: ["Hummingbird"])
// What the `Links` trait adds: the link service's HTTP server and its SQLite store.
let links: TargetDependencyCondition? = .when(traits: ["Links"])
// What the `Doctor` trait adds: `switchyard doctor`'s HTTP client (and its tests' TLS server).
let doctor: TargetDependencyCondition? = .when(traits: ["Doctor"])

// CI's trait and sanitizer steps build only the test targets they run: with
// `SWITCHYARD_TEST_TARGETS=NAME,NAME` the package has only those test targets (CONTRIBUTING.md,
// "Continuous integration"). Unset, as for a user or `swift test`, it has all of them.
let testTargetsKept: Set<String>? = Context.environment["SWITCHYARD_TEST_TARGETS"].map {
  Set($0.split(separator: ",").map(String.init))
}

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
    // Typed routes and page modules in the style of Trailcutter and HandyRouter, for code that
    // moves over from them.
    .library(name: "SwitchyardMigration", targets: ["SwitchyardMigration"]),
    // Empty unless the package's `Hummingbird` trait is enabled (see the trait below).
    .library(name: "SwitchyardHummingbird", targets: ["SwitchyardHummingbird"]),
    .executable(name: "switchyard", targets: ["SwitchyardCommand"]),
    // `@Routes`: an enum as a compiler-checked route table. Only an app that names this product
    // builds swift-syntax.
    .library(name: "SwitchyardMacros", targets: ["SwitchyardMacros"]),
    // Switchyard Links, the self-hosted link service (short links, platform redirects, previews).
    .library(name: "SwitchyardLinks", targets: ["SwitchyardLinks"]),
    // The link service's server. Without the `Links` trait it only says how to build it.
    .executable(name: "switchyard-links", targets: ["SwitchyardLinksCommand"]),
  ],
  traits: [
    // Off by default, so that an app using only the core never builds Hummingbird or SwiftNIO.
    .trait(
      name: "Hummingbird",
      description:
        "SwitchyardHummingbird: serve the app-link files and web fallbacks from Hummingbird 2"
    ),
    // Off by default, so that an app using only the core, or the `switchyard` command, never
    // builds the service's server or its SQLite.
    .trait(
      name: "Links",
      description:
        "switchyard-links: the link service's server (Hummingbird 2), its SQLite and PostgreSQL stores"
    ),
    // Off by default, so that the `switchyard` command builds no HTTP client or TLS library
    // unless asked: `switchyard doctor` fetches a live domain's files with AsyncHTTPClient.
    .trait(
      name: "Doctor",
      description: "switchyard doctor: check a live domain's app-link files and web routes"
    ),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // The `Hummingbird` trait only. No default traits: the middleware needs neither
    // swift-configuration nor full Foundation.
    .package(
      url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    // The `Hummingbird` trait's tests only, and already part of Hummingbird's own graph: a
    // loopback HTTP client (NIO) and the service group that runs the server. (The link
    // service's tests use HummingbirdTesting, whose AsyncHTTPClient and BoringSSL the `Doctor`
    // trait, built in the same folder, builds anyway.)
    .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.26.0"),
    // The `Doctor` trait's tests only (already in AsyncHTTPClient's graph): TLS for the
    // loopback servers that `switchyard doctor` is tested against.
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.8.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    // Tests only: a clock that tests advance by hand (held links' timeouts).
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
    // The `Links` trait only: SQLite for the link store. It compiles SQLite's own source into
    // the binary, so a static build needs no system libsqlite3 (GRDB links the system's).
    .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
    // The `Links` trait only: the PostgreSQL store (`--postgres URL`), for more than one server.
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    // The `Links` trait only, and already in postgres-nio's graph (the same range): HMAC-SHA256
    // for the install tokens, which carry their own proof instead of a stored row.
    .package(url: "https://github.com/apple/swift-crypto", "3.9.0"..<"6.0.0"),
    // The `Doctor` trait only: `switchyard doctor`'s HTTPS client (it brings swift-nio-ssl,
    // whose NIOSSL the doctor's loopback tests serve TLS with).
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
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

    // `Routable` types and `PageModule` enums over the core's routers: the migration path from
    // Trailcutter and HandyRouter (the core's own typed routes are `Routes`).
    .target(
      name: "SwitchyardMigration",
      dependencies: ["Switchyard"],
      swiftSettings: swiftSettings
    ),

    // UI adapters (UIKit / SwiftUI) over the platform-neutral Navigator; empty elsewhere.
    .target(
      name: "SwitchyardUI",
      dependencies: ["Switchyard"],
      swiftSettings: swiftSettings
    ),

    // Serving a table's app-link files and web fallbacks from Hummingbird 2: compiled only
    // with the `Hummingbird` trait (its sources are inside `#if Hummingbird`).
    .target(
      name: "SwitchyardHummingbird",
      dependencies: [
        "Switchyard",
        "SwitchyardFiles",
        .product(name: "Hummingbird", package: "hummingbird", condition: hummingbird),
        .product(name: "HTTPTypes", package: "swift-http-types", condition: hummingbird),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: hummingbird),
      ],
      swiftSettings: swiftSettings
    ),

    // CLI
    .executableTarget(
      name: "SwitchyardCommand",
      dependencies: [
        "Switchyard",
        "SwitchyardFiles",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "AsyncHTTPClient", package: "async-http-client", condition: doctor),
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

    // Switchyard Links: the link service's logic (pages, platforms, link records). Its server
    // and store (Server/, Store/) are compiled only with the `Links` trait.
    .target(
      name: "SwitchyardLinks",
      dependencies: [
        "Switchyard", "SwitchyardFiles",
        .product(name: "Hummingbird", package: "hummingbird", condition: links),
        // The HTTP server's builder and connection limit (Hummingbird does not re-export them).
        .product(name: "HummingbirdCore", package: "hummingbird", condition: links),
        .product(name: "HTTPTypes", package: "swift-http-types", condition: links),
        .product(name: "Logging", package: "swift-log", condition: links),
        .product(name: "NIOCore", package: "swift-nio", condition: links),
        .product(name: "NIOPosix", package: "swift-nio", condition: links),
        // The lock of the cache of links read lately.
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: links),
        // The request parts the connection's request deadline watches.
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: links),
        .product(name: "SQLiteNIO", package: "sqlite-nio", condition: links),
        .product(name: "PostgresNIO", package: "postgres-nio", condition: links),
        // TLS to PostgreSQL (`?sslmode=require|verify-full`), already in postgres-nio's graph.
        .product(name: "NIOSSL", package: "swift-nio-ssl", condition: links),
        .product(name: "Crypto", package: "swift-crypto", condition: links),
        .product(
          name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: links),
      ],
      swiftSettings: swiftSettings
    ),
    // `switchyard-links`: the service's command (flags, start-up).
    .executableTarget(
      name: "SwitchyardLinksCommand",
      dependencies: [
        "Switchyard", "SwitchyardFiles", "SwitchyardLinks",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird", condition: links),
        .product(name: "Logging", package: "swift-log", condition: links),
        .product(
          name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: links),
        .product(name: "UnixSignals", package: "swift-service-lifecycle", condition: links),
      ],
      swiftSettings: swiftSettings
    ),

    // Tests
    // Helpers shared by the test targets (not a product: nothing outside the tests uses it).
    .target(
      name: "SwitchyardTestSupport",
      dependencies: ["Switchyard"],
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
      dependencies: [
        "Switchyard", "SwitchyardFoundation",
        // Links looked up by the link service time out on a test clock.
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "SwitchyardRoutingTests",
      dependencies: [
        "Switchyard", "SwitchyardMigration", "SwitchyardTestSupport",
        .product(name: "Clocks", package: "swift-clocks"),
        // The platform glue's parts that compile everywhere (the `@Observable` path host).
        "SwitchyardUI",
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "SwitchyardHummingbirdTests",
      dependencies: [
        "Switchyard", "SwitchyardFiles", "SwitchyardHummingbird",
        .product(name: "Hummingbird", package: "hummingbird", condition: hummingbird),
        .product(name: "HTTPTypes", package: "swift-http-types", condition: hummingbird),
        .product(name: "Logging", package: "swift-log", condition: hummingbird),
        .product(name: "NIOCore", package: "swift-nio", condition: hummingbird),
        .product(name: "NIOPosix", package: "swift-nio", condition: hummingbird),
        .product(name: "NIOHTTP1", package: "swift-nio", condition: hummingbird),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: hummingbird),
        .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras", condition: hummingbird),
        .product(
          name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: hummingbird),
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "SwitchyardMacrosTests",
      dependencies: [
        // SwitchyardFiles: the conformance vectors the @Routes enums replay.
        "SwitchyardMacros", "SwitchyardMacrosExpansion", "SwitchyardFiles", "SwitchyardTestSupport",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
      ],
      // The script that writes Large/LargeLink.swift.
      exclude: ["Large/generate.py"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "SwitchyardLinksTests",
      dependencies: [
        "Switchyard", "SwitchyardFiles", "SwitchyardLinks", "SwitchyardTestSupport",
        // SwitchyardFoundation's link-service client, tested against the real server here,
        // where the `Links` trait builds it; its held links time out on a test clock.
        "SwitchyardFoundation",
        .product(name: "Clocks", package: "swift-clocks", condition: links),
        .product(name: "Hummingbird", package: "hummingbird", condition: links),
        .product(name: "HummingbirdCore", package: "hummingbird", condition: links),
        // The tests run the app `buildApplication` returns with HummingbirdTesting.
        .product(name: "HummingbirdTesting", package: "hummingbird", condition: links),
        .product(name: "HTTPTypes", package: "swift-http-types", condition: links),
        .product(name: "Logging", package: "swift-log", condition: links),
        .product(name: "NIOCore", package: "swift-nio", condition: links),
        .product(name: "NIOPosix", package: "swift-nio", condition: links),
        .product(name: "NIOHTTP1", package: "swift-nio", condition: links),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: links),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: links),
        .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras", condition: links),
        .product(name: "SQLiteNIO", package: "sqlite-nio", condition: links),
        .product(name: "PostgresNIO", package: "postgres-nio", condition: links),
        .product(
          name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: links),
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "SwitchyardCommandTests",
      dependencies: [
        // SwitchyardTestSupport: the seeded generator of the 300-route table the conformance
        // vectors and the generated routers are tested with.
        "SwitchyardCommand", "Switchyard", "SwitchyardFiles", "SwitchyardTestSupport",
        // The passing case of `switchyard doctor` (with the `Doctor` trait, which CI builds
        // together with this one): a Hummingbird server with the app-link middleware, over
        // Hummingbird's own TLS.
        .target(name: "SwitchyardHummingbird", condition: hummingbird),
        .product(name: "Hummingbird", package: "hummingbird", condition: hummingbird),
        .product(name: "HummingbirdTLS", package: "hummingbird", condition: hummingbird),
        .product(name: "Logging", package: "swift-log", condition: hummingbird),
        .product(
          name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: hummingbird),
        // The `Doctor` trait's loopback HTTPS servers (DoctorLiveTests), and the client's
        // errors that the doctor words (DoctorConnectionTests).
        .product(name: "AsyncHTTPClient", package: "async-http-client", condition: doctor),
        .product(name: "NIOCore", package: "swift-nio", condition: doctor),
        .product(name: "NIOPosix", package: "swift-nio", condition: doctor),
        .product(name: "NIOHTTP1", package: "swift-nio", condition: doctor),
        .product(name: "NIOSSL", package: "swift-nio-ssl", condition: doctor),
      ],
      exclude: ["Golden"],
      swiftSettings: swiftSettings
    ),
  ]
)

if let testTargetsKept {
  package.targets.removeAll { $0.type == .test && !testTargetsKept.contains($0.name) }
}
