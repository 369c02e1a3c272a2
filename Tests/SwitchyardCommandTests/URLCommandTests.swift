import Foundation
import Testing

/// End-to-end tests of `switchyard url`: the URL on stdout, or exit 2 with the message on
/// stderr and nothing on stdout.
@Suite("switchyard url (end to end)")
struct URLCommandTests {
  static let routes = """
    {
      "version": 1,
      "routes": [
        { "name": "user",    "pattern": "myapp://user/<int:id>" },
        { "name": "search",  "pattern": "/search/:term" },
        { "name": "post",    "pattern": "https://*.mysite.com/post/:id" },
        { "name": "article", "pattern": "http(s)://(www.)example.com/articles/<int:id>(/:slug)" },
        { "name": "docs",    "pattern": "/docs/*rest" }
      ]
    }
    """

  func run(_ arguments: [String]) throws -> CommandResult {
    try CommandRunner.run(["url", "--routes", "routes.json"] + arguments, routeFile: Self.routes)
  }

  @Test(
    "Prints the URL on one line",
    arguments: [
      (["user", "id=42"], "myapp://user/42"),
      (["user", "id=42", "tab=posts"], "myapp://user/42?tab=posts"),
      (["search", "term=surge", "sort=score desc"], "/search/surge?sort=score%20desc"),
      (
        ["post", "id=1234", "--host", "subdomain.mysite.com"],
        "https://subdomain.mysite.com/post/1234"
      ),
      (["article", "id=7"], "https://www.example.com/articles/7"),
      (
        ["article", "id=7", "slug=a b", "--scheme", "http", "--host", "example.com"],
        "http://example.com/articles/7/a%20b"
      ),
      (["search", "term=a/b?c#d", "tag=x", "tag=y&z"], "/search/a%2Fb%3Fc%23d?tag=x&tag=y%26z"),
      (["docs", "rest=a/b c"], "/docs/a/b%20c"),
      (["search", "term=x=y"], "/search/x=y"),
      (
        ["--host", "example.com", "--scheme", "https", "search", "term=x"],
        "https://example.com/search/x"
      ),
    ])
  func prints(_ arguments: [String], _ expected: String) throws {
    let result = try run(arguments)
    #expect(result.status == 0)
    #expect(result.stdout == expected + "\n")
    #expect(result.stderr == "")
  }

  @Test(
    "Any error: exit 2, the message on stderr, nothing on stdout",
    arguments: [
      (["usr", "id=1"], "error: no route named 'usr'; did you mean 'user'?"),
      (["user"], "error: route 'user': missing a value for capture 'id'"),
      (
        ["user", "id=abc"], "error: route 'user': value \"abc\" for capture 'id' is not a valid int"
      ),
      (
        ["post", "id=1"],
        "error: route 'post': its host '*.mysite.com' is a wildcard, so a host must be given"
      ),
      (
        ["post", "id=1", "--host", "example.org"],
        "error: route 'post': host 'example.org' does not match the route's host '*.mysite.com'"
      ),
      (
        ["user", "id=1", "--scheme", "https"],
        "error: route 'user': scheme 'https' is not one the route answers (myapp)"
      ),
      (["article", "slug=x"], "error: route 'article': missing a value for capture 'id'"),
      (["user", "id"], "error: expected NAME=VALUE, got 'id'"),
      (["user", "=1"], "error: expected NAME=VALUE, got '=1'"),
      (
        ["user", "id=1", "id=2"],
        "error: route 'user': capture 'id' takes one value, not the list [\"1\", \"2\"]"
      ),
    ])
  func fails(_ arguments: [String], _ expected: String) throws {
    let result = try run(arguments)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr == expected + "\n")
  }

  @Test("A missing route argument and a bad route file exit 2 with nothing on stdout")
  func usageErrors() throws {
    let missing = try run([])
    #expect(missing.status == 2)
    #expect(missing.stdout == "")
    #expect(missing.stderr.contains("route"))

    let folder = try CommandRunner.directory(with: ["bad.json": #"{"version": 2, "routes": []}"#])
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = try CommandRunner.run(["url", "--routes", "bad.json", "user", "id=1"], in: folder)
    #expect(bad.status == 2)
    #expect(bad.stdout == "")
    #expect(bad.stderr.hasPrefix("bad.json:"))
  }

  @Test("The built-in table: the note on stderr, the URL on stdout")
  func builtInTable() throws {
    let result = try CommandRunner.run(["url", "profile", "username=jane"])
    #expect(result.status == 0)
    #expect(result.stdout == "https://www.example.com/@jane\n")
    #expect(result.stderr == MatchCommandTests.builtInNote)
  }

  @Test("The URL it prints is matched back by `switchyard match`")
  func roundTrip() throws {
    let built = try run(["article", "id=7", "slug=caf\u{e9} 2", "ref=a&b"])
    let url = built.stdout.trimmingCharacters(in: .newlines)
    let matched = try CommandRunner.run(
      ["match", "--format", "json", url], routeFile: Self.routes)
    #expect(matched.status == 0)
    #expect(
      matched.stdout.contains(#""route":"article""#)
        && matched.stdout.contains(#""params":{"id":7,"slug":"café 2"}"#)
        && matched.stdout.contains(#""query":{"ref":["a&b"]}"#), "\(matched.stdout)")
  }
}
