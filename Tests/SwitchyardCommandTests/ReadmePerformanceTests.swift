import Foundation
import Testing

/// The README's speed table shows the figures of `Benchmarks/README.md`'s peers table, from the
/// run that table names, with Hummingbird's trie as Hummingbird runs it (`HummingbirdMethodMap`),
/// not with the method in the path (which `Benchmarks/README.md` says is not how it is used).
@Suite("README: the speed table is the benchmarks' fair figures")
struct ReadmePerformanceTests {
  /// The text of `file` from the line `heading` to the next heading of the same level.
  static func section(_ file: String, _ heading: String) throws -> Substring {
    let text = try CommandRunner.repositoryFile(file)
    let start = try #require(text.range(of: "\n" + heading + "\n"), "\(file): \(heading)")
    let rest = text[start.upperBound...]
    let level = String(heading.prefix { $0 == "#" })
    return rest[..<(rest.range(of: "\n" + level + " ")?.lowerBound ?? rest.endIndex)]
  }

  /// The rows of the first Markdown table in `text`: its header's cells, then each row's.
  static func table(_ text: Substring) -> [[String]] {
    text.split(separator: "\n").filter { $0.hasPrefix("|") && !$0.hasPrefix("| ---") }.map {
      $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }
  }

  /// `1,421,869 ns` or `1421869` as a number.
  static func figure(_ cell: String) -> Int? {
    Int(cell.replacingOccurrences(of: " ns", with: "").replacingOccurrences(of: ",", with: ""))
  }

  @Test(
    "Each row of the README's table is the peers table's Switchyard, RoutingKit, HummingbirdMethodMap and Linear"
  )
  func fairFigures() throws {
    let readme = try Self.section("README.md", "## Performance")
    let peers = try Self.section(
      "Benchmarks/README.md",
      "### Lookup against the peers: ns per lookup (all probes, hits and misses)")
    let peerRows = Self.table(peers)
    let header = try #require(peerRows.first)
    let columns = try ["Switchyard", "RoutingKit", "HummingbirdMethodMap", "Linear"].map { name in
      try #require(header.firstIndex(of: name), "Benchmarks/README.md has no column \(name)")
    }
    // The run the figures come from is named, so that a reader can date them.
    let commit = try #require(
      peers.firstMatch(of: /commit `([0-9a-f]{7,})`/)?.output.1, "the peers table names its commit")
    #expect(readme.contains("commit `\(commit)`"), "the README names the run (\(commit))")
    let rows = Self.table(readme).dropFirst()
    #expect(rows.count == 3)
    for row in rows {
      let name = row[0]
      let key =
        name.hasPrefix("GitHub")
        ? "github"
        : "synthetic-"
          + name.drop { !$0.isNumber }.prefix { $0.isNumber || $0 == "," }
          .replacingOccurrences(of: ",", with: "")
      let peer = try #require(peerRows.first { $0.first == key }, "no peers row \(key)")
      let expected = columns.map { Self.figure(peer[$0]) }
      let shown = row.dropFirst().map(Self.figure)
      #expect(shown == expected, "README row \(name)")
    }
  }
}
