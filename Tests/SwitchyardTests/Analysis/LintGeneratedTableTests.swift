import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// Small tables generated from a fixed seed: every witness holds, and no route reported
/// shadowed wins any URL of a probe set built from the patterns' pieces.
@Suite struct LintGeneratedTableTests {
  static let pieces = [
    "a", "b", ":s", "<int:i>", "<float:f>", "<uuid:u>", "*", "<path:p>", "(a)", "(<int:j>)",
    "x<k>", "<m>.json",
  ]
  static let prefixes = [
    "", "", "", "myapp://", "https://example.com", "https://*.example.com", "//*",
  ]
  static let suffixes = ["", "?q=<int:q>", "?q=1", "#<h>", "#top"]
  static let probeSegments = [
    "a", "b", "7", "2.5", "123e4567-e89b-12d3-a456-426614174000", "xy", "z.json", "x", "1",
  ]

  @Test func generatedTables() throws {
    var random = SeededGenerator(seed: 20_261_123)
    var kinds: [LintFinding.Kind: Int] = [:]
    for _ in 0..<150 {
      var rows: [(String, String, Int)] = []
      for index in 0..<(2 + random.below(5)) {
        let length = random.below(4)
        let path = (0..<length).map { _ in Self.pieces[random.below(Self.pieces.count)] }
        let pattern =
          Self.prefixes[random.below(Self.prefixes.count)] + "/" + path.joined(separator: "/")
          + Self.suffixes[random.below(Self.suffixes.count)]
        rows.append(("r\(index)", pattern, random.below(3) == 0 ? 1 : 0))
      }
      guard let table = try? lintTable(rows) else { continue }
      let findings = table.lint()
      for finding in findings { kinds[finding.kind, default: 0] += 1 }
      verifyWitnesses(table, findings)
      // Probe URLs: every scheme/host and up to three segments of the probe set.
      let matcher = RouteMatcher(table)
      var winners = Set<String>()
      let bases = ["", "myapp://", "https://example.com", "https://w.example.com", "https://h"]
      var paths: [[String]] = [[]]
      for _ in 0..<2 {
        paths += paths.filter { $0.count == paths.map(\.count).max() }.flatMap { path in
          Self.probeSegments.map { path + [$0] }
        }
      }
      for base in bases {
        for path in paths {
          for tail in ["", "?q=1", "?q=2", "#top", "#x"] {
            let url = base + "/" + path.joined(separator: "/") + tail
            if let name = matcher.match(url)?.route.name { winners.insert(name) }
          }
        }
      }
      for finding in findings where finding.kind == .shadowed || finding.kind == .duplicate {
        let loser = finding.kind == .shadowed ? finding.routes[0] : finding.routes[1]
        #expect(!winners.contains(loser), "\(rows) \(finding)")
      }
    }
    // The generated tables exercise the error kinds and overlaps (a change to the generator
    // that stopped doing so would make this test prove nothing).
    #expect(
      kinds[.shadowed, default: 0] >= 5 && kinds[.duplicate, default: 0] > 0
        && kinds[.overlap, default: 0] > 0, "\(kinds)")
  }
}
