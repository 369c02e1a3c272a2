import Testing

@testable import Switchyard

@Suite("Reading the authority: IPv6 literals and userinfo, in URLs and patterns alike")
struct AuthorityTests {
  // MARK: URLs

  @Test(
    "Text after an IPv6 literal's ']' stays in the host unless it is ':port'",
    arguments: [
      ("https://[::1]evil.example/x", "[::1]evil.example", Int?.none),
      ("https://[::1]example.com:8080/x", "[::1]example.com", 8080),
      ("https://[::1]:8080/x", "[::1]", 8080),
      ("https://[::1]/x", "[::1]", nil),
      ("https://[::1]:abc/x", "[::1]:abc", nil),
      ("https://[::1]:/x", "[::1]", nil),
      ("https://u:p@[::1]x:1/x", "[::1]x", 1),
      ("//[]x", "[]x", nil),
      ("//[]", "[]", nil),
      // No ']': nothing after the '[' can be a port.
      ("http://[::1:80/x", "[::1:80", nil),
      // A '[' that does not start the host is an ordinary byte.
      ("http://a[b]:80/x", "a[b]", 80),
    ])
  func urlHosts(url: String, host: String, port: Int?) {
    let split = RawParts(splitting: url)
    #expect(split.host == host, "\(url)")
    #expect(split.port == port, "\(url)")
  }

  @Test("URLs keep dropping userinfo")
  func urlUserinfo() throws {
    #expect(RawParts(splitting: "https://me:secret@example.com:81/x").host == "example.com")
    #expect(
      try winner(["https://example.com/x"], "https://me@example.com/x") == "https://example.com/x")
    #expect(try winner(["myapp://user/:id"], "myapp://me@user/7") == "myapp://user/:id")
  }

  // MARK: Patterns and URLs together

  @Test("A route for [::1] does not match a host that only starts with [::1]")
  func ipv6PrefixIsNotTheHost() throws {
    #expect(try winner(["https://[::1]/x"], "https://[::1]evil.example/x") == nil)
    #expect(try winner(["https://[::1]/x"], "https://[::1]/x") == "https://[::1]/x")
    #expect(try winner(["https://[::1]/x"], "https://[::1]:8080/x") == "https://[::1]/x")
  }

  @Test("A pattern with text after the IPv6 literal matches itself, port included")
  func ipv6WithSuffix() throws {
    let pattern = "https://[::1]example.com:8080/x"
    let parsed = try RoutePattern(pattern)
    #expect(parsed.variants.first?.host == .literal(Array("[::1]example.com".utf8)))
    #expect(parsed.variants.first?.port == 8080)
    #expect(try winner([pattern], pattern) == pattern)
    #expect(try winner([pattern], "https://[::1]:8080/x") == nil)
    #expect(try winner([pattern], "https://[::1]example.com/x") == nil)
  }

  @Test("The minimal case: //[]x against //[]x")
  func emptyBrackets() throws {
    #expect(try winner(["//[]x"], "//[]x") == "//[]x")
    #expect(try winner(["//[]x"], "//[]") == nil)
    #expect(try winner(["//[]"], "//[]x") == nil)
  }

  @Test("Host as path: the whole authority before the port is the first segment")
  func hostAsPath() throws {
    #expect(try winner(["myapp://[]x/y"], "myapp://[]x/y") == "myapp://[]x/y")
    #expect(try winner(["myapp://[]x/y"], "myapp://[]/y") == nil)
    #expect(try winner(["myapp://[]/y"], "myapp://[]x/y") == nil)
    #expect(
      try winner(["myapp://[%3A%3A1]evil/:id"], "myapp://[::1]evil/7")
        == "myapp://[%3A%3A1]evil/:id")
    #expect(try winner(["myapp://[%3A%3A1]/:id"], "myapp://[::1]evil/7") == nil)
  }

  @Test("A pattern's port is read as a URL's: up to five digits, at most 65535")
  func patternPorts() throws {
    #expect(try RoutePattern("//h:00080/x").variants.first?.port == 80)
    #expect(try winner(["//h:00080/x"], "//h:80/x") == "//h:00080/x")
    for pattern in ["//h:000080/x", "//h:65536/x", "//[::1]x:99999/x"] {
      #expect(patternError(pattern)?.message == "port number is out of range", "\(pattern)")
    }
    #expect(patternError("//[::1]x:99999/x")?.column == 10)
  }

  // MARK: Userinfo in a pattern

  static let userinfoMessage =
    "'@' in the authority would make the text before it userinfo, which URLs drop and a "
    + "pattern cannot match (write %40 for a literal '@')"

  @Test(
    "A pattern cannot name userinfo: the '@' is an error with its column",
    arguments: [
      ("shop://@:username", 8),
      ("https://user@example.com/x", 13),
      ("https://user:pw@example.com:8080/x", 16),
      ("//u@h:1/x", 4),
      ("myapp://me@user/:id", 11),
      ("https://(me@)example.com/x", 12),
      ("https://a@b@c/x", 10),
      ("//@", 3),
    ])
  func userinfoIsAnError(pattern: String, column: Int) {
    let error = patternError(pattern)
    #expect(error?.message == Self.userinfoMessage, "\(pattern)")
    #expect(error?.column == column, "\(pattern)")
  }

  @Test("The full text of the userinfo error")
  func userinfoErrorText() throws {
    let error = try #require(patternError("shop://@:username"))
    #expect(
      error.description == """
        error: \(Self.userinfoMessage) (column 8 of pattern "shop://@:username")
          shop://@:username
                 ^
        """)
  }

  @Test("'@' is fine as %40 in the authority, and as text in the path, query and fragment")
  func atSignElsewhere() throws {
    #expect(try winner(["shop://%40:username"], "shop://%40jane") == "shop://%40:username")
    #expect(try winner(["shop://%40:username"], "shop://@jane") == nil)
    #expect(
      try winner(["shop://profile/@:username"], "shop://profile/@jane")
        == "shop://profile/@:username")
    #expect(try winner(["shop:///@:username"], "shop:///@jane") == "shop:///@:username")
    #expect(patternError("https://example.com/@me?to=a@b#x@y") == nil)
    // A group that reaches past a '/' puts its '@' in the path of every reading.
    #expect(try winner(["myapp://a(/b/@:c)/x"], "myapp://a/b/@d/x") == "myapp://a(/b/@:c)/x")
    #expect(patternError("myapp://a(@b/c)/x")?.message == Self.userinfoMessage)
  }
}
