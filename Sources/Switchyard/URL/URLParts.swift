/// The parts of a URL as the engine read them (<doc:ReadingURLs>).
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

extension URLParts {
  /// The parts of a URL read as `reading` under `options` (for the default scheme).
  init(_ reading: URLReading, options: RouteOptions) {
    let layout = reading.layout
    self = reading.withBytes { bytes in
      let scheme =
        layout.scheme.map { String(decoding: bytes[$0].map(asciiLower), as: UTF8.self) }
        ?? options.defaultScheme.flatMap { $0.isEmpty ? nil : asciiLowercased($0) }
      var host: String? = nil
      if !reading.hostAsPath, let range = layout.host, !range.isEmpty {
        host = String(decoding: bytes[range].map(asciiLower), as: UTF8.self)
      }
      return URLParts(
        scheme: scheme, host: host, port: layout.port,
        pathSegments: reading.decodedSegments(bytes, layout),
        rawQuery: layout.query.map { String(decoding: bytes[$0], as: UTF8.self) },
        fragment: layout.fragment.map { decodeComponent(bytes, $0) })
    }
  }
}
