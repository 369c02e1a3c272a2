import Foundation
import Testing

/// The version lives in one place (`SwitchyardTool.version`); everything that names it must
/// agree (CONTRIBUTING.md, "Releasing a version").
@Suite("Version: one number, named alike everywhere")
struct VersionTests {
  /// What `switchyard --version` prints.
  static func commandVersion() throws -> String {
    let result = try CommandRunner.run(["--version"])
    #expect(result.status == 0)
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test("--version prints a semantic version")
  func semanticVersion() throws {
    let version = try Self.commandVersion()
    let parts = version.split(separator: ".", omittingEmptySubsequences: false)
    #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) })
  }

  /// Between releases the changes gather under `## [Unreleased]` (Keep a Changelog), above the
  /// released version's section; nothing else may stand above it.
  @Test("CHANGELOG.md's top released section is the version --version prints")
  func changelog() throws {
    let version = try Self.commandVersion()
    let changelog = try CommandRunner.repositoryFile("CHANGELOG.md")
    let sections = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") }
    let released = sections.drop { $0 == "## [Unreleased]" }
    #expect(sections.count - released.count <= 1, "sections: \(sections.prefix(3))")
    let top = released.first
    #expect(top?.hasPrefix("## [\(version)] - ") == true, "top section: \(top ?? "none")")
  }

  @Test(
    "The install snippets depend on that version",
    arguments: ["README.md", "Sources/Switchyard/Switchyard.docc/GettingStarted.md"])
  func installSnippets(file: String) throws {
    let version = try Self.commandVersion()
    let text = try CommandRunner.repositoryFile(file)
    // `.package(url: "https://…/switchyard", from: "X.Y.Z"` on one line.
    let versions = text.split(separator: "\n")
      .filter { $0.contains(".package(url: \"") && $0.lowercased().contains("/switchyard\"") }
      .compactMap { line in
        line.components(separatedBy: "from: \"").dropFirst().first.map { $0.prefix { $0 != "\"" } }
      }
    #expect(!versions.isEmpty, "\(file) shows no `.package(url:…, from:)` dependency on Switchyard")
    #expect(versions.allSatisfy { $0 == version }, "\(file) names \(versions)")
  }
}
