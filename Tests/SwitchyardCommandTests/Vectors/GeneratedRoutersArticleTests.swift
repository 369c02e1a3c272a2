import Foundation
import SwitchyardFiles
import Testing

/// The article "One Table for iOS, Android and the Web: Generated Routers": its shell commands
/// run, in order, in a directory holding the built-in table as routes.json, and its TypeScript
/// example compiles against the router they generate and prints what its comments say.
@Suite struct GeneratedRoutersArticleTests {
  static let path = "Sources/SwitchyardFiles/SwitchyardFiles.docc/OneTableForEveryPlatform.md"

  /// The lines of the article's code blocks of `language`, block by block.
  static func blocks(_ language: String, in article: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]? = nil
    for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```\(language)" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current ?? [])
        current = nil
      } else if current != nil {
        current?.append(String(line))
      }
    }
    return blocks
  }

  @Test(.enabled(if: Tools.path("tsc") != nil || GeneratedRouterTests.required))
  func theArticlesCommandsRun() async throws {
    let article = try CommandRunner.repositoryFile(Self.path)
    let commands = Self.blocks("sh", in: article).flatMap { $0 }
    #expect(commands.count >= 10)
    let binary = try CommandRunner.binary().deletingLastPathComponent().path
    let folder = try CommandRunner.directory(with: ["routes.json": BuiltInRoutes.json])
    defer { try? FileManager.default.removeItem(at: folder) }
    let bash = try #require(Tools.path("bash"))
    let environment = "PATH='\(binary)':\"$PATH\"; set -euo pipefail; "
    for command in commands {
      // The Kotlin steps compile and run exactly so in GeneratedRouterTests, on the same
      // files; kotlinc is slow to start, so they are not run twice.
      if command.hasPrefix("kotlinc ") || command.hasPrefix("java ") { continue }
      let result = try await Tools.run(bash, ["-c", environment + command], in: folder)
      #expect(result.status == 0, "\(command): \(result.stdout) \(result.stderr)")
      if command.hasPrefix("node ") {
        #expect(result.stdout.contains(#""matchDisagreements":0,"#), "\(result.stdout)")
        #expect(result.stdout.contains(#""buildDisagreements":0,"#), "\(result.stdout)")
      }
    }
    // The TypeScript example, beside the generated module, prints what its comments show.
    let example = try #require(Self.blocks("typescript", in: article).first)
    try Data(example.joined(separator: "\n").utf8).write(
      to: folder.appendingPathComponent("web/src/example.ts"))
    let compiled = try await Tools.run(
      bash,
      [
        "-c",
        "tsc --strict --target es2020 --module commonjs --outDir out web/src/example.ts web/src/routes.ts",
      ],
      in: folder)
    try #require(compiled.status == 0, "\(compiled.stdout) \(compiled.stderr)")
    let node = try #require(Tools.path("node"))
    let run = try await Tools.run(node, ["out/example.js"], in: folder)
    let shown = example.compactMap { line in
      line.range(of: "// ").map { String(line[$0.upperBound...]).split(separator: ":")[0] }
    }.map(String.init)
    let printed = run.stdout.split(separator: "\n").map(String.init)
    #expect(printed.count == 2)
    #expect(printed.first == shown.first)
    #expect(printed.last == "https://news.example.com/post/hello%20world")
  }
}
