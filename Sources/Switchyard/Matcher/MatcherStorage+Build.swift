extension MatcherStorage {
  /// Builds the trie in flat arrays (no per-node objects or dictionaries: literal texts are
  /// interned to integers, children are linked lists), then lays it out in rank order.
  struct Builder {
    enum KeyKind: UInt8, Hashable {
      case literal, mixed, capture, path, star
    }

    /// A child's element: `value` is the interned literal or mixed element, or the type code.
    struct Key: Hashable {
      var kind: KeyKind
      var value: Int32
    }

    struct MixedElement: Hashable {
      var prefix: [UInt8]
      var type: CaptureType
      var suffix: [UInt8]
      var text: [UInt8]
    }

    struct BuildNode {
      var key: Key
      var parent: Int32 = -1
      var firstChild: Int32 = -1
      var nextSibling: Int32 = -1
      var firstEntry: Int32 = -1
    }

    struct BuiltEntry {
      var rank: Int32
      var detail: EntryDetail
      var next: Int32 = -1
    }

    struct BranchKey: Hashable {
      var priority: Int
      var scheme: [UInt8]?
      var host: HostRequirement
      var port: Int?
    }

    let options: RouteOptions
    let routes: [Route]
    /// Capture-name lists, interned (most routes share theirs with others).
    var nameLists: [[String?]] = []
    var nameListIDs = IntegerTable()
    var literalIDs = IntegerTable()
    var literals: [[UInt8]] = []
    var mixedIDs: [MixedElement: Int32] = [:]
    var mixed: [MixedElement] = []
    var nodes: [BuildNode] = []
    var children = IntegerTable()
    var lastBranch: (key: BranchKey, root: Int32)? = nil
    var builtEntries: [BuiltEntry] = []
    var roots: [BranchKey: Int32] = [:]
    var maxCaptures = 0

    /// The capture names of the variant being inserted (reused, so a variant allocates no
    /// list of its own unless its list is new).
    var names: [String?] = []

    init(options: RouteOptions, routes: [Route]) {
      self.options = options
      self.routes = routes
      // Routes share their prefixes: the tables of `Benchmarks/` have 1.5 to 1.8 trie nodes
      // per route (a third of their path elements). Room for two per route at first, so that
      // the builder seldom grows its arrays and never holds room for one per element.
      let expected = 2 * routes.count + 1
      nodes.reserveCapacity(expected)
      children = IntegerTable(capacity: expected)
      builtEntries.reserveCapacity(routes.count)
    }

    mutating func intern(names: [String?]) -> Int32 {
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for name in names {
        if let name {
          for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
          hash = (hash ^ 0xFF) &* 0x100_0000_01B3
        } else {
          hash = (hash ^ 0xFE) &* 0x100_0000_01B3
        }
      }
      if let id = nameListIDs.find(hash, where: { self.nameLists[Int($0)] == names }) {
        return id
      }
      let id = Int32(nameLists.count)
      nameLists.append(Array(names))
      nameListIDs.insert(hash, id)
      return id
    }

    mutating func intern(_ bytes: [UInt8]) -> Int32 {
      // FNV-1a, then the table's probe sequence finds the id whose bytes are equal.
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
      if let id = literalIDs.find(hash, where: { self.literals[Int($0)] == bytes }) { return id }
      let id = Int32(literals.count)
      literals.append(bytes)
      literalIDs.insert(hash, id)
      return id
    }

    mutating func intern(_ element: MixedElement) -> Int32 {
      if let id = mixedIDs[element] { return id }
      let id = Int32(mixed.count)
      mixed.append(element)
      mixedIDs[element] = id
      return id
    }

    mutating func child(of parent: Int32, _ key: Key) -> Int32 {
      // The key packs parent, kind and value; equal keys are the same child.
      let packed =
        UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(key.kind.rawValue) << 29
        | UInt64(UInt32(bitPattern: key.value) & 0x1FFF_FFFF)
      if let existing = children.find(
        packed,
        where: { child in
          self.nodes[Int(child)].key == key && self.nodes[Int(child)].parent == parent
        })
      {
        return existing
      }
      let index = Int32(nodes.count)
      let sibling = nodes[Int(parent)].firstChild
      nodes.append(BuildNode(key: key, parent: parent, nextSibling: sibling))
      nodes[Int(parent)].firstChild = index
      children.insert(packed, index)
      return index
    }

    /// Inserts every route of the table, in registration order.
    mutating func insertRoutes() {
      for position in routes.indices { insert(at: position) }
    }

    /// Inserts the route at `position` in `routes` (read in place rather than copied whole).
    mutating func insert(at position: Int) {
      let pattern = routes[position].pattern
      let routeIndex = routes[position].index
      let priority = routes[position].priority
      var tail: [String?] = []
      for requirement in pattern.query {
        if case .capture(_, let name) = requirement.value { tail.append(name) }
      }
      if case .capture(_, let name) = pattern.fragment { tail.append(name) }
      for (variantIndex, variant) in pattern.variants.enumerated() {
        let branch = BranchKey(
          priority: priority, scheme: variant.scheme, host: variant.host, port: variant.port)
        var node: Int32
        if let last = lastBranch, last.key == branch {
          node = last.root
        } else if let existing = roots[branch] {
          node = existing
        } else {
          node = Int32(nodes.count)
          nodes.append(BuildNode(key: Key(kind: .path, value: -1)))
          roots[branch] = node
        }
        lastBranch = (branch, node)
        names.removeAll(keepingCapacity: true)
        for element in variant.path {
          let key: Key
          switch element {
          case .literal(let bytes):
            key = Key(
              kind: .literal,
              value: intern(options.caseInsensitivePaths ? bytes.map(asciiLower) : bytes))
          case .capture(.path, let name):
            key = Key(kind: .path, value: typeCode(.path))
            names.append(name)
          case .capture(let type, let name):
            key = Key(kind: .capture, value: typeCode(type))
            names.append(name)
          case .mixed(let prefix, let type, let name, let suffix, let text):
            key = Key(
              kind: .mixed,
              value: intern(MixedElement(prefix: prefix, type: type, suffix: suffix, text: text)))
            names.append(name)
          case .star(let name):
            key = Key(kind: .star, value: 0)
            names.append(name)
          }
          node = child(of: node, key)
        }
        names += tail
        maxCaptures = max(maxCaptures, names.count)
        let namesID = intern(names: names)
        // The same route may reach one node through several variants (groups that expand
        // to the same path): the first is enough.
        var existing = nodes[Int(node)].firstEntry
        var duplicate = false
        while existing >= 0 {
          let detail = builtEntries[Int(existing)].detail
          if detail.route == routeIndex && detail.names == namesID {
            duplicate = true
            break
          }
          existing = builtEntries[Int(existing)].next
        }
        if duplicate { continue }
        builtEntries.append(
          BuiltEntry(
            rank: 0,
            detail: EntryDetail(
              route: routeIndex, variant: variantIndex, names: namesID,
              hasRequirements: !pattern.query.isEmpty || pattern.fragment != .none),
            next: nodes[Int(node)].firstEntry))
        nodes[Int(node)].firstEntry = Int32(builtEntries.count - 1)
      }
    }

    /// The laid-out trie. Its flat buffers become the matcher's own (`FlatBuffer.take()`).
    struct Output {
      var tiers: [Tier] = []
      /// Starts on a cache line.
      var nodes: FlatBuffer<Node>
      /// Each node's parent (-1 for a root).
      var parents: FlatBuffer<Int32>
      /// Starts on a cache line.
      var literalEdges: FlatBuffer<LiteralEdge>
      var mixedNodes: [Int32] = []
      var mixedInfo: [MixedInfo] = []
      var mixedIndexes: [MixedIndex] = []
      var mixedShapes: [MixedShape] = []
      var mixedSlots: [MixedSlot] = []
      var bytes: [UInt8] = []
      var entries: [BuiltEntry] = []
      /// The node each entry ends at.
      var entryNodes: FlatBuffer<Int32>
      var nameLists: [[String?]] = []
      var maxCaptures = 0
    }

    /// What the flattening walk works in, besides its output: stacks shared by every level of
    /// the walk (a level pushes above the levels below it and pops what it pushed before it
    /// returns), so that a node costs no allocation of its own.
    struct Scratch {
      /// The children of the nodes being laid out, ordered.
      var children: [Int32] = []
      /// Their literal edges, waiting to be emitted with their parent.
      var literalEdges: [LiteralEdge] = []
      /// Where each distinct literal's bytes start in the output's pool (-1: not yet there).
      var literalStarts: [Int32] = []
      /// Each literal id's place in precedence order (see `literalSortsBefore`).
      var literalOrder: [Int32] = []
    }

    /// Lays the trie out. The builder's lookup tables are dropped first and its nodes and
    /// entries once they are laid out, so the build holds them and the output at once only as
    /// long as it must.
    mutating func finish() -> Output {
      children = IntegerTable()
      literalIDs = IntegerTable()
      nameListIDs = IntegerTable()
      mixedIDs = [:]
      lastBranch = nil

      var output = makeOutput()
      output.maxCaptures = maxCaptures
      output.nameLists = nameLists
      nameLists = []
      var scratch = Scratch()
      scratch.literalStarts = Array(repeating: -1, count: literals.count)
      scratch.literalOrder = literalOrder()
      let roots = self.roots
      self.roots = [:]
      for priority in Self.tierOrder(roots.keys.map(\.priority)) {
        let keys = roots.keys.filter { $0.priority == priority }
        var tier = Tier(priority: priority, schemes: [])
        for scheme in Self.schemeOrder(keys.map(\.scheme)) {
          let hostKeys = keys.filter { $0.scheme == scheme }.sorted(by: Self.hostSortsBefore)
          var branch = SchemeBranch(scheme: scheme, hosts: [])
          for key in hostKeys {
            guard let root = roots[key] else { continue }
            // Ranks are compared within one branch only: each starts again at 0.
            var rank: Int32 = 0
            let index = flatten(root, into: &output, scratch: &scratch, rank: &rank)
            branch.hosts.append(HostBranch(host: key.host, port: key.port, root: index))
          }
          tier.schemes.append(branch)
        }
        output.tiers.append(tier)
      }
      // Nodes are not laid out in the order they are compiled (see `flatten`): the mixed
      // nodes are sorted for `MatcherStorage.mixed(_:)`'s binary search.
      let mixedOrder = output.mixedNodes.indices.sorted {
        output.mixedNodes[$0] < output.mixedNodes[$1]
      }
      output.mixedNodes = mixedOrder.map { output.mixedNodes[$0] }
      output.mixedInfo = mixedOrder.map { output.mixedInfo[$0] }
      output.mixedIndexes.sort { $0.first < $1.first }
      nodes = []
      builtEntries = []
      literals = []
      mixed = []
      return output
    }

    /// An empty output with the room each of its arrays will need, counted from the built
    /// trie, so that no array grows by doubling (which copies it and holds up to twice its
    /// size).
    func makeOutput() -> Output {
      var literalChildren = [Int32](repeating: 0, count: nodes.count)
      for node in nodes where node.parent >= 0 && node.key.kind == .literal {
        literalChildren[Int(node.parent)] += 1
      }
      var edgeCount = 0
      for count in literalChildren {
        edgeCount +=
          Int(count) > Int(MatcherStorage.linearLiteralLimit)
          ? Self.hashCapacity(Int(count)) : Int(count)
      }
      var byteCount = 0
      for literal in literals { byteCount += literal.count }
      for element in mixed { byteCount += element.prefix.count + element.suffix.count }
      // Nodes and edges start on a cache line (see `Node` and `LiteralEdge`).
      var output = Output(
        nodes: FlatBuffer(capacity: nodes.count, alignment: 64),
        parents: FlatBuffer(capacity: nodes.count),
        literalEdges: FlatBuffer(capacity: edgeCount, alignment: 64),
        entryNodes: FlatBuffer(capacity: builtEntries.count))
      output.bytes.reserveCapacity(byteCount)
      output.entries.reserveCapacity(builtEntries.count)
      return output
    }

    /// Each literal id's place when all of them are sorted by `literalSortsBefore`: children are
    /// then ordered by comparing two integers.
    func literalOrder() -> [Int32] {
      var ids = Array(Int32(0)..<Int32(literals.count))
      let literals = self.literals
      ids.sort { Self.literalSortsBefore(literals[Int($0)], literals[Int($1)]) }
      var order = [Int32](repeating: 0, count: literals.count)
      for (place, id) in ids.enumerated() { order[Int(id)] = Int32(place) }
      return order
    }

    /// Appends `index` and its subtree; returns its position.
    func flatten(
      _ index: Int32, into output: inout Output, scratch: inout Scratch, rank: inout Int32
    ) -> Int32 {
      let position = Int32(output.nodes.count)
      output.nodes.append(Node())
      output.parents.append(-1)
      flatten(index, at: position, into: &output, scratch: &scratch, rank: &rank)
      return position
    }

    /// Lays out `index` at `position` (a place already appended) and its subtree after the
    /// output's end. Ranks are handed out in the walk order described on ``MatcherStorage``:
    /// literal children, the other children up to `<path:…>`, the node's own entries, then its
    /// `*` children. The other children take places next to each other, appended before the
    /// literal children's subtrees (so a node names them by the first one's place, and a
    /// capture child often shares its parent's cache line). The walk is as deep as the longest
    /// path (`PatternParser.maximumPathSegments`).
    func flatten(
      _ index: Int32, at position: Int32, into output: inout Output, scratch: inout Scratch,
      rank: inout Int32
    ) {
      output.nodes[Int(position)] = compiledNode(index, position: position, into: &output)
      let childStart = scratch.children.count
      let literalCount = orderChildren(of: index, into: &scratch)
      let childEnd = scratch.children.count
      let edgeStart = scratch.literalEdges.count

      // The other children's places: those before the node's entries (all but `*`), then the
      // `*` children, as the search tries them.
      let otherStart = Int32(output.nodes.count)
      let otherCount = childEnd - childStart - literalCount
      output.nodes.append(Node(), count: otherCount)
      output.parents.append(position, count: otherCount)

      var lowest = Int32.max
      for offset in childStart..<(childStart + literalCount) {
        let childIndex = scratch.children[offset]
        let literal = Int(nodes[Int(childIndex)].key.value)
        let key = literals[literal]
        // Equal keys share their bytes in the pool (only keys past 16 bytes are read there).
        var keyStart = scratch.literalStarts[literal]
        if keyStart < 0 {
          keyStart = Int32(output.bytes.count)
          output.bytes += key
          scratch.literalStarts[literal] = keyStart
        }
        let flat = flatten(childIndex, into: &output, scratch: &scratch, rank: &rank)
        output.parents[Int(flat)] = position
        lowest = min(lowest, output.nodes[Int(flat)].rankLow)
        let inline = key.withUnsafeBufferPointer {
          InlineKey($0, readable: 0, folded: false)
        }
        let hash = inline.hash(count: key.count)
        scratch.literalEdges.append(
          LiteralEdge(
            node: output.nodes[Int(flat)], hash: hash, keyCount: Int32(key.count), child: flat,
            keyStart: keyStart, inline: inline))
      }
      var next = otherStart
      for offset in (childStart + literalCount)..<childEnd {
        let childIndex = scratch.children[offset]
        guard nodes[Int(childIndex)].key.kind != .star else { continue }
        flatten(childIndex, at: next, into: &output, scratch: &scratch, rank: &rank)
        lowest = min(lowest, output.nodes[Int(next)].rankLow)
        next += 1
      }
      indexMixedChildren(
        scratch.children[(childStart + literalCount)..<childEnd], first: otherStart, into: &output)
      let entryStart = Int32(output.entries.count)
      let entryCount = assignEntryRanks(of: index, at: position, into: &output, rank: &rank)
      if entryCount > 0 { lowest = min(lowest, output.entries[Int(entryStart)].rank) }
      var hasStar = false
      for offset in (childStart + literalCount)..<childEnd {
        let childIndex = scratch.children[offset]
        guard nodes[Int(childIndex)].key.kind == .star else { continue }
        flatten(childIndex, at: next, into: &output, scratch: &scratch, rank: &rank)
        lowest = min(lowest, output.nodes[Int(next)].rankLow)
        next += 1
        hasStar = true
      }

      var node = output.nodes[Int(position)]
      emitLiteralEdges(scratch.literalEdges[edgeStart...], of: &node, into: &output)
      node.otherStart = otherStart
      node.otherCount = Int32(otherCount)
      node.hasStar = hasStar
      node.entryStart = entryStart
      node.entryCount = Int32(entryCount)
      node.rankLow = lowest
      output.nodes[Int(position)] = node
      scratch.children.removeSubrange(childStart...)
      scratch.literalEdges.removeSubrange(edgeStart...)
    }

    /// The compiled node for the built node `index` (its kind and capture type; children,
    /// entries and ranks are filled in by `flatten`). A mixed node's literal text goes to the
    /// pool.
    func compiledNode(_ index: Int32, position: Int32, into output: inout Output) -> Node {
      let built = nodes[Int(index)]
      var node = Node()
      if built.key.value < 0 {
        node.kind = .root
        return node
      }
      switch built.key.kind {
      case .literal: node.kind = .literal
      case .mixed:
        let element = mixed[Int(built.key.value)]
        node.kind = .mixed
        node.type = UInt8(typeCode(element.type))
        let prefixStart = Int32(output.bytes.count)
        output.bytes += element.prefix
        let suffixStart = Int32(output.bytes.count)
        output.bytes += element.suffix
        output.mixedNodes.append(position)
        output.mixedInfo.append(
          MixedInfo(
            prefixStart: prefixStart, prefixCount: Int32(element.prefix.count),
            suffixStart: suffixStart, suffixCount: Int32(element.suffix.count)))
      case .capture:
        node.kind = .capture
        node.type = UInt8(built.key.value)
      case .path:
        node.kind = .path
        node.type = UInt8(typeCode(.path))
      case .star:
        node.kind = .star
      }
      return node
    }

    /// Step "order the children": pushes the children of `index` onto `scratch.children`, the
    /// literal children first, each group in precedence order (see `Precedence.swift`);
    /// returns how many are literal.
    func orderChildren(of index: Int32, into scratch: inout Scratch) -> Int {
      let start = scratch.children.count
      var child = nodes[Int(index)].firstChild
      while child >= 0 {
        if nodes[Int(child)].key.kind == .literal { scratch.children.append(child) }
        child = nodes[Int(child)].nextSibling
      }
      let literalEnd = scratch.children.count
      child = nodes[Int(index)].firstChild
      while child >= 0 {
        if nodes[Int(child)].key.kind != .literal { scratch.children.append(child) }
        child = nodes[Int(child)].nextSibling
      }
      if literalEnd - start > 1 {
        // Sort on the literals' precomputed places: a closure that reads the builder's arrays
        // would copy them.
        let order = scratch.literalOrder
        let nodes = self.nodes
        scratch.children[start..<literalEnd].sort {
          order[Int(nodes[Int($0)].key.value)] < order[Int(nodes[Int($1)].key.value)]
        }
      }
      if scratch.children.count - literalEnd > 1 {
        var otherKeys = scratch.children[literalEnd...].map {
          (key: rankKey(nodes[Int($0)].key), node: $0)
        }
        otherKeys.sort { Self.childSortsBefore($0.key, $1.key) }
        scratch.children.replaceSubrange(literalEnd..., with: otherKeys.map(\.node))
      }
      return literalEnd - start
    }

    /// Step "assign the ranks": appends the routes that end at `index`, in precedence order,
    /// each with the next rank; returns how many there were. `position` is the node's place in
    /// the output.
    func assignEntryRanks(
      of index: Int32, at position: Int32, into output: inout Output, rank: inout Int32
    ) -> Int {
      let start = output.entries.count
      var entry = nodes[Int(index)].firstEntry
      while entry >= 0 {
        output.entries.append(builtEntries[Int(entry)])
        entry = builtEntries[Int(entry)].next
      }
      let end = output.entries.count
      if end - start > 1 {
        let routes = self.routes
        output.entries[start..<end].sort { Self.entrySortsBefore($0.detail, $1.detail, routes) }
      }
      for offset in start..<end {
        output.entries[offset].rank = rank
        output.entryNodes.append(position)
        rank += 1
      }
      return end - start
    }

    /// Step "index the partial-segment children": when the other children `others` (ordered,
    /// the first laid out at `first`) begin with more than `linearMixedLimit` partial-segment
    /// children, appends their `MixedIndex`.
    func indexMixedChildren(
      _ others: ArraySlice<Int32>, first: Int32, into output: inout Output
    ) {
      let children = others.prefix { nodes[Int($0)].key.kind == .mixed }
      guard children.count > Int(MatcherStorage.linearMixedLimit) else { return }
      let folded = options.caseInsensitivePaths
      var shapes: [MixedShape] = []
      var seen = Set<MixedShape>()
      let capacity = Self.hashCapacity(children.count)
      let slotStart = output.mixedSlots.count
      output.mixedSlots.append(contentsOf: repeatElement(MixedSlot(), count: capacity))
      for (offset, child) in children.enumerated() {
        let element = mixed[Int(nodes[Int(child)].key.value)]
        let shape = MixedShape(
          prefix: Int32(element.prefix.count), suffix: Int32(element.suffix.count))
        if seen.insert(shape).inserted { shapes.append(shape) }
        let hash = element.prefix.withUnsafeBufferPointer { prefix in
          element.suffix.withUnsafeBufferPointer { suffix in
            MatcherStorage.mixedHash(prefix: prefix, suffix: suffix, folded: folded)
          }
        }
        var slot = Int(hash) & (capacity - 1)
        while output.mixedSlots[slotStart + slot].child >= 0 { slot = (slot + 1) & (capacity - 1) }
        output.mixedSlots[slotStart + slot] = MixedSlot(hash: hash, child: first + Int32(offset))
      }
      // Shorter literal text first: a segment is too short for the longer shapes first.
      shapes.sort { ($0.prefix + $0.suffix, $0.prefix) < ($1.prefix + $1.suffix, $1.prefix) }
      output.mixedIndexes.append(
        MixedIndex(
          first: first, count: Int32(children.count), shapeStart: Int32(output.mixedShapes.count),
          shapeCount: Int32(shapes.count), slotStart: Int32(slotStart),
          slotCount: Int32(capacity)))
      output.mixedShapes += shapes
    }

    /// Step "emit the edges": stores a node's literal children, as a list scanned in order or
    /// (past `linearLiteralLimit`) as an open-addressing hash table.
    func emitLiteralEdges(
      _ edges: ArraySlice<LiteralEdge>, of node: inout Node, into output: inout Output
    ) {
      node.literalStart = Int32(output.literalEdges.count)
      guard edges.count > Int(MatcherStorage.linearLiteralLimit) else {
        node.literalCount = Int32(edges.count)
        output.literalEdges.append(contentsOf: edges)
        return
      }
      let capacity = Self.hashCapacity(edges.count)
      let base = output.literalEdges.count
      output.literalEdges.append(LiteralEdge(), count: capacity)
      for edge in edges {
        var slot = Int(edge.hash) & (capacity - 1)
        while output.literalEdges[base + slot].keyCount >= 0 { slot = (slot + 1) & (capacity - 1) }
        output.literalEdges[base + slot] = edge
      }
      node.hashed = true
      node.literalCount = Int32(capacity)
    }

    /// The size of the hash table of `count` literal children: a power of two (so a probe masks
    /// the hash), filled to at most 3/4 so probes stay short.
    static func hashCapacity(_ count: Int) -> Int {
      var capacity = 8
      while capacity * 3 < count * 4 { capacity <<= 1 }
      return capacity
    }
  }
}

/// An array of plain values in memory the builder hands to the matcher as it is: the compiled
/// trie's largest arrays are written here and kept, rather than built in an `Array` and copied
/// into the matcher's own buffer, which held both at once at the build's peak.
///
/// ```swift
/// var nodes = FlatBuffer<Int32>(capacity: 2, alignment: 64)
/// nodes.append(7)
/// nodes[0] += 1
/// let owned = nodes.take()  // [8], now the caller's to deallocate
/// ```
///
/// It is a plain value that owns its memory by convention: exactly one copy is `take`n (the
/// builder's output is made once and consumed once). Appending past the capacity moves the
/// elements to a larger buffer, so a capacity counted short costs time only.
struct FlatBuffer<Element: BitwiseCopyable> {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  private let alignment: Int
  private(set) var count = 0

  /// Room for `capacity` elements (at least one, so the base address is never nil), the first
  /// at an address that is a multiple of `alignment`.
  init(capacity: Int, alignment: Int = MemoryLayout<Element>.alignment) {
    self.alignment = max(alignment, MemoryLayout<Element>.alignment)
    self.capacity = max(1, capacity)
    base = Self.allocate(self.capacity, alignment: self.alignment)
  }

  private static func allocate(_ capacity: Int, alignment: Int) -> UnsafeMutablePointer<Element> {
    UnsafeMutableRawPointer.allocate(
      byteCount: capacity * MemoryLayout<Element>.stride, alignment: alignment
    ).bindMemory(to: Element.self, capacity: capacity)
  }

  var isEmpty: Bool { count == 0 }

  subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < count, "FlatBuffer index out of range")
      return base[index]
    }
    set {
      precondition(index >= 0 && index < count, "FlatBuffer index out of range")
      base[index] = newValue
    }
  }

  private mutating func reserve(_ needed: Int) {
    guard needed > capacity else { return }
    let larger = max(needed, 2 * capacity)
    let moved = Self.allocate(larger, alignment: alignment)
    moved.initialize(from: base, count: count)
    UnsafeMutableRawPointer(base).deallocate()
    base = moved
    capacity = larger
  }

  mutating func append(_ element: Element) {
    reserve(count + 1)
    (base + count).initialize(to: element)
    count += 1
  }

  mutating func append(_ element: Element, count added: Int) {
    reserve(count + added)
    (base + count).initialize(repeating: element, count: added)
    count += added
  }

  mutating func append(contentsOf elements: some Collection<Element>) {
    reserve(count + elements.count)
    for element in elements {
      (base + count).initialize(to: element)
      count += 1
    }
  }

  /// The elements, handed over: the caller deallocates them (through a raw pointer to the
  /// base address, which is the allocation's), and this value must not be used again.
  func take() -> UnsafeMutableBufferPointer<Element> {
    UnsafeMutableBufferPointer(start: base, count: count)
  }
}
