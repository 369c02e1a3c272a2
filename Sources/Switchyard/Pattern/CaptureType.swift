/// The type of one capture in a pattern: everything about a built-in capture type — its code,
/// its names, its rank, what it accepts, what value it gives, and the properties the
/// analysis, the builder, the `@Routes` checks and the app-link files read (its ``Row``) — is
/// written in this file, and only here (<doc:PatternSyntax>, <doc:Precedence>). The other
/// files read a type through these properties and never switch over its cases.
///
/// To add a built-in type, add a case and list it in ``builtins`` (in code order); the
/// compiler then names every switch to extend, all in this file: its `code` (and
/// `init(code:)`, with `builtinCount`), its `rank`, its rule in `accepts(_:registered:)` and
/// `value(_:_:)`, and its ``Row`` in `row`. `CaptureTypeTableTests` checks that the list, the
/// codes and the rows agree, and that the matcher, the builder and the analysis accept what
/// `accepts` accepts for every type of the list. The test judge (`ReferenceMatcher`, whose
/// switches the compiler flags as well) and the docs have their own copies on purpose.
package enum CaptureType: Hashable, Sendable {
  case string
  case int
  case float
  case uuid
  case path
  /// A registered type, by registration index.
  case custom(Int)

  /// Every built-in type, in code order.
  package static let builtins: [CaptureType] = [.string, .int, .float, .uuid, .path]

  // MARK: Code

  /// How many codes the built-in types take (`builtins.count`): registered types are
  /// numbered after them.
  static let builtinCount = 5

  /// The most types a table can register: codes are stored in one byte (in the compiled
  /// trie's nodes and in each capture record), and the built-ins take the first ones.
  static let maximumRegistered = Int(UInt8.max) - builtinCount

  /// The code stored in the compiled matcher's nodes and capture records (0 ... `UInt8.max`).
  var code: Int32 {
    switch self {
    case .string: return 0
    case .int: return 1
    case .float: return 2
    case .uuid: return 3
    case .path: return 4
    case .custom(let index): return Int32(Self.builtinCount + index)
    }
  }

  /// The type whose ``code`` is `code`.
  init(code: Int32) {
    switch code {
    case 0: self = .string
    case 1: self = .int
    case 2: self = .float
    case 3: self = .uuid
    case 4: self = .path
    default: self = .custom(Int(code) - Self.builtinCount)
    }
  }

  // MARK: Name

  /// The names a pattern may write before `:` for the built-in types.
  package static let builtinNames = builtins.flatMap { $0.row?.names ?? [] }

  /// The built-in type a pattern names `name` (`double` is `float`).
  static func builtin(named name: String) -> CaptureType? {
    builtins.first { $0.row?.names.contains(name) == true }
  }

  /// The type's name as a pattern writes it (`registered` names the registered types).
  package func name(in registered: [ParameterType]) -> String {
    if let row { return row.names[0] }
    guard case .custom(let index) = self, index < registered.count else { return "?" }
    return registered[index].name
  }

  // MARK: Rank

  /// Rank among single-segment captures: lower ranks are tried first (<doc:Precedence>):
  /// `int`, `float`, `uuid`, registered types in registration order, then `string`; `path`
  /// (several segments) last.
  var rank: Int {
    switch self {
    case .int: return 0
    case .float: return 1
    case .uuid: return 2
    case .custom(let index): return 3 + index
    case .string: return Int.max - 1
    case .path: return Int.max
    }
  }

  // MARK: What it accepts, what it gives

  /// Whether the type accepts the decoded `bytes` (`registered` holds the registered types).
  @inline(__always)
  func accepts(_ bytes: UnsafeBufferPointer<UInt8>, registered: [ParameterType]) -> Bool {
    switch self {
    case .string, .path: return true
    case .int: return parseInt(bytes) != nil
    case .float: return parseFloat(bytes) != nil
    case .uuid: return isUUID(bytes)
    case .custom(let index):
      guard index < registered.count else { return false }
      return registered[index].accepts(Substring(String(decoding: bytes, as: UTF8.self)))
    }
  }

  /// The value of a capture of this type whose decoded text is `text` (`bytes` are its
  /// UTF-8): numbers for `int` and `float`, text for every other type. The value keeps
  /// `text` as the URL carried it; the digits are read once, from the bytes.
  func value(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> ParameterValue {
    switch self {
    case .int:
      if let number = parseInt(bytes) { return ParameterValue(int: number, text: text) }
    case .float:
      if let number = parseFloat(bytes) { return ParameterValue(double: number, text: text) }
    case .string, .uuid, .path, .custom:
      break
    }
    return ParameterValue(string: text)
  }
}

// MARK: - The table

extension CaptureType {
  /// What the rest of Switchyard knows about one built-in type besides its code, rank and
  /// rule: one row per type, written in `row` below.
  package struct Row: Sendable {
    /// The names a pattern may write before `:`; the first is the one messages write.
    package let names: [String]
    /// Sample values the type accepts, the analysis's first choice for witnesses (readable
    /// and stable); the first is the one value tried before a full alphabet, and the one the
    /// app-link probes fill a capture with.
    package let samples: [String]
    /// Whether every non-empty text is a value (no conversion can refuse one).
    package let acceptsEveryText: Bool
    /// The bytes a value is made of, as far as the analysis can tell cheaply.
    let valueBytes: ValueBytes
    /// The other built-in types with values in common (beyond the types that accept every
    /// text); symmetric, checked by `CaptureTypeTableTests`.
    let sharesValuesWith: [CaptureType]
    /// What Swift type a value fits, for the checks `@Routes` makes on a case's values.
    package let swiftValue: SwiftValue
    /// A pattern of the Apple app-site-association file (`?` one character) that holds every
    /// value, when one is narrower than any text.
    package let appleFilePattern: String?
  }

  /// The bytes of a type's values, for the analysis's cheap test that a capture and literal
  /// affixes may share a segment.
  enum ValueBytes: Sendable {
    /// Any byte.
    case any
    /// Hexadecimal digits, `-`, `+` and `.` only (numbers and UUIDs).
    case numberOrUUID
  }

  /// What Swift type a capture's value fits (`@Routes` reports a case whose value cannot
  /// hold it).
  package enum SwiftValue: Sendable {
    /// An integer (or a number, or text).
    case integer
    /// A floating-point number (or text).
    case number
    /// A `UUID` (or text).
    case uuid
    /// Text of several segments (`String`).
    case path
    /// Any type that reads text: the conversion decides at run time.
    case text
  }

  /// The type's row of the table; `nil` for a registered type.
  package var row: Row? {
    switch self {
    case .string: return Self.stringRow
    case .int: return Self.intRow
    case .float: return Self.floatRow
    case .uuid: return Self.uuidRow
    case .path: return Self.pathRow
    case .custom: return nil
    }
  }

  private static let words = ["x", "abc", "lint", "q-1", "zz_9", "w~w"]
  private static let ints = ["7", "42", "1234", "-3", "0"]
  private static let floats = ["2.5", "0.75", "-1.5", "1e3"]
  private static let uuids = [
    "123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000001",
  ]
  /// Samples of every built-in type: those of a type that accepts any text.
  private static let anyText = words + ints + floats + uuids

  private static let stringRow = Row(
    names: ["string"], samples: anyText, acceptsEveryText: true, valueBytes: .any,
    sharesValuesWith: [], swiftValue: .text, appleFilePattern: nil)
  private static let intRow = Row(
    names: ["int"], samples: ints, acceptsEveryText: false, valueBytes: .numberOrUUID,
    sharesValuesWith: [.float], swiftValue: .integer, appleFilePattern: nil)
  private static let floatRow = Row(
    names: ["float", "double"], samples: floats + ints, acceptsEveryText: false,
    valueBytes: .numberOrUUID, sharesValuesWith: [.int], swiftValue: .number,
    appleFilePattern: nil)
  private static let uuidRow = Row(
    names: ["uuid"], samples: uuids, acceptsEveryText: false, valueBytes: .numberOrUUID,
    sharesValuesWith: [], swiftValue: .uuid,
    appleFilePattern: "????????-????-????-????-????????????")
  private static let pathRow = Row(
    names: ["path"], samples: anyText, acceptsEveryText: true, valueBytes: .any,
    sharesValuesWith: [], swiftValue: .path, appleFilePattern: nil)

  /// The samples the analysis tries for a capture of this type (a registered type's are
  /// those of `string`: its rule decides).
  var samples: [String] { (row ?? Self.stringRow).samples }

  /// The bytes of this type's values (a registered type's may be any).
  var valueBytes: ValueBytes { row?.valueBytes ?? .any }

  /// A cheap test that two types may share a value: never `false` when they do.
  func mayShareValues(with other: CaptureType) -> Bool {
    if self == other { return true }
    guard let mine = row, let theirs = other.row else { return true }
    if mine.acceptsEveryText || theirs.acceptsEveryText { return true }
    return mine.sharesValuesWith.contains(other) || theirs.sharesValuesWith.contains(self)
  }
}

// MARK: - Converters over decoded bytes

/// `-?[0-9]+` that fits a signed 64-bit integer.
func parseInt(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
  var index = 0
  var negative = false
  if bytes.count > 0 && bytes[0] == UInt8(ascii: "-") {
    negative = true
    index = 1
  }
  guard index < bytes.count else { return nil }
  var value = 0
  while index < bytes.count {
    let digit = bytes[index] &- UInt8(ascii: "0")
    guard digit < 10 else { return nil }
    let (times, o1) = value.multipliedReportingOverflow(by: 10)
    let (next, o2) =
      negative
      ? times.subtractingReportingOverflow(Int(digit)) : times.addingReportingOverflow(Int(digit))
    guard !o1 && !o2 else { return nil }
    value = next
    index += 1
  }
  return value
}

/// The one number grammar of Switchyard, for `<float:…>` captures and for reading a
/// `Double` from a match: `[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?`, finite (no
/// hex, `inf` or `nan`).
func parseFloat(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
  var index = 0
  let count = bytes.count
  func digits() -> Int {
    let start = index
    while index < count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
    return index - start
  }
  func sign() {
    if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
      index += 1
    }
  }
  sign()
  let intDigits = digits()
  var fracDigits = 0
  if index < count, bytes[index] == UInt8(ascii: ".") {
    index += 1
    fracDigits = digits()
  }
  guard intDigits > 0 || fracDigits > 0 else { return nil }
  if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
    index += 1
    sign()
    guard digits() > 0 else { return nil }
  }
  guard index == count else { return nil }
  // The grammar above is a subset of what Double(_:) reads, so this cannot read hex or inf.
  guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else {
    return nil
  }
  return value
}

/// A canonical UUID, any case: 8-4-4-4-12 hexadecimal digits.
func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  guard bytes.count == 36 else { return false }
  for index in 0..<36 {
    let byte = bytes[index]
    if index == 8 || index == 13 || index == 18 || index == 23 {
      guard byte == UInt8(ascii: "-") else { return false }
    } else {
      guard hexValue(byte) != nil else { return false }
    }
  }
  return true
}
