import Foundation
import SwitchyardLinks
import Testing

/// The Swift example of the module's DocC landing page is the body of a test below (but for
/// its `import`), so that the example a user copies compiles and does what it says.
@Suite struct DocumentationExampleTests {
  /// The folder of the package.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The ```swift blocks of a file, each without its fences.
  static func swiftBlocks(in text: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```swift" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append((current ?? []).joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// The lines of this file between `// example: begin` and `// example: end`, unindented.
  static func exampleInThisFile() throws -> String {
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let begin = try #require(lines.firstIndex { $0.hasSuffix("// example: begin") })
    let end = try #require(lines.firstIndex { $0.hasSuffix("// example: end") })
    return lines[(begin + 1)..<end].map { $0.hasPrefix("    ") ? $0.dropFirst(4) : $0 }
      .joined(separator: "\n")
  }

  @Test func theLandingPagesExampleIsTheTestBelow() throws {
    let page = try String(
      contentsOf: Self.packageRoot.appendingPathComponent(
        "Sources/SwitchyardLinks/SwitchyardLinks.docc/SwitchyardLinks.md"),
      encoding: .utf8)
    // The block's `import` is this file's.
    #expect(
      Self.swiftBlocks(in: page) == ["import SwitchyardLinks\n\n" + (try Self.exampleInThisFile())])
  }

  @Test func theLandingPagesExampleRuns() throws {
    // example: begin
    let preview = LinkPreview(
      title: "Post hello-world",
      shortLink: "https://links.example.com/l/Ab3dE9xQ",
      longURL: "https://example.com/posts/hello-world")
    let client = LinkClient(userAgent: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)")
    let html =
      client == .previewCrawler
      ? LinkPages.preview(preview)
      : LinkPages.landing(preview, for: client, stores: StoreLinks(appStoreID: "1234567890"))
    // example: end
    #expect(client == .previewCrawler)
    #expect(html.contains(#"<meta property="og:title" content="Post hello-world">"#))
  }
}
