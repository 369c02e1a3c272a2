/// A typed value captured from a URL.
///
/// `int` captures are integers, `float` (`double`) captures are numbers, and every other
/// capture (string, `uuid`, `path`, `*`, registered types) is a string.
public enum ParameterValue: Sendable, Hashable, CustomStringConvertible {
  case string(String)
  case int(Int)
  case double(Double)

  /// The value as text: strings as they are, numbers as Swift prints them.
  public var description: String {
    switch self {
    case .string(let value): return value
    case .int(let value): return String(value)
    case .double(let value): return String(value)
    }
  }

  /// The string, for string captures.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The integer, for `int` captures.
  public var intValue: Int? {
    if case .int(let value) = self { return value }
    return nil
  }

  /// The number, for `float` and `int` captures.
  public var doubleValue: Double? {
    switch self {
    case .double(let value): return value
    case .int(let value): return Double(value)
    case .string: return nil
    }
  }
}

/// An ordered multi-map of query (or fragment) parameters: every name keeps every value,
/// in order (<doc:ReadingURLs>).
///
/// ```swift
/// let query = matcher.match("myapp://feed?tab=posts&tab=likes&flag")!.query
/// query.first("tab")   // "posts"
/// query.last("tab")    // "likes"
/// query.all("tab")     // ["posts", "likes"]
/// query.last("flag")   // ""
/// ```
public struct QueryParameters: Sendable, Hashable, Sequence {
  /// Every `(name, value)` pair, in URL order, decoded.
  public let items: [(name: String, value: String)]

  init(items: [(name: String, value: String)]) {
    self.items = items
  }

  /// Reads `name=value&…` pairs: split on `&`, each piece on its first `=`, names and values
  /// percent-decoded once, empty pieces skipped; `+` is a space when `plusAsSpace` is set.
  init(parsing bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plusAsSpace: Bool) {
    var items: [(name: String, value: String)] = []
    var start = range.lowerBound
    while start < range.upperBound {
      var stop = start
      while stop < range.upperBound, bytes[stop] != 0x26 { stop += 1 }
      if stop > start {
        var equals = start
        while equals < stop, bytes[equals] != 0x3D { equals += 1 }
        let name = decodeComponent(bytes, start..<equals, plusAsSpace: plusAsSpace)
        let value =
          equals < stop ? decodeComponent(bytes, (equals + 1)..<stop, plusAsSpace: plusAsSpace) : ""
        items.append((name, value))
      }
      start = stop + 1
    }
    self.items = items
  }

  /// The distinct names, in order of first appearance.
  public var names: [String] {
    var seen = Set<String>()
    return items.compactMap { seen.insert($0.name).inserted ? $0.name : nil }
  }

  /// The first value of `name`.
  public func first(_ name: String) -> String? { items.first { $0.name == name }?.value }
  /// The last value of `name`.
  public func last(_ name: String) -> String? { items.last { $0.name == name }?.value }
  /// Every value of `name`, in order.
  public func all(_ name: String) -> [String] { items.filter { $0.name == name }.map(\.value) }
  /// Whether there are no parameters.
  public var isEmpty: Bool { items.isEmpty }

  public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    items.makeIterator()
  }

  public static func == (lhs: QueryParameters, rhs: QueryParameters) -> Bool {
    lhs.items.count == rhs.items.count
      && zip(lhs.items, rhs.items).allSatisfy { $0.name == $1.name && $0.value == $1.value }
  }

  public func hash(into hasher: inout Hasher) {
    for item in items {
      hasher.combine(item.name)
      hasher.combine(item.value)
    }
  }
}

/// The parts of a matched URL as the engine read them (<doc:ReadingURLs>).
///
/// ```swift
/// let parts = matcher.match("MyApp://user/42?tab=posts#top")!.url
/// parts.scheme        // "myapp"
/// parts.host          // nil: a custom scheme's host is its first path segment
/// parts.pathSegments  // ["user", "42"]
/// parts.rawQuery      // "tab=posts"
/// parts.fragment      // "top"
/// ```
public struct URLParts: Sendable, Hashable {
  /// The scheme, lowercased (the default scheme when the URL had none), or `nil`.
  public var scheme: String?
  /// The host, lowercased; `nil` when there is none or it was read as a path segment.
  public var host: String?
  /// The port, if the URL named one.
  public var port: Int?
  /// The decoded path segments (a host-as-path host first).
  public var pathSegments: [String]
  /// The query as written (not decoded), without `?`.
  public var rawQuery: String?
  /// The decoded fragment, without `#`.
  public var fragment: String?
}

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
  // Kept small: a match is returned by value from every lookup. Everything else (the URL's
  // layout, decoded values) is recomputed from the URL when asked for.
  let storage: MatcherStorage
  let entry: Int32
  let hostAsPath: Bool
  /// The URL as given.
  public let urlString: String
  private(set) var slots: CaptureList
  /// What the routing call carries (see `RoutingContext`): empty for a bare matcher's match;
  /// a router sets it before its interceptors and handlers see the match.
  public internal(set) var context = RoutingContext()

  init(storage: MatcherStorage, entry: Int, url: String, hostAsPath: Bool, slots: CaptureList) {
    self.storage = storage
    self.entry = Int32(entry)
    self.urlString = url
    self.hostAsPath = hostAsPath
    self.slots = slots
  }

  /// Moves the capture storage out (for reuse by `RouteMatcher.match(_:into:)`).
  mutating func takeSlots() -> CaptureList {
    let taken = slots
    slots = CaptureList()
    return taken
  }

  /// The URL's layout, split again (cheap, and keeps the match small).
  private var layout: URLLayout { withBytes { URLLayout.split($0) } }

  /// The route that matched.
  public var route: Route { storage.routes[routeIndex] }

  /// The matched route's position in registration order (``Route/index``), without copying
  /// the route: the cheapest way to dispatch on the result.
  public var routeIndex: Int { Int(storage.entries[Int(entry)].route) }

  /// Every named capture and its typed value, in pattern order (an unnamed `*` is not listed).
  public var parameters: [(name: String, value: ParameterValue)] {
    let names = storage.nameLists[Int(storage.entries[Int(entry)].names)]
    return withBytes { bytes in
      let segments = decodedSegments(bytes)
      var result: [(name: String, value: ParameterValue)] = []
      for index in 0..<slots.count {
        guard index < names.count, let name = names[index] else { continue }
        result.append((name, value(of: slots[index], bytes, segments)))
      }
      return result
    }
  }

  /// The typed value of the capture `name`, if the pattern has it.
  public func parameter(_ name: String) -> ParameterValue? {
    parameters.first { $0.name == name }?.value
  }

  /// A merged lookup: captures first, then the query (last value), then fragment parameters.
  /// A query can never override a path value.
  public subscript(_ key: String) -> String? {
    if let value = parameter(key) { return value.description }
    if let value = query.last(key) { return value }
    return fragmentParameters.last(key)
  }

  /// The query, in URL order.
  public var query: QueryParameters {
    guard let range = layout.query else { return QueryParameters(items: []) }
    return withBytes {
      QueryParameters(parsing: $0, range, plusAsSpace: storage.options.plusAsSpace)
    }
  }

  /// The decoded fragment, or `nil` when the URL has none.
  public var fragment: String? {
    guard let range = layout.fragment else { return nil }
    return withBytes { decodeComponent($0, range) }
  }

  /// The fragment read as `k=v&k2=v2` parameters, when it contains an `=`; else empty.
  public var fragmentParameters: QueryParameters {
    guard let range = layout.fragment else { return QueryParameters(items: []) }
    return withBytes { bytes in
      guard bytes[range].contains(0x3D) else { return QueryParameters(items: []) }
      return QueryParameters(parsing: bytes, range, plusAsSpace: storage.options.plusAsSpace)
    }
  }

  /// The URL's parts as the engine read them.
  public var url: URLParts {
    let layout = self.layout
    return withBytes { bytes in
      let scheme =
        layout.scheme.map { String(decoding: bytes[$0].map(asciiLower), as: UTF8.self) }
        ?? storage.options.defaultScheme.flatMap { $0.isEmpty ? nil : asciiLowercased($0) }
      var host: String? = nil
      if !hostAsPath, let range = layout.host, !range.isEmpty {
        host = String(decoding: bytes[range].map(asciiLower), as: UTF8.self)
      }
      return URLParts(
        scheme: scheme, host: host, port: layout.port, pathSegments: decodedSegments(bytes),
        rawQuery: layout.query.map { String(decoding: bytes[$0], as: UTF8.self) },
        fragment: layout.fragment.map { decodeComponent(bytes, $0) })
    }
  }

  // MARK: Decoding

  private func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = urlString.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(urlString.utf8).withUnsafeBufferPointer(body)
  }

  private func decodedSegments(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
    let layout = URLLayout.split(bytes)
    var segments: [String] = []
    forEachSegment(bytes, layout, hostAsPath: hostAsPath) {
      segments.append(decodeComponent(bytes, $0))
    }
    return segments
  }

  private func value(
    of slot: CaptureSlot, _ bytes: UnsafeBufferPointer<UInt8>, _ segments: [String]
  ) -> ParameterValue {
    let text: String
    switch slot.kind {
    case .segments:
      text = segments[slot.a..<slot.b].joined(separator: "/")
    case .mixed:
      let segment = Array(segments[slot.a].utf8)
      text = String(decoding: segment[slot.b..<(segment.count - slot.c)], as: UTF8.self)
    case .queryValue:
      text = decodeComponent(bytes, slot.a..<slot.b, plusAsSpace: storage.options.plusAsSpace)
    case .fragment:
      text = decodeComponent(bytes, slot.a..<slot.b)
    }
    switch slot.type {
    case 1:
      return text.utf8.withContiguousStorageIfAvailable { parseInt($0) }.flatMap {
        $0.map(ParameterValue.int)
      }
        ?? .string(text)
    case 2:
      return Array(text.utf8).withUnsafeBufferPointer { parseFloat($0) }.map(ParameterValue.double)
        ?? .string(text)
    default:
      return .string(text)
    }
  }
}
