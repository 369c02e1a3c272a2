extension MatcherStorage {
  enum SearchMode {
    /// The winner and its captures.
    case best
    /// Only whether there is a winner.
    case exists
  }

  /// The winner of a search: its entry, and how the URL's host was read.
  struct Found {
    var entry: Int
    var hostAsPath: Bool
  }

  /// Finds the winner for `bytes`; its captures are appended to `slots` (mode `.best`).
  /// How the URL was read is written to `split` when given (a lookup does not ask: the copy
  /// would cost more than the rest of some lookups).
  func search(
    _ bytes: UnsafeBufferPointer<UInt8>, mode: SearchMode, slots: inout CaptureList,
    split: UnsafeMutablePointer<URLSplit?>? = nil
  ) -> Found? {
    var result: Found? = nil
    searchBest(bytes, split: split) { search, hostAsPath in
      if mode == .best {
        slots.append(contentsOf: UnsafeBufferPointer(rebasing: search.slots[0..<search.count]))
      }
      result = Found(entry: search.winner, hostAsPath: hostAsPath)
    }
    return result
  }

  /// Finds the winner for `bytes` and calls `winner` with the search that found it (its
  /// entry, captures and segments, valid only during the call) and how the host was read;
  /// `winner` is not called when no route matches. How the URL was read is written to
  /// `split` when given.
  @inline(__always)
  func searchBest(
    _ bytes: UnsafeBufferPointer<UInt8>, split: UnsafeMutablePointer<URLSplit?>?,
    _ winner: (borrowing Search, _ hostAsPath: Bool) -> Void
  ) {
    var known: URLSplit? = nil
    switch searchPath(bytes, split: split, winner) {
    case .searched: return
    case .notAPath: break
    case .general(let reading): known = reading
    }
    withSearch(bytes, split: known, reading: split) { search, hostAsPath in
      guard search.run(root: search.root) else { return false }
      winner(search, hostAsPath)
      return true
    }
  }

  /// Finds the winner for `bytes` and calls `body` with its route's index and a reader of
  /// its captures, read in place in the search's own buffers (no match is made).
  func withBest(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: (_ routeIndex: Int, RouteMatch.Captures) -> Void
  ) {
    searchBest(bytes, split: nil) { search, _ in
      body(
        Int(search.entries[search.winner].route),
        RouteMatch.Captures(
          storage: self, entry: search.winner, url: search.url,
          segments: UnsafePointer(search.segments), segmentBytes: search.decoded,
          segmentsAreDecoded: true,
          slots: UnsafePointer(search.slots.baseAddress.unsafelyUnwrapped), count: search.count))
    }
  }

  /// Calls `body` with every route that matches `bytes` in its best way (an entry and its
  /// captures), best first: branch by branch in rank order, and within a branch by searching
  /// again above the rank of the route just found.
  /// `known` is how the URL was already read, if it was (then it is not split again).
  func searchAll(
    _ bytes: UnsafeBufferPointer<UInt8>, split known: URLSplit?,
    _ body: (_ hostAsPath: Bool, _ entry: Int, _ slots: UnsafeBufferPointer<CaptureSlot>) -> Void
  ) {
    withSearch(bytes, split: known, reading: nil) { search, hostAsPath in
      search.floor = -1
      while search.run(root: search.root) {
        body(
          hostAsPath, search.winner,
          UnsafeBufferPointer(rebasing: search.slots[0..<search.count]))
        search.floor = entries[search.winner].rank
      }
      return false
    }
  }

  /// A URL as the search reads it: its layout, and its non-empty path segments (the host
  /// first when it is read as a segment) as ranges of `decoded`.
  struct SplitURL {
    var bytes: UnsafeBufferPointer<UInt8>
    var layout: URLLayout
    var segments: UnsafeBufferPointer<Segment>
    /// The segments' bytes: the URL itself, or a scratch buffer when the path has escapes.
    var decoded: UnsafePointer<UInt8>
    /// The end of the buffer `decoded` points into (bytes before it may be read).
    var decodedEnd: UnsafePointer<UInt8>
    /// Whether the URL's host was read as its first path segment.
    var hostAsPath: Bool
  }

  /// Splits `bytes` (unless `known` says how it was split; how it was read is written to
  /// `reading` when given), then calls `visit` for each matching branch (tier, scheme, host)
  /// in rank order, with `search.root` set to the branch's trie, until `visit` returns true.
  private func withSearch(
    _ bytes: UnsafeBufferPointer<UInt8>, split known: URLSplit?,
    reading: UnsafeMutablePointer<URLSplit?>?, _ visit: (inout Search, Bool) -> Bool
  ) {
    // Offsets are kept in 32 bits (see `CaptureSlot`): a URL of 2 GiB or more never matches.
    guard bytes.count < Int(Int32.max) else { return }
    splitAndDecode(bytes, known: known, reading: reading) { url in
      tryBranches(url, visit)
    }
  }

  /// Step "split and decode": reads `bytes` once (or takes the `known` reading) and calls
  /// `body` with its segments, decoded; how it was read is written to `reading` when given.
  private func splitAndDecode(
    _ bytes: UnsafeBufferPointer<UInt8>, known: URLSplit?,
    reading: UnsafeMutablePointer<URLSplit?>?,
    _ body: (SplitURL) -> Void
  ) {
    let inline = URLLayout.inlineSegments
    withUnsafeTemporaryAllocation(of: Segment.self, capacity: inline + 1) { small in
      // Slot 0 is kept free for a host read as the first segment. A layout read before
      // recorded its segments elsewhere: the general path below finds them again.
      var layout: URLLayout
      if let known {
        layout = known.layout.layout
        layout.segmentCount = -1
      } else {
        layout = URLLayout.split(
          bytes, segments: small.baseAddress.map { $0 + 1 }, capacity: inline)
      }
      let hostAsPath = options.hostAsPath.applies(toSchemeBytes: scheme(of: layout, bytes))
      if let reading, let wide = URLLayout.Wide(layout, count: bytes.count) {
        reading.pointee = URLSplit(layout: wide, hostAsPath: hostAsPath)
      }

      // Fast path: no escapes and few segments. The split already found the segments, and
      // they are matched in place in the URL's bytes.
      if !layout.hasEscapes && layout.segmentCount >= 0, let urlBase = bytes.baseAddress {
        var first = 1
        if hostAsPath, let range = layout.host, !range.isEmpty {
          small[0] = Segment(start: range.lowerBound, end: range.upperBound)
          first = 0
        }
        body(
          SplitURL(
            bytes: bytes, layout: layout,
            segments: UnsafeBufferPointer(rebasing: small[first..<(1 + Int(layout.segmentCount))]),
            decoded: urlBase, decodedEnd: urlBase + bytes.count, hostAsPath: hostAsPath))
        return
      }
      decodeSegments(bytes, layout, hostAsPath: hostAsPath, body)
    }
  }

  /// The general path of "split and decode": any number of segments, decoded into a scratch
  /// buffer when the path has escapes.
  private func decodeSegments(
    _ bytes: UnsafeBufferPointer<UInt8>, _ layout: URLLayout, hostAsPath: Bool,
    _ body: (SplitURL) -> Void
  ) {
    // Non-empty segments are separated by '/', so a path of n bytes has at most (n + 1) / 2
    // of them; one more for the host read as a segment, and one so the count is never 0.
    let segmentBound = (layout.path.count + 1) / 2 + 2
    let needsDecoding = layout.hasEscapes
    // Decoding never lengthens a segment, but repairing invalid UTF-8 may: each invalid byte
    // becomes U+FFFD, 3 bytes. So 3 bytes per input byte, plus a few so the size is never 0.
    let decodedCapacity =
      needsDecoding ? 3 * (layout.path.count + (layout.host?.count ?? 0)) + 4 : 1
    withUnsafeTemporaryAllocation(of: Segment.self, capacity: segmentBound) { segmentBuffer in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: decodedCapacity) { scratch in
        guard let scratchBase = scratch.baseAddress else { return }
        var count = 0
        var written = 0
        forEachSegment(bytes, layout, hostAsPath: hostAsPath) { range in
          if needsDecoding {
            let start = written
            written += percentDecode(bytes, range, into: scratchBase + written)
            let decodedBytes = UnsafeBufferPointer(
              start: scratchBase + start, count: written - start)
            if !isValidUTF8(decodedBytes) {
              let fixed = Array(String(decoding: decodedBytes, as: UTF8.self).utf8)
              for (offset, byte) in fixed.enumerated() { scratchBase[start + offset] = byte }
              written = start + fixed.count
            }
            segmentBuffer[count] = Segment(start: start, end: written)
          } else {
            segmentBuffer[count] = Segment(start: range.lowerBound, end: range.upperBound)
          }
          count += 1
        }
        let decodedBase: UnsafePointer<UInt8>
        let decodedEnd: UnsafePointer<UInt8>
        if needsDecoding {
          decodedBase = UnsafePointer(scratchBase)
          decodedEnd = decodedBase + written
        } else if let urlBase = bytes.baseAddress {
          decodedBase = urlBase
          decodedEnd = urlBase + bytes.count
        } else {
          decodedBase = UnsafePointer(scratchBase)
          decodedEnd = decodedBase
        }
        body(
          SplitURL(
            bytes: bytes, layout: layout,
            segments: UnsafeBufferPointer(rebasing: segmentBuffer[0..<count]),
            decoded: decodedBase, decodedEnd: decodedEnd, hostAsPath: hostAsPath))
      }
    }
  }

  /// The URL's scheme, or the table's default scheme when it has none.
  private func scheme(
    of layout: URLLayout, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> UnsafeBufferPointer<UInt8>? {
    if let range = layout.scheme { return UnsafeBufferPointer(rebasing: bytes[range]) }
    if !defaultSchemeBytes.isEmpty { return UnsafeBufferPointer(defaultSchemeBytes) }
    return nil
  }

  /// Step "try the branches": searches the trie of each branch that accepts the URL's
  /// scheme, host and port, in rank order, until `visit` returns true.
  private func tryBranches(
    _ url: SplitURL, _ visit: (inout Search, Bool) -> Bool
  ) {
    var host: UnsafeBufferPointer<UInt8>? = nil
    if !url.hostAsPath, let range = url.layout.host, !range.isEmpty {
      host = UnsafeBufferPointer(rebasing: url.bytes[range])
    }
    let slotCount = max(1, maxCaptures)
    withUnsafeTemporaryAllocation(of: CaptureSlot.self, capacity: slotCount) { slotBuffer in
      // `segments` is never read when empty.
      var search = Search(
        storage: self, url: url.bytes, decoded: url.decoded, decodedEnd: url.decodedEnd,
        segments: url.segments.baseAddress
          ?? UnsafePointer(bitPattern: MemoryLayout<Segment>.alignment).unsafelyUnwrapped,
        segmentCount: url.segments.count, query: url.layout.query,
        fragment: url.layout.fragment, slots: slotBuffer, hostAsPath: url.hostAsPath)
      searchBranches(
        &search, scheme: scheme(of: url.layout, url.bytes), host: host, port: url.layout.port,
        url.hostAsPath, visit)
    }
  }

  private func searchBranches(
    _ search: inout Search, scheme: UnsafeBufferPointer<UInt8>?,
    host: UnsafeBufferPointer<UInt8>?, port: Int?, _ hostAsPath: Bool,
    _ visit: (inout Search, Bool) -> Bool
  ) {
    let pool = UnsafeBufferPointer(self.pool)
    let urlPort = Int32(port ?? -2)
    for branch in branches {
      if branch.schemeStart >= 0 {
        guard let scheme,
          asciiEqualsLowercased(
            scheme,
            UnsafeBufferPointer(
              rebasing: pool[Int(branch.schemeStart)..<Int(branch.schemeStart + branch.schemeCount)]
            ))
        else { continue }
      }
      if branch.port >= 0 && branch.port != urlPort { continue }
      let expected = UnsafeBufferPointer(
        rebasing: pool[Int(branch.hostStart)..<Int(branch.hostStart + branch.hostCount)])
      switch branch.hostKind {
      case .omitted: break
      case .any: if host == nil { continue }
      case .literal:
        guard let host, asciiEqualsLowercased(host, expected) else { continue }
      case .wildcard:
        guard let host, host.count > expected.count,
          asciiEqualsLowercased(
            UnsafeBufferPointer(rebasing: host[(host.count - expected.count)...]), expected)
        else { continue }
      }
      search.root = branch.root
      if visit(&search, hostAsPath) { return }
    }
  }

}
