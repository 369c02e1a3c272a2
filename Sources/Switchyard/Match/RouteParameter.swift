/// A type that can be read from one URL value: a capture, a query value or a fragment parameter.
///
/// Conform your own types to read them straight from a match. `RawRepresentable` types whose
/// raw value conforms get the conformance for free once they declare it:
///
/// ```swift
/// enum Tab: String, RouteParameter { case posts, likes }
///
/// let match = matcher.match("myapp://user/42?tab=likes")!
/// try match.value("tab", as: Tab.self)   // .likes
/// try match.value("id", as: Int.self)    // 42
/// ```
///
/// The standard library's integers, `Double`, `Float`, `Bool`, `String` and `Substring`
/// conform; `SwitchyardFoundation` adds `UUID`.
public protocol RouteParameter {
  /// Reads a value from its decoded text, or returns `nil` when the text is not one.
  init?(routeParameter text: String)
}

extension RouteParameter where Self: RawRepresentable, RawValue: RouteParameter {
  /// Reads the raw value, then the case it names.
  public init?(routeParameter text: String) {
    guard let raw = RawValue(routeParameter: text) else { return nil }
    self.init(rawValue: raw)
  }
}

extension String: RouteParameter {
  /// Any text is a string.
  public init?(routeParameter text: String) { self = text }
}

extension Substring: RouteParameter {
  /// Any text is a substring.
  public init?(routeParameter text: String) { self = Substring(text) }
}

extension Bool: RouteParameter {
  /// `true`, `yes`, `1` and `false`, `no`, `0`, in any ASCII case.
  public init?(routeParameter text: String) {
    switch asciiLowercased(text) {
    case "true", "yes", "1": self = true
    case "false", "no", "0": self = false
    default: return nil
    }
  }
}

extension Double: RouteParameter {
  /// A finite decimal number (`1`, `-2.5`, `.5`, `1e3`); no hex, `inf` or `nan` (the grammar
  /// of `<float:…>` captures).
  public init?(routeParameter text: String) {
    var text = text
    guard let value = text.withUTF8({ parseFloat($0) }) else { return nil }
    self = value
  }
}

extension Float: RouteParameter {
  /// A finite decimal number that is also finite as a `Float`.
  public init?(routeParameter text: String) {
    guard let value = Double(routeParameter: text), Float(value).isFinite else { return nil }
    self = Float(value)
  }
}

extension Int: RouteParameter {}
extension Int8: RouteParameter {}
extension Int16: RouteParameter {}
extension Int32: RouteParameter {}
extension Int64: RouteParameter {}
extension UInt: RouteParameter {}
extension UInt8: RouteParameter {}
extension UInt16: RouteParameter {}
extension UInt32: RouteParameter {}
extension UInt64: RouteParameter {}

extension RouteParameter where Self: FixedWidthInteger {
  /// Decimal digits with an optional leading `-` (`+`, spaces and `_` are refused), in range.
  public init?(routeParameter text: String) {
    let utf8 = text.utf8
    guard let first = utf8.first, first == 0x2D || (first >= 0x30 && first <= 0x39) else {
      return nil
    }
    guard let value = Self(text, radix: 10) else { return nil }
    self = value
  }
}

/// Why a typed value could not be read from a match: it names the parameter, the raw value
/// and the type that was expected.
///
/// ```swift
/// do {
///   _ = try match.value("id", as: Int.self)
/// } catch {
///   print(error)  // parameter 'id' is "abc", which is not a valid Int
/// }
/// ```
public struct RouteParameterError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The capture or query name that was asked for.
  public var name: String
  /// The text found, or `nil` when the match has no value of that name.
  public var rawValue: String?
  /// The name of the type that was expected, e.g. `"Int"`.
  public var expectedType: String

  /// Creates an error; `rawValue` is `nil` for a missing value.
  package init(name: String, rawValue: String?, expectedType: String) {
    self.name = name
    self.rawValue = rawValue
    self.expectedType = expectedType
  }

  /// Whether the value was missing (rather than present but not convertible).
  package var isMissing: Bool { rawValue == nil }

  public var description: String {
    guard let rawValue else {
      return "no parameter named '\(name)' (expected \(expectedType))"
    }
    return "parameter '\(name)' is \"\(rawValue)\", which is not a valid \(expectedType)"
  }
}
