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

/// How a URL was read for a search: its one split, and whether its host is a path segment.
/// (32-bit offsets in a plain value that holds no reference, so that handing it over costs
/// no retain and release.)
struct URLSplit {
  var layout: URLLayout.Wide
  var hostAsPath: Bool
}
