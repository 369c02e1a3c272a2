import Testing

@testable import Switchyard

/// One URL to build: a pattern, values, and the caller's host and scheme.
struct BuildCase: CustomStringConvertible, Sendable {
  var pattern: String
  var values: [String: BuildValue] = [:]
  var host: String? = nil
  var scheme: String? = nil
  var options = RouteOptions()

  var description: String { "\(pattern) \(values)" }

  static let hex = ParameterType("hex") { text in
    !text.isEmpty && text.utf8.allSatisfy { hexValue($0) != nil }
  }

  func table() throws -> RouteTable {
    var table = RouteTable(options: options)
    try table.register(Self.hex)
    try table.add("r", pattern)
    return table
  }

  /// Builds the URL; on success also checks that it matches the route back with `values`'
  /// captures.
  func build() throws -> String {
    let table = try table()
    return try table.url(for: "r", values: values, host: host, scheme: scheme)
  }
}

@Suite("Building URLs: escaping and structure")
struct URLBuildingTests {
  @Test(
    "Each rule of the Building URLs article",
    arguments: [
      // Trailcutter's examples.
      (
        BuildCase(pattern: "/search/:term", values: ["term": "surge", "sort": "score desc"]),
        "/search/surge?sort=score%20desc"
      ),
      (
        BuildCase(
          pattern: "https://*.mysite.com/post/:id", values: ["id": "1234"],
          host: "subdomain.mysite.com"), "https://subdomain.mysite.com/post/1234"
      ),
      // Path segments escape `/ ? # %`, space, controls and non-ASCII, uppercase hex.
      (BuildCase(pattern: "/p/:x", values: ["x": "a/b?c#d%e f"]), "/p/a%2Fb%3Fc%23d%25e%20f"),
      (
        BuildCase(pattern: "/p/:x", values: ["x": "\u{1}\u{7F}é😀"]),
        "/p/%01%7F%C3%A9%F0%9F%98%80"
      ),
      (
        BuildCase(pattern: "/p/:x", values: ["x": "\"<>[]\\^`{|}"]),
        "/p/%22%3C%3E%5B%5D%5C%5E%60%7B%7C%7D"
      ),
      // … and keep what a segment may hold.
      (
        BuildCase(pattern: "/p/:x", values: ["x": "a+b&c=d:e@f~g!$'()*,;"]),
        "/p/a+b&c=d:e@f~g!$'()*,;"
      ),
      (BuildCase(pattern: "/p/:x/<y>", values: ["x": ".", "y": ".."]), "/p/%2E/%2E%2E"),
      // Captures with literal text around them.
      (
        BuildCase(pattern: "/users/<id>.json", values: ["id": "a/b c"]),
        "/users/a%2Fb%20c.json"
      ),
      (BuildCase(pattern: "/@:username", values: ["username": "jane"]), "/@jane"),
      // Catch-alls keep their `/`, escape the rest; an empty `*` prints nothing.
      (BuildCase(pattern: "/docs/*rest", values: ["rest": "a b/c/%"]), "/docs/a%20b/c/%25"),
      (BuildCase(pattern: "/docs/*rest"), "/docs"),
      (BuildCase(pattern: "/docs/*rest/edit", values: ["rest": ""]), "/docs/edit"),
      (BuildCase(pattern: "/files/<path:p>", values: ["p": "x/y?"]), "/files/x/y%3F"),
      (BuildCase(pattern: "/a/*/b"), "/a/b"),
      // Literal text prints as the pattern means it.
      (BuildCase(pattern: "/a%3Ab/%2F"), "/a%3Ab/%2F"),
      (BuildCase(pattern: "/café/p+q"), "/caf%C3%A9/p+q"),
      // Query names and values also escape `& = + #`.
      (
        BuildCase(pattern: "/s?q=<t>", values: ["t": "a&b=c+d #e/f?"]),
        "/s?q=a%26b%3Dc%2Bd%20%23e%2Ff%3F"
      ),
      (BuildCase(pattern: "/s", values: ["a b&=": "1"]), "/s?a%20b%26%3D=1"),
      // Values with no capture: sorted by name, a list repeats the name.
      (
        BuildCase(pattern: "/x", values: ["b": 1, "a": ["x", "y"], "c": 2.5, "d": true]),
        "/x?a=x&a=y&b=1&c=2.5&d=true"
      ),
      (BuildCase(pattern: "/x", values: ["e": "", "f": []]), "/x?e="),
      // Query requirements print in written order, before the other values.
      (
        BuildCase(pattern: "/search?q=<term>&sort=relevance", values: ["term": "x", "a": "1"]),
        "/search?q=x&sort=relevance&a=1"
      ),
      (BuildCase(pattern: "/s?z=1&a=<v>", values: ["v": ""]), "/s?z=1&a="),
      (BuildCase(pattern: "/x?flag"), "/x?flag"),
      (BuildCase(pattern: "/x?k=a%26b+c"), "/x?k=a%26b%2Bc"),
      // Fragments.
      (BuildCase(pattern: "/help#<section>", values: ["section": "a b#c"]), "/help#a%20b%23c"),
      (BuildCase(pattern: "/faq#shipping"), "/faq#shipping"),
      (BuildCase(pattern: "/n#<int:n>", values: ["n": 3]), "/n#3"),
      // Host-as-path schemes print the first segment in the host position.
      (BuildCase(pattern: "myapp://user/<int:id>", values: ["id": 42]), "myapp://user/42"),
      (BuildCase(pattern: "myapp:///user/<int:id>", values: ["id": -7]), "myapp://user/-7"),
      (BuildCase(pattern: "myapp://:name/x", values: ["name": "a:b@c"]), "myapp://a%3Ab%40c/x"),
      (BuildCase(pattern: "myapp://"), "myapp://"),
      (BuildCase(pattern: "myapp://(home)"), "myapp://home"),
      // Optional groups: printed when all their captures are given, always when literal.
      (BuildCase(pattern: "http(s)://(www.)example.com/a"), "https://www.example.com/a"),
      (BuildCase(pattern: "https://(*.)example.com/a"), "https://example.com/a"),
      (
        BuildCase(pattern: "https://(*.)example.com/a", host: "x.example.com"),
        "https://x.example.com/a"
      ),
      (
        BuildCase(pattern: "/my/(optional)/module/<page>", values: ["page": "p"]),
        "/my/optional/module/p"
      ),
      (BuildCase(pattern: "/shop/<c>(/page/<int:p>)", values: ["c": "toys"]), "/shop/toys"),
      (
        BuildCase(pattern: "/shop/<c>(/page/<int:p>)", values: ["c": "toys", "p": 2]),
        "/shop/toys/page/2"
      ),
      (BuildCase(pattern: "/a(/b(/<x>))"), "/a/b"),
      (BuildCase(pattern: "/a(/b(/<x>))", values: ["x": "1"]), "/a/b/1"),
      (BuildCase(pattern: "/a(/b/*rest)"), "/a"),
      (BuildCase(pattern: "/a(/b/*rest)", values: ["rest": "c/d"]), "/a/b/c/d"),
      // Scheme and host: the first as written by default, or the caller's choice.
      (BuildCase(pattern: "http(s)://example.com/a", scheme: "http"), "http://example.com/a"),
      (
        BuildCase(pattern: "http(s)://(www.)example.com/a", host: "example.com"),
        "https://example.com/a"
      ),
      (BuildCase(pattern: "https://EXAMPLE.com/a", host: "Example.COM"), "https://Example.COM/a"),
      (
        BuildCase(pattern: "https://*/s/:code", values: ["code": "x"], host: "[::1]"),
        "https://[::1]/s/x"
      ),
      (BuildCase(pattern: "https://example.com:8080/x"), "https://example.com:8080/x"),
      (BuildCase(pattern: "https://example.com/"), "https://example.com/"),
      (BuildCase(pattern: "https://example.com"), "https://example.com"),
      (
        BuildCase(pattern: "https://example.com/(a/<x>)", values: ["y": "1"]),
        "https://example.com/?y=1"
      ),
      (
        BuildCase(pattern: "/search/:term", values: ["term": "x"], scheme: "https"),
        "https:///search/x"
      ),
      (BuildCase(pattern: "/", host: "example.com"), "//example.com/"),
      (BuildCase(pattern: "/"), "/"),
      // A pattern without a scheme: a path-only reference unless a scheme or host is given.
      (BuildCase(pattern: "/search/:term", values: ["term": "x"]), "/search/x"),
      (
        BuildCase(pattern: "/search/:term", values: ["term": "x"], host: "example.com"),
        "//example.com/search/x"
      ),
      (
        BuildCase(
          pattern: "/search/:term", values: ["term": "x"], host: "example.com",
          scheme: "https"), "https://example.com/search/x"
      ),
      (
        BuildCase(pattern: "/search/:term", values: ["term": "x"], scheme: "myapp"),
        "myapp://search/x"
      ),
      (
        BuildCase(
          pattern: "/user/<int:id>", values: ["id": 42],
          options: RouteOptions(defaultScheme: "myapp")), "myapp://user/42"
      ),
      // Typed values.
      (BuildCase(pattern: "/i/<int:id>", values: ["id": "007"]), "/i/007"),
      (
        BuildCase(pattern: "/f/<float:x>/<double:y>", values: ["x": 2.5, "y": 1e-5]),
        "/f/2.5/1e-05"
      ),
      (BuildCase(pattern: "/f/<float:x>", values: ["x": 3]), "/f/3"),
      (
        BuildCase(pattern: "/u/<uuid:id>", values: ["id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"]),
        "/u/E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
      ),
      (BuildCase(pattern: "/c/<hex:v>", values: ["v": "ff00"]), "/c/ff00"),
      (BuildCase(pattern: "/s/:x", values: ["x": 42]), "/s/42"),
      // Options: the URL still reads back.
      (
        BuildCase(
          pattern: "/p?k=<v>", values: ["v": "a+b c", "w": "+"],
          options: RouteOptions(plusAsSpace: true)), "/p?k=a%2Bb%20c&w=%2B"
      ),
      (BuildCase(pattern: "/p?a+b=x", options: RouteOptions(plusAsSpace: true)), "/p?a%20b=x"),
      (
        BuildCase(
          pattern: "/Users/:id", values: ["id": "Ab"],
          options: RouteOptions(caseInsensitivePaths: true)), "/Users/Ab"
      ),
      (
        BuildCase(
          pattern: "myapp://user/:id", values: ["id": "x"],
          options: RouteOptions(hostAsPath: .never)), "myapp://user/x"
      ),
    ])
  func builds(_ item: BuildCase, _ expected: String) throws {
    #expect(try item.build() == expected)
    // The URL matches the route back.
    let matcher = RouteMatcher(try item.table())
    #expect(matcher.match(expected)?.route.name == "r", "\(expected) matches the route")
  }

  @Test(
    "Every error message, exactly",
    arguments: [
      (
        BuildCase(pattern: "myapp://user/<int:id>"),
        "route 'r': missing a value for capture 'id'"
      ),
      (
        BuildCase(pattern: "myapp://user/<int:id>", values: ["id": "abc"]),
        "route 'r': value \"abc\" for capture 'id' is not a valid int"
      ),
      (
        BuildCase(pattern: "/i/<int:id>", values: ["id": 2.5]),
        "route 'r': value 2.5 for capture 'id' is not a valid int"
      ),
      (
        BuildCase(pattern: "/f/<float:x>", values: ["x": "nan"]),
        "route 'r': value \"nan\" for capture 'x' is not a valid float"
      ),
      (
        BuildCase(pattern: "/f/<float:x>", values: ["x": .double(.infinity)]),
        "route 'r': value inf for capture 'x' is not finite"
      ),
      (
        BuildCase(pattern: "/u/<uuid:id>", values: ["id": "42"]),
        "route 'r': value \"42\" for capture 'id' is not a valid uuid"
      ),
      (
        BuildCase(pattern: "/c/<hex:v>", values: ["v": "xyz"]),
        "route 'r': value \"xyz\" for capture 'v' is not a valid hex"
      ),
      (
        BuildCase(pattern: "/s/:term", values: ["term": ""]),
        "route 'r': capture 'term' cannot be empty in a path segment"
      ),
      (
        BuildCase(pattern: "/files/<path:p>", values: ["p": ""]),
        "route 'r': capture 'p' cannot be empty: <path:p> takes one or more segments"
      ),
      (BuildCase(pattern: "/files/<path:p>"), "route 'r': missing a value for capture 'p'"),
      (
        BuildCase(pattern: "/docs/*rest", values: ["rest": "a//b"]),
        "route 'r': value \"a//b\" for catch-all 'rest' has an empty segment (a '/' at an end or '//')"
      ),
      (
        BuildCase(pattern: "/u/<int:id>", values: ["id": [1, 2]]),
        "route 'r': capture 'id' takes one value, not the list [1, 2]"
      ),
      (
        BuildCase(pattern: "/a(/<x>/<y>)", values: ["x": "1"]),
        "route 'r': capture 'y' is missing: an optional group prints only with all of its captures, and 'x' is given"
      ),
      (BuildCase(pattern: "/a(/b/*rest)(/<x>)", values: ["x": "1"]), "/a/1"),
      (
        BuildCase(pattern: "https://*.mysite.com/post/:id", values: ["id": "1"]),
        "route 'r': its host '*.mysite.com' is a wildcard, so a host must be given"
      ),
      (
        BuildCase(pattern: "https://*/s", values: [:]),
        "route 'r': its host '*' is a wildcard, so a host must be given"
      ),
      (
        BuildCase(
          pattern: "https://*.mysite.com/post/:id", values: ["id": "1"],
          host: "example.org"),
        "route 'r': host 'example.org' does not match the route's host '*.mysite.com'"
      ),
      (
        BuildCase(pattern: "https://*.mysite.com/x", host: "mysite.com"),
        "route 'r': host 'mysite.com' does not match the route's host '*.mysite.com'"
      ),
      (
        BuildCase(pattern: "https://(www.)example.com/x", host: "evil.com"),
        "route 'r': host 'evil.com' does not match the route's host '(www.)example.com'"
      ),
      (
        BuildCase(pattern: "/x", host: "a b"),
        "route 'r': 'a b' is not a valid host (letters, digits, '-', '.', '_', '~', or an IPv6 literal in brackets)"
      ),
      (
        BuildCase(pattern: "/x", host: "evil.com/x?"),
        "route 'r': 'evil.com/x?' is not a valid host (letters, digits, '-', '.', '_', '~', or an IPv6 literal in brackets)"
      ),
      (
        BuildCase(pattern: "myapp://user/:id", values: ["id": "1"], host: "example.com"),
        "route 'r': scheme 'myapp' reads its host as the first path segment, so no host can be given"
      ),
      (
        BuildCase(pattern: "myapp://user/:id", values: ["id": "1"], scheme: "https"),
        "route 'r': scheme 'https' is not one the route answers (myapp)"
      ),
      (
        BuildCase(pattern: "http(s)://example.com/x", scheme: "ftp"),
        "route 'r': scheme 'ftp' is not one the route answers (https, http)"
      ),
      (BuildCase(pattern: "/x", scheme: "1x"), "route 'r': '1x' is not a valid scheme"),
      (
        BuildCase(pattern: "//example.com/x", scheme: "myapp"),
        "route 'r': scheme 'myapp' reads its host as the first path segment, and the route names a host 'example.com'"
      ),
      (BuildCase(pattern: "//(www.)example.com/x", scheme: "https"), "https://www.example.com/x"),
      (
        BuildCase(pattern: "/x?sort=relevance", values: ["sort": "date"]),
        "route 'r': value \"date\" for query name 'sort' conflicts with the pattern's query requirement 'sort'"
      ),
      (
        BuildCase(pattern: "/x?sort=relevance", values: ["sort": "relevance"]),
        "/x?sort=relevance"
      ),
      (BuildCase(pattern: "/x", values: ["": "1"]), "route 'r': a query name must not be empty"),
      (
        BuildCase(pattern: "/x", values: ["n": .double(.nan)]),
        "route 'r': value nan for query name 'n' is not finite"
      ),
      (
        BuildCase(pattern: "/x", values: ["n": [[1]]]),
        "route 'r': value [[1]] for query name 'n' is a list inside a list"
      ),
      (
        BuildCase(pattern: "/(<a>)/(<b>)", values: ["b": "v"]),
        "route 'r': these values cannot be told apart in a URL: /v reads back as a = \"v\""
      ),
      (
        BuildCase(pattern: "/a(/<x>)/*rest", values: ["rest": "v"]),
        "route 'r': these values cannot be told apart in a URL: /a/v reads back as x = \"v\", rest = \"\""
      ),
    ])
  func errors(_ item: BuildCase, _ expected: String) throws {
    let table = try item.table()
    do {
      let url = try table.url(for: "r", values: item.values, host: item.host, scheme: item.scheme)
      #expect(url == expected)
    } catch {
      #expect(error.description == expected)
      #expect(error.routeName == "r")
    }
  }

  @Test("Errors carry their code, route and capture")
  func errorFields() throws {
    let table = try BuildCase(pattern: "myapp://user/<int:id>").table()
    do {
      _ = try table.url(for: "r", values: ["id": "abc"])
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .invalidValue)
      #expect(error.captureName == "id")
      #expect(error.message == "value \"abc\" for capture 'id' is not a valid int")
    }
    do {
      _ = try table.url(for: "r")
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .missingValue)
    }
  }

  @Test(
    "An unknown route name suggests the closest one",
    arguments: [
      ("usr", "no route named 'usr'; did you mean 'user'?"),
      ("User", "no route named 'User'; did you mean 'user'?"),
      ("userTabs", "no route named 'userTabs'; did you mean 'userTab'?"),
      // Two neighbours swapped count as one edit, as in the command line's hints.
      ("uesr", "no route named 'uesr'; did you mean 'user'?"),
      ("saerch", "no route named 'saerch'; did you mean 'search'?"),
      ("zzz", "no route named 'zzz'"),
      ("", "no route named ''"),
    ])
  func unknownRoute(_ name: String, _ expected: String) throws {
    var table = RouteTable()
    try table.add("user", "myapp://user/<int:id>")
    try table.add("userTab", "myapp://user/<int:id>/:tab")
    try table.add("search", "/search/:term")
    do {
      _ = try table.url(for: name)
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .unknownRoute)
      #expect(error.description == expected)
    }
    do {
      _ = try RouteMatcher(table).url(for: name)
      Issue.record("expected an error")
    } catch {
      #expect(error.description == expected)
    }
  }

  @Test("A matcher builds the same URLs as its table, with its registered types")
  func matcherBuilds() throws {
    let table = try BuildCase(pattern: "/c/<hex:v>/:name").table()
    let matcher = RouteMatcher(table)
    let values: [String: BuildValue] = ["v": "ff", "name": "a b", "q": ["1", "2"]]
    #expect(try matcher.url(for: "r", values: values) == "/c/ff/a%20b?q=1&q=2")
    #expect(try matcher.url(for: "r", values: values) == table.url(for: "r", values: values))
  }

  @Test("Values convert from the standard library's types")
  func convertibleValues() {
    enum Tab: String, BuildValueConvertible { case posts }
    #expect(Tab.posts.buildValue == .string("posts"))
    #expect(7.buildValue == .int(7))
    #expect(Int32(-3).buildValue == .int(-3))
    #expect(2.5.buildValue == .double(2.5))
    #expect(Float(0.5).buildValue == .double(0.5))
    #expect(true.buildValue == .string("true"))
    #expect(["a", "b"].buildValue == .list([.string("a"), .string("b")]))
    #expect(Substring("x").buildValue == "x")
    #expect(BuildValue.list([1, "a"]).description == "[1, \"a\"]")
  }
}

/// Every "did you mean" of the package comes from one function, so a typo gets the same hint
/// from building a URL, attaching a handler, a route file and the command line.
@Suite struct SuggestionTests {
  @Test(
    "closestMatch: case-insensitive, swaps count one edit, a third of the shorter word",
    arguments: [
      ("mtach", ["match", "lint"], "match"),
      ("LINT", ["match", "lint"], "lint"),
      ("uesr", ["user", "users"], "user"),
      ("ab", ["abc"], "abc"),
      ("zzz", ["match", "lint"], nil),
      ("", ["a"], nil),
      ("x", [], nil),
    ] as [(String, [String], String?)])
  func closest(_ word: String, _ candidates: [String], _ expected: String?) {
    #expect(closestMatch(to: word, in: candidates) == expected)
  }
}
