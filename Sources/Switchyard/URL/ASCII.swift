// The byte classes and conversions that URLs, patterns and route files share. Everything here
// is ASCII only: bytes of 0x80 and above are never letters, digits or hex digits, so UTF-8 text
// passes through unchanged.

/// Whether `byte` is an ASCII letter (`A`–`Z`, `a`–`z`).
@inline(__always)
package func isAlpha(_ byte: UInt8) -> Bool {
  (byte | 0x20) &- UInt8(ascii: "a") < 26
}

/// Whether `byte` is an ASCII digit (`0`–`9`).
@inline(__always)
package func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

/// Whether `byte` may follow the first letter of a scheme (RFC 3986: letters, digits, `+`, `-`,
/// `.`).
@inline(__always)
package func isSchemeByte(_ byte: UInt8) -> Bool {
  isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    || byte == UInt8(ascii: ".")
}

/// Whether `text` is a scheme name: a letter, then letters, digits, `+`, `-` or `.`.
package func isScheme(_ text: some StringProtocol) -> Bool {
  guard let first = text.utf8.first, isAlpha(first) else { return false }
  return text.utf8.allSatisfy(isSchemeByte)
}

/// Whether `byte` may appear in a capture name after its first character (`[A-Za-z0-9_]`).
@inline(__always)
package func isNameByte(_ byte: UInt8) -> Bool {
  isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "_")
}

/// `byte` with an ASCII capital letter turned into its small letter.
@inline(__always)
package func asciiLower(_ byte: UInt8) -> UInt8 {
  byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
}

/// Eight bytes (a little-endian word) with their ASCII capital letters made small, as
/// `asciiLower` makes each: bytes of 0x80 and above, and every other byte, are kept.
@inline(__always)
func asciiLowerWord(_ word: UInt64) -> UInt64 {
  let ones: UInt64 = 0x0101_0101_0101_0101
  let high = 0x80 &* ones
  // Each byte's low seven bits plus a constant: no carry leaves a byte.
  let heptets = word & ~high
  let atLeastA = heptets &+ (0x80 - 0x41) &* ones
  let aboveZ = heptets &+ (0x80 - 0x5B) &* ones
  let capitals = atLeastA & ~aboveZ & ~word & high
  return word | capitals >> 2
}

/// `string` with its ASCII capital letters made small; every other character is kept.
package func asciiLowercased(_ string: String) -> String {
  guard string.utf8.contains(where: { $0 &- UInt8(ascii: "A") < 26 }) else { return string }
  return String(decoding: string.utf8.map(asciiLower), as: UTF8.self)
}

/// The value of a hexadecimal digit (`0`–`9`, `A`–`F`, `a`–`f`), or `nil`.
@inline(__always)
package func hexValue(_ byte: UInt8) -> UInt8? {
  if isDigit(byte) { return byte &- UInt8(ascii: "0") }
  let letter = byte | 0x20
  if letter &- UInt8(ascii: "a") < 6 { return letter &- UInt8(ascii: "a") &+ 10 }
  return nil
}

/// Whether `bytes`, with their ASCII capital letters made small, equal `expected` (lowercase):
/// the one case-insensitive comparison of a URL's scheme or host with a pattern's. Eight bytes
/// at a time where the buffers are long enough, since every lookup of a host compares one.
@inline(__always)
package func asciiEqualsLowercased(
  _ bytes: UnsafeBufferPointer<UInt8>, _ expected: UnsafeBufferPointer<UInt8>
) -> Bool {
  guard bytes.count == expected.count else { return false }
  var index = 0
  #if _endian(little)
    // Eight bytes at a time, the last word overlapping the one before it: only bytes inside
    // both buffers are read.
    if bytes.count >= 8, let base = bytes.baseAddress, let expectedBase = expected.baseAddress {
      let raw = UnsafeRawPointer(base)
      let expectedRaw = UnsafeRawPointer(expectedBase)
      while true {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        let other = expectedRaw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if asciiLowerWord(word) != other { return false }
        if index + 8 == bytes.count { return true }
        index = min(index + 8, bytes.count - 8)
      }
    }
  #endif
  while index < bytes.count {
    if asciiLower(bytes[index]) != expected[index] { return false }
    index += 1
  }
  return true
}
