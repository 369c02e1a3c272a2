/// The compiled, immutable form of a ``RouteTable``: flat arrays searched by ``RouteMatcher``.
///
/// Layout: routes are grouped into *tiers* by priority (highest first). A tier lists its
/// scheme branches (literal schemes, then "any scheme"), each with its host branches in rank
/// order (literal, `*.` wildcard, `*`, omitted). Each host branch owns the root of a path trie
/// stored in `nodes`. A node's children are split into literal children (a short list scanned
/// in order, or an open-addressing hash table, in `literalEdges`) and the other children in
/// rank order (in `edges`); the routes that end at a node are its `entries`, sorted by query
/// and fragment rank and registration order.
/// Every entry gets a rank: its position in a depth-first walk of its trie that visits a
/// node's literal children, its other children up to `<path:…>`, its own entries, then its
/// `*` children. That walk order is exactly the precedence of <doc:Precedence>, so comparing
/// ranks compares candidates (see `Search`).
final class MatcherStorage: @unchecked Sendable {
  // `@unchecked`: every stored property is immutable after `init`; the raw buffers are owned
  // by this object (freed in `deinit`) and only ever read, so sharing across threads is safe.
  // They are raw buffers rather than arrays so a lookup reads them without retains or
  // closure-scoped access.

  let routes: [Route]
  let options: RouteOptions
  let types: [ParameterType]
  /// Every (tier, scheme, host) branch in rank order, flattened for the search.
  let branches: UnsafeMutableBufferPointer<Branch>
  let nodes: UnsafeMutableBufferPointer<Node>
  /// Each node's literal children: a short list scanned in order, or (for more than
  /// `linearLiteralLimit`) an open-addressing hash table whose empty slots have `keyCount` -1.
  let literalEdges: UnsafeMutableBufferPointer<LiteralEdge>
  /// The indices of the `.mixed` nodes, ascending, and the literal text around each capture.
  let mixedNodes: [Int32]
  let mixedInfo: [MixedInfo]
  let edges: UnsafeMutableBufferPointer<Int32>
  let pool: UnsafeMutableBufferPointer<UInt8>
  let entries: UnsafeMutableBufferPointer<Entry>
  /// Capture names per slot, shared by the entries that have the same list (see
  /// `Entry.names`): the path's captures in order (`nil` for an unnamed `*`), then the query
  /// requirement captures, then the fragment capture.
  let nameLists: [[String?]]
  let maxCaptures: Int
  /// The default scheme, lowercased (empty when there is none).
  let defaultSchemeBytes: UnsafeMutableBufferPointer<UInt8>
  /// The lowercased schemes of a `.schemes` host-as-path policy.
  let hostAsPathSchemes: [[UInt8]]

  /// Nodes with more literal children than this use a hash table; others a linear scan.
  static let linearLiteralLimit: Int32 = 4

  struct Tier: Sendable {
    var priority: Int
    var schemes: [SchemeBranch]
  }

  struct SchemeBranch: Sendable {
    /// Lowercased; `nil` for any scheme.
    var scheme: [UInt8]?
    var hosts: [HostBranch]
  }

  struct HostBranch: Sendable {
    var host: HostRequirement
    var port: Int?
    var root: Int32
  }

  enum Kind: UInt8, Sendable {
    case root, literal, mixed, capture, path, star
  }

  /// A host branch with its scheme, as plain values (bytes live in `pool`).
  struct Branch: Sendable {
    enum HostKind: UInt8, Sendable { case literal, wildcard, any, omitted }
    /// -1 for any scheme.
    var schemeStart: Int32
    var schemeCount: Int32
    var hostKind: HostKind
    var hostStart: Int32
    var hostCount: Int32
    /// -1 when the pattern names no port.
    var port: Int32
    var root: Int32
  }

  /// One trie node, 32 bytes: a lookup at 100,000 routes is bound by cache misses, so nodes
  /// are kept to half a cache line.
  struct Node: Sendable {
    var kind: Kind = .root
    /// Capture type code (see `typeCode(_:)`).
    var type: UInt8 = 0
    /// Whether the last of the other children is a `*` (tried after the node's entries).
    var hasStar = false
    /// Whether the literal children are a hash table (`literalCount` is then its size, a
    /// power of two).
    var hashed = false
    var literalStart: Int32 = 0
    var literalCount: Int32 = 0
    var otherStart: Int32 = 0
    var otherCount: Int32 = 0
    var entryStart: Int32 = 0
    var entryCount: Int32 = 0
    /// The lowest entry rank in this node's subtree.
    var rankLow: Int32 = .max
  }

  /// A literal child, 32 bytes, with up to 16 bytes of its key inline so that most keys are
  /// compared without touching another cache line.
  struct LiteralEdge: Sendable {
    var hash: UInt32 = 0
    /// -1 for an empty hash-table slot.
    var keyCount: Int32 = -1
    var child: Int32 = -1
    /// Where the whole key starts in `pool` (read only for keys longer than 16 bytes).
    var keyStart: Int32 = 0
    var inline: InlineKey = InlineKey()
  }

  /// Up to 16 key bytes, zero-padded, as two little-endian words: most keys compare in two
  /// word comparisons, and the literal-children hash is computed from these words.
  struct InlineKey: Sendable, Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    init() {}

    /// The first (up to) 16 bytes of `bytes`, ASCII-folded when `folded`. `readable` is how
    /// many bytes from `bytes.baseAddress` may be read (at least `bytes.count`): with 16 or
    /// more, two unaligned loads and a mask replace the byte loop.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int, folded: Bool) {
      let count = bytes.count
      #if _endian(little)
        if !folded && readable >= 16, let base = bytes.baseAddress {
          let raw = UnsafeRawPointer(base)
          low = raw.loadUnaligned(as: UInt64.self)
          high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
          if count < 8 {
            low &= (1 &<< UInt64(8 * count)) &- 1
            high = 0
          } else if count < 16 {
            high &= (1 &<< UInt64(8 * (count - 8))) &- 1
          }
          return
        }
      #endif
      let stop = min(count, 16)
      var index = 0
      while index < stop {
        let byte = UInt64(folded ? asciiLower(bytes[index]) : bytes[index])
        if index < 8 {
          low |= byte << UInt64(8 * index)
        } else {
          high |= byte << UInt64(8 * (index - 8))
        }
        index += 1
      }
    }

    /// The literal-children hash of a key of `count` bytes that starts with these bytes.
    @inline(__always)
    func hash(count: Int) -> UInt32 {
      var mixed = low &* 0x9E37_79B9_7F4A_7C15
      mixed ^= (high &+ UInt64(truncatingIfNeeded: count)) &* 0xC2B2_AE3D_27D4_EB4F
      mixed ^= mixed >> 29
      return UInt32(truncatingIfNeeded: mixed ^ (mixed >> 32))
    }
  }

  /// The literal text around the capture of a `.mixed` node (bytes in `pool`).
  struct MixedInfo: Sendable {
    var prefixStart: Int32
    var prefixCount: Int32
    var suffixStart: Int32
    var suffixCount: Int32
  }

  /// The prefix/suffix of the mixed node `index`.
  func mixed(_ index: Int32) -> MixedInfo {
    var low = 0
    var high = mixedNodes.count
    while low < high {
      let middle = (low + high) >> 1
      if mixedNodes[middle] < index { low = middle + 1 } else { high = middle }
    }
    return mixedInfo[low]
  }

  /// A route ending at a node, as the search sees it.
  struct Entry: Sendable {
    var route: Int32
    var rank: Int32
    /// The entry's capture names, an index into `nameLists`.
    var names: Int32
    /// Whether the route has query or fragment requirements to check.
    var hasRequirements: Bool
  }

  /// What the builder knows of an entry (the compiled `Entry` keeps only what lookups need).
  struct EntryDetail: Sendable {
    var route: Int
    /// Which of the route's pattern variants this is (ties between ways of one route).
    var variant: Int
    /// The capture names, an index into the builder's `nameLists`.
    var names: Int32
    var hasRequirements: Bool
  }

  init(table: RouteTable) {
    options = table.options
    types = table.parameterTypes
    var builder = Builder(options: options, routes: table.routes)
    for route in table.routes {
      builder.insert(route)
    }
    // The trie holds what matching needs; the kept routes drop their expanded variants.
    routes = table.routes.map {
      Route(
        name: $0.name, pattern: $0.pattern.compacted(), priority: $0.priority, index: $0.index,
        metadata: $0.metadata)
    }
    let built = builder.finish()
    nodes = Self.owned(built.nodes)
    literalEdges = Self.owned(built.literalEdges)
    mixedNodes = built.mixedNodes
    mixedInfo = built.mixedInfo
    edges = Self.owned(built.edges)
    var poolBytes = built.bytes
    var flat: [Branch] = []
    for tier in built.tiers {
      for scheme in tier.schemes {
        var schemeStart: Int32 = -1
        var schemeCount: Int32 = 0
        if let bytes = scheme.scheme {
          schemeStart = Int32(poolBytes.count)
          schemeCount = Int32(bytes.count)
          poolBytes += bytes
        }
        for host in scheme.hosts {
          var kind = Branch.HostKind.omitted
          var hostBytes: [UInt8] = []
          switch host.host {
          case .literal(let bytes): (kind, hostBytes) = (.literal, bytes)
          case .wildcard(let suffix): (kind, hostBytes) = (.wildcard, suffix)
          case .any: kind = .any
          case .omitted: kind = .omitted
          }
          flat.append(
            Branch(
              schemeStart: schemeStart, schemeCount: schemeCount, hostKind: kind,
              hostStart: Int32(poolBytes.count), hostCount: Int32(hostBytes.count),
              port: Int32(host.port ?? -1), root: host.root))
          poolBytes += hostBytes
        }
      }
    }
    branches = Self.owned(flat)
    pool = Self.owned(poolBytes)
    entries = Self.owned(
      built.entries.map { entry in
        Entry(
          route: Int32(entry.detail.route), rank: entry.rank, names: entry.detail.names,
          hasRequirements: entry.detail.hasRequirements)
      })
    nameLists = built.nameLists
    maxCaptures = built.maxCaptures
    defaultSchemeBytes = Self.owned(Array(asciiLowercased(options.defaultScheme ?? "").utf8))
    if case .schemes(let list) = options.hostAsPath.storage {
      hostAsPathSchemes = list.map { Array($0.utf8) }
    } else {
      hostAsPathSchemes = []
    }
  }

  deinit {
    branches.deallocate()
    nodes.deallocate()
    literalEdges.deallocate()
    edges.deallocate()
    pool.deallocate()
    entries.deallocate()
    defaultSchemeBytes.deallocate()
  }

  /// A buffer holding a copy of `array` (with room for one element when it is empty, so the
  /// base address is never nil).
  private static func owned<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
    let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, array.count))
    _ = buffer.initialize(from: array)
    return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
  }
}

/// Type codes stored in nodes: 0 string, 1 int, 2 float, 3 uuid, 4 path, 5+ registered.
func typeCode(_ type: CaptureType) -> Int32 {
  switch type {
  case .string: return 0
  case .int: return 1
  case .float: return 2
  case .uuid: return 3
  case .path: return 4
  case .custom(let index): return 5 + Int32(index)
  }
}

func captureType(code: Int32) -> CaptureType {
  switch code {
  case 0: return .string
  case 1: return .int
  case 2: return .float
  case 3: return .uuid
  case 4: return .path
  default: return .custom(Int(code - 5))
  }
}

// MARK: - Building

/// An open-addressing table from 64-bit hashes to ids, for the builder's hot lookups (a
/// `Dictionary` with SipHash cost more than the rest of building). Lookups pass a predicate
/// that confirms an id really is the key, so hashes may collide.
struct IntegerTable {
  private var slots: [(hash: UInt64, id: Int32)] = Array(repeating: (0, -1), count: 64)
  private var count = 0

  @inline(__always)
  private static func start(_ hash: UInt64, _ mask: Int) -> Int {
    Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }

  func find(_ hash: UInt64, where isKey: (Int32) -> Bool) -> Int32? {
    let mask = slots.count - 1
    var slot = Self.start(hash, mask)
    while true {
      let entry = slots[slot]
      if entry.id < 0 { return nil }
      if entry.hash == hash && isKey(entry.id) { return entry.id }
      slot = (slot + 1) & mask
    }
  }

  mutating func insert(_ hash: UInt64, _ id: Int32) {
    if 2 * (count + 1) > slots.count {
      let old = slots
      slots = Array(repeating: (0, -1), count: old.count * 2)
      for entry in old where entry.id >= 0 { place(entry.hash, entry.id) }
    }
    place(hash, id)
    count += 1
  }

  private mutating func place(_ hash: UInt64, _ id: Int32) {
    let mask = slots.count - 1
    var slot = Self.start(hash, mask)
    while slots[slot].id >= 0 { slot = (slot + 1) & mask }
    slots[slot] = (hash, id)
  }
}

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
      var literalEdges: [LiteralEdge] = []
      var mixedNodes: [Int32] = []
      var mixedInfo: [MixedInfo] = []
      var edges: [Int32] = []
      var bytes: [UInt8] = []
      var entries: [BuiltEntry] = []
      var nameLists: [[String?]] = []
      var maxCaptures = 0
    }

    func finish() -> Output {
      var output = Output()
      output.maxCaptures = maxCaptures
      output.nameLists = nameLists
      output.nodes.reserveCapacity(nodes.count)
      output.entries.reserveCapacity(builtEntries.count)
      let priorities = Set(roots.keys.map(\.priority)).sorted(by: >)
      for priority in priorities {
        let keys = roots.keys.filter { $0.priority == priority }
        var schemes: [[UInt8]?] = Array(Set(keys.compactMap(\.scheme))).sorted {
          $0.lexicographicallyPrecedes($1)
        }
        if keys.contains(where: { $0.scheme == nil }) { schemes.append(nil) }
        var tier = Tier(priority: priority, schemes: [])
        for scheme in schemes {
          let hostKeys = keys.filter { $0.scheme == scheme }.sorted(by: Self.hostSortsBefore)
          var branch = SchemeBranch(scheme: scheme, hosts: [])
          for key in hostKeys {
            guard let root = roots[key] else { continue }
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

    /// Host rank: literal, then `*.` wildcard (longer suffix first), then `*`, then omitted;
    /// within one host, a given port first.
    static func hostSortsBefore(_ a: BranchKey, _ b: BranchKey) -> Bool {
      func tuple(_ key: BranchKey) -> (Int, Int, [UInt8], Int) {
        let port = key.port.map { -1 - $0 } ?? 0
        switch key.host {
        case .literal(let bytes): return (0, 0, bytes, port)
        case .wildcard(let suffix): return (1, -suffix.count, suffix, port)
        case .any: return (2, 0, [], port)
        case .omitted: return (3, 0, [], port)
        }
      }
      let (x, y) = (tuple(a), tuple(b))
      if x.0 != y.0 { return x.0 < y.0 }
      if x.1 != y.1 { return x.1 < y.1 }
      if x.2 != y.2 { return x.2.lexicographicallyPrecedes(y.2) }
      return x.3 < y.3
    }

    /// The rank of a non-literal child, compared as a tuple: mixed (more literal characters
    /// first, then pattern text), typed captures by type rank, string, `<path:…>`, then `*`.
    func rankKey(_ key: Key) -> (group: Int, order: Int, text: [UInt8]) {
      switch key.kind {
      case .literal: return (0, 0, [])
      case .mixed:
        // "More literal characters": characters, not UTF-8 bytes.
        let element = mixed[Int(key.value)]
        let characters =
          String(decoding: element.prefix, as: UTF8.self).count
          + String(decoding: element.suffix, as: UTF8.self).count
        return (1, -characters, element.text)
      case .capture: return (2, captureType(code: key.value).rank, [])
      case .path: return (3, 0, [])
      case .star: return (5, 0, [])
      }
    }

    /// Appends `index` and its subtree; returns its position. Ranks are handed out in the walk
    /// order described on ``MatcherStorage``.
    func flatten(_ index: Int32, into output: inout Output, rank: inout Int32) -> Int32 {
      let built = nodes[Int(index)]
      let position = Int32(output.nodes.count)
      var node = Node()
      if built.key.value < 0 {
        node.kind = .root
      } else {
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
      }
      output.nodes.append(node)

      var literalChildren: [Int32] = []
      var otherChildren: [Int32] = []
      var child = built.firstChild
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
      literalKeys.sort { lhs, rhs in
        lhs.key.count != rhs.key.count
          ? lhs.key.count < rhs.key.count : lhs.key.lexicographicallyPrecedes(rhs.key)
      }
      literalChildren = literalKeys.map(\.node)
      if otherChildren.count > 1 {
        var otherKeys = otherChildren.map { (key: rankKey(nodes[Int($0)].key), node: $0) }
        otherKeys.sort { lhs, rhs in
          if lhs.key.group != rhs.key.group { return lhs.key.group < rhs.key.group }
          if lhs.key.order != rhs.key.order { return lhs.key.order < rhs.key.order }
          return lhs.key.text.lexicographicallyPrecedes(rhs.key.text)
        }
        otherChildren = otherKeys.map(\.node)
      }

      var lowest = Int32.max
      var literalEdges: [LiteralEdge] = []
      literalEdges.reserveCapacity(literalChildren.count)
      for childIndex in literalChildren {
        let key = literals[Int(nodes[Int(childIndex)].key.value)]
        let keyStart = Int32(output.bytes.count)
        output.bytes += key
        let flat = flatten(childIndex, into: &output, rank: &rank)
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
        lowest = min(lowest, output.nodes[Int(flat)].rankLow)
        otherIndices.append(flat)
      }
      var entries: [BuiltEntry] = []
      var entry = built.firstEntry
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
        lowest = min(lowest, rank)
        rank += 1
      }
      let entryStart = Int32(output.entries.count)
      output.entries += entries
      var hasStar = false
      for childIndex in otherChildren where nodes[Int(childIndex)].key.kind == .star {
        let flat = flatten(childIndex, into: &output, rank: &rank)
        lowest = min(lowest, output.nodes[Int(flat)].rankLow)
        otherIndices.append(flat)
        hasStar = true
      }

      node = output.nodes[Int(position)]
      node.literalStart = Int32(output.literalEdges.count)
      if literalEdges.count > Int(MatcherStorage.linearLiteralLimit) {
        // Load factor at most 3/4.
        var capacity = 8
        while capacity * 3 < literalEdges.count * 4 { capacity <<= 1 }
        var slots = [LiteralEdge](repeating: LiteralEdge(), count: capacity)
        for edge in literalEdges {
          var slot = Int(edge.hash) & (capacity - 1)
          while slots[slot].keyCount >= 0 { slot = (slot + 1) & (capacity - 1) }
          slots[slot] = edge
        }
        node.hashed = true
        node.literalCount = Int32(capacity)
        output.literalEdges += slots
      } else {
        node.literalCount = Int32(literalEdges.count)
        output.literalEdges += literalEdges
      }
      node.otherStart = Int32(output.edges.count)
      node.otherCount = Int32(otherIndices.count)
      node.hasStar = hasStar
      output.edges += otherIndices
      node.entryStart = entryStart
      node.entryCount = Int32(entries.count)
      node.rankLow = lowest
      output.nodes[Int(position)] = node
      return position
    }

    /// Entries of one node: more query requirements first, then the first differing
    /// requirement (literal > typed capture > string capture, then name, then value),
    /// then fragment (literal > typed capture > string capture > none), then registration.
    static func entrySortsBefore(_ a: EntryDetail, _ b: EntryDetail, _ routes: [Route]) -> Bool {
      let (x, y) = (routes[a.route].pattern, routes[b.route].pattern)
      if x.query.count != y.query.count { return x.query.count > y.query.count }
      for (p, q) in zip(x.query, y.query) where p != q {
        let (kp, kq) = (valueRank(p.value), valueRank(q.value))
        if kp != kq { return kp < kq }
        if p.name != q.name { return p.name.lexicographicallyPrecedes(q.name) }
        if case .literal(let vp) = p.value, case .literal(let vq) = q.value, vp != vq {
          return vp.lexicographicallyPrecedes(vq)
        }
      }
      let (fa, fb) = (fragmentRank(x.fragment), fragmentRank(y.fragment))
      if fa != fb { return fa < fb }
      if case .literal(let va) = x.fragment, case .literal(let vb) = y.fragment, va != vb {
        return va.lexicographicallyPrecedes(vb)
      }
      if a.route != b.route { return a.route < b.route }
      return a.variant < b.variant
    }

    static func valueRank(_ value: RequirementValue) -> Int {
      switch value {
      case .literal: return -1
      case .capture(let type, _): return type.rank
      }
    }

    static func fragmentRank(_ fragment: FragmentRequirement) -> Int {
      switch fragment {
      case .literal: return -1
      case .capture(let type, _): return type.rank
      case .none: return .max
      }
    }
  }
}
