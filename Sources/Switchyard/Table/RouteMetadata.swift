/// Facts of the app's own attached to a route — "requires sign-in", an analytics name — read
/// through typed keys from the match, from interceptors and from routing events.
///
/// Declare a key once, as a static property of ``TypedKey`` constrained to its value type; its
/// `name` is what a route file's `"metadata"` object uses:
///
/// ```swift
/// extension TypedKey where Value == Bool {
///   static var requiresSignIn: Self { Self("requiresSignIn", default: false) }
/// }
/// extension TypedKey where Value == String {
///   static var screenName: Self { Self("screenName", default: "") }
/// }
///
/// try router.register(
///   "/account/orders", metadata: .with(.requiresSignIn, true).with(.screenName, "orders")
/// ) { _ in .orders }
/// router.match("shop://account/orders")?.route.metadata[.requiresSignIn]   // true
/// ```
///
/// Metadata is read and made like a ``RoutingContext``, through the same keys. A key is
/// identified by its name. A value stored under a name with another type (a route file's
/// `"requiresSignIn": "yes"` read through a `Bool` key) reads as the key's default. Metadata
/// holds `Hashable` values only, because routes are compared and hashed.
public struct RouteMetadata: Sendable, Hashable, CustomStringConvertible {
  // `nil` for no metadata, the common case: most routes carry none.
  private var storage: KeyedStorage<any Hashable & Sendable>? = nil

  /// No metadata.
  ///
  /// ```swift
  /// RouteMetadata().isEmpty   // true
  /// ```
  public init() {}

  /// Metadata with one value; chain ``with(_:_:)-swift.method`` for more.
  ///
  /// ```swift
  /// let metadata = RouteMetadata.with(.requiresSignIn, true)
  /// ```
  public static func with<Value: Hashable>(_ key: TypedKey<Value>, _ value: Value) -> RouteMetadata
  {
    RouteMetadata().with(key, value)
  }

  /// This metadata with `value` stored under `key`.
  ///
  /// ```swift
  /// let metadata = RouteMetadata.with(.requiresSignIn, true).with(.screenName, "orders")
  /// ```
  public func with<Value: Hashable>(_ key: TypedKey<Value>, _ value: Value) -> RouteMetadata {
    var copy = self
    copy[key] = value
    return copy
  }

  /// The value stored under `key`, or the key's default.
  ///
  /// ```swift
  /// route.metadata[.requiresSignIn]   // false for a route without it
  /// ```
  public subscript<Value: Hashable>(_ key: TypedKey<Value>) -> Value {
    get { storage?.value(named: key.name) as? Value ?? key.defaultValue }
    set { store(newValue, named: key.name, in: &storage) }
  }

  /// The value stored under `name` whatever its type (route files store strings, `Int`s,
  /// `Double`s and `Bool`s), or `nil`; setting `nil` removes it. For the route-file reader,
  /// which knows names but not the app's keys.
  package subscript(name name: String) -> (any Hashable & Sendable)? {
    get { storage?.value(named: name) }
    set {
      if let newValue {
        store(newValue, named: name, in: &storage)
      } else {
        storage = storage?.removing(named: name)
      }
    }
  }

  /// The names that hold a value, in byte order.
  package var names: [String] { sortedValues.map(\.name) }

  /// Whether no value is stored.
  ///
  /// ```swift
  /// RouteMetadata.with(.requiresSignIn, true).isEmpty   // false
  /// ```
  package var isEmpty: Bool { storage == nil }

  public static func == (lhs: RouteMetadata, rhs: RouteMetadata) -> Bool {
    let left = lhs.storage?.entries ?? []
    guard left.count == (rhs.storage?.count ?? 0) else { return false }
    for entry in left {
      guard let other = rhs.storage?.value(named: entry.name),
        AnyHashable(entry.value) == AnyHashable(other)
      else { return false }
    }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    for (name, value) in sortedValues {
      hasher.combine(name)
      hasher.combine(AnyHashable(value))
    }
  }

  /// Every value with its name, in byte order of the names: `[requiresSignIn: true]`.
  public var description: String {
    "[" + sortedValues.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]"
  }

  private var sortedValues: [(name: String, value: any Hashable & Sendable)] {
    (storage?.entries ?? []).map { (name: $0.name, value: $0.value) }
      .sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
  }
}
