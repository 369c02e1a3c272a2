import Switchyard
import Testing

@testable import SwitchyardFiles

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

  /// The app-link steps `body` takes (debug-build counters).
  static func steps(_ body: () throws -> Void) rethrows -> Int {
    let counters = ReadingCounters()
    try ReadingCounters.$current.withValue(counters) { try body() }
    return counters.counts.appLinkSteps
  }

  /// Steps per route stay the same as the table grows fourfold (a quadratic cost would
  /// quadruple them). A linear cost a·n + b with a negative b (Apple's verify: 500 → 5,657
  /// steps, 2,000 → 22,657) lands a few steps over four times; 2% leaves room for that and
  /// none for a quadratic term.
  static func expectLinear(_ steps: (Int) throws -> Int) throws {
    let small = try steps(500)
    let large = try steps(2_000)
    #expect(small > 0)
    #expect(large <= small * 4 + small / 50, "500 → \(small) steps, 2,000 → \(large) steps")
  }

  @Test func appleExportIsLinear() throws {
    try Self.expectLinear { count in
      let table = try Self.table(count)
      return Self.steps {
        _ = AppleAppSiteAssociation.export(table, appIDs: [Self.appID], host: nil, webOnly: [])
      }
    }
  }

  @Test func androidExportIsLinear() throws {
    try Self.expectLinear { count in
      let table = try Self.table(count)
      return Self.steps { _ = AndroidIntentFilters.export(table, packageName: nil, hosts: []) }
    }
  }

  /// A large table exports every route once, on both platforms.
  @Test func largeTableExports() throws {
    let table = try Self.table(15_000)
    let apple = AppleAppSiteAssociation.export(table, appIDs: [Self.appID])
    // One component per route, two for a catch-all (empty or not), and the empty catch-all's
    // path again with a final '/' (iOS reads `/r2/` as another path than `/r2`).
    #expect(apple.file.details[0].components.count == 25_000)
    let android = AndroidIntentFilters.export(table)
    #expect(android.file.filters.count == 15_000)
  }

  @Test func appleVerifyIsLinear() throws {
    try Self.expectLinear { count in
      let table = try Self.table(count)
      let file = AppleAppSiteAssociation.export(table, appIDs: [Self.appID]).file
      var drifts: [AppLinkDrift] = []
      let steps = Self.steps {
        drifts = file.verify(against: table, host: nil, appID: nil, webOnly: [])
      }
      #expect(drifts.isEmpty)
      return steps
    }
  }

  @Test func androidVerifyIsLinear() throws {
    try Self.expectLinear { count in
      let table = try Self.table(count)
      let file = AndroidIntentFilters.export(table).file
      var drifts: [AppLinkDrift] = []
      let steps = Self.steps { drifts = file.verify(against: table, hosts: []) }
      #expect(drifts.isEmpty)
      return steps
    }
  }

  /// A file near Apple's 128 KB limit (5,500 components) is checked whole, and a change in the
  /// middle of it is found.
  @Test func largeFileVerifies() throws {
    let table = try Self.table(3_300)
    var file = AppleAppSiteAssociation.export(table, appIDs: [Self.appID]).file
    #expect(file.details[0].components.count == 5_500)
    #expect(file.verify(against: table).isEmpty)
    file.details[0].components[2_750].path = "/gone/?*"
    let drifts = file.verify(against: table)
    #expect(
      drifts.contains {
        $0.kind == .unhandledLink && $0.url.hasPrefix("https://example.com/gone/")
      })
    #expect(drifts.contains { $0.kind == .routeNotLetIn })
  }

  /// The index answers as the plain scan does, over components of every key (literal first
  /// segment or not, either case setting, either encoding, excluded or not) and two details.
  @Test func appleIndexAgreesWithScan() throws {
    let paths = ["/a/?*", "/A/b", "/?*", "*", "/a%20b/?", "/a b/*", "/", "/b*", "/x/y/z", "/A?"]
    var components: [AppleAppSiteAssociation.Component] = []
    for (position, path) in paths.enumerated() {
      components.append(
        .init(
          path: position == 3 ? nil : path, exclude: position % 4 == 1,
          caseSensitive: position % 3 == 0 ? false : nil,
          percentEncoded: position % 2 == 0 ? false : nil))
    }
    let file = AppleAppSiteAssociation(details: [
      .init(appIDs: ["T.one"], components: Array(components.reversed()), caseSensitive: false),
      .init(appIDs: ["T.one", "T.two"], components: components, percentEncoded: false),
    ])
    let index = AppleComponentIndex(file)
    let urls = [
      "/a/b", "/A/B", "/a", "/", "", "/a%20b/c", "/a b/c", "/b", "/bc/d", "/x/y/z", "/X/y/z",
      "/Ab", "/a/b/c", "/zzz",
    ].map { "https://example.com" + $0 }
    for url in urls {
      for appID in [nil, "T.one", "T.two", "T.three"] {
        #expect(
          index.opens(url, appID: appID) == file.opens(url, appID: appID),
          "\(url) for \(appID ?? "any app")")
      }
    }
  }

  @Test func androidIndexAgreesWithScan() throws {
    func filter(_ hosts: [String], _ rules: [AndroidIntentFilter.PathRule]) -> AndroidIntentFilter {
      AndroidIntentFilter(autoVerify: false, schemes: ["https"], hosts: hosts, pathRules: rules)
    }
    let filters = AndroidIntentFilters(filters: [
      filter(["example.com"], [.path("/a")]),
      filter(["Example.com", "other.com"], [.prefix("/b/"), .pattern("/c/..*")]),
      filter(["example.com"], [.prefix("/d")]),
      filter(["*.example.com"], [.path("/e")]),
      AndroidIntentFilter(autoVerify: false, schemes: ["myapp"], hosts: [], pathRules: []),
      filter(["example.com"], [.pattern("/f*x")]),
      filter(["example.com"], [.path("/")]),
      filter(["example.com"], [.suffix(".json")]),
      filter(["example.com"], [.pattern("/g\\.h/x")]),
    ])
    let index = AndroidFilterIndex(filters)
    let paths = [
      "/a", "/a/b", "/b/c", "/b", "/c/x", "/c", "/dx", "/d/y", "/e", "/fx", "/x", "", "/",
      "/q.json", "/g.h/x", "/gxh/x",
    ]
    for host in ["example.com", "other.com", "www.example.com", "user"] {
      for scheme in ["https", "myapp"] {
        for path in paths {
          let url = scheme + "://" + host + path
          #expect(index.opens(url) == filters.opens(url), "\(url)")
        }
      }
    }
  }

  @Test func oversizedFilesAreRefused() throws {
    let big = String(repeating: " ", count: AppLinkLimits.maximumFileBytes) + "[]"
    let message =
      "the file is 2097154 bytes; app-link files over 2097152 bytes (2 MiB) are not read"
    let error = AppLinkFileError(line: 1, column: 1, message: message)
    #expect(throws: error) { try AppleAppSiteAssociation(json: big) }
    #expect(throws: error) { try AssetLinks(json: big) }
    #expect(throws: error) { try AndroidIntentFilters(xml: big) }
  }

  @Test func longPatternsAreRefused() throws {
    let path = "/" + String(repeating: "*a", count: 600)
    let text =
      #"{"applinks": {"details": [{"appIDs": ["T.a"], "components": [{"/": ""# + path
      + #""}]}]}}"#
    let message = "\"/\" is 1201 bytes long; patterns over 1024 bytes are not read"
    #expect(throws: AppLinkFileError(line: 1, column: 68, message: message)) {
      try AppleAppSiteAssociation(json: text)
    }
  }

  @Test func doctypeIsRefusedByName() throws {
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE manifest [ <!ENTITY a "b"> ]>
      <manifest/>
      """
    let message = "DOCTYPE declarations are not read; remove the <!DOCTYPE …> declaration"
    #expect(throws: AppLinkFileError(line: 2, column: 1, message: message)) {
      try AndroidIntentFilters(xml: text)
    }
  }
}
