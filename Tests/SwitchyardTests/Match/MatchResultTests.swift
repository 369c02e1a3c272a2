import Testing

@testable import Switchyard

@Suite("What a match gives (MatchResults article), options (ReadingURLs article)")
struct MatchResultTests {
  @Test("The route: its name, pattern, priority and registration index")
  func route() throws {
    var table = RouteTable()
    try table.add("home", "/")
    try table.add("user", "myapp://user/<int:id>", priority: 3)
    let found = try #require(RouteMatcher(table).match("myapp://user/7"))
    #expect(found.route.name == "user")
    #expect(found.route.pattern.text == "myapp://user/<int:id>")
    #expect(found.route.priority == 3)
    #expect(found.route.index == 1)
    #expect(found.route.description == "user myapp://user/<int:id>")
    #expect(found.urlString == "myapp://user/7")
  }

  @Test("Captured values are typed and listed in pattern order; an unnamed * is not listed")
  func parameters() throws {
    let matcher = try makeMatcher(["/a/<int:i>/*/<float:f>/<uuid:u>/:s/*rest?q=<int:q>#<frag>"])
    let uuid = "6BA7B810-9DAD-11D1-80B4-00C04FD430C8"
    let found = try #require(matcher.match("/a/-3/x/y/2.5/\(uuid)/str/r1/r2?q=9#top"))
    #expect(found.parameters.map(\.name) == ["i", "f", "u", "s", "rest", "q", "frag"])
    #expect(
      found.parameters.map(\.value) == [
        .int(-3), .double(2.5), .string(uuid), .string("str"), .string("r1/r2"), .int(9),
        .string("top"),
      ])
    #expect(found.parameter("i")?.intValue == -3)
    #expect(found.parameter("i")?.doubleValue == -3)
    #expect(found.parameter("f")?.doubleValue == 2.5)
    #expect(found.parameter("f")?.intValue == nil)
    #expect(found.parameter("s")?.stringValue == "str")
    #expect(found.parameter("s")?.doubleValue == nil)
    #expect(found.parameter("missing") == nil)
  }

  @Test("match(_:into:) reuses storage without disturbing a copy of the previous match")
  func matchInto() throws {
    let matcher = try makeMatcher(["/a/<int:n>/:s", "/b/*rest", "/c"])
    var reused: RouteMatch? = nil
    #expect(matcher.match("/a/1/x", into: &reused))
    let saved = try #require(reused)
    #expect(matcher.match("/b/p/q/r", into: &reused))
    #expect(captures(reused) == ["rest": "p/q/r"])
    #expect(captures(saved) == ["n": "1", "s": "x"])
    #expect(saved.routeIndex == 0)
    #expect(matcher.match("/c", into: &reused))
    #expect(reused?.parameters.isEmpty == true)
    #expect(reused?.routeIndex == 2)
    #expect(!matcher.match("/zzz", into: &reused))
    #expect(reused == nil)
    #expect(captures(saved) == ["n": "1", "s": "x"])
  }

  @Test("ParameterValue describes itself as text")
  func valueDescription() {
    #expect(ParameterValue.string("a b").description == "a b")
    #expect(ParameterValue.int(-12).description == "-12")
    #expect(ParameterValue.double(2.5).description == "2.5")
  }

  @Test("The merged lookup: path captures, then the query's last value, then fragment parameters")
  func mergedLookup() throws {
    let matcher = try makeMatcher(["/u/:id"])
    let found = try #require(matcher.match("/u/42?id=7&id=8&x=1&x=2#id=9&x=3&y=4&y=5"))
    #expect(found["id"] == "42")
    #expect(found["x"] == "2")
    #expect(found["y"] == "5")
    #expect(found["z"] == nil)
    // Each source stays readable on its own.
    #expect(found.parameter("id") == .string("42"))
    #expect(found.query.last("id") == "8")
    #expect(found.query.first("id") == "7")
    #expect(found.fragmentParameters.last("id") == "9")
    #expect(found.fragmentParameters.all("y") == ["4", "5"])
  }

  @Test("A query can never override a path value, even an empty catch-all")
  func queryNeverOverridesPath() throws {
    let found = try #require(try makeMatcher(["/d/*rest"]).match("/d?rest=x"))
    #expect(found["rest"] == "")
    #expect(found.query.last("rest") == "x")
  }

  @Test("Query and fragment captures are captures for the merged lookup")
  func requirementCaptures() throws {
    let found = try #require(try makeMatcher(["/s?q=<term>#<section>"]).match("/s?q=a&q=b#top"))
    #expect(found["term"] == "b")
    #expect(found["section"] == "top")
    #expect(found["q"] == "b")
  }

  @Test("A typed value keeps the text the URL carried; its number is read once (pinned)")
  func mergedLookupTyped() throws {
    let found = try #require(try makeMatcher(["/p/<int:n>/<float:f>"]).match("/p/007/1.50"))
    #expect(found["n"] == "007")
    #expect(found["f"] == "1.50")
    #expect(try found.value("n", as: String.self) == "007")
    #expect(try found.value("n", as: Int.self) == 7)
    #expect(try found.value("f", as: Double.self) == 1.5)
    #expect(found.parameter("n")?.text == "007")
    #expect(found.parameter("n")?.intValue == 7)
    #expect(found.parameter("n")?.kind == .int)
    #expect(found.parameter("f")?.kind == .double)
    #expect(found.parameter("n") == .int(7))
    #expect(found.url.pathSegments == ["p", "007", "1.50"])
  }

  @Test("<float:x> on 1e3 is the number 1000 and the text \"1e3\"")
  func floatKeepsText() throws {
    let found = try #require(try makeMatcher(["/f/<float:x>"]).match("/f/1e3"))
    #expect(found["x"] == "1e3")
    #expect(try found.value("x", as: String.self) == "1e3")
    #expect(try found.value("x", as: Double.self) == 1000)
    #expect(found.parameter("x")?.doubleValue == 1000)
    #expect(found.parameter("x")?.description == "1e3")
    #expect(found.parameter("x")?.stringValue == nil)
    #expect(found.parameter("x") == .double(1000))
  }

  @Test("Every value kind: strings keep their text, numbers their number and text")
  func valueKinds() throws {
    let found = try #require(
      try makeMatcher(["/k/:s/<uuid:u>/<path:rest>"]).match(
        "/k/a%20b/0B5E9D7C-1F1A-4C59-9C1E-2B3F4A5D6E7F/x/y"))
    #expect(found.parameter("s") == .string("a b"))
    #expect(found.parameter("s")?.kind == .string)
    #expect(found.parameter("u")?.stringValue == "0B5E9D7C-1F1A-4C59-9C1E-2B3F4A5D6E7F")
    #expect(found.parameter("rest")?.text == "x/y")
    #expect(found.parameter("rest")?.intValue == nil)
    #expect(ParameterValue.int(7).text == "7")
    #expect("\(ParameterValue.Kind.double)" == "double")
  }

  @Test("Fragment parameters are read only when the fragment has an '='")
  func fragmentParametersOnlyWithEquals() throws {
    let found = try #require(try makeMatcher(["/x"]).match("/x#section"))
    #expect(found.fragment == "section")
    #expect(found.fragmentParameters.isEmpty)
    #expect(found["section"] == nil)
  }

  @Test("The URL's parts as the engine read them")
  func urlParts() throws {
    let matcher = try makeMatcher(["*"])
    let web = try #require(matcher.match("HTTPS://Me@Example.COM:8443/A/b%20c/?x=1+2#Fr%61g"))
    #expect(web.url.scheme == "https")
    #expect(web.url.host == "example.com")
    #expect(web.url.port == 8443)
    #expect(web.url.pathSegments == ["A", "b c"])
    #expect(web.url.rawQuery == "x=1+2")
    #expect(web.url.fragment == "Frag")
    let deep = try #require(matcher.match("MyApp://User/42"))
    #expect(deep.url.scheme == "myapp")
    #expect(deep.url.host == nil)
    #expect(deep.url.pathSegments == ["User", "42"])
    let relative = try #require(matcher.match("user/42"))
    #expect(relative.url.scheme == nil)
    #expect(relative.url.host == nil)
  }

  // MARK: Options (ReadingURLs article)

  @Test("Default options are those of the ReadingURLs article")
  func defaults() {
    let options = RouteOptions()
    #expect(options.hostAsPath == .customSchemes)
    #expect(!options.caseInsensitivePaths)
    #expect(!options.plusAsSpace)
    #expect(options.defaultScheme == nil)
    #expect(HostAsPathPolicy.customSchemes.description == "customSchemes")
    #expect(HostAsPathPolicy.always.description == "always")
    #expect(HostAsPathPolicy.never.description == "never")
    #expect(HostAsPathPolicy.schemes(["A", "b"]).description == "schemes(a, b)")
    #expect(HostAsPathPolicy.schemes(["MyApp"]) == .schemes(["myapp"]))
  }

  @Test("A default scheme is given to patterns and URLs written without one")
  func defaultScheme() throws {
    let options = RouteOptions(defaultScheme: "myapp")
    let matcher = try makeMatcher(["/user/<int:id>", "http://*/<path:p>"], options: options)
    // `Navigator.map("/user/<int:id>")` is `myapp://user/<int:id>`.
    #expect(matcher.match("/user/10")?.route.name == "/user/<int:id>")
    #expect(matcher.match("myapp://user/10")?.route.name == "/user/<int:id>")
    #expect(matcher.match("MYAPP://user/10")?.route.name == "/user/<int:id>")
    #expect(matcher.match("other://user/10") == nil)
    // Patterns and URLs that name a scheme keep it.
    #expect(matcher.match("http://example.com/a/b")?.route.name == "http://*/<path:p>")
    #expect(matcher.match("https://example.com/a/b") == nil)
    #expect(matcher.match("/user/10")?.url.scheme == "myapp")
    #expect(
      try RoutePattern("/user/<int:id>", options: options).variants.first?.scheme
        == Array("myapp".utf8))
  }

  @Test("A default scheme that is host-as-path reads a URL's authority as a path segment")
  func defaultSchemeHostAsPath() throws {
    let options = RouteOptions(defaultScheme: "myapp")
    let matcher = try makeMatcher(["/user/<int:id>"], options: options)
    #expect(matcher.match("//user/10")?.route.name == "/user/<int:id>")
    #expect(matcher.match("//user/10")?.url.host == nil)
    // …and so does a pattern.
    #expect(try winner(["//user/<int:id>"], "/user/10", options: options) == "//user/<int:id>")
  }

  @Test("A default scheme that is a web scheme keeps the host")
  func defaultWebScheme() throws {
    let options = RouteOptions(defaultScheme: "HTTPS")
    let matcher = try makeMatcher(["//*.a.com/x"], options: options)
    #expect(matcher.match("//b.a.com/x")?.route.name == "//*.a.com/x")
    #expect(matcher.match("https://b.a.com/x")?.route.name == "//*.a.com/x")
    #expect(matcher.match("http://b.a.com/x") == nil)
    #expect(matcher.match("//b.a.com/x")?.url.scheme == "https")
  }

  @Test("An empty default scheme is no default scheme")
  func emptyDefaultScheme() throws {
    let options = RouteOptions(defaultScheme: "")
    let matcher = try makeMatcher(["/x"], options: options)
    let found = try #require(matcher.match("/x"))
    #expect(found.url.scheme == nil)
    #expect(matcher.match("other://h/x")?.route.name == nil)
    #expect(matcher.match("https://h/x")?.route.name == "/x")
  }

  @Test("The options a matcher was built with are kept")
  func matcherOptions() throws {
    let options = RouteOptions(hostAsPath: .never, caseInsensitivePaths: true, plusAsSpace: true)
    let matcher = RouteMatcher(RouteTable(options: options))
    #expect(matcher.options == options)
    #expect(matcher.routes.isEmpty)
  }
}
