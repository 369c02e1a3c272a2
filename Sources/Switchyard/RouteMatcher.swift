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
          hostAsPath: search.hostAsPathFlag, slots: slots)
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
        let ordered = (search.collected ?? []).enumerated().sorted {
          $0.element.rank != $1.element.rank ? $0.element.rank < $1.element.rank : $0.offset < $1.offset
        }
        for (_, candidate) in ordered {
          let route = storage.entries[candidate.entry].route
          guard seen.insert(route).inserted else { continue }
          results.append(
            RouteMatch(
              storage: storage, entry: candidate.entry, url: url, layout: search.layout,
              hostAsPath: search.hostAsPathFlag, slots: candidate.slots))
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

extension Search {
  /// Set by `MatcherStorage.search` for the match result.
  var hostAsPathFlag: Bool { _hostAsPath }
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
    let schemeBytes: UnsafeBufferPointer<UInt8>? = layout.scheme.map {
      UnsafeBufferPointer(rebasing: bytes[$0])
    }
    defaultSchemeBytes.withUnsafeBufferPointer { defaultScheme in
      let scheme = schemeBytes ?? (defaultScheme.isEmpty ? nil : defaultScheme)
      let hostAsPath = hostAsPathApplies(scheme)
      var host: UnsafeBufferPointer<UInt8>? = nil
      if !hostAsPath, let range = layout.host, !range.isEmpty {
        host = UnsafeBufferPointer(rebasing: bytes[range])
      }

      // Segment ranges; decoded copies only when the path has escapes.
      var segmentBound = 1
      if hostAsPath, layout.host != nil { segmentBound += 1 }
      var needsDecoding = false
      for index in layout.path where bytes[index] == 0x2F || bytes[index] == 0x25 {
        if bytes[index] == 0x2F { segmentBound += 1 } else { needsDecoding = true }
      }
      if hostAsPath, let range = layout.host, bytes[range].contains(0x25) { needsDecoding = true }
      let decodedCapacity = needsDecoding ? 3 * (layout.path.count + (layout.host?.count ?? 0)) + 4 : 0

      withUnsafeTemporaryAllocation(of: Segment.self, capacity: segmentBound) { segmentBuffer in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, decodedCapacity)) { scratch in
          guard let urlBase = bytes.baseAddress ?? scratch.baseAddress.map({ UnsafePointer($0) }),
            let scratchBase = scratch.baseAddress
          else { return }
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
          let decodedBase: UnsafePointer<UInt8> = needsDecoding ? UnsafePointer(scratchBase) : urlBase
          let segments = UnsafeBufferPointer(rebasing: segmentBuffer[0..<count])
          let slotCount = max(1, maxCaptures)
          withUnsafeTemporaryAllocation(of: CaptureSlot.self, capacity: slotCount * 2) { slotBuffer in
            nodes.withUnsafeBufferPointer { nodes in
              literalEdges.withUnsafeBufferPointer { literalEdges in
                edges.withUnsafeBufferPointer { edges in
                  self.bytes.withUnsafeBufferPointer { pool in
                    entries.withUnsafeBufferPointer { entries in
                      var search = Search(
                        nodes: nodes, literalEdges: literalEdges, edges: edges, pool: pool,
                        entries: entries, types: types, url: bytes, layout: layout,
                        decoded: decodedBase, segments: segments,
                        caseInsensitive: options.caseInsensitivePaths,
                        plusAsSpace: options.plusAsSpace,
                        slots: UnsafeMutableBufferPointer(rebasing: slotBuffer[0..<slotCount]),
                        bestSlots: UnsafeMutableBufferPointer(
                          rebasing: slotBuffer[slotCount..<(2 * slotCount)]),
                        _hostAsPath: hostAsPath)
                      if collect { search.collected = [] }
                      searchBranches(&search, scheme: scheme, host: host, port: layout.port, found)
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  private func searchBranches(
    _ search: inout Search, scheme: UnsafeBufferPointer<UInt8>?,
    host: UnsafeBufferPointer<UInt8>?, port: Int?, _ found: (inout Search, Int) -> Void
  ) {
    for tier in tiers {
      for branch in tier.schemes {
        if let expected = branch.scheme {
          guard let scheme, equalsLowercased(scheme, expected) else { continue }
        }
        for hostBranch in branch.hosts {
          if let expectedPort = hostBranch.port, expectedPort != port { continue }
          switch hostBranch.host {
          case .omitted: break
          case .any: if host == nil { continue }
          case .literal(let expected):
            guard let host, equalsLowercased(host, expected) else { continue }
          case .wildcard(let suffix):
            guard let host, host.count > suffix.count,
              equalsLowercased(UnsafeBufferPointer(rebasing: host[(host.count - suffix.count)...]), suffix)
            else { continue }
          }
          if search.collected != nil {
            search.collected = []
            _ = search.run(root: hostBranch.root)
            if !(search.collected ?? []).isEmpty { found(&search, -1) }
          } else if search.run(root: hostBranch.root) {
            found(&search, search.bestEntry)
            return
          }
        }
      }
    }
  }

  private func equalsLowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ expected: [UInt8]) -> Bool {
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
      for special in MatcherStorage.specialSchemes where equalsLowercased(scheme, special) {
        return false
      }
      return true
    case .schemes:
      for listed in hostAsPathSchemes where equalsLowercased(scheme, listed) { return true }
      return false
    }
  }

  static let specialSchemes: [[UInt8]] = ["http", "https", "ws", "wss", "ftp", "file"].map {
    Array($0.utf8)
  }
}
