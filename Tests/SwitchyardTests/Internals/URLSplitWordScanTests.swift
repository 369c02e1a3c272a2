import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// `URLLayout.split` reads eight bytes at a time where it can; these tests hold it to a
/// reading written byte by byte from the rules of the ReadingURLs article.
@Suite("URL splitting, eight bytes at a time")
struct URLSplitWordScanTests {
  /// The split, one byte at a time: scheme, authority (userinfo dropped, port after the last
  /// ':' unless inside an IPv6 literal), path up to '?' or '#', query up to '#', fragment.
  static func referenceSplit(_ bytes: [UInt8]) -> (layout: URLLayout, segments: [Range<Int>]) {
    var layout = URLLayout()
    var cursor = 0
    func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) >= 97 && (byte | 0x20) <= 122 }
    if let first = bytes.first, isAlpha(first) {
      var index = 1
      while index < bytes.count {
        let byte = bytes[index]
        let isSchemeByte =
          isAlpha(byte) || (byte >= 48 && byte <= 57) || byte == UInt8(ascii: "+")
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        if !isSchemeByte { break }
        index += 1
      }
      if index < bytes.count && bytes[index] == UInt8(ascii: ":") {
        layout.scheme = 0..<index
        cursor = index + 1
      }
    }
    let ends: Set<UInt8> = [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")]
    if cursor + 1 < bytes.count && bytes[cursor] == UInt8(ascii: "/")
      && bytes[cursor + 1] == UInt8(ascii: "/")
    {
      let start = cursor + 2
      var stop = start
      while stop < bytes.count && !ends.contains(bytes[stop]) { stop += 1 }
      let authority = start..<stop
      if authority.contains(where: { bytes[$0] == UInt8(ascii: "%") }) { layout.hasEscapes = true }
      let hostStart = (authority.last { bytes[$0] == UInt8(ascii: "@") } ?? (start - 1)) + 1
      var portFrom = hostStart
      if hostStart < stop && bytes[hostStart] == UInt8(ascii: "[") {
        portFrom = ((hostStart..<stop).first { bytes[$0] == UInt8(ascii: "]") } ?? (stop - 1)) + 1
      }
      var hostEnd = stop
      if let colon = authority.last(where: { bytes[$0] == UInt8(ascii: ":") }), colon >= portFrom,
        (colon + 1..<stop).allSatisfy({ bytes[$0] >= 48 && bytes[$0] <= 57 })
      {
        hostEnd = colon
        let digits = bytes[(colon + 1)..<stop]
        if !digits.isEmpty && digits.count <= 5 {
          let value = digits.reduce(0) { $0 * 10 + Int($1 - 48) }
          layout.port = value <= 65535 ? value : nil
        }
      }
      layout.host = hostStart..<hostEnd
      cursor = stop
    }
    var pathEnd = cursor
    while pathEnd < bytes.count && bytes[pathEnd] != UInt8(ascii: "?")
      && bytes[pathEnd] != UInt8(ascii: "#")
    {
      if bytes[pathEnd] == UInt8(ascii: "%") { layout.hasEscapes = true }
      pathEnd += 1
    }
    layout.path = cursor..<pathEnd
    var segments: [Range<Int>] = []
    var segmentStart = cursor
    for index in cursor...pathEnd where index == pathEnd || bytes[index] == UInt8(ascii: "/") {
      if index > segmentStart { segments.append(segmentStart..<index) }
      segmentStart = index + 1
    }
    cursor = pathEnd
    if cursor < bytes.count && bytes[cursor] == UInt8(ascii: "?") {
      var stop = cursor + 1
      while stop < bytes.count && bytes[stop] != UInt8(ascii: "#") { stop += 1 }
      layout.query = (cursor + 1)..<stop
      cursor = stop
    }
    if cursor < bytes.count && bytes[cursor] == UInt8(ascii: "#") {
      layout.fragment = (cursor + 1)..<bytes.count
    }
    return (layout, segments)
  }

  static func split(_ bytes: [UInt8]) -> (layout: URLLayout, segments: [Range<Int>]?) {
    let capacity = 64
    var recorded = [Segment](repeating: Segment(start: 0, end: 0), count: capacity)
    let layout = bytes.withUnsafeBufferPointer { url in
      recorded.withUnsafeMutableBufferPointer {
        URLLayout.split(url, segments: $0.baseAddress, capacity: capacity)
      }
    }
    guard layout.segmentCount >= 0 else { return (layout, nil) }
    return (layout, recorded[0..<Int(layout.segmentCount)].map { $0.start..<$0.end })
  }

  @Test("20,000 random URLs dense in separators split as byte by byte")
  func randomURLs() {
    var generator = SeededGenerator(seed: 2026_11_23)
    let alphabet = Array("ab1/?#%@:[]!'.-+&=".utf8)
    let prefixes = ["", "/", "//", "https://", "myapp:", "myapp://", "x://u@h:", "s://[::1]"]
    for _ in 0..<20_000 {
      var bytes = Array(prefixes[Int(generator.next() % UInt64(prefixes.count))].utf8)
      let length = Int(generator.next() % 41)
      for _ in 0..<length { bytes.append(alphabet[Int(generator.next() % UInt64(alphabet.count))]) }
      let expected = Self.referenceSplit(bytes)
      let found = Self.split(bytes)
      var layout = found.layout
      layout.segmentCount = -1
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(layout == expected.layout, "\(text)")
      #expect(found.segments == expected.segments, "\(text)")
    }
  }

  @Test(
    "Each separator is found at every offset of a word, and the bytes after the path's end are not read as path",
    arguments: ["/", "?", "#", "%", "@", ":", "!", "'"])
  func separatorAtEveryOffset(separator: String) {
    for prefix in ["", "/", "s://"] {
      for offset in 0..<24 {
        let url = prefix + String(repeating: "a", count: offset) + separator + "bcdefghijklmnop/q"
        let bytes = Array(url.utf8)
        var layout = Self.split(bytes).layout
        layout.segmentCount = -1
        #expect(layout == Self.referenceSplit(bytes).layout, "\(url)")
      }
    }
  }
}
