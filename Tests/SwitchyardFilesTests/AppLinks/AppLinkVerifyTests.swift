import Switchyard
import Testing

@testable import SwitchyardFiles

/// `verify` finds each kind of drift in files built to contain it, and none in exported files.
@Suite("App-link verification")
struct AppLinkVerifyTests {
  static let appID = "ABCDE12345.com.example.app"

  static func table() throws -> RouteTable {
    var table = RouteTable()
    try table.add("profile", "https://example.com/@:name")
    try table.add("order", "https://example.com/order/<int:id>")
    try table.add("admin", "https://example.com/admin/*")
    try table.add("user", "myapp://user/<int:id>")
    return table
  }

  static func file(_ components: [AppleAppSiteAssociation.Component]) -> AppleAppSiteAssociation {
    AppleAppSiteAssociation(details: [
      .init(appIDs: [appID], components: components, caseSensitive: true, percentEncoded: false)
    ])
  }

  @Test("An exported file verifies clean, with and without web-only routes")
  func exportedIsClean() throws {
    let table = try Self.table()
    let file = AppleAppSiteAssociation.export(table, appIDs: [Self.appID], host: "example.com").file
    #expect(file.verify(against: table, host: "example.com").isEmpty)
    let webOnly = AppleAppSiteAssociation.export(
      table, appIDs: [Self.appID], host: "example.com", webOnly: ["admin"]
    ).file
    #expect(webOnly.verify(against: table, host: "example.com", webOnly: ["admin"]).isEmpty)
    let filters = AndroidIntentFilters.export(table).file
    #expect(filters.verify(against: table).isEmpty)
  }

  @Test("A link the file lets in that no route handles")
  func unhandledLink() throws {
    let table = try Self.table()
    let file = Self.file([
      .init(path: "/@?*"), .init(path: "/order/?*"), .init(path: "/admin"),
      .init(path: "/admin/"), .init(path: "/admin/?*"),
      .init(path: "/old/*"),
    ])
    let drifts = file.verify(against: table, host: "example.com")
    #expect(!drifts.isEmpty)
    #expect(
      drifts.allSatisfy { $0.kind == .unhandledLink && $0.url.hasPrefix("https://example.com/old") }
    )
    #expect(drifts[0].description.hasSuffix(", which no route handles"))
  }

  @Test("A route the file does not let in")
  func missingRoute() throws {
    let table = try Self.table()
    let file = Self.file([
      .init(path: "/@?*"), .init(path: "/admin"), .init(path: "/admin/"), .init(path: "/admin/?*"),
    ])
    let drifts = file.verify(against: table, host: "example.com")
    // /order/7/ is kept out too (iOS reads it as another path), one finding with /order/7.
    #expect(
      drifts == [
        AppLinkDrift(kind: .routeNotLetIn, url: "https://example.com/order/7", routeName: "order")
      ])
    #expect(
      drifts[0].description
        == #"route "order": the file does not let in https://example.com/order/7"#)
  }

  @Test("A web-only route's link that the file lets in")
  func webOnlyLink() throws {
    let table = try Self.table()
    let file = Self.file([.init(path: "/*")])
    let drifts = file.verify(against: table, host: "example.com", webOnly: ["admin"])
    #expect(drifts.contains { $0.kind == .webOnlyLink && $0.routeName == "admin" })
    #expect(drifts.allSatisfy { $0.kind != .routeNotLetIn })
  }

  @Test("A wildcard wider than the documented superset is drift; the superset is not")
  func beyondTheSuperset() throws {
    let table = try Self.table()
    var components: [AppleAppSiteAssociation.Component] = [
      .init(path: "/@?*"), .init(path: "/admin"), .init(path: "/admin/"), .init(path: "/admin/?*"),
    ]
    // "/order/?*" lets in /order/x, which <int:id> refuses: that is the documented superset.
    #expect(
      Self.file(components + [.init(path: "/order/?*")]).verify(against: table, host: "example.com")
        .isEmpty)
    // "/order*" also lets in /order and /orders.
    components.append(.init(path: "/order*"))
    let drifts = Self.file(components).verify(against: table, host: "example.com")
    #expect(drifts.map(\.url).contains("https://example.com/order"))
    #expect(drifts.allSatisfy { $0.kind == .unhandledLink })
  }

  @Test("Android: a missing filter and an extra one")
  func android() throws {
    let table = try Self.table()
    let exported = AndroidIntentFilters.export(table).file
    var missing = exported
    missing.filters.removeAll { $0.hosts == ["user"] }
    #expect(
      missing.verify(against: table) == [
        AppLinkDrift(kind: .routeNotLetIn, url: "myapp://user/7", routeName: "user")
      ])
    var extra = exported
    extra.filters.append(
      AndroidIntentFilter(autoVerify: false, schemes: ["myapp"], hosts: ["promo"], pathRules: []))
    let drifts = extra.verify(against: table)
    #expect(!drifts.isEmpty)
    #expect(drifts.allSatisfy { $0.kind == .unhandledLink && $0.url.hasPrefix("myapp://promo") })
  }

  @Test("A file that ignores case where the table does not")
  func caseInsensitiveFile() throws {
    let table = try Self.table()
    var file = AppleAppSiteAssociation.export(table, appIDs: [Self.appID], host: "example.com")
      .file
    file.details[0].caseSensitive = false
    let drifts = file.verify(against: table, host: "example.com")
    #expect(
      drifts.contains(
        AppLinkDrift(kind: .unhandledLink, url: "https://example.com/ORDER/7", routeName: nil)))
    #expect(drifts.allSatisfy { $0.kind == .unhandledLink })
  }

  @Test("Android: an https filter without autoVerify")
  func androidNotVerified() throws {
    let table = try Self.table()
    var filters = AndroidIntentFilters.export(table).file
    let position = try #require(
      filters.filters.firstIndex { $0.comment?.hasPrefix("order:") == true })
    #expect(filters.filters[position].autoVerify)
    filters.filters[position].autoVerify = false
    let drifts = filters.verify(against: table)
    #expect(!drifts.isEmpty)
    #expect(drifts.allSatisfy { $0.kind == .notVerified && $0.url.hasPrefix("https://") })
    let order = try #require(drifts.first { $0.routeName == "order" })
    #expect(
      order.description
        == #"route "order": no filter that lets in https://example.com/order/7 has "#
        + #"android:autoVerify="true", so Android 12 and later open it in the browser"#)
  }
}
