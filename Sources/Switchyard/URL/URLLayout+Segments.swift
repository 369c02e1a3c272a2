/// Calls `body` with the range of each non-empty path segment, in order: the host first when
/// it is read as a path segment, then the path split on `/` (<doc:ReadingURLs>).
@inline(__always)
func forEachSegment(
  _ bytes: UnsafeBufferPointer<UInt8>, _ layout: URLLayout, hostAsPath: Bool,
  _ body: (Range<Int>) -> Void
) {
  if hostAsPath, let host = layout.host, !host.isEmpty { body(host) }
  var start = layout.path.lowerBound
  let end = layout.path.upperBound
  var index = start
  while index < end {
    if bytes[index] == UInt8(ascii: "/") {
      if index > start { body(start..<index) }
      start = index + 1
    }
    index += 1
  }
  if end > start { body(start..<end) }
}

