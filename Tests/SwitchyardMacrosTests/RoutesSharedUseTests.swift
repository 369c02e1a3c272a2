import SwitchyardMacros
import Testing

/// Many tasks at once through what a process shares: a `@Routes` type's static matcher and
/// table (the table keeps the matcher its URL building checks with), one table and its
/// matcher with metadata, one router, and one context of many values copied and set in each
/// task. Every answer is checked; run under ThreadSanitizer or AddressSanitizer, the same
/// test also checks that the sharing neither races nor reads freed memory.
@Suite("@Routes: one type's matcher, table and router shared by many tasks")
struct RoutesSharedUseTests {
  static let tasks = 8
  static let rounds = 2_000

  static let weight = TypedKey("weight", default: -1)
  static func slot(_ index: Int) -> TypedKey<Int> { TypedKey("slot \(index)", default: -1) }

  /// A table whose routes carry metadata of more values than the storage keeps inline.
  static func sharedTable() throws -> RouteTable {
    var table = RouteTable(options: RouteOptions(defaultScheme: "shop"))
    for index in 0..<12 {
      var metadata = RouteMetadata.with(weight, index)
      for other in 0..<12 { metadata = metadata.with(slot(other), index * 100 + other) }
      try table.add("item\(index)", "/item\(index)/<int:id>", metadata: metadata)
      try table.add("itemSlug\(index)", "/item\(index)/:slug")
    }
    return table
  }

  @Test("8 tasks × 2,000 rounds: match, build, read metadata and context through shared values")
  func manyTasks() async throws {
    let table = try Self.sharedTable()
    let matcher = RouteMatcher(table)
    let router = Router<String>()
    try router.register(routes: ShopLink.self) { link, match in
      link == .tab(tab: .likes) ? "likes \(match.context[Self.weight])" : "other"
    }
    // A context past the chain's length keeps its values by name, shared by every copy.
    var context = RoutingContext()
    for index in 0..<12 { context[Self.slot(index)] = index }
    let shared = context
    let insensitive = RouteOptions(caseInsensitivePaths: true)

    let failures = await withTaskGroup(of: [String].self) { group in
      for task in 0..<Self.tasks {
        group.addTask {
          var failures: [String] = []
          func check(_ ok: Bool, _ what: @autoclosure () -> String) {
            if !ok && failures.count < 20 { failures.append("task \(task): \(what())") }
          }
          for round in 0..<Self.rounds {
            let n = task * 10_000 + round
            let index = round % 12
            // The @Routes types' static matchers and tables.
            check(AppLink(url: "myapp://user/\(n)") == .user(id: n), "AppLink user \(n)")
            check((try? AppLink.user(id: n).url) == "myapp://user/\(n)", "AppLink.user.url \(n)")
            check(
              AppLink(url: "/USERS/NEW", options: insensitive) == .newUser, "AppLink options")
            check(ShopLink(url: "myapp://orders/A\(n)") == .order(id: "A\(n)"), "order \(n)")
            check(
              (try? ShopLink.order(id: "A\(n)").url) == "myapp://orders/A\(n)", "order.url \(n)")
            check(ShopLink(url: "/tabs/x\(n)") == .otherTab(rest: "x\(n)"), "otherTab \(n)")
            check((try? ShopLink.tab(tab: .posts).url) == "/tabs/posts", "tab.url")
            // Won by `tab`: refused, with the winner named.
            do throws(URLBuildingError) {
              _ = try ShopLink.otherTab(rest: "likes").url
              check(false, "otherTab(likes).url built")
            } catch {
              check(error.code == .ambiguous && error.message.contains("'tab'"), "\(error)")
            }
            check(
              ShopLink.routeTable.route(named: "order")?.metadata[.gates] == [.signedIn],
              "order's gates")
            // One table and its matcher, with metadata.
            check(
              (try? table.url(for: "item\(index)", values: ["id": n]))
                == "shop://item\(index)/\(n)", "table.url item\(index) \(n)")
            check(
              (try? table.url(for: "itemSlug\(index)", values: ["slug": "\(n)"])) == nil,
              "table.url itemSlug\(index) \(n) built")
            let match = matcher.match("shop://item\(index)/\(n)")
            check(match?.route.metadata[Self.weight] == index, "weight \(index)")
            check(
              match?.route.metadata[Self.slot(round % 12)] == index * 100 + round % 12,
              "slot \(round % 12)")
            check(match?["id"] == "\(n)", "id \(n)")
            // The router, with a context copied from the shared one and set in this task.
            var mine = shared
            mine[Self.weight] = n
            mine[Self.slot(task)] = -n
            check(mine[Self.slot(task)] == -n && shared[Self.slot(task)] == task, "context")
            check(
              router.route("/tabs/likes", context: mine) == "likes \(n)",
              "router.route \(n)")
            check(
              (try? router.url(for: "order", values: ["id": "B\(n)"])) == "myapp://orders/B\(n)",
              "router.url \(n)")
          }
          return failures
        }
      }
      var all: [String] = []
      for await failures in group { all += failures }
      return all
    }
    #expect(failures.isEmpty, "\(failures.prefix(10))")
  }

  @Test("300 tables, each compiled for its URL building by 8 tasks at once: every URL right")
  func firstCompilation() async throws {
    let base = try Self.sharedTable()
    var wrong = 0
    for round in 0..<300 {
      // A change gives the copy a slot of its own, empty until a URL is built.
      var table = base
      try table.add("round\(round)", "/round/\(round)/<int:id>")
      let shared = table
      wrong += await withTaskGroup(of: Int.self) { group in
        for task in 0..<Self.tasks {
          group.addTask {
            var wrong = 0
            let id = round * 100 + task
            if (try? shared.url(for: "round\(round)", values: ["id": id]))
              != "shop://round/\(round)/\(id)"
            {
              wrong += 1
            }
            if (try? shared.url(for: "itemSlug\(task)", values: ["slug": "\(id)"])) != nil {
              wrong += 1
            }
            return wrong
          }
        }
        return await group.reduce(0, +)
      }
    }
    #expect(wrong == 0)
  }
}
