// Catch-alls (`*` and `<path:…>`) in the search, without a step budget.
//
// Enter a catch-all node C at segment s. It may stop after any segment from `first` on (s for
// `*`, s + 1 for `<path:…>`), and the search then goes on below C. Call best(C, t) the
// lowest-rank route below C when C stopped at t; the answer for C entered at s is the lowest
// of best(C, t) for t in first...n. Since ranks are unique within a trie, that lowest rank
// names one route, whatever the widths that reach it, so only the rank is searched for here;
// the widths (the leftmost catch-all as narrow as it can be, then the next, …) are chosen
// once the winner is known, by `rebuildCaptures`.
//
// best(C, t) is a plain walk of C's subtree, except where it meets a catch-all D inside C.
// D is met again for every width of C, each time at a lower segment (t goes down, and the way
// from C to D, with no catch-all between, always takes the same number of segments). So the
// answer for D is kept as a running minimum over t = n, n - 1, …: the memo holds, for each
// such D, the lowest start computed so far and the best route from there, and a later visit
// only computes the widths not seen yet. Every (node, segment) pair is then walked at most
// once per search: linear in (segments × trie nodes reached). The memo starts in a few slots
// on the stack, so a lookup allocates only when it meets many catch-alls inside another.
//
// Two shapes skip the walk: a catch-all with nothing below takes every remaining segment, and
// an outermost catch-all above a single path of the trie (one child per node, routes only at
// the end) is answered from the same reachable-segment sets that rebuild the captures.

extension Search {
  /// The best route below the catch-all `index`, entered at `segment` with `depth` captures
  /// before it, that stops after a segment from `first` on; -1 for none.
  mutating func catchAll(_ index: Int32, segment: Int, first: Int, depth: Int) -> Int32 {
    let node = nodes + Int(index)
    let end = segmentCount
    if node.pointee.literalCount == 0 && node.pointee.otherCount == 0 {
      // Nothing below: only its own routes, which take every remaining segment.
      slots[depth] = .segments(segment..<end, type: Int32(node.pointee.type))
      return finish(node, depth: depth + 1)
    }
    if catchAllDepth > 0 { return memoized(index, first: first, depth: depth) }
    if let bottom = singlePathEnd(below: index) {
      return singlePath(index, to: bottom, segment: segment, first: first, depth: depth)
    }
    // The outermost catch-all is entered once per search: it needs no memo itself, and the
    // memo of the catch-alls inside it lives while its widths are tried.
    catchAllDepth += 1
    let found = withUnsafeTemporaryAllocation(
      of: CatchAllMemo.Slot.self, capacity: CatchAllMemo.inlineCapacity
    ) { storage in
      memo.begin(in: storage)
      defer { memo.end() }
      return lowestBelow(index, from: end, through: first, depth: depth, known: -1)
    }
    catchAllDepth -= 1
    if found >= 0 { winnerCatchAll = (index, segment, depth) }
    return found
  }

  /// `catchAll` for a catch-all inside another one, through `memo`.
  private mutating func memoized(_ index: Int32, first: Int, depth: Int) -> Int32 {
    let known = memo.value(of: index) ?? (start: segmentCount + 1, entry: -1)
    // Visits come at lower and lower segments (see the top of this file), so `first` is
    // never above the start already computed.
    if first >= known.start { return known.entry }
    catchAllDepth += 1
    let found = lowestBelow(
      index, from: known.start - 1, through: first, depth: depth, known: known.entry)
    catchAllDepth -= 1
    memo.set(start: first, entry: found, for: index)
    return found
  }

  /// The lowest-rank route among `known` and best(`index`, t) for t from `high` down to
  /// `low`; -1 for none. Stops early when it finds the lowest rank of the whole subtree,
  /// which no other width can beat.
  private mutating func lowestBelow(
    _ index: Int32, from high: Int, through low: Int, depth: Int, known: Int32
  ) -> Int32 {
    var best = known
    var bestRank = best >= 0 ? entries[Int(best)].rank : .max
    let lowest = nodes[Int(index)].rankLow
    var stop = high
    while stop >= low && bestRank != lowest {
      let found = children(of: index, segment: stop, depth: depth + 1)
      if found >= 0 && entries[Int(found)].rank < bestRank {
        best = found
        bestRank = entries[Int(found)].rank
      }
      stop -= 1
    }
    return best
  }

  // MARK: Rebuilding the winner's captures

  /// Writes the captures of `entry`, found below the catch-all `via.node`, into `slots` from
  /// `via.depth` on, and sets `count`.
  ///
  /// The way from the catch-all down to the entry's node is one path of the trie. Walking it
  /// backwards gives, for each step, the set of segments from which the rest of the path can
  /// still take exactly the remaining segments; walking it forwards, each catch-all then
  /// takes the fewest segments that leave the rest a way to finish. That is the way the
  /// rules prefer between ways that differ only in widths (<doc:Precedence>).
  mutating func rebuildCaptures(
    of entry: Int32, below via: (node: Int32, segment: Int, depth: Int)
  ) {
    // A copy reads the trie while `self` writes the captures.
    let reader = self
    reader.withReachable(from: via.node, to: entryNodes[Int(entry)]) { path, saved in
      takeFewest(path: path, saved: saved, from: via)
    }
    let requirements = entries[Int(entry)].requirements
    if requirements >= 0 {
      _ = requirementsHold(requirements, count: &count)
    }
  }

  /// The catch-all `top`, entered at `segment`, when everything below it is one path of the
  /// trie to one node with routes (see `singlePathEnd`): the sets of `rebuildCaptures` answer
  /// it directly, in a few bit operations per (node, segment) pair instead of a walk.
  private mutating func singlePath(
    _ top: Int32, to bottom: Int32, segment: Int, first: Int, depth: Int
  ) -> Int32 {
    let reader = self
    let taken = reader.withReachable(from: top, to: bottom) { path, saved in
      var catchAlls = 0
      for index in path where isCatchAll(index) { catchAlls += 1 }
      // `top` is the last catch-all counted from the end.
      guard saved(catchAlls - 1).first(from: first) != nil else { return false }
      takeFewest(path: path, saved: saved, from: (top, segment, depth))
      return true
    }
    return taken ? finish(nodes + Int(bottom), depth: count) : -1
  }

  /// The node with routes at the end of the single path below the catch-all `top`: every
  /// node below it has one child and no routes, but the last, which has no child. `nil` when
  /// the subtree branches or has routes on the way.
  func singlePathEnd(below top: Int32) -> Int32? {
    var index = top
    while true {
      let node = nodes + Int(index)
      let literals = node.pointee.hashed ? 2 : Int(node.pointee.literalCount)
      let children = literals + Int(node.pointee.otherCount)
      if children == 0 { return index }
      guard children == 1, node.pointee.entryCount == 0 else { return nil }
      index =
        literals == 1
        ? literalEdges[Int(node.pointee.literalStart)].child
        : node.pointee.otherStart
    }
  }

  /// Calls `body` with the trie path from `top` down to `bottom` and, for the k-th catch-all
  /// on it counted from the end, the set of segments from which the rest of the path takes
  /// exactly the remaining segments.
  private func withReachable<R>(
    from top: Int32, to bottom: Int32,
    _ body: (UnsafeBufferPointer<Int32>, (Int) -> BoundarySet) -> R
  ) -> R {
    var length = 1
    var node = bottom
    while node != top {
      length += 1
      node = parents[Int(node)]
    }
    return withUnsafeTemporaryAllocation(of: Int32.self, capacity: length) { path in
      node = bottom
      for step in stride(from: length - 1, through: 0, by: -1) {
        path[step] = node
        node = parents[Int(node)]
      }
      var catchAlls = 0
      for step in path where isCatchAll(step) { catchAlls += 1 }
      // One bit per segment boundary 0...n.
      let words = segmentCount / 64 + 1
      return withUnsafeTemporaryAllocation(
        of: UInt64.self, capacity: (catchAlls + 1) * words
      ) { buffer in
        let base = buffer.baseAddress.unsafelyUnwrapped
        // Words 0..<words are the working set; then, for the k-th catch-all from the end, the
        // set the path after it can finish from.
        let saved = { (k: Int) in BoundarySet(words: base + (k + 1) * words, count: words) }
        markReachable(
          path: UnsafeBufferPointer(path), BoundarySet(words: base, count: words), saved: saved)
        return body(UnsafeBufferPointer(path), saved)
      }
    }
  }

  private func isCatchAll(_ index: Int32) -> Bool {
    let kind = nodes[Int(index)].kind
    return kind == .star || kind == .path
  }

  /// The backward walk of `rebuildCaptures`: for each catch-all of `path`, saves the
  /// segments from which the rest of the path takes exactly the remaining segments.
  private func markReachable(
    path: UnsafeBufferPointer<Int32>, _ working: BoundarySet, saved: (Int) -> BoundarySet
  ) {
    let end = segmentCount
    working.removeAll()
    working.insert(end)
    var catchAll = 0
    for step in stride(from: path.count - 1, through: 0, by: -1) {
      let index = path[step]
      if isCatchAll(index) {
        saved(catchAll).assign(working)
        catchAll += 1
        // A catch-all can start anywhere up to the last segment the rest can finish from
        // (`<path:…>` needs one segment more).
        let last = working.last ?? -1
        working.removeAll()
        let upTo = nodes[Int(index)].kind == .path ? last - 1 : last
        if upTo >= 0 { working.insertAll(through: upTo) }
        continue
      }
      // One segment: from u when it matches segment u and the rest finishes from u + 1.
      // Ascending, so bit u + 1 is read before it is overwritten.
      let parent = parents[Int(index)]
      for start in 0...end {
        let keep = start < end && working.contains(start + 1) && takes(index, parent, start)
        working.set(start, keep)
      }
    }
  }

  /// The forward walk of `rebuildCaptures`: writes the captures of each step of `path`,
  /// each catch-all taking the fewest segments its saved set allows.
  private mutating func takeFewest(
    path: UnsafeBufferPointer<Int32>, saved: (Int) -> BoundarySet,
    from via: (node: Int32, segment: Int, depth: Int)
  ) {
    var segment = via.segment
    var depth = via.depth
    var catchAll = 0
    for index in path where isCatchAll(index) { catchAll += 1 }
    for index in path {
      let node = nodes + Int(index)
      let type = Int32(node.pointee.type)
      switch node.pointee.kind {
      case .literal:
        segment += 1
      case .capture:
        slots[depth] = .segments(segment..<(segment + 1), type: type)
        depth += 1
        segment += 1
      case .mixed:
        let around = mixedCapture(index, segment: segment) ?? (0, 0)
        slots[depth] = .mixed(
          segment: segment, prefixCount: around.prefix, suffixCount: around.suffix, type: type)
        depth += 1
        segment += 1
      case .star, .path:
        catchAll -= 1
        let least = node.pointee.kind == .path ? segment + 1 : segment
        let stop = saved(catchAll).first(from: least) ?? segmentCount
        slots[depth] = .segments(segment..<stop, type: type)
        depth += 1
        segment = stop
      case .root:
        break
      }
    }
    count = depth
  }

  /// Whether the node `index`, a child of `parent` that takes one segment, matches `segment`.
  private func takes(_ index: Int32, _ parent: Int32, _ segment: Int) -> Bool {
    let node = nodes + Int(index)
    switch node.pointee.kind {
    case .literal:
      return literalChild(nodes + Int(parent), segmentBytes(segment))?.pointee.child == index
    case .capture:
      return accepts(Int32(node.pointee.type), segmentBytes(segment))
    case .mixed:
      return mixedCapture(index, segment: segment) != nil
    case .root, .star, .path:
      return false
    }
  }
}

/// A set of segment boundaries `0...n`, as bits in caller-owned words.
struct BoundarySet {
  let words: UnsafeMutablePointer<UInt64>
  /// How many words.
  let count: Int

  init(words: UnsafeMutablePointer<UInt64>, count: Int) {
    self.words = words
    self.count = count
  }

  func removeAll() { words.update(repeating: 0, count: count) }

  func assign(_ other: BoundarySet) { words.update(from: other.words, count: count) }

  func insert(_ element: Int) { words[element >> 6] |= 1 << UInt64(element & 63) }

  func set(_ element: Int, _ present: Bool) {
    let bit: UInt64 = 1 << UInt64(element & 63)
    if present { words[element >> 6] |= bit } else { words[element >> 6] &= ~bit }
  }

  func contains(_ element: Int) -> Bool { words[element >> 6] & (1 << UInt64(element & 63)) != 0 }

  /// Inserts `0...last`.
  func insertAll(through last: Int) {
    let full = (last + 1) >> 6
    for word in 0..<full { words[word] = ~0 }
    let rest = (last + 1) & 63
    if rest > 0 { words[full] |= (1 << UInt64(rest)) &- 1 }
  }

  /// The largest element.
  var last: Int? {
    var word = count - 1
    while word >= 0 {
      if words[word] != 0 { return word << 6 + 63 - words[word].leadingZeroBitCount }
      word -= 1
    }
    return nil
  }

  /// The smallest element from `start` on.
  func first(from start: Int) -> Int? {
    var word = start >> 6
    guard word < count else { return nil }
    var bits = words[word] & ~((1 << UInt64(start & 63)) &- 1)
    while true {
      if bits != 0 { return word << 6 + bits.trailingZeroBitCount }
      word += 1
      guard word < count else { return nil }
      bits = words[word]
    }
  }
}

/// For each catch-all met inside another while the outermost one's widths are tried: the
/// lowest segment it has been computed from (`start`), and the best route below it from there
/// (`entry`, -1 for none). An open-addressing table keyed by node. It starts in
/// `inlineCapacity` slots on the stack (see `Search.catchAll`), so a few nested catch-alls
/// allocate nothing, and moves to the heap when it outgrows them.
struct CatchAllMemo {
  struct Slot {
    /// -1 for an empty slot.
    var node: Int32
    var entry: Int32
    var start: Int
  }

  /// Slots on the stack before the table moves to the heap.
  static let inlineCapacity = 16

  private var slots: UnsafeMutablePointer<Slot>? = nil
  /// A power of two (0 while there is no storage).
  private var capacity = 0
  private var used = 0
  /// Whether `slots` was allocated by `grow` (and must be freed).
  private var onHeap = false

  /// Starts an empty table in `storage` (`inlineCapacity` slots, kept alive by the caller
  /// until `end()`).
  mutating func begin(in storage: UnsafeMutableBufferPointer<Slot>) {
    slots = storage.baseAddress
    capacity = storage.count
    used = 0
    onHeap = false
    slots?.initialize(repeating: Slot(node: -1, entry: -1, start: 0), count: capacity)
  }

  /// Forgets every value, freeing what `grow` allocated.
  mutating func end() {
    if onHeap { slots?.deallocate() }
    slots = nil
    capacity = 0
    used = 0
    onHeap = false
  }

  @inline(__always)
  private func home(_ node: Int32) -> Int {
    Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: node)) &* 0x9E37_79B9_7F4A_7C15) >> 32)
      & (capacity - 1)
  }

  func value(of node: Int32) -> (start: Int, entry: Int32)? {
    guard let slots else { return nil }
    var slot = home(node)
    while slots[slot].node >= 0 {
      if slots[slot].node == node { return (slots[slot].start, slots[slot].entry) }
      slot = (slot + 1) & (capacity - 1)
    }
    return nil
  }

  mutating func set(start: Int, entry: Int32, for node: Int32) {
    // At most half full, so probes stay short and always end at an empty slot.
    if 2 * (used + 1) > capacity { grow() }
    guard let slots else { return }
    var slot = home(node)
    while slots[slot].node >= 0 && slots[slot].node != node { slot = (slot + 1) & (capacity - 1) }
    if slots[slot].node < 0 { used += 1 }
    slots[slot] = Slot(node: node, entry: entry, start: start)
  }

  private mutating func grow() {
    let (old, oldCapacity, oldOnHeap) = (slots, capacity, onHeap)
    capacity = max(Self.inlineCapacity, capacity * 2)
    slots = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
    slots?.initialize(repeating: Slot(node: -1, entry: -1, start: 0), count: capacity)
    onHeap = true
    used = 0
    guard let old else { return }
    for index in 0..<oldCapacity where old[index].node >= 0 {
      set(start: old[index].start, entry: old[index].entry, for: old[index].node)
    }
    if oldOnHeap { old.deallocate() }
  }
}
