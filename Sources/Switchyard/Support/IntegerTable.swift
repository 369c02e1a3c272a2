/// An open-addressing table from 64-bit hashes to ids, for the builder's hot lookups (a
/// `Dictionary` with SipHash cost more than the rest of building). Lookups pass a predicate
/// that confirms an id really is the key, so hashes may collide.
///
/// A slot is 8 bytes: a 32-bit tag folded from the hash (it also places the slot, so growing
/// needs no hash again) and the id. A table of 100,000 routes keeps one of these for its names,
/// so the slot size is memory kept per route.
struct IntegerTable {
  private struct Slot {
    var tag: UInt32
    /// -1 for an empty slot.
    var id: Int32
  }

  private var slots: [Slot]
  private var count = 0

  /// An empty table with room for `capacity` ids before it grows.
  init(capacity: Int = 32) {
    var size = 64
    while size < 2 * capacity { size <<= 1 }
    slots = Array(repeating: Slot(tag: 0, id: -1), count: size)
  }

  @inline(__always)
  private static func tag(_ hash: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
  }

  @inline(__always)
  private static func start(_ tag: UInt32, _ mask: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(tag) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }

  func find(_ hash: UInt64, where isKey: (Int32) -> Bool) -> Int32? {
    let tag = Self.tag(hash)
    let mask = slots.count - 1
    var slot = Self.start(tag, mask)
    while true {
      let entry = slots[slot]
      if entry.id < 0 { return nil }
      if entry.tag == tag && isKey(entry.id) { return entry.id }
      slot = (slot + 1) & mask
    }
  }

  mutating func insert(_ hash: UInt64, _ id: Int32) {
    if 2 * (count + 1) > slots.count {
      let old = slots
      slots = Array(repeating: Slot(tag: 0, id: -1), count: old.count * 2)
      for entry in old where entry.id >= 0 { place(entry.tag, entry.id) }
    }
    place(Self.tag(hash), id)
    count += 1
  }

  private mutating func place(_ tag: UInt32, _ id: Int32) {
    let mask = slots.count - 1
    var slot = Self.start(tag, mask)
    while slots[slot].id >= 0 { slot = (slot + 1) & mask }
    slots[slot] = Slot(tag: tag, id: id)
  }
}
