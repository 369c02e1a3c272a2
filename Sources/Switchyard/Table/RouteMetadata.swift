/// Facts of the app's own attached to a route — "requires sign-in", an analytics name — read
/// through typed keys from the match, from interceptors and from routing events.
///
/// Declare a key once, as a static property of ``RouteMetadata/Key`` constrained to its value
/// type; its `name` is what a route file's `"metadata"` object uses:
///
/// ```swift
/// extension RouteMetadata.Key where Value == Bool {
///   static var requiresSignIn: Self { Self("requiresSignIn", default: false) }
/// }
/// extension RouteMetadata.Key where Value == String {
///   static var screenName: Self { Self("screenName", default: "") }
/// }
///
/// try router.register(
///   "/account/orders", metadata: .with(.requiresSignIn, true).with(.screenName, "orders")
/// ) { _ in .orders }
/// router.match("shop://account/orders")?.route.metadata[.requiresSignIn]   // true
/// ```
///
/// A key is identified by its name. A value stored under a name with another type (a route
/// file's `"requiresSignIn": "yes"` read through a `Bool` key) reads as the key's default.
public struct RouteMetadata: Sendable, Hashable, CustomStringConvertible {
  /// A typed name for one metadata value.
  public struct Key<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The name the value is stored under (and written under in a route file).
    public let name: String
    /// What a route without this value reads.
    public let defaultValue: Value

    /// Creates a key.
    ///
    /// ```swift
    /// static var requiresSignIn: Self { Self("requiresSignIn", default: false) }
    /// ```
    public init(_ name: String, default defaultValue: Value) {
      self.name = name
      self.defaultValue = defaultValue
    }
  }

  private var values: [String: any Hashable & Sendable] = [:]

  /// No metadata.
  public init() {}

  /// Metadata with one value; chain ``with(_:_:)-swift.method`` for more.
  ///
  /// ```swift
  /// let metadata = RouteMetadata.with(.requiresSignIn, true)
  /// ```
  public static func with<Value>(_ key: Key<Value>, _ value: Value) -> RouteMetadata {
    RouteMetadata().with(key, value)
  }

  /// This metadata with `value` stored under `key`.
  public func with<Value>(_ key: Key<Value>, _ value: Value) -> RouteMetadata {
    var copy = self
    copy[key] = value
    return copy
  }

  /// The value stored under `key`, or the key's default.
  public subscript<Value>(_ key: Key<Value>) -> Value {
    get { values[key.name] as? Value ?? key.defaultValue }
    set { values[key.name] = newValue }
  }

  /// The value stored under `name` whatever its type (route files store strings, `Int`s,
  /// `Double`s and `Bool`s), or `nil`.
  public subscript(name name: String) -> (any Hashable & Sendable)? {
    get { values[name] }
    set { values[name] = newValue }
  }

  /// The names that hold a value, in byte order.
  public var names: [String] { values.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }

  /// Whether no value is stored.
  public var isEmpty: Bool { values.isEmpty }

  public static func == (lhs: RouteMetadata, rhs: RouteMetadata) -> Bool {
    guard lhs.values.count == rhs.values.count else { return false }
    for (name, value) in lhs.values {
      guard let other = rhs.values[name], AnyHashable(value) == AnyHashable(other) else {
        return false
      }
    }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    for (name, value) in sortedValues {
      hasher.combine(name)
      hasher.combine(AnyHashable(value))
    }
  }

  public var description: String {
    "[" + sortedValues.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]"
  }

  private var sortedValues: [(name: String, value: any Hashable & Sendable)] {
    values.map { (name: $0.key, value: $0.value) }
      .sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
  }
}
