/// Reads URLs under a router's options (<doc:ReadingURLs>), for what a router needs beyond a
/// match: the scheme its interceptors filter on, a URL that was never matched, and the parents
/// of a URL for a back stack. Every reading is the engine's one split (``URLReading``).
struct URLReader: Sendable {
  let options: RouteOptions

  /// Splits `url` (for a URL the matcher has not read).
  func read(_ url: String) -> URLReading {
    URLReading(reading: url, options: options)
  }

  /// The lowercased scheme of the URL read as `reading`, or the default scheme when it has none.
  func scheme(of reading: URLReading) -> String? {
    guard let range = reading.layout.scheme else {
      return options.defaultScheme.map(asciiLowercased)
    }
    return reading.withBytes { String(decoding: $0[range].map(asciiLower), as: UTF8.self) }
  }

  /// The URL cut after each of its path segments but the last (the host first when it is read
  /// as a segment, with its port), shortest first; the query and fragment are dropped. The
  /// segments are the ones the engine matches: a root with no segment is never a parent.
  ///
  /// `myapp://user/42/post/7` → `myapp://user`, `myapp://user/42`, `myapp://user/42/post`.
  func parentURLs(of url: String) -> [String] {
    let reading = read(url)
    let layout = reading.layout
    return reading.withBytes { bytes in
      var ends: [Int] = []
      forEachSegment(bytes, layout, hostAsPath: reading.hostAsPath) { range in
        ends.append(range == layout.host ? layout.path.lowerBound : range.upperBound)
      }
      return ends.dropLast().map { String(decoding: bytes[0..<$0], as: UTF8.self) }
    }
  }
}
