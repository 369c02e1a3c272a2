import Switchyard
import Testing

@testable import SwitchyardFiles

/// Android compares a link's path as written (`Uri.getPath()`: decoded, a trailing `/` and
/// empty segments kept), while the router reads `/a/` as `/a`: the exported intent filters let
/// both in, the library's matching agrees with the independent model (`Reference`), and
/// `verify` names the links a filter without the `/` forms keeps out.
@Suite("Android intent filters: paths as written, the '/' forms exported")
struct AndroidAppLinkPathTests {
  static func filter(_ rules: [AndroidIntentFilter.PathRule]) -> AndroidIntentFilters {
    AndroidIntentFilters(filters: [
      AndroidIntentFilter(
        autoVerify: true, schemes: ["https"], hosts: ["example.com"], pathRules: rules)
    ])
  }

  @Test("A path rule takes the path as written: '/cart' is not '/cart/', '/a/b' not '/a//b'")
  func pathAsWritten() {
    let literal = Self.filter([.path("/cart"), .path("/a/b")])
    for (url, opens) in [
      ("https://example.com/cart", true), ("https://example.com/cart/", false),
      ("https://example.com//cart", false), ("https://example.com/a/b", true),
      ("https://example.com/a//b", false), ("https://example.com/a/b/", false),
    ] {
      #expect(literal.opens(url) == opens, "\(url)")
      #expect(Reference.androidOpens(literal, url) == opens, "model: \(url)")
      #expect(AndroidFilterIndex(literal).opens(url) == opens, "index: \(url)")
    }
    // A pattern ending in `.*` runs to the end of the path, a final '/' included; one that
    // ends in a literal does not take a '/' after it.
    let patterns = Self.filter([.pattern("/product/..*"), .pattern("/..*/reviews")])
    for (url, opens) in [
      ("https://example.com/product/7", true), ("https://example.com/product/7/", true),
      ("https://example.com/7/reviews", true), ("https://example.com/7/reviews/", false),
    ] {
      #expect(patterns.opens(url) == opens, "\(url)")
      #expect(Reference.androidOpens(patterns, url) == opens, "model: \(url)")
    }
    // The root: `https://example.com` and `https://example.com/` are one link.
    let root = Self.filter([.path("/")])
    #expect(root.opens("https://example.com") && root.opens("https://example.com/"))
  }

  static let routes: [(String, String)] = [
    ("about", "https://example.com/about"),
    ("getApp", "https://example.com/<locale>/get-app"),
    ("product", "https://example.com/product/:id"),
    ("legacy", "https://example.com/legacy/*rest"),
    ("home", "https://example.com/"),
    ("orders", "myapp://account/orders"),
  ]

  static func table() throws -> RouteTable {
    var table = RouteTable()
    for (name, pattern) in routes { try table.add(name, pattern) }
    return table
  }

  @Test("Export: a route's links with a trailing '/' open the app too, and verify checks it")
  func exportLetsInTrailingSlash() throws {
    let table = try Self.table()
    let export = AndroidIntentFilters.export(table, packageName: "com.example.app")
    let filters = export.file
    for url in [
      "https://example.com/about", "https://example.com/about/", "https://example.com/en/get-app",
      "https://example.com/en/get-app/", "https://example.com/product/7",
      "https://example.com/product/7/", "https://example.com/legacy", "https://example.com/legacy/",
      "https://example.com/legacy/a/b", "https://example.com/", "myapp://account/orders",
      "myapp://account/orders/",
    ] {
      #expect(RouteMatcher(table).match(url) != nil, "the router takes \(url)")
      #expect(filters.opens(url), "\(url)")
      #expect(Reference.androidOpens(filters, url), "Android keeps \(url) in the browser")
    }
    // Written as a second `android:path` (or pattern) in the route's filter.
    let about = try #require(filters.filters.first { $0.comment?.hasPrefix("about:") == true })
    #expect(about.pathRules == [.path("/about"), .path("/about/")])
    let getApp = try #require(filters.filters.first { $0.comment?.hasPrefix("getApp:") == true })
    #expect(getApp.pathRules == [.pattern("/..*/get-app"), .pattern("/..*/get-app/")])
    let product = try #require(
      filters.filters.first { $0.comment?.hasPrefix("product:") == true })
    #expect(product.pathRules == [.pattern("/product/..*")])
    #expect(filters.xml.contains(#"<data android:path="/about/" />"#))
    // What export writes, verify accepts; read back from its XML, the same.
    #expect(filters.verify(against: table).isEmpty)
    #expect(try AndroidIntentFilters(xml: filters.xml).verify(against: table).isEmpty)
  }

  @Test("A manifest without the '/' forms: verify names each link it keeps out, once")
  func manifestWithoutSlashForms() throws {
    let table = try Self.table()
    var bare = AndroidIntentFilters.export(table, packageName: "com.example.app").file
    for index in bare.filters.indices {
      bare.filters[index].pathRules.removeAll {
        switch $0 {
        case .path(let path): path.count > 1 && path.hasSuffix("/")
        case .pattern(let pattern): pattern.hasSuffix("/")
        case .prefix, .suffix: false
        }
      }
    }
    #expect(!bare.opens("https://example.com/about/"))
    let drifts = bare.verify(against: table)
    let keptOut = Set(drifts.filter { $0.kind == .routeNotLetIn }.map(\.url))
    #expect(keptOut.contains("https://example.com/about/"), "\(drifts)")
    #expect(keptOut.contains { $0.hasSuffix("/get-app/") }, "\(drifts)")
    #expect(keptOut.contains("myapp://account/orders/"), "\(drifts)")
    // Each link once: the '/' form is the finding, not the link without it (which is let in).
    #expect(!keptOut.contains("https://example.com/about"))
    #expect(drifts.allSatisfy { $0.kind == .routeNotLetIn }, "\(drifts)")
  }
}
