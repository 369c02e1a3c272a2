import Foundation
import Testing

@Suite("switchyard match: route files of hostile shape")
struct DeepRouteFileTests {
  @Test("30,000 nested '(' in a pattern: exit 2 and the position, not a crash")
  func nestedGroups() throws {
    let pattern = String(repeating: "(", count: 30_000)
    let prefix = #"{"version":1,"routes":[{"name":"deep","pattern":""#
    let folder = try CommandRunner.directory(with: ["deep.json": prefix + pattern + #""}]}"#])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CommandRunner.run(["match", "--routes", "deep.json", "/"], in: folder)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    let column = prefix.utf8.count + 33
    #expect(
      result.stderr == """
        deep.json:1:\(column): invalid pattern for route "deep": optional groups are nested too \
        deeply (more than 32 levels)
          \(pattern)
          \(String(repeating: " ", count: 32))^

        """)
  }

  @Test("100,000 nested arrays: exit 2 and the position, not a crash")
  func nestedArrays() throws {
    let folder = try CommandRunner.directory(with: [
      "deep.json": #"{"version":1,"routes":"# + String(repeating: "[", count: 100_000)
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CommandRunner.run(["match", "--routes", "deep.json", "/"], in: folder)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    // The object is the first level: the 512th '[' opens the 513th.
    let column = #"{"version":1,"routes":"#.utf8.count + 512
    #expect(
      result.stderr
        == "deep.json:1:\(column): arrays and objects are nested too deeply (more than 512 levels)\n"
    )
  }
}
