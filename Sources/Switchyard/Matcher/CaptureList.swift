/// One captured value, recorded while searching without decoding anything: where its text
/// is in the URL, and its capture type. Read it through the accessor of its `kind`.
struct CaptureSlot: Sendable, Hashable {
  enum Kind: UInt8, Sendable {
    /// Path segments `segments` (indices into the URL's segments), joined by `/`.
    case segments
    /// The middle of segment `segment`, without `prefixCount` leading and `suffixCount`
    /// trailing decoded bytes.
    case mixed
    /// Raw URL bytes `bytes` of a query value, decoded with the plus rule.
    case queryValue
    /// Raw URL bytes `bytes` of the fragment.
    case fragment
  }
  var kind: Kind
  // 16 bytes in all; a match keeps a few inline, in 8 bytes each (see `compact`).
  private var typeCode: UInt8
  private var first: Int32
  private var second: Int32
  private var third: Int32

  /// `type` is a type code (see `CaptureType.code`); offsets fit in 32 bits because the search
  /// refuses URLs of 2 GiB or more.
  private init(kind: Kind, type: Int32, _ first: Int, _ second: Int, _ third: Int) {
    self.kind = kind
    typeCode = UInt8(truncatingIfNeeded: type)
    self.first = Int32(truncatingIfNeeded: first)
    self.second = Int32(truncatingIfNeeded: second)
    self.third = Int32(truncatingIfNeeded: third)
  }

  /// A capture of the path segments `range` (one for a capture, any number for a catch-all).
  static func segments(_ range: Range<Int>, type: Int32) -> CaptureSlot {
    CaptureSlot(kind: .segments, type: type, range.lowerBound, range.upperBound, 0)
  }

  /// A capture inside segment `segment`, between `prefixCount` and `suffixCount` literal bytes.
  static func mixed(segment: Int, prefixCount: Int, suffixCount: Int, type: Int32) -> CaptureSlot {
    CaptureSlot(kind: .mixed, type: type, segment, prefixCount, suffixCount)
  }

  /// A query value at the raw URL bytes `bytes`.
  static func queryValue(_ bytes: Range<Int>, type: Int32) -> CaptureSlot {
    CaptureSlot(kind: .queryValue, type: type, bytes.lowerBound, bytes.upperBound, 0)
  }

  /// The fragment at the raw URL bytes `bytes`.
  static func fragment(_ bytes: Range<Int>, type: Int32) -> CaptureSlot {
    CaptureSlot(kind: .fragment, type: type, bytes.lowerBound, bytes.upperBound, 0)
  }

  /// The capture's type code.
  var type: Int32 { Int32(typeCode) }
  /// `.segments`: the captured segments.
  var segments: Range<Int> { Int(first)..<Int(second) }
  /// `.mixed`: the segment that holds the capture.
  var segment: Int { Int(first) }
  /// `.mixed`: how many decoded bytes of literal text come before the capture.
  var prefixCount: Int { Int(second) }
  /// `.mixed`: how many decoded bytes of literal text come after the capture.
  var suffixCount: Int { Int(third) }
  /// `.queryValue` and `.fragment`: the raw URL bytes of the value.
  var bytes: Range<Int> { Int(first)..<Int(second) }

  // MARK: The compact form

  /// The slot in 8 bytes (kind, type code, then the three fields in 16 bits each), or `nil`
  /// when a field does not fit in 16 bits (a URL of 64 KiB or more).
  var compact: UInt64? {
    let (a, b, c) = (
      UInt32(bitPattern: first), UInt32(bitPattern: second), UInt32(bitPattern: third)
    )
    guard (a | b | c) >> 16 == 0 else { return nil }
    return UInt64(kind.rawValue) | UInt64(typeCode) << 8 | UInt64(a) << 16 | UInt64(b) << 32
      | UInt64(c) << 48
  }

  /// The slot whose compact form is `compact`.
  init(compact: UInt64) {
    kind = Kind(rawValue: UInt8(truncatingIfNeeded: compact)) ?? .segments
    typeCode = UInt8(truncatingIfNeeded: compact >> 8)
    first = Int32(UInt16(truncatingIfNeeded: compact >> 16))
    second = Int32(UInt16(truncatingIfNeeded: compact >> 32))
    third = Int32(UInt16(truncatingIfNeeded: compact >> 48))
  }
}

/// The captures of a match: up to four inline, so that most matches allocate nothing; more
/// go to an array (allocated once, and reused by `RouteMatcher.match(_:into:)`).
///
/// Inline slots are kept in their compact form (8 bytes, see `CaptureSlot.compact`), so that
/// the list takes 48 bytes and a match stays within 128 (copied without a call to `memcpy`).
/// A slot without a compact form (a URL of 64 KiB or more) sends every slot to the array, in
/// full.
struct CaptureList: Sendable {
  static let inlineCapacity = 4
  private var inline: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
  /// Every slot, when there are more than `inlineCapacity` or one has no compact form; empty
  /// otherwise (its capacity may be kept for reuse).
  private var spilled: [CaptureSlot] = []
  private var storedCount: Int32 = 0
  /// Whether the slots are in `spilled`.
  private var isSpilled = false

  init() {}

  init(_ slots: some Collection<CaptureSlot>) {
    append(contentsOf: slots)
  }

  var count: Int { Int(storedCount) }

  /// Whether the list holds spilled storage worth reusing (see `removeAll`).
  var hasSpilledStorage: Bool { spilled.capacity > 0 }

  /// Empties the list, keeping any spilled storage for reuse.
  mutating func removeAll() {
    storedCount = 0
    isSpilled = false
    spilled.removeAll(keepingCapacity: true)
  }

  /// Appends `slots`: while they fit inline, each packed in a few instructions (the search
  /// hands its captures over this way on every match).
  mutating func append(contentsOf slots: UnsafeBufferPointer<CaptureSlot>) {
    let start = count
    guard !isSpilled, start + slots.count <= Self.inlineCapacity else {
      appendElements(slots)
      return
    }
    let packed = withUnsafeMutablePointer(to: &inline) { tuple in
      tuple.withMemoryRebound(to: UInt64.self, capacity: Self.inlineCapacity) { words in
        for index in slots.indices {
          guard let word = slots[index].compact else { return false }
          words[start + index] = word
        }
        return true
      }
    }
    // Words written past `count` before a slot that does not pack are overwritten below.
    guard packed else {
      appendElements(slots)
      return
    }
    storedCount = Int32(start + slots.count)
  }

  mutating func append(contentsOf slots: some Collection<CaptureSlot>) {
    appendElements(slots)
  }

  private mutating func appendElements(_ slots: some Collection<CaptureSlot>) {
    for slot in slots {
      if !isSpilled, count < Self.inlineCapacity, let word = slot.compact {
        switch count {
        case 0: inline.0 = word
        case 1: inline.1 = word
        case 2: inline.2 = word
        default: inline.3 = word
        }
      } else {
        spill()
        spilled.append(slot)
      }
      storedCount += 1
    }
  }

  /// Moves the inline slots to `spilled`, in full (from now on every slot goes there).
  private mutating func spill() {
    guard !isSpilled else { return }
    spilled.reserveCapacity(count + 1)
    for index in 0..<count { spilled.append(self[index]) }
    isSpilled = true
  }

  subscript(index: Int) -> CaptureSlot {
    if isSpilled { return spilled[index] }
    switch index {
    case 0: return CaptureSlot(compact: inline.0)
    case 1: return CaptureSlot(compact: inline.1)
    case 2: return CaptureSlot(compact: inline.2)
    default: return CaptureSlot(compact: inline.3)
    }
  }
}
