import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// A value is escaped by copying each run of bytes that stay at once: the bytes must be those
/// of escaping it byte by byte, for every place, whatever the text.
@Suite("Building: escaping a value run by run")
struct URLEscapingRunsTests {
  /// Byte by byte, as the escaper wrote every value before.
  static func reference(_ text: String, _ place: URLBuilder.Place) -> [UInt8] {
    var output: [UInt8] = []
    let dotSegment = place != .query && URLBuilder.isDotSegment(text.utf8)
    for byte in text.utf8 {
      if URLBuilder.isAllowed(byte, in: place) && !dotSegment {
        output.append(byte)
      } else {
        appendPercentEscaped(byte, to: &output)
      }
    }
    return output
  }

  @Test("5,000 random texts, each place, as a String and as a Substring")
  func randomTexts() {
    var rng = SeededGenerator(seed: 0xE5CA_9E00_0042)
    let pieces = [
      "a", "Z", "0", "-", ".", "..", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";",
      "=", ":", "@", "/", "?", "#", "%", " ", "\u{7F}", "é", "日本", "😀", "\u{0}", "abc", "v 1",
    ]
    for _ in 0..<5_000 {
      let text = (0..<rng.below(8)).map { _ in rng.pick(pieces) }.joined()
      for place in [URLBuilder.Place.pathSegment, .authoritySegment, .query] {
        var output: [UInt8] = [UInt8(ascii: "x")]
        URLBuilder.appendEscaped(text, in: place, to: &output)
        #expect(output == [UInt8(ascii: "x")] + Self.reference(text, place), "\(text)")
        var fromSubstring: [UInt8] = []
        URLBuilder.appendEscaped(Substring(text), in: place, to: &fromSubstring)
        #expect(fromSubstring == Self.reference(text, place), "\(text)")
      }
    }
  }
}
