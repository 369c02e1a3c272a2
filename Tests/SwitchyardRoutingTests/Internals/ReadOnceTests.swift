import Testing

@testable import Switchyard

/// A routed URL is split once, whatever happens after it is matched, and its query is parsed
/// once, however often it is read (debug-build counters; see `ReadingCounters`).
@Suite("One reading per routed URL")
struct ReadOnceTests {
  /// Runs `body` and returns how many splits and query parses it caused.
  func counting(_ body: () throws -> Void) rethrows -> ReadingCounters.Counts {
    let counters = ReadingCounters()
    try ReadingCounters.$current.withValue(counters) { try body() }
    return counters.counts
  }

  /// A handler that reads everything a match offers.
  @Sendable static func readEverything(_ match: RouteMatch) {
    _ = match.url
    _ = match.query
    _ = match.fragment
    _ = match.fragmentParameters
    _ = match.parameters
    _ = match["id"]
    _ = match["q"]
  }

  @Test("a matching URL whose handler reads every part")
  func handled() throws {
    let router = Router<Destination>()
    try router.register("myapp://user/<int:id>") {
      Self.readEverything($0)
      return .user(try $0.value("id", as: Int.self))
    }
    let counts = counting { #expect(router.route("myapp://user/42?q=1#a=b") == .user(42)) }
    #expect(counts.splits == 1)
    #expect(counts.queryParses == 2)  // the query, and the fragment's parameters
  }

  @Test("the best handler declines; the next one reads a value")
  func declined() throws {
    let router = Router<Destination>()
    try router.register("myapp://user/<int:id>") {
      Self.readEverything($0)
      return nil
    }
    try router.register("myapp://user/:slug") { .slug(try $0.value("slug", as: String.self)) }
    let counts = counting { #expect(router.route("myapp://user/42?q=1") == .slug("42")) }
    #expect(counts.splits == 1)
    #expect(counts.queryParses == 1)
  }

  @Test("no route matches, with and without an unmatched handler")
  func unmatched() throws {
    let router = Router<Destination>()
    try router.register("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    let miss = counting { #expect(router.route("myapp://nowhere?q=1") == nil) }
    #expect(miss.splits == 1)

    router.unmatchedHandler = { request in
      _ = request.query
      _ = request.fragmentParameters
      return .fallback(request.parts.pathSegments.joined(separator: "/"))
    }
    let counts = counting {
      #expect(router.route("myapp://nowhere/else?q=1") == .fallback("nowhere/else"))
    }
    #expect(counts.splits == 1)
    #expect(counts.queryParses == 1)
  }

  @Test("every candidate declines, then the unmatched handler reads the parts")
  func allDeclined() throws {
    let router = Router<Destination>()
    try router.register("myapp://user/<int:id>") { _ in nil }
    try router.register("myapp://user/:slug") { _ in nil }
    router.unmatchedHandler = { .fallback($0.parts.pathSegments.joined(separator: "/")) }
    let counts = counting { #expect(router.route("myapp://user/7") == .fallback("user/7")) }
    #expect(counts.splits == 1)
  }

  @Test("an interceptor that passes, then a declining handler, then the next one")
  func interceptedThenDeclined() throws {
    let router = Router<Destination>()
    try router.register("myapp://user/<int:id>") {
      Self.readEverything($0)
      return nil
    }
    try router.register("myapp://user/:slug") {
      _ = $0.query.last("q")
      return .slug(try $0.value("slug", as: String.self))
    }
    router.intercept { request in
      _ = request.parts
      _ = request.query.last("q")
      return .pass
    }
    let counts = counting { #expect(router.route("myapp://user/42?q=1") == .slug("42")) }
    #expect(counts.splits == 1)
    #expect(counts.queryParses == 1)
  }

  @Test("an interceptor rejects; the unmatched handler reads the parts")
  func rejected() throws {
    let router = Router<Destination>()
    try router.register("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    router.intercept { $0.query.last("block") == nil ? .pass : .reject }
    router.unmatchedHandler = { .fallback($0.parts.pathSegments.joined(separator: "/")) }
    let counts = counting {
      #expect(router.route("myapp://user/42?block") == .fallback("user/42"))
    }
    #expect(counts.splits == 1)
    #expect(counts.queryParses == 1)
  }

  @Test("a 100,000-pair query is parsed once however often a handler reads it")
  func largeQueryParsedOnce() throws {
    let pairs = (0..<100_000).map { "k\($0)=v\($0)" }.joined(separator: "&")
    let url = "myapp://search?" + pairs + "&q=swift"
    let router = Router<Destination>()
    try router.register("myapp://search") { match in
      var last: String? = nil
      for _ in 0..<20 {
        last = match.query.last("q")
        #expect(match["q"] == "swift")
        #expect(match.query.items.count == 100_001)
      }
      return last.map(Destination.search)
    }
    let counts = counting { #expect(router.route(url) == .search("swift")) }
    #expect(counts.splits == 1)
    #expect(counts.queryParses == 1)
  }

  @Test("tasks reading one match's query at once share one parse")
  func concurrentReaders() async throws {
    let router = Router<RouteMatch>()
    try router.register("myapp://search") { $0 }
    let counters = ReadingCounters()
    try await ReadingCounters.$current.withValue(counters) {
      let match = try #require(router.route("myapp://search?q=swift&page=2"))
      let values = await withTaskGroup(of: String?.self) { group in
        for _ in 0..<16 { group.addTask { match.query.last("q") } }
        return await group.reduce(into: []) { $0.append($1) }
      }
      #expect(values == Array(repeating: "swift", count: 16))
    }
    #expect(counters.counts.queryParses == 1)
    #expect(counters.counts.splits == 1)
  }

  @Test("a match from a bare matcher finds a query value without parsing the whole query")
  func bareMatcherLookup() throws {
    let pairs = (0..<100_000).map { "k\($0)=v\($0)" }.joined(separator: "&")
    var table = RouteTable()
    try table.add("search", "myapp://search")
    let match = try #require(RouteMatcher(table).match("myapp://search?" + pairs + "&q=a+b"))
    let counts = counting {
      for _ in 0..<3 { #expect(match["q"] == "a+b") }
      #expect(match["k99999"] == "v99999")
      #expect(match["missing"] == nil)
    }
    // A bare match keeps no split (a lookup allocates nothing): each read splits the text
    // again, one pass, but never parses the whole query.
    #expect(counts.queryParses == 0)
  }

  @Test("the back stack's parents are the segments the engine sees (no root for ':8080')")
  func portWithoutHost() throws {
    let router = Router<String>()
    try router.register("myapp://") { _ in "root" }
    try router.register("myapp://a") { _ in "a" }
    try router.register("myapp://a/b") { _ in "b" }
    #expect(router.match("myapp://:8080")?.route.pattern.text == "myapp://")
    #expect(router.stack(for: "myapp://:8080/a/b") == ["a", "b"])
    #expect(router.stack(for: "myapp://a:8080/b") == ["a", "b"])
    let reader = URLReader(options: RouteOptions())
    #expect(reader.parentURLs(of: "myapp://:8080/a/b") == ["myapp://:8080/a"])
    #expect(reader.parentURLs(of: "myapp://a:8080/b?q#f") == ["myapp://a:8080"])
    #expect(reader.parentURLs(of: "https://h.example:8080/a/b") == ["https://h.example:8080/a"])
  }
}
