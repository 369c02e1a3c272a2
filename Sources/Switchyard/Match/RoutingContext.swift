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
/// An empty context costs nothing; each value takes one small allocation, which keeps it with
/// its type, so a read compares names and checks one class: a context made once and reused
/// costs a read a fraction of a match. A context made per call costs its allocations on every
/// call: see <doc:MetadataAndContext> before making one for every server request. A context
/// of more than a few values keeps them by name, so setting, reading or replacing any of
/// thousands of values costs the same as for a few.
public struct RoutingContext: Sendable {
  // The value set last, each entry pointing at the one set before it; `nil` until a value is
  // set, so an empty context (every call that passes none) costs nothing to make, copy or
  // drop. Entries never change, so copies of a context share them. Usable from inlinable
  // code, like the accessors below: they are specialised in the caller for the key's value
  // type, so a read is a name comparison and one class check. The chain holds at most
  // `ContextEntry.chainLimit` values; a context given more keeps all of them in `table`
  // instead (and `last` is `nil`), by name, copied when it is shared and set, as metadata is.
  @usableFromInline var last: ContextEntry? = nil
  @usableFromInline var table: KeyedStorage<ContextEntry>? = nil

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
  // Consuming: in a chain the context before is a temporary that nothing else holds, so it is
  // not copied; the new value's entry points at its entries.
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
    get {
      guard let last else {
        guard let table else { return key.defaultValue }
        return (table.value(named: key.name) as? TypedContextEntry<Value>)?.value
          ?? key.defaultValue
      }
      // The entry set last first, inline: most contexts hold one or two values.
      let entry = last.name == key.name ? last : last.previous?.entry(named: key.name)
      return (entry as? TypedContextEntry<Value>)?.value ?? key.defaultValue
    }
    set {
      if table == nil {
        guard let last else {
          self.last = TypedContextEntry(name: key.name, value: newValue, previous: nil)
          return
        }
        if let kept = last.keptBelow(setting: key.name) {
          self.last = TypedContextEntry(name: key.name, value: newValue, previous: kept.chain)
          return
        }
        moveToTable()
      }
      store(
        TypedContextEntry(name: key.name, value: newValue, previous: nil), named: key.name,
        in: &table)
    }
  }

  /// Whether no value is stored.
  ///
  /// ```swift
  /// RoutingContext().isEmpty   // true
  /// ```
  @inlinable
  package var isEmpty: Bool { last == nil && table == nil }

  /// Moves the chain's values into `table`, oldest first; each entry is made again without
  /// the chain, so no value outlives its replacement. The chain is at most
  /// `ContextEntry.chainLimit` long.
  @usableFromInline
  mutating func moveToTable() {
    var chain: [ContextEntry] = []
    var entry = last
    while let current = entry {
      chain.append(current)
      entry = current.previous
    }
    last = nil
    for current in chain.reversed() {
      store(current.replacingPrevious(nil), named: current.name, in: &table)
    }
  }
}

/// One value of a ``RoutingContext`` and its name, with the entry set before it.
///
/// Safety of `@unchecked Sendable`: every stored property is a `let` of a `Sendable` type, in
/// this class and its one subclass.
@usableFromInline
class ContextEntry: @unchecked Sendable {
  @usableFromInline let name: String
  @usableFromInline let previous: ContextEntry?

  @usableFromInline
  init(name: String, previous: ContextEntry?) {
    self.name = name
    self.previous = previous
  }

  /// This entry with `previous` before it instead; overridden to keep the value.
  @usableFromInline
  func replacingPrevious(_ previous: ContextEntry?) -> ContextEntry {
    ContextEntry(name: name, previous: previous)
  }

  /// The first entry of the chain from this one that is named `name`.
  @usableFromInline
  func entry(named name: String) -> ContextEntry? {
    var entry: ContextEntry? = self
    while let current = entry, current.name != name { entry = current.previous }
    return entry
  }

  /// How many values a context keeps in a chain; a context given more keeps them by name.
  @usableFromInline
  static var chainLimit: Int { 8 }

  /// The chain from this entry without the entry named `name` (`self` when there is none),
  /// to put a new value named `name` on, so that setting a name again does not keep the value
  /// it replaces; `nil` when the new value would make the chain longer than `chainLimit`.
  /// Walks without recursion and allocates nothing but the entries above the one replaced,
  /// made again: a value set under a new name (the common case) walks the chain once and
  /// allocates nothing here. The chain is at most `chainLimit` long, so finding each entry
  /// above again from the top is cheaper than keeping them in an array.
  @usableFromInline
  func keptBelow(setting name: String) -> KeptChain? {
    var depth = 0
    var entry: ContextEntry? = self
    while let current = entry, current.name != name {
      depth += 1
      entry = current.previous
    }
    guard let replaced = entry else {
      // No entry is named `name`: the chain grows by one.
      return depth < Self.chainLimit ? KeptChain(self) : nil
    }
    // The entries above the one replaced, the lowest first, each on the ones kept below it.
    var kept = replaced.previous
    for position in stride(from: depth - 1, through: 0, by: -1) {
      var current: ContextEntry = self
      for _ in 0..<position {
        if let previous = current.previous { current = previous }
      }
      kept = current.replacingPrevious(kept)
    }
    return KeptChain(kept)
  }
}

/// The entries a new value of a context's chain goes on (see
/// ``ContextEntry/keptBelow(setting:)``).
@usableFromInline
struct KeptChain {
  @usableFromInline let chain: ContextEntry?

  @usableFromInline
  init(_ chain: ContextEntry?) { self.chain = chain }
}

/// A context entry holding a `Value`: a read with a key of that type finds it by a class
/// check, which is what makes a read cheap.
@usableFromInline
final class TypedContextEntry<Value: Sendable>: ContextEntry, @unchecked Sendable {
  @usableFromInline let value: Value

  @inlinable
  init(name: String, value: Value, previous: ContextEntry?) {
    self.value = value
    super.init(name: name, previous: previous)
  }

  @usableFromInline
  override func replacingPrevious(_ previous: ContextEntry?) -> ContextEntry {
    TypedContextEntry(name: name, value: value, previous: previous)
  }
}
