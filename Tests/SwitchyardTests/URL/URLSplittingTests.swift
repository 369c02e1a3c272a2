import Testing

@testable import Switchyard

/// The raw parts `URLLayout.split` finds, as text.
struct RawParts: Equatable, CustomStringConvertible {
  var scheme: String?
  var host: String?
  var port: Int?
  var path: String
  var query: String?
  var fragment: String?

  init(
    _ scheme: String?, _ host: String?, _ port: Int?, _ path: String, _ query: String?,
    _ fragment: String?
  ) {
    (self.scheme, self.host, self.port, self.path, self.query, self.fragment) =
      (scheme, host, port, path, query, fragment)
  }

  init(splitting url: String) {
    let bytes = Array(url.utf8)
    let layout = bytes.withUnsafeBufferPointer { URLLayout.split($0) }
    func text(_ range: Range<Int>?) -> String? {
      range.map { String(decoding: bytes[$0], as: UTF8.self) }
    }
    self.init(
      text(layout.scheme), text(layout.host), layout.port, text(layout.path) ?? "",
      text(layout.query), text(layout.fragment))
  }

  var description: String {
    "scheme \(scheme ?? "nil") host \(host ?? "nil") port \(port.map(String.init) ?? "nil")"
      + " path \(path) query \(query ?? "nil") fragment \(fragment ?? "nil")"
  }
}

/// The URL parts a match reports, with a catch-all route so that everything matches.
func parts(_ url: String, options: RouteOptions = RouteOptions()) throws -> URLParts {
  let matcher = try makeMatcher(["*"], options: options)
  return try #require(matcher.match(url)).url
}

@Suite("URL splitting (ReadingURLs article)")
struct URLSplittingTests {
  @Test(
    "URLLayout.split finds scheme, host, port, path, query and fragment (RFC 3986 shape)",
    arguments: [
      ("myapp://user/42", RawParts("myapp", "user", nil, "/42", nil, nil)),
      ("MyApp://User/42", RawParts("MyApp", "User", nil, "/42", nil, nil)),
      ("/user/42", RawParts(nil, nil, nil, "/user/42", nil, nil)),
      ("user/42", RawParts(nil, nil, nil, "user/42", nil, nil)),
      (
        "https://me:pw@example.com:8080/a?b=c#d",
        RawParts("https", "example.com", 8080, "/a", "b=c", "d")
      ),
      ("http://u@v@host/x", RawParts("http", "host", nil, "/x", nil, nil)),
      ("http://[::1]:8080/x", RawParts("http", "[::1]", 8080, "/x", nil, nil)),
      ("http://[::1]/x", RawParts("http", "[::1]", nil, "/x", nil, nil)),
      ("http://[fe80::1%25en0]/x", RawParts("http", "[fe80::1%25en0]", nil, "/x", nil, nil)),
      ("http://[::1", RawParts("http", "[::1", nil, "", nil, nil)),
      ("http://a.com:/x", RawParts("http", "a.com", nil, "/x", nil, nil)),
      ("http://a.com:abc/x", RawParts("http", "a.com:abc", nil, "/x", nil, nil)),
      ("http://a.com?x#y", RawParts("http", "a.com", nil, "", "x", "y")),
      ("http://a.com#y", RawParts("http", "a.com", nil, "", nil, "y")),
      ("?q=1", RawParts(nil, nil, nil, "", "q=1", nil)),
      ("#frag", RawParts(nil, nil, nil, "", nil, "frag")),
      ("a?b#c?d#e", RawParts(nil, nil, nil, "a", "b", "c?d#e")),
      ("a#b?c", RawParts(nil, nil, nil, "a", nil, "b?c")),
      ("a??b", RawParts(nil, nil, nil, "a", "?b", nil)),
      ("1abc://x", RawParts(nil, nil, nil, "1abc://x", nil, nil)),
      ("a+b.c-d9://x", RawParts("a+b.c-d9", "x", nil, "", nil, nil)),
      ("mailto:a@b.c", RawParts("mailto", nil, nil, "a@b.c", nil, nil)),
      ("//host/path", RawParts(nil, "host", nil, "/path", nil, nil)),
      ("///path", RawParts(nil, "", nil, "/path", nil, nil)),
      ("myapp:", RawParts("myapp", nil, nil, "", nil, nil)),
      ("", RawParts(nil, nil, nil, "", nil, nil)),
      ("a/b:c", RawParts(nil, nil, nil, "a/b:c", nil, nil)),
    ])
  func layout(url: String, expected: RawParts) {
    #expect(RawParts(splitting: url) == expected)
  }

  @Test(
    "A port that is out of range or longer than five digits is dropped, the host kept (pinned)",
    arguments: [
      ("http://a.com:99999/x", "a.com", Int?.none),
      ("http://a.com:65535/x", "a.com", 65535),
      ("http://a.com:000080/x", "a.com", nil),
      ("http://a.com:0/x", "a.com", 0),
    ])
  func portRange(url: String, host: String, port: Int?) {
    let split = RawParts(splitting: url)
    #expect(split.host == host)
    #expect(split.port == port)
  }

  // MARK: Scheme

  @Test(
    "Schemes compare case-insensitively",
    arguments: ["myapp://user/42", "MyApp://user/42", "MYAPP://user/42", "mYaPp://user/42"])
  func schemeCase(url: String) throws {
    let matcher = try makeMatcher(["myapp://user/<int:id>"])
    #expect(matcher.match(url)?.route.name == "myapp://user/<int:id>")
    #expect(try parts(url).scheme == "myapp")
  }

  @Test("A pattern's scheme is lowercased too")
  func patternSchemeCase() throws {
    #expect(try winner(["MyApp://user/<int:id>"], "myapp://user/1") == "MyApp://user/<int:id>")
  }

  @Test(
    "A string with no scheme is a path reference",
    arguments: [("/user/42", ["user", "42"]), ("user/42", ["user", "42"])])
  func pathReference(url: String, segments: [String]) throws {
    let found = try parts(url)
    #expect(found.scheme == nil)
    #expect(found.host == nil)
    #expect(found.pathSegments == segments)
    #expect(try winner(["myapp://user/:id"], url) == nil)
    #expect(try winner(["/user/:id"], url) == "/user/:id")
  }

  // MARK: Host

  @Test(
    "Hosts compare case-insensitively, in patterns and URLs",
    arguments: [
      ("https://example.com/x", "https://Example.COM/x"),
      ("https://EXAMPLE.com/x", "https://example.com/x"),
      ("https://*.Example.com/x", "https://WWW.EXAMPLE.COM/x"),
    ])
  func hostCase(pattern: String, url: String) throws {
    #expect(try winner([pattern], url) == pattern)
  }

  @Test("The reported host is lowercased")
  func reportedHost() throws {
    #expect(try parts("https://Example.COM/x").host == "example.com")
  }

  @Test(
    "An IPv6 literal is one host; its port is kept apart",
    arguments: [
      ("http://[::1]/x", "http://[::1]/x", true),
      ("http://[::1]/x", "http://[::1]:8080/x", true),
      ("http://[::1]:8080/x", "http://[::1]:8080/x", true),
      ("http://[::1]:8080/x", "http://[::1]/x", false),
      ("http://[::1]:8080/x", "http://[::1]:9090/x", false),
      ("http://[::1]/x", "http://[::2]/x", false),
      ("http://[::a]/x", "http://[::A]/x", true),
      ("http://[::1]/x", "http://[::1]", false),
    ])
  func ipv6(pattern: String, url: String, matches: Bool) throws {
    #expect(try winner([pattern], url) == (matches ? pattern : nil))
  }

  @Test("An IPv6 host is reported with its brackets")
  func ipv6Parts() throws {
    let found = try parts("http://[::1]:8080/x")
    #expect(found.host == "[::1]")
    #expect(found.port == 8080)
  }

  @Test(
    "Userinfo is dropped",
    arguments: [
      "https://user:pass@example.com/x", "https://user@example.com/x", "https://@example.com/x",
      "https://a@b@example.com/x",
    ])
  func userinfo(url: String) throws {
    #expect(try winner(["https://example.com/x"], url) == "https://example.com/x")
    #expect(try parts(url).host == "example.com")
  }

  @Test(
    "The port is matched only when the pattern names one",
    arguments: [
      ("https://example.com/x", "https://example.com/x", true),
      ("https://example.com/x", "https://example.com:8080/x", true),
      ("https://example.com:8080/x", "https://example.com:8080/x", true),
      ("https://example.com:8080/x", "https://example.com/x", false),
      ("https://example.com:8080/x", "https://example.com:80/x", false),
      ("//:8080/x", "https://any.com:8080/x", true),
      ("//:8080/x", "https://any.com/x", false),
    ])
  func port(pattern: String, url: String, matches: Bool) throws {
    #expect(try winner([pattern], url) == (matches ? pattern : nil))
  }

  @Test("The port is reported apart from the host")
  func portParts() throws {
    let found = try parts("https://Example.com:8443/x")
    #expect(found.host == "example.com")
    #expect(found.port == 8443)
    #expect(try parts("https://example.com/x").port == nil)
  }

  // MARK: Host as path

  @Test(
    "By default every scheme but the WHATWG special ones reads its host as a path segment",
    arguments: [
      ("myapp", true), ("MyApp", true), ("x-callback", true), ("foo+bar.baz", true),
      ("mailto", true), ("http", false), ("https", false), ("HTTPS", false), ("ws", false),
      ("wss", false), ("ftp", false), ("file", false),
    ])
  func defaultHostAsPath(scheme: String, hostAsPath: Bool) throws {
    let url = scheme + "://user/42"
    let matcher = try makeMatcher(["/user/<int:id>", "/<int:id>"])
    let found = try #require(matcher.match(url))
    #expect(found.route.name == (hostAsPath ? "/user/<int:id>" : "/<int:id>"))
    #expect(found.url.host == (hostAsPath ? nil : "user"))
    #expect(found.url.pathSegments == (hostAsPath ? ["user", "42"] : ["42"]))
    #expect(HostAsPathPolicy.customSchemes.applies(toScheme: scheme) == hostAsPath)
  }

  @Test(
    "The host-as-path set can be always, never or a list of schemes",
    arguments: [
      (HostAsPathPolicy.always, "https://user/42", true),
      (.always, "myapp://user/42", true),
      (.never, "myapp://user/42", false),
      (.never, "https://user/42", false),
      (.schemes(["MyApp"]), "myapp://user/42", true),
      (.schemes(["myapp"]), "MYAPP://user/42", true),
      (.schemes(["myapp"]), "other://user/42", false),
      (.schemes(["https"]), "https://user/42", true),
      (.schemes([]), "myapp://user/42", false),
    ])
  func hostAsPathPolicy(policy: HostAsPathPolicy, url: String, hostAsPath: Bool) throws {
    let options = RouteOptions(hostAsPath: policy)
    let found = try #require(
      try makeMatcher(["/user/<int:id>", "/<int:id>"], options: options).match(url))
    #expect(found.route.name == (hostAsPath ? "/user/<int:id>" : "/<int:id>"))
    #expect(found.url.host == (hostAsPath ? nil : "user"))
  }

  @Test("A URL without a scheme never reads its host as a path segment")
  func noSchemeKeepsHost() throws {
    #expect(!HostAsPathPolicy.always.applies(toScheme: nil))
    let options = RouteOptions(hostAsPath: .always)
    #expect(try parts("//user/42", options: options).host == "user")
    #expect(try parts("//user/42", options: options).pathSegments == ["42"])
  }

  @Test(
    "Patterns are read by the same rule: a pattern that names a host never matches a host-as-path URL",
    arguments: [
      ("//*.x.com/a", "myapp://b.x.com/a", false),
      ("//*.x.com/a", "https://b.x.com/a", true),
      ("//*/a", "myapp://b/a", false),
      ("//*/a", "https://b/a", true),
      ("//b/a", "myapp://b/a", false),
      ("//b/a", "https://b/a", true),
      ("myapp://b/a", "myapp://b/a", true),
      ("myapp://b/a", "myapp:///b/a", true),
      ("myapp://b/a", "myapp:/b/a", true),
      ("myapp://b/a", "myapp:b/a", true),
      ("https://b/a", "https:///b/a", false),
    ])
  func patternsNormalisedAlike(pattern: String, url: String, matches: Bool) throws {
    #expect(try winner([pattern], url) == (matches ? pattern : nil))
  }

  @Test("A host-as-path host keeps its case: it is a path segment (pinned)")
  func hostAsPathKeepsCase() throws {
    #expect(try winner(["myapp://user/<int:id>"], "myapp://User/42") == nil)
    #expect(try parts("myapp://User/42").pathSegments == ["User", "42"])
    let options = RouteOptions(caseInsensitivePaths: true)
    #expect(
      try winner(["myapp://user/<int:id>"], "myapp://User/42", options: options)
        == "myapp://user/<int:id>")
  }

  @Test("A host-as-path host is percent-decoded like any segment")
  func hostAsPathDecoded() throws {
    #expect(try winner(["myapp://user/:id"], "myapp://%75ser/1") == "myapp://user/:id")
    #expect(try parts("myapp://a%2Fb/c").pathSegments == ["a/b", "c"])
  }

  @Test("A host-as-path pattern may still name a port (pinned)")
  func hostAsPathPort() throws {
    #expect(try winner(["myapp://user:8080/:id"], "myapp://user:8080/1") == "myapp://user:8080/:id")
    #expect(try winner(["myapp://user:8080/:id"], "myapp://user/1") == nil)
    #expect(try winner(["myapp://user/:id"], "myapp://user:8080/1") == "myapp://user/:id")
  }

  @Test("Userinfo and port are dropped from a host-as-path host too")
  func hostAsPathUserinfo() throws {
    #expect(try parts("myapp://me@user:80/42").pathSegments == ["user", "42"])
    #expect(try parts("myapp://me@user:80/42").port == 80)
  }

  // MARK: Path

  @Test(
    "The path is split on '/' before decoding, so %2F stays inside one segment",
    arguments: [
      ("/a%2Fb", "/a%2Fb", true), ("/a%2Fb", "/a%2fb", true), ("/a%2Fb", "/a/b", false),
      ("/a/b", "/a%2Fb", false), ("/:x", "/a%2Fb", true), ("/:x/:y", "/a%2Fb", false),
    ])
  func encodedSlash(pattern: String, url: String, matches: Bool) throws {
    #expect(try winner([pattern], url) == (matches ? pattern : nil))
  }

  @Test("A capture over %2F holds the decoded slash")
  func encodedSlashCapture() throws {
    let found = try makeMatcher(["/files/:name"]).match("/files/a%2Fb")
    #expect(captures(found) == ["name": "a/b"])
  }

  @Test(
    "Empty segments are dropped: /a/b/ = a//b = /a/b",
    arguments: [
      "/a/b", "/a/b/", "a//b", "a/b", "/a//b//", "///a/b", "/a/////b", "https://h.com//a/b/",
      "myapp://a//b/", "myapp:///a/b",
    ])
  func emptySegments(url: String) throws {
    #expect(try winner(["/a/b"], url) == "/a/b")
    #expect(try parts(url).pathSegments == ["a", "b"])
  }

  @Test("Empty segments are dropped from patterns too")
  func emptyPatternSegments() throws {
    #expect(try winner(["a//b/"], "/a/b") == "a//b/")
    #expect(
      try RoutePattern("/a//b/").variants.map(\.path) == [[.literal([0x61]), .literal([0x62])]])
  }

  @Test(
    "Each segment is percent-decoded exactly once",
    arguments: [
      ("/%2541", ["%41"]), ("/%41", ["A"]), ("/%252F", ["%2F"]), ("/a%20b", ["a b"]),
      ("/caf%C3%A9", ["café"]), ("/%e2%82%ac", ["€"]), ("/%25", ["%"]),
    ])
  func decodeOnce(url: String, segments: [String]) throws {
    #expect(try parts(url).pathSegments == segments)
  }

  @Test(
    "Decoding once decides literal matches",
    arguments: [
      ("/%2541", "/%2541", true), ("/%2541", "/%41", false), ("/%2541", "/A", false),
      ("/A", "/%41", true), ("/%41", "/A", true), ("/%41", "/%41", true),
      ("/café", "/caf%C3%A9", true), ("/caf%C3%A9", "/café", true),
    ])
  func decodeOnceMatching(pattern: String, url: String, matches: Bool) throws {
    #expect(try winner([pattern], url) == (matches ? pattern : nil))
  }

  @Test(
    "Decoded bytes that are not UTF-8 are repaired with U+FFFD",
    arguments: [
      ("/%FF", ["\u{FFFD}"]), ("/%C3", ["\u{FFFD}"]), ("/caf%E9", ["caf\u{FFFD}"]),
      ("/%C3%28", ["\u{FFFD}("]), ("/%ED%A0%80", ["\u{FFFD}\u{FFFD}\u{FFFD}"]),
      ("/%C0%AF", ["\u{FFFD}\u{FFFD}"]), ("/a/%FF/b", ["a", "\u{FFFD}", "b"]),
    ])
  func repairedUTF8(url: String, segments: [String]) throws {
    #expect(try parts(url).pathSegments == segments)
    let found = try makeMatcher(["/<path:p>"]).match(url)
    #expect(captures(found) == ["p": segments.joined(separator: "/")])
  }

  @Test(
    "Repaired bytes compare as U+FFFD, in patterns and URLs alike",
    arguments: [
      ("/%FF", "/%FF", true), ("/%FF", "/%FE", true), ("/%FF", "/%EF%BF%BD", true),
      ("/\u{FFFD}", "/%C3", true), ("/%FF", "/x", false),
    ])
  func repairedMatching(pattern: String, url: String, matches: Bool) throws {
    #expect(try winner([pattern], url) == (matches ? pattern : nil))
  }

  @Test(
    "'+' in a path is a literal plus, even with plusAsSpace",
    arguments: [false, true])
  func plusInPath(plusAsSpace: Bool) throws {
    let options = RouteOptions(plusAsSpace: plusAsSpace)
    let matcher = try makeMatcher(["/a+b", "/search/:term"], options: options)
    #expect(matcher.match("/a+b")?.route.name == "/a+b")
    #expect(matcher.match("/a%2Bb")?.route.name == "/a+b")
    #expect(matcher.match("/a%20b")?.route.name == nil)
    #expect(captures(matcher.match("/search/surge+soda")) == ["term": "surge+soda"])
  }

  @Test(
    "A malformed escape is kept as written",
    arguments: [
      ("/%zz", ["%zz"]), ("/a%", ["a%"]), ("/%", ["%"]), ("/%4", ["%4"]), ("/%4/x", ["%4", "x"]),
      ("/%%41", ["%A"]), ("/%4%41", ["%4A"]), ("/%g1", ["%g1"]), ("/100%", ["100%"]),
      ("/%%%%", ["%%%%"]),
    ])
  func malformedEscapes(url: String, segments: [String]) throws {
    #expect(try parts(url).pathSegments == segments)
  }

  @Test("A malformed escape is matched by its %25 spelling in a pattern")
  func malformedEscapeLiteral() throws {
    #expect(try winner(["/%25zz"], "/%zz") == "/%25zz")
    #expect(try winner(["/100%25"], "/100%") == "/100%25")
    #expect(captures(try makeMatcher(["/:x"]).match("/%zz")) == ["x": "%zz"])
  }

  @Test(
    "Paths compare case-sensitively by default",
    arguments: [("/user", "/user", true), ("/user", "/User", false), ("/User", "/USER", false)])
  func caseSensitive(pattern: String, url: String, matches: Bool) throws {
    #expect(try winner([pattern], url) == (matches ? pattern : nil))
  }

  @Test(
    "caseInsensitivePaths folds ASCII case of literal segments",
    arguments: [
      ("/user", "/USER", true), ("/User", "/uSeR", true), ("/café", "/CAFé", true),
      ("/café", "/CAFÉ", false),
    ])
  func caseInsensitive(pattern: String, url: String, matches: Bool) throws {
    let options = RouteOptions(caseInsensitivePaths: true)
    #expect(try winner([pattern], url, options: options) == (matches ? pattern : nil))
  }

  @Test("Captured values keep their case, with or without caseInsensitivePaths")
  func capturesKeepCase() throws {
    for insensitive in [false, true] {
      let options = RouteOptions(caseInsensitivePaths: insensitive)
      let matcher = try makeMatcher(["/user/:name", "/f/<path:rest>"], options: options)
      #expect(captures(matcher.match("/user/Alice")) == ["name": "Alice"])
      #expect(captures(matcher.match("/f/A/b/C")) == ["rest": "A/b/C"])
    }
    let options = RouteOptions(caseInsensitivePaths: true)
    #expect(
      captures(try makeMatcher(["/user/:name"], options: options).match("/USER/Bob")) == [
        "name": "Bob"
      ])
  }

  @Test("caseInsensitivePaths also folds the literal text around a capture (pinned)")
  func caseInsensitiveMixed() throws {
    let options = RouteOptions(caseInsensitivePaths: true)
    let matcher = try makeMatcher(["/v<int:n>", "/<id>.json"], options: options)
    #expect(matcher.match("/V2")?.parameter("n") == .int(2))
    #expect(captures(matcher.match("/Ab.JSON")) == ["id": "Ab"])
    #expect(try makeMatcher(["/v<int:n>"]).match("/V2") == nil)
  }

  // MARK: Query

  @Test(
    "The query is split on '&', each piece on its first '=', names and values decoded once",
    arguments: [
      ("?a=1&b=2&a=3", [("a", "1"), ("b", "2"), ("a", "3")]),
      ("?flag", [("flag", "")]),
      ("?flag=", [("flag", "")]),
      ("?a=1&&b=2&", [("a", "1"), ("b", "2")]),
      ("?&&&", []),
      ("?", []),
      ("?a=1=2", [("a", "1=2")]),
      ("?%61=%62", [("a", "b")]),
      ("?a%3Db=c", [("a=b", "c")]),
      ("?a=%26&b=%3D", [("a", "&"), ("b", "=")]),
      ("?a=%2541", [("a", "%41")]),
      ("?a=x+y", [("a", "x+y")]),
      ("?a=%zz", [("a", "%zz")]),
      ("?a=%FF", [("a", "\u{FFFD}")]),
      ("?=v", [("", "v")]),
      ("??x", [("?x", "")]),
      ("?a=/b/c?d", [("a", "/b/c?d")]),
      ("?a=1#b=2", [("a", "1")]),
    ] as [(String, [(String, String)])])
  func query(suffix: String, items: [(String, String)]) throws {
    let found = try #require(try makeMatcher(["/x"]).match("/x" + suffix))
    #expect(found.query.items.map(\.name) == items.map(\.0))
    #expect(found.query.items.map(\.value) == items.map(\.1))
  }

  @Test("Repeated names keep every value in order: first, last, all")
  func repeatedNames() throws {
    let found = try #require(try makeMatcher(["/x"]).match("/x?tab=a&other=1&tab=b&tab=c"))
    #expect(found.query.first("tab") == "a")
    #expect(found.query.last("tab") == "c")
    #expect(found.query.all("tab") == ["a", "b", "c"])
    #expect(found.query.all("none") == [])
    #expect(found.query.first("none") == nil)
    #expect(found.query.names == ["tab", "other"])
    #expect(!found.query.isEmpty)
  }

  @Test("No query, or an empty one, gives no parameters")
  func emptyQuery() throws {
    let matcher = try makeMatcher(["/x"])
    #expect(try #require(matcher.match("/x")).query.isEmpty)
    #expect(try #require(matcher.match("/x?")).query.isEmpty)
    #expect(try #require(matcher.match("/x?")).url.rawQuery == "")
    #expect(try #require(matcher.match("/x")).url.rawQuery == nil)
  }

  @Test(
    "'+' in the query stays a plus unless plusAsSpace is on",
    arguments: [
      (false, "?a+b=c+d&e=%2B", [("a+b", "c+d"), ("e", "+")]),
      (true, "?a+b=c+d&e=%2B", [("a b", "c d"), ("e", "+")]),
      (true, "?q=surge+soda", [("q", "surge soda")]),
    ] as [(Bool, String, [(String, String)])])
  func plusAsSpace(enabled: Bool, suffix: String, items: [(String, String)]) throws {
    let options = RouteOptions(plusAsSpace: enabled)
    let found = try #require(try makeMatcher(["/x"], options: options).match("/x" + suffix))
    #expect(found.query.items.map(\.name) == items.map(\.0))
    #expect(found.query.items.map(\.value) == items.map(\.1))
  }

  @Test("The raw query is reported undecoded")
  func rawQuery() throws {
    #expect(try parts("/x?a=%20+b").rawQuery == "a=%20+b")
  }

  // MARK: Fragment

  @Test(
    "The fragment is percent-decoded once; '+' stays a plus in the fragment itself",
    arguments: [
      ("#a%20b", "a b"), ("#%2541", "%41"), ("#a+b", "a+b"), ("#", ""), ("#%FF", "\u{FFFD}"),
      ("#a#b", "a#b"), ("#%zz", "%zz"), ("#k=v", "k=v"),
    ])
  func fragment(suffix: String, expected: String) throws {
    for plus in [false, true] {
      let options = RouteOptions(plusAsSpace: plus)
      let found = try #require(try makeMatcher(["/x"], options: options).match("/x" + suffix))
      #expect(found.fragment == expected)
      #expect(found.url.fragment == expected)
    }
  }

  @Test("No '#' means no fragment")
  func noFragment() throws {
    let found = try #require(try makeMatcher(["/x"]).match("/x?a=1"))
    #expect(found.fragment == nil)
    #expect(found.fragmentParameters.isEmpty)
  }

  @Test(
    "A fragment of the form k=v&k2=v2 is also read as parameters, by the query's rules",
    arguments: [
      ("#key1=value1&key2=value2", [("key1", "value1"), ("key2", "value2")]),
      ("#k=1&k=2", [("k", "1"), ("k", "2")]),
      ("#a=%20&&b", [("a", " "), ("b", "")]),
      ("#a=1=2", [("a", "1=2")]),
      ("#section", []),
      ("#", []),
      ("#a%3Db", []),
    ] as [(String, [(String, String)])])
  func fragmentParameters(suffix: String, items: [(String, String)]) throws {
    let found = try #require(try makeMatcher(["/x"]).match("/x" + suffix))
    #expect(found.fragmentParameters.items.map(\.name) == items.map(\.0))
    #expect(found.fragmentParameters.items.map(\.value) == items.map(\.1))
  }

  @Test("plusAsSpace applies to fragment parameters but not to the fragment itself")
  func fragmentParametersPlus() throws {
    let options = RouteOptions(plusAsSpace: true)
    let found = try #require(try makeMatcher(["/x"], options: options).match("/x#a+b=c+d"))
    #expect(found.fragment == "a+b=c+d")
    #expect(found.fragmentParameters.items.map(\.name) == ["a b"])
    #expect(found.fragmentParameters.last("a b") == "c d")
    let plain = try #require(try makeMatcher(["/x"]).match("/x#a+b=c+d"))
    #expect(plain.fragmentParameters.last("a+b") == "c+d")
  }
}
