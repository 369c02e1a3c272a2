import Switchyard
import Testing

@testable import SwitchyardFiles

/// The word-at-a-time scans of the JSON reader agree with a byte-by-byte reading of the same
/// bytes, wherever the byte they stop at is (within a word, at its edges, in the tail).
@Suite("JSON reader: scanning eight bytes at a time")
struct JSONScanningTests {
  /// Deterministic pseudo-random bytes (no randomness in tests: a failure reproduces).
  static func bytes(count: Int, seed: UInt64, from alphabet: [UInt8]) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return alphabet[Int(state >> 33) % alphabet.count]
    }
  }

  static func plainRunEndByBytes(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count, bytes[index] != UInt8(ascii: "\""),
      bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20
    {
      index += 1
    }
    return index
  }

  @Test("A string's plain run ends at the first quote, backslash or control character")
  func plainRunEnd() {
    // Mostly plain bytes, with the stoppers, their neighbours (0x21, 0x23, 0x5B, 0x5D, 0x1F,
    // 0x20), DEL and bytes of 0x80 or more, which may borrow in the word tests.
    let plain = Array("abcdefgh/:<>-_".utf8)
    let special: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xFF]
    for seed in UInt64(1)...300 {
      let alphabet = plain + Array(special.prefix(Int(seed % UInt64(special.count)) + 1))
      let count = Int(seed % 40)
      let text = Self.bytes(count: count, seed: seed, from: alphabet)
      text.withUnsafeBufferPointer { buffer in
        for start in 0...count {
          #expect(
            JSONParser.plainRunEnd(in: buffer, from: start)
              == Self.plainRunEndByBytes(text, from: start), "\(text) from \(start)")
        }
      }
    }
    // One stopper at every place of a 20-byte run.
    for stopper: UInt8 in [0x22, 0x5C, 0x0A, 0x00, 0x1F] {
      for place in 0..<20 {
        var text = [UInt8](repeating: UInt8(ascii: "x"), count: 20)
        text[place] = stopper
        let end = text.withUnsafeBufferPointer { JSONParser.plainRunEnd(in: $0, from: 0) }
        #expect(end == place, "stopper \(stopper) at \(place)")
      }
    }
  }

  @Test("The ASCII start of a text, and the first invalid UTF-8 byte after it")
  func asciiPrefixAndUTF8() {
    let alphabet: [UInt8] =
      Array("ab{}\":".utf8) + [0x7F, 0x80, 0xBF, 0xC3, 0xA9, 0xE2, 0xF0, 0xFF]
    for seed in UInt64(1)...300 {
      let count = Int(seed % 30)
      // Long ASCII runs, then a few other bytes: every length of ASCII start up to `count`.
      var text = Self.bytes(count: count, seed: seed, from: Array("ab{}\":".utf8))
      let tail = Self.bytes(count: Int(seed % 5), seed: seed &+ 7, from: alphabet)
      text.insert(contentsOf: tail, at: Int(seed % UInt64(count + 1)))
      let expectedASCII = text.firstIndex { $0 >= 0x80 } ?? text.count
      let asciiLength = text.withUnsafeBufferPointer { JSONParser.asciiPrefixLength($0) }
      #expect(asciiLength == expectedASCII, "\(text)")
      let expectedInvalid = text.withUnsafeBufferPointer { Switchyard.firstInvalidUTF8Offset($0) }
      #expect(JSONParser.firstInvalidUTF8Offset(in: text) == expectedInvalid, "\(text)")
    }
  }

  @Test("Positions in an ASCII file and in one with wider characters before them")
  func positionsWithAndWithoutASCII() {
    // The same error, after ASCII text or after "é" and an emoji on the line: columns count
    // characters either way.
    for prefix in ["ab", "é😀"] {
      let text = "{\"version\": 1,\n \"\(prefix)\": [1, 2,]}"
      do {
        _ = try JSONParser.parse(text)
        Issue.record("a trailing comma was accepted")
      } catch {
        #expect(error.line == 2)
        #expect(error.column == 13, "\(prefix)")
      }
      let key = "{\"version\": 1,\n  \"\(prefix)\": tru}"
      do {
        _ = try JSONParser.parse(key)
        Issue.record("'tru' was accepted")
      } catch {
        #expect(error.column == 9, "\(prefix): \(error)")
      }
    }
  }
}
