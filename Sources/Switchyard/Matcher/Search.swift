/// The search of one path trie (see ``MatcherStorage`` for the rank order).
///
/// Children are tried in rank order, and every subtree's routes have ranks below those of the
/// next sibling's, so the first route found is the winner and the search stops at once. A
/// `*` or `<path:…>` child is the one place where that order alone does not decide: the
/// lowest rank below it may need any width. `catchAll` (in `Search+CatchAlls.swift`) answers
/// it exactly, in time linear in the segments it may take, and the winner's captures are
/// rebuilt afterwards (`rebuildCaptures`). No step budget: the answer never depends on how
/// long the search took (<doc:Precedence>).
struct Search {
  /// Unretained: the caller keeps the storage alive for the whole search, and a retain per
  /// copy of this struct would cost more than the rest of a lookup.
  unowned(unsafe) let storage: MatcherStorage
  /// Nodes are read through a pointer, field by field: copying a whole node (32 bytes, see
  /// `MatcherStorage.Node`) to the stack on every step cost more than the rest of the step.
  let nodes: UnsafePointer<MatcherStorage.Node>
  let parents: UnsafePointer<Int32>
  let literalEdges: UnsafePointer<MatcherStorage.LiteralEdge>
  let pool: UnsafeBufferPointer<UInt8>
  let entries: UnsafeMutableBufferPointer<MatcherStorage.Entry>
  let entryNodes: UnsafePointer<Int32>
  let url: UnsafeBufferPointer<UInt8>
  let decoded: UnsafePointer<UInt8>
  /// The end of the buffer `decoded` points into (bytes before it may be read).
  let decodedEnd: UnsafePointer<UInt8>
  /// The URL's non-empty path segments (the host first when it is read as one), as ranges of
  /// `decoded`.
  let segments: UnsafePointer<Segment>
  /// How many `segments` there are.
  let segmentCount: Int
  /// The URL's query and fragment (raw ranges of `url`).
  let query: Range<Int>?
  let fragment: Range<Int>?
  let caseInsensitive: Bool
  let plusAsSpace: Bool
  /// The captures of the route being tried; after `run`, the winner's first `count`.
  let slots: UnsafeMutableBufferPointer<CaptureSlot>
  /// Whether the URL's host was read as its first path segment.
  let hostAsPath: Bool

  init(
    storage: MatcherStorage, url: UnsafeBufferPointer<UInt8>,
    decoded: UnsafePointer<UInt8>, decodedEnd: UnsafePointer<UInt8>,
    segments: UnsafePointer<Segment>, segmentCount: Int, query: Range<Int>?,
    fragment: Range<Int>?, slots: UnsafeMutableBufferPointer<CaptureSlot>, hostAsPath: Bool
  ) {
    self.storage = storage
    nodes = UnsafePointer(storage.nodes.baseAddress.unsafelyUnwrapped)
    parents = UnsafePointer(storage.parents.baseAddress.unsafelyUnwrapped)
    literalEdges = UnsafePointer(storage.literalEdges.baseAddress.unsafelyUnwrapped)
    pool = UnsafeBufferPointer(storage.pool)
    entries = storage.entries
    entryNodes = UnsafePointer(storage.entryNodes.baseAddress.unsafelyUnwrapped)
    self.url = url
    self.decoded = decoded
    self.decodedEnd = decodedEnd
    self.segments = segments
    self.segmentCount = segmentCount
    self.query = query
    self.fragment = fragment
    caseInsensitive = storage.options.caseInsensitivePaths
    plusAsSpace = storage.options.plusAsSpace
    self.slots = slots
    self.hostAsPath = hostAsPath
  }

  /// Whether the path has a segment `index`.
  @inline(__always)
  func has(_ index: Int) -> Bool { index < segmentCount }

  /// The root of the trie being searched.
  var root: Int32 = 0
  /// Routes of this rank or lower are passed over: `candidates(for:)` lists a branch's routes
  /// one by one, raising it to the rank of each route it found.
  var floor: Int32 = -1
  /// The winner of the last `run` (an index into `entries`), and how many `slots` it has.
  var winner = -1
  var count = 0
  /// How many catch-alls the search is inside: below one, a route found is not yet the winner
  /// and its captures are not kept (see `catchAll`).
  var catchAllDepth = 0
  /// The outermost catch-all the winner was found below, if any: where it was entered, and
  /// how many captures come before it (see `rebuildCaptures`).
  var winnerCatchAll: (node: Int32, segment: Int, depth: Int)? = nil
  /// The best route known below each catch-all inside another, while the outermost one's
  /// widths are tried (see `catchAll`).
  var memo = CatchAllMemo()

  @inline(__always)
  func segmentBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    let segment = segments[index]
    return UnsafeBufferPointer(start: decoded + segment.start, count: segment.end - segment.start)
  }

  /// Searches the trie at `root`; on success `winner` and the first `count` slots hold the
  /// best route above `floor` and its captures.
  mutating func run(root: Int32) -> Bool {
    winner = -1
    count = 0
    catchAllDepth = 0
    winnerCatchAll = nil
    let found = children(of: root, segment: 0, depth: 0)
    guard found >= 0 else { return false }
    winner = Int(found)
    if let via = winnerCatchAll { rebuildCaptures(of: found, below: via) }
    return true
  }

  /// The best route among the children and entries of `start`, which consumed the segments
  /// before `first` with `firstDepth` captures; -1 for none.
  @inline(__always)
  mutating func children(of start: Int32, segment first: Int, depth firstDepth: Int) -> Int32 {
    children(at: nodes + Int(start), segment: first, depth: firstDepth)
  }

  /// `children(of:segment:depth:)` of the node `start` points to: in `nodes`, or the copy in
  /// the literal edge that leads to it.
  mutating func children(
    at start: UnsafePointer<MatcherStorage.Node>, segment first: Int, depth firstDepth: Int
  ) -> Int32 {
    var segment = first
    var depth = firstDepth
    var node = start
    // A node answers what its last child to try answers when nothing comes after that child:
    // no `*` and, with a segment left, none of its own routes (they need none left). Such a
    // last child is walked in this loop instead of by recursion: a literal child when the node
    // has no other child, or the node's one capture child.
    while has(segment) {
      if node.pointee.literalCount > 0,
        let edge = Self.literalChild(
          node, segmentBytes(segment), literalEdges: literalEdges, pool: pool, decoded: decoded,
          decodedEnd: decodedEnd, caseInsensitive: caseInsensitive)
      {
        // The copy of the child's node in its edge: the line just read.
        let child = Self.node(in: edge)
        if node.pointee.otherCount == 0 {
          node = child
          segment += 1
          continue
        }
        let found = children(at: child, segment: segment + 1, depth: depth)
        if found >= 0 { return found }
      }
      guard node.pointee.otherCount == 1 && !node.pointee.hasStar else { break }
      let child = nodes + Int(node.pointee.otherStart)
      guard child.pointee.kind == .capture else { break }
      let type = Int32(child.pointee.type)
      guard accepts(type, segmentBytes(segment)) else { return -1 }
      slots[depth] = .segments(segment..<(segment + 1), type: type)
      node = child
      segment += 1
      depth += 1
    }
    var edge = Int(node.pointee.otherStart)
    let end = edge + Int(node.pointee.otherCount)
    let beforeEnd = node.pointee.hasStar ? end - 1 : end
    if node.pointee.otherCount > MatcherStorage.linearMixedLimit && nodes[edge].kind == .mixed,
      let index = storage.mixedIndex(first: Int32(truncatingIfNeeded: edge))
    {
      if has(segment) {
        let found = indexedMixed(index, segment: segment, depth: depth)
        if found >= 0 { return found }
      }
      edge += Int(index.count)
    }
    while edge < beforeEnd {
      let found = visit(Int32(truncatingIfNeeded: edge), segment: segment, depth: depth)
      if found >= 0 { return found }
      edge += 1
    }
    if node.pointee.entryCount > 0 && segment >= segmentCount {
      let found = finish(node, depth: depth)
      if found >= 0 { return found }
    }
    while edge < end {
      let found = visit(Int32(truncatingIfNeeded: edge), segment: segment, depth: depth)
      if found >= 0 { return found }
      edge += 1
    }
    return -1
  }

  /// Matches the non-literal node `index` at `segment`, then its children.
  mutating func visit(_ index: Int32, segment: Int, depth: Int) -> Int32 {
    let node = nodes + Int(index)
    let type = Int32(node.pointee.type)
    switch node.pointee.kind {
    case .capture:
      guard has(segment), accepts(type, segmentBytes(segment)) else {
        return -1
      }
      slots[depth] = .segments(segment..<(segment + 1), type: type)
      return children(of: index, segment: segment + 1, depth: depth + 1)
    case .mixed:
      #if DEBUG
        ReadingCounters.count(\.partialSegmentTests)
      #endif
      guard has(segment), let around = mixedCapture(index, segment: segment) else {
        return -1
      }
      slots[depth] = .mixed(
        segment: segment, prefixCount: around.prefix, suffixCount: around.suffix, type: type)
      return children(of: index, segment: segment + 1, depth: depth + 1)
    case .path:
      // At least one segment.
      guard has(segment) else { return -1 }
      return catchAll(index, segment: segment, first: segment + 1, depth: depth)
    case .star:
      return catchAll(index, segment: segment, first: segment, depth: depth)
    case .root, .literal:
      return -1
    }
  }

  /// The best route below the partial-segment children of `index` that `segment` can match,
  /// tried in rank order; -1 for none.
  mutating func indexedMixed(
    _ index: MatcherStorage.MixedIndex, segment: Int, depth: Int
  ) -> Int32 {
    let bytes = segmentBytes(segment)
    // Most segments have one candidate or none: they are found without allocating.
    let (total, only) = withUnsafeTemporaryAllocation(of: Int32.self, capacity: 1) { buffer in
      let base = buffer.baseAddress.unsafelyUnwrapped
      let total = mixedCandidates(index, bytes, into: base, capacity: 1)
      return (total, total > 0 ? base.pointee : -1)
    }
    if total <= 1 { return total == 1 ? visit(only, segment: segment, depth: depth) : -1 }
    return withUnsafeTemporaryAllocation(of: Int32.self, capacity: total) { buffer in
      let base = buffer.baseAddress.unsafelyUnwrapped
      _ = mixedCandidates(index, bytes, into: base, capacity: total)
      var candidates = UnsafeMutableBufferPointer(start: base, count: total)
      // Places in `nodes` are rank order.
      candidates.sort()
      for child in candidates {
        let found = visit(child, segment: segment, depth: depth)
        if found >= 0 { return found }
      }
      return -1
    }
  }

  /// Writes the first `capacity` partial-segment children of `index` whose literal text
  /// `bytes` may have around a capture (their hash matches; `mixedCapture` decides) to
  /// `found`, in no particular order, and returns how many there are.
  func mixedCandidates(
    _ index: MatcherStorage.MixedIndex, _ bytes: UnsafeBufferPointer<UInt8>,
    into found: UnsafeMutablePointer<Int32>, capacity: Int
  ) -> Int {
    var total = 0
    let mask = Int(index.slotCount) - 1
    let slotStart = Int(index.slotStart)
    for shapeIndex in Int(index.shapeStart)..<Int(index.shapeStart + index.shapeCount) {
      let shape = storage.mixedShapes[shapeIndex]
      let prefix = Int(shape.prefix)
      let suffix = Int(shape.suffix)
      // Shapes are sorted by their total length: the rest are too long as well.
      guard prefix + suffix < bytes.count else { break }
      let hash = MatcherStorage.mixedHash(
        prefix: UnsafeBufferPointer(rebasing: bytes[..<prefix]),
        suffix: UnsafeBufferPointer(rebasing: bytes[(bytes.count - suffix)...]),
        folded: caseInsensitive)
      var slot = Int(hash) & mask
      while true {
        let entry = storage.mixedSlots[slotStart + slot]
        if entry.child < 0 { break }
        if entry.hash == hash {
          if total < capacity { found[total] = entry.child }
          total += 1
        }
        slot = (slot + 1) & mask
      }
    }
    return total
  }

  /// Whether the mixed node `index` matches `segment`: how many bytes its literal text takes
  /// before and after the capture, or `nil`.
  func mixedCapture(_ index: Int32, segment: Int) -> (prefix: Int, suffix: Int)? {
    let bytes = segmentBytes(segment)
    let info = storage.mixed(index)
    let prefix = Int(info.prefixCount)
    let suffix = Int(info.suffixCount)
    guard bytes.count > prefix + suffix,
      equal(bytes, 0, pool, Int(info.prefixStart), prefix),
      equal(bytes, bytes.count - suffix, pool, Int(info.suffixStart), suffix),
      accepts(
        Int32(nodes[Int(index)].type),
        UnsafeBufferPointer(rebasing: bytes[prefix..<(bytes.count - suffix)]))
    else { return nil }
    return (prefix, suffix)
  }

  /// The first route that ends at `node` (in rank order, above `floor`) whose query and
  /// fragment requirements hold; -1 for none.
  mutating func finish(_ node: UnsafePointer<MatcherStorage.Node>, depth: Int) -> Int32 {
    let start = Int(node.pointee.entryStart)
    for position in start..<(start + Int(node.pointee.entryCount)) {
      let entry = entries[position]
      if entry.rank <= floor { continue }
      var count = depth
      if entry.requirements >= 0 {
        guard requirementsHold(entry.requirements, count: &count) else { continue }
      }
      if catchAllDepth == 0 { self.count = count }
      return Int32(position)
    }
    return -1
  }

  // MARK: Query and fragment

  /// Whether the query and fragment requirements `set` (an index into
  /// `storage.requirementSets`) hold for the URL; the values they capture are written to the
  /// slots from `count` on.
  func requirementsHold(_ set: Int32, count: inout Int) -> Bool {
    let requirements = storage.requirementSets[Int(set)]
    var check = Int(requirements.queryStart)
    let end = check + Int(requirements.queryCount)
    while check < end {
      let query = storage.queryChecks[check]
      check += 1
      guard let value = lastQueryValue(named: poolBytes(query.nameStart, query.nameCount)) else {
        return false
      }
      switch query.value.kind {
      case .none:
        break
      case .literal:
        let expected = poolBytes(query.value.start, query.value.count)
        guard decodedEquals(value, expected, plusAsSpace: plusAsSpace) else { return false }
      case .capture:
        guard decodedAccepts(query.value.type, value, plusAsSpace: plusAsSpace) else {
          return false
        }
        slots[count] = .queryValue(value, type: query.value.type)
        count += 1
      }
    }
    let fragmentCheck = requirements.fragment
    switch fragmentCheck.kind {
    case .none:
      return true
    case .literal:
      guard let fragment = self.fragment else { return false }
      let expected = poolBytes(fragmentCheck.start, fragmentCheck.count)
      return decodedEquals(fragment, expected, plusAsSpace: false)
    case .capture:
      guard let fragment = self.fragment,
        decodedAccepts(fragmentCheck.type, fragment, plusAsSpace: false)
      else { return false }
      slots[count] = .fragment(fragment, type: fragmentCheck.type)
      count += 1
      return true
    }
  }

  @inline(__always)
  func poolBytes(_ start: Int32, _ count: Int32) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: pool[Int(start)..<Int(start + count)])
  }

  /// The raw range of the last value of the query parameter `name` (decoded), if any: an empty
  /// range after the name for a parameter without `=`. The query's pieces are read as
  /// `QueryPairs` reads them: split on `&`, empty ones skipped, the name up to the first `=`.
  ///
  /// A query without `%` (nor `+` under the plus rule) decodes to itself, so its names are
  /// compared in place, eight bytes at a time where they can be read; any other query is
  /// read pair by pair, each name decoded.
  func lastQueryValue(named name: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    guard let query = self.query else { return nil }
    guard !hasEscapes(query), !name.contains(UInt8(ascii: "=")), let base = url.baseAddress else {
      return lastQueryValueDecoding(named: name, query)
    }
    let raw = UnsafeRawPointer(base)
    let end = query.upperBound
    var result: Range<Int>? = nil
    var start = query.lowerBound
    while start < end {
      // The piece's end: the next '&', or the end of the query.
      var stop = start
      #if _endian(little)
        while stop + 8 <= url.count {
          let found = SpecialBytes.matching(
            raw.loadUnaligned(fromByteOffset: stop, as: UInt64.self), UInt8(ascii: "&"))
          if found != 0 {
            stop += found.trailingZeroBitCount >> 3
            break
          }
          stop += 8
        }
        stop = min(stop, end)
      #endif
      while stop < end && url[stop] != UInt8(ascii: "&") { stop += 1 }
      let nameEnd = start + name.count
      if nameEnd <= stop && (nameEnd == stop || url[nameEnd] == UInt8(ascii: "="))
        && (nameEnd > start || nameEnd < stop)
      {
        var index = 0
        while index < name.count && url[start + index] == name[index] { index += 1 }
        if index == name.count {
          result = nameEnd < stop ? (nameEnd + 1)..<stop : nameEnd..<nameEnd
        }
      }
      start = stop + 1
    }
    return result
  }

  /// Whether the raw URL bytes in `range` hold a `%` (or a `+` under the plus rule).
  func hasEscapes(_ range: Range<Int>) -> Bool {
    var index = range.lowerBound
    #if _endian(little)
      if let base = url.baseAddress {
        let raw = UnsafeRawPointer(base)
        while index + 8 <= range.upperBound {
          let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          var found = SpecialBytes.matching(word, UInt8(ascii: "%"))
          if plusAsSpace { found |= SpecialBytes.matching(word, UInt8(ascii: "+")) }
          if found != 0 { return true }
          index += 8
        }
      }
    #endif
    while index < range.upperBound {
      let byte = url[index]
      if byte == UInt8(ascii: "%") || (plusAsSpace && byte == UInt8(ascii: "+")) { return true }
      index += 1
    }
    return false
  }

  /// `lastQueryValue(named:)` for a query with escapes: pair by pair, each name decoded.
  func lastQueryValueDecoding(named name: UnsafeBufferPointer<UInt8>, _ query: Range<Int>)
    -> Range<Int>?
  {
    var result: Range<Int>? = nil
    for pair in QueryPairs(url, query)
    where decodedEquals(pair.name, name, plusAsSpace: plusAsSpace) {
      result = pair.value ?? pair.name.upperBound..<pair.name.upperBound
    }
    return result
  }

  /// Whether the raw URL bytes in `range`, decoded once (and repaired), equal `expected`.
  ///
  /// Bytes without `%` (nor `+` under the plus rule) decode to themselves, so they are
  /// compared in place in one pass; only a value with an escape is decoded.
  func decodedEquals(
    _ range: Range<Int>, _ expected: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool
  ) -> Bool {
    var index = range.lowerBound
    let end = range.upperBound
    var hasEscape = false
    if range.count == expected.count {
      var offset = 0
      while index < end {
        let byte = url[index]
        if byte == UInt8(ascii: "%") || (plusAsSpace && byte == UInt8(ascii: "+")) {
          hasEscape = true
          break
        }
        if byte != expected[offset] { break }
        index += 1
        offset += 1
      }
      if index == end { return true }
    }
    // Not equal as written: only an escape can make the decoded bytes equal.
    while !hasEscape && index < end {
      let byte = url[index]
      hasEscape = byte == UInt8(ascii: "%") || (plusAsSpace && byte == UInt8(ascii: "+"))
      index += 1
    }
    guard hasEscape else { return false }
    return withDecoded(range, plusAsSpace: plusAsSpace) { bytes in
      bytes.count == expected.count && bytes.elementsEqual(expected)
    }
  }

  func decodedAccepts(_ code: Int32, _ range: Range<Int>, plusAsSpace: Bool) -> Bool {
    if code == CaptureType.string.code { return true }
    return withDecoded(range, plusAsSpace: plusAsSpace) { accepts(code, $0) }
  }

  func withDecoded<R>(
    _ range: Range<Int>, plusAsSpace: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    let raw = UnsafeBufferPointer(rebasing: url[range])
    if !raw.contains(UInt8(ascii: "%")) && !(plusAsSpace && raw.contains(UInt8(ascii: "+"))) {
      return body(raw)
    }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, range.count)) { buffer in
      guard let base = buffer.baseAddress else { return body(raw) }
      let count = percentDecode(url, range, into: base, plusAsSpace: plusAsSpace)
      let bytes = UnsafeBufferPointer(start: base, count: count)
      if isValidUTF8(bytes) { return body(bytes) }
      return repairedUTF8(bytes).withUnsafeBufferPointer(body)
    }
  }

  // MARK: Comparisons

  /// Whether `count` bytes of `a` at `aStart` equal those of `b` at `bStart` (ASCII case
  /// folded when paths are case-insensitive).
  @inline(__always)
  func equal(
    _ a: UnsafeBufferPointer<UInt8>, _ aStart: Int, _ b: UnsafeBufferPointer<UInt8>,
    _ bStart: Int, _ count: Int
  ) -> Bool {
    Self.equal(a, aStart, b, bStart, count, caseInsensitive: caseInsensitive)
  }

  @inline(__always)
  static func equal(
    _ a: UnsafeBufferPointer<UInt8>, _ aStart: Int, _ b: UnsafeBufferPointer<UInt8>,
    _ bStart: Int, _ count: Int, caseInsensitive: Bool
  ) -> Bool {
    var index = 0
    if caseInsensitive {
      while index < count {
        if asciiLower(a[aStart + index]) != asciiLower(b[bStart + index]) { return false }
        index += 1
      }
    } else {
      while index < count {
        if a[aStart + index] != b[bStart + index] { return false }
        index += 1
      }
    }
    return true
  }

  /// The edge of the literal child equal to `bytes`: a scan for a few children, a hash probe
  /// for many.
  @inline(__always)
  func literalChild(
    _ node: UnsafePointer<MatcherStorage.Node>, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> UnsafePointer<MatcherStorage.LiteralEdge>? {
    Self.literalChild(
      node, bytes, literalEdges: literalEdges, pool: pool, decoded: decoded,
      decodedEnd: decodedEnd, caseInsensitive: caseInsensitive)
  }

  /// `literalChild(_:_:)` with what it reads of the search passed in: the walk calls this one,
  /// because a method that the compiler does not inline there is handed a copy of the whole
  /// search.
  @inline(__always)
  static func literalChild(
    _ node: UnsafePointer<MatcherStorage.Node>, _ bytes: UnsafeBufferPointer<UInt8>,
    literalEdges: UnsafePointer<MatcherStorage.LiteralEdge>, pool: UnsafeBufferPointer<UInt8>,
    decoded: UnsafePointer<UInt8>, decodedEnd: UnsafePointer<UInt8>, caseInsensitive: Bool
  ) -> UnsafePointer<MatcherStorage.LiteralEdge>? {
    let count = bytes.count
    let key: MatcherStorage.InlineKey
    if !caseInsensitive, let base = bytes.baseAddress,
      let loaded = MatcherStorage.InlineKey(
        segment: base, count: count, start: decoded, end: decodedEnd)
    {
      key = loaded
    } else {
      let readable = bytes.baseAddress.map { decodedEnd - $0 } ?? 0
      key = MatcherStorage.InlineKey(bytes, readable: readable, folded: caseInsensitive)
    }
    let start = Int(node.pointee.literalStart)
    if !node.pointee.hashed {
      var index = start
      let end = index + Int(node.pointee.literalCount)
      while index < end {
        let edge = literalEdges + index
        if Int(edge.pointee.keyCount) == count && edge.pointee.inline == key
          && (count <= 16
            || equal(
              bytes, 16, pool, Int(edge.pointee.keyStart) + 16, count - 16,
              caseInsensitive: caseInsensitive))
        {
          return edge
        }
        index += 1
      }
      return nil
    }
    let hash = key.hash(count: count)
    let mask = Int(node.pointee.literalCount) - 1
    var slot = Int(hash) & mask
    while true {
      let edge = literalEdges + (start + slot)
      let keyCount = Int(edge.pointee.keyCount)
      if keyCount < 0 { return nil }
      if edge.pointee.hash == hash && keyCount == count && edge.pointee.inline == key
        && (count <= 16
          || equal(
            bytes, 16, pool, Int(edge.pointee.keyStart) + 16, count - 16,
            caseInsensitive: caseInsensitive))
      {
        return edge
      }
      slot = (slot + 1) & mask
    }
  }

  /// The copy of an edge's child node that the edge holds.
  @inline(__always)
  static func node(
    in edge: UnsafePointer<MatcherStorage.LiteralEdge>
  ) -> UnsafePointer<MatcherStorage.Node> {
    (UnsafeRawPointer(edge) + MatcherStorage.edgeNodeOffset).assumingMemoryBound(
      to: MatcherStorage.Node.self)
  }

  @inline(__always)
  func accepts(_ code: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    CaptureType(code: code).accepts(bytes, registered: storage.types)
  }

}
