import Testing

@testable import Switchyard

/// `(pattern, url, expected captures or nil for no match)`.
typealias SyntaxCase = (String, String, [String: String]?)

func checkCase(
  _ pattern: String, _ url: String, _ expected: [String: String]?,
  options: RouteOptions = RouteOptions(), types: [ParameterType] = [],
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let table = try makeTable([pattern], options: options, types: types)
  let matcher = RouteMatcher(table)
  expectReferenceAgrees(table, matcher, url, sourceLocation: sourceLocation)
  let found = matcher.match(url)
  if let expected {
    #expect(
      found?.route.name == pattern, "\(pattern) should match \(url)", sourceLocation: sourceLocation
    )
    #expect(captures(found) == expected, sourceLocation: sourceLocation)
  } else {
    #expect(found == nil, "\(pattern) should not match \(url)", sourceLocation: sourceLocation)
  }
}

@Suite("Pattern syntax (PatternSyntax article)")
struct PatternSyntaxTests {
  @Test(
    "The examples of the PatternSyntax article parse",
    arguments: [
      "myapp://user/<int:id>", "https://*.example.com/post/:id",
      "http(s)://(www.)example.com/about",
      "//*.example.net/search/:term", "/search/:term", "/docs/*rest", "/files/<path:p>",
      "/my/(optional)/module/<page>", "/users/<id>.json", "/@:username",
      "/search?q=<term>&sort=relevance", "/help#<section>", "/faq#shipping",
    ])
  func examplesParse(pattern: String) throws {
    _ = try RoutePattern(pattern)
  }

  @Test("Capture names are listed in the order they are written")
  func captureNames() throws {
    let pattern = try RoutePattern("/a/<int:id>/(<b>/)*rest?q=<term>#<section>")
    #expect(pattern.captureNames == ["id", "b", "rest", "term", "section"])
    #expect(try RoutePattern("myapp://<host>/:x").captureNames == ["host", "x"])
  }

  @Test(
    "Capture names are [A-Za-z_][A-Za-z0-9_]*",
    arguments: [
      ("/:_x1", "/v", ["_x1": "v"]), ("/<Name_2>", "/v", ["Name_2": "v"]),
      ("/<int:_>", "/1", ["_": "1"]), ("/:x-y", "/v-y", ["x": "v"]), ("/:x.y", "/v.y", ["x": "v"]),
    ] as [SyntaxCase])
  func captureNameGrammar(pattern: String, url: String, expected: [String: String]?) throws {
    try checkCase(pattern, url, expected)
  }

  @Test("An empty path matches only URLs with no path segments")
  func emptyPath() throws {
    for (pattern, url, matches) in [
      ("myapp://", "myapp://", true), ("myapp://", "myapp:///", true),
      ("myapp://", "myapp://x", false),
      ("myapp://", "myapp:", true), ("/", "/", true), ("/", "", true), ("/", "https://a.com", true),
      ("/", "https://a.com/", true), ("/", "https://a.com//", true), ("/", "/a", false),
      ("", "/", true), ("", "/a", false), ("https://a.com", "https://a.com/", true),
      ("https://a.com", "https://a.com/x", false), ("/", "/?q=1#f", true),
    ] {
      #expect(
        try winner([pattern], url) == (matches ? routeName(pattern) : nil), "\(pattern) on \(url)")
    }
  }

  // MARK: String captures

  @Test(
    ":name, <name> and <string:name> capture one non-empty segment as a string",
    arguments: [
      ("/u/:name", "/u/alice", ["name": "alice"]), ("/u/<name>", "/u/alice", ["name": "alice"]),
      ("/u/<string:name>", "/u/alice", ["name": "alice"]), ("/u/:name", "/u", nil),
      ("/u/:name", "/u/", nil), ("/u/:name", "/u/a/b", nil), ("/u/:name", "/u/%20", ["name": " "]),
      ("/u/:name", "/u/42", ["name": "42"]), ("/<path>", "/x", ["path": "x"]),
      ("/<path>", "/x/y", nil), ("/<int>", "/x", ["int": "x"]),
    ] as [SyntaxCase])
  func stringCaptures(pattern: String, url: String, expected: [String: String]?) throws {
    try checkCase(pattern, url, expected)
  }

  @Test("String captures are typed as strings")
  func stringTyped() throws {
    let found = try makeMatcher(["/u/:name"]).match("/u/42")
    #expect(found?.parameter("name") == .string("42"))
  }

  // MARK: int

  @Test(
    "<int:name> is -?[0-9]+ that fits a signed 64-bit integer",
    arguments: [
      ("42", Int?.some(42)), ("0", 0), ("-7", -7), ("007", 7), ("-0", 0),
      ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
      ("9223372036854775808", nil), ("-9223372036854775809", nil),
      ("99999999999999999999999", nil), ("+5", nil), ("4.0", nil), ("-", nil), ("--1", nil),
      ("1e3", nil), ("0x1F", nil), ("%201", nil), ("1%20", nil), ("١٢", nil), ("abc", nil),
      ("1_000", nil), ("%31%32", 12),
    ])
  func intCaptures(segment: String, value: Int?) throws {
    let found = try makeMatcher(["/n/<int:id>"]).match("/n/" + segment)
    #expect(found?.parameter("id") == value.map(ParameterValue.int))
  }

  @Test("<int:id> on abc falls through to :slug")
  func intFallsThrough() throws {
    let matcher = try makeMatcher(["/p/<int:id>", "/p/:slug"])
    #expect(matcher.match("/p/abc")?.route.name == "/p/:slug")
    #expect(matcher.match("/p/42")?.route.name == "/p/<int:id>")
    #expect(matcher.match("/p/99999999999999999999")?.route.name == "/p/:slug")
  }

  // MARK: float

  @Test(
    "<float:name> follows [-+]?([0-9]+(.[0-9]*)?|.[0-9]+)([eE][-+]?[0-9]+)? and must be finite",
    arguments: [
      ("1", Double?.some(1)), ("1.", 1), (".5", 0.5), ("-1.5", -1.5), ("+2", 2), ("1e10", 1e10),
      ("1E-3", 1e-3), ("1.5e+3", 1500), ("0", 0), ("-.5e1", -5), ("00.10", 0.1),
      ("1e308", 1e308), ("1e400", nil), ("-1e400", nil), ("inf", nil), ("-inf", nil),
      ("Infinity", nil), ("nan", nil), ("NaN", nil), ("0x1p3", nil), ("0x10", nil), ("1e", nil),
      ("1e+", nil), (".", nil), ("-", nil), ("1.2.3", nil), ("e5", nil), ("--1", nil),
      ("1_000", nil), (" 1", nil), ("1,5", nil), ("1.5f", nil), ("%2B2", 2),
    ])
  func floatCaptures(segment: String, value: Double?) throws {
    let found = try makeMatcher(["/f/<float:x>"]).match("/f/" + segment)
    #expect(found?.parameter("x") == value.map(ParameterValue.double))
  }

  @Test("<double:name> is an alias of <float:name>")
  func doubleAlias() throws {
    let found = try makeMatcher(["/f/<double:x>"]).match("/f/2.5")
    #expect(found?.parameter("x") == .double(2.5))
    #expect(try makeMatcher(["/f/<double:x>"]).match("/f/inf") == nil)
    #expect(try RoutePattern("/f/<double:x>").variants == RoutePattern("/f/<float:x>").variants)
  }

  // MARK: uuid

  @Test(
    "<uuid:name> is a canonical UUID in any case, captured as written",
    arguments: [
      ("6ba7b810-9dad-11d1-80b4-00c04fd430c8", true),
      ("6BA7B810-9DAD-11D1-80B4-00C04FD430C8", true),
      ("6Ba7b810-9dAd-11d1-80b4-00c04fd430c8", true),
      ("00000000-0000-0000-0000-000000000000", true),
      ("6ba7b8109dad11d180b400c04fd430c8", false),
      ("{6ba7b810-9dad-11d1-80b4-00c04fd430c8}", false),
      ("6ba7b810-9dad-11d1-80b4-00c04fd430c", false),
      ("6ba7b810-9dad-11d1-80b4-00c04fd430c8a", false),
      ("6ba7b810-9dad-11d1-80b4-00c04fd430cg", false),
      ("6ba7b810_9dad_11d1_80b4_00c04fd430c8", false),
      ("6ba7b81-09dad-11d1-80b4-00c04fd430c8", false),
    ])
  func uuidCaptures(segment: String, matches: Bool) throws {
    try checkCase("/u/<uuid:id>", "/u/" + segment, matches ? ["id": segment] : nil)
  }

  // MARK: Catch-alls

  @Test(
    "<path:name> takes one or more segments, joined by '/'",
    arguments: [
      ("/files/<path:p>", "/files", nil), ("/files/<path:p>", "/files/", nil),
      ("/files/<path:p>", "/files/a", ["p": "a"]),
      ("/files/<path:p>", "/files/a/b/c", ["p": "a/b/c"]),
      ("/files/<path:p>", "/files//a//b/", ["p": "a/b"]),
      ("/files/<path:p>/edit", "/files/a/b/edit", ["p": "a/b"]),
      ("/files/<path:p>/edit", "/files/edit", nil),
      ("/files/<path:p>/edit", "/files/edit/edit", ["p": "edit"]),
      ("/<path:a>/<path:b>", "/x", nil), ("/<path:a>/<path:b>", "/x/y/z", ["a": "x", "b": "y/z"]),
      ("/<path:p>", "/a%2Fb/c", ["p": "a/b/c"]),
    ] as [SyntaxCase])
  func pathCaptures(pattern: String, url: String, expected: [String: String]?) throws {
    try checkCase(pattern, url, expected)
  }

  @Test(
    "* and *name take zero or more segments anywhere; several may appear; unnamed ones capture nothing",
    arguments: [
      ("/docs/*rest", "/docs", ["rest": ""]), ("/docs/*rest", "/docs/a/b", ["rest": "a/b"]),
      ("/docs/*", "/docs/a/b", [:]), ("/docs/*", "/docs", [:]), ("/docs/*", "/doc", nil),
      ("/*/end", "/end", [:]), ("/*first/end", "/a/b/end", ["first": "a/b"]),
      ("/a/*mid/b", "/a/b", ["mid": ""]), ("/a/*mid/b", "/a/x/y/b", ["mid": "x/y"]),
      ("/a/*mid/b", "/a/x/y", nil),
      ("/*a/x/*b", "/x", ["a": "", "b": ""]), ("/*a/x/*b", "/1/x/2/3", ["a": "1", "b": "2/3"]),
      ("/*a/x/*b", "/x/x/x", ["a": "", "b": "x/x"]), ("/*a/*b", "/p/q", ["a": "", "b": "p/q"]),
      ("/*a/*b/*c", "/p", ["a": "", "b": "", "c": "p"]), ("*", "", [:]), ("*", "/a/b", [:]),
      ("/*a/<int:n>/*b", "/x/1/2/y", ["a": "x", "n": "1", "b": "2/y"]),
    ] as [SyntaxCase])
  func starCaptures(pattern: String, url: String, expected: [String: String]?) throws {
    try checkCase(pattern, url, expected)
  }

  @Test("Catch-all values are strings")
  func catchAllTyped() throws {
    let found = try makeMatcher(["/f/<path:p>/*rest"]).match("/f/1/2")
    #expect(found?.parameter("p") == .string("1"))
    #expect(found?.parameter("rest") == .string("2"))
  }

  // MARK: Registered types

  @Test(
    "A registered type accepts the decoded segments its converter accepts",
    arguments: [
      ("/n/<even:n>", "/n/4", ["n": "4"]), ("/n/<even:n>", "/n/3", nil),
      ("/n/<even:n>", "/n/x", nil),
      ("/w/<word:w>", "/w/abc", ["w": "abc"]), ("/w/<word:w>", "/w/aBc", nil),
      ("/w/<word:w>", "/w/%61b", ["w": "ab"]), ("/w/x<word:w>.y", "/w/xab.y", ["w": "ab"]),
      ("/w/x<word:w>.y", "/w/x1.y", nil), ("/s?n=<even:n>", "/s?n=2", ["n": "2"]),
      ("/s?n=<even:n>", "/s?n=3", nil), ("/s#<even:n>", "/s#8", ["n": "8"]),
    ] as [SyntaxCase])
  func registeredTypes(pattern: String, url: String, expected: [String: String]?) throws {
    try checkCase(pattern, url, expected, types: [evenType, wordType])
  }

  @Test("A refused registered capture falls through to the next candidate")
  func registeredFallsThrough() throws {
    let matcher = try makeMatcher(["/n/<even:n>", "/n/:s"], types: [evenType])
    #expect(matcher.match("/n/2")?.route.name == "/n/<even:n>")
    #expect(matcher.match("/n/3")?.route.name == "/n/:s")
  }

  @Test("Registered-type captures are strings")
  func registeredTyped() throws {
    let found = try makeMatcher(["/n/<even:n>"], types: [evenType]).match("/n/4")
    #expect(found?.parameter("n") == .string("4"))
  }

  // MARK: Optional groups

  @Test(
    "Optional groups are all-or-nothing, may hold several segments and captures, and may nest",
    arguments: [
      ("/my/(optional)/module/<page>", "/my/optional/module/A", ["page": "A"]),
      ("/my/(optional)/module/<page>", "/my/module/B", ["page": "B"]),
      ("/my/(optional)/module/<page>", "/my/other/module/B", nil),
      ("/a/(b/c/)d", "/a/d", [:]), ("/a/(b/c/)d", "/a/b/c/d", [:]), ("/a/(b/c/)d", "/a/b/d", nil),
      ("/a/(b/c/)d", "/a/c/d", nil),
      ("/user(/<int:id>)", "/user", [:]), ("/user(/<int:id>)", "/user/5", ["id": "5"]),
      ("/user(/<int:id>)", "/user/x", nil),
      ("/a(/b(/c))", "/a", [:]), ("/a(/b(/c))", "/a/b", [:]), ("/a(/b(/c))", "/a/b/c", [:]),
      ("/a(/b(/c))", "/a/c", nil),
      ("/file(.json)", "/file.json", [:]), ("/file(.json)", "/file", [:]),
      ("/file(.json)", "/file.js", nil), ("/(<id>).json", "/x.json", ["id": "x"]),
      ("/(<id>).json", "/.json", [:]),
      ("/(a/)(b/)c", "/c", [:]), ("/(a/)(b/)c", "/a/c", [:]), ("/(a/)(b/)c", "/b/c", [:]),
      ("/(a/)(b/)c", "/a/b/c", [:]), ("/(a/)(b/)c", "/b/a/c", nil),
      ("/x/(<a>/<int:b>/)y", "/x/p/2/y", ["a": "p", "b": "2"]), ("/x/(<a>/<int:b>/)y", "/x/y", [:]),
      ("/x/(<a>/<int:b>/)y", "/x/p/y", nil), ("/(*rest)", "/a/b", ["rest": "a/b"]),
    ] as [SyntaxCase])
  func optionalPathGroups(pattern: String, url: String, expected: [String: String]?) throws {
    try checkCase(pattern, url, expected)
  }

  @Test(
    "Optional groups work in the scheme and the host",
    arguments: [
      ("http(s)://(www.)example.com/about", "http://example.com/about", true),
      ("http(s)://(www.)example.com/about", "https://example.com/about", true),
      ("http(s)://(www.)example.com/about", "https://www.example.com/about", true),
      ("http(s)://(www.)example.com/about", "http://WWW.example.com/about", true),
      ("http(s)://(www.)example.com/about", "ftp://example.com/about", false),
      ("http(s)://(www.)example.com/about", "httpss://example.com/about", false),
      ("http(s)://(www.)example.com/about", "https://api.example.com/about", false),
      ("http(s)://(www.)example.com/about", "https://www.www.example.com/about", false),
      ("(my)app://x", "myapp://x", true), ("(my)app://x", "app://x", true),
      ("(my)app://x", "yourapp://x", false), ("my(a(b))app://x", "myabapp://x", true),
      ("my(a(b))app://x", "myaapp://x", true), ("my(a(b))app://x", "myapp://x", true),
      ("my(a(b))app://x", "mybapp://x", false),
      ("https://(a.(b.))c.com/x", "https://a.b.c.com/x", true),
      ("https://(a.(b.))c.com/x", "https://a.c.com/x", true),
      ("https://(a.(b.))c.com/x", "https://b.c.com/x", false),
    ])
  func optionalSchemeAndHost(pattern: String, url: String, matches: Bool) throws {
    #expect(try winner([pattern], url) == (matches ? pattern : nil))
  }

  @Test("Optional groups expand into variants")
  func variants() throws {
    let pattern = try RoutePattern("http(s)://(www.)example.com/about")
    #expect(pattern.variants.count == 4)
    #expect(
      Set(pattern.variants.compactMap(\.scheme)) == [Array("http".utf8), Array("https".utf8)])
    #expect(
      Set(pattern.variants.map(\.host))
        == [.literal(Array("www.example.com".utf8)), .literal(Array("example.com".utf8))])
    let nested = try RoutePattern("/a(/b(/c))")
    #expect(nested.variants.map(\.path.count) == [3, 2, 1])
  }

  @Test("A scheme group mixing host-as-path and web schemes reads the authority per scheme")
  func schemeGroupMixedAuthority() throws {
    let pattern = "(my)app://*.x.com/y"
    let options = RouteOptions(hostAsPath: .schemes(["app"]))
    // myapp keeps its host; app reads it as a path segment, where `*.x.com` is not allowed.
    #expect(throws: PatternSyntaxError.self) { try RoutePattern(pattern, options: options) }
    let ok = try RoutePattern("(my)app://h/y", options: options)
    #expect(
      Set(ok.variants.map(\.host)) == [.literal(Array("h".utf8)), .omitted])
    #expect(try winner(["(my)app://h/y"], "myapp://h/y", options: options) == "(my)app://h/y")
    #expect(try winner(["(my)app://h/y"], "app://h/y", options: options) == "(my)app://h/y")
  }

  // MARK: Hosts

  @Test(
    "*. at the start of a host is one or more labels",
    arguments: [
      ("*.mysite.com", "a.mysite.com", true), ("*.mysite.com", "a.b.mysite.com", true),
      ("*.mysite.com", "mysite.com", false), ("*.mysite.com", "amysite.com", false),
      ("*.mysite.com", "a.mysite.org", false), ("*.mysite.com", "A.MySite.COM", true),
      ("(*.)mysite.com", "mysite.com", true), ("(*.)mysite.com", "a.b.mysite.com", true),
      ("(*.)mysite.com", "amysite.com", false),
    ])
  func wildcardHost(host: String, urlHost: String, matches: Bool) throws {
    let pattern = "https://" + host + "/search/:term"
    #expect(try winner([pattern], "https://" + urlHost + "/search/x") == (matches ? pattern : nil))
  }

  @Test(
    "Host * is any host, but there must be one",
    arguments: [
      ("https://a.com/x", true), ("https://[::1]/x", true), ("https:///x", false), ("/x", false),
      ("https://u@:80/x", false),
    ])
  func anyHost(url: String, matches: Bool) throws {
    #expect(try winner(["https://*/x"], url) == (matches ? "https://*/x" : nil))
  }

  @Test(
    "No host, or an empty one, is any host and URLs with none",
    arguments: [
      ("https:///hello", "https://a.com/hello", true), ("https:///hello", "https:///hello", true),
      ("https:///hello", "https:/hello", true), ("/hello", "https://a.com/hello", true),
      ("/hello", "/hello", true), ("myapp:///hello", "myapp://hello", true),
      ("myapp:///hello", "myapp:///hello", true), ("app:///hello", "app://hello", true),
      ("//:8080/hello", "https://a.com:8080/hello", true),
    ])
  func omittedHost(pattern: String, url: String, matches: Bool) throws {
    #expect(try winner([pattern], url) == (matches ? pattern : nil))
  }

  @Test("A pattern host is stored lowercased; *. keeps its leading dot")
  func hostRequirements() throws {
    #expect(
      try RoutePattern("https://A.com/").variants.first?.host == .literal(Array("a.com".utf8)))
    #expect(
      try RoutePattern("https://*.A.com/").variants.first?.host == .wildcard(Array(".a.com".utf8)))
    #expect(try RoutePattern("https://*/").variants.first?.host == .any)
    #expect(try RoutePattern("https:///").variants.first?.host == .omitted)
    #expect(try RoutePattern("/x").variants.first?.host == .omitted)
    #expect(try RoutePattern("https://a.com:81/").variants.first?.port == 81)
  }

  // MARK: Captures inside a segment

  @Test(
    "A capture with a literal prefix or suffix in one segment",
    arguments: [
      ("/users/<id>.json", "/users/42.json", ["id": "42"]),
      ("/users/<id>.json", "/users/.json", nil),
      ("/users/<id>.json", "/users/42.jso", nil), ("/users/<id>.json", "/users/42", nil),
      ("/users/<id>.json", "/users/a.b.json", ["id": "a.b"]),
      ("/@:username", "/@alice", ["username": "alice"]), ("/@:username", "/@", nil),
      ("/@:username", "/alice", nil), ("/v<int:n>", "/v2", ["n": "2"]), ("/v<int:n>", "/vx", nil),
      ("/v<int:n>", "/v-2", ["n": "-2"]), ("/<a>.tar.gz", "/x.tar.gz", ["a": "x"]),
      ("/a<x>a", "/aa", nil), ("/a<x>a", "/aba", ["x": "b"]), ("/a<x>a", "/aaa", ["x": "a"]),
      ("/x:id", "/xy", ["id": "y"]), ("/<id>.json", "/%41.json", ["id": "A"]),
      ("/<id>.json", "/a%2Eb.json", ["id": "a.b"]), ("/<int:n>px", "/12px", ["n": "12"]),
      ("/<float:f>x", "/1.5x", ["f": "1.5"]),
      (
        "/id-<uuid:u>", "/id-6ba7b810-9dad-11d1-80b4-00c04fd430c8",
        ["u": "6ba7b810-9dad-11d1-80b4-00c04fd430c8"]
      ),
    ] as [SyntaxCase])
  func mixedCaptures(pattern: String, url: String, expected: [String: String]?) throws {
    try checkCase(pattern, url, expected)
  }

  @Test("The literal parts of a mixed segment are stored decoded, with a canonical text")
  func mixedElement() throws {
    let path = try #require(try RoutePattern("/%41<int:n>.j").variants.first?.path)
    #expect(
      path == [
        .mixed(
          prefix: [0x41], type: .int, name: "n", suffix: Array(".j".utf8),
          text: Array("A<int:n>.j".utf8))
      ])
    let string = try #require(try RoutePattern("/:id.json").variants.first?.path)
    #expect(string == (try RoutePattern("/<string:id>.json").variants.first?.path))
  }

  // MARK: Query requirements

  @Test(
    "?k=<…> / ?k=v: the LAST value of k must convert / equal v; other keys are ignored",
    arguments: [
      ("/search?q=<term>&sort=relevance", "/search?q=swift&sort=relevance", ["term": "swift"]),
      ("/search?q=<term>&sort=relevance", "/search?sort=relevance&q=swift", ["term": "swift"]),
      ("/search?q=<term>&sort=relevance", "/search?q=swift&sort=new", nil),
      ("/search?q=<term>&sort=relevance", "/search?q=a&q=b&sort=relevance", ["term": "b"]),
      ("/search?q=<term>&sort=relevance", "/search?q=x&sort=relevance&sort=new", nil),
      ("/search?q=<term>&sort=relevance", "/search?q=x&sort=new&sort=relevance", ["term": "x"]),
      ("/search?q=<term>&sort=relevance", "/search?q=x&sort=relevance&page=2", ["term": "x"]),
      ("/search?q=<term>&sort=relevance", "/search?sort=relevance", nil),
      ("/search?q=<term>&sort=relevance", "/search", nil),
      ("/search?q=<term>", "/search?q=", ["term": ""]),
      ("/search?q=<term>", "/search?q", ["term": ""]),
      ("/search?q=<term>", "/search?Q=x", nil), ("/search?q=:term", "/search?q=x", ["term": "x"]),
      ("/search?q=<string:term>", "/search?q=a%20b", ["term": "a b"]),
      ("/search?q=<term>", "/search?q=a+b", ["term": "a+b"]),
      ("/p?page=<int:page>", "/p?page=2", ["page": "2"]),
      ("/p?page=<int:page>", "/p?page=abc", nil),
      ("/p?page=<int:page>", "/p?page=", nil), ("/p?page=<int:page>", "/p?page=2&page=x", nil),
      ("/p?page=<int:page>", "/p?page=x&page=2", ["page": "2"]),
      ("/p?f=<float:f>", "/p?f=.5", ["f": ".5"]), ("/p?k=v", "/p?k=v", [:]),
      ("/p?k=v", "/p?k=V", nil),
      ("/p?k=v", "/p?k=%76", [:]), ("/p?k=a%26b", "/p?k=a%26b", [:]),
      ("/p?k=a%26b", "/p?k=a&b", nil),
      ("/p?k", "/p?k", [:]), ("/p?k", "/p?k=", [:]), ("/p?k", "/p?k=1", nil), ("/p?k", "/p", nil),
      ("/p?k=", "/p?k", [:]), ("/p?a%20b=1", "/p?a+b=1", nil), ("/p?a%20b=1", "/p?a%20b=1", [:]),
      ("/p?x=:y:z", "/p?x=:y:z", [:]), ("/p?q=1&&r=2", "/p?r=2&q=1", [:]),
      (
        "/p?q=<uuid:u>", "/p?q=6ba7b810-9dad-11d1-80b4-00c04fd430c8",
        ["u": "6ba7b810-9dad-11d1-80b4-00c04fd430c8"]
      ),
    ] as [SyntaxCase])
  func queryRequirements(pattern: String, url: String, expected: [String: String]?) throws {
    try checkCase(pattern, url, expected)
  }

  @Test("Typed query captures keep their type")
  func typedQuery() throws {
    let found = try makeMatcher(["/p?page=<int:page>&f=<float:f>"]).match("/p?page=2&f=1.5")
    #expect(found?.parameter("page") == .int(2))
    #expect(found?.parameter("f") == .double(1.5))
  }

  @Test(
    "With plusAsSpace, '+' reads as a space in query requirements (pattern and URL alike)",
    arguments: [
      ("/p?q=a+b", "/p?q=a+b", [:]), ("/p?q=a+b", "/p?q=a%20b", [:]),
      ("/p?q=a+b", "/p?q=a%2Bb", nil),
      ("/p?q=a%2Bb", "/p?q=a%2Bb", [:]), ("/p?q=a%2Bb", "/p?q=a+b", nil),
      ("/p?a+b=1", "/p?a%20b=1", [:]), ("/p?q=<t>", "/p?q=surge+soda", ["t": "surge soda"]),
    ] as [SyntaxCase])
  func queryPlusAsSpace(pattern: String, url: String, expected: [String: String]?) throws {
    try checkCase(pattern, url, expected, options: RouteOptions(plusAsSpace: true))
  }

  @Test(
    "Without plusAsSpace, '+' is a plus in query requirements",
    arguments: [
      ("/p?q=a+b", "/p?q=a+b", [:]), ("/p?q=a+b", "/p?q=a%2Bb", [:]),
      ("/p?q=a+b", "/p?q=a%20b", nil),
    ] as [SyntaxCase])
  func queryPlusLiteral(pattern: String, url: String, expected: [String: String]?) throws {
    try checkCase(pattern, url, expected)
  }

  @Test("Query requirements are stored sorted by name")
  func queryStorage() throws {
    let pattern = try RoutePattern("/s?z=1&a=<x>&m=<int:y>")
    #expect(pattern.query.map { String(decoding: $0.name, as: UTF8.self) } == ["a", "m", "z"])
    #expect(
      pattern.query.map(\.value) == [
        .capture(.string, name: "x"), .capture(.int, name: "y"), .literal([0x31]),
      ])
  }

  // MARK: Fragment

  @Test(
    "#<name> captures the fragment, #text must equal it; no '#' ignores it",
    arguments: [
      ("/help#<section>", "/help#install", ["section": "install"]),
      ("/help#<section>", "/help", nil),
      ("/help#<section>", "/help#", ["section": ""]),
      ("/help#<section>", "/help#a%20b", ["section": "a b"]),
      ("/help#<section>", "/help#a+b", ["section": "a+b"]),
      ("/help#:section", "/help#x", ["section": "x"]),
      ("/help#<int:n>", "/help#12", ["n": "12"]), ("/help#<int:n>", "/help#x", nil),
      ("/faq#shipping", "/faq#shipping", [:]), ("/faq#shipping", "/faq#returns", nil),
      ("/faq#shipping", "/faq", nil), ("/faq#shipping", "/faq#ship%70ing", [:]),
      ("/faq#shipping", "/faq#Shipping", nil), ("/faq#a%23b", "/faq#a#b", [:]),
      ("/faq", "/faq#anything", [:]), ("/faq", "/faq#", [:]), ("/faq#", "/faq#", [:]),
      ("/faq#", "/faq", nil), ("/faq#", "/faq#x", nil), ("/faq#k=v", "/faq#k=v", [:]),
      ("/help?q=<q>#<s>", "/help?q=1#2", ["q": "1", "s": "2"]),
    ] as [SyntaxCase])
  func fragments(pattern: String, url: String, expected: [String: String]?) throws {
    try checkCase(pattern, url, expected)
  }

  @Test("The fragment requirement ignores plusAsSpace")
  func fragmentPlus() throws {
    try checkCase("/f#a+b", "/f#a+b", [:], options: RouteOptions(plusAsSpace: true))
    try checkCase("/f#<s>", "/f#a+b", ["s": "a+b"], options: RouteOptions(plusAsSpace: true))
  }

  // MARK: Escapes

  @Test(
    "%XX in a pattern is a literal byte that never acts as syntax",
    arguments: [
      ("/a%3Ab", "/a:b", [:]), ("/a%3Ab", "/a%3Ab", [:]), ("/%3Cx%3E", "/<x>", [:]),
      ("/%3Cx%3E", "/x", nil), ("/%2A", "/*", [:]), ("/%2A", "/anything", nil),
      ("/%28a%29", "/(a)", [:]), ("/%28a%29", "/a", nil), ("/%25", "/%25", [:]),
      ("/%25", "/%", [:]),
      ("/a%2Fb", "/a%2Fb", [:]), ("/%3A<id>", "/:x", ["id": "x"]), ("/x%3F", "/x%3F", [:]),
      ("/x%3F", "/x?", nil), ("/x%23", "/x%23", [:]), ("/%e2%82%ac", "/€", [:]),
      ("/p?%3C=1", "/p?<=1", [:]), ("/f#%2A", "/f#*", [:]),
    ] as [SyntaxCase])
  func escapes(pattern: String, url: String, expected: [String: String]?) throws {
    try checkCase(pattern, url, expected)
  }

  @Test(
    "A '[' outside the host is an ordinary byte: it does not swallow the query or fragment",
    arguments: [
      ("/x[?q=<v>", "/x[?q=1", ["v": "1"]), ("/x[?q=<v>", "/x%5B?q=1", ["v": "1"]),
      ("/x[?q=<v>", "/x[", nil), ("/x[#<f>", "/x[#top", ["f": "top"]), ("/a]?q=1", "/a]?q=1", [:]),
      ("/[x]/<y>?q=1", "/[x]/z?q=1", ["y": "z"]), ("/x?a=[#<f>", "/x?a=[#b", ["f": "b"]),
    ] as [SyntaxCase])
  func bracketsInPath(pattern: String, url: String, expected: [String: String]?) throws {
    try checkCase(pattern, url, expected)
  }

  @Test("Non-ASCII literals compare byte for byte")
  func unicodeLiterals() throws {
    try checkCase("/café/:x", "/café/1", ["x": "1"])
    try checkCase("/café/:x", "/caf%C3%A9/1", ["x": "1"])
    // NFC and NFD spellings are different bytes.
    try checkCase("/café/:x", "/cafe%CC%81/1", nil)
    try checkCase("/🚀/<x>", "/%F0%9F%9A%80/y", ["x": "y"])
  }
}
