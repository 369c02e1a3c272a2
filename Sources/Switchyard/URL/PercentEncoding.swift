/// Percent-encoding, beside the reading's percent-decoding (`percentDecode`, `URLLayout.swift`):
/// the package's one escaper. The builder (`Building/`), the lint's witness search
/// (`Analysis/`) and the app-link files all write `%XX` through it; it lives in the URL stage,
/// to the left of both Building and Analysis, which use neither the other.

/// Appends `byte` as `%XX` (uppercase hex digits).
///
/// ```swift
/// var out: [UInt8] = []
/// appendPercentEscaped(0x20, to: &out)  // "%20"
/// ```
package func appendPercentEscaped(_ byte: UInt8, to output: inout [UInt8]) {
  output.append(UInt8(ascii: "%"))
  output.append(uppercaseHexDigit(byte >> 4))
  output.append(uppercaseHexDigit(byte & 0x0F))
}

/// The uppercase hex digit of `value` (0 to 15), computed rather than looked up in a table so
/// that escaping allocates nothing.
func uppercaseHexDigit(_ value: UInt8) -> UInt8 {
  value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
}

/// `text` with every byte that `allowed` refuses written `%XX` (uppercase hex digits): the
/// package's one percent-encoder, for built URLs and for the app-link files.
///
/// ```swift
/// percentEncoded("a b/c") { URLBuilder.isAllowed($0, in: .pathSegment) }  // "a%20b%2Fc"
/// ```
package func percentEncoded(_ text: some StringProtocol, allowing allowed: (UInt8) -> Bool)
  -> String
{
  var bytes: [UInt8] = []
  bytes.reserveCapacity(text.utf8.count)
  for byte in text.utf8 {
    if allowed(byte) {
      bytes.append(byte)
    } else {
      appendPercentEscaped(byte, to: &bytes)
    }
  }
  return String(decoding: bytes, as: UTF8.self)
}
