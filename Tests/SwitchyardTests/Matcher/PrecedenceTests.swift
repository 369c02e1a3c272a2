import Testing

@testable import Switchyard

@Suite("Which route wins (Precedence article)")
struct PrecedenceTests {
  // MARK: 1. Priority

  @Test("A higher priority wins before any specificity")
  func priority() throws {
    let patterns = ["/a/b", "/*"]
    #expect(try winnerInEveryOrder(patterns, "/a/b") == "/a/b")
    #expect(try winnerInEveryOrder(patterns, "/a/b", priorities: ["/*": 1]) == "/*")
    #expect(try winnerInEveryOrder(patterns, "/a/b", priorities: ["/a/b": -1]) == "/*")
    #expect(
      try winnerInEveryOrder(["https://a.com/x", "/x"], "https://a.com/x", priorities: ["/x": 1])
        == "/x")
    #expect(
      try rankingInEveryOrder(
        ["/a/b", "/a/:x", "/*"], "/a/b", priorities: ["/*": 2, "/a/:x": 1, "/a/b": -3])
        == ["/*", "/a/:x", "/a/b"])
  }

  // MARK: 2. Scheme, host

  @Test("A given scheme beats an omitted one, before the path is compared")
  func schemeGivenWins() throws {
    let patterns = ["myapp://user/:id", "/user/<int:id>"]
    #expect(try winnerInEveryOrder(patterns, "myapp://user/42") == "myapp://user/:id")
    #expect(try winnerInEveryOrder(patterns, "other://user/42") == "/user/<int:id>")
    #expect(
      try winnerInEveryOrder(["http(s)://a.com/:x", "//a.com/b"], "https://a.com/b")
        == "http(s)://a.com/:x")
  }

  @Test("A default scheme counts as a given scheme")
  func defaultSchemeCountsAsGiven() throws {
    let options = RouteOptions(defaultScheme: "myapp")
    #expect(
      try winnerInEveryOrder(["/user/:id", "other://user/<int:id>"], "/user/1", options: options)
        == "/user/:id")
  }

  @Test("Hosts: literal > *. wildcard > * > omitted; the scheme is compared first")
  func hostOrder() throws {
    let patterns = [
      "https://a.example.com/x", "https://*.example.com/x", "https://*/x", "https:///x",
      "//a.example.com/x", "//*.example.com/x", "//*/x", "/x",
    ]
    #expect(try rankingInEveryOrder(patterns, "https://a.example.com/x") == patterns)
    #expect(try rankingInEveryOrder(patterns, "http://a.example.com/x") == Array(patterns[4...]))
    #expect(
      try rankingInEveryOrder(patterns, "https://example.com/x")
        == ["https://*/x", "https:///x", "//*/x", "/x"])
  }

  @Test("The host is compared before the path")
  func hostBeforePath() throws {
    #expect(
      try winnerInEveryOrder(["https://a.com/:s", "https://*/x"], "https://a.com/x")
        == "https://a.com/:s")
    #expect(
      try winnerInEveryOrder(["//*.a.com/*", "//*/x/y"], "https://b.a.com/x/y") == "//*.a.com/*")
  }

  @Test("Of two *. wildcards, the longer suffix wins (pinned)")
  func longerWildcardWins() throws {
    let patterns = ["//*.example.com/x", "//*.b.example.com/x"]
    #expect(try winnerInEveryOrder(patterns, "https://a.b.example.com/x") == "//*.b.example.com/x")
    #expect(try winnerInEveryOrder(patterns, "https://a.c.example.com/x") == "//*.example.com/x")
  }

  @Test("Within one host, a pattern that names the port wins; the host kind comes first (pinned)")
  func portRank() throws {
    #expect(
      try winnerInEveryOrder(["//a.com/x", "//a.com:8080/x"], "https://a.com:8080/x")
        == "//a.com:8080/x")
    #expect(
      try winnerInEveryOrder(["//a.com/x", "//*.com:8080/x"], "https://a.com:8080/x")
        == "//a.com/x")
    #expect(try winnerInEveryOrder(["/x", "//:8080/x"], "https://h:8080/x") == "//:8080/x")
  }

  // MARK: 2. Path elements

  @Test("literal > mixed > int > float > registered (in registration order) > string > path > *")
  func elementChain() throws {
    let patterns = [
      "/x/10", "/x/1<m>", "/x/<int:n>", "/x/<float:f>", "/x/<even:e>", "/x/<digits:d>", "/x/:s",
      "/x/<path:p>", "/x/*",
    ]
    #expect(
      try rankingInEveryOrder(patterns, "/x/10", types: [evenType, digitsType]) == patterns)
    // Registered types rank by registration order, not by route order.
    #expect(
      try rankingInEveryOrder(
        ["/x/<even:e>", "/x/<digits:d>"], "/x/10", types: [digitsType, evenType])
        == ["/x/<digits:d>", "/x/<even:e>"])
  }

  @Test("uuid ranks after float and before registered types and string captures")
  func uuidChain() throws {
    let uuid = "6ba7b810-9dad-11d1-80b4-00c04fd430c8"
    let patterns = [
      "/u/" + uuid, "/u/6ba7b810-<m>", "/u/<uuid:id>", "/u/<anything:a>", "/u/:s", "/u/<path:p>",
      "/u/*",
    ]
    #expect(try rankingInEveryOrder(patterns, "/u/" + uuid, types: [anyType]) == patterns)
  }

  @Test("The end of a pattern ranks between <path:…> and *")
  func endMarker() throws {
    let patterns = [
      "/a/b", "/a/b/*", "/a/:x", "/a/<path:p>", "/a/*/b", "/a/*/<path:p>", "/a/*", "/*/b", "/*",
    ]
    #expect(try rankingInEveryOrder(patterns, "/a/b") == patterns)
  }

  @Test("/files beats /files/* for /files; /a/*/b beats /a/* for /a/b (Precedence article)")
  func endExamples() throws {
    #expect(try rankingInEveryOrder(["/files", "/files/*"], "/files") == ["/files", "/files/*"])
    #expect(try rankingInEveryOrder(["/a/*/b", "/a/*"], "/a/b") == ["/a/*/b", "/a/*"])
    #expect(
      try rankingInEveryOrder(["/files/*", "/files/<path:p>"], "/files/x")
        == ["/files/<path:p>", "/files/*"])
  }

  @Test("A * that matched zero segments still counts as a * element")
  func zeroWidthStar() throws {
    #expect(try rankingInEveryOrder(["/a/*/b", "/a/b"], "/a/b") == ["/a/b", "/a/*/b"])
    #expect(try rankingInEveryOrder(["/*/a", "/a"], "/a") == ["/a", "/*/a"])
    #expect(try rankingInEveryOrder(["/a/*", "/a/:x"], "/a/b") == ["/a/:x", "/a/*"])
  }

  @Test("Mixed captures rank by more literal characters, then by pattern text in byte order")
  func mixedOrder() throws {
    let patterns = ["/x.tar.gz", "/<a>.tar.gz", "/x<b>.gz", "/<c>.gz", "/<d>z", "/x<e>", "/:s"]
    #expect(try rankingInEveryOrder(patterns, "/x.tar.gz") == patterns)
  }

  @Test("Mixed captures of equal literal length rank by text, not by capture type (pinned)")
  func mixedByTextNotType() throws {
    // "<a>.json" < "<int:n>.json" in byte order ('a' < 'i').
    #expect(
      try rankingInEveryOrder(["/<int:n>.json", "/<a>.json"], "/5.json")
        == ["/<a>.json", "/<int:n>.json"])
    // "<int:n>.json" < "<x>.json" ('i' < 'x').
    #expect(
      try rankingInEveryOrder(["/<x>.json", "/<int:n>.json"], "/5.json")
        == ["/<int:n>.json", "/<x>.json"])
    // The capture name is part of the text.
    #expect(
      try rankingInEveryOrder(["/<b>.json", "/<a>.json"], "/5.json") == ["/<a>.json", "/<b>.json"])
  }

  @Test(
    "The text of a string capture is canonical: :id, <id> and <string:id> are the same (pinned)")
  func mixedCanonicalText() throws {
    // As written, "<string:a>.json" > "<b>.json"; canonically "<a>.json" < "<b>.json".
    #expect(
      try rankingInEveryOrder(["/<b>.json", "/<string:a>.json"], "/5.json")
        == ["/<string:a>.json", "/<b>.json"])
    #expect(
      try rankingInEveryOrder(["/:b.json", "/:a.json"], "/5.json") == ["/:a.json", "/:b.json"])
  }

  @Test("Literal text is counted in characters, not bytes, when ranking mixed captures")
  func mixedCountsCharacters() throws {
    // "éé" is 2 characters (4 bytes); "abc" is 3 characters (3 bytes).
    #expect(
      try rankingInEveryOrder(["/éé<x>", "/<y>abc"], "/éézabc") == ["/<y>abc", "/éé<x>"])
  }

  @Test("Path elements are compared from the left: the first difference decides")
  func leftToRight() throws {
    #expect(try winnerInEveryOrder(["/a/:x/c", "/:y/b/c"], "/a/b/c") == "/a/:x/c")
    #expect(try winnerInEveryOrder(["/<int:n>/*", "/:s/b/c/d"], "/1/b/c/d") == "/<int:n>/*")
    #expect(try winnerInEveryOrder(["/a/<path:p>", "/a/:x/*"], "/a/b/c") == "/a/:x/*")
  }

  @Test("Different literals after catch-alls: shorter first, then byte order (pinned)")
  func literalOrder() throws {
    // `/*/a` = [*, a], `/*/b/a` = [*, b, a]: they first differ at `a` vs `b`.
    #expect(try rankingInEveryOrder(["/*/b/a", "/*/a"], "/b/a") == ["/*/a", "/*/b/a"])
    // `b` is shorter than `ab`.
    #expect(try rankingInEveryOrder(["/*/ab", "/*/b/ab"], "/b/ab") == ["/*/b/ab", "/*/ab"])
  }

  @Test("Case-insensitive literals that differ only in case are equally specific (pinned)")
  func caseInsensitiveLiteralsTie() throws {
    let options = RouteOptions(caseInsensitivePaths: true)
    #expect(try winner(["/A", "/a"], "/a", options: options) == "/A")
    #expect(try winner(["/a", "/A"], "/a", options: options) == "/a")
  }

  // MARK: Optional groups

  @Test("An optional group that was taken counts as its contents, a skipped one as absent")
  func optionalGroups() throws {
    #expect(try winnerInEveryOrder(["/a/(<int:n>/)b", "/a/:s/b"], "/a/5/b") == "/a/(<int:n>/)b")
    #expect(try winnerInEveryOrder(["/a/(<int:n>/)b", "/a/:s/b"], "/a/x/b") == "/a/:s/b")
    #expect(try winnerInEveryOrder(["/a/(x/)*", "/a/*"], "/a/x") == "/a/(x/)*")
    #expect(try winnerInEveryOrder(["/a(/<s>)", "/a/*"], "/a") == "/a(/<s>)")
    #expect(try winnerInEveryOrder(["/a(/<s>)", "/a/<int:n>"], "/a/1") == "/a/<int:n>")
    // Skipped, `/a/(x/)*` is `/a/*`: equally specific, so registration order decides.
    #expect(try winner(["/a/(x/)*", "/a/*"], "/a/y") == "/a/(x/)*")
    #expect(try winner(["/a/*", "/a/(x/)*"], "/a/y") == "/a/*")
  }

  @Test("Optional groups in the scheme and host count as given when taken")
  func optionalSchemeAndHost() throws {
    #expect(
      try winnerInEveryOrder(["http(s)://*/x", "//a.com/x"], "https://a.com/x") == "http(s)://*/x")
    #expect(
      try winnerInEveryOrder(["//(*.)a.com/x", "//*/x"], "https://a.com/x") == "//(*.)a.com/x")
    // Taken, `(*.)a.com` is a wildcard; skipped, it is the literal host.
    #expect(
      try rankingInEveryOrder(["//(*.)a.com/:y", "//a.com/x"], "https://a.com/x")
        == ["//a.com/x", "//(*.)a.com/:y"])
    #expect(
      try winnerInEveryOrder(["//(*.)a.com/:y", "//b.a.com/x"], "https://b.a.com/x")
        == "//b.a.com/x")
  }

  // MARK: Query and fragment

  @Test("With equal paths, more query requirements win")
  func queryCount() throws {
    #expect(try rankingInEveryOrder(["/s", "/s?q=<t>"], "/s?q=1") == ["/s?q=<t>", "/s"])
    #expect(
      try rankingInEveryOrder(["/s?a=1", "/s?a=<x>&b=<y>"], "/s?a=1&b=2")
        == ["/s?a=<x>&b=<y>", "/s?a=1"])
  }

  @Test("The path is compared before the query")
  func pathBeforeQuery() throws {
    #expect(try winnerInEveryOrder(["/a/:x?q=1&r=2", "/a/b"], "/a/b?q=1&r=2") == "/a/b")
  }

  @Test("A literal query value beats a capture at the first difference, names in byte order")
  func queryLiteralBeatsCapture() throws {
    #expect(try rankingInEveryOrder(["/s?q=<t>", "/s?q=1"], "/s?q=1") == ["/s?q=1", "/s?q=<t>"])
    #expect(
      try rankingInEveryOrder(["/s?a=<x>&b=1", "/s?b=<y>&a=1"], "/s?a=1&b=1")
        == ["/s?b=<y>&a=1", "/s?a=<x>&b=1"])
  }

  @Test("At the first different requirement the kind of value is compared before the name (pinned)")
  func queryKindBeforeName() throws {
    // Sorted: [a:capture, c:literal] and [a:capture, b:capture]. First difference: c=1 vs b=<y>.
    #expect(
      try rankingInEveryOrder(["/s?a=<x>&b=<y>", "/s?a=<x>&c=1"], "/s?a=1&b=1&c=1")
        == ["/s?a=<x>&c=1", "/s?a=<x>&b=<y>"])
    // Both literal: the smaller name wins.
    #expect(
      try rankingInEveryOrder(["/s?a=1&c=1", "/s?a=1&b=1"], "/s?a=1&b=1&c=1")
        == ["/s?a=1&b=1", "/s?a=1&c=1"])
  }

  @Test("Typed query captures rank like path captures: int before string (pinned)")
  func typedQueryCaptures() throws {
    #expect(
      try rankingInEveryOrder(["/s?p=<p>", "/s?p=<int:p>"], "/s?p=2") == [
        "/s?p=<int:p>", "/s?p=<p>",
      ])
  }

  @Test("Fragment: literal > capture > no requirement; the query is compared first")
  func fragmentOrder() throws {
    let patterns = ["/h#top", "/h#<s>", "/h"]
    #expect(try rankingInEveryOrder(patterns, "/h#top") == patterns)
    #expect(try rankingInEveryOrder(patterns, "/h#x") == ["/h#<s>", "/h"])
    #expect(try rankingInEveryOrder(patterns, "/h") == ["/h"])
    #expect(
      try rankingInEveryOrder(["/h#top", "/h?q=<x>"], "/h?q=1#top") == ["/h?q=<x>", "/h#top"])
    #expect(try rankingInEveryOrder(["/h#<s>", "/h#<int:n>"], "/h#1") == ["/h#<int:n>", "/h#<s>"])
  }

  // MARK: 3. Registration order

  @Test("Registration order decides only between equally specific routes")
  func registrationOrder() throws {
    for (pair, url) in [
      (["/a/:x", "/a/:y"], "/a/1"), (["/a/<int:x>", "/a/<int:y>"], "/a/1"),
      (["/a/*x", "/a/*y"], "/a/1"), (["/s?q=<a>", "/s?q=<b>"], "/s?q=1"),
      (["/h#<a>", "/h#<b>"], "/h#1"), (["//*/a", "//*/a/"], "https://h/a"),
      (["/a/(b)", "/a/b"], "/a/b"), (["/x", "x"], "/x"),
    ] {
      let matcher = try makeMatcher(pair)
      #expect(matcher.match(url)?.route.name == pair[0], "\(pair)")
      #expect(matcher.candidates(for: url).map(\.route.name) == pair)
      let reversed = try makeMatcher(pair.reversed())
      #expect(reversed.match(url)?.route.name == pair[1], "\(pair)")
    }
  }

  @Test("Removing a route keeps the order of the others")
  func removeKeepsOrder() throws {
    var table = try makeTable(["/a/:x", "/a/:y", "/a/:z"])
    table.remove("/a/:x")
    #expect(RouteMatcher(table).match("/a/1")?.route.name == "/a/:y")
    #expect(table.routes.map(\.index) == [0, 1])
  }

  // MARK: One route, several ways

  @Test(
    "One route matching in several ways takes the way the rules rank highest",
    arguments: [
      ("/*r/(b)", "/b", ["r": ""]), ("/*r/(<x>)", "/y", ["r": "", "x": "y"]),
      ("/<path:p>/(<x>)", "/a/b", ["p": "a", "x": "b"]),
      ("/(<int:n>/)<path:p>", "/1/2", ["n": "1", "p": "2"]),
      ("/(<n>/)<int:m>", "/1/2", ["n": "1", "m": "2"]),
      ("/(<int:n>/)*r", "/1/2", ["n": "1", "r": "2"]),
      ("/*a/(x/)*b", "/x/x", ["a": "", "b": "x"]),
    ] as [SyntaxCase])
  func bestWayOfOneRoute(pattern: String, url: String, expected: [String: String]?) throws {
    try checkCase(pattern, url, expected)
  }

  @Test(
    "Between ways that differ only in widths, the leftmost catch-all takes as few as it can",
    arguments: [
      ("/*a/*b", "/x/y", ["a": "", "b": "x/y"]),
      ("/<path:a>/<path:b>", "/x/y/z", ["a": "x", "b": "y/z"]),
      ("/*a/x/*b", "/x/x/x", ["a": "", "b": "x/x"]),
      ("/<path:a>/x/*b", "/x/x/x", ["a": "x", "b": "x"]),
      ("/*a/<path:b>/*c", "/p/q/r", ["a": "", "b": "p", "c": "q/r"]),
      ("/<path:a>/x/<path:b>", "/x/x/x/x", ["a": "x", "b": "x/x"]),
    ] as [SyntaxCase])
  func leftmostSmallest(pattern: String, url: String, expected: [String: String]?) throws {
    try checkCase(pattern, url, expected)
  }

  @Test(
    "Equally ranked ways through different optional groups: the earlier group is taken (pinned)")
  func earlierGroupTaken() throws {
    try checkCase("/(<a>)/(<b>)", "/v", ["a": "v"])
    try checkCase("/(x/<a>)/(x/<b>)", "/x/v", ["a": "v"])
  }

  // MARK: Candidates

  @Test("candidates(for:) lists each matching route once, best first, in its best way")
  func candidatesOrder() throws {
    let matcher = try makeMatcher(["/*rest", "/a/(b)", "/a/<path:p>", "/a/b", "/c"])
    let found = matcher.candidates(for: "/a/b")
    #expect(found.map(\.route.name) == ["/a/(b)", "/a/b", "/a/<path:p>", "/*rest"])
    #expect(captures(found.last) == ["rest": "a/b"])
    #expect(matcher.candidates(for: "/zzz").map(\.route.name) == ["/*rest"])
    #expect(try makeMatcher(["/a"]).candidates(for: "/b").isEmpty)
  }

  @Test("matches(_:) agrees with match(_:)")
  func matchesAgrees() throws {
    let matcher = try makeMatcher(["/a/<int:n>", "https://*.x.com/:s?q=<q>"])
    for url in ["/a/1", "/a/x", "https://a.x.com/p?q=1", "https://a.x.com/p", "", "/"] {
      #expect(matcher.matches(url) == (matcher.match(url) != nil), "\(url)")
    }
  }

  @Test("An empty table matches nothing")
  func emptyTable() {
    let matcher = RouteMatcher(RouteTable())
    #expect(matcher.match("/") == nil)
    #expect(!matcher.matches("/a"))
    #expect(matcher.candidates(for: "myapp://x").isEmpty)
  }
}
