/// The type of one capture in a pattern: everything about a built-in capture type — its code,
/// its name, its rank, what it accepts and what value it gives — is written here, and only
/// here (<doc:PatternSyntax>, <doc:Precedence>); the analysis, the builder and the app-link
/// files read patterns through it (`package`).
///
/// To add a built-in type: a case, its `code`, its name in `builtin(named:)` and `name(in:)`,
/// its `rank`, and its rule in `accepts(_:registered:)` and `value(_:_:)`. The test judge
/// (`ReferenceMatcher`) and the docs have their own copies on purpose.
package enum CaptureType: Hashable, Sendable {
  case string
  case int
  case float
  case uuid
  case path
  /// A registered type, by registration index.
  case custom(Int)

  // MARK: Code

  /// How many codes the built-in types take: registered types are numbered after them.
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
  package static let builtinNames = ["string", "int", "float", "double", "uuid", "path"]

  /// The built-in type a pattern names `name` (`double` is `float`).
  static func builtin(named name: String) -> CaptureType? {
    switch name {
    case "string": return .string
    case "int": return .int
    case "float", "double": return .float
    case "uuid": return .uuid
    case "path": return .path
    default: return nil
    }
  }

  /// The type's name as a pattern writes it (`registered` names the registered types).
  package func name(in registered: [ParameterType]) -> String {
    switch self {
    case .string: return "string"
    case .int: return "int"
    case .float: return "float"
    case .uuid: return "uuid"
    case .path: return "path"
    case .custom(let index): return index < registered.count ? registered[index].name : "?"
    }
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
