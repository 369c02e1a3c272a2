import Switchyard
import Testing

@testable import SwitchyardFiles

/// A route file's routes are added to its table while the file is parsed (so the parsed JSON of
/// all the routes is never held at once). These tests hold that to reading the whole file
/// first: the same table, and the same first error, whatever order the file's keys come in.
@Suite("Route files read while parsed")
struct RouteFileStreamingTests {
  /// `count` routes over a few repeated words, with captures, priorities and metadata.
  static func routeObjects(_ count: Int) -> [String] {
    let words = ["user", "post", "settings", "feed", "shop"]
    return (0..<count).map { index in
      let first = words[index % words.count]
      let second = words[(index / words.count) % words.count]
      let tail = index % 3 == 0 ? "/:id" : index % 3 == 1 ? "/<int:n>" : "/*rest"
      let priority = index % 7 == 0 ? #", "priority": 2"# : ""
      let metadata = index % 11 == 0 ? #", "metadata": {"screen": "s\#(index)", "n": 1}"# : ""
      let pattern = "myapp://\(first)/\(second)\(index)\(tail)"
      return #"{"name": "r\#(index)", "pattern": "\#(pattern)"\#(priority)\#(metadata)}"#
    }
  }

  static func summary(_ table: RouteTable) -> [String] {
    table.routes.map { route in
      "\(route.index) \(route.name) \(route.pattern.text) \(route.priority) \(route.metadata)"
    } + ["options: \(table.options.hostAsPath) \(table.options.caseInsensitivePaths)"]
  }

  @Test("Options before or after the routes give the same table")
  func optionsEitherSide() throws {
    let routes = Self.routeObjects(500).joined(separator: ",\n")
    let options = #""options": {"hostAsPath": "never", "caseInsensitivePaths": true}"#
    let before = #"{"version": 1, \#(options), "routes": [\#(routes)]}"#
    let after = #"{"routes": [\#(routes)], \#(options), "version": 1}"#
    let first = try RouteFile.parse(before, fileName: "before.json")
    let second = try RouteFile.parse(after, fileName: "after.json")
    #expect(first.routes.count == 500)
    #expect(Self.summary(first) == Self.summary(second))
    // Both were read with the file's options: route 0 is "myapp://user/user0/:id", its path
    // matched without regard to case.
    for table in [first, second] {
      #expect(table.options.hostAsPath == .never)
      #expect(RouteMatcher(table).match("myapp://user/USER0/7")?.route.name == "r0")
    }
  }

  @Test("A table read while parsing equals one built route by route")
  func sameAsAddingRoutes() throws {
    let objects = Self.routeObjects(300)
    let table = try RouteFile.parse(
      #"{"version": 1, "routes": [\#(objects.joined(separator: ","))]}"#, fileName: "r.json")
    var expected = RouteTable()
    for (index, object) in objects.enumerated() {
      let single = try RouteFile.parse(
        #"{"version": 1, "routes": [\#(object)]}"#, fileName: "one.json")
      let route = try #require(single.routes.first)
      #expect(route.index == 0)
      try expected.add(
        route.name, route.pattern.text, priority: route.priority, metadata: route.metadata)
      #expect(table.routes[index] == expected.routes[index])
    }
    #expect(table.routes.count == expected.routes.count)
  }

  @Test(
    "The first error does not depend on when the routes are read",
    arguments: [
      (
        // A bad route, then a syntax error later in the file: the syntax error wins.
        #"{"version":1,"routes":[{"name":"a","pattern":"/<int:x"},{"name":"b" "pattern":"/"}]}"#,
        "f.json:1:69: expected ',' or '}', found '\"'"
      ),
      (
        // A bad route, then an unsupported version after the routes: the version wins.
        #"{"routes":[{"name":"a","pattern":"/<int:x"}],"version":2}"#,
        "f.json:1:56: unsupported route file version 2; this tool reads version 1"
      ),
      (
        // A bad route, then an unknown top-level key: the key wins.
        #"{"version":1,"routes":[{"name":"a","pattern":"/<int:x"}],"extra":1}"#,
        #"f.json:1:58: unknown key "extra" in the route file; the keys are "version", "options" and "routes""#
      ),
      (
        // Bad options before the routes: the options' error, not the routes'.
        #"{"version":1,"options":{"plusAsSpace":1},"routes":[{"name":"a","pattern":"/<x"}]}"#,
        #"f.json:1:39: "plusAsSpace" must be true or false, found an integer"#
      ),
      (
        // Two bad routes: the first one's error.
        #"{"version":1,"routes":[{"name":"a","pattern":"/<x"},{"name":"a","pattern":"/"}]}"#,
        "f.json:1:50: invalid pattern for route \"a\": expected '>' to close the capture opened at column 2"
      ),
      (
        // A duplicate name names where it was first used.
        #"{"version":1,"routes":[{"name":"a","pattern":"/a"},{"name":"a","pattern":"/b"}]}"#,
        #"f.json:1:60: duplicate route name "a" (first used at 1:32)"#
      ),
    ])
  func errorOrder(text: String, expected: String) {
    do {
      let table = try RouteFile.parse(text, fileName: "f.json")
      Issue.record("expected a refusal, got \(table.routes.count) routes")
    } catch {
      #expect(error.description.split(separator: "\n").first.map(String.init) == expected)
    }
  }

  @Test("The streamed array is the top-level \"routes\" only")
  func onlyTopLevelRoutes() throws {
    var received: [String] = []
    let root = try JSONParser.parse(
      bytes: Array(#"{"a":{"routes":[1,2]},"routes":[3,[4],{"routes":[5]}],"b":[6]}"#.utf8),
      streamingElementsOf: "routes"
    ) { element, before in
      received.append("\(element.kindDescription) after \(before.map(\.key))")
    }
    #expect(
      received == [
        "an integer after [\"a\"]", "an array after [\"a\"]", "an object after [\"a\"]",
      ])
    #expect(root["routes"]?.arrayElements?.isEmpty == true)
    #expect(root["a"]?["routes"]?.arrayElements?.count == 2)
    #expect(root["b"]?.arrayElements?.count == 1)
  }

  @Test("Objects with many keys still refuse a duplicate key, wherever it is")
  func duplicateKeysInLargeObjects() {
    for count in [1, 15, 16, 17, 40] {
      let keys = (0..<count).map { #""k\#($0)":\#($0)"# }
      for repeated in [0, count - 1] {
        let text = "{" + (keys + [#""k\#(repeated)":0"#]).joined(separator: ",") + "}"
        do {
          _ = try JSONParser.parse(text)
          Issue.record("a duplicate of key \(repeated) in \(count) keys was accepted")
        } catch {
          #expect(error.message.hasPrefix("duplicate key \"k\(repeated)\""))
        }
      }
      let distinct = "{" + keys.joined(separator: ",") + "}"
      #expect((try? JSONParser.parse(distinct))?.objectMembers?.count == count)
    }
  }
}
