import Foundation
import Testing

/// The README's Install section names what Package.swift requires: the Swift version of its
/// tools line and each platform minimum of its `platforms:` list.
@Suite("README: the Install section names the package's requirements")
struct ReadmeRequirementsTests {
  /// The README's Install section, up to the next heading.
  static func installSection() throws -> Substring {
    let readme = try CommandRunner.repositoryFile("README.md")
    let start = try #require(readme.range(of: "## Install\n"))
    let rest = readme[start.upperBound...]
    return rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
  }

  @Test("The Swift version of the tools line is named")
  func swiftVersion() throws {
    let manifest = try CommandRunner.repositoryFile("Package.swift")
    let line = try #require(manifest.split(separator: "\n").first)
    let version = try #require(line.split(separator: ":").last)
    #expect(try Self.installSection().contains("Swift \(version) or later"))
  }

  @Test("Every platform minimum of Package.swift is named")
  func platforms() throws {
    let manifest = try CommandRunner.repositoryFile("Package.swift")
    let start = try #require(manifest.range(of: "platforms: ["))
    let list = manifest[start.upperBound...].prefix { $0 != "]" }
    let names = [
      "macOS": "macOS", "iOS": "iOS", "tvOS": "tvOS", "watchOS": "watchOS",
      "visionOS": "visionOS",
    ]
    let section = try Self.installSection()
    var seen = 0
    for entry in list.split(separator: ",") {
      // `.macOS(.v13)`, `.iOS(.v16)`…; `.v10_15` is written 10.15.
      let parts = entry.trimmingCharacters(in: .whitespaces).dropFirst()
        .split(whereSeparator: { "(.)".contains($0) })
      guard parts.count == 2, let name = names[String(parts[0])] else { continue }
      let version = parts[1].dropFirst().replacingOccurrences(of: "_", with: ".")
      #expect(section.contains("\(name) \(version)"), "\(name) \(version) not named")
      seen += 1
    }
    #expect(seen == 5)
  }
}
