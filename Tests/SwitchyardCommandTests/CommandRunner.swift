import Foundation
import Testing

/// Runs the built `switchyard` binary and captures what it printed.
struct CommandResult: Sendable {
  var status: Int32
  var stdout: String
  var stderr: String

  /// Non-empty stdout lines.
  var lines: [String] {
    stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }
}

enum CommandRunner {
  enum Failure: Error, CustomStringConvertible {
    case binaryNotFound([String])

    var description: String {
      switch self {
      case .binaryNotFound(let tried):
        "the switchyard binary was not found; tried:\n" + tried.joined(separator: "\n")
      }
    }
  }

  /// The package root, from this file's path: Tests/SwitchyardCommandTests/CommandRunner.swift.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The text of a file of the repository, by its path from the package root.
  static func repositoryFile(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: packageRoot.appendingPathComponent(path)), as: UTF8.self)
  }

  /// Where the binary is: `$SWITCHYARD_BINARY`, else next to the test bundle (the products
  /// directory of this test run), else the package's `.build*/debug` folders.
  static func binary() throws -> URL {
    var candidates: [URL] = []
    if let override = ProcessInfo.processInfo.environment["SWITCHYARD_BINARY"], !override.isEmpty {
      candidates.append(URL(fileURLWithPath: override))
    }
    // Linux: Bundle.main is the test runner's folder, which is the products directory.
    // macOS: it is the .xctest bundle inside the products directory (or the xctest tool's).
    let main = Bundle.main.bundleURL
    candidates.append(main.appendingPathComponent("switchyard"))
    candidates.append(main.deletingLastPathComponent().appendingPathComponent("switchyard"))
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      candidates.append(
        bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("switchyard"))
    }
    let root = packageRoot
    let scratchFolders =
      ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
      .filter { $0.hasPrefix(".build") }.sorted()
    for folder in scratchFolders {
      candidates.append(root.appendingPathComponent("\(folder)/debug/switchyard"))
      candidates.append(root.appendingPathComponent("\(folder)/release/switchyard"))
    }
    for candidate in candidates
    where FileManager.default.isExecutableFile(atPath: candidate.path) {
      return candidate
    }
    throw Failure.binaryNotFound(candidates.map(\.path))
  }

  /// Runs `switchyard ARGUMENTS` (or `executable`) in `directory` (a fresh empty one by default)
  /// with `input` on stdin (empty by default).
  static func run(
    _ arguments: [String], input: String? = nil, in directory: URL? = nil,
    executable: URL? = nil, leakCheckAtExit: Bool = true
  ) throws -> CommandResult {
    let fileManager = FileManager.default
    let workspace = fileManager.temporaryDirectory
      .appendingPathComponent("switchyard-test-\(UUID().uuidString)")
    try fileManager.createDirectory(at: workspace, withIntermediateDirectories: true)
    defer { try? fileManager.removeItem(at: workspace) }

    let stdoutURL = workspace.appendingPathComponent("stdout")
    let stderrURL = workspace.appendingPathComponent("stderr")
    let stdinURL = workspace.appendingPathComponent("stdin")
    _ = fileManager.createFile(atPath: stdoutURL.path, contents: nil)
    _ = fileManager.createFile(atPath: stderrURL.path, contents: nil)
    _ = fileManager.createFile(atPath: stdinURL.path, contents: Data((input ?? "").utf8))

    let process = Process()
    process.executableURL = try executable ?? binary()
    if !leakCheckAtExit {
      var environment = ProcessInfo.processInfo.environment
      let options = environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
      environment["ASAN_OPTIONS"] = options + "detect_leaks=0"
      process.environment = environment
    }
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? workspace
    let stdout = try FileHandle(forWritingTo: stdoutURL)
    let stderr = try FileHandle(forWritingTo: stderrURL)
    let stdin = try FileHandle(forReadingFrom: stdinURL)
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    try process.run()
    process.waitUntilExit()
    try stdout.close()
    try stderr.close()
    try stdin.close()

    return CommandResult(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self))
  }

  /// Runs `switchyard ARGUMENTS` in a fresh directory that holds `routeFile` as `routes.json`
  /// (removed afterwards).
  static func run(_ arguments: [String], routeFile: String) throws -> CommandResult {
    let folder = try directory(with: ["routes.json": routeFile])
    defer { try? FileManager.default.removeItem(at: folder) }
    return try run(arguments, in: folder)
  }

  /// A fresh directory holding `files` (name → contents), removed by the caller.
  static func directory(with files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-dir-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, contents) in files {
      try Data(contents.utf8).write(to: folder.appendingPathComponent(name))
    }
    return folder
  }
}
