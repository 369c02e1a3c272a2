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
///
/// An empty context costs nothing; one or two values take one small allocation (a chain of
/// ``with(_:_:)-swift.method`` fills it in place), and each read checks the value's type at run
/// time. A context made per call therefore costs more than its size suggests: see
/// <doc:MetadataAndContext> before making one for every server request.
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
    @inlinable
    public init(_ name: String, default defaultValue: Value) {
      self.name = name
      self.defaultValue = defaultValue
    }
  }

  // `nil` until a value is set: an empty context (every call that passes none) costs nothing
  // to make, copy or drop. One reference, so a match that carries its context stays small.
  // Usable from inlinable code, like the accessors below: they are specialised in the caller
  // for the key's value type, so making and reading a context looks up no generic metadata.
  @usableFromInline var storage: ContextStorage? = nil

  /// An empty context.
  @inlinable
  public init() {}

  /// A context with one value; chain ``with(_:_:)-swift.method`` for more.
  ///
  /// ```swift
  /// router.route(url, context: .with(.source, "push").with(.animated, false))
  /// ```
  @inlinable
  public static func with<Value>(_ key: Key<Value>, _ value: Value) -> RoutingContext {
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
  public consuming func with<Value>(_ key: Key<Value>, _ value: Value) -> RoutingContext {
    self[key] = value
    return self
  }

  /// The value stored under `key`, or the key's default.
  @inlinable
  public subscript<Value>(_ key: Key<Value>) -> Value {
    get { storage?.value(named: key.name) as? Value ?? key.defaultValue }
    set {
      if storage == nil {
        storage = ContextStorage(ContextEntry(name: key.name, value: newValue))
        return
      }
      if !isKnownUniquelyReferenced(&storage) { storage = storage?.copy() }
      storage?.set(ContextEntry(name: key.name, value: newValue))
    }
  }

  /// Whether no value is stored.
  @inlinable
  public var isEmpty: Bool { storage == nil }
}

/// One value of a context and the name it is stored under.
@usableFromInline
struct ContextEntry {
  @usableFromInline let name: String
  @usableFromInline var value: any Sendable

  @inlinable
  init(name: String, value: any Sendable) {
    self.name = name
    self.value = value
  }
}

/// A context's values: the first two inline in one allocation (the common case of a request,
/// a source or a flag), any more in an array.
///
/// Safety of `@unchecked Sendable`: a storage is changed only through
/// ``RoutingContext``'s setter, and only while that context holds the one reference to it
/// (`isKnownUniquelyReferenced`); a shared storage is copied first, so no other thread ever
/// sees it change.
@usableFromInline
final class ContextStorage: @unchecked Sendable {
  private var first: ContextEntry
  private var second: ContextEntry? = nil
  private var more: [ContextEntry] = []

  @usableFromInline
  init(_ entry: ContextEntry) {
    first = entry
  }

  private init(first: ContextEntry, second: ContextEntry?, more: [ContextEntry]) {
    self.first = first
    self.second = second
    self.more = more
  }

  @usableFromInline
  func copy() -> ContextStorage {
    ContextStorage(first: first, second: second, more: more)
  }

  @usableFromInline
  func value(named name: String) -> (any Sendable)? {
    if first.name == name { return first.value }
    guard let second else { return nil }
    if second.name == name { return second.value }
    return more.first { $0.name == name }?.value
  }

  /// Stores `entry`, replacing the value stored under its name.
  @usableFromInline
  func set(_ entry: ContextEntry) {
    if first.name == entry.name {
      first = entry
    } else if second == nil || second?.name == entry.name {
      second = entry
    } else if let index = more.firstIndex(where: { $0.name == entry.name }) {
      more[index] = entry
    } else {
      more.append(entry)
    }
  }
}
