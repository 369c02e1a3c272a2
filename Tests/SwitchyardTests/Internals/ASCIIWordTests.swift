import SwitchyardTestSupport
import Testing

@testable import Switchyard

@Suite("ASCII case folding eight bytes at a time")
struct ASCIIWordTests {
  @Test("asciiLowerWord folds each byte as asciiLower does, whatever its neighbours")
  func everyByteEveryPosition() {
    var generator = SeededGenerator(seed: 7)
    for byte in 0...255 {
      for position in 0..<8 {
        var bytes = (0..<8).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        bytes[position] = UInt8(byte)
        let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        let folded = withUnsafeBytes(of: asciiLowerWord(word).littleEndian) { Array($0) }
        #expect(folded == bytes.map(asciiLower), "\(bytes)")
      }
    }
  }

  @Test(
    "Hosts and schemes of every length compare case-insensitively",
    arguments: [
      ("HTTPS://Shop.Example.COM/x", true), ("https://shop.example.co/x", false),
      ("MyApp-Scheme+X://h/x", true), ("https://SHOP.EXAMPLE.COM.evil/x", false),
      ("https://a.very-long-host-name.example.com/x", true),
      ("https://a.very-long-host-name.example.con/x", false),
      ("https://A.VERY-LONG-HOST-NAME.EXAMPLE.COM/x", true),
    ] as [(String, Bool)])
  func branchComparison(url: String, matches: Bool) throws {
    let matcher = try makeMatcher([
      "https://shop.example.com/x", "myapp-scheme+x://h/x",
      "https://a.very-long-host-name.example.com/x",
    ])
    #expect((matcher.match(url) != nil) == matches, "\(url)")
  }
}
