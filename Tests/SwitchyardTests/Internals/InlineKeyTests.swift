import Testing

@testable import Switchyard

/// The word-load reading of a segment's key (`InlineKey(segment:count:start:end:)`) must give
/// the same key as the byte loop, wherever the segment sits in its buffer.
@Suite struct InlineKeyTests {
  @Test func wordLoadsEqualTheByteLoop() {
    let text = Array("/abcdefghijklmnopqrstuvwxyz0123456789/GET/x".utf8)
    text.withUnsafeBufferPointer { buffer in
      let start = buffer.baseAddress!
      let end = start + buffer.count
      var compared = 0
      for offset in 0..<buffer.count {
        for count in 1...(buffer.count - offset) {
          let segment = UnsafeBufferPointer(rebasing: buffer[offset..<(offset + count)])
          let expected = MatcherStorage.InlineKey(segment, readable: 0, folded: false)
          guard
            let loaded = MatcherStorage.InlineKey(
              segment: start + offset, count: count, start: start, end: end)
          else { continue }
          #expect(loaded == expected, "offset \(offset), count \(count)")
          #expect(loaded.hash(count: count) == expected.hash(count: count))
          compared += 1
        }
      }
      // Every segment near the end of the buffer is read with word loads too.
      #expect(compared > buffer.count * (buffer.count + 1) / 2 - 40)
    }
  }

  @Test func shortBufferFallsBackToTheByteLoop() {
    let text = Array("/ab".utf8)
    text.withUnsafeBufferPointer { buffer in
      let start = buffer.baseAddress!
      #expect(
        MatcherStorage.InlineKey(segment: start + 1, count: 2, start: start, end: start + 3)
          == nil)
    }
  }
}
