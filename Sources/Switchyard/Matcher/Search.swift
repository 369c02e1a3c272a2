/// One captured value, recorded while searching without decoding anything.
struct CaptureSlot: Sendable, Hashable {
  enum Kind: UInt8, Sendable {
    /// Path segments `a..<b` (indices into the URL's segments), joined by `/`.
    case segments
    /// The middle of segment `a`, without `b` leading and `c` trailing decoded bytes.
    case mixed
    /// Raw URL bytes `a..<b` of a query value, decoded with the plus rule.
    case queryValue
    /// Raw URL bytes `a..<b` of the fragment.
    case fragment
  }
  var kind: Kind
  // 16 bytes in all: a match keeps a few inline (see `CaptureList`).
  private var typeCode: UInt8
  private var first: Int32
  private var second: Int32
  private var third: Int32

  /// `type` is a type code (see `CaptureType.code`); offsets fit in 32 bits because the search
  /// refuses URLs of 2 GiB or more.
  init(kind: Kind, type: Int32, a: Int, b: Int, c: Int) {
    self.kind = kind
    typeCode = UInt8(truncatingIfNeeded: type)
    first = Int32(truncatingIfNeeded: a)
    second = Int32(truncatingIfNeeded: b)
    third = Int32(truncatingIfNeeded: c)
  }

  var type: Int32 { Int32(typeCode) }
  var a: Int { Int(first) }
  var b: Int { Int(second) }
  var c: Int { Int(third) }
}

/// The captures of a match: up to four inline, so that most matches allocate nothing; more
/// go to an array (allocated once, and reused by `RouteMatcher.match(_:into:)`).
struct CaptureList: Sendable {
  static let inlineCapacity = 4
  private(set) var count = 0
  private var inline: (CaptureSlot, CaptureSlot, CaptureSlot, CaptureSlot)
  /// Every slot, when there are more than `inlineCapacity`.
  private var spilled: [CaptureSlot] = []

  init() {
    let empty = CaptureSlot(kind: .segments, type: CaptureType.string.code, a: 0, b: 0, c: 0)
    inline = (empty, empty, empty, empty)
  }

  init(_ slots: some Collection<CaptureSlot>) {
    self.init()
    append(contentsOf: slots)
  }

  /// Empties the list, keeping any spilled storage for reuse.
  mutating func removeAll() {
    count = 0
    spilled.removeAll(keepingCapacity: true)
  }

  mutating func append(contentsOf slots: some Collection<CaptureSlot>) {
    let total = count + slots.count
    if total <= Self.inlineCapacity {
      for slot in slots {
        switch count {
        case 0: inline.0 = slot
        case 1: inline.1 = slot
        case 2: inline.2 = slot
        default: inline.3 = slot
        }
        count += 1
      }
      return
    }
    if spilled.isEmpty {
      for index in 0..<count { spilled.append(self[index]) }
    }
    spilled.append(contentsOf: slots)
    count = total
  }

  subscript(index: Int) -> CaptureSlot {
    if count > Self.inlineCapacity { return spilled[index] }
    switch index {
    case 0: return inline.0
    case 1: return inline.1
    case 2: return inline.2
    default: return inline.3
    }
  }
}

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
    if bytes[index] == 0x2F {
      if index > start { body(start..<index) }
      start = index + 1
    }
    index += 1
  }
  if end > start { body(start..<end) }
}

/// The depth-first search of one path trie (see ``MatcherStorage`` for the rank order).
///
/// Below a `<path:…>` or `*` node the search tries every width, so the first candidate found
/// there is not final: it keeps looking for a lower rank, pruning every subtree whose lowest
/// rank cannot beat the best so far. Outside such loops the first candidate found is the
/// winner and the search stops at once.
struct Search {
  /// Unretained: the caller keeps the storage alive for the whole search, and a retain per
  /// copy of this struct would cost more than the rest of a lookup.
  unowned(unsafe) let storage: MatcherStorage
  /// Nodes are read through a pointer, field by field: copying a 64-byte node to the stack
  /// on every step cost more than the rest of the step.
  let nodes: UnsafePointer<MatcherStorage.Node>
  let literalEdges: UnsafePointer<MatcherStorage.LiteralEdge>
  let edges: UnsafeMutableBufferPointer<Int32>
  let pool: UnsafeBufferPointer<UInt8>
  let entries: UnsafeMutableBufferPointer<MatcherStorage.Entry>
  let url: UnsafeBufferPointer<UInt8>
  let layout: URLLayout
  let decoded: UnsafePointer<UInt8>
  /// The end of the buffer `decoded` points into (bytes before it may be read).
  let decodedEnd: UnsafePointer<UInt8>
  let segments: UnsafeBufferPointer<Segment>
  let caseInsensitive: Bool
  let plusAsSpace: Bool
  let slots: UnsafeMutableBufferPointer<CaptureSlot>
  let bestSlots: UnsafeMutableBufferPointer<CaptureSlot>
  /// Whether the URL's host was read as its first path segment.
  let hostAsPath: Bool

  init(
    storage: MatcherStorage, url: UnsafeBufferPointer<UInt8>, layout: URLLayout,
    decoded: UnsafePointer<UInt8>, decodedEnd: UnsafePointer<UInt8>,
    segments: UnsafeBufferPointer<Segment>,
    slots: UnsafeMutableBufferPointer<CaptureSlot>,
    bestSlots: UnsafeMutableBufferPointer<CaptureSlot>, hostAsPath: Bool
  ) {
    self.storage = storage
    nodes = UnsafePointer(storage.nodes.baseAddress.unsafelyUnwrapped)
    literalEdges = UnsafePointer(storage.literalEdges.baseAddress.unsafelyUnwrapped)
    edges = storage.edges
    pool = UnsafeBufferPointer(storage.pool)
    entries = storage.entries
    self.url = url
    self.layout = layout
    self.decoded = decoded
    self.decodedEnd = decodedEnd
    self.segments = segments
    caseInsensitive = storage.options.caseInsensitivePaths
    plusAsSpace = storage.options.plusAsSpace
    self.slots = slots
    self.bestSlots = bestSlots
    self.hostAsPath = hostAsPath
  }

  /// The root of the trie being searched.
  var root: Int32 = 0
  var bestRank: Int32 = .max
  var bestEntry: Int = -1
  var bestCount = 0
  var variableDepth = 0
  /// Trie steps taken so far in the current branch (see `stepLimit`).
  var steps = 0
  /// (node, segment) pairs known to hold nothing better than the best so far (see
  /// `children`); allocated only by lookups that take many steps.
  var failed: Set<Int>? = nil
  /// When set, every candidate is recorded in `collected` and nothing is pruned.
  var collecting = false
  var collected: [(entry: Int, rank: Int32, slots: [CaptureSlot])] = []

  @inline(__always)
  func segmentBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    let segment = segments[index]
    return UnsafeBufferPointer(start: decoded + segment.start, count: segment.end - segment.start)
  }

  mutating func run(root: Int32) -> Bool {
    bestRank = .max
    bestEntry = -1
    variableDepth = 0
    steps = 0
    _ = children(of: root, segment: 0, depth: 0)
    if steps > Search.stepLimit {
      // Gave up: report no match rather than a candidate that might not be the best.
      bestEntry = -1
      collected = []
    }
    return bestEntry >= 0
  }

  /// The most trie steps one branch of a lookup may take. With the memo of `children`, only patterns with
  /// several catch-alls against URLs with thousands of segments come near it (the search is
  /// then quadratic in the number of segments per catch-all); past it the lookup stops and
  /// reports no match instead of hanging.
  static let stepLimit = 4_000_000

  /// Tries the children of `index`, which consumed the segments before `segment`.
  mutating func children(of index: Int32, segment: Int, depth: Int) -> Bool {
    steps &+= 1
    if steps > Search.stepLimit { return true }
    // Below catch-alls the same (node, segment) is reached again for each width of each
    // catch-all above it. Once a lookup has taken many steps, remember the pairs whose
    // subtree held nothing better than the best so far: the best only improves, so that stays
    // true, and the search becomes polynomial instead of exponential in the catch-alls.
    if !collecting && steps > Search.memoThreshold {
      let key = Int(index) << 32 | segment
      if failed == nil { failed = Set() }
      if failed?.contains(key) == true { return false }
      if explore(index, segment: segment, depth: depth) { return true }
      failed?.insert(key)
      return false
    }
    return explore(index, segment: segment, depth: depth)
  }

  /// The steps after which `children` starts remembering fruitless (node, segment) pairs.
  static let memoThreshold = 2_048

  @inline(__always)
  private mutating func explore(_ index: Int32, segment: Int, depth: Int) -> Bool {
    let node = nodes + Int(index)
    if segment < segments.count && node.pointee.literalCount > 0,
      let child = literalChild(node, segmentBytes(segment))
    {
      if collecting || nodes[Int(child)].rankLow < bestRank {
        if children(of: child, segment: segment + 1, depth: depth) { return true }
      }
    }
    var edge = Int(node.pointee.otherStart)
    let end = edge + Int(node.pointee.otherCount)
    let beforeEnd = node.pointee.hasStar ? end - 1 : end
    while edge < beforeEnd {
      if visit(edges[edge], segment: segment, depth: depth) { return true }
      edge += 1
    }
    if segment == segments.count && node.pointee.entryCount > 0 {
      if finish(node, depth: depth) { return true }
    }
    while edge < end {
      if visit(edges[edge], segment: segment, depth: depth) { return true }
      edge += 1
    }
    return false
  }

  /// Matches the non-literal node `index` at `segment`, then its children.
  mutating func visit(_ index: Int32, segment: Int, depth: Int) -> Bool {
    let node = nodes + Int(index)
    if !collecting && node.pointee.rankLow >= bestRank { return false }
    let type = Int32(node.pointee.type)
    switch node.pointee.kind {
    case .capture:
      guard segment < segments.count, accepts(type, segmentBytes(segment)) else {
        return false
      }
      slots[depth] = CaptureSlot(kind: .segments, type: type, a: segment, b: segment + 1, c: 0)
      return children(of: index, segment: segment + 1, depth: depth + 1)
    case .mixed:
      guard segment < segments.count else { return false }
      let bytes = segmentBytes(segment)
      let info = storage.mixed(index)
      let prefix = Int(info.prefixCount)
      let suffix = Int(info.suffixCount)
      guard bytes.count > prefix + suffix,
        equal(bytes, 0, pool, Int(info.prefixStart), prefix),
        equal(bytes, bytes.count - suffix, pool, Int(info.suffixStart), suffix),
        accepts(
          type,
          UnsafeBufferPointer(rebasing: bytes[prefix..<(bytes.count - suffix)]))
      else { return false }
      slots[depth] = CaptureSlot(kind: .mixed, type: type, a: segment, b: prefix, c: suffix)
      return children(of: index, segment: segment + 1, depth: depth + 1)
    case .path, .star:
      let first = node.pointee.kind == .path ? segment + 1 : segment
      guard first <= segments.count else { return false }
      variableDepth += 1
      for stop in first...segments.count {
        slots[depth] = CaptureSlot(kind: .segments, type: type, a: segment, b: stop, c: 0)
        if children(of: index, segment: stop, depth: depth + 1) {
          variableDepth -= 1
          return true
        }
        if !collecting && node.pointee.rankLow >= bestRank { break }
      }
      variableDepth -= 1
      return !collecting && variableDepth == 0 && bestEntry >= 0
    case .root, .literal:
      return false
    }
  }

  /// The routes that end at `node`, in rank order: the first whose query and fragment
  /// requirements hold is a candidate.
  mutating func finish(_ node: UnsafePointer<MatcherStorage.Node>, depth: Int) -> Bool {
    let start = Int(node.pointee.entryStart)
    for position in start..<(start + Int(node.pointee.entryCount)) {
      let entry = entries[position]
      if !collecting && entry.rank >= bestRank { return false }
      var count = depth
      if entry.hasRequirements {
        let pattern = storage.routes[Int(entry.route)].pattern
        guard requirementsHold(pattern, count: &count) else { continue }
      }
      if collecting {
        collected.append((position, entry.rank, Array(slots[0..<count])))
        continue
      }
      bestRank = entry.rank
      bestEntry = position
      bestCount = count
      for slot in 0..<count { bestSlots[slot] = slots[slot] }
      return variableDepth == 0
    }
    return false
  }

  // MARK: Query and fragment

  func requirementsHold(_ entry: RoutePattern, count: inout Int) -> Bool {
    for requirement in entry.query {
      guard let value = lastQueryValue(named: requirement.name) else { return false }
      switch requirement.value {
      case .literal(let expected):
        guard decodedEquals(value, expected, plusAsSpace: plusAsSpace) else { return false }
      case .capture(let type, _):
        guard decodedAccepts(typeCode(type), value, plusAsSpace: plusAsSpace) else { return false }
        slots[count] = CaptureSlot(
          kind: .queryValue, type: typeCode(type), a: value.lowerBound, b: value.upperBound, c: 0)
        count += 1
      }
    }
    switch entry.fragment {
    case .none:
      return true
    case .literal(let expected):
      guard let fragment = layout.fragment else { return false }
      return decodedEquals(fragment, expected, plusAsSpace: false)
    case .capture(let type, _):
      guard let fragment = layout.fragment,
        decodedAccepts(typeCode(type), fragment, plusAsSpace: false)
      else { return false }
      slots[count] = CaptureSlot(
        kind: .fragment, type: typeCode(type), a: fragment.lowerBound, b: fragment.upperBound,
        c: 0)
      count += 1
      return true
    }
  }

  /// The raw range of the last value of the query parameter `name` (decoded), if any.
  func lastQueryValue(named name: [UInt8]) -> Range<Int>? {
    guard let query = layout.query else { return nil }
    var result: Range<Int>? = nil
    for pair in QueryPairs(url, query)
    where decodedEquals(pair.name, name, plusAsSpace: plusAsSpace) {
      result = pair.value ?? pair.name.upperBound..<pair.name.upperBound
    }
    return result
  }

  /// Whether the raw URL bytes in `range`, decoded once (and repaired), equal `expected`.
  func decodedEquals(_ range: Range<Int>, _ expected: [UInt8], plusAsSpace: Bool) -> Bool {
    withDecoded(range, plusAsSpace: plusAsSpace) { bytes in
      bytes.count == expected.count && expected.withUnsafeBufferPointer { bytes.elementsEqual($0) }
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
    if !raw.contains(0x25) && !(plusAsSpace && raw.contains(0x2B)) { return body(raw) }
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

  /// The literal child equal to `bytes`: a scan for a few children, a hash probe for many.
  @inline(__always)
  func literalChild(
    _ node: UnsafePointer<MatcherStorage.Node>, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> Int32? {
    let count = bytes.count
    let readable = bytes.baseAddress.map { decodedEnd - $0 } ?? 0
    let key = MatcherStorage.InlineKey(bytes, readable: readable, folded: caseInsensitive)
    let start = Int(node.pointee.literalStart)
    if !node.pointee.hashed {
      var index = start
      let end = index + Int(node.pointee.literalCount)
      while index < end {
        let edge = literalEdges + index
        if Int(edge.pointee.keyCount) == count && edge.pointee.inline == key
          && (count <= 16 || equal(bytes, 16, pool, Int(edge.pointee.keyStart) + 16, count - 16))
        {
          return edge.pointee.child
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
        && (count <= 16 || equal(bytes, 16, pool, Int(edge.pointee.keyStart) + 16, count - 16))
      {
        return edge.pointee.child
      }
      slot = (slot + 1) & mask
    }
  }

  @inline(__always)
  func accepts(_ code: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    CaptureType(code: code).accepts(bytes, registered: storage.types)
  }
}
