/// A parsed route pattern: the text a route was registered with, read by the rules of
/// <doc:PatternSyntax> under a table's options.
///
/// Every part is optional and written like a URL:
///
/// ```swift
/// let user = try RoutePattern("myapp://user/<int:id>")
/// let post = try RoutePattern("https://*.example.com/post/:id?ref=<source>#<section>")
/// let docs = try RoutePattern("/docs/(latest/)*rest")
/// user.captureNames  // ["id"]
/// ```
///
/// Optional groups `( … )` are expanded into the pattern's *variants* when it is read; a
/// pattern may have at most 256 of them.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
  /// The pattern as written.
  public private(set) var text: String
  /// Every capture name, in the order they appear in the text.
  public let captureNames: [String]

  /// Empty in the compacted copies a ``RouteMatcher`` keeps (see `compacted()`).
  private(set) var variants: [PatternVariant]
  /// The query and fragment requirements, `nil` when there are none (most patterns): kept
  /// apart so that a route, of which a table keeps one per pattern, stays small.
  private let requirements: Requirements?
  /// A fingerprint of the variants, set by `compacted()` so that a compacted copy still
  /// compares equal to its original; 0 when the variants are kept (a fingerprint is never 0:
  /// its low bit is set), so that it takes 8 bytes rather than an optional's 9 and padding.
  private var compactedFingerprint: UInt64 = 0

  /// What a pattern asks of the query and the fragment.
  private final class Requirements: Sendable {
    let query: [QueryRequirement]
    let fragment: FragmentRequirement

    init(query: [QueryRequirement], fragment: FragmentRequirement) {
      self.query = query
      self.fragment = fragment
    }
  }

  /// `?name=value` requirements, in the order written.
  var query: [QueryRequirement] { requirements?.query ?? [] }
  /// The fragment requirement (`.none` when the pattern ignores the fragment).
  var fragment: FragmentRequirement { requirements?.fragment ?? .none }

  /// The most alternatives the optional groups of one pattern may expand to.
  package static let maximumVariants = 256

  /// Reads a pattern.
  ///
  /// - Parameters:
  ///   - text: The pattern, e.g. `"myapp://user/<int:id>"`.
  ///   - options: The options of the table the pattern is for (host-as-path schemes and the
  ///     default scheme decide how the authority is read).
  ///   - types: Capture types registered in addition to the built-in ones.
  /// - Throws: ``PatternSyntaxError`` naming the column and what was expected.
  public init(
    _ text: String, options: RouteOptions = RouteOptions(), types: [ParameterType] = []
  ) throws(PatternSyntaxError) {
    var pool = LiteralPool(sharing: false)
    try self.init(text, options: options, types: types, pool: &pool)
  }

  /// Reads a pattern whose literal segments come from `pool` (a table's, so that equal
  /// segments of its patterns share one array).
  init(
    _ text: String, options: RouteOptions, types: [ParameterType], pool: inout LiteralPool
  ) throws(PatternSyntaxError) {
    let parsed: PatternParser.Parsed
    if let fast = PatternParser.fastParse(text, options: options, types: types, pool: &pool) {
      parsed = fast
      assert(
        { () -> Bool in
          var parser = PatternParser(text: text, options: options, types: types)
          return (try? parser.parse()) == fast
        }(), "the fast path read \(text) unlike the general parser")
    } else {
      var parser = PatternParser(text: text, options: options, types: types)
      parsed = try parser.parse()
    }
    self.text = text
    self.variants = parsed.variants
    self.requirements =
      parsed.query.isEmpty && parsed.fragment == .none
      ? nil : Requirements(query: parsed.query, fragment: parsed.fragment)
    self.captureNames = pool.names(parsed.captureNames)
  }

  public var description: String { text }

  /// Two patterns are equal when they are written the same and read the same way (the same
  /// text under options that give the same variants, query and fragment).
  public static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool {
    guard lhs.text == rhs.text && lhs.query == rhs.query && lhs.fragment == rhs.fragment else {
      return false
    }
    if lhs.compactedFingerprint == 0 && rhs.compactedFingerprint == 0 {
      return lhs.variants == rhs.variants
    }
    return lhs.fingerprint == rhs.fingerprint
  }

  /// FNV-1a over what the variants hold (kinds, bytes, names), stable within a process.
  private var fingerprint: UInt64 {
    if compactedFingerprint != 0 { return compactedFingerprint }
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    func mix(_ value: UInt64) { hash = (hash ^ value) &* 0x100_0000_01B3 }
    func mix(_ bytes: [UInt8]) {
      mix(UInt64(bytes.count))
      for byte in bytes { mix(UInt64(byte)) }
    }
    func mix(_ text: String?) {
      // As the bytes of `text` (a NUL for none), read in place.
      let utf8 = (text ?? "\u{0}").utf8
      mix(UInt64(utf8.count))
      for byte in utf8 { mix(UInt64(byte)) }
    }
    for variant in variants {
      mix(variant.scheme ?? [0xFF])
      switch variant.host {
      case .omitted: mix(1)
      case .any: mix(2)
      case .wildcard(let suffix): mix(3); mix(suffix)
      case .literal(let host): mix(4); mix(host)
      }
      mix(UInt64(bitPattern: Int64(variant.port ?? -1)))
      for element in variant.path {
        switch element {
        case .literal(let bytes): mix(5); mix(bytes)
        case .capture(let type, let name):
          mix(6); mix(UInt64(bitPattern: Int64(type.code))); mix(name)
        case .mixed(_, _, let name, _, let text): mix(7); mix(text); mix(name)
        case .star(let name): mix(8); mix(name)
        }
      }
    }
    return hash | 1
  }

  /// This pattern without its expanded variants: what a compiled matcher needs to keep once
  /// its trie is built (the variants hold most of a pattern's memory).
  func compacted() -> RoutePattern {
    var copy = self
    copy.compactedFingerprint = fingerprint
    copy.variants = []
    return copy
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(text)
  }

  /// This pattern with other variants, shown as `text` (a path-only pattern read under a
  /// table's accepted origins: `LinkOrigin.swift`).
  func replacingVariants(_ variants: [PatternVariant], text: String) -> RoutePattern {
    var copy = self
    copy.variants = variants
    copy.text = text
    return copy
  }
}

// MARK: - The normalised form

/// One element of a normalised path.
enum PathElement: Hashable, Sendable {
  /// A whole segment that must equal these (decoded) bytes.
  case literal([UInt8])
  /// A whole-segment capture (`path` spans one or more segments).
  case capture(CaptureType, name: String)
  /// A capture with literal text around it inside one segment. `text` is its canonical
  /// pattern text (`prefix<type:name>suffix`), used for ranking. Boxed (`indirect`), so that
  /// the common elements, and every path, stay small.
  indirect case mixed(
    prefix: [UInt8], type: CaptureType, name: String, suffix: [UInt8], text: [UInt8])
  /// Zero or more segments.
  case star(name: String?)

  var captureName: String? {
    switch self {
    case .literal: return nil
    case .capture(_, let name), .mixed(_, _, let name, _, _): return name
    case .star(let name): return name
    }
  }
}

/// What a pattern asks of the URL's host.
enum HostRequirement: Hashable, Sendable {
  /// No host written (or an empty one): any host, and URLs with none.
  case omitted
  /// `*`: any host, but there must be one.
  case any
  /// `*.suffix`: one or more labels before `.suffix` (stored lowercased, with the leading dot).
  case wildcard([UInt8])
  /// A literal host, lowercased.
  case literal([UInt8])
}

/// One way a pattern can be read once its optional groups are taken or skipped.
struct PatternVariant: Hashable, Sendable {
  /// Lowercased; `nil` for any scheme.
  var scheme: [UInt8]?
  var host: HostRequirement
  var port: Int?
  var path: [PathElement]
}

enum RequirementValue: Hashable, Sendable {
  case literal([UInt8])
  case capture(CaptureType, name: String)
}

/// `?name=value` in a pattern.
struct QueryRequirement: Hashable, Sendable {
  var name: [UInt8]
  var value: RequirementValue
}

enum FragmentRequirement: Hashable, Sendable {
  case none
  case literal([UInt8])
  case capture(CaptureType, name: String)
}
