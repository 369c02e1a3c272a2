/// Percent-encoding for each place of a built URL (<doc:BuildingURLs>).
///
/// Every byte outside a place's allowed set is written `%XX` with uppercase hex digits, so
/// space is `%20`, and non-ASCII text is its UTF-8 bytes, each escaped (by the URL stage's one
/// escaper, `appendPercentEscaped`, `URL/PercentEncoding.swift`).
extension URLBuilder {
  /// Where in the URL text is printed.
  package enum Place {
    /// One path segment: RFC 3986 `pchar` stays (`A-Z a-z 0-9 - . _ ~ ! $ & ' ( ) * + , ; = : @`).
    case pathSegment
    /// The first path segment of a host-as-path scheme, printed in the host position: also
    /// escapes `:` and `@`, which would read as a port or userinfo there.
    case authoritySegment
    /// A query name or value, or the fragment: the path segment's set without `& = +`.
    case query
  }

  /// Whether `byte` may stay as it is in `place`.
  package static func isAllowed(_ byte: UInt8, in place: Place) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"),
      UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
      UInt8(ascii: ","), UInt8(ascii: ";"):
      return true
    case UInt8(ascii: ":"), UInt8(ascii: "@"):
      return place != .authoritySegment
    case UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "+"):
      return place != .query
    default:
      return false
    }
  }

  /// Appends the UTF-8 of `text`, escaped for `place`. A path segment that is exactly `.` or
  /// `..` has its dots escaped, so that no URL library reads it as a dot segment.
  static func appendEscaped(_ text: some StringProtocol, in place: Place, to output: inout [UInt8])
  {
    let dotSegment = place != .query && isDotSegment(text.utf8)
    if !dotSegment,
      text.utf8.withContiguousStorageIfAvailable({
        appendEscaped($0, in: place, to: &output)
      }) != nil
    {
      return
    }
    for byte in text.utf8 {
      if isAllowed(byte, in: place) && !dotSegment {
        output.append(byte)
      } else {
        appendPercentEscaped(byte, to: &output)
      }
    }
  }

  /// Appends `bytes` escaped for `place`: each run of bytes that stay is copied at once.
  static func appendEscaped(
    _ bytes: UnsafeBufferPointer<UInt8>, in place: Place, to output: inout [UInt8]
  ) {
    var start = 0
    var index = 0
    while index < bytes.count {
      if isAllowed(bytes[index], in: place) {
        index += 1
        continue
      }
      if start < index {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
      }
      appendPercentEscaped(bytes[index], to: &output)
      index += 1
      start = index
    }
    if start < bytes.count {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
    }
  }

  /// Whether `bytes` are `.` or `..`; it stops at the first byte that is not a dot.
  static func isDotSegment(_ bytes: some Sequence<UInt8>) -> Bool {
    var dots = 0
    for byte in bytes {
      guard byte == UInt8(ascii: "."), dots < 2 else { return false }
      dots += 1
    }
    return dots > 0
  }

  /// Appends a literal byte of the pattern: a byte written `%XX` in the pattern prints as
  /// `%XX` (so `%3A` stays `%3A`), any other byte is escaped if `place` needs it.
  static func appendLiteral(_ byte: UInt8, escaped: Bool, in place: Place, to output: inout [UInt8])
  {
    if escaped || !isAllowed(byte, in: place) {
      appendPercentEscaped(byte, to: &output)
    } else {
      output.append(byte)
    }
  }
}
