import Foundation
import Testing

/// An app that compiles a `@Routes` enum with a mistake sees the mistake, and nothing about the
/// lines that use the enum: the expansion still adds the `Routes` conformance. Checked with the
/// real compiler and the real plugin, as built for this test run.
@Suite("@Routes: an enum with a mistake gives only the mistake's errors, none at its uses")
struct RoutesCascadeTests {
  /// The folder of this test run's products: the modules (`Modules/`) and the macro plugin.
  static func products() throws -> URL {
    // Linux: Bundle.main is the test runner's folder, which is the products directory.
    // macOS: it is the .xctest bundle inside the products directory.
    var candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      candidates.append(bundle.bundleURL.deletingLastPathComponent())
    }
    let found = candidates.first {
      FileManager.default.fileExists(
        atPath: $0.appendingPathComponent("Modules/SwitchyardMacros.swiftmodule").path)
    }
    return try #require(found, "no Modules/SwitchyardMacros.swiftmodule in \(candidates)")
  }

  /// The errors `swiftc` gives for `source` (`line: message` each), compiled against the built
  /// `SwitchyardMacros` with the built plugin.
  static func errors(in source: String) throws -> [String] {
    let products = try products()
    let plugin = try #require(
      ["SwitchyardMacrosPlugin-tool", "SwitchyardMacrosPlugin"].map {
        products.appendingPathComponent($0)
      }.first { FileManager.default.isExecutableFile(atPath: $0.path) },
      "no SwitchyardMacrosPlugin executable in \(products.path)")
    let workspace = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-cascade-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: workspace) }
    let file = workspace.appendingPathComponent("main.swift")
    try Data(source.utf8).write(to: file)
    let output = workspace.appendingPathComponent("output.txt")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let handle = try FileHandle(forWritingTo: output)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swiftc", "-typecheck", "-swift-version", "6",
      "-I", products.appendingPathComponent("Modules").path,
      "-load-plugin-executable", plugin.path + "#SwitchyardMacrosPlugin",
      "-module-cache-path", workspace.appendingPathComponent("cache").path, file.path,
    ]
    process.currentDirectoryURL = workspace
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
    #expect(process.terminationStatus != 0, "the program was meant not to compile:\n\(text)")
    return text.split(separator: "\n").compactMap { line in
      guard line.hasPrefix(file.path + ":"), line.contains(": error: ") else { return nil }
      let fields = line.dropFirst(file.path.count + 1).split(separator: ":", maxSplits: 3)
      guard fields.count == 4 else { return nil }
      return "\(fields[0]): " + fields[3].trimmingCharacters(in: .whitespaces)
    }
  }

  @Test("A pattern error is the one error: registering, matching and building add none")
  func onlyTheMistake() throws {
    let errors = try Self.errors(
      in: """
        import SwitchyardMacros

        @Routes
        enum Link: Sendable {
          @Route("/users/<int:id")
          case user(id: Int)
        }

        func use(_ router: Router<Link>) throws {
          try router.register(routes: Link.self) { link, _ in link }
          _ = Link(url: "/users/1")
          _ = try Link.user(id: 1).url(scheme: "myapp")
          _ = Link.routeTable.routes.count
        }
        """)
    #expect(errors.count == 1, "\(errors)")
    #expect(errors.first?.hasPrefix("5: expected '>' to close the capture") == true, "\(errors)")
    #expect(!errors.contains { $0.contains("conform") }, "\(errors)")
  }
}
