import Switchyard
import Testing

@testable import SwitchyardFoundation

/// Export and verify cost in proportion to the table and the file: counted in steps (hash
/// lookups, pattern tests), never timed, so the answer is the same on every machine.
@Suite("App-link cost")
struct AppLinkCostTests {
  static let appID = "ABCDE12345.com.example.app"

  /// `count` distinct routes of the shapes a site has: literals, captures, catch-alls.
  static func table(_ count: Int) throws -> RouteTable {
    var table = RouteTable()
    for index in 0..<count {
      switch index % 3 {
      case 0: try table.add("r\(index)", "https://example.com/r\(index)/:id")
      case 1: try table.add("r\(index)", "https://example.com/r\(index)/items/<int:n>")
      default: try table.add("r\(index)", "https://example.com/r\(index)/*rest")
      }
    }
    return table
  }

  /// Steps per route stay the same as the table grows fourfold (a quadratic cost would
  /// quadruple them).
  static func expectLinear(_ steps: (Int) throws -> Int) throws {
    let small = try steps(500)
    let large = try steps(2_000)
    #expect(small > 0)
    #expect(large <= small * 4 + 16, "500 → \(small) steps, 2,000 → \(large) steps")
  }

  @Test func appleExportIsLinear() throws {
    try Self.expectLinear { count in
      var work = AppLinkWork()
      _ = AppleAppSiteAssociation.export(
        try Self.table(count), appIDs: [Self.appID], host: nil, webOnly: [], work: &work)
      return work.steps
    }
  }

  @Test func androidExportIsLinear() throws {
    try Self.expectLinear { count in
      var work = AppLinkWork()
      _ = AndroidIntentFilters.export(
        try Self.table(count), packageName: nil, hosts: [], work: &work)
      return work.steps
    }
  }

  /// A large table exports every route once, on both platforms.
  @Test func largeTableExports() throws {
    let table = try Self.table(15_000)
    let apple = AppleAppSiteAssociation.export(table, appIDs: [Self.appID])
    // One component per route, two for a catch-all (empty or not).
    #expect(apple.file.details[0].components.count == 20_000)
    let android = AndroidIntentFilters.export(table)
    #expect(android.file.filters.count == 15_000)
  }
}
