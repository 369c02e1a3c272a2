import Foundation
import Testing

/// A release is a git tag that SwiftPM resolves with `from:` (CONTRIBUTING.md, "Releasing a
/// version"): a package that depends on this one by version must resolve, and an app that uses
/// only the core must not resolve the link service's or the Hummingbird integration's packages.
@Suite("Release: an app depending on the tagged version resolves it, and only what it needs")
struct ReleaseTests {
  /// Runs `executable arguments` in `directory` and returns its status and combined output.
  static func run(_ arguments: [String], in directory: URL) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let output = directory.appendingPathComponent("output-\(UUID().uuidString).txt")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let handle = try FileHandle(forWritingTo: output)
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try handle.close()
    let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
    try? FileManager.default.removeItem(at: output)
    return (process.terminationStatus, text)
  }

  @Test("A package with `from: VERSION` on a file:// copy of this repository resolves that tag")
  func resolvesByVersion() throws {
    let version = try VersionTests.commandVersion()
    let workspace = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-release-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: workspace) }

    // A copy of the committed repository, with the version tagged on its HEAD (a fresh clone
    // may not carry the published tag; the manifest being tested is HEAD's either way).
    let copy = workspace.appendingPathComponent("switchyard")
    let clone = try Self.run(
      ["git", "clone", "--quiet", CommandRunner.packageRoot.path, copy.path], in: workspace)
    try #require(clone.status == 0, "git clone: \(clone.output)")
    let tag = try Self.run(
      [
        "git", "-c", "user.name=Release test", "-c", "user.email=release@invalid", "tag", "-f",
        version,
      ], in: copy)
    try #require(tag.status == 0, "git tag: \(tag.output)")

    let app = workspace.appendingPathComponent("app")
    let sources = app.appendingPathComponent("Sources/App")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    let manifest = """
      // swift-tools-version:6.1
      import PackageDescription

      let package = Package(
        name: "App",
        dependencies: [.package(url: "\(copy.absoluteString)", from: "\(version)")],
        targets: [
          .executableTarget(
            name: "App", dependencies: [.product(name: "Switchyard", package: "switchyard")])
        ]
      )

      """
    try Data(manifest.utf8).write(to: app.appendingPathComponent("Package.swift"))
    try Data("import Switchyard\n".utf8).write(to: sources.appendingPathComponent("main.swift"))

    let resolve = try Self.run(["swift", "package", "resolve"], in: app)
    try #require(resolve.status == 0, "swift package resolve: \(resolve.output)")
    let resolved = try String(
      contentsOf: app.appendingPathComponent("Package.resolved"), encoding: .utf8)
    #expect(resolved.contains("\"version\" : \"\(version)\""), "\(resolved)")
    // The service's and the Hummingbird integration's packages are behind traits the app
    // does not enable: they are not even resolved.
    for server in ["hummingbird", "swift-nio", "sqlite-nio", "postgres-nio", "async-http-client"] {
      #expect(!resolved.contains("\"identity\" : \"\(server)\""), "\(server) was resolved")
    }
  }
}
