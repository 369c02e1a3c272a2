import Switchyard
import SwitchyardFiles
import Testing

/// A route's name is checked against the names before it when the route is added to the table
/// (the name is hashed once); a taken name is still the first problem reported for a route
/// after its own name, before any problem with its pattern, priority or metadata.
@Suite("Route files: a taken name is reported first")
struct RouteFileNameOrderTests {
  @Test(
    "A duplicate name wins over the route's other problems",
    arguments: [
      #""pattern": 5"#,
      #""priority": 1"#,
      #""pattern": "/b", "priority": 1.5"#,
      #""pattern": "/b", "priority": 99999999999999999999"#,
      #""pattern": "/b", "metadata": []"#,
      #""pattern": "/b", "metadata": {"x": null}"#,
      #""pattern": "/<int:b""#,
      #""pattern": "/b""#,
    ])
  func duplicateFirst(rest: String) {
    let text = #"{"version":1,"routes":[{"name":"a","pattern":"/a"},{"name":"a",\#(rest)}]}"#
    do {
      let table = try RouteFile.parse(text, fileName: "f.json")
      Issue.record("expected a refusal, got \(table.routes.count) routes")
    } catch {
      #expect(error.description == #"f.json:1:60: duplicate route name "a" (first used at 1:32)"#)
    }
  }

  @Test(
    "Without a duplicate, the route's own problem is reported",
    arguments: [
      (#""pattern": 5"#, #"f.json:1:75: "pattern" must be a string, found an integer"#),
      (#""priority": 1"#, #"f.json:1:52: route "b" is missing required key "pattern""#),
      (
        #""pattern": "/b", "priority": 1.5"#,
        #"f.json:1:93: "priority" must be an integer, found 1.5"#
      ),
    ])
  func ownProblem(rest: String, expected: String) {
    let text = #"{"version":1,"routes":[{"name":"a","pattern":"/a"},{"name":"b",\#(rest)}]}"#
    do {
      let table = try RouteFile.parse(text, fileName: "f.json")
      Issue.record("expected a refusal, got \(table.routes.count) routes")
    } catch {
      #expect(error.description == expected)
    }
  }
}
