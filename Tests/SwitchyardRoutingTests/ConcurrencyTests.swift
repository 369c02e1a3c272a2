import Switchyard
import SwitchyardTestSupport
import Testing

@Suite("Concurrency")
struct ConcurrencyTests {
  @Test("register and route from many tasks: no lost or torn routes")
  func registerAndRouteUnderLoad() async throws {
    let router = Router<Int>()
    let writers = 8
    let perWriter = 40
    let wrong = Recorder<String>()

    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<writers {
        group.addTask {
          for index in 0..<perWriter {
            let id = writer * perWriter + index
            do {
              try router.register("myapp://item/\(id)/<int:n>") { match in
                // The handler must see the match of its own route.
                guard match.route.pattern.text == "myapp://item/\(id)/<int:n>" else { return -1 }
                return id * 1000 + (try match.value("n", as: Int.self))
              }
            } catch {
              wrong.append("register \(id): \(error)")
            }
            // Route something registered by this writer and, at random, by others.
            let probe = Int.random(in: 0...id)
            if let output = router.route("myapp://item/\(probe)/7"), output != probe * 1000 + 7 {
              wrong.append("item \(probe) gave \(output)")
            }
          }
        }
      }
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<200 {
            let probe = Int.random(in: 0..<(writers * perWriter))
            if let output = router.route("myapp://item/\(probe)/3"), output != probe * 1000 + 3 {
              wrong.append("reader: item \(probe) gave \(output)")
            }
            await Task.yield()
          }
        }
      }
    }

    #expect(wrong.all.isEmpty)
    #expect(router.table.routes.count == writers * perWriter)
    for id in 0..<(writers * perWriter) {
      #expect(router.route("myapp://item/\(id)/5") == id * 1000 + 5)
    }
  }

  @Test("remove while routing: a routing call sees the routes as they were when it started")
  func removeWhileRouting() async throws {
    let router = Router<String>()
    for index in 0..<200 {
      try router.register("/r/\(index)", name: "r\(index)") { _ in "r\(index)" }
    }
    let wrong = Recorder<String>()
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for index in 0..<200 { router.remove("r\(index)") }
      }
      for _ in 0..<4 {
        group.addTask {
          for index in 0..<200 {
            if let output = router.route("/r/\(index)"), output != "r\(index)" {
              wrong.append(output)
            }
            await Task.yield()
          }
        }
      }
    }
    #expect(wrong.all.isEmpty)
    #expect(router.table.routes.isEmpty)
  }

  @Test("URLs built from many tasks while routes come and go: each is its route's, or refused")
  func buildWhileChanging() async throws {
    let router = Router<String>(options: RouteOptions(defaultScheme: "shop"))
    try router.register("/category/<int:id>", name: "category") { _ in "category" }
    try router.register("/category/:slug", name: "categorySlug") { _ in "categorySlug" }
    let wrong = Recorder<String>()
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for index in 0..<100 {
          _ = try? router.register("/extra/\(index)", name: "extra\(index)") { _ in "extra" }
          if index % 3 == 0 { router.remove("extra\(index)") }
        }
      }
      for task in 0..<6 {
        group.addTask {
          for round in 0..<150 {
            let slug = "s\(task)-\(round)"
            if (try? router.url(for: "categorySlug", values: ["slug": slug]))
              != "shop://category/\(slug)"
            {
              wrong.append("categorySlug \(slug)")
            }
            // Another route wins this URL: refused, whatever else is registered meanwhile.
            if let built = try? router.url(for: "categorySlug", values: ["slug": "\(round)"]) {
              wrong.append("built \(built)")
            }
            if (try? ShopCategoryLink.categorySlug(slug: slug).url) != "shop://category/\(slug)" {
              wrong.append("ShopCategoryLink \(slug)")
            }
            if (try? ShopCategoryLink.categorySlug(slug: "\(round)").url) != nil {
              wrong.append("ShopCategoryLink built \(round)")
            }
            if ShopCategoryLink(url: "shop://category/\(round)") != .category(id: round) {
              wrong.append("ShopCategoryLink(url:) \(round)")
            }
          }
        }
      }
    }
    #expect(wrong.all.isEmpty, "\(wrong.all.prefix(5))")
  }
}
