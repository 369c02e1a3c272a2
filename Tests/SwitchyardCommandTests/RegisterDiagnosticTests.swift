import Foundation
import Testing

/// A mistake inside a `register` closure is reported on the closure's body, not on the pattern:
/// the overloads that take a type (`register(routes:)`, `attach(routes:)`) have their own label,
/// so the compiler has only the pattern overload to try and says what is wrong in the body.
///
/// Each case type-checks a small program against the built `Switchyard` module with `swiftc`.
@Suite("register: a mistake in the closure is reported on the closure's line")
struct RegisterDiagnosticTests {
  /// One compiler diagnostic: the line it points at and its message.
  struct Diagnostic: CustomStringConvertible {
    var line: Int
    var message: String
    var description: String { "\(line): \(message)" }
  }

  /// The folder holding `Switchyard.swiftmodule`: `Modules` beside the built `switchyard`.
  static func modulesFolder() throws -> URL {
    try CommandRunner.binary().deletingLastPathComponent().appendingPathComponent("Modules")
  }

  /// One module cache for every case, so that the system modules are built once per run.
  static let moduleCache = FileManager.default.temporaryDirectory
    .appendingPathComponent("switchyard-diagnostic-module-cache")

  /// Type-checks `source` against the built module and returns its errors.
  static func errors(in source: String) throws -> [Diagnostic] {
    let workspace = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-diagnostic-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: workspace) }
    let file = workspace.appendingPathComponent("main.swift")
    try Data(source.utf8).write(to: file)
    let (status, output) = try ReleaseTests.run(
      [
        "swiftc", "-typecheck", "-swift-version", "6", "-I", try modulesFolder().path,
        "-module-cache-path", moduleCache.path, file.path,
      ], in: workspace)
    #expect(status != 0, "the program was meant not to compile:\n\(output)")
    return output.split(separator: "\n").compactMap { line -> Diagnostic? in
      guard line.hasPrefix(file.path + ":"), line.contains(": error: ") else { return nil }
      let fields = line.dropFirst(file.path.count + 1).split(separator: ":", maxSplits: 3)
      guard fields.count == 4, let number = Int(fields[0]) else { return nil }
      return Diagnostic(
        line: number, message: fields[3].trimmingCharacters(in: .whitespaces))
    }
  }

  /// A program whose closure body (line 6) has `mistake` in it.
  static func program(router: String, mistake: String) -> String {
    """
    import Switchyard
    enum Screen: Sendable { case user(Int) }
    @MainActor func setUp() throws {
      let router = \(router)<Screen>()
      try router.register("myapp://user/<int:id>") { match in
        \(mistake)
      }
    }

    """
  }

  static let mistakes = [
    // A member the match does not have.
    ".user(try match.noSuchValue(\"id\"))",
    // A String where the case wants an Int.
    ".user(try match.value(\"id\", as: String.self))",
  ]

  @Test(
    "The error points at the closure body, never at the pattern",
    arguments: ["Router", "MainActorRouter"], mistakes)
  func errorOnTheBody(router: String, mistake: String) throws {
    let errors = try Self.errors(in: Self.program(router: router, mistake: mistake))
    #expect(!errors.isEmpty, "no error parsed")
    #expect(errors.allSatisfy { $0.line == 6 }, "\(errors)")
    #expect(!errors.contains { $0.message.contains(".Type") }, "\(errors)")
  }
}
