import Testing

@testable import Switchyard

@Suite("Route tables")
struct RouteTableTests {
  @Test("Routes keep their names, patterns, priorities and registration indices")
  func add() throws {
    var table = RouteTable()
    let first = try table.add("a", "/a")
    let second = try table.add("b", "/b/:x", priority: -2)
    #expect(first.index == 0)
    #expect(second.index == 1)
    #expect(second.priority == -2)
    #expect(table.routes.map(\.name) == ["a", "b"])
    #expect(table.route(named: "b")?.pattern.text == "/b/:x")
    #expect(table.route(named: "c") == nil)
  }

  @Test("An empty name is refused")
  func emptyName() {
    var table = RouteTable()
    #expect {
      try table.add("", "/x")
    } throws: { error in
      guard let error = error as? RouteTableError else { return false }
      return error.code == .emptyName && error.message == "a route name must not be empty"
        && error.routeName == nil && error.patternError == nil
        && error.description == "a route name must not be empty"
    }
    #expect(table.routes.isEmpty)
  }

  @Test("A duplicate name is refused and the table is unchanged")
  func duplicateName() throws {
    var table = RouteTable()
    try table.add("a", "/a")
    #expect {
      try table.add("a", "/other")
    } throws: { error in
      guard let error = error as? RouteTableError else { return false }
      return error.code == .duplicateName && error.routeName == "a"
        && error.message == "a route named 'a' already exists"
    }
    #expect(table.routes.map(\.pattern.text) == ["/a"])
  }

  @Test("A bad pattern is refused with its syntax error and caret; nothing is half-added")
  func badPattern() throws {
    var table = RouteTable()
    try table.add("ok", "/ok")
    var caught: RouteTableError? = nil
    do {
      try table.add("user", "/users/<int:id")
    } catch {
      caught = error
    }
    let error = try #require(caught)
    #expect(error.code == .badPattern)
    #expect(error.routeName == "user")
    #expect(error.patternError?.column == 15)
    #expect(
      error.message
        == "route 'user': expected '>' to close the capture opened at column 8 (column 15)")
    #expect(
      error.description == """
        route 'user': expected '>' to close the capture opened at column 8 (column 15)
          /users/<int:id
                        ^
        """)
    #expect(table.routes.map(\.name) == ["ok"])
    #expect(table.route(named: "user") == nil)
    // The name is still free, and indices stay dense.
    let added = try table.add("user", "/users/<int:id>")
    #expect(added.index == 1)
    #expect(RouteMatcher(table).match("/users/3")?.route.name == "user")
  }

  @Test("Types: registered ones can be used by later patterns")
  func registerType() throws {
    var table = RouteTable()
    #expect(throws: RouteTableError.self) { try table.add("n", "/n/<even:n>") }
    try table.register(evenType)
    try table.add("n", "/n/<even:n>")
    #expect(table.parameterTypes.map(\.name) == ["even"])
    #expect(RouteMatcher(table).match("/n/4")?.route.name == "n")
  }

  @Test(
    "A type name must be [A-Za-z_][A-Za-z0-9_]*",
    arguments: ["", "1x", "a-b", "a b", "é", "a:b", "<x>"])
  func badTypeName(name: String) {
    var table = RouteTable()
    #expect {
      try table.register(ParameterType(name) { _ in true })
    } throws: { error in
      guard let error = error as? RouteTableError else { return false }
      return error.code == .badTypeName && error.message == "'\(name)' is not a valid type name"
    }
    #expect(table.parameterTypes.isEmpty)
  }

  @Test(
    "A type name may not repeat a built-in or registered one",
    arguments: ["string", "int", "float", "double", "uuid", "path", "even"])
  func duplicateType(name: String) throws {
    var table = RouteTable()
    try table.register(evenType)
    #expect {
      try table.register(ParameterType(name) { _ in true })
    } throws: { error in
      guard let error = error as? RouteTableError else { return false }
      return error.code == .duplicateType
        && error.message == "a capture type named '\(name)' already exists"
    }
    #expect(table.parameterTypes.map(\.name) == ["even"])
  }

  @Test("Valid type names", arguments: ["_", "hex", "Hex_2", "_x9"])
  func goodTypeName(name: String) throws {
    var table = RouteTable()
    try table.register(ParameterType(name) { _ in true })
    try table.add("r", "/<\(name):v>")
    #expect(RouteMatcher(table).match("/q")?.parameter("v") == .string("q"))
  }

  @Test("Removing routes")
  func remove() throws {
    var table = try makeTable(["/a", "/b", "/c"])
    #expect(table.remove("/b")?.name == "/b")
    #expect(table.remove("/b") == nil)
    #expect(table.routes.map(\.name) == ["/a", "/c"])
    #expect(table.routes.map(\.index) == [0, 1])
    #expect(table.route(named: "/c")?.index == 1)
    try table.add("/b", "/b")
    #expect(table.routes.map(\.index) == [0, 1, 2])
    #expect(RouteMatcher(table).match("/b")?.route.index == 2)
  }

  @Test("Error codes print as their names")
  func codes() {
    #expect("\(RouteTableError.Code.emptyName)" == "emptyName")
    #expect("\(RouteTableError.Code.duplicateName)" == "duplicateName")
    #expect("\(RouteTableError.Code.badPattern)" == "badPattern")
    #expect("\(RouteTableError.Code.duplicateType)" == "duplicateType")
    #expect("\(RouteTableError.Code.badTypeName)" == "badTypeName")
  }

  @Test("A matcher is a snapshot: later changes to the table do not affect it")
  func snapshot() throws {
    var table = try makeTable(["/a"])
    let matcher = RouteMatcher(table)
    try table.add("/b", "/b")
    #expect(matcher.match("/b") == nil)
    #expect(RouteMatcher(table).match("/b")?.route.name == "/b")
  }

  @Test("Patterns compare by text and structure")
  func patternEquality() throws {
    #expect(try RoutePattern("/a/:x") == RoutePattern("/a/:x"))
    #expect(try RoutePattern("/a/:x") != RoutePattern("/a/<x>"))
    #expect(try RoutePattern("/a/:x").description == "/a/:x")
    let options = RouteOptions(defaultScheme: "myapp")
    #expect(try RoutePattern("/a", options: options) != RoutePattern("/a"))
  }
}
