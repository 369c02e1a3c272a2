// The one decoder of a match's captures: every reader of a captured value (`parameter(_:)`,
// `parameters`, the subscript, `value(_:as:)` and the code `@Routes` writes) goes through
// `RouteMatch.Captures`, which decodes the bytes of one capture straight from the URL.

extension RouteMatch {
  /// The captures of one match, read from its URL: the URL is split once, when the reader is
  /// made, and each read percent-decodes only the bytes of the capture it reads.
  ///
  /// A capture is read by its slot (its place among the entry's captures, in pattern order:
  /// the path's captures, then the query's, then the fragment's). A pattern with optional
  /// groups may put a capture in different slots in different variants: read those by name.
  ///
  /// ```swift
  /// // myapp://repos/:owner/<int:id>  on  myapp://repos/apple/42
  /// let captures = RouteMatch.Captures(match)
  /// captures.text(at: 0)           // "apple"
  /// captures.int(at: 1)            // 42, parsed from the URL's bytes
  /// captures.slot(named: "id")     // 1
  /// ```
  @usableFromInline
  package struct Captures {
    @usableFromInline let match: RouteMatch
    let layout: URLLayout

    /// Reads `match`'s URL once (a match straight from a lookup keeps no split).
    @usableFromInline
    package init(_ match: RouteMatch) {
      self.match = match
      layout = match.reading.layout
    }

    /// How many slots the match holds.
    @usableFromInline
    package var count: Int { match.slots.count }

    /// The slot of the capture `name`, or `nil` when the matched variant has none.
    @usableFromInline
    package func slot(named name: String) -> Int? { match.captureSlot(named: name) }

    /// The name of the capture in `slot` (`nil` for an unnamed `*`).
    package func name(at slot: Int) -> String? {
      let names = match.captureNames
      return slot < names.count ? names[slot] : nil
    }

    /// The decoded text of the capture in `slot`; invalid UTF-8 is repaired with U+FFFD.
    @usableFromInline
    package func text(at slot: Int) -> String {
      withDecodedBytes(at: slot) { String(decoding: $0, as: UTF8.self) }
    }

    /// The capture in `slot` read as an `Int` (the grammar of `Int(routeParameter:)`), from
    /// its decoded bytes, without making a string.
    @usableFromInline
    package func int(at slot: Int) -> Int? {
      withDecodedBytes(at: slot) { parseInt($0) }
    }

    /// The capture in `slot` read as a `Double` (the grammar of `Double(routeParameter:)`).
    @usableFromInline
    package func double(at slot: Int) -> Double? {
      withDecodedBytes(at: slot) { parseFloat($0) }
    }

    /// The typed value of the capture in `slot`: its decoded text, read by its capture type.
    package func value(at slot: Int) -> ParameterValue {
      let type = CaptureType(code: match.slots[slot].type)
      return withDecodedBytes(at: slot) { bytes in
        type.value(String(decoding: bytes, as: UTF8.self), bytes)
      }
    }

    /// Calls `body` with the decoded bytes of the capture in `slot` (not yet repaired as
    /// UTF-8: the search compared these bytes, and a mixed capture's literal counts are in
    /// them).
    func withDecodedBytes<R>(at slot: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
      let capture = match.slots[slot]
      let plusAsSpace = match.storage.options.plusAsSpace
      let layout = layout
      let hostAsPath = match.reading.hostAsPath
      return match.reading.withBytes { url in
        switch capture.kind {
        case .queryValue:
          return Self.decode(url, capture.bytes, plusAsSpace: plusAsSpace, body)
        case .fragment:
          return Self.decode(url, capture.bytes, plusAsSpace: false, body)
        case .segments:
          return Self.decodeSegments(
            url, layout, hostAsPath: hostAsPath, capture.segments, trim: (0, 0), body)
        case .mixed:
          return Self.decodeSegments(
            url, layout, hostAsPath: hostAsPath, capture.segment..<(capture.segment + 1),
            trim: (capture.prefixCount, capture.suffixCount), body)
        }
      }
    }

    /// Decodes `url[range]` into a temporary buffer for `body`.
    private static func decode<R>(
      _ url: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plusAsSpace: Bool,
      _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(range.count, 1)) { buffer in
        guard let base = buffer.baseAddress else { return body(UnsafeBufferPointer(buffer)) }
        let count = percentDecode(url, range, into: base, plusAsSpace: plusAsSpace)
        return body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
      }
    }

    /// Decodes the path segments `wanted` (by index, a host read as a path segment first),
    /// joined by `/`, without `trim.0` leading and `trim.1` trailing decoded bytes.
    private static func decodeSegments<R>(
      _ url: UnsafeBufferPointer<UInt8>, _ layout: URLLayout, hostAsPath: Bool,
      _ wanted: Range<Int>, trim: (Int, Int), _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
      // Decoding never lengthens, and the segments are separated by at least one byte: the
      // host and the path bound the joined text.
      var capacity = layout.path.count + 1
      if hostAsPath, let host = layout.host { capacity += host.count }
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
        guard let base = buffer.baseAddress else { return body(UnsafeBufferPointer(buffer)) }
        var written = 0
        var index = 0
        forEachSegment(url, layout, hostAsPath: hostAsPath) { segment in
          defer { index += 1 }
          guard wanted.contains(index) else { return }
          if index > wanted.lowerBound {
            base[written] = UInt8(ascii: "/")
            written += 1
          }
          written += percentDecode(url, segment, into: base + written)
        }
        let start = min(trim.0, written)
        let end = max(start, written - trim.1)
        return body(UnsafeBufferPointer(rebasing: buffer[start..<end]))
      }
    }
  }
}
