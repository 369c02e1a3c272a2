// A URL that is a plain path (`/a/b?q#f`: no scheme, no authority) is read while the trie is
// walked: each segment is found when the search first reaches it, so the URL is read once and
// no layout is written before the search, and the branches such a URL can reach are known from
// the table (`MatcherStorage.pathRoots`), so no branch is tested per lookup.
//
// The walk reads segments as the general reading would for a path without escapes: split on
// `/`, empty ones skipped, the path ended by `?` or `#`. It gives up on what that reading would
// do differently — a `%` anywhere in the path (the general reading then decodes every segment)
// or more segments than it has room for — and the search is then run again on the general
// reading. A route is only ever found with the whole path read (its last segment is the path's
// last), and a miss is only final once the rest of the path is known to hold no `%`; so the
// answer is always the general reading's.

/// What a search knows of its URL's segments: how many are read and where the walk reads on,
/// and the query and fragment once the end of the path is known.
struct PathWalk {
  /// How many segments are read (into the search's `segments`).
  var count: Int
  /// How many `segments` has room for.
  let capacity: Int
  /// Where the walk reads the next segment in the URL; -1 once every segment is read.
  var unread: Int
  /// Whether the walk met what only the general reading handles (an escape, or more segments
  /// than `capacity`): the search then finds nothing and is run again on that reading.
  var gaveUp = false
  /// Where the path ends (known once every segment is read).
  var pathEnd = 0
  var query: Range<Int>? = nil
  var fragment: Range<Int>? = nil

  /// A URL whose `count` segments were all read by a split as `layout`.
  init(read count: Int, layout: URLLayout) {
    self.count = count
    capacity = count
    unread = -1
    pathEnd = layout.path.upperBound
    query = layout.query
    fragment = layout.fragment
  }

  /// A plain path (it starts with a single `/`), with room for `capacity` segments.
  init(pathWithRoomFor capacity: Int) {
    count = 0
    self.capacity = capacity
    unread = 0
  }

  /// The URL's layout once every segment is read (a plain path: no scheme, no authority).
  var layout: URLLayout {
    var layout = URLLayout()
    layout.path = 0..<pathEnd
    layout.query = query
    layout.fragment = fragment
    return layout
  }

  /// Reads the next segment of `url` from `unread` into `segments`: true when there is one,
  /// false at the end of the path (its query and fragment are then known) or when the walk
  /// gives up.
  mutating func readSegment(
    _ url: UnsafeBufferPointer<UInt8>, into segments: UnsafeMutablePointer<Segment>
  ) -> Bool {
    let end = url.count
    let base = url.baseAddress.unsafelyUnwrapped
    // `unread` is at a '/': the first byte of the URL, or the one after the last segment.
    var start = unread + 1
    while start < end && base[start] == UInt8(ascii: "/") { start += 1 }
    // The segment's end: the next '/', '?' or '#', or the end of the URL.
    var stop = start
    scan: do {
      #if _endian(little)
        // Eight bytes at a time, looking only at the bytes that may be special.
        let raw = UnsafeRawPointer(base)
        while stop + 8 <= end {
          var candidates = SpecialBytes.candidates(
            raw.loadUnaligned(fromByteOffset: stop, as: UInt64.self))
          while candidates != 0 {
            let position = stop + candidates.trailingZeroBitCount >> 3
            candidates &= candidates &- 1
            let byte = base[position]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
              stop = position
              break scan
            }
            if byte == UInt8(ascii: "%") { return giveUp() }
          }
          stop += 8
        }
      #endif
      while stop < end {
        let byte = base[stop]
        if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
          break scan
        }
        if byte == UInt8(ascii: "%") { return giveUp() }
        stop += 1
      }
    }
    let found = stop > start
    if found {
      guard count < capacity else { return giveUp() }
      segments[count] = Segment(start: start, end: stop)
      count += 1
    }
    if stop < end && base[stop] == UInt8(ascii: "/") {
      unread = stop
    } else {
      // The path ends here: its query and fragment follow.
      unread = -1
      pathEnd = stop
      var rest = URLLayout()
      rest.readQueryAndFragment(url, stop)
      query = rest.query
      fragment = rest.fragment
    }
    return found
  }

  private mutating func giveUp() -> Bool {
    gaveUp = true
    unread = -1
    return false
  }
}

extension Search {
  /// Whether the path has a segment `index` (the walk reads the next one when it is not read
  /// yet; the search never asks past it).
  @inline(__always)
  func has(_ index: Int) -> Bool {
    index < walk.pointee.count
      || (walk.pointee.unread >= 0 && walk.pointee.readSegment(url, into: segments)
        && index < walk.pointee.count)
  }

  /// Whether the path ends before segment `index`, read whole.
  @inline(__always)
  func ends(before index: Int) -> Bool {
    !has(index) && !walk.pointee.gaveUp
  }

  /// Reads every segment not read yet; false when the walk gave up.
  func readAll() -> Bool {
    while walk.pointee.unread >= 0 { _ = walk.pointee.readSegment(url, into: segments) }
    return !walk.pointee.gaveUp
  }
}

extension MatcherStorage {
  /// The search of a URL that is a plain path (it starts with a single `/`), walked while
  /// descending into the tries of `pathRoots`: false when the URL is not such a path or the
  /// walk gave up (the general search reads it then); otherwise true, and `winner` was called
  /// with the search if a route matched. Where the URL was read is written to `split` when
  /// given.
  @inline(__always)
  func searchPath(
    _ bytes: UnsafeBufferPointer<UInt8>, split: UnsafeMutablePointer<URLSplit?>?,
    _ winner: (borrowing Search, _ hostAsPath: Bool) -> Void
  ) -> Bool {
    guard let base = bytes.baseAddress, base[0] == UInt8(ascii: "/"),
      bytes.count == 1 || base[1] != UInt8(ascii: "/"), !pathRoots.isEmpty,
      bytes.count < Int(Int32.max)
    else { return false }
    let segmentCapacity = URLLayout.inlineSegments
    return withUnsafeTemporaryAllocation(of: Segment.self, capacity: segmentCapacity) {
      segmentBuffer in
      withUnsafeTemporaryAllocation(of: CaptureSlot.self, capacity: max(1, maxCaptures)) {
        slotBuffer in
        var walk = PathWalk(pathWithRoomFor: segmentCapacity)
        return withUnsafeMutablePointer(to: &walk) { walk in
          var search = Search(
            storage: self, url: bytes, decoded: base, decodedEnd: base + bytes.count,
            segments: segmentBuffer.baseAddress.unsafelyUnwrapped, walk: walk, slots: slotBuffer,
            hostAsPath: false)
          var found = false
          for root in pathRoots {
            search.root = root
            if search.run(root: root) {
              found = true
              break
            }
            if walk.pointee.gaveUp { return false }
          }
          // A winner has read the whole path; a miss is final once the rest of the path is
          // known to need no other reading.
          guard search.readAll() else { return false }
          if let split, let wide = URLLayout.Wide(walk.pointee.layout, count: bytes.count) {
            split.pointee = URLSplit(layout: wide, hostAsPath: pathHostAsPath)
          }
          if found { winner(search, pathHostAsPath) }
          return true
        }
      }
    }
  }
}
