import Switchyard

/// A URL as the app-link checks see it: the engine's own reading (<doc:ReadingURLs>) with every
/// scheme keeping its host, the way iOS and Android read links.
///
/// The parts come from a matcher whose only route is the catch-all `/*`, so there is one URL
/// reading in the package and this is it.
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

  struct QueryItem: Sendable, Hashable {
    var name: String
    var value: String
  }

  /// The decoded path: `/` and the segments joined by `/` (`/` for no segments).
  var decodedPath: String { "/" + segments.joined(separator: "/") }

  /// The path with each segment percent-encoded the canonical way.
  var encodedPath: String {
    "/"
      + segments.map { LinkText.percentEncoded($0, keeping: LinkText.pathSafe) }.joined(
        separator: "/")
  }
}

/// Reads URLs into ``LinkURL``s.
struct LinkURLReader: Sendable {
  /// A reader with the default options (`+` stays a plus), as the platforms read links.
  static let standard = LinkURLReader()

  private let matcher: RouteMatcher?

  init(plusAsSpace: Bool = false) {
    var table = RouteTable(options: RouteOptions(hostAsPath: .never, plusAsSpace: plusAsSpace))
    matcher = (try? table.add("any", "/*")).map { _ in RouteMatcher(table) }
  }

  func read(_ url: String) -> LinkURL {
    guard let match = matcher?.match(url) else {
      // Unreachable: `/*` matches every string. Kept so that nothing ever traps.
      return LinkURL(
        scheme: nil, host: nil, port: nil, segments: [], query: [], rawQuery: nil, fragment: nil)
    }
    let parts = match.url
    return LinkURL(
      scheme: parts.scheme, host: parts.host, port: parts.port, segments: parts.pathSegments,
      query: match.query.items.map { LinkURL.QueryItem(name: $0.name, value: $0.value) },
      rawQuery: parts.rawQuery, fragment: parts.fragment)
  }
}

/// Text helpers shared by the app-link files: percent-encoding and XML/JSON-safe text.
enum LinkText {
  /// RFC 3986 unreserved characters and the sub-delimiters, `:` and `@`: what a path segment
  /// may hold unencoded.
  static func pathSafe(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
      UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
      UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
      UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"),
      UInt8(ascii: "@"):
      return true
    default:
      return false
    }
  }

  /// What a query name or value may hold unencoded: path-safe characters, `/` and `?`, but
  /// not `&`, `=`, `+` or `#`.
  static func querySafe(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "+"): return false
    case UInt8(ascii: "/"), UInt8(ascii: "?"): return true
    default: return pathSafe(byte)
    }
  }

  /// What a fragment may hold unencoded.
  static func fragmentSafe(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || pathSafe(byte)
  }

  /// `text` with every byte `keep` refuses written as `%XX` (uppercase hex).
  static func percentEncoded(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if keep(byte) {
        bytes.append(byte)
      } else {
        bytes.append(UInt8(ascii: "%"))
        bytes.append(digits[Int(byte >> 4)])
        bytes.append(digits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// ASCII letters lowercased; everything else as is.
  static func asciiLowercased(_ text: String) -> String {
    String(
      decoding: text.utf8.map {
        $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0
      }, as: UTF8.self)
  }
}
