/// A URL read by the engine's rules (<doc:ReadingURLs>) without matching it against a route: what
/// unmatched handlers, interceptors and the back-stack builder need.
///
/// The decoded parts come from the engine itself (a matcher whose only route is the catch-all
/// `/*`), so they are read exactly as a match would read them. Only the byte offsets where
/// path segments end are found here, for cutting a URL into its parents.
struct ParsedURL: Sendable {
  var parts: URLParts
  var query: QueryParameters
  var fragmentParameters: QueryParameters
}

/// Reads any URL into its parts under one set of options.
struct URLReader: Sendable {
  let options: RouteOptions
  private let catchAll: RouteMatcher?

  init(options: RouteOptions) {
    self.options = options
    // The default scheme is applied by hand in `parse`: a catch-all pattern with a default
    // scheme would only match URLs of that scheme.
    var table = RouteTable(
      options: RouteOptions(
        hostAsPath: options.hostAsPath, caseInsensitivePaths: options.caseInsensitivePaths,
        plusAsSpace: options.plusAsSpace, defaultScheme: nil))
    catchAll = (try? table.add("any", "/*")).map { _ in RouteMatcher(table) }
  }

  /// The URL with the default scheme written in front when it has no scheme of its own.
  func withScheme(_ url: String) -> String {
    guard let scheme = options.defaultScheme, URLShape(url).schemeEnd == nil else { return url }
    return scheme + ":" + url
  }

  /// The lowercased scheme of `url`, or the default scheme when it has none.
  func scheme(of url: String) -> String? {
    let shape = URLShape(url)
    if let end = shape.schemeEnd {
      return lowercasedASCII(String(decoding: shape.bytes[0..<end], as: UTF8.self))
    }
    return options.defaultScheme.map(lowercasedASCII)
  }

  func parse(_ url: String) -> ParsedURL {
    if let match = catchAll?.match(withScheme(url)) {
      return ParsedURL(
        parts: match.url, query: match.query, fragmentParameters: match.fragmentParameters)
    }
    // Unreachable: `/*` matches every string. Kept so that nothing ever traps.
    return ParsedURL(
      parts: URLParts(
        scheme: scheme(of: url), host: nil, port: nil, pathSegments: [], rawQuery: nil,
        fragment: nil),
      query: QueryParameters(items: []), fragmentParameters: QueryParameters(items: []))
  }

  /// The URL cut after each of its path segments but the last (the host first when it is read
  /// as a segment), shortest first; the query and fragment are dropped.
  ///
  /// `myapp://user/42/post/7` → `myapp://user`, `myapp://user/42`, `myapp://user/42/post`.
  func parentURLs(of url: String) -> [String] {
    let shape = URLShape(url)
    let hostAsPath = options.hostAsPath.applies(toScheme: scheme(of: url))
    var ends: [Int] = []
    if hostAsPath, let host = shape.host, !host.isEmpty, let authorityEnd = shape.authorityEnd {
      ends.append(authorityEnd)
    }
    var start = shape.path.lowerBound
    for index in shape.path {
      if shape.bytes[index] == 0x2F {
        if index > start { ends.append(index) }
        start = index + 1
      }
    }
    if shape.path.upperBound > start { ends.append(shape.path.upperBound) }
    return ends.dropLast().map { String(decoding: shape.bytes[0..<$0], as: UTF8.self) }
  }
}

/// Where the scheme, authority and path of a URL string are (RFC 3986 shape), as UTF-8 offsets.
private struct URLShape {
  let bytes: [UInt8]
  var schemeEnd: Int? = nil
  var host: Range<Int>? = nil
  var authorityEnd: Int? = nil
  var path: Range<Int> = 0..<0

  init(_ url: String) {
    bytes = Array(url.utf8)
    let end = bytes.count
    var cursor = 0
    if end > 0, isLetter(bytes[0]) {
      var index = 1
      while index < end,
        isLetter(bytes[index]) || isDigit(bytes[index]) || bytes[index] == 0x2B
          || bytes[index] == 0x2D || bytes[index] == 0x2E
      {
        index += 1
      }
      if index < end, bytes[index] == 0x3A {
        schemeEnd = index
        cursor = index + 1
      }
    }
    if cursor + 1 < end, bytes[cursor] == 0x2F, bytes[cursor + 1] == 0x2F {
      var stop = cursor + 2
      while stop < end, bytes[stop] != 0x2F, bytes[stop] != 0x3F, bytes[stop] != 0x23 {
        stop += 1
      }
      var hostStart = cursor + 2
      for index in hostStart..<stop where bytes[index] == 0x40 { hostStart = index + 1 }
      host = hostStart..<stop
      authorityEnd = stop
      cursor = stop
    }
    var pathEnd = cursor
    while pathEnd < end, bytes[pathEnd] != 0x3F, bytes[pathEnd] != 0x23 { pathEnd += 1 }
    path = cursor..<pathEnd
  }

  private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
  private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}

/// `text` with ASCII letters lowercased (schemes and hosts compare this way).
func lowercasedASCII(_ text: String) -> String {
  guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
  return String(
    decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
}
