import Testing

@testable import Switchyard

/// A URL that is a plain path (`/a/b`) is searched straight in the tries such a URL reaches,
/// matched in place: the answers must be those of the general reading (the reference matcher)
/// for every shape of path — those the fast path hands to the general search (escapes, more
/// segments than it has room for), empty segments, a query and a fragment — and for tables
/// with several branches a path reaches.
@Suite("Plain paths searched in the tries they reach")
struct PlainPathTests {
  static let patterns = [
    "/a/b", "/a/:x", "/a/<int:n>/c", "/a/*rest", "/b/<path:p>/end", "/c/<m>.json",
    "/q?tab=<tab>", "/q", "/f#<section>", "/\u{FFFD}/x", "/a%20b/x", "/%2F/y",
    "myapp://h/a/b", "//host.example/a/b",
  ]

  static let urls = [
    "/", "/a", "/a/", "/a/b", "//a/b", "/a//b/", "/a/zz", "/a/12/c", "/a/12/c/d", "/a/b/c/d/e",
    "/b/1/2/end", "/b/end", "/c/file.json", "/c/.json", "/q?tab=posts", "/q?other=1",
    "/q#x", "/f#intro", "/f", "/a/b?x#y", "/a/b#y?x", "/a?b/c", "/%61/b", "/a/%62", "/a%2Fb",
    "/a/b%", "/%FF/x", "/\u{FFFD}/x", "/%ff%/x", "/a b/x", "/a%20b/x", "/%2F/y", "/a/!'/c",
    "/a/b/" + String(repeating: "x/", count: 40), "/a/" + String(repeating: "x/", count: 29),
    "/a/" + String(repeating: "x/", count: 30) + "y", "/a/" + String(repeating: "x/", count: 31),
    "/a/%62/" + String(repeating: "x/", count: 40),
  ]

  static func table(defaultScheme: String?) throws -> RouteTable {
    var options = RouteOptions()
    options.defaultScheme = defaultScheme
    var table = RouteTable(options: options)
    for pattern in patterns { try table.add(pattern, pattern) }
    try table.add("scheme default", "myapp://a/b/c", priority: 1)
    return table
  }

  @Test(
    "A path's answer is the reference's, with and without a default scheme",
    arguments: [nil, "myapp", "https"])
  func sameAnswers(defaultScheme: String?) throws {
    let table = try Self.table(defaultScheme: defaultScheme)
    let matcher = RouteMatcher(table)
    let reference = ReferenceMatcher(table: table)
    for url in Self.urls {
      #expect(Verdict(engine: matcher, url) == Verdict(reference: reference, url), "\(url)")
      #expect(matcher.matches(url) == (reference.match(url) != nil), "\(url)")
      // A match made in place reads the same URL parts as a new one.
      var reused: RouteMatch? = nil
      matcher.match(url, into: &reused)
      #expect(reused?.route.name == matcher.match(url)?.route.name, "\(url)")
      #expect(reused?.query.last("tab") == reference.match(url)?.captures["tab"]?.stringValue)
    }
  }

  #if DEBUG
    @Test("Every URL is split once, by the URL stage's reader, a plain path included")
    func oneSplit() throws {
      let matcher = RouteMatcher(try Self.table(defaultScheme: nil))
      // A plain path, one with escapes or more segments than the fast path has room for
      // (handed to the general search with the reading already made), and URLs with a scheme
      // or an authority.
      let long = "/a/" + String(repeating: "x/", count: 40)
      for url in [
        "/a/12/c", "/b/1/2/end", "/q?tab=posts", "/zz/a/b/c", "/a/b/c/d/e", "/a/%62", "/a%2Fb",
        long, "/a/%62/" + String(repeating: "x/", count: 40), "myapp://h/a/b",
        "//host.example/a/b",
      ] {
        let counters = ReadingCounters()
        ReadingCounters.$current.withValue(counters) { _ = matcher.match(url) }
        #expect(counters.counts.splits == 1, "\(url)")
      }
    }
  #endif
}
