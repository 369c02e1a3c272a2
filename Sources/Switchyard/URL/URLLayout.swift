/// Where the parts of a URL string are, as byte offsets into its UTF-8 (<doc:ReadingURLs>).
///
/// Splitting never fails and never decodes: any byte sequence gives a layout. Ranges are
/// empty-and-absent when their `has…` flag is false.
struct URLLayout: Sendable, Hashable {
  var scheme: Range<Int>? = nil
  /// The host, without userinfo and port; `nil` when the URL has no authority.
  var host: Range<Int>? = nil
  var port: Int? = nil
  var path: Range<Int> = 0..<0
  var query: Range<Int>? = nil
  var fragment: Range<Int>? = nil
  /// Whether the host or the path holds a `%` (then segments need decoding).
  var hasEscapes = false
  /// How many path segments `split(_:segments:capacity:)` recorded, or -1 when there were
  /// more than its capacity (or none were asked for).
  var segmentCount = -1

  /// How many path segments the search's single-pass fast path records.
  static let inlineSegments = 32

  /// Splits `bytes` (RFC 3986 shape): `scheme:` `//userinfo@host:port` `/path` `?query` `#fragment`.
  static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> URLLayout {
    split(bytes, segments: nil, capacity: 0)
  }

  /// Splits `bytes` and, in the same pass, records the path's non-empty segments (raw byte
  /// ranges, the host not included) into `segments` while they fit in `capacity`.
  static func split(
    _ bytes: UnsafeBufferPointer<UInt8>, segments: UnsafeMutablePointer<Segment>?, capacity: Int
  ) -> URLLayout {
    #if DEBUG
      ReadingCounters.count(\.splits)
    #endif
    var layout = URLLayout()
    let end = bytes.count
    var cursor = 0

    if end > 0, isAlpha(bytes[0]) {
      var index = 1
      while index < end, isSchemeByte(bytes[index]) { index += 1 }
      if index < end, bytes[index] == 0x3A {
        layout.scheme = 0..<index
        cursor = index + 1
      }
    }

    if cursor + 1 < end, bytes[cursor] == 0x2F, bytes[cursor + 1] == 0x2F {
      let start = cursor + 2
      // One pass finds the end of the authority, the last '@' and the last ':'.
      var stop = start
      var lastAt = -1
      var lastColon = -1
      while stop < end {
        let byte = bytes[stop]
        if byte == 0x2F || byte == 0x3F || byte == 0x23 { break }
        if byte == 0x25 {
          layout.hasEscapes = true
        } else if byte == 0x40 {
          lastAt = stop
        } else if byte == 0x3A {
          lastColon = stop
        }
        stop += 1
      }
      cursor = stop
      let hostStart = lastAt >= 0 ? lastAt + 1 : start
      var hostEnd = stop
      if hostStart < stop, bytes[hostStart] == 0x5B {
        // IPv6 literal: the host runs to the closing bracket.
        var close = hostStart
        while close < stop, bytes[close] != 0x5D { close += 1 }
        if close < stop {
          hostEnd = close + 1
          if hostEnd < stop, bytes[hostEnd] == 0x3A {
            layout.port = portNumber(bytes, (hostEnd + 1)..<stop)
          }
        }
      } else {
        // A ':' before the last '@' belongs to the userinfo.
        let colon = lastColon >= hostStart ? lastColon : stop
        if colon < stop {
          let digits = (colon + 1)..<stop
          if digits.allSatisfy({ isDigit(bytes[$0]) }) {
            hostEnd = colon
            layout.port = portNumber(bytes, digits)
          }
        }
      }
      layout.host = hostStart..<hostEnd
    }

    var pathEnd = cursor
    var segmentStart = cursor
    var count = segments == nil ? -1 : 0
    // '/', '?', '#' and '%' are all below 64: one shift and mask tells the common byte apart.
    let special: UInt64 = 1 << 0x2F | 1 << 0x3F | 1 << 0x23 | 1 << 0x25
    while pathEnd < end {
      let byte = bytes[pathEnd]
      if byte >= 64 || (special >> UInt64(byte)) & 1 == 0 {
        pathEnd += 1
        continue
      }
      if byte == 0x2F {
        if pathEnd > segmentStart && count >= 0 {
          if count < capacity, let segments {
            segments[count] = Segment(start: segmentStart, end: pathEnd)
            count += 1
          } else {
            count = -1
          }
        }
        segmentStart = pathEnd + 1
      } else if byte == 0x3F || byte == 0x23 {
        break
      } else if byte == 0x25 {
        layout.hasEscapes = true
      }
      pathEnd += 1
    }
    if pathEnd > segmentStart && count >= 0 {
      if count < capacity, let segments {
        segments[count] = Segment(start: segmentStart, end: pathEnd)
        count += 1
      } else {
        count = -1
      }
    }
    layout.segmentCount = count
    layout.path = cursor..<pathEnd
    cursor = pathEnd
    if cursor < end, bytes[cursor] == 0x3F {
      var stop = cursor + 1
      while stop < end, bytes[stop] != 0x23 { stop += 1 }
      layout.query = (cursor + 1)..<stop
      cursor = stop
    }
    if cursor < end, bytes[cursor] == 0x23 {
      layout.fragment = (cursor + 1)..<end
    }
    return layout
  }

  private static func portNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    guard !range.isEmpty, range.count <= 5 else { return nil }
    var value = 0
    for index in range {
      guard isDigit(bytes[index]) else { return nil }
      value = value * 10 + Int(bytes[index] - 0x30)
    }
    return value <= 65535 ? value : nil
  }
}

/// One path segment: the range of its (decoded) bytes in the search's byte buffer.
struct Segment {
  var start: Int
  var end: Int
}

/// Decodes `%XX` escapes of `source` into `destination` (which must have room for
/// `source.count` bytes) and returns how many bytes were written. Malformed escapes are
/// kept as written; `plusAsSpace` turns `+` into a space.
@inline(__always)
func percentDecode(
  _ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
  into destination: UnsafeMutablePointer<UInt8>, plusAsSpace: Bool = false
) -> Int {
  var written = 0
  var index = range.lowerBound
  let end = range.upperBound
  while index < end {
    let byte = source[index]
    if byte == 0x25, index + 2 < end, let high = hexValue(source[index + 1]),
      let low = hexValue(source[index + 2])
    {
      destination[written] = high << 4 | low
      index += 3
    } else {
      destination[written] = plusAsSpace && byte == 0x2B ? 0x20 : byte
      index += 1
    }
    written += 1
  }
  return written
}

/// Whether `bytes` is valid UTF-8.
func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  var index = 0
  let count = bytes.count
  while index < count {
    let byte = bytes[index]
    if byte < 0x80 {
      index += 1
      continue
    }
    var need = 0
    var minimum: UInt32 = 0
    var scalar: UInt32 = 0
    switch byte {
    case 0xC2...0xDF: need = 1; scalar = UInt32(byte & 0x1F); minimum = 0x80
    case 0xE0...0xEF: need = 2; scalar = UInt32(byte & 0x0F); minimum = 0x800
    case 0xF0...0xF4: need = 3; scalar = UInt32(byte & 0x07); minimum = 0x10000
    default: return false
    }
    guard index + need < count else { return false }
    for offset in 1...need {
      let next = bytes[index + offset]
      guard next & 0xC0 == 0x80 else { return false }
      scalar = scalar << 6 | UInt32(next & 0x3F)
    }
    guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
      return false
    }
    index += need + 1
  }
  return true
}

/// Decodes `%XX` escapes once and repairs invalid UTF-8 with U+FFFD (<doc:ReadingURLs>).
func decodeComponent(
  _ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plusAsSpace: Bool = false
) -> String {
  guard range.count > 0 else { return "" }
  return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { buffer in
    guard let base = buffer.baseAddress else { return "" }
    let count = percentDecode(source, range, into: base, plusAsSpace: plusAsSpace)
    return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<count]), as: UTF8.self)
  }
}
