import Switchyard
import Testing

/// A router is a table: `table` gives the routes it routes with, and a router can be made from
/// a table with handlers attached by name.
@Suite("Router and table")
struct RouterTableTests {
  enum Screen: Equatable, Sendable {
    case user(Int)
    case search(String)
    case color(String)
  }

  static func shopTable() throws -> RouteTable {
    var table = RouteTable(options: RouteOptions(caseInsensitivePaths: true))
    try table.register(ParameterType("color", accepts: { ["red", "green"].contains($0) }))
    try table.add("user", "myapp://user/<int:id>")
    try table.add("search", "/search/:term", priority: 1)
    try table.add("color", "/paint/<color:c>", metadata: .with(.holdPolicy, HoldPolicy()))
    return table
  }

  @Test("router.table has the routes in order, with their priorities, metadata and options")
  func tableOfARouter() throws {
    let router = Router<Screen>(options: RouteOptions(defaultScheme: "myapp"))
    try router.register("/user/<int:id>", name: "user") { .user(try $0.value("id", as: Int.self)) }
    try router.register("/search/:term", name: "search", priority: 2) {
      .search(try $0.value("term", as: String.self))
    }
    let table = router.table
    #expect(table.routes.map(\.name) == ["user", "search"])
    #expect(table.routes.map(\.priority) == [0, 2])
    #expect(table.options == router.table.options)
    #expect(RouteMatcher(table).match("myapp://search/shoes")?.route.name == "search")
    #expect(table.explain("myapp://user/7").winner == "user")
    #expect(table.lint().isEmpty)
  }

  @Test("Router(table:) routes the table's routes once handlers are attached by name")
  func routerFromTable() async throws {
    let table = try Self.shopTable()
    let router = try Router<Screen>(table: table)
    #expect(router.table.routes.map(\.name) == ["user", "search", "color"])
    #expect(router.table.options == table.options)
    #expect(router.table.routes.map(\.pattern.text) == table.routes.map(\.pattern.text))
    // Declared, not attached: nothing routes yet, and a dispatched link waits.
    #expect(router.route("myapp://user/42") == nil)
    let early = router.dispatch("myapp://USER/42")
    try router.attach("user") { .user(try $0.value("id", as: Int.self)) }
    try router.attach("search") { .search(try $0.value("term", as: String.self)) }
    try router.attach("color") { .color(try $0.value("c", as: String.self)) }
    #expect(await early.result.output == .user(42))
    #expect(router.route("myapp://user/42") == .user(42))
    #expect(router.route("/search/a%20b") == .search("a b"))
    // The table's registered type and metadata come along.
    #expect(router.route("/paint/red") == .color("red"))
    #expect(router.route("/paint/blue") == nil)
    #expect(router.match("/paint/green")?.route.metadata[.holdPolicy] == HoldPolicy())
    #expect(try router.url(for: "user", values: ["id": 5]) == "myapp://user/5")
  }

  @Test("a table with duplicates makes no router; the error is lint's")
  func duplicatesRefused() throws {
    var table = RouteTable()
    try table.add("a", "/x/:id")
    try table.add("b", "/x/<string:id>")
    let finding = try #require(table.lint().first)
    #expect(finding.kind == .duplicate)
    #expect {
      try Router<Int>(table: table)
    } throws: { error in
      let error = try #require(error as? RouteTableError)
      return error.code == .duplicateRoute && error.description == finding.message
    }
  }

  @Test("MainActorRouter and Navigator give their table too")
  @MainActor
  func mainActorTables() throws {
    let table = try Self.shopTable()
    let router = try MainActorRouter<Screen>(table: table)
    try router.attach("user") { .user(try $0.value("id", as: Int.self)) }
    #expect(router.route("myapp://user/3") == .user(3))
    #expect(router.table.routes.map(\.name) == ["user", "search", "color"])
    let navigator = Navigator<Screen>(options: RouteOptions(defaultScheme: "myapp"))
    try navigator.map("/user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    #expect(navigator.table.routes.map(\.pattern.text) == ["/user/<int:id>"])
    #expect(RouteMatcher(navigator.table).match("myapp://user/9")?.route.name == "/user/<int:id>")
  }
}
