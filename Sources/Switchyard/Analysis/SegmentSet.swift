/// The set of decoded path segments (or query / fragment values) that one pattern element
/// accepts, as the analysis reads it: membership, and sample members to build witnesses from.
enum SegmentSet: Hashable, Sendable {
  /// Exactly these bytes (ASCII case folded when paths are case-insensitive).
  case literal([UInt8])
  /// A whole value converted to a capture type (`string` accepts everything).
  case typed(CaptureType)
  /// `prefix`, a non-empty value of `type`, `suffix`.
  case mixed(prefix: [UInt8], type: CaptureType, suffix: [UInt8])
}

/// What one analysis needs to decide membership: the table's options and registered types.
struct SegmentRules: Sendable {
  var caseInsensitive: Bool
  var types: [ParameterType]

  func sameLiteral(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
    guard caseInsensitive else { return a.elementsEqual(b) }
    return a.count == b.count && zip(a, b).allSatisfy { asciiLower($0) == asciiLower($1) }
  }

  /// Whether the (decoded) `value` converts to `type`: the matcher's own rule.
  func converts(_ value: [UInt8], _ type: CaptureType) -> Bool {
    value.withUnsafeBufferPointer { type.accepts($0, registered: types) }
  }

  /// Whether `set` accepts the path segment `segment` (never empty).
  func contains(_ set: SegmentSet, _ segment: [UInt8]) -> Bool {
    switch set {
    case .literal(let bytes): return sameLiteral(bytes, segment)
    case .typed(let type): return !segment.isEmpty && converts(segment, type)
    case .mixed(let prefix, let type, let suffix):
      #if DEBUG
        ReadingCounters.count(\.partialSegmentTests)
      #endif
      guard segment.count > prefix.count + suffix.count,
        sameLiteral(segment.prefix(prefix.count), prefix),
        sameLiteral(segment.suffix(suffix.count), suffix)
      else { return false }
      return converts(Array(segment.dropFirst(prefix.count).dropLast(suffix.count)), type)
    }
  }

  /// A cheap test that two sets may share a member (never `false` when they do).
  func mayIntersect(_ a: SegmentSet, _ b: SegmentSet) -> Bool {
    switch (a, b) {
    case (.literal(let x), _): return contains(b, x)
    case (_, .literal(let y)): return contains(a, y)
    case (.typed(let x), .typed(let y)): return x.mayShareValues(with: y)
    case (.mixed(let p, _, let s), .mixed(let q, _, let t)):
      let prefixes = p.count <= q.count ? (p, q) : (q, p)
      let suffixes = s.count <= t.count ? (s, t) : (t, s)
      return sameLiteral(prefixes.1.prefix(prefixes.0.count), prefixes.0)
        && sameLiteral(suffixes.1.suffix(suffixes.0.count), suffixes.0)
    case (.mixed(let p, _, let s), .typed(let type)), (.typed(let type), .mixed(let p, _, let s)):
      // A typed capture takes the whole segment; the affixes must fit its grammar.
      switch type.valueBytes {
      case .numberOrUUID:
        let sample = p + [UInt8(ascii: "1")] + s
        return sample.allSatisfy { Self.isNumberOrUUIDByte($0) }
      case .any: return true
      }
    }
  }

  static func isNumberOrUUIDByte(_ byte: UInt8) -> Bool {
    hexValue(byte) != nil || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: ".")
  }

}

// MARK: - Samples

/// Fixed sample values of the built-in types (`CaptureType.Row.samples`); witnesses are built
/// from these and from the table's own literals, so they are readable and stable.
enum SegmentSamples {
  /// The samples of `string` as bytes, made once. They hold every other type's samples,
  /// which `SegmentRules.alphabet` relies on.
  static let stringBytes = samples(.string).map { Array($0.utf8) }

  /// Words no pattern is likely to name (`x0q`, `x1q`, …), made once.
  static let freshWords = (0..<64).map { Array("x\($0)q".utf8) }

  static func samples(_ type: CaptureType) -> [String] { type.samples }
}

extension SegmentRules {
  /// Candidate segments that, between them, fall into every class of segments the `sets`
  /// tell apart: each literal, typed and affixed samples, and values that no set names.
  func alphabet(for sets: [SegmentSet], allowEmpty: Bool = false) -> [[UInt8]] {
    // One representative per membership vector; up to 64 sets, a vector is one word's bits
    // (lint asks for an alphabet for every overlapping pair of routes).
    var result: [[UInt8]] = []
    if sets.count <= 64 {
      var seen = Set<UInt64>()
      forEachCandidate(for: sets, allowEmpty: allowEmpty) { candidate in
        var vector: UInt64 = 0
        if !candidate.isEmpty {
          for (offset, set) in sets.enumerated() where contains(set, candidate) {
            vector |= 1 << UInt64(offset)
          }
        }
        if seen.insert(vector).inserted { result.append(candidate) }
        return false
      }
      return result
    }
    var seen = Set<[Bool]>()
    forEachCandidate(for: sets, allowEmpty: allowEmpty) { candidate in
      let vector = sets.map { candidate.isEmpty ? false : contains($0, candidate) }
      if seen.insert(vector).inserted { result.append(candidate) }
      return false
    }
    return result
  }

  /// The first member of ``alphabet(for:allowEmpty:)`` (without the empty value) for which
  /// `fits` holds, when `fits` depends only on membership in `sets`: the alphabet keeps the
  /// first candidate of each class, so it is the first candidate that fits, found without
  /// building the alphabet.
  func firstLetter(for sets: [SegmentSet], where fits: ([UInt8]) -> Bool) -> [UInt8]? {
    var found: [UInt8]? = nil
    forEachCandidate(for: sets, allowEmpty: false) { candidate in
      guard fits(candidate) else { return false }
      found = candidate
      return true
    }
    return found
  }

  /// Hands the alphabet's candidates to `body` in their order until it returns `true`.
  private func forEachCandidate(
    for sets: [SegmentSet], allowEmpty: Bool, _ body: ([UInt8]) -> Bool
  ) {
    var literals: [[UInt8]] = []
    var affixes: [(prefix: [UInt8], suffix: [UInt8], type: CaptureType)] = []
    for set in sets {
      switch set {
      case .literal(let bytes): literals.append(bytes)
      case .typed: break
      case .mixed(let prefix, let type, let suffix): affixes.append((prefix, suffix, type))
      }
    }
    // Samples come first so that captures are shown with sample values, not with the
    // literals of other routes; each class keeps its first member. The string samples hold
    // every other type's (see `SegmentSamples.samples`), so they are the only ones needed.
    // The empty value is a candidate only when allowed.
    func offer(_ candidate: [UInt8]) -> Bool {
      (!candidate.isEmpty || allowEmpty) && body(candidate)
    }
    for sample in SegmentSamples.stringBytes where offer(sample) { return }
    if !affixes.isEmpty {
      let fillers = ["x", "7", "2.5"].map { Array($0.utf8) } + literals
      for affix in affixes.prefix(24) {
        for filler in fillers.prefix(8) where offer(affix.prefix + filler + affix.suffix) {
          return
        }
        for other in affixes.prefix(24) {
          if offer(affix.prefix + Array("x".utf8) + other.suffix) { return }
          if offer(affix.prefix + Array("7".utf8) + other.suffix) { return }
        }
      }
    }
    // Fresh words: not a literal, not affixed by any set.
    var fresh = 0
    for word in SegmentSamples.freshWords where fresh < 2 {
      if sets.allSatisfy({ set in
        if case .typed = set { return true }
        return !contains(set, word)
      }) {
        if offer(word) { return }
        fresh += 1
      }
    }
    for literal in literals where offer(literal) { return }
    _ = offer([])
  }
}
