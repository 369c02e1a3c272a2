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
  // 16 bytes in all: a match keeps a few inline (see `CaptureList`).
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
    let empty = CaptureSlot.segments(0..<0, type: CaptureType.string.code)
    inline = (empty, empty, empty, empty)
  }

  init(_ slots: some Collection<CaptureSlot>) {
    self.init()
    append(contentsOf: slots)
  }

  /// Whether the list holds spilled storage worth reusing (see `removeAll`).
  var hasSpilledStorage: Bool { spilled.capacity > 0 }

  /// Empties the list, keeping any spilled storage for reuse.
  mutating func removeAll() {
    count = 0
    spilled.removeAll(keepingCapacity: true)
  }

  /// Appends `slots`: while they fit inline, copied in one step (the search hands its
  /// captures over this way on every match).
  mutating func append(contentsOf slots: UnsafeBufferPointer<CaptureSlot>) {
    let total = count + slots.count
    guard total <= Self.inlineCapacity, let source = slots.baseAddress else {
      appendElements(slots)
      return
    }
    let start = count
    withUnsafeMutablePointer(to: &inline) { tuple in
      tuple.withMemoryRebound(to: CaptureSlot.self, capacity: Self.inlineCapacity) {
        ($0 + start).update(from: source, count: slots.count)
      }
    }
    count = total
  }

  mutating func append(contentsOf slots: some Collection<CaptureSlot>) {
    appendElements(slots)
  }

  private mutating func appendElements(_ slots: some Collection<CaptureSlot>) {
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
