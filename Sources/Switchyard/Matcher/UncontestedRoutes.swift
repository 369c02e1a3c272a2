/// The routes of a compiled table that win every URL they match, proven from the trie: a URL
/// built for one of them and matched back against it alone needs no search of the whole table
/// to know that no other route wins it (<doc:BuildingURLs>).
///
/// A search tries the branches (tier, scheme, host) in order and, within a branch's trie,
/// answers the matching route of lowest rank (see ``MatcherStorage``). So another route can
/// win a URL of route R only through an entry that ranks before an entry of R (an earlier
/// branch that may accept the same URL, or the same branch and a lower rank) and that may
/// match a URL that entry of R matches. For each entry of R, the tries of the branches up to
/// its own are walked with R's path elements, following every child that may match the same
/// segment (an equal literal; every capture; everything where R has a capture), and treating
/// a catch-all on either side as matching anything below it. Query and fragment requirements
/// and capture types are not read: they can only keep a route from matching, so the walk
/// finds every entry that may share a URL with R's, and more. R is uncontested when the walk
/// finds no entry of another route that ranks before R's (in its own branch, subtrees whose
/// lowest rank comes after R's are not entered). A walk that visits more than
/// ``UncontestedRoutes/stepBudget`` places gives up, and the route counts as contested: the
/// proof only ever skips a check it has shown cannot fail.
///
/// Made the first time a URL is built against the matcher (``MatcherStorage/uncontested``),
/// and kept with it.
final class UncontestedRoutes: Sendable {
  /// Whether each route (by index in the table) wins every URL it matches.
  private let wins: [Bool]

  /// How many places (a trie node and a position in the route's path) one route's walk may
  /// visit before it gives up.
  static let stepBudget = 4_096

  init(_ storage: MatcherStorage) {
    var wins = [Bool](repeating: true, count: storage.routes.count)
    var walk = Walk(storage)
    for entry in storage.entries.indices {
      let route = Int(storage.entries[entry].route)
      guard route < wins.count, wins[route] else { continue }
      if walk.contested(entry) { wins[route] = false }
    }
    self.wins = wins
  }

  /// Whether the route at `index` of the table wins every URL that matches it.
  func wins(_ index: Int) -> Bool {
    index >= 0 && index < wins.count && wins[index]
  }

  /// The walk of one entry's rivals, with what it needs of the storage looked up once.
  private struct Walk {
    let storage: MatcherStorage
    /// The literal edge that leads to each node (-1 for other nodes).
    var edgeOf: [Int32]
    /// The branches whose trie each root is, by root node.
    var branchesOf: [Int32: [Int]] = [:]
    /// The places left to visit: a node and how many of the entry's path elements are taken.
    var stack: [(node: Int32, taken: Int)] = []
    var path: [Int32] = []

    init(_ storage: MatcherStorage) {
      self.storage = storage
      edgeOf = [Int32](repeating: -1, count: storage.nodes.count)
      for (index, edge) in storage.literalEdges.enumerated()
      where edge.keyCount >= 0 && edge.child >= 0 {
        edgeOf[Int(edge.child)] = Int32(index)
      }
      for (index, branch) in storage.branches.enumerated() {
        branchesOf[branch.root, default: []].append(index)
      }
    }

    /// Whether some entry of another route may match a URL that `entry` matches and rank
    /// before it (or the walk ran out of steps).
    mutating func contested(_ entry: Int) -> Bool {
      let nodes = storage.nodes
      let route = storage.entries[entry].route
      // The entry's path elements, root first (the root itself left out).
      path.removeAll(keepingCapacity: true)
      var node = storage.entryNodes[entry]
      while storage.parents[Int(node)] >= 0 {
        path.append(node)
        node = storage.parents[Int(node)]
      }
      path.reverse()
      // The last branch this trie answers for: a URL may reach the entry through any of
      // them, so every branch before the last is one that may come first.
      guard let own = branchesOf[node]?.last else { return true }
      var steps = 0
      for branch in 0...own where storage.branches[branch].root == node || mayShare(branch, own) {
        let limit: Int32? = branch == own ? storage.entries[entry].rank : nil
        stack.removeAll(keepingCapacity: true)
        stack.append((storage.branches[branch].root, 0))
        while let top = stack.popLast() {
          let (place, taken) = top
          steps += 1
          if steps > UncontestedRoutes.stepBudget { return true }
          let current = nodes[Int(place)]
          if let limit, current.rankLow >= limit { continue }
          if taken == path.count {
            // The entry's URL ends here: the routes that end here, and those below a `*`
            // (which may take no segment).
            for other in Int(current.entryStart)..<Int(current.entryStart + current.entryCount) {
              let rival = storage.entries[other]
              if rival.route != route && (limit.map { rival.rank < $0 } ?? true) { return true }
            }
            if current.hasStar,
              below(current.otherStart + current.otherCount - 1, before: limit)
            {
              return true
            }
            continue
          }
          let element = nodes[Int(path[taken])]
          if element.kind == .path || element.kind == .star {
            // The entry's catch-all takes any segments: anything below may share its URLs.
            if below(place, before: limit) { return true }
            continue
          }
          // Literal children: only the equal one when the entry's element is a literal.
          if current.literalCount > 0 {
            if element.kind == .literal {
              if let child = equalLiteral(under: current, to: path[taken]) {
                stack.append((child, taken + 1))
              }
            } else {
              let start = Int(current.literalStart)
              for index in start..<(start + Int(current.literalCount)) {
                let edge = storage.literalEdges[index]
                if edge.keyCount >= 0 { stack.append((edge.child, taken + 1)) }
              }
            }
          }
          // Other children: a capture or partial segment may take any segment; a catch-all
          // may take the rest of the path.
          let start = current.otherStart
          for child in start..<(start + current.otherCount) {
            switch nodes[Int(child)].kind {
            case .path, .star:
              if below(child, before: limit) { return true }
            default:
              stack.append((child, taken + 1))
            }
          }
        }
      }
      return false
    }

    /// Whether the subtree of `node` holds an entry of rank below `limit` (any entry when
    /// there is no limit: an earlier branch).
    func below(_ node: Int32, before limit: Int32?) -> Bool {
      let lowest = storage.nodes[Int(node)].rankLow
      return lowest != .max && (limit.map { lowest < $0 } ?? true)
    }

    /// The literal child of `parent` whose key is the key of the literal node `node` (keys
    /// of one storage are written the same way, folded when paths are case-insensitive).
    func equalLiteral(under parent: MatcherStorage.Node, to node: Int32) -> Int32? {
      let own = Int(edgeOf[Int(node)])
      guard own >= 0 else { return nil }
      let key = storage.literalEdges[own]
      let start = Int(parent.literalStart)
      func same(_ edge: MatcherStorage.LiteralEdge) -> Bool {
        guard edge.keyCount == key.keyCount, edge.inline == key.inline else { return false }
        let count = Int(key.keyCount)
        guard count > 16 else { return true }
        let pool = storage.pool
        let mine = Int(key.keyStart)
        let theirs = Int(edge.keyStart)
        return pool[mine..<(mine + count)].elementsEqual(pool[theirs..<(theirs + count)])
      }
      if !parent.hashed {
        for index in start..<(start + Int(parent.literalCount)) {
          let edge = storage.literalEdges[index]
          if edge.keyCount >= 0 && same(edge) { return edge.child }
        }
        return nil
      }
      // The edge's hash is the one the table was laid out with (open addressing).
      let mask = Int(parent.literalCount) - 1
      var slot = Int(key.hash) & mask
      while true {
        let edge = storage.literalEdges[start + slot]
        if edge.keyCount < 0 { return nil }
        if edge.hash == key.hash && same(edge) { return edge.child }
        slot = (slot + 1) & mask
      }
    }

    /// Whether a URL that branch `own` accepts may be accepted by branch `other` as well:
    /// not when both name a scheme and they differ, both name a port and they differ, or
    /// both name a literal host and they differ.
    func mayShare(_ other: Int, _ own: Int) -> Bool {
      let a = storage.branches[other]
      let b = storage.branches[own]
      let pool = storage.pool
      func bytes(_ start: Int32, _ count: Int32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: pool[Int(start)..<Int(start + count)])
      }
      if a.schemeStart >= 0 && b.schemeStart >= 0
        && !bytes(a.schemeStart, a.schemeCount).elementsEqual(bytes(b.schemeStart, b.schemeCount))
      {
        return false
      }
      if a.port >= 0 && b.port >= 0 && a.port != b.port { return false }
      if a.hostKind == .literal && b.hostKind == .literal
        && !bytes(a.hostStart, a.hostCount).elementsEqual(bytes(b.hostStart, b.hostCount))
      {
        return false
      }
      return true
    }
  }
}

extension MatcherStorage {
  /// The routes that win every URL they match (made the first time it is asked for, kept).
  var uncontested: UncontestedRoutes {
    uncontestedSlot.object(as: UncontestedRoutes.self) { UncontestedRoutes(self) }
  }
}
