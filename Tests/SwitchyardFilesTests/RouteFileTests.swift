import Foundation
import Switchyard
import SwitchyardFiles
import SwitchyardFoundation
import Testing

@Suite("Route files")
struct RouteFileTests {
  @Test("Options are decoded, routes keep their order and priorities")
  func fullFile() throws {
    let table = try RouteFile.load(contentsOf: Fixture.path("full.json"))
    #expect(table.options.hostAsPath == .schemes(["myapp", "myotherapp"]))
    #expect(table.options.caseInsensitivePaths)
    #expect(table.options.plusAsSpace)
    #expect(table.options.defaultScheme == "myapp")
    #expect(table.routes.map(\.name) == ["user", "search", "fallback"])
    #expect(
      table.routes.map(\.pattern.text) == ["myapp://user/<int:id>", "/search/:term", "/*rest"])
    #expect(table.routes.map(\.priority) == [0, 1, -5])
    #expect(table.routes.map(\.index) == [0, 1, 2])
  }

  @Test("Missing options take the documented defaults")
  func defaults() throws {
    let table = try RouteFile.load(contentsOf: Fixture.path("minimal.json"))
    #expect(table.options == RouteOptions())
    #expect(table.routes.isEmpty)
  }

  @Test(
    "Each hostAsPath form",
    arguments: [
      (#""customSchemes""#, HostAsPathPolicy.customSchemes),
      (#""always""#, .always),
      (#""never""#, .never),
      (#"[]"#, .schemes([])),
      (#"["myapp","x-callback"]"#, .schemes(["myapp", "x-callback"])),
    ])
  func hostAsPath(json: String, expected: HostAsPathPolicy) throws {
    let text = #"{"version":1,"options":{"hostAsPath":\#(json)},"routes":[]}"#
    let table = try RouteFile.parse(text, fileName: "t.json")
    #expect(table.options.hostAsPath == expected)
  }

  @Test("defaultScheme may be null")
  func nullDefaultScheme() throws {
    let table = try RouteFile.parse(
      #"{"version":1,"options":{"defaultScheme":null},"routes":[]}"#, fileName: "t.json")
    #expect(table.options.defaultScheme == nil)
  }

  @Test("Keys may come in any order, and escapes in names and patterns are decoded")
  func orderAndEscapes() throws {
    let text = #"""
      {"routes": [{"priority": 2, "pattern": "myapp:\/\/user\/<int:id>", "name": "us\u00e9r"}],
       "version": 1}
      """#
    let table = try RouteFile.parse(text, fileName: "t.json")
    #expect(table.routes.map(\.name) == ["usér"])
    #expect(table.routes.first?.pattern.text == "myapp://user/<int:id>")
    #expect(table.routes.first?.priority == 2)
  }

  @Test("A loaded table matches")
  func matching() throws {
    let table = try RouteFile.load(contentsOf: Fixture.path("full.json"))
    let matcher = RouteMatcher(table)
    #expect(matcher.match("myapp://user/42")?.route.name == "user")
    #expect(matcher.match("myapp://search/swift")?.route.name == "search")
    #expect(matcher.match("myapp://elsewhere/x")?.route.name == "fallback")
  }

  @Test("The URL overloads match by absoluteString")
  func urlOverloads() throws {
    let table = try RouteFile.parse(
      #"{"version":1,"routes":[{"name":"user","pattern":"myapp://user/<int:id>"}]}"#,
      fileName: "t.json")
    let matcher = RouteMatcher(table)
    let url = try #require(URL(string: "myapp://user/42?tab=posts"))
    let match = try #require(matcher.match(url))
    #expect(match.route.name == "user")
    #expect(match.parameter("id") == .int(42))
    #expect(matcher.candidates(for: url).map(\.route.name) == ["user"])
    let other = try #require(URL(string: "myapp://nowhere"))
    #expect(matcher.match(other) == nil)
  }

  @Test("load(contentsOf: URL) reads a file URL")
  func loadFileURL() throws {
    let url = URL(fileURLWithPath: Fixture.path("full.json"))
    let table = try RouteFile.load(contentsOf: url)
    #expect(table.routes.count == 3)
  }

  @Test("A byte order mark at the start of a file is accepted")
  func byteOrderMark() throws {
    let table = try RouteFile.load(contentsOf: Fixture.path("bom.json"))
    #expect(table.routes.map(\.name) == ["home"])
  }

  @Test(
    "Refused fixtures, with their exact message",
    arguments: [
      (
        "duplicate-name.json",
        #"6:15: duplicate route name "user" (first used at 4:15)"#
      ),
      ("version-2.json", "2:14: unsupported route file version 2; this tool reads version 1"),
      ("comment.json", "3:3: comments are not allowed in JSON"),
      ("bad-utf8.json", "1:37: invalid UTF-8 (byte 0xFF)"),
    ])
  func refusedFixtures(name: String, expected: String) {
    let path = Fixture.path(name)
    do {
      _ = try RouteFile.load(contentsOf: path)
      Issue.record("expected \(name) to be refused")
    } catch {
      #expect(error.description == "\(path):\(expected)")
    }
  }
}

/// The test bundle's `Fixtures` folder.
enum Fixture {
  static func path(_ name: String) -> String {
    guard let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
      return "Fixtures-not-found/\(name)"
    }
    return folder.appendingPathComponent(name).path
  }
}
