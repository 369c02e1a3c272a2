import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// A built URL matches its route back with exactly its values, or the call throws: also when
/// another route of the table wins the URL (a more specific or higher-priority route).
@Suite("Building: a URL another route wins")
struct URLBuildingWinnerTests {
  static func shop() throws -> RouteTable {
    var table = RouteTable(options: RouteOptions(defaultScheme: "shop"))
    try table.add("category", "/category/<int:id>")
    try table.add("categorySlug", "/category/:slug")
    return table
  }

  static let shadowed =
    "route 'categorySlug': the URL built for these values, shop://category/4, is won by route 'category' (/category/<int:id>), which a match prefers; give other values, or change the routes' precedence"

  @Test("a table refuses a URL another route wins, and names that route")
  func table() throws {
    let table = try Self.shop()
    #expect(
      try table.url(for: "categorySlug", values: ["slug": "shoes"]) == "shop://category/shoes")
    #expect(try table.url(for: "category", values: ["id": 4]) == "shop://category/4")
    #expect {
      try table.url(for: "categorySlug", values: ["slug": "4"])
    } throws: { error in
      let error = error as? URLBuildingError
      return error?.code == .ambiguous && error?.routeName == "categorySlug"
        && error?.description == Self.shadowed
    }
    // Every URL the table builds matches its route back.
    let matcher = RouteMatcher(table)
    for slug in ["shoes", "4x", "-4", "04", "4.5"] {
      guard let url = try? table.url(for: "categorySlug", values: ["slug": slug]) else { continue }
      #expect(matcher.match(url)?.route.name == "categorySlug", "\(url)")
    }
  }

  @Test("a table changed after a URL was built checks against its routes as they are now")
  func tableChanged() throws {
    var table = RouteTable(options: RouteOptions(defaultScheme: "shop"))
    try table.add("categorySlug", "/category/:slug")
    #expect(try table.url(for: "categorySlug", values: ["slug": "4"]) == "shop://category/4")
    let before = table
    try table.add("category", "/category/<int:id>")
    #expect(throws: URLBuildingError.self) {
      try table.url(for: "categorySlug", values: ["slug": "4"])
    }
    // The copy made before the change keeps its own routes.
    #expect(try before.url(for: "categorySlug", values: ["slug": "4"]) == "shop://category/4")
    table.remove("category")
    #expect(try table.url(for: "categorySlug", values: ["slug": "4"]) == "shop://category/4")
  }

  @Test("a priority decides the winner as a match does")
  func priority() throws {
    var table = RouteTable(options: RouteOptions(defaultScheme: "shop"))
    try table.add("category", "/category/<int:id>")
    try table.add("categorySlug", "/category/:slug", priority: 1)
    #expect(try table.url(for: "categorySlug", values: ["slug": "4"]) == "shop://category/4")
    #expect {
      try table.url(for: "category", values: ["id": 4])
    } throws: { error in
      (error as? URLBuildingError)?.description.contains("is won by route 'categorySlug'") == true
    }
  }

  @Test("a matcher refuses it too")
  func matcher() throws {
    let matcher = RouteMatcher(try Self.shop())
    #expect(
      try matcher.url(for: "categorySlug", values: ["slug": "shoes"]) == "shop://category/shoes")
    #expect {
      try matcher.url(for: "categorySlug", values: ["slug": "4"])
    } throws: { error in
      (error as? URLBuildingError)?.description == Self.shadowed
    }
  }

  @Test("a router refuses it, with routes registered in several levels")
  func router() throws {
    let router = Router<String>(options: RouteOptions(defaultScheme: "shop"))
    try router.register("/category/:slug", name: "categorySlug") { _ in "slug" }
    #expect(router.route("shop://category/4") == "slug")
    try router.register("/category/<int:id>", name: "category") { _ in "int" }
    #expect {
      try router.url(for: "categorySlug", values: ["slug": "4"])
    } throws: { error in
      (error as? URLBuildingError)?.description == Self.shadowed
    }
    #expect(try router.url(for: "categorySlug", values: ["slug": "red"]) == "shop://category/red")
    router.remove("category")
    #expect(try router.url(for: "categorySlug", values: ["slug": "4"]) == "shop://category/4")
  }

  @Test("a matcher builds what its table builds under accepted origins")
  func matcherUnderAcceptedOrigins() throws {
    var options = RouteOptions()
    options.acceptedOrigins = [try LinkOrigin("shop"), try LinkOrigin("https://shop.example.com")]
    var table = RouteTable(options: options)
    try table.add("product", "/product/<int:id>")
    try table.add("search", "/search/:term")
    let matcher = RouteMatcher(table)
    let built = try table.url(for: "product", values: ["id": 42])
    #expect(built == "shop://product/42")
    #expect(try matcher.url(for: "product", values: ["id": 42]) == built)
    #expect(
      try matcher.url(
        for: "search", values: ["term": "a b"], host: "shop.example.com", scheme: "https")
        == table.url(
          for: "search", values: ["term": "a b"], host: "shop.example.com", scheme: "https"))
    #expect(matcher.match(built)?.route.name == "product")
  }

  @Test("a Routes type's url (what @Routes writes) refuses it: no round trip changes the case")
  func routesType() throws {
    #expect(try ShopCategoryLink.categorySlug(slug: "shoes").url == "shop://category/shoes")
    #expect(ShopCategoryLink(url: "shop://category/shoes") == .categorySlug(slug: "shoes"))
    #expect(try ShopCategoryLink.category(id: 4).url == "shop://category/4")
    #expect {
      try ShopCategoryLink.categorySlug(slug: "4").url
    } throws: { error in
      (error as? URLBuildingError)?.description == Self.shadowed
    }
  }
}

/// One table, its compiled matcher and a `Routes` type over it, used from many tasks at once:
/// every URL built is checked against its route, every lookup against its answer, while
/// copies of the table are changed (each change starts a slot of its own) and new tables are
/// compiled. Run under ThreadSanitizer and AddressSanitizer too (CONTRIBUTING, "Sanitizers").
@Suite("Building: one table's matcher shared between tasks")
struct URLBuildingSharedMatcherTests {
  @Test("URLs built, checked and matched from 8 tasks at once, with copies changed meanwhile")
  func manyTasks() async throws {
    let table = try URLBuildingWinnerTests.shop()
    let failures = await withTaskGroup(of: [String].self) { group in
      for task in 0..<8 {
        group.addTask {
          var failures: [String] = []
          var copy = table
          for round in 0..<300 {
            let slug = "s\(task)-\(round)"
            if (try? ShopCategoryLink.categorySlug(slug: slug).url) != "shop://category/\(slug)" {
              failures.append("ShopCategoryLink.categorySlug(\(slug)).url")
            }
            if (try? ShopCategoryLink.categorySlug(slug: "\(round)").url) != nil {
              failures.append("ShopCategoryLink.categorySlug(\(round)).url built")
            }
            if ShopCategoryLink(url: "shop://category/\(round)") != .category(id: round) {
              failures.append("ShopCategoryLink(url:) \(round)")
            }
            if (try? table.url(for: "category", values: ["id": round]))
              != "shop://category/\(round)"
            {
              failures.append("table.url \(round)")
            }
            // A copy changed in this task gets a slot of its own; the shared one is untouched.
            if round % 50 == 0 {
              _ = try? copy.add("extra\(round)", "/extra/\(task)/\(round)")
              if (try? copy.url(for: "extra\(round)")) != "shop://extra/\(task)/\(round)" {
                failures.append("copy.url extra\(round)")
              }
            }
          }
          return failures
        }
      }
      var all: [String] = []
      for await failures in group { all += failures }
      return all
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }
}
