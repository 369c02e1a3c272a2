import Switchyard
import SwitchyardTestSupport
import Testing

@testable import SwitchyardFiles

/// Reads `text` as a route file on a thread with a 512 KiB stack; the error text, or `nil`.
private func routeFileError(_ text: String) -> String? {
  onSmallStack { () -> String? in
    do throws(RouteFileError) {
      _ = try RouteFile.parse(text, fileName: "deep.json")
      return nil
    } catch {
      return error.description
    }
  }
}

/// Parses `text` as JSON on a thread with a 512 KiB stack; the error text, or `nil`.
private func jsonError(_ text: String) -> String? {
  onSmallStack { () -> String? in
    do throws(JSONSyntaxError) {
      _ = try JSONParser.parse(text)
      return nil
    } catch {
      return "\(error.line):\(error.column): \(error.message)"
    }
  }
}

@Suite("Deep input on a 512 KiB stack")
struct RouteFileDepthTests {
  static let depthMessage = "arrays and objects are nested too deeply (more than 512 levels)"

  @Test("JSON nested up to the limit parses on a small stack, arrays and objects alike")
  func nestingUpToTheLimit() {
    let depth = JSONParser.maximumDepth
    #expect(depth == 512)
    #expect(
      jsonError(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)) == nil)
    let objects =
      String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    #expect(jsonError(objects) == nil)
    let mixed =
      String(repeating: #"[{"a":"#, count: depth / 2) + "1"
      + String(repeating: "}]", count: depth / 2)
    #expect(jsonError(mixed) == nil)
  }

  @Test("100,000 open brackets are refused at the limit, not by the stack")
  func deepJSON() {
    #expect(jsonError(String(repeating: "[", count: 100_000)) == "1:513: \(Self.depthMessage)")
    #expect(
      jsonError(String(repeating: #"{"k":"#, count: 100_000))
        == "1:\(5 * 512 + 1): \(Self.depthMessage)")
  }

  @Test("A deep JSON value inside a route file is refused with its position")
  func deepRouteFile() {
    let text =
      #"{"version":1,"routes":[{"name":"a","pattern":"/","priority":"#
      + String(repeating: "[", count: 600) + "}]}"
    // The file's object, "routes" and the route are three levels: the 510th '[' is the 513th.
    let column = text.utf8.count - 600 - 3 + 510
    #expect(routeFileError(text) == "deep.json:1:\(column): \(Self.depthMessage)")
  }

  @Test("A pattern of 30,000 '(' in a route file is refused with its position")
  func deepPattern() {
    let pattern = String(repeating: "(", count: 30_000)
    let text = #"{"version":1,"routes":[{"name":"deep","pattern":""# + pattern + #""}]}"#
    let error = routeFileError(text)
    let patternColumn = #"{"version":1,"routes":[{"name":"deep","pattern":""#.utf8.count
    let firstLine = error?.split(separator: "\n").first.map(String.init)
    #expect(
      firstLine
        == "deep.json:1:\(patternColumn + 33): invalid pattern for route \"deep\": optional "
        + "groups are nested too deeply (more than 32 levels)")
  }

  @Test("Patterns nested 1,500 deep, and the rest of the route file's path, on a small stack")
  func nestedGroupsInRouteFile() {
    let pattern = "/" + String(repeating: "(", count: 1500) + String(repeating: ")", count: 1500)
    let prefix = #"{"version":1,"routes":[{"name":"deep","pattern":""#
    let text = prefix + pattern + #""}]}"#
    // The pattern's column 34 (the 33rd '(').
    let column = prefix.utf8.count + 34
    #expect(
      routeFileError(text)?.hasPrefix(
        "deep.json:1:\(column): invalid pattern for route \"deep\": optional groups are nested "
          + "too deeply (more than 32 levels)\n  /((((") == true)
    // A file within the limits loads and matches on the same small stack.
    let fine =
      #"{"version":1,"routes":[{"name":"deep","pattern":"/"#
      + String(repeating: "(a/", count: 32) + "b" + String(repeating: ")", count: 32) + #""}]}"#
    let matched = onSmallStack { () -> String? in
      guard let table = try? RouteFile.parse(fine, fileName: "fine.json") else { return "refused" }
      return RouteMatcher(table).match("/a/a/a")?.route.name
    }
    #expect(matched == "deep")
  }

  @Test("Wide arrays and objects keep every element in order")
  func wideContainers() throws {
    let count = 20_000
    let array = try JSONParser.parse(
      "[" + (0..<count).map(String.init).joined(separator: ",") + "]")
    #expect(array.arrayElements?.count == count)
    #expect(
      array.arrayElements?.last.flatMap { value -> Int? in
        if case .number(let number) = value.kind { return number.intValue }
        return nil
      } == count - 1)
    let object = try JSONParser.parse(
      "{" + (0..<count).map { #""k\#($0)":[\#($0)]"# }.joined(separator: ",") + "}")
    #expect(object.objectMembers?.map(\.key) == (0..<count).map { "k\($0)" })
  }
}
