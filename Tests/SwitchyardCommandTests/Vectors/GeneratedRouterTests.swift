import Foundation
import Switchyard
import SwitchyardFiles
import Testing

/// `switchyard gen typescript` and `gen kotlin`: the generated routers compile with the real
/// compilers and agree with every conformance vector of the example tables and of a generated
/// 300-route table. Skipped when `tsc` (or `kotlinc`) is not installed, unless
/// `SWITCHYARD_REQUIRE_GENERATORS=1` (CI sets it), which makes a missing compiler a failure.
@Suite struct GeneratedRouterTests {
  static let required = ProcessInfo.processInfo.environment["SWITCHYARD_REQUIRE_GENERATORS"] == "1"

  /// The tables the routers are generated for: the built-in example, Examples/shop.json and the
  /// generated 300-route table.
  static func tables() throws -> [(name: String, file: String)] {
    [
      ("builtin", BuiltInRoutes.json),
      ("shop", try CommandRunner.repositoryFile("Examples/shop.json")),
      ("generated300", GeneratedRouteTable.routeFile()),
    ]
  }

  /// The counts a runner prints.
  struct Summary: Decodable {
    var version: Int
    var match: Int
    var matchDisagreements: Int
    var build: Int
    var buildDisagreements: Int
    var skipped: Int
    var examples: [String]
  }

  /// Writes each table's generated source (as `sourceName`, made with `gen LANGUAGE` and
  /// `extra(table)` arguments) and vectors into a folder of its own under a fresh directory,
  /// with `runner(table)` beside each.
  static func workspace(
    language: String, sourceName: String, extra: (String) -> [String] = { _ in [] },
    runnerName: String, runner: (String) -> String
  ) throws -> (URL, [String]) {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-gen-\(UUID().uuidString)")
    var names: [String] = []
    for (name, file) in try tables() {
      let folder = root.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let source = try CommandRunner.run(
        ["gen", language, "--routes", "-"] + extra(name), input: file)
      try #require(source.status == 0, "gen \(language) for \(name): \(source.stderr)")
      try Data(source.stdout.utf8).write(to: folder.appendingPathComponent(sourceName))
      let vectors = try CommandRunner.run(["vectors", "--routes", "-"], input: file)
      try #require(vectors.status == 0, "vectors for \(name): \(vectors.stderr)")
      try Data(vectors.stdout.utf8).write(to: folder.appendingPathComponent("vectors.json"))
      try Data(runner(name).utf8).write(to: folder.appendingPathComponent(runnerName))
      names.append(name)
    }
    return (root, names)
  }

  static func check(_ summary: Summary, table: String, language: String) {
    print(
      "\(language) \(table): \(summary.match) match vectors, \(summary.matchDisagreements) disagreements; "
        + "\(summary.build) build vectors, \(summary.buildDisagreements) disagreements; "
        + "\(summary.skipped) refusals the types rule out")
    #expect(summary.version == 1)
    #expect(summary.match > 50, "\(table)")
    #expect(summary.build > 10, "\(table)")
    #expect(summary.matchDisagreements == 0, "\(language) \(table): \(summary.examples)")
    #expect(summary.buildDisagreements == 0, "\(language) \(table): \(summary.examples)")
  }

  @Test(.enabled(if: Tools.path("tsc") != nil || required))
  func typeScriptPassesEveryVector() async throws {
    let tsc = try #require(
      Tools.path("tsc"), "tsc is not installed (apt-get install node-typescript)")
    let node = try #require(Tools.path("node"), "node is not installed")
    let runner = try CommandRunner.run(["gen", "typescript", "--runner"]).stdout
    let (root, names) = try Self.workspace(
      language: "typescript", sourceName: "routes.ts", runnerName: "runner.ts",
      runner: { _ in runner })
    defer { try? FileManager.default.removeItem(at: root) }
    // One compiler run for every table.
    var arguments = ["--strict", "--target", "es2020", "--module", "commonjs", "--outDir", "out"]
    for name in names { arguments += ["\(name)/routes.ts", "\(name)/runner.ts"] }
    let compiled = try await Tools.run(tsc, arguments, in: root)
    try #require(compiled.status == 0, "tsc: \(compiled.stdout) \(compiled.stderr)")
    for name in names {
      let result = try await Tools.run(
        node, ["out/\(name)/runner.js", "\(name)/vectors.json"], in: root)
      try #require(result.status == 0, "node \(name): \(result.stderr)")
      let summary = try JSONDecoder().decode(Summary.self, from: Data(result.stdout.utf8))
      Self.check(summary, table: name, language: "TypeScript")
    }
    // The runner can fail: a document with one winner and one built URL changed disagrees twice.
    let tampered = try Self.tampered(root.appendingPathComponent("builtin/vectors.json"))
    let result = try await Tools.run(node, ["out/builtin/runner.js", tampered.path], in: root)
    let summary = try JSONDecoder().decode(Summary.self, from: Data(result.stdout.utf8))
    #expect(summary.matchDisagreements == 1 && summary.buildDisagreements == 1)
  }

  /// A copy of the vectors at `url` with the first match case's winner and the first built
  /// URL changed.
  static func tampered(_ url: URL) throws -> URL {
    var text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    let route = try #require(text.range(of: #""route":"home""#))
    text.replaceSubrange(route, with: #""route":"user""#)
    let built = try #require(text.range(of: #""url":"myapp://user/42""#, options: .backwards))
    text.replaceSubrange(built, with: #""url":"myapp://user/43""#)
    let copy = url.deletingLastPathComponent().appendingPathComponent("tampered.json")
    try Data(text.utf8).write(to: copy)
    return copy
  }

  @Test(.enabled(if: Tools.path("kotlinc") != nil || required))
  func kotlinPassesEveryVector() async throws {
    let kotlinc = try #require(
      Tools.path("kotlinc"), "kotlinc is not installed (apt-get install kotlin)")
    let java = try #require(Tools.path("java"), "java is not installed")
    let (root, names) = try Self.workspace(
      language: "kotlin", sourceName: "Routes.kt", extra: { ["--package", "t.\($0)"] },
      runnerName: "Runner.kt",
      runner: { name in
        (try? CommandRunner.run(["gen", "kotlin", "--runner", "--package", "t.\(name)"]).stdout)
          ?? ""
      })
    defer { try? FileManager.default.removeItem(at: root) }
    // One compiler run for every table (kotlinc is slow to start), one JVM for every replay.
    var main = "package t\n\nfun main(args: Array<String>) {\n"
    for (offset, name) in names.enumerated() {
      main += "    println(t.\(name).replay(args[\(offset)]))\n"
    }
    main += "    println(t.\(names[0]).replay(args[\(names.count)]))\n}\n"
    try Data(main.utf8).write(to: root.appendingPathComponent("Main.kt"))
    var sources = ["Main.kt"]
    for name in names { sources += ["\(name)/Routes.kt", "\(name)/Runner.kt"] }
    let compiled = try await Tools.run(
      kotlinc, sources + ["-include-runtime", "-d", "replay.jar"], in: root)
    try #require(compiled.status == 0, "kotlinc: \(compiled.stdout) \(compiled.stderr)")
    // The generated files compile without a warning (nothing deprecated, nothing redundant).
    let warnings = (compiled.stdout + compiled.stderr).split(separator: "\n")
      .filter { $0.contains("Routes.kt") && $0.contains("warning:") }
    #expect(warnings.isEmpty, "\(warnings)")
    let tampered = try Self.tampered(root.appendingPathComponent("\(names[0])/vectors.json"))
    let result = try await Tools.run(
      java,
      ["-cp", "replay.jar", "t.MainKt"] + names.map { "\($0)/vectors.json" } + [tampered.path],
      in: root)
    try #require(result.status == 0, "java: \(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    try #require(lines.count == names.count + 1, "\(result.stdout)")
    for (name, line) in zip(names, lines) {
      let summary = try JSONDecoder().decode(Summary.self, from: Data(line.utf8))
      Self.check(summary, table: name, language: "Kotlin")
    }
    // The runner can fail: the tampered document disagrees twice.
    let summary = try JSONDecoder().decode(Summary.self, from: Data(lines[names.count].utf8))
    #expect(summary.matchDisagreements == 1 && summary.buildDisagreements == 1)
  }

  @Test func theClientsAndRunnersArePrintedByTheirFlags() throws {
    let web = try CommandRunner.run(["gen", "typescript", "--links-client"])
    #expect(web.status == 0 && web.stdout == TypeScriptLinksClient.source)
    let android = try CommandRunner.run(["gen", "kotlin", "--links-client", "--package", "a.b"])
    #expect(android.status == 0)
    #expect(android.stdout == (try KotlinLinksClient.source(package: "a.b")))
    #expect(android.stdout.contains("\npackage a.b\n"))
    let runner = try CommandRunner.run(["gen", "kotlin", "--runner", "--package", "a.b"])
    #expect(runner.status == 0 && runner.stdout.contains("\npackage a.b\n"))
    let bad = try CommandRunner.run(["gen", "kotlin", "--links-client", "--package", "a..b"])
    #expect(bad.status == 2 && bad.stdout.isEmpty)
  }

  @Test func aBadRouteFileIsAUsageError() throws {
    let result = try CommandRunner.run(
      ["gen", "typescript", "--routes", "-"], input: "{\"version\": 1, \"routes\": [")
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    let package = try CommandRunner.run(["gen", "kotlin", "--package", "fun.x"], input: "")
    #expect(package.status == 2)
    #expect(package.stderr.contains("'fun.x' is not a Kotlin package name"))
  }
}

/// External programs the tests run: found on `PATH`, run with their output captured.
enum Tools {
  static func path(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Runs `executable` in `directory`: waits for it without holding a thread of the
  /// concurrency pool (kotlinc runs for minutes on a busy machine).
  static func run(_ executable: String, _ arguments: [String], in directory: URL) async throws
    -> CommandResult
  {
    let out = directory.appendingPathComponent(".stdout-\(UUID().uuidString)")
    let err = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
    FileManager.default.createFile(atPath: out.path, contents: nil)
    FileManager.default.createFile(atPath: err.path, contents: nil)
    defer {
      try? FileManager.default.removeItem(at: out)
      try? FileManager.default.removeItem(at: err)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let stdout = try FileHandle(forWritingTo: out)
    let stderr = try FileHandle(forWritingTo: err)
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    let status = try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Int32, any Error>) in
      process.terminationHandler = { finished in
        continuation.resume(returning: finished.terminationStatus)
      }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    try stdout.close()
    try stderr.close()
    return CommandResult(
      status: status,
      stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
  }
}
