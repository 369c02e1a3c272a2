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
