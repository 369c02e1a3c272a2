// A URL that is a plain path (`/a/b?q#f`: no scheme, no authority) is searched straight in the
// tries such a URL can reach, which are known from the table (`MatcherStorage.pathRoots`), so
// no branch's scheme, host or port is tested per lookup.
//
// The URL is read by the URL stage's one reader (`URLLayout.split`, which records the path's
// segments in the same pass), so a plain path is read exactly as any other URL. What the
// search matches in place is what that reading gives for a path without escapes and with at
// most `URLLayout.inlineSegments` segments; any other path (a `%` anywhere in it, or more
// segments) is handed to the general search with the layout already read, which decodes its
// segments. So the answer is always the general reading's.

extension MatcherStorage {
  /// What `searchPath` did with a URL.
  enum PathSearch {
    /// The URL was searched (`winner` was called if a route matched).
    case searched
    /// The URL is not a plain path, or the table has no branch a plain path reaches: the
    /// general search reads it.
    case notAPath
    /// A plain path, read, that only the general search matches (escapes, or more segments
    /// than the fast path has room for): it is searched there with this reading.
    case general(URLSplit)
  }

  /// The search of a URL that is a plain path (it starts with a single `/`), in the tries of
  /// `pathRoots`. Where the URL was read is written to `split` when given and it was
  /// searched.
  @inline(__always)
  func searchPath(
    _ bytes: UnsafeBufferPointer<UInt8>, split: UnsafeMutablePointer<URLSplit?>?,
    _ winner: (borrowing Search, _ hostAsPath: Bool) -> Void
  ) -> PathSearch {
    guard URLLayout.isPlainPath(bytes), !pathRoots.isEmpty, bytes.count < Int(Int32.max),
      let base = bytes.baseAddress
    else { return .notAPath }
    let segmentCapacity = URLLayout.inlineSegments
    return withUnsafeTemporaryAllocation(of: Segment.self, capacity: segmentCapacity) {
      segmentBuffer in
      let segments = segmentBuffer.baseAddress.unsafelyUnwrapped
      let layout = URLLayout.split(bytes, segments: segments, capacity: segmentCapacity)
      guard !layout.hasEscapes && layout.segmentCount >= 0 else {
        guard let wide = URLLayout.Wide(layout, count: bytes.count) else { return .notAPath }
        return .general(URLSplit(layout: wide, hostAsPath: pathHostAsPath))
      }
      return withUnsafeTemporaryAllocation(of: CaptureSlot.self, capacity: max(1, maxCaptures)) {
        slotBuffer in
        var search = Search(
          storage: self, url: bytes, decoded: base, decodedEnd: base + bytes.count,
          segments: segments, segmentCount: Int(layout.segmentCount), query: layout.query,
          fragment: layout.fragment, slots: slotBuffer, hostAsPath: false)
        var found = false
        for root in pathRoots {
          search.root = root
          if search.run(root: root) {
            found = true
            break
          }
        }
        if let split, let wide = URLLayout.Wide(layout, count: bytes.count) {
          split.pointee = URLSplit(layout: wide, hostAsPath: pathHostAsPath)
        }
        if found { winner(search, pathHostAsPath) }
        return .searched
      }
    }
  }
}
