/// The result of matching a URL: the route, the typed captures, the query and the fragment
/// (<doc:MatchResults>).
///
/// ```swift
/// let match = matcher.match("https://www.mysite.com/search/foo?bar=baz")!
/// match.route.name    // "search"
/// match["term"]       // "foo"  (path captures first)
/// match["bar"]        // "baz"  (then the query's last value, then fragment parameters)
/// ```
public struct RouteMatch: Sendable {
  // Kept small: a match is returned by value from every lookup. The URL is kept with its one
  // split; decoded values are built from it when asked for.
  //
  // At most 128 bytes: a bigger value is copied with a call to memcpy, and a match is copied
  // on every lookup. The fields are in this order so that `entry` fills the reading's padding.
  // 120 bytes: storage 8 | reading 49 (text 16, split in 16-bit offsets 24, parameters 8,
  // hostAsPath 1) | entry 4 | captures 48 (four inline in 8 bytes each, the array 8, count
  // and form 5) | context 8. A URL of 64 KiB or more keeps its split and its captures
  // outside the match (see `URLLayout.Packed` and `CaptureList`).
  // `var` (set only by `init`, `replace` and `fill`): `RouteMatcher.match(_:into:)`
  // overwrites a match in place, and a router fills an empty match in place.
  private(set) var storage: MatcherStorage
  /// The URL and how the engine read it.
  private(set) var reading: URLReading
  private(set) var entry: Int32
  private(set) var slots: CaptureList
  /// What the routing call carries (see `RoutingContext`): empty for a bare matcher's match;
  /// a router sets it before its interceptors and handlers see the match.
  public internal(set) var context = RoutingContext()

  init(storage: MatcherStorage, entry: Int, reading: URLReading, slots: CaptureList) {
    self.storage = storage
    self.entry = Int32(entry)
    self.reading = reading
    self.slots = slots
  }

  /// The same match, over another reading of its URL (a kept one, see ``URLReading``).
  init(_ match: RouteMatch, reading: URLReading) {
    self.init(
      storage: match.storage, entry: Int(match.entry), reading: reading, slots: match.slots)
  }

  /// The URL as given.
  public var urlString: String { reading.text }

  /// Moves the capture storage out, emptied, when it is spilled storage worth reusing (for
  /// `RouteMatcher.match(_:into:)`; copying inline captures out would cost more than starting
  /// empty).
  mutating func takeSpilledSlots() -> CaptureList? {
    guard slots.hasSpilledStorage else { return nil }
    var taken = slots
    slots = CaptureList()
    taken.removeAll()
    return taken
  }

  /// Makes this match the result of another lookup, in place: what `init` would make, without
  /// moving the whole match in and out of the caller's variable.
  mutating func replace(
    storage: MatcherStorage, entry: Int, reading: URLReading, slots: CaptureList
  ) {
    self.storage = storage
    self.entry = Int32(entry)
    self.reading = reading
    self.slots = slots
    if !context.isEmpty { context = RoutingContext() }
  }

  /// The route that matched.
  public var route: Route { storage.routes[routeIndex] }

  /// The matched route's position in registration order (``Route/index``), without copying
  /// the route: the cheapest way to dispatch on the result.
  public var routeIndex: Int { Int(storage.entries[Int(entry)].route) }

  /// Every named capture and its typed value, in pattern order (an unnamed `*` is not listed).
  public var parameters: [(name: String, value: ParameterValue)] {
    withCaptures { captures in
      var result: [(name: String, value: ParameterValue)] = []
      for slot in 0..<captures.count {
        guard let name = captures.name(at: slot) else { continue }
        result.append((name, captures.value(at: slot)))
      }
      return result
    }
  }

  /// The typed value of the capture `name`, if the pattern has it (for the engine, the
  /// command line and tests; users read ``value(_:as:)`` or ``subscript(_:)``).
  package func parameter(_ name: String) -> ParameterValue? {
    // The slot first: a name that is not a capture (a query item, say) costs no split here.
    guard let slot = storage.captureSlot(named: name, entry: Int(entry), count: slots.count)
    else { return nil }
    return withCaptures { $0.value(at: slot) }
  }

  /// The value of `key` as text: captures first, then the query (last value), then fragment
  /// parameters. A query can never override a path value. For a typed value, use
  /// ``value(_:as:)``.
  ///
  /// ```swift
  /// // myapp://user/<int:id> on myapp://user/007?tab=posts
  /// match["id"]    // "007"
  /// match["tab"]   // "posts"
  /// match["x"]     // nil
  /// ```
  public subscript(_ key: String) -> String? {
    if let value = parameter(key) { return value.description }
    if let value = reading.lastQueryValue(key, plusAsSpace: storage.options.plusAsSpace) {
      return value
    }
    return fragmentParameters.last(key)
  }

  /// The query, in URL order (<doc:MatchResults>).
  ///
  /// A match that a ``Router`` hands to a handler parses its query once, on first read, and
  /// shares it with the interceptors and the unmatched handler. A lookup allocates nothing, so
  /// a match straight from a ``RouteMatcher`` keeps nothing: each read parses the query again
  /// (keep the value), while ``subscript(_:)`` finds one name without parsing the rest.
  ///
  /// ```swift
  /// let query = match.query          // parse once…
  /// let tab = query.last("tab")      // …and read it as often as needed
  /// ```
  public var query: QueryParameters { reading.query(plusAsSpace: storage.options.plusAsSpace) }

  /// The decoded fragment, or `nil` when the URL has none.
  public var fragment: String? { reading.fragment }

  /// The fragment read as `k=v&k2=v2` parameters, when it contains an `=`; else empty.
  public var fragmentParameters: QueryParameters {
    reading.fragmentParameters(plusAsSpace: storage.options.plusAsSpace)
  }

  /// The URL's parts as the engine read them.
  public var url: URLParts { reading.parts(options: storage.options) }
}

extension RouteMatch {
  /// An unfilled match for the URL read as `reading`, which the router's lookup fills in
  /// place once its search found the winner (see `fill(entry:slots:)`). Never handed out
  /// unfilled.
  ///
  /// The caller sets the context afterwards: assigning `context` in an initializer (it has a
  /// default value) makes the optimizer copy the whole match on its way out.
  init(emptyIn storage: MatcherStorage, reading: URLReading) {
    self.storage = storage
    entry = -1
    self.reading = reading
    slots = CaptureList()
  }

  /// Makes an empty match (`init(emptyIn:reading:)`) the match of entry `entry`, with the
  /// captures in `slots` swapped in (moved, not copied; `slots` is left empty).
  mutating func fill(entry: Int, slots: inout CaptureList) {
    self.entry = Int32(entry)
    swap(&self.slots, &slots)
  }
}
