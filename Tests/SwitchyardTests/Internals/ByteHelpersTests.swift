import Testing

@testable import Switchyard

@Suite("Shared byte helpers: ASCII classes, hex digits, UTF-8")
struct ByteHelpersTests {
  @Test("ASCII classes and conversions agree with Character's, for every byte")
  func asciiClasses() {
    for value in 0...255 {
      let byte = UInt8(value)
      let scalar = Unicode.Scalar(byte)
      let ascii = byte < 0x80
      #expect(isAlpha(byte) == (ascii && Character(scalar).isLetter), "\(byte)")
      #expect(isDigit(byte) == (ascii && Character(scalar).isWholeNumber), "\(byte)")
      #expect(isNameByte(byte) == (isAlpha(byte) || isDigit(byte) || scalar == "_"), "\(byte)")
      #expect(
        isSchemeByte(byte)
          == (isAlpha(byte) || isDigit(byte) || "+-.".unicodeScalars.contains(scalar)),
        "\(byte)")
      let lowered = ascii ? Array(String(scalar).lowercased().utf8)[0] : byte
      #expect(asciiLower(byte) == lowered, "\(byte)")
      let hex = ascii ? Character(scalar).hexDigitValue.map(UInt8.init) : nil
      #expect(hexValue(byte) == hex, "\(byte)")
    }
    #expect(asciiLowercased("MyApp-ÉÀ+x") == "myapp-ÉÀ+x")
    #expect(isScheme("web+app.2-x"))
    #expect(!isScheme("2app") && !isScheme("") && !isScheme("a_b") && !isScheme("é"))
  }

  @Test(
    "The UTF-8 validator finds the first ill-formed sequence",
    arguments: [
      ([UInt8](), Int?.none),
      (Array("aé€😀".utf8), nil),
      ([0x61, 0x80], 1),  // a lone continuation byte
      ([0xC0, 0xAF], 0),  // overlong '/'
      ([0xE0, 0x80, 0xAF], 0),  // overlong, three bytes
      ([0xED, 0xA0, 0x80], 0),  // a surrogate
      ([0xF4, 0x90, 0x80, 0x80], 0),  // above U+10FFFF
      ([0xF5, 0x80, 0x80, 0x80], 0),
      ([0x61, 0xE2, 0x82], 1),  // cut short at the end
      ([0xE2, 0x28, 0xA1], 0),  // a continuation missing in the middle
      ([0xF0, 0x9F, 0x98, 0x80, 0xFF], 4),
    ])
  func utf8Validation(bytes: [UInt8], invalidAt offset: Int?) {
    let found = bytes.withUnsafeBufferPointer { firstInvalidUTF8Offset($0) }
    #expect(found == offset)
    // The same verdict as the standard library's validating initializer.
    #expect((found == nil) == (String(validating: bytes, as: UTF8.self) != nil))
  }

  @Test("Repair replaces each ill-formed sequence with U+FFFD and keeps valid text as it is")
  func utf8Repair() {
    #expect(repairedUTF8(Array("café".utf8)) == Array("café".utf8))
    #expect(repairedUTF8([0x61, 0xFF, 0x62]) == Array("a\u{FFFD}b".utf8))
    let repaired = [UInt8]([0xE2, 0x28, 0xA1]).withUnsafeBufferPointer { repairedUTF8($0) }
    #expect(repaired == Array("\u{FFFD}(\u{FFFD}".utf8))
  }
}
