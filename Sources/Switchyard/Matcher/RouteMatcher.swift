/// A compiled, immutable route table that matches URLs (<doc:ReadingURLs>, <doc:PatternSyntax>, <doc:Precedence>, <doc:MatchResults>).
///
/// Compile a ``RouteTable`` once, then match from any thread: the matcher is a `Sendable`
/// value over flat arrays. A lookup reads the URL's bytes in place, walks a trie whose
/// children are ordered by precedence, and stops at the first complete match (below a
/// catch-all, at the lowest rank over all its widths) — so its cost depends on the URL, not
/// on the number of routes, and no search budget ever changes an answer.
///
/// ```swift
/// var table = RouteTable()
/// try table.add("user", "myapp://user/<int:id>")
/// try table.add("search", "/search/:term")
/// let matcher = RouteMatcher(table)
///
/// let match = matcher.match("myapp://user/42?tab=posts")
/// match?.route.name                      // "user"
/// try match?.value("id", as: Int.self)   // 42
/// match?.query.last("tab")               // "posts"
/// ```
public struct RouteMatcher: Sendable {
  let storage: MatcherStorage

  /// Compiles `table`.
  ///
  /// - Complexity: O(total pattern length × log of fan-out).
  public init(_ table: RouteTable) {
    storage = MatcherStorage(table: table)
  }

  /// The matcher over a table already compiled.
  init(storage: MatcherStorage) {
    self.storage = storage
  }

  /// The routes, in registration order.
  public var routes: [Route] { storage.routes }

  /// The options the table was read with.
  public var options: RouteOptions { storage.options }

  /// The best route for `url`, or `nil` when no route matches.
  ///
  /// A lookup allocates nothing when it misses or when the route has at most four captures
  /// (they are kept inline in the match) and the URL is under 64 KiB; more captures, or
  /// captures of a longer URL, take one array, which ``match(_:into:)`` reuses.
  ///
  /// - Complexity: O(length of the URL) for a given table: below catch-alls, O(segments ×
  ///   trie nodes reached), each (node, segment) pair walked at most once.
  public func match(_ url: String) -> RouteMatch? {
    lookup(url, slots: CaptureList())
  }

  /// Matches `url` into `result`, reusing the capture storage of the match already there:
  /// a loop that keeps one `RouteMatch?` allocates nothing per lookup, and each lookup costs
  /// no more than ``match(_:)``.
  ///
  /// The match already in `result` is overwritten in place: nothing of it shows through (its
  /// captures, URL and ``RouteMatch/context`` are replaced; a copy taken before keeps its own
  /// values).
  ///
  /// ```swift
  /// var reused: RouteMatch? = nil
  /// for url in incoming where matcher.match(url, into: &reused) {
  ///   handle(reused!.routeIndex)
  /// }
  /// ```
  /// - Returns: Whether a route matched (`result` is `nil` when none did).
  @discardableResult
  public func match(_ url: String, into result: inout RouteMatch?) -> Bool {
    // The match already there is overwritten in place (moving a match out of `result` and a
    // new one back in copies it twice); only its spilled capture storage is reused.
    var slots = result?.takeSpilledSlots() ?? CaptureList()
    let found = withBytes(url) { storage.search($0, mode: .best, slots: &slots) }
    guard let found else {
      result = nil
      return false
    }
    let reading = URLReading(url, hostAsPath: found.hostAsPath)
    if result?.replace(storage: storage, entry: found.entry, reading: reading, slots: slots) == nil
    {
      result = RouteMatch(storage: storage, entry: found.entry, reading: reading, slots: slots)
    }
    return true
  }

  /// The one lookup behind both `match` calls: the search, then the match built once.
  @inline(__always)
  private func lookup(_ url: String, slots: consuming CaptureList) -> RouteMatch? {
    var slots = slots
    let found = withBytes(url) { storage.search($0, mode: .best, slots: &slots) }
    guard let found else { return nil }
    return RouteMatch(
      storage: storage, entry: found.entry,
      reading: URLReading(url, hostAsPath: found.hostAsPath), slots: slots)
  }

  /// Matches `url` and calls `body` with the winner's route index and a reader of its
  /// captures, read in place in the lookup's own buffers: no match is made, and nothing is
  /// retained, copied or split again (the lookup of a ``Routes`` type). `body` is not called
  /// when no route matches.
  ///
  /// - Returns: Whether a route matched.
  @usableFromInline
  package func withBest(
    _ url: String, _ body: (_ routeIndex: Int, RouteMatch.Captures) -> Void
  ) -> Bool {
    var matched = false
    withBytes(url) { bytes in
      storage.withBest(bytes) { routeIndex, captures in
        matched = true
        body(routeIndex, captures)
      }
    }
    return matched
  }

  /// Matches `url` and keeps how it was read, match or not: the one split of a URL that a
  /// router routes (the interceptors and the unmatched request read their parts from it, and
  /// its query is parsed once for all of them). Allocates only for a URL with a query or a
  /// fragment (see `URLReading`).
  func read(_ url: String) -> (reading: URLReading, best: RouteMatch?) {
    var result: (reading: URLReading, best: RouteMatch?)? = nil
    readBest(url, context: RoutingContext()) { best in
      result = (best.reading, best)
    } unmatched: { reading in
      result = (reading, nil)
    }
    return result ?? (URLReading(reading: url, options: options), nil)
  }

  /// ``read(_:)`` for the router's hot path: `matched` is given the best match (which holds
  /// the URL's kept reading, and carries `context`), or `unmatched` the reading when no route
  /// matches.
  ///
  /// The match is handed over, not returned: a returned `RouteMatch?` (or a tuple with a
  /// `URLReading?`) is destroyed through its type's value witnesses, where a match consumed
  /// by `matched` is destroyed in line.
  @inline(__always)
  func readBest(
    _ url: String, context: RoutingContext,
    matched: (consuming RouteMatch) -> Void, unmatched: (URLReading) -> Void
  ) {
    var slots = CaptureList()
    var split: URLSplit? = nil
    let found = searchKeepingSplit(url, slots: &slots, split: &split)
    // No split only for a URL of 2 GiB or more, which the search refuses (`found` is nil).
    guard let split else { return unmatched(URLReading(reading: url, options: options)) }
    guard let found else { return unmatched(URLReading(url, split)) }
    // Made empty, then filled in place: a match made with its captures by an initializer
    // copies them in.
    var match = RouteMatch(emptyIn: storage, reading: URLReading(url, split))
    match.fill(entry: found.entry, slots: &slots)
    // An empty context is what a new match carries already.
    if !context.isEmpty { match.context = context }
    matched(match)
  }

  /// The search behind the router's lookups: the winner, its captures appended to `slots`,
  /// and how the URL was split written to `split` (left `nil` only for a URL of 2 GiB or
  /// more, which the search refuses).
  @inline(__always)
  func searchKeepingSplit(
    _ url: String, slots: inout CaptureList, split: inout URLSplit?
  ) -> MatcherStorage.Found? {
    withBytes(url) { bytes in
      withUnsafeMutablePointer(to: &split) {
        storage.search(bytes, mode: .best, slots: &slots, split: $0)
      }
    }
  }

  /// The route that wins `url` (the route of ``match(_:)``), found without making a match.
  func winner(_ url: String) -> Route? {
    winnerIndex(url).map { routes[$0] }
  }

  /// The index in ``routes`` of the route that wins `url`, found without making a match or
  /// copying a route.
  func winnerIndex(_ url: String) -> Int? {
    var index: Int? = nil
    _ = withBest(url) { routeIndex, _ in index = routeIndex }
    return index
  }

  /// Whether some route matches `url` (nothing is allocated for the answer).
  package func matches(_ url: String) -> Bool {
    var slots = CaptureList()
    return withBytes(url) { storage.search($0, mode: .exists, slots: &slots) } != nil
  }

  /// Every route that matches `url`, best first (each route once, in its best way).
  ///
  /// The first element is what ``match(_:)`` returns. Routers use this order to let a
  /// handler decline and the next candidate run; `switchyard explain` shows it. The list is
  /// exact at any URL length: there is no search budget.
  ///
  /// ```swift
  /// var table = RouteTable()
  /// try table.add("file", "/files/<path:p>")
  /// try table.add("any", "/*rest")
  /// RouteMatcher(table).candidates(for: "/files/a/b").map(\.route.name)  // ["file", "any"]
  /// ```
  ///
  /// - Complexity: One search (see ``match(_:)``) per matching route of each branch.
  public func candidates(for url: String) -> [RouteMatch] {
    candidates(for: url, split: nil)
  }

  /// The candidates of a URL already read as `reading` (the URL is not split again).
  func candidates(for reading: URLReading) -> [RouteMatch] {
    candidates(for: reading.text, split: reading.split).map { RouteMatch($0, reading: reading) }
  }

  private func candidates(for url: String, split known: URLSplit?) -> [RouteMatch] {
    var results: [RouteMatch] = []
    var seen = Set<Int>()
    withBytes(url) { bytes in
      storage.searchAll(bytes, split: known) { hostAsPath, entry, slots in
        let route = Int(storage.entries[entry].route)
        guard seen.insert(route).inserted else { return }
        results.append(
          RouteMatch(
            storage: storage, entry: entry, reading: URLReading(url, hostAsPath: hostAsPath),
            slots: CaptureList(slots)))
      }
    }
    return results
  }

  private func withBytes<R>(_ url: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = url.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(url.utf8).withUnsafeBufferPointer(body)
  }
}
