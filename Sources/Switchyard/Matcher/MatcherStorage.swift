/// The compiled, immutable form of a ``RouteTable``: flat arrays searched by ``RouteMatcher``.
///
/// Layout: routes are grouped into *tiers* by priority (highest first). A tier lists its
/// scheme branches (literal schemes, then "any scheme"), each with its host branches in rank
/// order (literal, `*.` wildcard, `*`, omitted). Each host branch owns the root of a path trie
/// stored in `nodes`. A node's children are split into literal children (a short list scanned
/// in order, or an open-addressing hash table, in `literalEdges`) and the other children in
/// rank order (next to each other in `nodes`); the routes that end at a node are its
/// `entries`, sorted by query and fragment rank and registration order.
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
  /// Each node's parent (-1 for a root): the search walks up from the winning route's node
  /// to rebuild the captures taken below a catch-all.
  let parents: UnsafeMutableBufferPointer<Int32>
  /// Each node's literal children: a short list scanned in order, or (for more than
  /// `linearLiteralLimit`) an open-addressing hash table whose empty slots have `keyCount` -1.
  let literalEdges: UnsafeMutableBufferPointer<LiteralEdge>
  /// The indices of the `.mixed` nodes, ascending, and the literal text around each capture.
  let mixedNodes: [Int32]
  let mixedInfo: [MixedInfo]
  /// The partial-segment children of each node that has more than `linearMixedLimit` of them,
  /// indexed by their literal text (see `MixedIndex`), ascending by `MixedIndex.first`.
  let mixedIndexes: [MixedIndex]
  /// The lengths of literal text the children of each `MixedIndex` have, each index's in a row.
  let mixedShapes: [MixedShape]
  /// The hash-table slots of each `MixedIndex`, each index's in a row.
  let mixedSlots: [MixedSlot]
  let pool: UnsafeMutableBufferPointer<UInt8>
  let entries: UnsafeMutableBufferPointer<Entry>
  /// The query and fragment requirements of the routes that have some (see `Entry.requirements`).
  let requirementSets: UnsafeMutableBufferPointer<RequirementSet>
  /// The query requirements of every `RequirementSet`, each set's in a row.
  let queryChecks: UnsafeMutableBufferPointer<QueryCheck>
  /// The node each entry ends at.
  let entryNodes: UnsafeMutableBufferPointer<Int32>
  /// Capture names per slot, shared by the entries that have the same list (see
  /// `Entry.names`): the path's captures in order (`nil` for an unnamed `*`), then the query
  /// requirement captures, then the fragment capture.
  let nameLists: [[String?]]
  let maxCaptures: Int
  /// The default scheme, lowercased (empty when there is none).
  let defaultSchemeBytes: UnsafeMutableBufferPointer<UInt8>
  /// The roots of the branches that accept a URL with no scheme, authority or port (a plain
  /// path such as `/a/b`, read under the default scheme), in rank order: which branches those
  /// are depends only on the table, so such a URL goes straight to their tries.
  let pathRoots: UnsafeMutableBufferPointer<Int32>
  /// Whether the host-as-path rule applies to a URL with no scheme (under the default scheme).
  let pathHostAsPath: Bool
  /// Where ``uncontested`` is kept once made (URLs built against this matcher ask for it).
  let uncontestedSlot = KeptObjectSlot()

  /// Nodes with more literal children than this use a hash table; others a linear scan. Each
  /// scanned child costs two word comparisons of its inline key, so a few of them cost less
  /// than computing a hash and probing.
  static let linearLiteralLimit: Int32 = 4

  /// Nodes with more partial-segment children than this have a `MixedIndex`; others try each
  /// of them in turn.
  static let linearMixedLimit: Int32 = 4

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
    /// Capture type code (see `CaptureType.code`).
    var type: UInt8 = 0
    /// Whether the last of the other children is a `*` (tried after the node's entries).
    var hasStar = false
    /// Whether the literal children are a hash table (`literalCount` is then its size, a
    /// power of two).
    var hashed = false
    var literalStart: Int32 = 0
    var literalCount: Int32 = 0
    /// The first of the other children, which lie next to each other in `nodes`.
    var otherStart: Int32 = 0
    var otherCount: Int32 = 0
    var entryStart: Int32 = 0
    var entryCount: Int32 = 0
    /// The lowest entry rank in this node's subtree.
    var rankLow: Int32 = .max
  }

  /// A literal child, one cache line (64 bytes, and `literalEdges` starts on a line): up to
  /// 16 bytes of its key inline so that most keys are compared without touching another
  /// line, and a copy of the child's node, so that descending to the child reads no other
  /// line either. At 100,000 routes a lookup is bound by first-level cache misses: the edge
  /// and then the node it names were two dependent misses per path segment.
  struct LiteralEdge: Sendable {
    /// The same as `nodes[child]`; first, so that a pointer to the edge is one to it (see
    /// `edgeNodeOffset`).
    var node: Node = Node()
    var hash: UInt32 = 0
    /// -1 for an empty hash-table slot.
    var keyCount: Int32 = -1
    var child: Int32 = -1
    /// Where the whole key starts in `pool` (read only for keys longer than 16 bytes).
    var keyStart: Int32 = 0
    var inline: InlineKey = InlineKey()
  }

  /// Where `LiteralEdge.node` lies in an edge: a constant (a stored static would be a lazy
  /// global, initialized on every use); the builder checks it against the layout.
  @inline(__always)
  static var edgeNodeOffset: Int { 0 }

  /// Up to 16 key bytes, zero-padded, as two little-endian words: most keys compare in two
  /// word comparisons, and the literal-children hash is computed from these words.
  struct InlineKey: Sendable, Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    init() {}

    /// The first (up to) 16 bytes of `bytes`, ASCII-folded when `folded`. `readable` is how
    /// many bytes from `bytes.baseAddress` may be read (at least `bytes.count`): with 16 or
    /// more, two unaligned loads and a mask replace the byte loop.
    /// The first `min(count, 16)` bytes at `raw` as two little-endian words, the bytes past
    /// `count` masked to zero; 16 bytes from `raw` must be readable.
    @inline(__always)
    private static func words(at raw: UnsafeRawPointer, count: Int) -> (UInt64, UInt64) {
      var low = raw.loadUnaligned(as: UInt64.self)
      var high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
      if count < 8 {
        low &= (1 &<< UInt64(8 * count)) &- 1
        high = 0
      } else if count < 16 {
        high &= (1 &<< UInt64(8 * (count - 8))) &- 1
      }
      return (low, high)
    }

    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int, folded: Bool) {
      let count = bytes.count
      #if _endian(little)
        if !folded && readable >= 16, let base = bytes.baseAddress {
          let raw = UnsafeRawPointer(base)
          (low, high) = Self.words(at: raw, count: count)
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

    /// The first (up to) 16 bytes of a URL segment of `count` bytes at `base`, not folded,
    /// read with word loads, or `nil` when they cannot be (the byte loop of the other
    /// initializer then reads them). The bytes from `start` to `end` may be read: a segment
    /// near the end of the URL is read by a load that ends where it ends, the bytes before
    /// it shifted out.
    @inline(__always)
    init?(
      segment base: UnsafePointer<UInt8>, count: Int, start: UnsafePointer<UInt8>,
      end: UnsafePointer<UInt8>
    ) {
      #if _endian(little)
        let raw = UnsafeRawPointer(base)
        if end - base >= 16 {
          (low, high) = Self.words(at: raw, count: count)
          return
        }
        if count > 8 {
          // 9 to 15 bytes: the first 8, then a load that ends at the segment's end.
          low = raw.loadUnaligned(as: UInt64.self)
          high =
            raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            >> UInt64(8 * (16 - count))
          return
        }
        if count > 0 && base + count - start >= 8 {
          low =
            raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            >> UInt64(8 * (8 - count))
          high = 0
          return
        }
      #endif
      return nil
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

  /// The partial-segment children of one node, by their literal text, so that a segment is
  /// tried only against the children whose prefix and suffix it has. A catch-all above such a
  /// node tries it at every width; trying every child each time would make a lookup cost the
  /// URL's segments times the number of children.
  ///
  /// The children are the node's first `count` other children (they rank before every other
  /// kind). For each distinct pair of prefix and suffix lengths (a *shape*), a segment's
  /// prefix and suffix of those lengths are hashed and looked up in an open-addressing table
  /// with a slot per child, so a lookup costs a probe per shape, however many children share
  /// it. The children found are then tried in their rank order, which is their order in
  /// `nodes`.
  struct MixedIndex: Sendable {
    /// The place of the node's first other child, its first partial-segment child.
    var first: Int32
    /// How many partial-segment children the node has.
    var count: Int32
    var shapeStart: Int32
    var shapeCount: Int32
    var slotStart: Int32
    /// A power of two.
    var slotCount: Int32
  }

  /// A pair of literal-text lengths (in bytes) some partial-segment children have.
  struct MixedShape: Sendable, Hashable {
    var prefix: Int32
    var suffix: Int32
  }

  /// A partial-segment child in a `MixedIndex`'s table; `child` is -1 for an empty slot.
  struct MixedSlot: Sendable {
    var hash: UInt32 = 0
    var child: Int32 = -1
  }

  /// The hash of a partial-segment child's literal text, or of a segment's prefix and suffix
  /// of the same lengths (FNV-1a; ASCII-folded when `folded`, as literal text is compared).
  static func mixedHash(
    prefix: UnsafeBufferPointer<UInt8>, suffix: UnsafeBufferPointer<UInt8>, folded: Bool
  ) -> UInt32 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in prefix {
      hash = (hash ^ UInt64(folded ? asciiLower(byte) : byte)) &* 0x100_0000_01B3
    }
    // The lengths keep `ab` + `c` apart from `a` + `bc`.
    hash = (hash ^ (UInt64(prefix.count) << 8 | 0xFF)) &* 0x100_0000_01B3
    for byte in suffix {
      hash = (hash ^ UInt64(folded ? asciiLower(byte) : byte)) &* 0x100_0000_01B3
    }
    hash = (hash ^ UInt64(suffix.count)) &* 0x100_0000_01B3
    return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
  }

  /// The index of the partial-segment children starting at the place `first`, if they have one.
  func mixedIndex(first: Int32) -> MixedIndex? {
    var low = 0
    var high = mixedIndexes.count
    while low < high {
      let middle = (low + high) >> 1
      if mixedIndexes[middle].first < first { low = middle + 1 } else { high = middle }
    }
    return low < mixedIndexes.count && mixedIndexes[low].first == first ? mixedIndexes[low] : nil
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
    /// The route's query and fragment requirements, an index into `requirementSets`; -1 when
    /// it has none.
    var requirements: Int32
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
    builder.insertRoutes()
    // The trie's largest arrays are the builder's own buffers, kept as they are; the other
    // arrays are dropped as soon as they are copied, and the kept routes are made last, so
    // that the build's peak memory holds as few arrays twice as it can.
    var built = builder.finish()
    nodes = built.nodes.take()
    parents = built.parents.take()
    entryNodes = built.entryNodes.take()
    precondition(
      MemoryLayout<LiteralEdge>.offset(of: \LiteralEdge.node) == Self.edgeNodeOffset,
      "LiteralEdge.node is not where the search reads it")
    literalEdges = built.literalEdges.take()
    mixedNodes = built.mixedNodes
    mixedInfo = built.mixedInfo
    mixedIndexes = built.mixedIndexes
    mixedShapes = built.mixedShapes
    mixedSlots = built.mixedSlots
    var poolBytes = built.bytes
    built.bytes = []
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
    var requirements = RequirementsBuilder()
    entries = Self.owned(
      built.entries.map { entry in
        let route = entry.detail.route
        return Entry(
          route: Int32(route), rank: entry.rank, names: entry.detail.names,
          requirements: entry.detail.hasRequirements
            ? requirements.set(route: route, pattern: table.routes[route].pattern, pool: &poolBytes)
            : -1)
      })
    built.entries = []
    // The trie holds what matching needs; the kept routes drop their expanded variants.
    routes = table.routes.map { $0.compacted() }
    requirementSets = Self.owned(requirements.sets)
    queryChecks = Self.owned(requirements.queryChecks)
    pool = Self.owned(poolBytes)
    nameLists = built.nameLists
    maxCaptures = built.maxCaptures
    let defaultScheme = Array(asciiLowercased(options.defaultScheme ?? "").utf8)
    defaultSchemeBytes = Self.owned(defaultScheme)
    pathRoots = Self.owned(
      flat.filter { branch in
        // What `searchBranches` accepts for a URL without scheme, host and port.
        guard branch.port < 0, branch.hostKind == .omitted else { return false }
        guard branch.schemeStart >= 0 else { return true }
        guard !defaultScheme.isEmpty else { return false }
        let start = Int(branch.schemeStart)
        return poolBytes[start..<(start + Int(branch.schemeCount))].elementsEqual(defaultScheme)
      }.map(\.root))
    let hostAsPath = options.hostAsPath
    pathHostAsPath = defaultScheme.withUnsafeBufferPointer {
      hostAsPath.applies(toSchemeBytes: defaultScheme.isEmpty ? nil : $0)
    }
  }

  deinit {
    // Every buffer holds bitwise-copyable values (`owned` and `FlatBuffer` accept no other),
    // so there is nothing to deinitialize before freeing.
    branches.deallocate()
    nodes.baseAddress.map { UnsafeMutableRawPointer($0).deallocate() }
    parents.deallocate()
    entryNodes.deallocate()
    literalEdges.baseAddress.map { UnsafeMutableRawPointer($0).deallocate() }
    pool.deallocate()
    entries.deallocate()
    requirementSets.deallocate()
    queryChecks.deallocate()
    defaultSchemeBytes.deallocate()
    pathRoots.deallocate()
  }

  /// A buffer holding a copy of `array` (with room for one element when it is empty, so the
  /// base address is never nil). Only for bitwise-copyable elements: `deinit` frees the
  /// buffers without deinitializing them, which is right only for values that own nothing (a
  /// `String` or a class reference in an element would leak), and the constraint makes the
  /// compiler refuse any other.
  private static func owned<T: BitwiseCopyable>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
    let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, array.count))
    _ = buffer.initialize(from: array)
    return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
  }
}

/// The code of `type` stored in nodes and capture records (see `CaptureType.code`).
func typeCode(_ type: CaptureType) -> Int32 { type.code }

func captureType(code: Int32) -> CaptureType { CaptureType(code: code) }
