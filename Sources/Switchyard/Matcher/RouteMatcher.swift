/// A compiled, immutable route table that matches URLs (<doc:ReadingURLs>, <doc:PatternSyntax>, <doc:Precedence>, <doc:MatchResults>).
///
/// Compile a ``RouteTable`` once, then match from any thread: the matcher is a `Sendable`
/// value over flat arrays. A lookup reads the URL's bytes in place, walks a trie whose
/// children are ordered by precedence, and stops at the first complete match outside
/// catch-alls — so its cost depends on the URL, not on the number of routes.
///
/// ```swift
/// var table = RouteTable()
/// try table.add("user", "myapp://user/<int:id>")
/// try table.add("search", "/search/:term")
/// let matcher = RouteMatcher(table)
///
/// let match = matcher.match("myapp://user/42?tab=posts")
/// match?.route.name          // "user"
/// match?.parameter("id")     // .int(42)
/// match?.query.last("tab")   // "posts"
/// ```
public struct RouteMatcher: Sendable {
  let storage: MatcherStorage

  /// Compiles `table`.
  ///
  /// - Complexity: O(total pattern length × log of fan-out).
  public init(_ table: RouteTable) {
    storage = MatcherStorage(table: table)
  }

  /// The routes, in registration order.
  public var routes: [Route] { storage.routes }

  /// The options the table was read with.
  public var options: RouteOptions { storage.options }

  /// The best route for `url`, or `nil` when no route matches.
  ///
  /// A lookup allocates nothing when it misses or when the route has at most four captures
  /// (they are kept inline in the match); more captures take one array, which
  /// ``match(_:into:)`` reuses.
  ///
  /// - Complexity: O(length of the URL) for tables without catch-alls; backtracking below
  ///   catch-alls can add more.
  public func match(_ url: String) -> RouteMatch? {
    var result: RouteMatch? = nil
    _ = match(url, into: &result)
    return result
  }

  /// Matches `url` into `result`, reusing the capture storage of the match already there:
  /// a loop that keeps one `RouteMatch?` allocates nothing per lookup.
  ///
  /// ```swift
  /// var reused: RouteMatch? = nil
  /// for url in incoming where matcher.match(url, into: &reused) {
  ///   handle(reused!.routeIndex)
  /// }
  /// ```
  /// - Returns: Whether a route matched (`result` is `nil` when none did).
  @discardableResult
  public func match(_ url: String, into result: inout RouteMatch?) -> Bool {
    var slots = CaptureList()
    if var previous = result {
      result = nil
      slots = previous.takeSlots()
      slots.removeAll()
    }
    let found = withBytes(url) { storage.search($0, mode: .best, slots: &slots) }
    guard let found else { return false }
    result = RouteMatch(
      storage: storage, entry: found.entry,
      reading: URLReading(url, hostAsPath: found.hostAsPath), slots: slots)
    return true
  }

  /// Matches `url` and keeps how it was read, match or not: the one split of a URL that a
  /// router routes (the interceptors and the unmatched request read their parts from it, and
  /// its query is parsed once for all of them). Allocates the kept reading.
  func read(_ url: String) -> (reading: URLReading, best: RouteMatch?) {
    var slots = CaptureList()
    var split: MatcherStorage.Split? = nil
    let found = withBytes(url) { bytes in
      withUnsafeMutablePointer(to: &split) {
        storage.search(bytes, mode: .best, slots: &slots, split: $0)
      }
    }
    guard let split else { return (URLReading(reading: url, options: options), nil) }
    let reading = URLReading(url, split)
    guard let found else { return (reading, nil) }
    return (
      reading, RouteMatch(storage: storage, entry: found.entry, reading: reading, slots: slots)
    )
  }

  /// Whether some route matches `url` (nothing is allocated for the answer).
  public func matches(_ url: String) -> Bool {
    var slots = CaptureList()
    return withBytes(url) { storage.search($0, mode: .exists, slots: &slots) } != nil
  }

  /// Every route that matches `url`, best first (each route once, in its best way).
  ///
  /// The first element is what ``match(_:)`` returns. Routers use this order to let a
  /// handler decline and the next candidate run; `switchyard explain` shows it.
  public func candidates(for url: String) -> [RouteMatch] {
    candidates(for: url, split: nil)
  }

  /// The candidates of a URL already read as `reading` (the URL is not split again).
  func candidates(for reading: URLReading) -> [RouteMatch] {
    candidates(for: reading.text, split: reading.split).map { RouteMatch($0, reading: reading) }
  }

  private func candidates(for url: String, split known: MatcherStorage.Split?) -> [RouteMatch] {
    var results: [RouteMatch] = []
    var seen = Set<Int>()
    withBytes(url) { bytes in
      storage.searchAll(bytes, split: known) { hostAsPath, collected in
        let ordered = collected.enumerated().sorted {
          $0.element.rank != $1.element.rank
            ? $0.element.rank < $1.element.rank : $0.offset < $1.offset
        }
        for (_, candidate) in ordered {
          let route = Int(storage.entries[candidate.entry].route)
          guard seen.insert(route).inserted else { continue }
          results.append(
            RouteMatch(
              storage: storage, entry: candidate.entry,
              reading: URLReading(url, hostAsPath: hostAsPath),
              slots: CaptureList(candidate.slots)))
        }
      }
    }
    return results
  }

  private func withBytes<R>(_ url: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = url.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(url.utf8).withUnsafeBufferPointer(body)
  }
}

extension MatcherStorage {
  enum SearchMode {
    /// The winner and its captures.
    case best
    /// Only whether there is a winner.
    case exists
  }

  /// How a search read a URL: its one split, and whether its host is a path segment.
  struct Split {
    var layout: URLLayout.Packed
    var hostAsPath: Bool
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
    split: UnsafeMutablePointer<Split?>? = nil
  ) -> Found? {
    var result: Found? = nil
    withSearch(bytes, collect: false, split: nil, reading: split) { search, hostAsPath in
      if search.run(root: search.root) {
        if mode == .best {
          slots.append(contentsOf: search.bestSlots[0..<search.bestCount])
        }
        result = Found(entry: search.bestEntry, hostAsPath: hostAsPath)
        return true
      }
      return false
    }
    return result
  }

  /// Calls `body` with every candidate of each branch that has some, branch by branch in
  /// rank order (candidates within a branch are unordered; sort them by rank).
  /// `split` is how the URL was already read, if it was (then it is not split again).
  func searchAll(
    _ bytes: UnsafeBufferPointer<UInt8>, split known: Split?,
    _ body: (Bool, [(entry: Int, rank: Int32, slots: [CaptureSlot])]) -> Void
  ) {
    withSearch(bytes, collect: true, split: known, reading: nil) { search, hostAsPath in
      search.collected = []
      _ = search.run(root: search.root)
      if !search.collected.isEmpty { body(hostAsPath, search.collected) }
      return false
    }
  }

  /// Splits `bytes` (unless `known` says how it was split; how it was read is written to
  /// `reading` when given), then calls `visit` for each matching branch (tier, scheme, host)
  /// in rank order, with `search.root` set to the branch's trie, until `visit` returns true.
  private func withSearch(
    _ bytes: UnsafeBufferPointer<UInt8>, collect: Bool, split known: Split?,
    reading: UnsafeMutablePointer<Split?>?, _ visit: (inout Search, Bool) -> Bool
  ) {
    // Offsets are kept in 32 bits (see `CaptureSlot`): a URL of 2 GiB or more never matches.
    guard bytes.count < Int(Int32.max) else { return }
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
      var scheme: UnsafeBufferPointer<UInt8>? = nil
      if let range = layout.scheme {
        scheme = UnsafeBufferPointer(rebasing: bytes[range])
      } else if !defaultSchemeBytes.isEmpty {
        scheme = UnsafeBufferPointer(defaultSchemeBytes)
      }
      let hostAsPath = options.hostAsPath.applies(toSchemeBytes: scheme)
      if let reading, let packed = URLLayout.Packed(layout, count: bytes.count) {
        reading.pointee = Split(layout: packed, hostAsPath: hostAsPath)
      }
      var host: UnsafeBufferPointer<UInt8>? = nil
      if !hostAsPath, let range = layout.host, !range.isEmpty {
        host = UnsafeBufferPointer(rebasing: bytes[range])
      }
      let slotCount = max(1, maxCaptures)

      func run(
        _ segments: UnsafeBufferPointer<Segment>, _ decoded: UnsafePointer<UInt8>,
        _ decodedEnd: UnsafePointer<UInt8>
      ) {
        withUnsafeTemporaryAllocation(of: CaptureSlot.self, capacity: 2 * slotCount) { slotBuffer in
          var search = Search(
            storage: self, url: bytes, layout: layout, decoded: decoded, decodedEnd: decodedEnd,
            segments: segments,
            slots: UnsafeMutableBufferPointer(rebasing: slotBuffer[0..<slotCount]),
            bestSlots: UnsafeMutableBufferPointer(
              rebasing: slotBuffer[slotCount..<(2 * slotCount)]),
            hostAsPath: hostAsPath)
          search.collecting = collect
          searchBranches(&search, scheme: scheme, host: host, port: layout.port, hostAsPath, visit)
        }
      }

      // Fast path: no escapes and few segments. The split already found the segments, and
      // they are matched in place in the URL's bytes.
      if !layout.hasEscapes && layout.segmentCount >= 0, let urlBase = bytes.baseAddress {
        var first = 1
        if hostAsPath, let range = layout.host, !range.isEmpty {
          small[0] = Segment(start: range.lowerBound, end: range.upperBound)
          first = 0
        }
        run(
          UnsafeBufferPointer(rebasing: small[first..<(1 + layout.segmentCount)]), urlBase,
          urlBase + bytes.count)
        return
      }

      // General path: any number of segments, decoded into a scratch buffer when the path
      // has escapes. Non-empty segments are separated by '/', so a path of n bytes has at
      // most (n + 1) / 2 of them, plus the host when it is read as a segment.
      let segmentBound = (layout.path.count + 1) / 2 + 2
      let needsDecoding = layout.hasEscapes
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
          run(UnsafeBufferPointer(rebasing: segmentBuffer[0..<count]), decodedBase, decodedEnd)
        }
      }
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
          equalsLowercased(
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
        guard let host, equalsLowercased(host, expected) else { continue }
      case .wildcard:
        guard let host, host.count > expected.count,
          equalsLowercased(
            UnsafeBufferPointer(rebasing: host[(host.count - expected.count)...]), expected)
        else { continue }
      }
      search.root = branch.root
      if visit(&search, hostAsPath) { return }
    }
  }

  private func equalsLowercased(
    _ bytes: UnsafeBufferPointer<UInt8>, _ expected: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard bytes.count == expected.count else { return false }
    for index in 0..<bytes.count where asciiLower(bytes[index]) != expected[index] { return false }
    return true
  }
}
