/// One URL as the engine read it (<doc:ReadingURLs>): its text, whether its host is read as
/// the first path segment, and — when it is kept — its one split and its parsed query.
///
/// A match, an interceptor's request and an unmatched request all read their URL through one
/// of these. A reading that a router makes is **kept**: the split the search made is stored
/// in the reading itself (no allocation), and when the URL has a query or a fragment its
/// query and fragment parameters are parsed on first read and kept for every later read, by
/// every copy (in one shared ``ParsedParameters``: the one allocation a kept reading makes,
/// and only for a URL with something to parse). A match straight from a lookup is not kept:
/// the parts are split again from the text when read (the split is a single pass, cheap next
/// to decoding), and the query is parsed at each read.
package struct URLReading: Sendable {
  /// The URL as given.
  let text: String
  /// The split, in 16-bit offsets, when the reading is kept (`nil` otherwise, and for a URL
  /// too long to pack, see `URLLayout.Packed`: its split is kept in `parameters`).
  private let packed: URLLayout.Packed?
  /// The parameters, parsed once for every copy; `nil` for a reading that is not kept, and for
  /// a kept reading of a URL without a query or a fragment (there is nothing to parse). A kept
  /// reading of a URL too long to pack always has one, and keeps its split there.
  private let parameters: ParsedParameters?
  /// Whether the host is read as the first path segment.
  let hostAsPath: Bool

  /// A URL a lookup has read, not kept (it allocates nothing).
  init(_ text: String, hostAsPath: Bool) {
    self.text = text
    self.hostAsPath = hostAsPath
    packed = nil
    parameters = nil
  }

  /// A URL that a search has read as `split`, kept.
  init(_ text: String, _ split: URLSplit) {
    self.text = text
    hostAsPath = split.hostAsPath
    if let packed = URLLayout.Packed(split.layout, count: text.utf8.count) {
      self.packed = packed
      parameters = packed.hasQueryOrFragment ? ParsedParameters.make() : nil
    } else {
      // A URL too long to pack keeps its split with its parameters.
      packed = nil
      parameters = ParsedParameters.make(layout: split.layout.layout)
    }
  }

  /// Reads `text` under `options`, without matching it, kept.
  package init(reading text: String, options: RouteOptions) {
    self.text = text
    var layout = URLLayout()
    var hostAsPath = false
    Self.withBytes(of: text) { bytes in
      layout = URLLayout.split(bytes)
      hostAsPath = Self.hostAsPath(bytes, layout, options: options)
    }
    self.hostAsPath = hostAsPath
    let packed = URLLayout.Packed(layout, count: text.utf8.count)
    self.packed = packed
    // A URL too long to pack keeps its split with its parameters.
    parameters =
      packed == nil
      ? ParsedParameters.make(layout: layout)
      : layout.query != nil || layout.fragment != nil ? ParsedParameters.make() : nil
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
    if let layout = parameters?.layout { return layout }
    return withBytes { URLLayout.split($0) }
  }

  /// How the engine read the URL (for a search that must not split it again); `nil` when it
  /// is not kept (a search then splits it again).
  var split: URLSplit? {
    guard packed != nil || parameters?.layout != nil else { return nil }
    return URLLayout.Wide(layout, count: text.utf8.count).map {
      URLSplit(layout: $0, hostAsPath: hostAsPath)
    }
  }

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

  /// The path as written (not decoded; empty segments and a trailing `/` kept), without the
  /// scheme, authority, query and fragment: what an app-link file's path patterns are compared
  /// with, since iOS does not drop empty segments as the router does.
  package var rawPath: String {
    let range = layout.path
    return withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
  }

  /// The parts of the URL.
  package func parts(options: RouteOptions) -> URLParts {
    URLParts(self, options: options)
  }

  /// The query, in URL order.
  package func query(plusAsSpace: Bool) -> QueryParameters {
    guard let parameters else { return parseQuery(plusAsSpace: plusAsSpace) }
    return parameters.query { parseQuery(plusAsSpace: plusAsSpace) }
  }

  /// The fragment read as `k=v&k2=v2` parameters, when it contains an `=`; else empty.
  func fragmentParameters(plusAsSpace: Bool) -> QueryParameters {
    guard let parameters else { return parseFragment(plusAsSpace: plusAsSpace) }
    return parameters.fragment { parseFragment(plusAsSpace: plusAsSpace) }
  }

  /// The decoded fragment, or `nil` when the URL has none.
  var fragment: String? {
    guard let range = layout.fragment else { return nil }
    return withBytes { decodeComponent($0, range) }
  }

  /// The last value of the query parameter `name`, found without parsing the whole query
  /// (only that value is decoded) unless it is kept parsed already.
  func lastQueryValue(_ name: String, plusAsSpace: Bool) -> String? {
    if let query = parameters?.parsedQuery { return query.last(name) }
    guard let range = layout.query else { return nil }
    return withBytes { lastValue(inQuery: $0, range, named: name, plusAsSpace: plusAsSpace) }
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
/// copies of a kept ``URLReading`` (and of the match or request that holds it). A parse runs
/// under the lock, so concurrent first reads parse once. For a URL too long to pack (see
/// `URLLayout.Packed`) it also keeps the URL's split, so that it is split once.
///
/// One allocation: the lock lives in the object's tail storage (a `ManagedBuffer`), where its
/// address is stable.
struct ParsedParameters: @unchecked Sendable {
  // Safety of `@unchecked Sendable`: `Parsed` is read and written only under the lock, the
  // layout is written only when the buffer is made (then read without the lock: a parse under
  // the lock reads it), and the buffer is shared only through this type.

  struct Parsed {
    var query: QueryParameters? = nil
    var fragment: QueryParameters? = nil
  }

  struct Header {
    /// The URL's split, for a URL too long to pack; never changed once made.
    let layout: URLLayout?
    var parsed = Parsed()
  }

  /// The parameters, with the lock as the one tail element.
  private final class Buffer: ManagedBuffer<Header, OSLock.Primitive> {
    deinit {
      withUnsafeMutablePointerToElements { OSLock.destroy($0) }
    }
  }

  private let buffer: Buffer

  /// Storage for the parameters of one URL, keeping `layout` when it is given (a URL too long
  /// to pack).
  static func make(layout: URLLayout? = nil) -> ParsedParameters {
    let buffer = Buffer.create(minimumCapacity: 1) { _ in Header(layout: layout) }
    buffer.withUnsafeMutablePointerToElements { OSLock.initialize($0) }
    return ParsedParameters(buffer: unsafeDowncast(buffer, to: Buffer.self))
  }

  private func withLock<Result>(_ body: (inout Parsed) -> Result) -> Result {
    buffer.withUnsafeMutablePointers { header, lock in
      OSLock.lock(lock)
      defer { OSLock.unlock(lock) }
      return body(&header.pointee.parsed)
    }
  }
  /// The query if it was parsed already.
  var parsedQuery: QueryParameters? { withLock { $0.query } }

  /// The URL's split, when it is kept here (a URL too long to pack).
  var layout: URLLayout? { buffer.withUnsafeMutablePointerToHeader { $0.pointee.layout } }

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

/// The last value of the query parameter `name` in `range` (a query, without its `?`) of
/// `bytes`, decoded, or `nil` when the query has no such name; only that value is decoded.
func lastValue(
  inQuery bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, named name: String,
  plusAsSpace: Bool
) -> String? {
  var name = name
  return name.withUTF8 { expected in
    let asciiName = expected.allSatisfy { $0 < 0x80 }
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
