/// Where the parts of a URL string are, as byte offsets into its UTF-8 (<doc:ReadingURLs>).
///
/// Splitting never fails and never decodes: any byte sequence gives a layout. A part the URL
/// does not have is `nil` (an empty one, as in `myapp:///x` or `/a?`, is an empty range).
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
  /// (32 bits, so that a layout is 128 bytes: a bigger value is copied with a call to memcpy.)
  var segmentCount: Int32 = -1

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
    layout.readScheme(bytes, &cursor)
    if cursor + 1 < end, bytes[cursor] == UInt8(ascii: "/"), bytes[cursor + 1] == UInt8(ascii: "/")
    {
      layout.readAuthority(bytes, &cursor)
    }
    layout.readPath(bytes, &cursor, segments: segments, capacity: capacity)
    layout.readQueryAndFragment(bytes, cursor)
    return layout
  }

  /// Whether `bytes` is a plain path: it starts with a single `/`, so it has no scheme (a
  /// scheme starts with a letter) and no authority. `/a/b?q#f` and `/` are; `//host/a`,
  /// `myapp:/a` and `a/b` are not.
  @inline(__always)
  static func isPlainPath(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress, bytes.count > 0, base[0] == UInt8(ascii: "/") else {
      return false
    }
    return bytes.count == 1 || base[1] != UInt8(ascii: "/")
  }

  /// `scheme:` at the start: a letter, then letters, digits, `+`, `-` or `.`, then `:`.
  @inline(__always)
  private mutating func readScheme(_ bytes: UnsafeBufferPointer<UInt8>, _ cursor: inout Int) {
    guard !bytes.isEmpty, isAlpha(bytes[0]) else { return }
    var index = 1
    while index < bytes.count, isSchemeByte(bytes[index]) { index += 1 }
    if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
      scheme = 0..<index
      cursor = index + 1
    }
  }

  /// The authority after the `//` at `cursor`, up to the first `/`, `?` or `#`: userinfo (up
  /// to the last `@`, dropped), host and port.
  ///
  /// The port is the digits after the last `:` of the host part; when the host starts with an
  /// IPv6 literal `[…]`, only a `:` after its `]` can start the port. Everything else stays in
  /// the host, so `[::1]evil.example` is one host, never `[::1]`. Patterns read their
  /// authority by the same rule.
  @inline(__always)
  private mutating func readAuthority(_ bytes: UnsafeBufferPointer<UInt8>, _ cursor: inout Int) {
    let start = cursor + 2
    // One pass finds the end of the authority, the last '@' and the last ':'; eight bytes at
    // a time while they can be read, looking only at the bytes that may matter.
    var stop = start
    var lastAt = -1
    var lastColon = -1
    var ended = false
    #if _endian(little)
      if let base = bytes.baseAddress {
        let raw = UnsafeRawPointer(base)
        while stop + 8 <= bytes.count && !ended {
          let word = raw.loadUnaligned(fromByteOffset: stop, as: UInt64.self)
          var candidates =
            SpecialBytes.candidates(word) | SpecialBytes.matching(word, UInt8(ascii: "@"))
            | SpecialBytes.matching(word, UInt8(ascii: ":"))
          while candidates != 0 {
            let position = stop + candidates.trailingZeroBitCount >> 3
            candidates &= candidates &- 1
            let byte = bytes[position]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
              stop = position
              ended = true
              break
            }
            if byte == UInt8(ascii: "%") {
              hasEscapes = true
            } else if byte == UInt8(ascii: "@") {
              lastAt = position
            } else if byte == UInt8(ascii: ":") {
              lastColon = position
            }
          }
          if !ended { stop += 8 }
        }
      }
    #endif
    while !ended && stop < bytes.count {
      let byte = bytes[stop]
      if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
        break
      }
      if byte == UInt8(ascii: "%") {
        hasEscapes = true
      } else if byte == UInt8(ascii: "@") {
        lastAt = stop
      } else if byte == UInt8(ascii: ":") {
        lastColon = stop
      }
      stop += 1
    }
    cursor = stop
    let hostStart = lastAt >= 0 ? lastAt + 1 : start
    // Where a port's ':' may be: after the userinfo, and after the IPv6 literal if there is
    // one (an unclosed '[' leaves no room for a port).
    var portColonFrom = hostStart
    if hostStart < stop, bytes[hostStart] == UInt8(ascii: "[") {
      portColonFrom = stop
      var close = hostStart + 1
      while close < stop {
        if bytes[close] == UInt8(ascii: "]") {
          portColonFrom = close + 1
          break
        }
        close += 1
      }
    }
    var hostEnd = stop
    if lastColon >= portColonFrom {
      let digits = (lastColon + 1)..<stop
      if digits.allSatisfy({ isDigit(bytes[$0]) }) {
        hostEnd = lastColon
        port = Self.portNumber(bytes, digits)
      }
    }
    host = hostStart..<hostEnd
  }

  /// The path from `cursor` up to `?` or `#`, recording its non-empty segments while they fit.
  @inline(__always)
  private mutating func readPath(
    _ bytes: UnsafeBufferPointer<UInt8>, _ cursor: inout Int,
    segments: UnsafeMutablePointer<Segment>?, capacity: Int
  ) {
    let end = bytes.count
    var pathEnd = cursor
    var segmentStart = cursor
    var count = segments == nil ? -1 : 0
    @inline(__always) func record(_ segmentEnd: Int) {
      guard segmentEnd > segmentStart && count >= 0 else { return }
      if count < capacity, let segments {
        segments[count] = Segment(start: segmentStart, end: segmentEnd)
        count += 1
      } else {
        count = -1
      }
    }
    // Eight bytes at a time: a word's '/', '?', '#' and '%' are found with a few word
    // operations (`SpecialBytes`), and only those bytes are looked at one by one.
    #if _endian(little)
      if let base = bytes.baseAddress {
        let raw = UnsafeRawPointer(base)
        var stopped = false
        while pathEnd + 8 <= end && !stopped {
          var candidates = SpecialBytes.candidates(
            raw.loadUnaligned(fromByteOffset: pathEnd, as: UInt64.self))
          while candidates != 0 {
            let position = pathEnd + candidates.trailingZeroBitCount >> 3
            candidates &= candidates &- 1
            let byte = bytes[position]
            if byte == UInt8(ascii: "/") {
              record(position)
              segmentStart = position + 1
            } else if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
              pathEnd = position
              stopped = true
              break
            } else if byte == UInt8(ascii: "%") {
              hasEscapes = true
            }
          }
          if !stopped { pathEnd += 8 }
        }
        if stopped {
          record(pathEnd)
          segmentCount = count <= Int(Int32.max) ? Int32(count) : -1
          path = cursor..<pathEnd
          cursor = pathEnd
          return
        }
      }
    #endif
    // '/', '?', '#' and '%' are all below 64: one shift and mask tells the common byte apart.
    let special: UInt64 =
      1 << UInt8(ascii: "/") | 1 << UInt8(ascii: "?") | 1 << UInt8(ascii: "#")
      | 1 << UInt8(ascii: "%")
    while pathEnd < end {
      let byte = bytes[pathEnd]
      if byte >= 64 || (special >> UInt64(byte)) & 1 == 0 {
        pathEnd += 1
        continue
      }
      if byte == UInt8(ascii: "/") {
        record(pathEnd)
        segmentStart = pathEnd + 1
      } else if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
        break
      } else {
        hasEscapes = true
      }
      pathEnd += 1
    }
    record(pathEnd)
    segmentCount = count <= Int(Int32.max) ? Int32(count) : -1
    path = cursor..<pathEnd
    cursor = pathEnd
  }

  /// `?query` up to `#`, then `#fragment` to the end.
  @inline(__always)
  mutating func readQueryAndFragment(_ bytes: UnsafeBufferPointer<UInt8>, _ cursor: Int) {
    var cursor = cursor
    let end = bytes.count
    if cursor < end, bytes[cursor] == UInt8(ascii: "?") {
      var stop = cursor + 1
      #if _endian(little)
        // The first '#', eight bytes at a time while they can be read.
        if let base = bytes.baseAddress {
          let raw = UnsafeRawPointer(base)
          while stop + 8 <= end {
            let word = raw.loadUnaligned(fromByteOffset: stop, as: UInt64.self)
            let hashes = SpecialBytes.matching(word, UInt8(ascii: "#"))
            if hashes != 0 {
              stop += hashes.trailingZeroBitCount >> 3
              break
            }
            stop += 8
          }
        }
      #endif
      while stop < end, bytes[stop] != UInt8(ascii: "#") { stop += 1 }
      query = (cursor + 1)..<stop
      cursor = stop
    }
    if cursor < end, bytes[cursor] == UInt8(ascii: "#") {
      fragment = (cursor + 1)..<end
    }
  }

  /// The port written as `digits`, or `nil` when it is empty, longer than five digits or
  /// above 65535 (patterns refuse such a port).
  private static func portNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ digits: Range<Int>) -> Int?
  {
    guard !digits.isEmpty, digits.count <= 5 else { return nil }
    var value = 0
    for index in digits {
      value = value * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
    }
    guard value <= 65535 else { return nil }
    return value
  }
}

/// Finds the bytes of a path that end a segment or the path, or start an escape (`/`, `?`,
/// `#`, `%`), eight at a time.
enum SpecialBytes {
  /// A word with the high bit set in each byte of `word` (eight URL bytes, little-endian) that
  /// may be `/`, `?`, `#` or `%`: every such byte is marked, and the only others marked are
  /// `!` and `'` (the caller looks at each marked byte).
  ///
  /// `/` (0x2F) and `?` (0x3F) are the bytes that become 0x3F when bit 0x10 is set; `#`
  /// (0x23) and `%` (0x25), with `!` and `'`, those that become 0x27 when bits 0x06 are set.
  @inline(__always)
  static func candidates(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    return zeroBytes((word | 0x10 &* ones) ^ 0x3F &* ones)
      | zeroBytes((word | 0x06 &* ones) ^ 0x27 &* ones)
  }

  /// A word with the high bit set in each byte of `word` that equals `byte`.
  @inline(__always)
  static func matching(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    zeroBytes(word ^ UInt64(byte) &* 0x0101_0101_0101_0101)
  }

  /// The high bit of each byte of `x` that is zero (exact: no borrow crosses bytes).
  @inline(__always)
  static func zeroBytes(_ x: UInt64) -> UInt64 {
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((x & low7) &+ low7) | x | low7)
  }
}

/// One path segment: the range of its (decoded) bytes in the search's byte buffer.
struct Segment {
  var start: Int
  var end: Int
}

/// Decodes the `%XX` escapes of `source[range]` into `destination` (which must have room for
/// `range.count` bytes: decoding never lengthens) and returns how many bytes were written. Malformed escapes are
/// kept as written; `plusAsSpace` turns `+` into a space.
@inline(__always)
func percentDecode(
  _ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
  into destination: UnsafeMutablePointer<UInt8>, plusAsSpace: Bool = false
) -> Int {
  #if DEBUG
    ReadingCounters.count(\.decodedBytes, by: range.count)
  #endif
  var written = 0
  var index = range.lowerBound
  let end = range.upperBound
  while index < end {
    let byte = source[index]
    if byte == UInt8(ascii: "%"), index + 2 < end, let high = hexValue(source[index + 1]),
      let low = hexValue(source[index + 2])
    {
      destination[written] = high << 4 | low
      index += 3
    } else {
      destination[written] = plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
      index += 1
    }
    written += 1
  }
  return written
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
