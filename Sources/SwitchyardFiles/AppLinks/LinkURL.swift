import Switchyard

/// A URL as the app-link checks see it: the engine's own reading (<doc:ReadingURLs>,
/// `URLReading`) with every scheme keeping its host, the way iOS and Android read links.
struct LinkURL: Sendable, Hashable {
  var scheme: String?
  var host: String?
  var port: Int?
  /// Decoded path segments, empty ones dropped.
  var segments: [String]
  /// Decoded query items, in order.
  var query: [QueryItem]
  /// The query as written, without `?`.
  var rawQuery: String?
  /// The decoded fragment, or `nil` when the URL has none.
  var fragment: String?
  /// The path as written: empty segments and a trailing `/` kept, not decoded.
  var rawPath: String = ""

  struct QueryItem: Sendable, Hashable {
    var name: String
    var value: String
  }

  /// The decoded path: `/` and the segments joined by `/` (`/` for no segments).
  var decodedPath: String { "/" + segments.joined(separator: "/") }

  /// The path with each segment percent-encoded the canonical way.
  var encodedPath: String {
    "/"
      + segments.map { percentEncoded($0, allowing: LinkText.pathSafe) }.joined(
        separator: "/")
  }

  /// The raw path's pieces between `/`s, empty ones kept (`/7/get-app/` → `["", "7",
  /// "get-app", ""]`); `["", ""]` (the path `/`) for an empty path.
  private var writtenPieces: [Substring] {
    let path = rawPath.isEmpty ? "/" : rawPath
    return path.split(separator: "/", omittingEmptySubsequences: false)
  }

  /// The decoded path as iOS compares it with a component's `/` pattern (`percentEncoded`
  /// false) and Android with an intent filter's path rules (`Uri.getPath()`): every `/` kept,
  /// so `/a/` and `/a//b` stay as written (`/` for an empty path).
  var decodedPathAsWritten: String {
    writtenPieces.map { decodedPathPiece($0) }.joined(separator: "/")
  }

  /// The path as iOS compares it with a `percentEncoded` pattern: every `/` kept, each piece
  /// percent-encoded the canonical way.
  var encodedPathAsWritten: String {
    writtenPieces.map { percentEncoded(decodedPathPiece($0), allowing: LinkText.pathSafe) }
      .joined(separator: "/")
  }

  private func decodedPathPiece(_ piece: Substring) -> String {
    guard piece.contains("%") else { return String(piece) }
    // The engine's one reader decodes: read the piece as a one-segment path.
    return LinkURLReader.standard.read("/" + piece).segments.first ?? ""
  }
}

/// Reads URLs into ``LinkURL``s, through the engine's one reading of a URL.
struct LinkURLReader: Sendable {
  /// A reader with the default options (`+` stays a plus), as the platforms read links.
  static let standard = LinkURLReader()

  private let options: RouteOptions

  init(plusAsSpace: Bool = false) {
    options = RouteOptions(hostAsPath: .never, plusAsSpace: plusAsSpace)
  }

  func read(_ url: String) -> LinkURL {
    let reading = URLReading(reading: url, options: options)
    let parts = reading.parts(options: options)
    return LinkURL(
      scheme: parts.scheme, host: parts.host, port: parts.port, segments: parts.pathSegments,
      query: reading.query(plusAsSpace: options.plusAsSpace).items.map {
        LinkURL.QueryItem(name: $0.name, value: $0.value)
      },
      rawQuery: parts.rawQuery, fragment: parts.fragment, rawPath: reading.rawPath)
  }
}

/// The byte sets the app-link files percent-encode with (``percentEncoded(_:allowing:)``, the
/// package's one encoder): the builder's places, and what the platforms also leave as is.
enum LinkText {
  /// RFC 3986 unreserved characters and the sub-delimiters, `:` and `@`: what a path segment
  /// may hold unencoded (the builder's path-segment set).
  static func pathSafe(_ byte: UInt8) -> Bool {
    URLBuilder.isAllowed(byte, in: .pathSegment)
  }

  /// What a query name or value may hold unencoded: the builder's query set (path-safe
  /// characters but `&`, `=` and `+`), and `/` and `?`.
  static func querySafe(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || URLBuilder.isAllowed(byte, in: .query)
  }

  /// What a fragment may hold unencoded: path-safe characters, `/` and `?`.
  static func fragmentSafe(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || pathSafe(byte)
  }
}
