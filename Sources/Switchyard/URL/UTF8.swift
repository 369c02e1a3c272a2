// UTF-8 validation and repair, shared by URL reading, the pattern parser and the route-file
// reader (<doc:ReadingURLs>: decoded bytes that are not UTF-8 are repaired with U+FFFD).

/// The offset of the first byte that does not start a well-formed UTF-8 sequence, or `nil`
/// when all of `bytes` is UTF-8. Overlong forms, surrogates and values above U+10FFFF are
/// refused, as Unicode requires.
package func firstInvalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
  var index = 0
  let count = bytes.count
  while index < count {
    let lead = bytes[index]
    if lead < 0x80 {
      index += 1
      continue
    }
    // The length of the sequence, and the range its second byte must be in (narrower than
    // 0x80...0xBF after the leads that would otherwise allow overlong forms, surrogates or
    // values past U+10FFFF).
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, low) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, high) = (3, 0x9F)
    case 0xF0: (length, low) = (4, 0x90)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, high) = (4, 0x8F)
    default: return index
    }
    guard index + length <= count, low <= bytes[index + 1], bytes[index + 1] <= high else {
      return index
    }
    for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return index }
    index += length
  }
  return nil
}

/// Whether `bytes` is valid UTF-8.
@inline(__always)
package func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  firstInvalidUTF8Offset(bytes) == nil
}

/// `bytes` with every ill-formed UTF-8 sequence replaced by U+FFFD (the bytes themselves
/// when they are valid).
package func repairedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
  if isValidUTF8(bytes) { return Array(bytes) }
  return Array(String(decoding: bytes, as: UTF8.self).utf8)
}

/// `bytes` with every ill-formed UTF-8 sequence replaced by U+FFFD.
package func repairedUTF8(_ bytes: [UInt8]) -> [UInt8] {
  guard bytes.contains(where: { $0 >= 0x80 }) else { return bytes }
  return bytes.withUnsafeBufferPointer { buffer in
    isValidUTF8(buffer) ? bytes : Array(String(decoding: buffer, as: UTF8.self).utf8)
  }
}
