/// A typed value captured from a URL: its ``kind``, the ``text`` the URL carried, and the
/// number that text reads as for `int` and `float` captures (<doc:MatchResults>).
///
/// `int` captures are integers, `float` (`double`) captures are numbers, and every other
/// capture (string, `uuid`, `path`, `*`, registered types) is a string. The text is kept as
/// written (decoded): `<float:x>` on `1e3` is the number 1000 and the text `"1e3"`.
///
/// ```swift
/// // myapp://f/<float:x>/<int:id>
/// let match = matcher.match("myapp://f/1e3/007")!
/// let (x, id) = (match.parameters[0].value, match.parameters[1].value)
/// x.doubleValue    // 1000.0
/// x.text           // "1e3"
/// id.intValue      // 7
/// id.text          // "007"
/// id.kind          // .int
/// ```
///
/// More kinds may come (a `uuid` or a `bool` value, say): code that switches on ``kind``
/// should have a `default` case.
public struct ParameterValue: Sendable, Hashable, CustomStringConvertible {
  enum Storage: Sendable, Hashable {
    case string
    case int(Int)
    case double(Double)
  }

  let storage: Storage
  /// The text the URL carried for this value, percent-decoded.
  public let text: String

  init(string text: String) {
    storage = .string
    self.text = text
  }

  init(int value: Int, text: String) {
    storage = .int(value)
    self.text = text
  }

  init(double value: Double, text: String) {
    storage = .double(value)
    self.text = text
  }

  /// A string value.
  public static func string(_ value: String) -> ParameterValue { ParameterValue(string: value) }
  /// An integer value, with the text Swift prints for it.
  public static func int(_ value: Int) -> ParameterValue {
    ParameterValue(int: value, text: String(value))
  }
  /// A number value, with the text Swift prints for it.
  public static func double(_ value: Double) -> ParameterValue {
    ParameterValue(double: value, text: String(value))
  }

  /// What kind of value this is.
  public enum Kind: String, Sendable, Hashable, CustomStringConvertible {
    /// Text: string, `uuid`, `path`, `*` and registered-type captures.
    case string
    /// An integer: `int` captures.
    case int
    /// A number: `float` (`double`) captures.
    case double

    /// The case's name.
    public var description: String { rawValue }
  }

  /// What kind of value this is.
  public var kind: Kind {
    switch storage {
    case .string: return .string
    case .int: return .int
    case .double: return .double
    }
  }

  /// The value as the URL wrote it (the same as ``text``).
  public var description: String { text }

  /// The text, for string values (`nil` for numbers; ``text`` has every value's text).
  package var stringValue: String? {
    if case .string = storage { return text }
    return nil
  }

  /// The integer, for `int` captures.
  public var intValue: Int? {
    if case .int(let value) = storage { return value }
    return nil
  }

  /// The number, for `float` and `int` captures.
  public var doubleValue: Double? {
    switch storage {
    case .double(let value): return value
    case .int(let value): return Double(value)
    case .string: return nil
    }
  }

  /// Values are equal when they are the same kind and the same number (`007` equals `7` as
  /// an `int`), or the same text for strings.
  public static func == (lhs: ParameterValue, rhs: ParameterValue) -> Bool {
    guard lhs.storage == rhs.storage else { return false }
    if case .string = lhs.storage { return lhs.text == rhs.text }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage)
    if case .string = storage { hasher.combine(text) }
  }
}
