/// What one routing call carries besides its URL — the request on a server; the source, an
/// "animated" flag or the presenting screen's id in an app — read through typed keys by
/// interceptors (``InterceptionRequest/context``), handlers (``RouteMatch/context``) and the
/// unmatched handler (``UnmatchedRequest/context``).
///
/// ```swift
/// extension RoutingContext.Key where Value == Bool {
///   static var animated: Self { Self("animated", default: true) }
/// }
///
/// try router.register("shop://product/<int:id>") { match in
///   .product(try match.int("id"), animated: match.context[.animated])
/// }
/// router.route("shop://product/42", context: .with(.animated, false))  // .product(42, false)
/// ```
///
/// A key is identified by its name; a value stored under a name with another type reads as
/// the key's default.
public struct RoutingContext: Sendable {
  /// A typed name for one context value.
  public struct Key<Value: Sendable>: Sendable {
    /// The name the value is stored under.
    public let name: String
    /// What a call without this value reads.
    public let defaultValue: Value

    /// Creates a key.
    ///
    /// ```swift
    /// static var source: Self { Self("source", default: "link") }
    /// ```
    public init(_ name: String, default defaultValue: Value) {
      self.name = name
      self.defaultValue = defaultValue
    }
  }

  // `nil` until a value is set: an empty context (every call that passes none) costs nothing
  // to make, copy or drop.
  private var values: [String: any Sendable]? = nil

  /// An empty context.
  public init() {}

  /// A context with one value; chain ``with(_:_:)-swift.method`` for more.
  public static func with<Value>(_ key: Key<Value>, _ value: Value) -> RoutingContext {
    RoutingContext().with(key, value)
  }

  /// This context with `value` stored under `key`.
  public func with<Value>(_ key: Key<Value>, _ value: Value) -> RoutingContext {
    var copy = self
    copy[key] = value
    return copy
  }

  /// The value stored under `key`, or the key's default.
  public subscript<Value>(_ key: Key<Value>) -> Value {
    get { values?[key.name] as? Value ?? key.defaultValue }
    set {
      if values == nil { values = [:] }
      values?[key.name] = newValue
    }
  }

  /// Whether no value is stored.
  public var isEmpty: Bool { values?.isEmpty ?? true }
}
