/// What one routing call carries besides its URL — the request on a server; the source, an
/// "animated" flag or the presenting screen's id in an app — read through typed keys by
/// interceptors (``InterceptionRequest/context``), handlers (``RouteMatch/context``) and the
/// unmatched handler (``UnmatchedRequest/context``).
///
/// ```swift
/// extension TypedKey where Value == Bool {
///   static var animated: Self { Self("animated", default: true) }
/// }
///
/// try router.register("shop://product/<int:id>") { match in
///   .product(try match.value("id", as: Int.self), animated: match.context[.animated])
/// }
/// router.route("shop://product/42", context: .with(.animated, false))  // .product(42, false)
/// ```
///
/// A context is read and made like ``RouteMetadata``, through the same ``TypedKey``s; a key
/// is identified by its name, and a value stored under a name with another type reads as the
/// key's default. Unlike metadata, a context holds any `Sendable` value and is not compared.
///
/// An empty context costs nothing; one or two values take one small allocation (a chain of
/// ``with(_:_:)-swift.method`` fills it in place), and each read checks the value's type at run
/// time. A context made per call therefore costs more than its size suggests: see
/// <doc:MetadataAndContext> before making one for every server request.
public struct RoutingContext: Sendable {
  // `nil` until a value is set: an empty context (every call that passes none) costs nothing
  // to make, copy or drop. One reference, so a match that carries its context stays small.
  // Usable from inlinable code, like the accessors below: they are specialised in the caller
  // for the key's value type, so making and reading a context looks up no generic metadata.
  @usableFromInline var storage: KeyedStorage<any Sendable>? = nil

  /// An empty context.
  @inlinable
  public init() {}

  /// A context with one value; chain ``with(_:_:)-swift.method`` for more.
  ///
  /// ```swift
  /// router.route(url, context: .with(.source, "push").with(.animated, false))
  /// ```
  @inlinable
  public static func with<Value>(_ key: TypedKey<Value>, _ value: Value) -> RoutingContext {
    var context = RoutingContext()
    context[key] = value
    return context
  }

  /// This context with `value` stored under `key`.
  ///
  /// ```swift
  /// let context = RoutingContext.with(.source, "push").with(.animated, false)
  /// ```
  // Consuming: in a chain the context before is a temporary that nothing else holds, so the
  // value is added to its storage in place instead of copying it.
  @inlinable
  public consuming func with<Value>(_ key: TypedKey<Value>, _ value: Value) -> RoutingContext {
    self[key] = value
    return self
  }

  /// The value stored under `key`, or the key's default.
  ///
  /// ```swift
  /// match.context[.source]   // "push", or "link" when the call passed none
  /// ```
  @inlinable
  public subscript<Value>(_ key: TypedKey<Value>) -> Value {
    get { storage?.value(named: key.name) as? Value ?? key.defaultValue }
    set { store(newValue, named: key.name, in: &storage) }
  }

  /// Whether no value is stored.
  ///
  /// ```swift
  /// RoutingContext().isEmpty   // true
  /// ```
  @inlinable
  public var isEmpty: Bool { storage == nil }
}
