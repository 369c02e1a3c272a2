/// A compiled, immutable route table that matches URLs (SEMANTICS §1–4).
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
  /// - Complexity: O(length of the URL) for tables without catch-alls; backtracking below
  ///   catch-alls can add more.
  public func match(_ url: String) -> RouteMatch? {
    withBytes(url) { bytes in
      var found: RouteMatch? = nil
      storage.search(bytes, collect: false) { search, entry in
        let slots = Array(search.bestSlots[0..<search.bestCount])
        found = RouteMatch(
          storage: storage, entry: entry, url: url, layout: search.layout,
          hostAsPath: search.hostAsPath, slots: slots)
      }
      return found
    }
  }

  /// Whether some route matches `url` (nothing is allocated for the answer).
  public func matches(_ url: String) -> Bool {
    withBytes(url) { bytes in
      var found = false
      storage.search(bytes, collect: false) { _, _ in found = true }
      return found
    }
  }

  /// Every route that matches `url`, best first (each route once, in its best way).
  ///
  /// The first element is what ``match(_:)`` returns. Routers use this order to let a
  /// handler decline and the next candidate run; `switchyard explain` shows it.
  public func candidates(for url: String) -> [RouteMatch] {
    withBytes(url) { bytes in
      var results: [RouteMatch] = []
      var seen = Set<Int>()
      storage.search(bytes, collect: true) { search, _ in
        let ordered = search.collected.enumerated().sorted {
          $0.element.rank != $1.element.rank ? $0.element.rank < $1.element.rank : $0.offset < $1.offset
        }
        for (_, candidate) in ordered {
          let route = Int(storage.entries[candidate.entry].route)
          guard seen.insert(route).inserted else { continue }
          results.append(
            RouteMatch(
              storage: storage, entry: candidate.entry, url: url, layout: search.layout,
              hostAsPath: search.hostAsPath, slots: candidate.slots))
        }
      }
      return results
    }
  }

  private func withBytes<R>(_ url: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = url.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(url.utf8).withUnsafeBufferPointer(body)
  }
}

extension MatcherStorage {
  /// Splits `bytes`, then searches the tiers, scheme branches and host branches in rank
  /// order. `found` is called once per branch that produced a candidate (once in all when
  /// not collecting).
  func search(
    _ bytes: UnsafeBufferPointer<UInt8>, collect: Bool,
    _ found: (inout Search, Int) -> Void
  ) {
    let layout = URLLayout.split(bytes)
    var scheme: UnsafeBufferPointer<UInt8>? = nil
    if let range = layout.scheme {
      scheme = UnsafeBufferPointer(rebasing: bytes[range])
    } else if !defaultSchemeBytes.isEmpty {
      scheme = UnsafeBufferPointer(defaultSchemeBytes)
    }
    let hostAsPath = hostAsPathApplies(scheme)
    var host: UnsafeBufferPointer<UInt8>? = nil
    if !hostAsPath, let range = layout.host, !range.isEmpty {
      host = UnsafeBufferPointer(rebasing: bytes[range])
    }

    // Non-empty segments are separated by '/', so there are at most (n + 1) / 2 of them in
    // a path of n bytes, plus the host when it is read as a segment.
    let segmentBound = (layout.path.count + 1) / 2 + 2
    let needsDecoding = layout.hasEscapes
    let decodedCapacity = needsDecoding ? 3 * (layout.path.count + (layout.host?.count ?? 0)) + 4 : 1
    let slotCount = max(1, maxCaptures)

    withUnsafeTemporaryAllocation(of: Segment.self, capacity: segmentBound) { segmentBuffer in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: decodedCapacity) { scratch in
        withUnsafeTemporaryAllocation(of: CaptureSlot.self, capacity: 2 * slotCount) { slotBuffer in
          guard let scratchBase = scratch.baseAddress else { return }
          var count = 0
          var written = 0
          forEachSegment(bytes, layout, hostAsPath: hostAsPath) { range in
            if needsDecoding {
              let start = written
              written += percentDecode(bytes, range, into: scratchBase + written)
              let decodedBytes = UnsafeBufferPointer(start: scratchBase + start, count: written - start)
              if !isValidUTF8(decodedBytes) {
                let fixed = Array(String(decoding: decodedBytes, as: UTF8.self).utf8)
                for (offset, byte) in fixed.enumerated() { scratchBase[start + offset] = byte }
                written = start + fixed.count
              }
              segmentBuffer[count] = Segment(
                start: start, end: written, rawStart: range.lowerBound, rawEnd: range.upperBound)
            } else {
              segmentBuffer[count] = Segment(
                start: range.lowerBound, end: range.upperBound, rawStart: range.lowerBound,
                rawEnd: range.upperBound)
            }
            count += 1
          }
          let decodedBase: UnsafePointer<UInt8>
          if needsDecoding {
            decodedBase = UnsafePointer(scratchBase)
          } else if let urlBase = bytes.baseAddress {
            decodedBase = urlBase
          } else {
            decodedBase = UnsafePointer(scratchBase)
          }
          var search = Search(
            storage: self, url: bytes, layout: layout, decoded: decodedBase,
            segments: UnsafeBufferPointer(rebasing: segmentBuffer[0..<count]),
            slots: UnsafeMutableBufferPointer(rebasing: slotBuffer[0..<slotCount]),
            bestSlots: UnsafeMutableBufferPointer(rebasing: slotBuffer[slotCount..<(2 * slotCount)]),
            hostAsPath: hostAsPath)
          search.collecting = collect
          searchBranches(&search, scheme: scheme, host: host, port: layout.port, found)
        }
      }
    }
  }

  private func searchBranches(
    _ search: inout Search, scheme: UnsafeBufferPointer<UInt8>?,
    host: UnsafeBufferPointer<UInt8>?, port: Int?, _ found: (inout Search, Int) -> Void
  ) {
    let pool = UnsafeBufferPointer(self.pool)
    let urlPort = Int32(port ?? -2)
    for branch in branches {
      if branch.schemeStart >= 0 {
        guard let scheme,
          equalsLowercased(
            scheme, UnsafeBufferPointer(rebasing: pool[Int(branch.schemeStart)..<Int(branch.schemeStart + branch.schemeCount)]))
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
          equalsLowercased(UnsafeBufferPointer(rebasing: host[(host.count - expected.count)...]), expected)
        else { continue }
      }
      if search.collecting {
        search.collected = []
        _ = search.run(root: branch.root)
        if !search.collected.isEmpty { found(&search, -1) }
      } else if search.run(root: branch.root) {
        found(&search, search.bestEntry)
        return
      }
    }
  }

  private func equalsLowercased(
    _ bytes: UnsafeBufferPointer<UInt8>, _ expected: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard bytes.count == expected.count else { return false }
    for index in 0..<bytes.count where asciiLower(bytes[index]) != expected[index] { return false }
    return true
  }

  private func hostAsPathApplies(_ scheme: UnsafeBufferPointer<UInt8>?) -> Bool {
    guard let scheme else { return false }
    switch options.hostAsPath.storage {
    case .always: return true
    case .never: return false
    case .customSchemes:
      for special in MatcherStorage.specialSchemes {
        if special.withUnsafeBufferPointer({ equalsLowercased(scheme, $0) }) { return false }
      }
      return true
    case .schemes:
      for listed in hostAsPathSchemes {
        if listed.withUnsafeBufferPointer({ equalsLowercased(scheme, $0) }) { return true }
      }
      return false
    }
  }

  static let specialSchemes: [[UInt8]] = ["http", "https", "ws", "wss", "ftp", "file"].map {
    Array($0.utf8)
  }
}
