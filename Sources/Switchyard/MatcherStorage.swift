/// The compiled, immutable form of a ``RouteTable``: flat arrays searched by ``RouteMatcher``.
///
/// Layout: routes are grouped into *tiers* by priority (highest first). A tier lists its
/// scheme branches (literal schemes, then "any scheme"), each with its host branches in rank
/// order (literal, `*.` wildcard, `*`, omitted). Each host branch owns the root of a path trie
/// stored in `nodes`. A node's children are split into literal children (sorted by length,
/// then bytes, for binary search) and the other children in rank order; the routes that end
/// at a node are its `entries`, sorted by query and fragment rank and registration order.
/// Every entry gets a rank: its position in a depth-first walk of its trie that visits a
/// node's literal children, its other children up to `<path:…>`, its own entries, then its
/// `*` children. That walk order is exactly the precedence of SEMANTICS §3, so comparing
/// ranks compares candidates (see `Search`).
final class MatcherStorage: @unchecked Sendable {
  // `@unchecked`: every stored property is immutable after `init`; the raw buffers are owned
  // by this object (freed in `deinit`) and only ever read, so sharing across threads is safe.
  // They are raw buffers rather than arrays so a lookup reads them without retains or
  // closure-scoped access.

  let routes: [Route]
  let options: RouteOptions
  let types: [ParameterType]
  let tiers: [Tier]
  /// Every (tier, scheme, host) branch in rank order, flattened for the search.
  let branches: UnsafeMutableBufferPointer<Branch>
  let nodes: UnsafeMutableBufferPointer<Node>
  let literalEdges: UnsafeMutableBufferPointer<LiteralEdge>
  /// Open-addressing tables of literal edge indices (-1 = empty) for nodes with many literals.
  let literalSlots: UnsafeMutableBufferPointer<Int32>
  let edges: UnsafeMutableBufferPointer<Int32>
  let pool: UnsafeMutableBufferPointer<UInt8>
  let entries: UnsafeMutableBufferPointer<Entry>
  /// What the search needs only at a candidate, by entry index.
  let details: [EntryDetail]
  let maxCaptures: Int
  /// The default scheme, lowercased (empty when there is none).
  let defaultSchemeBytes: UnsafeMutableBufferPointer<UInt8>
  /// The lowercased schemes of a `.schemes` host-as-path policy.
  let hostAsPathSchemes: [[UInt8]]

  /// Nodes with more literal children than this use a hash table; others a linear scan.
  static let linearLiteralLimit: Int32 = 8

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

  struct Node: Sendable {
    var kind: Kind = .root
    /// Capture type code (see `typeCode(_:)`).
    var type: Int32 = 0
    var prefixStart: Int32 = 0
    var prefixCount: Int32 = 0
    var suffixStart: Int32 = 0
    var suffixCount: Int32 = 0
    var literalStart: Int32 = 0
    var literalCount: Int32 = 0
    /// Start and mask of this node's slice of `literalSlots` (used when literalCount > 8).
    var slotStart: Int32 = 0
    var slotMask: Int32 = 0
    var otherStart: Int32 = 0
    var otherCount: Int32 = 0
    /// Number of other children tried before the node's own entries (the rest are `*`).
    var otherBeforeEnd: Int32 = 0
    var entryStart: Int32 = 0
    var entryCount: Int32 = 0
    /// The lowest entry rank in this node's subtree.
    var rankLow: Int32 = .max
  }

  struct LiteralEdge: Sendable {
    var keyStart: Int32
    var keyCount: Int32
    var hash: UInt32
    var child: Int32
  }

  /// A route ending at a node, as the search sees it.
  struct Entry: Sendable {
    var route: Int32
    var rank: Int32
    /// Whether the route has query or fragment requirements to check.
    var hasRequirements: Bool
  }

  struct EntryDetail: Sendable {
    var route: Int
    /// Which of the route's pattern variants this is (ties between ways of one route).
    var variant: Int
    /// One name per capture slot: the path's captures in order (`nil` for an unnamed `*`),
    /// then the query requirement captures, then the fragment capture.
    var captureNames: [String?]
    var query: [QueryRequirement]
    var fragment: FragmentRequirement
  }

  init(table: RouteTable) {
    routes = table.routes
    options = table.options
    types = table.parameterTypes
    var builder = Builder(options: options)
    for route in routes {
      builder.insert(route)
    }
    let built = builder.finish()
    tiers = built.tiers
    nodes = Self.owned(built.nodes)
    literalEdges = Self.owned(built.literalEdges)
    literalSlots = Self.owned(built.literalSlots)
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
      built.entries.map {
        Entry(
          route: Int32($0.detail.route), rank: $0.rank,
          hasRequirements: !$0.detail.query.isEmpty || $0.detail.fragment != .none)
      })
    details = built.entries.map(\.detail)
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
    literalSlots.deallocate()
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

/// FNV-1a over the bytes (ASCII-folded when `folded`): the literal-children hash.
@inline(__always)
func literalHash(_ bytes: UnsafeBufferPointer<UInt8>, folded: Bool) -> UInt32 {
  var hash: UInt32 = 2_166_136_261
  if folded {
    for byte in bytes { hash = (hash ^ UInt32(asciiLower(byte))) &* 16_777_619 }
  } else {
    for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
  }
  return hash
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

extension MatcherStorage {
  /// A mutable trie, flattened by `finish()`.
  struct Builder {
    enum Key: Hashable {
      case literal([UInt8])
      case mixed(prefix: [UInt8], type: CaptureType, suffix: [UInt8], text: [UInt8])
      case capture(CaptureType)
      case path
      case star

      /// Rank order among non-literal children; `nil` for literals.
      func sortsBefore(_ other: Key) -> Bool {
        func tuple(_ key: Key) -> (Int, Int, [UInt8]) {
          switch key {
          case .literal(let bytes): return (0, 0, bytes)
          case .mixed(let prefix, _, let suffix, let text): return (1, -(prefix.count + suffix.count), text)
          case .capture(let type): return (2, type.rank, [])
          case .path: return (3, 0, [])
          case .star: return (5, 0, [])
          }
        }
        let (a, b) = (tuple(self), tuple(other))
        if a.0 != b.0 { return a.0 < b.0 }
        if a.1 != b.1 { return a.1 < b.1 }
        return a.2.lexicographicallyPrecedes(b.2)
      }
    }

    struct BuiltEntry {
      var rank: Int32
      var detail: EntryDetail
    }

    final class TrieNode {
      let key: Key?
      var children: [Key: TrieNode] = [:]
      var entries: [BuiltEntry] = []
      init(key: Key?) { self.key = key }
    }

    struct BranchKey: Hashable {
      var priority: Int
      var scheme: [UInt8]?
      var host: HostRequirement
      var port: Int?
    }

    let options: RouteOptions
    var roots: [BranchKey: TrieNode] = [:]
    var maxCaptures = 0

    init(options: RouteOptions) { self.options = options }

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
        let root: TrieNode
        if let existing = roots[branch] {
          root = existing
        } else {
          root = TrieNode(key: nil)
          roots[branch] = root
        }
        var node = root
        var names: [String?] = []
        for element in variant.path {
          let key: Key
          switch element {
          case .literal(let bytes):
            key = .literal(options.caseInsensitivePaths ? bytes.map(asciiLower) : bytes)
          case .capture(.path, let name):
            key = .path
            names.append(name)
          case .capture(let type, let name):
            key = .capture(type)
            names.append(name)
          case .mixed(let prefix, let type, let name, let suffix, let text):
            key = .mixed(prefix: prefix, type: type, suffix: suffix, text: text)
            names.append(name)
          case .star(let name):
            key = .star
            names.append(name)
          }
          if let child = node.children[key] {
            node = child
          } else {
            let child = TrieNode(key: key)
            node.children[key] = child
            node = child
          }
        }
        let captureNames = names + tail
        maxCaptures = max(maxCaptures, captureNames.count)
        let entry = BuiltEntry(
          rank: 0,
          detail: EntryDetail(
            route: route.index, variant: variantIndex, captureNames: captureNames,
            query: pattern.query, fragment: pattern.fragment))
        // The same route may reach one node through several variants (groups that expand
        // to the same path): the first is enough.
        if !node.entries.contains(where: {
          $0.detail.route == route.index && $0.detail.captureNames == captureNames
        }) {
          node.entries.append(entry)
        }
      }
    }

    struct Output {
      var tiers: [Tier] = []
      var nodes: [Node] = []
      var literalEdges: [LiteralEdge] = []
      var literalSlots: [Int32] = []
      var edges: [Int32] = []
      var bytes: [UInt8] = []
      var entries: [BuiltEntry] = []
      var maxCaptures = 0
    }

    func finish() -> Output {
      var output = Output()
      output.maxCaptures = maxCaptures
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

    /// Appends `node` and its subtree; returns its index. Ranks are handed out in the walk
    /// order described on ``MatcherStorage``.
    func flatten(_ trie: TrieNode, into output: inout Output, rank: inout Int32) -> Int32 {
      let index = Int32(output.nodes.count)
      var node = Node()
      switch trie.key {
      case nil: node.kind = .root
      case .literal: node.kind = .literal
      case .mixed(let prefix, let type, let suffix, _):
        node.kind = .mixed
        node.type = typeCode(type)
        node.prefixStart = Int32(output.bytes.count)
        node.prefixCount = Int32(prefix.count)
        output.bytes += prefix
        node.suffixStart = Int32(output.bytes.count)
        node.suffixCount = Int32(suffix.count)
        output.bytes += suffix
      case .capture(let type):
        node.kind = .capture
        node.type = typeCode(type)
      case .path:
        node.kind = .path
        node.type = typeCode(.path)
      case .star:
        node.kind = .star
      }
      output.nodes.append(node)

      var literals: [(key: [UInt8], node: TrieNode)] = []
      var others: [(key: Key, node: TrieNode)] = []
      for (key, child) in trie.children {
        if case .literal(let bytes) = key {
          literals.append((bytes, child))
        } else {
          others.append((key, child))
        }
      }
      literals.sort { lhs, rhs in
        lhs.key.count != rhs.key.count
          ? lhs.key.count < rhs.key.count : lhs.key.lexicographicallyPrecedes(rhs.key)
      }
      others.sort { $0.key.sortsBefore($1.key) }

      var lowest = Int32.max
      // Literal children.
      var literalEdges: [LiteralEdge] = []
      for (key, child) in literals {
        let keyStart = Int32(output.bytes.count)
        output.bytes += key
        let childIndex = flatten(child, into: &output, rank: &rank)
        lowest = min(lowest, output.nodes[Int(childIndex)].rankLow)
        let hash = key.withUnsafeBufferPointer { literalHash($0, folded: false) }
        literalEdges.append(
          LiteralEdge(keyStart: keyStart, keyCount: Int32(key.count), hash: hash, child: childIndex))
      }
      // Other children before the end, the end, then `*` children.
      var otherIndices: [Int32] = []
      var beforeEnd: Int32 = 0
      for (key, child) in others where key != .star {
        let childIndex = flatten(child, into: &output, rank: &rank)
        lowest = min(lowest, output.nodes[Int(childIndex)].rankLow)
        otherIndices.append(childIndex)
        beforeEnd += 1
      }
      var entries = trie.entries.sorted(by: Self.entrySortsBefore)
      for position in entries.indices {
        entries[position].rank = rank
        lowest = min(lowest, rank)
        rank += 1
      }
      let entryStart = Int32(output.entries.count)
      output.entries += entries
      for (key, child) in others where key == .star {
        let childIndex = flatten(child, into: &output, rank: &rank)
        lowest = min(lowest, output.nodes[Int(childIndex)].rankLow)
        otherIndices.append(childIndex)
      }

      node = output.nodes[Int(index)]
      node.literalStart = Int32(output.literalEdges.count)
      node.literalCount = Int32(literalEdges.count)
      if node.literalCount > MatcherStorage.linearLiteralLimit {
        var capacity = 16
        while capacity < 2 * literalEdges.count { capacity <<= 1 }
        var slots = [Int32](repeating: -1, count: capacity)
        for (offset, edge) in literalEdges.enumerated() {
          var slot = Int(edge.hash) & (capacity - 1)
          while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
          slots[slot] = node.literalStart + Int32(offset)
        }
        node.slotStart = Int32(output.literalSlots.count)
        node.slotMask = Int32(capacity - 1)
        output.literalSlots += slots
      }
      output.literalEdges += literalEdges
      node.otherStart = Int32(output.edges.count)
      node.otherCount = Int32(otherIndices.count)
      node.otherBeforeEnd = beforeEnd
      output.edges += otherIndices
      node.entryStart = entryStart
      node.entryCount = Int32(entries.count)
      node.rankLow = lowest
      output.nodes[Int(index)] = node
      return index
    }

    /// Entries of one node: more query requirements first, then the first differing
    /// requirement (literal > typed capture > string capture, then name, then value),
    /// then fragment (literal > typed capture > string capture > none), then registration.
    static func entrySortsBefore(_ x: BuiltEntry, _ y: BuiltEntry) -> Bool {
      let (a, b) = (x.detail, y.detail)
      if a.query.count != b.query.count { return a.query.count > b.query.count }
      for (x, y) in zip(a.query, b.query) where x != y {
        let (kx, ky) = (valueRank(x.value), valueRank(y.value))
        if kx != ky { return kx < ky }
        if x.name != y.name { return x.name.lexicographicallyPrecedes(y.name) }
        if case .literal(let vx) = x.value, case .literal(let vy) = y.value, vx != vy {
          return vx.lexicographicallyPrecedes(vy)
        }
      }
      let (fx, fy) = (fragmentRank(a.fragment), fragmentRank(b.fragment))
      if fx != fy { return fx < fy }
      if case .literal(let vx) = a.fragment, case .literal(let vy) = b.fragment, vx != vy {
        return vx.lexicographicallyPrecedes(vy)
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
