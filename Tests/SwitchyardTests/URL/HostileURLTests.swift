import Testing

@testable import Switchyard

/// A table that exercises every kind of element, query and fragment requirement.
/// Patterns that do not parse under `options` (a host-as-path `https`) are left out.
func hostileMatcher(options: RouteOptions = RouteOptions()) throws -> RouteMatcher {
  var table = RouteTable(options: options)
  try table.register(evenType)
  for pattern in [
    "/", "/a/<int:n>", "/a/<float:f>", "/a/<uuid:u>", "/<x>.json", "/p/<path:p>/end",
    "/*a/x/*b", "https://*.a.com/:s?q=<q>#<f>", "//[::1]:8080/*", "myapp://<h>/*rest",
    "/s?q=<int:q>&r=lit", "/<even:e>", "*",
  ] {
    _ = try? table.add(pattern, pattern)
  }
  #expect(table.routes.count >= 11)
  return RouteMatcher(table)
}

/// Matches `url` every way the API offers, reads every part of the result, and checks the
/// answers agree with each other and with the reference model.
func exercise(
  _ url: String, _ matcher: RouteMatcher, sourceLocation: SourceLocation = #_sourceLocation
) {
  let best = matcher.match(url)
  let all = matcher.candidates(for: url)
  #expect(matcher.matches(url) == (best != nil), sourceLocation: sourceLocation)
  #expect(all.first?.route.name == best?.route.name, sourceLocation: sourceLocation)
  if let best {
    _ = best.parameters
    _ = best.query.items
    _ = best.fragment
    _ = best.fragmentParameters.items
    _ = best.url
    _ = best["x"]
    for candidate in all { _ = candidate.parameters }
  }
}

@Suite("Hostile URLs never trap and give sane results")
struct HostileURLTests {
  static let strings: [String] = [
    "", "%", "%%", "%%%%", "%%%%%%%%%%%%", "%0", "%zz", "%2", "/%", "/%%/%%", "?%", "#%", "?%=%",
    "\0", "/\0/\0", "/a\0b", "?\0=\0", "#\0", "\u{200F}/\u{202E}abc", "/\u{200F}", "👨‍👩‍👧‍👦",
    "/👨‍👩‍👧‍👦/🚀", "myapp://🚀/✓", "http://[", "http://[::1", "http://[::1]:", "http://[::1]:99999999",
    "http://]", "http://[]/x", "::::", ":", "a:", "////", "//", "///", "?", "#", "?#", "#?", "??##",
    "&&&", "?&&&=&=", "?===", "http://", "https://:", "https://@", "https://@@@", "https://:@:/",
    "https://a.com:/", "https://a.com:-1/", "https://a.com:+1/", "myapp://", "myapp:", "myapp:/",
    "myapp:?", "MYAPP://%FF%FE/%C0", "http://%zz/%zz?%zz=%zz#%zz", "/%F0%9F", "/%ED%A0%80",
    "/%C0%80", "/a%2F%2F%2Fb", "http://a.com/%00", "/\u{FFFD}", "\\\\server\\share", "\t\n\r ",
    "/ / /", "javascript:alert(1)", "data:text/plain,hi", "*", "/*", "<x>", "/<int:x>", "/(a)",
    "http://a.com\u{0}evil.com/", "http://a.com/../../etc/passwd", "/./././", "/..", "%2e%2e/",
    "/a?q=%FF#%FF", "?q=1&q=2&q", "#k=v&k", "https://*.a.com/", "https://x.a.com/s?q#",
    "//[::1]:8080", "//[::1]:8080/", "https://b.a.com/x?q=%2B#%2B",
  ]

  @Test("Odd strings", arguments: strings)
  func oddStrings(url: String) throws {
    exercise(url, try hostileMatcher())
    exercise(
      url, try hostileMatcher(options: RouteOptions(caseInsensitivePaths: true, plusAsSpace: true)))
    exercise(
      url, try hostileMatcher(options: RouteOptions(hostAsPath: .always, defaultScheme: "myapp")))
    exercise(url, try hostileMatcher(options: RouteOptions(hostAsPath: .never)))
  }

  @Test("Odd strings agree with the reference model")
  func oddStringsAgree() throws {
    var table = try makeTable(
      [
        "/", "/a/<int:n>", "/<x>.json", "/*a/x/*b", "https://*.a.com/:s?q=<q>#<f>",
        "myapp://<h>/*rest", "*",
      ])
    try table.register(evenType)
    let matcher = RouteMatcher(table)
    let reference = ReferenceMatcher(table: table)
    for url in Self.strings {
      #expect(Verdict(engine: matcher, url) == Verdict(reference: reference, url), "\(url)")
    }
  }

  @Test("Odd strings split without trapping, and the parts stay inside the string")
  func oddLayouts() {
    for url in Self.strings {
      let bytes = Array(url.utf8)
      let layout = bytes.withUnsafeBufferPointer { URLLayout.split($0) }
      for range in [layout.scheme, layout.host, layout.path, layout.query, layout.fragment] {
        if let range {
          #expect(range.lowerBound >= 0 && range.upperBound <= bytes.count, "\(url)")
        }
      }
    }
  }

  @Test("A 100 KB string of each kind")
  func hugeStrings() throws {
    let matcher = try hostileMatcher()
    let size = 100_000
    let segment = String(repeating: "a", count: size)
    for url in [
      segment, "/" + segment, "/a/" + String(repeating: "9", count: size),
      "/a/" + String(repeating: "1", count: size / 2) + "."
        + String(repeating: "5", count: size / 2),
      String(repeating: "%", count: size), String(repeating: "%41", count: size / 3),
      "/" + String(repeating: "%2F", count: size / 3),
      "https://" + String(repeating: "a.", count: size / 2) + "a.com/x",
      "myapp://" + segment + "/" + segment, "/x?" + String(repeating: "q", count: size),
      "/x#" + String(repeating: "#", count: size), String(repeating: ":", count: size),
      String(repeating: "[", count: size), String(repeating: "\0", count: size),
      String(repeating: "🚀", count: size / 4), "/" + segment + ".json",
    ] {
      exercise(url, matcher)
    }
    // Repairing invalid UTF-8 is slow in the standard library: match this one only once.
    let invalid = String(repeating: "%FF", count: size / 3)
    #expect(matcher.match(invalid)?.route.name == "*")
    let found = matcher.match("/" + segment + ".json")
    #expect(found?.route.name == "/<x>.json")
    #expect(found?.parameter("x")?.stringValue?.utf8.count == size)
    // Too long for Int, infinite as a Double: only the catch-all is left.
    #expect(matcher.match("/a/" + String(repeating: "9", count: size))?.route.name == "*")
  }

  @Test("A number too long for Int is not an int, and never traps")
  func hugeNumber() throws {
    let matcher = try makeMatcher(["/a/<int:n>", "/a/<float:f>", "/a/:s"])
    let digits = String(repeating: "9", count: 100_000)
    #expect(matcher.match("/a/" + digits)?.route.name == "/a/:s")
    #expect(matcher.match("/a/-" + digits)?.route.name == "/a/:s")
    #expect(matcher.match("/a/1e" + digits)?.route.name == "/a/:s")
    #expect(matcher.match("/a/0." + digits)?.route.name == "/a/<float:f>")
  }

  @Test("50,000 segments")
  func manySegments() throws {
    let matcher = try makeMatcher(["/a/*rest", "/a/<path:p>/end", "/<x>", "/*a/z/*b"])
    let url = "/a/" + Array(repeating: "s", count: 50_000).joined(separator: "/")
    let found = try #require(matcher.match(url))
    #expect(found.route.name == "/a/*rest")
    #expect(found.parameter("rest")?.stringValue?.count == 50_000 * 2 - 1)
    #expect(matcher.match(url + "/end")?.route.name == "/a/<path:p>/end")
    #expect(matcher.match(url + "/z")?.route.name == "/a/*rest")
    #expect(matcher.candidates(for: url).map(\.route.name) == ["/a/*rest"])
    let slashes = String(repeating: "/", count: 50_000)
    #expect(matcher.match(slashes + "q" + slashes)?.route.name == "/<x>")
  }

  @Test("A query with 10,000 pairs")
  func longQuery() throws {
    let matcher = try makeMatcher(["/s?q=<int:q>&r=lit", "/s"])
    let pairs = (0..<10_000).map { "k\($0)=v\($0)" }.joined(separator: "&")
    let found = try #require(matcher.match("/s?" + pairs + "&q=1&r=lit&q=2"))
    #expect(found.route.name == "/s?q=<int:q>&r=lit")
    #expect(found.parameter("q") == .int(2))
    #expect(found.query.items.count == 10_003)
    #expect(found.query.last("k9999") == "v9999")
    let repeated = Array(repeating: "q=1", count: 10_000).joined(separator: "&")
    #expect(matcher.match("/s?" + repeated + "&r=lit")?.parameter("q") == .int(1))
    #expect(matcher.match("/s?" + repeated)?.route.name == "/s")
  }

  @Test("Invalid escapes everywhere")
  func invalidEscapesEverywhere() throws {
    let matcher = try hostileMatcher()
    let url = "ht%tp://%zz%@%q:%1/%/a%/%g%h/%?%=%&%%=%z#%&%=%%"
    exercise(url, matcher)
    let found = try #require(try makeMatcher(["*"]).match("/%/a%/%g%h/%"))
    #expect(found.url.pathSegments == ["%", "a%", "%g%h", "%"])
    let query = try #require(try makeMatcher(["*"]).match("/?%=%&%%=%z#%=%2"))
    #expect(query.query.items.map(\.name) == ["%", "%%"])
    #expect(query.query.items.map(\.value) == ["%", "%z"])
    #expect(query.fragment == "%=%2")
    #expect(query.fragmentParameters.last("%") == "%2")
  }

  @Test("NUL, RTL marks and emoji are ordinary bytes")
  func ordinaryBytes() throws {
    let matcher = try makeMatcher(["/:x", "/a\u{0}b", "/🚀"])
    #expect(matcher.match("/a\u{0}b")?.route.name == "/a\u{0}b")
    #expect(matcher.match("/a%00b")?.route.name == "/a\u{0}b")
    #expect(matcher.match("/🚀")?.route.name == "/🚀")
    #expect(captures(matcher.match("/\u{200F}x\u{202E}")) == ["x": "\u{200F}x\u{202E}"])
    #expect(captures(matcher.match("/👨‍👩‍👧‍👦")) == ["x": "👨‍👩‍👧‍👦"])
  }

  @Test("Deeply ambiguous catch-alls stay fast and pick the leftmost-smallest way")
  func ambiguousCatchAlls() throws {
    let matcher = try makeMatcher(["/*a/x/*b/x/*c/x/*d/y"])
    let url = "/" + Array(repeating: "x", count: 60).joined(separator: "/")
    #expect(matcher.match(url) == nil)
    let found = try #require(matcher.match(url + "/y"))
    #expect(
      captures(found) == [
        "a": "", "b": "", "c": "", "d": Array(repeating: "x", count: 57).joined(separator: "/"),
      ])
  }
}

@Suite("Long catch-all searches")
struct LongCatchAllSearchTests {
  /// Four `*` against 100 (or 400) segments: the search has no step budget, so the
  /// lower-ranked `/*rest` is found however long the catch-alls take to rule out.
  @Test(
    "A catch-all search that runs long still finds the lower-ranked match", arguments: [100, 400])
  func longSearchFindsLowerRankedMatch(segments: Int) throws {
    let matcher = try makeMatcher(["/*/a/*/a/*/a/*/b", "/*rest"])
    let url = "/" + Array(repeating: "a", count: segments).joined(separator: "/")
    #expect(matcher.match(url)?.route.name == "/*rest")
    #expect(matcher.matches(url))
  }

  /// Six `*` against 60 segments (once enough to exhaust a step budget).
  @Test("Six catch-alls against 60 segments")
  func sixCatchAlls() throws {
    let matcher = try makeMatcher(["/*/a/*/a/*/a/*/a/*/a/*/b", "/*rest"])
    let url = "/" + Array(repeating: "a", count: 60).joined(separator: "/")
    #expect(matcher.match(url)?.route.name == "/*rest")
  }
}
