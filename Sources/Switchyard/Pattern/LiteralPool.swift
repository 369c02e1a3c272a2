/// The literal path segments and capture-name lists a table's patterns have read, kept once
/// each: a pattern read through the pool gets the pool's array for a segment (or a list of
/// names) seen before (arrays share their buffer), so a table of 100,000 routes over a few
/// thousand distinct words keeps a few thousand arrays, not hundreds of thousands, and
/// allocates none for a word it has seen.
///
/// A pool made with `sharing: false` keeps nothing: each segment gets its own array.
struct LiteralPool: Sendable {
  private let sharing: Bool
  private var literals: [[UInt8]] = []
  /// From the FNV-1a hash of a literal to its index in `literals`; made with the first one.
  private var ids: IntegerTable? = nil

  private var nameLists: [[String]] = []
  /// The full hash of each list of `nameLists` (the table below keeps 32 bits of it).
  private var nameListHashes: [UInt64] = []
  /// From the FNV-1a hash of a capture-name list to its index in `nameLists`.
  private var nameListIDs: IntegerTable? = nil

  init(sharing: Bool) {
    self.sharing = sharing
  }

  /// An array equal to `bytes`: the pool's own when it has one.
  mutating func array(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> [UInt8] {
    guard sharing else { return Array(bytes) }
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    if ids == nil { ids = IntegerTable() }
    if let id = ids?.find(hash, where: { self.literals[Int($0)].elementsEqual(bytes) }) {
      return literals[Int(id)]
    }
    let literal = Array(bytes)
    ids?.insert(hash, Int32(literals.count))
    literals.append(literal)
    return literal
  }

  /// A list equal to `names`: the pool's own when it has one (most routes of a table share
  /// their capture names with others, and a list is kept by every route and matcher).
  mutating func names(_ names: [String]) -> [String] {
    guard sharing, !names.isEmpty else { return names }
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for name in names {
      for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
      hash = (hash ^ 0xFF) &* 0x100_0000_01B3
    }
    if nameListIDs == nil { nameListIDs = IntegerTable() }
    // Capture names are ASCII (`isNameByte`), so equal strings are equal bytes.
    let found = nameListIDs?.find(hash) {
      self.nameListHashes[Int($0)] == hash && self.nameLists[Int($0)] == names
    }
    if let id = found {
      return nameLists[Int(id)]
    }
    nameListIDs?.insert(hash, Int32(nameLists.count))
    nameLists.append(names)
    nameListHashes.append(hash)
    return names
  }
}
