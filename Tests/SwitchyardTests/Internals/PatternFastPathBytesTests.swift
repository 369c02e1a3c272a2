import Testing

@testable import Switchyard

@Suite("Pattern fast path: the bytes it takes as literal text")
struct PatternFastPathBytesTests {
  @Test("The bit masks of plain bytes hold exactly the letters, digits and -._~!$',;=")
  func plainByteMasks() {
    let punctuation = Set("-._~!$',;=".utf8)
    for value in 0...255 {
      let byte = UInt8(value)
      let expected = isAlpha(byte) || isDigit(byte) || punctuation.contains(byte)
      #expect(isPlainByte(byte) == expected, "byte \(value)")
    }
  }

  @Test("A segment with a byte that is not plain goes to the general parser, and reads the same")
  func notPlainSegments() throws {
    var pool = LiteralPool(sharing: true)
    for text in ["/a%20b", "/a b", "/a+b", "/a&b", "/a@b", "/é", "/a:b", "/a(b)", "/a-b.c_d~e"] {
      let fast = PatternParser.fastParse(text, options: RouteOptions(), types: [], pool: &pool)
      var parser = PatternParser(text: text, options: RouteOptions(), types: [])
      let general = try? parser.parse()
      if let fast {
        #expect(fast == general, "\(text)")
      } else {
        // Refused by the fast path: the general parser decides (and may accept it).
        #expect(text != "/a-b.c_d~e")
      }
    }
  }
}
