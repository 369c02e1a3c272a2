/// A value to put into a URL built from a route (<doc:BuildingURLs>): text, an integer, a
/// number, or a list of values for a repeated query name.
///
/// The `values:` of `url(for:values:)` take literals of every kind and the variables of every
/// ``BuildValueConvertible`` type alike, so a dictionary of values reads like the URL's parts:
///
/// ```swift
/// let url = try table.url(for: "user", values: ["id": 42, "tab": "posts", "tag": ["a", "b"]])
/// // "myapp://user/42?tab=posts&tag=a&tag=b"
/// let term = "red shoes"
/// try table.url(for: "search", values: ["term": term, "page": page])
/// ```
///
/// A value is checked against the capture it fills: `"abc"` for `<int:id>` is an error, `42`
/// for a string capture prints `42`. A UUID is given as its text (`SwitchyardFoundation` adds
/// `BuildValue(uuid)` for Foundation's `UUID`).
public struct BuildValue: Sendable, Hashable, CustomStringConvertible {
  enum Kind: Sendable, Hashable {
    case text(String)
    case int(Int)
    case number(Double)
    case list([BuildValue])
  }

  let kind: Kind

  init(kind: Kind) { self.kind = kind }

  /// The values of a list (a single value is a list of one).
  var elements: [BuildValue] {
    if case .list(let values) = kind { return values }
    return [self]
  }

  /// The value as it is printed (before escaping); `nil` for a list or a number that is
  /// not finite.
  var text: String? {
    switch kind {
    case .text(let value): return value
    case .int(let value): return String(value)
    case .number(let value): return value.isFinite ? String(value) : nil
    case .list: return nil
    }
  }

  /// The text, the number or the list, as a person would read it: `"abc"`, `42`, `["a", "b"]`.
  public var description: String {
    switch kind {
    case .text(let value): return "\"" + value + "\""
    case .int(let value): return String(value)
    case .number(let value): return String(value)
    case .list(let values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
    }
  }
}

extension BuildValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByBooleanLiteral
{
  /// `"posts"`.
  public init(stringLiteral value: String) { self.init(kind: .text(value)) }
  /// `42`.
  public init(integerLiteral value: Int) { self.init(kind: .int(value)) }
  /// `2.5`.
  public init(floatLiteral value: Double) { self.init(kind: .number(value)) }
  /// `["a", "b"]`: a repeated query name.
  public init(arrayLiteral elements: BuildValue...) { self.init(kind: .list(elements)) }
  /// `true` prints `true`, `false` prints `false` (as `Bool` reads them back).
  public init(booleanLiteral value: Bool) { self.init(kind: .text(value ? "true" : "false")) }
}

/// A type that can be put into a built URL: the standard library's strings, integers,
/// `Double`, `Float` and `Bool`, and `RawRepresentable` types whose raw value conforms.
///
/// ```swift
/// enum Tab: String, BuildValueConvertible { case posts, likes }
/// let values: [String: BuildValue] = ["id": 42.buildValue, "tab": Tab.likes.buildValue]
/// ```
public protocol BuildValueConvertible {
  /// The value to print.
  var buildValue: BuildValue { get }
}

extension BuildValueConvertible where Self: RawRepresentable, RawValue: BuildValueConvertible {
  /// The raw value.
  public var buildValue: BuildValue { rawValue.buildValue }
}

extension BuildValue: BuildValueConvertible {
  /// The value itself.
  public var buildValue: BuildValue { self }
}

// Declared on the protocol for `BuildValue` alone, so that `.int(id)` reads the same in a
// `[String: BuildValue]` and in the `[String: any BuildValueConvertible]` that `values:` takes.
extension BuildValueConvertible where Self == BuildValue {
  /// A text value: printed percent-encoded for its place.
  ///
  /// ```swift
  /// try table.url(for: "search", values: ["term": .string(term)])
  /// ```
  package static func string(_ value: String) -> BuildValue { BuildValue(kind: .text(value)) }
  /// An integer, printed in decimal: `["id": .int(user.id)]`.
  package static func int(_ value: Int) -> BuildValue { BuildValue(kind: .int(value)) }
  /// A number, printed as Swift prints a `Double` (`2.5`, `1e-05`); it must be finite:
  /// `["lat": .double(51.5)]`.
  package static func double(_ value: Double) -> BuildValue { BuildValue(kind: .number(value)) }
  /// Several values for one query name, printed as the name repeated in this order:
  /// `["tag": .list([.string("a"), .int(2)])]`.
  package static func list(_ values: [BuildValue]) -> BuildValue { BuildValue(kind: .list(values)) }
}

extension String: BuildValueConvertible {
  /// The text.
  public var buildValue: BuildValue { .string(self) }
}

extension Substring: BuildValueConvertible {
  /// The text.
  public var buildValue: BuildValue { .string(String(self)) }
}

extension Int: BuildValueConvertible {}
extension Int64: BuildValueConvertible {}
extension Int32: BuildValueConvertible {}
extension UInt32: BuildValueConvertible {}

extension BuildValueConvertible where Self: FixedWidthInteger {
  /// The integer, printed in decimal.
  ///
  /// ```swift
  /// Int32(7).buildValue   // .int(7)
  /// ```
  public var buildValue: BuildValue { .int(Int(self)) }
}

extension Double: BuildValueConvertible {}
extension Float: BuildValueConvertible {}

extension BuildValueConvertible where Self: BinaryFloatingPoint {
  /// The number, widened to a `Double`.
  ///
  /// ```swift
  /// Float(2.5).buildValue   // .double(2.5)
  /// ```
  public var buildValue: BuildValue { .double(Double(self)) }
}

extension Bool: BuildValueConvertible {
  /// `true` or `false`.
  public var buildValue: BuildValue { .string(self ? "true" : "false") }
}

extension Array: BuildValueConvertible where Element: BuildValueConvertible {
  /// A list: a repeated query name.
  public var buildValue: BuildValue { .list(map(\.buildValue)) }
}
