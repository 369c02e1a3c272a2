/// A capture type that an app registers for its own patterns: `<slug:name>`.
///
/// A registered type accepts or refuses one path segment (already percent-decoded). A
/// segment it refuses is simply not a match, and the search goes on with the next candidate.
/// Registered types rank after `int`, `float` and `uuid` and before plain string captures, in
/// the order they were registered (<doc:Precedence>).
///
/// ```swift
/// var table = RouteTable()
/// try table.register(ParameterType("slug") { $0.allSatisfy { $0.isLetter || $0 == "-" } })
/// try table.add("article", "/articles/<slug:slug>")
/// ```
public struct ParameterType: Sendable {
  /// The name used in patterns: `<name:capture>`.
  public var name: String
  let accepts: @Sendable (Substring) -> Bool

  /// Creates a type named `name` that accepts the segments `accepts` returns `true` for.
  public init(_ name: String, accepts: @escaping @Sendable (Substring) -> Bool) {
    self.name = name
    self.accepts = accepts
  }
}

/// The type of one capture in a pattern.
enum CaptureType: Hashable, Sendable {
  case string
  case int
  case float
  case uuid
  case path
  /// A registered type, by registration index.
  case custom(Int)

  /// Rank among single-segment captures: lower ranks are tried first.
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

  static let builtinNames = ["string", "int", "float", "double", "uuid", "path"]

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
}

// MARK: - Converters over decoded bytes

/// `-?[0-9]+` that fits a signed 64-bit integer.
func parseInt(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
  var index = 0
  var negative = false
  if bytes.count > 0 && bytes[0] == 0x2D {
    negative = true
    index = 1
  }
  guard index < bytes.count else { return nil }
  var value = 0
  while index < bytes.count {
    let digit = bytes[index] &- 0x30
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

/// `[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?` and finite.
func parseFloat(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
  var index = 0
  let count = bytes.count
  func digits() -> Int {
    let start = index
    while index < count, bytes[index] &- 0x30 < 10 { index += 1 }
    return index - start
  }
  if index < count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
  let intDigits = digits()
  var fracDigits = 0
  if index < count, bytes[index] == 0x2E {
    index += 1
    fracDigits = digits()
  }
  guard intDigits > 0 || fracDigits > 0 else { return nil }
  if index < count, bytes[index] == 0x65 || bytes[index] == 0x45 {
    index += 1
    if index < count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
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
      guard byte == 0x2D else { return false }
    } else {
      guard hexValue(byte) != nil else { return false }
    }
  }
  return true
}
