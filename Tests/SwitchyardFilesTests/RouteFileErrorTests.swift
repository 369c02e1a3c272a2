import Switchyard
import SwitchyardFiles
import SwitchyardTestSupport
import Testing

/// Every way a route file is refused, with the exact `FILE:LINE:COLUMN: message` text.
@Suite("Route file errors")
struct RouteFileErrorTests {
  /// Wraps route objects in a valid version-1 file on one line: `{"version":1,"routes":[…]}`.
  /// The first route starts at column 24.
  static func routes(_ body: String) -> String {
    #"{"version":1,"routes":["# + body + "]}"
  }

  static func refusal(_ text: String, file: String = "routes.json") -> RouteFileError? {
    do {
      let table = try RouteFile.parse(text, fileName: file)
      Issue.record("expected the file to be refused; it loaded \(table.routes.count) routes")
      return nil
    } catch {
      return error
    }
  }

  @Test(
    "Structure and version",
    arguments: [
      ("[]", "routes.json:1:1: a route file must be a JSON object, found an array"),
      ("\"x\"", "routes.json:1:1: a route file must be a JSON object, found a string"),
      (
        #"{"routes":[]}"#,
        #"routes.json:1:1: missing required key "version"; this tool reads version 1"#
      ),
      (
        #"{"version":2,"routes":[]}"#,
        "routes.json:1:12: unsupported route file version 2; this tool reads version 1"
      ),
      (
        // A newer version is refused for its version, not for keys this version does not know.
        #"{"routes":[],"imports":["x"],"version":3}"#,
        "routes.json:1:40: unsupported route file version 3; this tool reads version 1"
      ),
      (
        #"{"version":1.0,"routes":[]}"#,
        "routes.json:1:12: unsupported route file version 1.0; this tool reads version 1"
      ),
      (
        #"{"version":0,"routes":[]}"#,
        "routes.json:1:12: unsupported route file version 0; this tool reads version 1"
      ),
      (
        #"{"version":"1","routes":[]}"#,
        #"routes.json:1:12: "version" must be an integer, found a string"#
      ),
      (
        #"{"version":null,"routes":[]}"#,
        #"routes.json:1:12: "version" must be an integer, found null"#
      ),
      (
        #"{"version":1,"rutes":[]}"#,
        #"routes.json:1:14: unknown key "rutes" in the route file; did you mean "routes"?"#
      ),
      (
        #"{"version":1,"routes":[],"comment":"x"}"#,
        #"routes.json:1:26: unknown key "comment" in the route file; the keys are "version", "options" and "routes""#
      ),
      (
        #"{"version":1}"#,
        #"routes.json:1:1: missing required key "routes" (an array of routes)"#
      ),
      (
        #"{"version":1,"routes":{}}"#,
        #"routes.json:1:23: "routes" must be an array of routes, found an object"#
      ),
      (
        #"{"version":1,"routes":null}"#,
        #"routes.json:1:23: "routes" must be an array of routes, found null"#
      ),
    ])
  func structure(text: String, expected: String) {
    #expect(Self.refusal(text)?.description == expected)
  }

  @Test(
    "Options",
    arguments: [
      (
        #"{"version":1,"options":[],"routes":[]}"#,
        #"routes.json:1:24: "options" must be an object, found an array"#
      ),
      (
        #"{"version":1,"options":{"plusAsSpaces":true},"routes":[]}"#,
        #"routes.json:1:25: unknown key "plusAsSpaces" in "options"; did you mean "plusAsSpace"?"#
      ),
      (
        #"{"version":1,"options":{"colour":true},"routes":[]}"#,
        #"routes.json:1:25: unknown key "colour" in "options"; the keys are "hostAsPath", "caseInsensitivePaths", "plusAsSpace", "defaultScheme" and "acceptedOrigins""#
      ),
      (
        #"{"version":1,"options":{"hostAsPath":"custom"},"routes":[]}"#,
        #"routes.json:1:38: "hostAsPath" must be "customSchemes", "always", "never" or an array of scheme names, found "custom""#
      ),
      (
        #"{"version":1,"options":{"hostAsPath":true},"routes":[]}"#,
        #"routes.json:1:38: "hostAsPath" must be "customSchemes", "always", "never" or an array of scheme names, found true"#
      ),
      (
        #"{"version":1,"options":{"hostAsPath":["myapp",7]},"routes":[]}"#,
        #"routes.json:1:47: "hostAsPath" schemes must be strings, found an integer"#
      ),
      (
        #"{"version":1,"options":{"hostAsPath":["my app"]},"routes":[]}"#,
        #"routes.json:1:39: "hostAsPath" schemes must be URL schemes (a letter, then letters, digits, '+', '-' or '.'), found "my app""#
      ),
      (
        #"{"version":1,"options":{"caseInsensitivePaths":"yes"},"routes":[]}"#,
        #"routes.json:1:48: "caseInsensitivePaths" must be true or false, found a string"#
      ),
      (
        #"{"version":1,"options":{"plusAsSpace":1},"routes":[]}"#,
        #"routes.json:1:39: "plusAsSpace" must be true or false, found an integer"#
      ),
      (
        #"{"version":1,"options":{"defaultScheme":5},"routes":[]}"#,
        #"routes.json:1:41: "defaultScheme" must be a scheme name or null, found an integer"#
      ),
      (
        #"{"version":1,"options":{"defaultScheme":"myapp://"},"routes":[]}"#,
        #"routes.json:1:41: "defaultScheme" must be a URL scheme (a letter, then letters, digits, '+', '-' or '.'), found "myapp://""#
      ),
      (
        #"{"version":1,"options":{"defaultScheme":""},"routes":[]}"#,
        #"routes.json:1:41: "defaultScheme" must be a URL scheme (a letter, then letters, digits, '+', '-' or '.'), found """#
      ),
    ])
  func options(text: String, expected: String) {
    #expect(Self.refusal(text)?.description == expected)
  }

  @Test(
    "Routes",
    arguments: [
      (
        routes(#""user""#),
        #"routes.json:1:24: each route must be an object with "name" and "pattern", found a string"#
      ),
      (
        routes(#"{"name":"a","pattern":"/a","priorty":1}"#),
        #"routes.json:1:51: unknown key "priorty" in a route; did you mean "priority"?"#
      ),
      (
        routes(#"{"name":"a","pattern":"/a","handler":"x"}"#),
        #"routes.json:1:51: unknown key "handler" in a route; the keys are "name", "pattern", "priority" and "metadata""#
      ),
      (
        routes(#"{"name":"a","pattern":"/a"},{"pattern":"/b"}"#),
        #"routes.json:1:52: route 2 is missing required key "name""#
      ),
      (
        routes(#"{"name":7,"pattern":"/a"}"#),
        #"routes.json:1:32: "name" must be a string, found an integer"#
      ),
      (
        routes(#"{"name":"","pattern":"/a"}"#),
        "routes.json:1:32: a route name must not be empty"
      ),
      (
        routes(#"{"name":"a","pattern":"/a"},{"name":"a","pattern":"/b"}"#),
        #"routes.json:1:60: duplicate route name "a" (first used at 1:32)"#
      ),
      (
        routes(#"{"name":"a"}"#),
        #"routes.json:1:24: route "a" is missing required key "pattern""#
      ),
      (
        routes(#"{"name":"a","pattern":["/a"]}"#),
        #"routes.json:1:46: "pattern" must be a string, found an array"#
      ),
      (
        routes(#"{"name":"a","pattern":"/a","priority":"1"}"#),
        #"routes.json:1:62: "priority" must be an integer, found a string"#
      ),
      (
        routes(#"{"name":"a","pattern":"/a","priority":1.5}"#),
        #"routes.json:1:62: "priority" must be an integer, found 1.5"#
      ),
      (
        routes(#"{"name":"a","pattern":"/a","priority":1e2}"#),
        #"routes.json:1:62: "priority" must be an integer, found 1e2"#
      ),
      (
        routes(#"{"name":"a","pattern":"/a","priority":null}"#),
        #"routes.json:1:62: "priority" must be an integer, found null"#
      ),
      (
        routes(#"{"name":"a","pattern":"/a","priority":99999999999999999999}"#),
        "routes.json:1:62: priority 99999999999999999999 is out of range"
      ),
    ])
  func routeEntries(text: String, expected: String) {
    #expect(Self.refusal(text)?.description == expected)
  }

  @Test("A bad pattern points at the offending character, then shows it under a caret")
  func badPatternExact() {
    let text = Self.routes(#"{"name":"user","pattern":"myapp://user/<int:id"}"#)
    // The pattern string opens at column 49, so pattern column 21 is file column 70.
    #expect(
      Self.refusal(text)?.description == """
        routes.json:1:70: invalid pattern for route "user": expected '>' to close the capture \
        opened at column 14
          myapp://user/<int:id
                              ^
        """)
  }

  @Test(
    "Pattern errors: file column = string column + pattern column",
    arguments: [
      "/users/<int:id",
      "/a/<bogus:x>",
      "/a/(b",
      "/a/:",
      "/a/:x/:x",
      "//a*b.example.com/",
      "/é/👋/<int:",
    ])
  func badPatterns(pattern: String) throws {
    let patternError = try #require(Self.patternError(pattern))
    let text = """
      {
        "version": 1,
        "routes": [
          {"name": "r", "pattern": "\(pattern)"}
        ]
      }
      """
    let error = try #require(Self.refusal(text))
    #expect(error.line == 4)
    #expect(error.column == 30 + patternError.column)
    #expect(error.patternError == patternError)
    #expect(
      error.description
        == "routes.json:4:\(30 + patternError.column): invalid pattern for route \"r\": "
        + patternError.message + "\n" + patternError.caretLines)
  }

  @Test("A pattern written with escapes is reported at the start of its string")
  func badPatternWithEscapes() throws {
    let text = Self.routes(#"{"name":"user","pattern":"myapp:\/\/user/<int:id"}"#)
    let error = try #require(Self.refusal(text))
    #expect(error.column == 49)
    #expect(error.patternError?.pattern == "myapp://user/<int:id")
    #expect(error.description.hasPrefix(#"routes.json:1:49: invalid pattern for route "user": "#))
  }

  @Test("Patterns are read with the file's options")
  func patternUsesOptions() throws {
    // With a default scheme, a path-only pattern is fine; the error would come from the core
    // only if the options were not passed through. This checks they load together.
    let text =
      #"{"version":1,"options":{"defaultScheme":"myapp"},"routes":[{"name":"a","pattern":"/a"}]}"#
    let table = try RouteFile.parse(text, fileName: "t.json")
    #expect(RouteMatcher(table).match("myapp://a")?.route.name == "a")
  }

  @Test("The CRLF fixture with tabs and non-ASCII text reports character columns")
  func crlfFixture() throws {
    let path = Fixture.path("bad-pattern-crlf.json")
    do {
      _ = try RouteFile.load(contentsOf: path)
      Issue.record("expected an error")
    } catch {
      // Line 4 is `\t\t{"name": "café", "pattern": "/café/<int:id"}`: the pattern string opens
      // at column 31 and the pattern's column 14 is just past its end.
      #expect(
        error.description == """
          \(path):4:45: invalid pattern for route "café": expected '>' to close the capture \
          opened at column 7
            /café/<int:id
                         ^
          """)
    }
  }

  static func patternError(_ pattern: String) -> PatternSyntaxError? {
    do {
      _ = try RoutePattern(pattern)
      Issue.record("expected \(pattern) to be a bad pattern")
      return nil
    } catch {
      return error
    }
  }

  @Test("Mutated route files never trap: each loads or is refused with a position")
  func mutationFuzz() {
    let seed = Array(
      #"""
      {"version": 1, "options": {"hostAsPath": ["myapp"], "plusAsSpace": true},
       "routes": [{"name": "user", "pattern": "myapp://user/<int:id>(/:tab)?q=<q>#<f>"},
                  {"name": "web", "pattern": "http(s)://(*.)example.com/<path:p>/*rest"},
                  {"name": "x", "pattern": "/a/<id>.json/@:u/<uuid:u2>/<float:f>", "priority": 3}]}
      """#.utf8)
    let alphabet: [UInt8] = Array(#"{}[]",:\/()<>*.?#&=%:@ auintfloatpath0123456789"#.utf8)
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<3_000 {
      var bytes = seed
      for _ in 0..<Int(generator.next() % 3 + 1) {
        let position = Int(generator.next() % UInt64(bytes.count))
        if generator.next() % 2 == 0 {
          bytes.remove(at: position)
        } else {
          bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
        }
      }
      do {
        let table = try RouteFile.parse(bytes: bytes, fileName: "f.json")
        #expect(table.routes.count <= 3)
      } catch {
        #expect(error.description.hasPrefix("f.json:\(error.line):\(error.column): "))
        #expect(error.line >= 1 && error.column >= 1)
      }
    }
  }

  @Test("JSON syntax errors keep their position")
  func syntax() {
    let text = """
      {
        "version": 1,
        "routes": [
          { "name": "a", "pattern": "/a" },
        ]
      }
      """
    #expect(
      Self.refusal(text, file: "app/routes.json")?.description
        == "app/routes.json:4:37: trailing comma before ']' is not allowed")
  }

  @Test("Duplicate keys are refused, even with equal values")
  func duplicateKey() {
    let text = #"{"version":1,"version":1,"routes":[]}"#
    #expect(
      Self.refusal(text)?.description
        == #"routes.json:1:14: duplicate key "version" (first at 1:2)"#)
  }

  @Test("Bad UTF-8 in a file is refused with its position")
  func badUTF8() {
    let bytes =
      Array(#"{"version":1,"routes":[{"name":""#.utf8) + [0xFE]
      + Array(#"","pattern":"/"}]}"#.utf8)
    #expect(throws: RouteFileError.self) {
      try RouteFile.parse(bytes: bytes, fileName: "r.json")
    }
    do {
      _ = try RouteFile.parse(bytes: bytes, fileName: "r.json")
    } catch {
      #expect(error.description == "r.json:1:33: invalid UTF-8 (byte 0xFE)")
      #expect(error.line == 1)
      #expect(error.column == 33)
      #expect(error.file == "r.json")
    }
  }

  @Test("A file that cannot be read has no position")
  func missingFile() {
    do {
      _ = try RouteFile.load(contentsOf: "/nonexistent/routes.json")
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "/nonexistent/routes.json: no such route file")
      #expect(error.line == 0)
      #expect(error.column == 0)
    }
  }

  @Test("A directory is not a route file")
  func directory() {
    do {
      _ = try RouteFile.load(contentsOf: "/")
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "/: is a directory, not a route file")
    }
  }
}
