import Foundation
import Testing

/// End-to-end tests: run the built `switchyard` binary and check stdout, stderr and the status.
@Suite("switchyard match (end to end)")
struct MatchCommandTests {
  static let builtInNote =
    "note: using the built-in example table (21 routes); "
    + "pass --routes FILE or put a routes.json here to use your own\n"

  @Test("JSON output is the documented example, one object per line; a miss exits 1")
  func cliExample() throws {
    let result = try CommandRunner.run([
      "match", "--format", "json", "myapp://user/42?tab=posts&tab=likes#top", "myapp://nowhere",
    ])
    #expect(
      result.lines == [
        #"{"url":"myapp://user/42?tab=posts&tab=likes#top","route":"user","pattern":"myapp://user/<int:id>","params":{"id":42},"query":{"tab":["posts","likes"]},"fragment":"top"}"#,
        #"{"url":"myapp://nowhere","route":null}"#,
      ])
    #expect(result.status == 1)
    #expect(result.stderr == Self.builtInNote)
  }

  @Test(
    "Built-in table: route, typed params, query and fragment",
    arguments: [
      (
        "myapp://deals/under/19.99",
        #"{"url":"myapp://deals/under/19.99","route":"deals","pattern":"myapp://deals/under/<float:price>","params":{"price":19.99},"query":{},"fragment":null}"#
      ),
      (
        "myapp://deals/under/2",
        #"{"url":"myapp://deals/under/2","route":"deals","pattern":"myapp://deals/under/<float:price>","params":{"price":2.0},"query":{},"fragment":null}"#
      ),
      (
        "myapp://user/-3/posts",
        #"{"url":"myapp://user/-3/posts","route":"userTab","pattern":"myapp://user/<int:id>/:tab","params":{"id":-3,"tab":"posts"},"query":{},"fragment":null}"#
      ),
      (
        "myapp://files/a/b%2Fc/d.txt",
        #"{"url":"myapp://files/a/b%2Fc/d.txt","route":"files","pattern":"myapp://files/<path:path>","params":{"path":"a/b/c/d.txt"},"query":{},"fragment":null}"#
      ),
      (
        "myapp://settings",
        #"{"url":"myapp://settings","route":"settings","pattern":"myapp://settings/*rest","params":{"rest":""},"query":{},"fragment":null}"#
      ),
      (
        "myapp://search?q=caf%C3%A9&q=swift+ui&sort=recent",
        #"{"url":"myapp://search?q=caf%C3%A9&q=swift+ui&sort=recent","route":"searchRecent","pattern":"myapp://search?q=<term>&sort=recent","params":{"term":"swift+ui"},"query":{"q":["café","swift+ui"],"sort":["recent"]},"fragment":null}"#
      ),
      (
        "myapp://help#shipping",
        #"{"url":"myapp://help#shipping","route":"helpShipping","pattern":"myapp://help#shipping","params":{},"query":{},"fragment":"shipping"}"#
      ),
      (
        "https://example.com/@alice?utm_campaign=spring",
        #"{"url":"https://example.com/@alice?utm_campaign=spring","route":"campaign","pattern":"https://(*.)example.com/*?utm_campaign=<campaign>","params":{"campaign":"spring"},"query":{"utm_campaign":["spring"]},"fragment":null}"#
      ),
      (
        "myapp://legacy/x",
        #"{"url":"myapp://legacy/x","route":"legacy","pattern":"/legacy/*","params":{},"query":{},"fragment":null}"#
      ),
    ])
  func builtInLines(url: String, expected: String) throws {
    let result = try CommandRunner.run(["match", "--format", "json", url])
    #expect(result.lines == [expected])
    #expect(result.status == 0)
  }

  @Test("Strings are escaped: quotes, backslashes, control characters; non-ASCII stays UTF-8")
  func escaping() throws {
    let result = try CommandRunner.run([
      "match", "--format", "json", "myapp://search?q=%22a%5Cb%09%0A%C3%A9\"",
    ])
    #expect(
      result.lines == [
        #"{"url":"myapp://search?q=%22a%5Cb%09%0A%C3%A9\"","route":"search","pattern":"myapp://search?q=<term>","params":{"term":"\"a\\b\t\né\""},"query":{"q":["\"a\\b\t\né\""]},"fragment":null}"#
      ])
    // And a JSON parser that is not ours agrees.
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let params = try #require(object["params"] as? [String: Any])
    #expect(params["term"] as? String == "\"a\\b\t\né\"")
  }

  @Test("Exit status 0 when every URL matched")
  func allMatched() throws {
    let result = try CommandRunner.run([
      "match", "--format", "json", "myapp://user/1", "https://blog.example.com/post/x",
    ])
    #expect(result.status == 0)
    #expect(result.lines.count == 2)
  }

  @Test("URLs come from stdin when there are no arguments; blank lines and CR are skipped")
  func standardInput() throws {
    let result = try CommandRunner.run(
      ["match", "--format", "json"], input: "myapp://user/7\n\nmyapp://nowhere\r\nmyapp://\n")
    #expect(
      result.lines == [
        #"{"url":"myapp://user/7","route":"user","pattern":"myapp://user/<int:id>","params":{"id":7},"query":{},"fragment":null}"#,
        #"{"url":"myapp://nowhere","route":null}"#,
        #"{"url":"myapp://","route":"home","pattern":"myapp://(home)","params":{},"query":{},"fragment":null}"#,
      ])
    #expect(result.status == 1)
  }

  @Test("No URLs at all (empty stdin) is not an error: nothing to report, exit 0")
  func emptyInput() throws {
    let result = try CommandRunner.run(["match", "--format", "json"], input: "\n\n")
    #expect(result.stdout.isEmpty)
    #expect(result.status == 0)
  }

  @Test("Arguments win over stdin")
  func argumentsOverStandardInput() throws {
    let result = try CommandRunner.run(
      ["match", "--format", "json", "myapp://user/1"], input: "myapp://nowhere\n")
    #expect(result.lines.count == 1)
    #expect(result.status == 0)
  }

  @Test("-- ends the options: what follows is URLs, even empty or starting with -")
  func doubleDash() throws {
    let result = try CommandRunner.run(["match", "--format", "json", "--", "-x", "", "--format"])
    #expect(
      result.lines == [
        #"{"url":"-x","route":null}"#,
        #"{"url":"","route":null}"#,
        #"{"url":"--format","route":null}"#,
      ])
    #expect(result.status == 1)
  }

  @Test("A routes.json in the current directory is used, and the note says so")
  func routesInCurrentDirectory() throws {
    let folder = try CommandRunner.directory(with: [
      "routes.json": #"{"version":1,"routes":[{"name":"mine","pattern":"/mine/:id"}]}"#
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CommandRunner.run(
      ["match", "--format", "json", "https://x.org/mine/5"], in: folder)
    #expect(
      result.lines == [
        #"{"url":"https://x.org/mine/5","route":"mine","pattern":"/mine/:id","params":{"id":"5"},"query":{},"fragment":null}"#
      ])
    #expect(result.stderr == "note: using routes from ./routes.json (1 route)\n")
    #expect(result.status == 0)
  }

  @Test("--routes FILE is used without a note")
  func explicitRoutes() throws {
    let folder = try CommandRunner.directory(with: [
      "app.json": #"{"version":1,"routes":[{"name":"a","pattern":"myapp://a"}]}"#
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("app.json").path
    let result = try CommandRunner.run(["match", "--routes", file, "--format", "json", "myapp://a"])
    #expect(
      result.lines == [
        #"{"url":"myapp://a","route":"a","pattern":"myapp://a","params":{},"query":{},"fragment":null}"#
      ])
    #expect(result.stderr.isEmpty)
    #expect(result.status == 0)
  }

  @Test("A route-file error: message on stderr, nothing on stdout, exit 2")
  func routeFileError() throws {
    let folder = try CommandRunner.directory(with: [
      "bad.json": #"{"version":1,"routes":[{"name":"user","pattern":"myapp://user/<int:id"}]}"#
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CommandRunner.run(
      ["match", "--routes", "bad.json", "--format", "json", "myapp://user/1"], in: folder)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr == """
        bad.json:1:70: invalid pattern for route "user": expected '>' to close the capture \
        opened at column 14
          myapp://user/<int:id
                              ^

        """)
  }

  @Test("A broken ./routes.json is an error too, not a silent fallback")
  func brokenDefaultFile() throws {
    let folder = try CommandRunner.directory(with: ["routes.json": #"{"version":2,"routes":[]}"#])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CommandRunner.run(["match", "myapp://user/1"], in: folder)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "routes.json:1:12: unsupported route file version 2; this tool reads version 1\n")
  }

  @Test("A missing route file: exit 2")
  func missingRouteFile() throws {
    let result = try CommandRunner.run(["match", "--routes", "nope.json", "myapp://user/1"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "nope.json: no such route file\n")
  }

  @Test(
    "Usage errors exit 2 with nothing on stdout",
    arguments: [
      ["match", "--format", "xml", "myapp://user/1"],
      ["match", "--bogus", "myapp://user/1"],
      ["match", "-x"],
      ["match", "--routes"],
      ["frobnicate"],
    ])
  func usageErrors(arguments: [String]) throws {
    let result = try CommandRunner.run(arguments)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.lowercased().contains("error:"))
  }

  @Test("--help prints usage on stdout and exits 0")
  func help() throws {
    let result = try CommandRunner.run(["match", "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("USAGE: switchyard match"))
    #expect(result.stdout.contains("--format <format>"))
  }

  @Test("Text output names the route, pattern, captures, query and fragment, aligned")
  func textOutput() throws {
    let result = try CommandRunner.run([
      "match", "myapp://shop/shoes/page/2?color=red&color=blue&size=9#reviews", "myapp://nowhere",
    ])
    #expect(
      result.stdout == """
        myapp://shop/shoes/page/2?color=red&color=blue&size=9#reviews
          route     category
          pattern   myapp://shop/<string:category>(/page/<int:page>)
          params    category = "shoes"
                    page     = 2
          query     color = "red", "blue"
                    size  = "9"
          fragment  "reviews"

        myapp://nowhere
          no route matched

        """)
    #expect(result.status == 1)
  }

  @Test("Text output shows a non-zero priority")
  func textPriority() throws {
    let result = try CommandRunner.run(["match", "https://example.org.example.com/x"])
    #expect(result.stdout.contains("  route     website\n"))
    #expect(result.stdout.contains("  priority  -1\n"))
  }
}
