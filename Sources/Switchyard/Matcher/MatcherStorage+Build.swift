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

    init(options: RouteOptions, routes: [Route]) {
      self.options = options
      self.routes = routes
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
      nameLists.append(names)
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

    mutating func insert(_ route: Route) {
      let pattern = route.pattern
      var tail: [String?] = []
      for requirement in pattern.query {
        if case .capture(_, let name) = requirement.value { tail.append(name) }
      }
      if case .capture(_, let name) = pattern.fragment { tail.append(name) }
      for (variantIndex, variant) in pattern.variants.enumerated() {
        let branch = BranchKey(
          priority: route.priority, scheme: variant.scheme, host: variant.host, port: variant.port)
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
        var names: [String?] = []
        names.reserveCapacity(variant.path.count + tail.count)
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
          if detail.route == route.index && detail.names == namesID {
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
              route: route.index, variant: variantIndex, names: namesID,
              hasRequirements: !pattern.query.isEmpty || pattern.fragment != .none),
            next: nodes[Int(node)].firstEntry))
        nodes[Int(node)].firstEntry = Int32(builtEntries.count - 1)
      }
    }

    struct Output {
      var tiers: [Tier] = []
      var nodes: [Node] = []
      /// Each node's parent (-1 for a root).
      var parents: [Int32] = []
      var literalEdges: [LiteralEdge] = []
      var mixedNodes: [Int32] = []
      var mixedInfo: [MixedInfo] = []
      var edges: [Int32] = []
      var bytes: [UInt8] = []
      var entries: [BuiltEntry] = []
      /// The node each entry ends at.
      var entryNodes: [Int32] = []
      var nameLists: [[String?]] = []
      var maxCaptures = 0
    }

    func finish() -> Output {
      var output = Output()
      output.maxCaptures = maxCaptures
      output.nameLists = nameLists
      output.nodes.reserveCapacity(nodes.count)
      output.entries.reserveCapacity(builtEntries.count)
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
            let index = flatten(root, into: &output, rank: &rank)
            branch.hosts.append(HostBranch(host: key.host, port: key.port, root: index))
          }
          tier.schemes.append(branch)
        }
        output.tiers.append(tier)
      }
      return output
    }

    /// Appends `index` and its subtree; returns its position. Ranks are handed out in the walk
    /// order described on ``MatcherStorage``: literal children, the other children up to
    /// `<path:…>`, the node's own entries, then its `*` children.
    func flatten(_ index: Int32, into output: inout Output, rank: inout Int32) -> Int32 {
      let position = Int32(output.nodes.count)
      output.nodes.append(compiledNode(index, position: position, into: &output))
      output.parents.append(-1)
      let (literalChildren, otherChildren) = orderedChildren(of: index)

      var lowest = Int32.max
      var literalEdges: [LiteralEdge] = []
      literalEdges.reserveCapacity(literalChildren.count)
      for childIndex in literalChildren {
        let key = literals[Int(nodes[Int(childIndex)].key.value)]
        let keyStart = Int32(output.bytes.count)
        output.bytes += key
        let flat = flatten(childIndex, into: &output, rank: &rank)
        output.parents[Int(flat)] = position
        lowest = min(lowest, output.nodes[Int(flat)].rankLow)
        let inline = key.withUnsafeBufferPointer {
          InlineKey($0, readable: 0, folded: false)
        }
        let hash = inline.hash(count: key.count)
        literalEdges.append(
          LiteralEdge(
            hash: hash, keyCount: Int32(key.count), child: flat, keyStart: keyStart, inline: inline)
        )
      }
      var otherIndices: [Int32] = []
      otherIndices.reserveCapacity(otherChildren.count)
      for childIndex in otherChildren where nodes[Int(childIndex)].key.kind != .star {
        let flat = flatten(childIndex, into: &output, rank: &rank)
        output.parents[Int(flat)] = position
        lowest = min(lowest, output.nodes[Int(flat)].rankLow)
        otherIndices.append(flat)
      }
      let entryStart = Int32(output.entries.count)
      let entryCount = assignEntryRanks(of: index, at: position, into: &output, rank: &rank)
      if entryCount > 0 { lowest = min(lowest, output.entries[Int(entryStart)].rank) }
      var hasStar = false
      for childIndex in otherChildren where nodes[Int(childIndex)].key.kind == .star {
        let flat = flatten(childIndex, into: &output, rank: &rank)
        output.parents[Int(flat)] = position
        lowest = min(lowest, output.nodes[Int(flat)].rankLow)
        otherIndices.append(flat)
        hasStar = true
      }

      var node = output.nodes[Int(position)]
      emitLiteralEdges(literalEdges, of: &node, into: &output)
      node.otherStart = Int32(output.edges.count)
      node.otherCount = Int32(otherIndices.count)
      node.hasStar = hasStar
      output.edges += otherIndices
      node.entryStart = entryStart
      node.entryCount = Int32(entryCount)
      node.rankLow = lowest
      output.nodes[Int(position)] = node
      return position
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

    /// Step "order the children": the literal children and the other children of `index`, each
    /// in precedence order (see `Precedence.swift`).
    func orderedChildren(of index: Int32) -> (literal: [Int32], other: [Int32]) {
      var literalChildren: [Int32] = []
      var otherChildren: [Int32] = []
      var child = nodes[Int(index)].firstChild
      while child >= 0 {
        if nodes[Int(child)].key.kind == .literal {
          literalChildren.append(child)
        } else {
          otherChildren.append(child)
        }
        child = nodes[Int(child)].nextSibling
      }
      // Sort on precomputed keys: a closure that reads the builder's arrays would copy them.
      var literalKeys = literalChildren.map {
        (key: literals[Int(nodes[Int($0)].key.value)], node: $0)
      }
      literalKeys.sort { Self.literalSortsBefore($0.key, $1.key) }
      literalChildren = literalKeys.map(\.node)
      if otherChildren.count > 1 {
        var otherKeys = otherChildren.map { (key: rankKey(nodes[Int($0)].key), node: $0) }
        otherKeys.sort { Self.childSortsBefore($0.key, $1.key) }
        otherChildren = otherKeys.map(\.node)
      }
      return (literalChildren, otherChildren)
    }

    /// Step "assign the ranks": appends the routes that end at `index`, in precedence order,
    /// each with the next rank; returns how many there were. `position` is the node's place in
    /// the output.
    func assignEntryRanks(
      of index: Int32, at position: Int32, into output: inout Output, rank: inout Int32
    ) -> Int {
      var entries: [BuiltEntry] = []
      var entry = nodes[Int(index)].firstEntry
      while entry >= 0 {
        entries.append(builtEntries[Int(entry)])
        entry = builtEntries[Int(entry)].next
      }
      if entries.count > 1 {
        let routes = self.routes
        entries.sort { Self.entrySortsBefore($0.detail, $1.detail, routes) }
      }
      for offset in entries.indices {
        entries[offset].rank = rank
        rank += 1
      }
      output.entries += entries
      output.entryNodes += repeatElement(position, count: entries.count)
      return entries.count
    }

    /// Step "emit the edges": stores a node's literal children, as a list scanned in order or
    /// (past `linearLiteralLimit`) as an open-addressing hash table.
    func emitLiteralEdges(_ edges: [LiteralEdge], of node: inout Node, into output: inout Output) {
      node.literalStart = Int32(output.literalEdges.count)
      guard edges.count > Int(MatcherStorage.linearLiteralLimit) else {
        node.literalCount = Int32(edges.count)
        output.literalEdges += edges
        return
      }
      // A power of two (so a probe masks the hash), filled to at most 3/4 so probes stay short.
      var capacity = 8
      while capacity * 3 < edges.count * 4 { capacity <<= 1 }
      var slots = [LiteralEdge](repeating: LiteralEdge(), count: capacity)
      for edge in edges {
        var slot = Int(edge.hash) & (capacity - 1)
        while slots[slot].keyCount >= 0 { slot = (slot + 1) & (capacity - 1) }
        slots[slot] = edge
      }
      node.hashed = true
      node.literalCount = Int32(capacity)
      output.literalEdges += slots
    }
  }
}
