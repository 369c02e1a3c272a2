import Testing

@testable import Switchyard

/// The error a pattern is rejected with.
func patternError(
  _ pattern: String, options: RouteOptions = RouteOptions(), types: [ParameterType] = []
) -> PatternSyntaxError? {
  do {
    _ = try RoutePattern(pattern, options: options, types: types)
    return nil
  } catch {
    return error
  }
}

@Suite("Pattern errors")
struct PatternErrorTests {
  @Test(
    "Every error names the column and what was expected",
    arguments: [
      // Captures
      ("/users/<int:id", 15, "expected '>' to close the capture opened at column 8"),
      ("myapp://<int:id", 16, "expected '>' to close the capture opened at column 9"),
      ("/x?a=<int:b", 12, "expected '>' to close the capture opened at column 6"),
      ("/x#<y", 6, "expected '>' to close the capture opened at column 4"),
      ("/<a<b>", 4, "expected '>' before another '<' (capture opened at column 2)"),
      ("/a>b", 3, "unexpected '>' with no '<' before it"),
      (
        "/<foo:x>", 3,
        "unknown capture type 'foo'; known types: string, int, float, double, uuid, path"
      ),
      (
        "/x?a=<b:c>", 7,
        "unknown capture type 'b'; known types: string, int, float, double, uuid, path"
      ),
      ("/<:x>", 3, "expected a type name before ':'"),
      ("/<>", 3, "expected a capture name"),
      ("/<int:>", 7, "expected a capture name"),
      ("/<1a>", 3, "expected a capture name"),
      ("/<a-b>", 4, "a capture name may hold only letters, digits and '_'"),
      ("/<a b>", 4, "a capture name may hold only letters, digits and '_'"),
      ("/:", 3, "expected a capture name after ':' (write %3A for a literal ':')"),
      ("/a:", 4, "expected a capture name after ':' (write %3A for a literal ':')"),
      ("/:1", 3, "expected a capture name after ':' (write %3A for a literal ':')"),
      ("1x://y", 4, "expected a capture name after ':' (write %3A for a literal ':')"),
      // Repeated names
      ("/:x/:x", 6, "capture name 'x' is used twice (first at column 3)"),
      ("/:x?x=<x>", 8, "capture name 'x' is used twice (first at column 3)"),
      ("/:x#<x>", 6, "capture name 'x' is used twice (first at column 3)"),
      ("/x/(<int:a>)/<a>", 15, "capture name 'a' is used twice (first at column 10)"),
      ("/*r/<path:r>", 11, "capture name 'r' is used twice (first at column 3)"),
      // Segments
      ("/a*", 3, "'*' must be a whole path segment (write %2A for a literal '*')"),
      ("/**", 3, "'*' must be a whole path segment (write %2A for a literal '*')"),
      ("/*1", 2, "'*' must be a whole path segment (write %2A for a literal '*')"),
      ("/<a>*", 5, "'*' must be a whole path segment (write %2A for a literal '*')"),
      ("//*/x/*.y", 7, "'*' must be a whole path segment (write %2A for a literal '*')"),
      ("/<a><b>", 5, "a path segment can hold only one capture"),
      ("/:a:b", 4, "a path segment can hold only one capture"),
      ("/<path:p>.json", 2, "a <path:…> capture must be a whole path segment"),
      // Groups
      ("/a)", 3, "unexpected ')' with no '(' before it"),
      ("a)://x", 2, "unexpected ')' with no '(' before it"),
      ("/(a", 4, "expected ')' to close the group opened at column 2"),
      ("(s://x", 3, "expected ')' to close the group opened at column 1"),
      ("/<int:a>(", 10, "expected ')' to close the group opened at column 9"),
      ("/a/(b/(c)", 10, "expected ')' to close the group opened at column 4"),
      ("/x?a=(b)", 6, "optional groups are allowed only in the scheme, host and path"),
      ("/x#(y)", 4, "optional groups are allowed only in the scheme, host and path"),
      ("/(a)(a)(a)(a)(a)(a)(a)(a)(a)", 26, "optional groups expand to more than 256 alternatives"),
      // Scheme
      ("(s)://x", 1, "expected a scheme that starts with a letter"),
      ("(a)(b)://x", 1, "expected a scheme that starts with a letter"),
      ("()://x", 1, "expected a scheme that starts with a letter"),
      ("(http(s))://x", 1, "expected a scheme that starts with a letter"),
      // Host
      ("//a.*.com/x", 5, "'*' is allowed in a host only as its whole first label ('*.')"),
      ("//*.*.x.com/x", 5, "'*' is allowed in a host only as its whole first label ('*.')"),
      ("//*x.com/x", 4, "expected '.' after a leading '*' in a host"),
      ("//*./x", 5, "expected a host after '*.'"),
      ("//*.(x)/x", 8, "expected a host after '*.'"),
      (
        "//<x>.com/", 3,
        "a host cannot hold a capture (only host-as-path schemes read it as a path)"
      ),
      ("https://:id/x", 10, "expected a port number after ':'"),
      ("//a:b/x", 5, "expected a port number after ':'"),
      ("//a:/x", 5, "expected a port number after ':'"),
      ("//a.com:8080:1/x", 9, "expected a port number after ':'"),
      ("//a:99999/x", 5, "port number is out of range"),
      ("//[::1/x", 3, "expected ']' to close the IPv6 literal"),
      ("//(a/b)x.com/x", 5, "a host cannot contain '/'"),
      // A host a browser would refuse, or end early at a backslash.
      ("http://exa mple.com/a", 11, "a host cannot contain a space"),
      ("https://a\tb.com/x", 10, "a host cannot contain a control character (U+0009)"),
      ("https://a\u{7F}b.com/x", 10, "a host cannot contain a control character (U+007F)"),
      ("https://evil.com\\.example.com/x", 17, "a host cannot contain '\\'"),
      ("https://a^b.com/x", 10, "a host cannot contain '^'"),
      ("https://a|b.com/x", 10, "a host cannot contain '|'"),
      ("https://exa%20mple.com/x", 12, "a host cannot contain a space"),
      ("https://a%5Cb.com/x", 10, "a host cannot contain '\\'"),
      // Query and fragment
      ("/x?a=*", 6, "'*' is allowed only in the host and the path (write %2A for a literal '*')"),
      ("/x#*", 4, "'*' is allowed only in the host and the path (write %2A for a literal '*')"),
      ("/x?<x>=1", 4, "a query name must be literal text"),
      ("/x?=1", 4, "expected a query name before '='"),
      ("/x?a=1&a=2", 8, "query name 'a' is required twice (first at column 4)"),
      ("/x?a=<path:p>", 6, "a <path:…> capture is allowed only in the path"),
      ("/x#<path:p>", 4, "a <path:…> capture is allowed only in the path"),
      ("/x?a=x<y>", 7, "a query value is either one capture or literal text"),
      ("/x?a=<y><z>", 6, "a query value is either one capture or literal text"),
      ("/x#x<y>", 5, "a fragment is either one capture or literal text"),
      // Escapes
      ("/%zz", 2, "expected two hexadecimal digits after '%'"),
      ("/%4", 2, "expected two hexadecimal digits after '%'"),
      ("/%", 2, "expected two hexadecimal digits after '%'"),
      ("/%2", 2, "expected two hexadecimal digits after '%'"),
      ("/x?a=%zz", 6, "expected two hexadecimal digits after '%'"),
      ("/x#%g0", 4, "expected two hexadecimal digits after '%'"),
      // Columns count characters, not bytes
      ("/é/<int:n", 10, "expected '>' to close the capture opened at column 4"),
      ("/🚀/:", 5, "expected a capture name after ':' (write %3A for a literal ':')"),
    ])
  func errors(pattern: String, column: Int, message: String) throws {
    let error = try #require(patternError(pattern))
    #expect(error.pattern == pattern)
    #expect(error.column == column)
    #expect(error.message == message)
  }

  @Test("The description names the pattern and the column, with a caret under the column")
  func caretRendering() throws {
    let error = try #require(patternError("/users/<int:id"))
    #expect(
      error.description == """
        error: expected '>' to close the capture opened at column 8 (column 15 of pattern "/users/<int:id")
          /users/<int:id
                        ^
        """)
    #expect(
      error.caretLines == """
          /users/<int:id
                        ^
        """)
  }

  @Test("The caret sits under the first column and under a multi-byte character")
  func caretPositions() throws {
    let first = try #require(patternError("(s)://x"))
    #expect(
      first.description == """
        error: expected a scheme that starts with a letter (column 1 of pattern "(s)://x")
          (s)://x
          ^
        """)
    let wide = try #require(patternError("/é/<a-b>"))
    #expect(
      wide.description == """
        error: a capture name may hold only letters, digits and '_' (column 6 of pattern "/é/<a-b>")
          /é/<a-b>
               ^
        """)
  }

  @Test("Tabs and newlines in a pattern are shown as spaces so the caret lines up")
  func caretWhitespace() throws {
    let error = try #require(patternError("/a\tb\n/<x"))
    #expect(error.column == 9)
    #expect(
      error.caretLines == """
          /a b /<x
                  ^
        """)
  }

  @Test("A registered type is listed among the known types")
  func unknownTypeListsRegistered() throws {
    let error = try #require(patternError("/<hex:x>", types: [evenType, wordType]))
    #expect(
      error.message
        == "unknown capture type 'hex'; known types: string, int, float, double, uuid, path, even, word"
    )
  }

  @Test("A host-as-path scheme reads its authority as a path, with path errors")
  func hostAsPathErrors() throws {
    let error = try #require(patternError("myapp://*.x.com/a"))
    #expect(error.message == "'*' must be a whole path segment (write %2A for a literal '*')")
    #expect(error.column == 9)
    #expect(patternError("myapp://<id>/a") == nil)
    #expect(
      patternError("https://<id>/a")?.message
        == "a host cannot hold a capture (only host-as-path schemes read it as a path)")
  }

  @Test(
    "Accepted edge cases (pinned)",
    arguments: [
      "/(/)", "//()/x", "/x?q=1&&r=2", "/x?q", "/x?&", "/x#", "//*/x", "//*", "", "/", "*",
      "?q=<q>",
      "#<f>", "/x?a=:b", "/x?:a=1", "/x?a=x:y", "/x#a:b", "/a%3Ab", "/%2A", "http(s)://x",
      "/<string:s>/<double:d>", "/<_>", "/a/(b)/(c)/(d)/(e)/(f)/(g)/(h)/(i)",
    ])
  func accepted(pattern: String) {
    #expect(patternError(pattern) == nil, "\(pattern)")
  }

  @Test("256 alternatives are allowed")
  func maximumVariants() throws {
    let pattern = try RoutePattern("/(a)(b)(c)(d)(e)(f)(g)(h)")
    #expect(pattern.variants.count == 256)
    #expect(RoutePattern.maximumVariants == 256)
  }

  @Test("PatternSyntaxError is a plain value")
  func errorValue() {
    let error = PatternSyntaxError(pattern: "/x", column: 2, message: "m")
    #expect(error == PatternSyntaxError(pattern: "/x", column: 2, message: "m"))
    #expect(error.description == "error: m (column 2 of pattern \"/x\")\n  /x\n   ^")
  }
}
