/// One URL as the engine read it (<doc:ReadingURLs>): its text, its one split, and whether
/// its host is read as the first path segment.
///
/// A match, an interceptor's request and an unmatched request all read their URL through one
/// of these. The parts, the decoded segments and the query are built from the split when
/// someone reads them; nothing splits the URL again.
struct URLReading: Sendable {
  /// The URL as given.
  let text: String
  /// The split, in 32-bit offsets (`nil` for a URL of 2 GiB or more: split again when read).
  private let packed: PackedLayout?
  /// Whether the host is read as the first path segment.
  let hostAsPath: Bool
  /// Where the query and fragment parameters are kept once parsed; `nil` parses them at each
  /// read (see ``keepingParameters()``).
  private let kept: KeptParameters?

  /// A URL that a search has read as `split`.
  init(_ text: String, _ split: MatcherStorage.Split) {
    self.text = text
    packed = PackedLayout(split.layout, count: text.utf8.count)
    hostAsPath = split.hostAsPath
    kept = nil
  }

  /// Reads `text` under `options`, without matching it.
  init(reading text: String, options: RouteOptions) {
    self.text = text
    var layout = URLLayout()
    var hostAsPath = false
    Self.withBytes(of: text) { bytes in
      layout = URLLayout.split(bytes)
      hostAsPath = Self.hostAsPath(bytes, layout, options: options)
    }
    packed = PackedLayout(layout, count: text.utf8.count)
    self.hostAsPath = hostAsPath
    kept = nil
  }

  private init(_ other: URLReading, kept: KeptParameters) {
    text = other.text
    packed = other.packed
    hostAsPath = other.hostAsPath
    self.kept = kept
  }

  /// The same reading, with its query and fragment parameters parsed on first read and kept
  /// for every later read (by this value and its copies). Costs one allocation.
  func keepingParameters() -> URLReading {
    kept == nil ? URLReading(self, kept: KeptParameters()) : self
  }

  /// Whether a URL split as `layout` reads its host as a path segment: the URL's scheme or,
  /// without one, the default scheme decides (`HostAsPathPolicy`).
  static func hostAsPath(
    _ bytes: UnsafeBufferPointer<UInt8>, _ layout: URLLayout, options: RouteOptions
  ) -> Bool {
    if let range = layout.scheme {
      return options.hostAsPath.applies(toSchemeBytes: UnsafeBufferPointer(rebasing: bytes[range]))
    }
    guard var scheme = options.defaultScheme, !scheme.isEmpty else { return false }
    return scheme.withUTF8 { options.hostAsPath.applies(toSchemeBytes: $0) }
  }

  /// Where the parts of the URL are.
  var layout: URLLayout {
    if let packed { return packed.layout }
    return withBytes { URLLayout.split($0) }
  }

  /// How the engine read the URL (for a search that must not split it again).
  var split: MatcherStorage.Split { MatcherStorage.Split(layout: layout, hostAsPath: hostAsPath) }

  func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    Self.withBytes(of: text, body)
  }

  private static func withBytes<R>(
    of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(body)
  }

  /// The decoded path segments (a host read as a path segment first).
  func decodedSegments(_ bytes: UnsafeBufferPointer<UInt8>, _ layout: URLLayout) -> [String] {
    var segments: [String] = []
    forEachSegment(bytes, layout, hostAsPath: hostAsPath) {
      segments.append(decodeComponent(bytes, $0))
    }
    return segments
  }

  /// The parts of the URL.
  func parts(options: RouteOptions) -> URLParts {
    URLParts(self, options: options)
  }

  /// The query, in URL order.
  func query(plusAsSpace: Bool) -> QueryParameters {
    guard let kept else { return parseQuery(plusAsSpace: plusAsSpace) }
    return kept.query { parseQuery(plusAsSpace: plusAsSpace) }
  }

  /// The fragment read as `k=v&k2=v2` parameters, when it contains an `=`; else empty.
  func fragmentParameters(plusAsSpace: Bool) -> QueryParameters {
    guard let kept else { return parseFragment(plusAsSpace: plusAsSpace) }
    return kept.fragment { parseFragment(plusAsSpace: plusAsSpace) }
  }

  /// The decoded fragment, or `nil` when the URL has none.
  var fragment: String? {
    guard let range = layout.fragment else { return nil }
    return withBytes { decodeComponent($0, range) }
  }

  /// The last value of the query parameter `name`, found without parsing the whole query
  /// (only that value is decoded) unless it is kept parsed already.
  func lastQueryValue(_ name: String, plusAsSpace: Bool) -> String? {
    if let kept, let query = kept.parsedQuery { return query.last(name) }
    guard let range = layout.query else { return nil }
    var name = name
    return name.withUTF8 { expected in
      let asciiName = expected.allSatisfy { $0 < 0x80 }
      return withBytes { bytes in
        var found: QueryPairs.Pair? = nil
        for pair in QueryPairs(bytes, range) {
          let raw = UnsafeBufferPointer(rebasing: bytes[pair.name])
          let plain =
            asciiName
            && !raw.contains { byte in
              byte >= 0x80 || byte == UInt8(ascii: "%")
                || (plusAsSpace && byte == UInt8(ascii: "+"))
            }
          // Plain ASCII compares byte for byte; anything else as `String`s, as
          // `QueryParameters.last(_:)` does.
          let equal =
            plain
            ? raw.elementsEqual(expected)
            : decodeComponent(bytes, pair.name, plusAsSpace: plusAsSpace)
              == String(decoding: expected, as: UTF8.self)
          if equal { found = pair }
        }
        guard let found else { return nil }
        return found.value.map { decodeComponent(bytes, $0, plusAsSpace: plusAsSpace) } ?? ""
      }
    }
  }

  private func parseQuery(plusAsSpace: Bool) -> QueryParameters {
    guard let range = layout.query else { return QueryParameters(items: []) }
    return withBytes { QueryParameters(parsing: $0, range, plusAsSpace: plusAsSpace) }
  }

  private func parseFragment(plusAsSpace: Bool) -> QueryParameters {
    guard let range = layout.fragment else { return QueryParameters(items: []) }
    return withBytes { bytes in
      guard bytes[range].contains(UInt8(ascii: "=")) else { return QueryParameters(items: []) }
      return QueryParameters(parsing: bytes, range, plusAsSpace: plusAsSpace)
    }
  }
}

/// The query and fragment parameters of one URL, parsed on first read and kept; shared by the
/// copies of a ``URLReading`` (and of the match or request that holds it). A parse runs under
/// the lock, so concurrent first reads parse once.
typealias KeptParameters = Locked<(query: QueryParameters?, fragment: QueryParameters?)>

extension Locked where State == (query: QueryParameters?, fragment: QueryParameters?) {
  convenience init() { self.init((nil, nil)) }

  /// The query if it was parsed already.
  var parsedQuery: QueryParameters? { withLock { $0.query } }

  func query(_ parse: () -> QueryParameters) -> QueryParameters {
    withLock { kept in
      if let query = kept.query { return query }
      let query = parse()
      kept.query = query
      return query
    }
  }

  func fragment(_ parse: () -> QueryParameters) -> QueryParameters {
    withLock { kept in
      if let fragment = kept.fragment { return fragment }
      let fragment = parse()
      kept.fragment = fragment
      return fragment
    }
  }
}

/// A ``URLLayout`` in 32-bit offsets (-1 for an absent part): a third of its size, so that a
/// match, returned by value from every lookup, stays small.
private struct PackedLayout: Sendable {
  private var scheme: (Int32, Int32)
  private var host: (Int32, Int32)
  private var port: Int32
  private var path: (Int32, Int32)
  private var query: (Int32, Int32)
  private var fragment: (Int32, Int32)
  private var hasEscapes: Bool

  /// `nil` when the URL (`count` bytes) is too long for 32-bit offsets.
  init?(_ layout: URLLayout, count: Int) {
    guard count < Int(Int32.max) else { return nil }
    func pack(_ range: Range<Int>?) -> (Int32, Int32) {
      range.map { (Int32($0.lowerBound), Int32($0.upperBound)) } ?? (-1, -1)
    }
    scheme = pack(layout.scheme)
    host = pack(layout.host)
    port = layout.port.map { Int32($0) } ?? -1
    path = pack(layout.path)
    query = pack(layout.query)
    fragment = pack(layout.fragment)
    hasEscapes = layout.hasEscapes
  }

  var layout: URLLayout {
    func unpack(_ range: (Int32, Int32)) -> Range<Int>? {
      range.0 < 0 ? nil : Int(range.0)..<Int(range.1)
    }
    var layout = URLLayout()
    layout.scheme = unpack(scheme)
    layout.host = unpack(host)
    layout.port = port < 0 ? nil : Int(port)
    layout.path = unpack(path) ?? 0..<0
    layout.query = unpack(query)
    layout.fragment = unpack(fragment)
    layout.hasEscapes = hasEscapes
    return layout
  }
}
