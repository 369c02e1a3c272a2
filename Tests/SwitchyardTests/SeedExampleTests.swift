import Testing

@testable import Switchyard

/// Every matching example of the four seed documents, in Switchyard's terms.
@Suite("Seed documents")
struct SeedExampleTests {
  // MARK: Trailcutter

  @Test("Trailcutter: /search/:term on any host; routerMatch[\"term\"] and routerMatch[\"bar\"]")
  func trailcutterPath() throws {
    let matcher = try makeMatcher(["/search/:term"])
    let found = try #require(matcher.match("https://www.mysite.com/search/foo?bar=baz"))
    #expect(found["term"] == "foo")
    #expect(found["bar"] == "baz")
    #expect(found["missing"] == nil)
  }

  @Test("Trailcutter: host *.mysite.com with path /search/:term")
  func trailcutterHost() throws {
    let matcher = try makeMatcher(["//*.mysite.com/search/:term"])
    let found = try #require(matcher.match("https://www.mysite.com/search/foo?bar=baz"))
    #expect(found["term"] == "foo")
    #expect(found["bar"] == "baz")
    #expect(matcher.match("https://mysite.com/search/foo") == nil)
    #expect(matcher.match("https://www.othersite.com/search/foo") == nil)
    #expect(matcher.match("https://a.b.mysite.com/search/foo")?["term"] == "foo")
    // A custom-scheme link reads its host as a path segment, so it names no host.
    #expect(matcher.match("myapp://www.mysite.com/search/foo") == nil)
  }

  @Test("Trailcutter: a '+' in the path stays a plus (term: surge+soda)")
  func trailcutterPlus() throws {
    let matcher = try makeMatcher(["//*.mysite.com/search/:term", "/", "/inbox"])
    let found = try #require(matcher.match("https://www.mysite.com/search/surge+soda"))
    #expect(found.route.name == "//*.mysite.com/search/:term")
    #expect(found["term"] == "surge+soda")
  }

  @Test("Trailcutter: a URI route https://*.mysite.com/post/:id and a scheme route")
  func trailcutterURI() throws {
    let matcher = try makeMatcher(["https://*.mysite.com/post/:id", "myapp://*rest"])
    #expect(matcher.match("https://subdomain.mysite.com/post/1234")?["id"] == "1234")
    #expect(matcher.match("http://subdomain.mysite.com/post/1234") == nil)
    #expect(matcher.match("myapp://post/1234")?.route.name == "myapp://*rest")
    #expect(matcher.match("myapp://post/1234")?["rest"] == "post/1234")
  }

  // MARK: HandyRouter

  @Test("HandyRouter: https://www.example.com/Module/A and B; C is not defined")
  func handyBasic() throws {
    let matcher = try makeMatcher(["/Module/A", "/Module/B"])
    #expect(matcher.match("https://www.example.com/Module/A")?.route.name == "/Module/A")
    #expect(matcher.match("https://www.example.com/Module/B")?.route.name == "/Module/B")
    #expect(matcher.match("https://www.example.com/Module/C") == nil)
    #expect(matcher.match("https://www.example.com/module/a") == nil)
  }

  @Test("HandyRouter: a module's page enum as a registered type")
  func handyPageEnum() throws {
    let pages: Set<Substring> = ["PageA", "PageB"]
    let page = ParameterType("page") { pages.contains($0) }
    let options = RouteOptions(hostAsPath: .always)
    let matcher = try makeMatcher(
      ["https://This/is/your/Module/Name/<page:page>", "https://This/*rest"], options: options,
      types: [page])
    #expect(matcher.match("https://This/is/your/Module/Name/PageA")?["page"] == "PageA")
    #expect(matcher.match("https://This/is/your/Module/Name/PageB")?["page"] == "PageB")
    #expect(
      matcher.match("https://This/is/your/Module/Name/PageC")?.route.name == "https://This/*rest")
  }

  @Test("HandyRouter: query arrays and strings")
  func handyQueryArrays() throws {
    let matcher = try makeMatcher(["/Module/A"])
    let found = try #require(
      matcher.match(
        "https://www.example.com/Module/A?arrayTypeDemo=1&arrayTypeDemo=2&stringTypeDemo=A"))
    #expect(found.query.all("arrayTypeDemo") == ["1", "2"])
    #expect(found.query.last("stringTypeDemo") == "A")
    #expect(found["stringTypeDemo"] == "A")
    #expect(found["arrayTypeDemo"] == "2")
  }

  @Test(
    "HandyRouter: host as path (https://Module/A with treatHostAsPathComponent)",
    arguments: [
      ("https://Module/A", "https://Module/A"), ("https://Module/B", "https://Module/B"),
      ("https:///Module/C", nil), ("https:///Module/A", "https://Module/A"),
    ])
  func handyHostAsPath(url: String, expected: String?) throws {
    let options = RouteOptions(hostAsPath: .schemes(["https"]))
    let matcher = try makeMatcher(["https://Module/A", "https://Module/B"], options: options)
    #expect(matcher.match(url)?.route.name == expected)
  }

  @Test("HandyRouter: multi-component module names")
  func handyMultiComponent() throws {
    let options = RouteOptions(hostAsPath: .always)
    let matcher = try makeMatcher(
      ["https://This/is/your/Module/Name/PageA", "https://This/is/your/Module/Name/PageB"],
      options: options)
    #expect(
      matcher.match("https://This/is/your/Module/Name/PageA")?.route.name
        == "https://This/is/your/Module/Name/PageA")
    #expect(
      matcher.match("https://This/is/your/Module/Name/PageB")?.route.name
        == "https://This/is/your/Module/Name/PageB")
    // The host is a path segment here, so it is compared case-sensitively.
    #expect(matcher.match("https://this/is/your/Module/Name/PageA") == nil)
    #expect(matcher.match("https://This/is/your/Module/PageA") == nil)
  }

  @Test("HandyRouter: a wildcard module wildcardDemo/* matches all subsequent paths")
  func handyWildcard() throws {
    let options = RouteOptions(hostAsPath: .always)
    let matcher = try makeMatcher(
      ["https://wildcardDemo/*/PageA", "https://wildcardDemo/*/PageB"], options: options)
    #expect(
      matcher.match("https://wildcardDemo/PageA")?.route.name == "https://wildcardDemo/*/PageA")
    #expect(
      matcher.match("https://wildcardDemo/The/wildcard/will/match/all/subsequent/paths/PageB")?
        .route.name
        == "https://wildcardDemo/*/PageB")
    #expect(matcher.match("https://wildcardDemo/x/PageC") == nil)
    let page = try makeMatcher(["https://wildcardDemo/*/<page>"], options: options)
    #expect(page.match("https://wildcardDemo/a/b/PageB")?["page"] == "PageB")
  }

  @Test("HandyRouter: an optional module name my/(optional)/module")
  func handyOptional() throws {
    let options = RouteOptions(hostAsPath: .always)
    let matcher = try makeMatcher(
      ["https://my/(optional)/module/PageA", "https://my/(optional)/module/PageB"], options: options
    )
    #expect(
      matcher.match("https://my/optional/module/PageA")?.route.name
        == "https://my/(optional)/module/PageA")
    #expect(
      matcher.match("https://my/module/PageB")?.route.name == "https://my/(optional)/module/PageB")
    #expect(matcher.match("https://my/other/module/PageB") == nil)
  }

  @Test("HandyRouter: no scheme matches every scheme; a given scheme filters")
  func handySchemes() throws {
    let any = try makeMatcher(["/Module/A"])
    #expect(any.match("schemeA://Module/A")?.route.name == "/Module/A")
    #expect(any.match("schemeB://Module/A")?.route.name == "/Module/A")
    let filtered = try makeMatcher(["schemeA://Module/A"])
    #expect(filtered.match("schemeA://Module/A")?.route.name == "schemeA://Module/A")
    #expect(filtered.match("schemea://Module/A")?.route.name == "schemeA://Module/A")
    #expect(filtered.match("schemeB://Module/A") == nil)
    #expect(filtered.match("schemeB://Module/B") == nil)
  }

  @Test("HandyRouter: the fragment as part of the page (A#fragment)")
  func handyFragment() throws {
    let matcher = try makeMatcher(["/Module/A#fragment", "/Module/A"])
    #expect(
      matcher.match("https://www.example.com/Module/A#fragment")?.route.name == "/Module/A#fragment"
    )
    #expect(matcher.match("https://www.example.com/Module/A#other")?.route.name == "/Module/A")
    #expect(matcher.match("https://www.example.com/Module/A")?.route.name == "/Module/A")
    #expect(
      try makeMatcher(["/Module/A#fragment"]).match("https://www.example.com/Module/A") == nil)
  }

  @Test("HandyRouter: fragment parameters #key1=value1&key2=value2")
  func handyFragmentParameters() throws {
    let found = try #require(
      try makeMatcher(["/Module/A"]).match(
        "https://www.example.com/Module/A#key1=value1&key2=value2"))
    #expect(found["key1"] == "value1")
    #expect(found["key2"] == "value2")
    #expect(found.fragment == "key1=value1&key2=value2")
    #expect(found.fragmentParameters.items.map(\.name) == ["key1", "key2"])
  }

  @Test("HandyRouter: an unmatched URL still has its parts (schemeB://Module/B)")
  func handyUnmatched() throws {
    let matcher = try makeMatcher(["schemeA://Module/A"])
    #expect(matcher.match("schemeB://Module/B") == nil)
    #expect(matcher.candidates(for: "schemeB://Module/B").isEmpty)
    let parts = RawParts(splitting: "schemeB://Module/B")
    #expect(parts.scheme == "schemeB")
  }

  // MARK: DeepNavigator

  @Test("DeepNavigator: myapp://user/<int:id> and myapp://post/<title>")
  func deepNavigatorMap() throws {
    let matcher = try makeMatcher([
      "myapp://user/<int:id>", "myapp://post/<title>", "myapp://alert",
    ])
    #expect(matcher.match("myapp://user/123")?.parameter("id") == .int(123))
    #expect(matcher.match("myapp://user/abc") == nil)
    #expect(matcher.match("myapp://post/54321")?.parameter("title") == .string("54321"))
    #expect(matcher.match("myapp://post/hello-world")?["title"] == "hello-world")
    let alert = try #require(matcher.match("myapp://alert?title=Hello&message=World"))
    #expect(alert.route.name == "myapp://alert")
    #expect(alert.query.last("title") == "Hello")
    #expect(alert.query.last("message") == "World")
    #expect(matcher.match("navigator://user/wejhink") == nil)
  }

  @Test("DeepNavigator: <path:…> placeholders")
  func deepNavigatorPath() throws {
    let matcher = try makeMatcher(["http://*/<path:p>", "myapp://web/<path:url>"])
    #expect(matcher.match("http://example.com/a/b/c")?["p"] == "a/b/c")
    #expect(matcher.match("http://example.com/") == nil)
    #expect(matcher.match("myapp://web/docs/index.html")?["url"] == "docs/index.html")
  }

  @Test("DeepNavigator: a default scheme; URLs and patterns with a scheme keep theirs")
  func deepNavigatorDefaultScheme() throws {
    let options = RouteOptions(defaultScheme: "myapp")
    let matcher = try makeMatcher(["/user/<int:id>", "http://*/<path:p>"], options: options)
    #expect(matcher.match("/user/10")?.parameter("id") == .int(10))
    #expect(matcher.match("myapp://user/10")?.parameter("id") == .int(10))
    #expect(matcher.match("http://example.com/a")?["p"] == "a")
    #expect(matcher.match("http://example.com/user/10")?.route.name == "http://*/<path:p>")
    // `/user/<int:id>` is exactly `myapp://user/<int:id>`.
    let equivalent = try makeMatcher(["myapp://user/<int:id>"], options: options)
    for url in ["/user/10", "myapp://user/10", "other://user/10", "/user/x"] {
      #expect(
        matcher.match(url)?.parameter("id") == equivalent.match(url)?.parameter("id"), "\(url)")
    }
  }

  // MARK: PromisingRouter

  @Test("PromisingRouter: /people/:id and /people are different routes")
  func promisingRoutes() throws {
    let matcher = try makeMatcher(["/people/:id", "/people", "/pages/open", "/setting/:name"])
    #expect(matcher.match("myapp://people/42")?.route.name == "/people/:id")
    #expect(matcher.match("myapp://people")?.route.name == "/people")
    #expect(matcher.match("/people/")?.route.name == "/people")
    #expect(matcher.match("https://x.com/pages/open")?.route.name == "/pages/open")
    #expect(matcher.match("/setting/theme")?["name"] == "theme")
    #expect(matcher.match("/nowhere") == nil)
  }

  @Test("PromisingRouter: path and query parameters; here the path wins the merged lookup")
  func promisingParameters() throws {
    let found = try #require(try makeMatcher(["/people/:id"]).match("/people/42?id=7&sort=name"))
    #expect(found["id"] == "42")
    #expect(found.parameter("id") == .string("42"))
    #expect(found.query.last("id") == "7")
    #expect(found["sort"] == "name")
  }
}
