/// A typed name for one value of a ``RouteMetadata`` or a ``RoutingContext``: the name the
/// value is stored under and what a reader gets when none is stored.
///
/// Declare a key once, as a static property constrained to its value type. The same key reads
/// route metadata and a routing context alike; both offer the same operations
/// (`.with(key, value)`, chained `.with`, and a subscript that falls back to the key's default):
///
/// ```swift
/// extension TypedKey where Value == Bool {
///   static var requiresSignIn: Self { Self("requiresSignIn", default: false) }
///   static var animated: Self { Self("animated", default: true) }
/// }
///
/// try router.register("/account", metadata: .with(.requiresSignIn, true)) { match in
///   .account(animated: match.context[.animated])
/// }
/// router.route("shop://account", context: .with(.animated, false))
/// router.match("shop://account")?.route.metadata[.requiresSignIn]   // true
/// ```
///
/// A key is identified by its name. A value stored under a name with another type reads as
/// the key's default. Metadata keeps only `Hashable` values (routes are compared and hashed);
/// a context keeps any `Sendable` value.
public struct TypedKey<Value: Sendable>: Sendable {
  /// The name the value is stored under (and, for metadata, written under in a route file).
  public let name: String
  /// What a reader gets when no value is stored under the name.
  @usableFromInline package let defaultValue: Value

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

/// One stored value and the name it is stored under.
@usableFromInline
struct KeyedEntry<Stored> {
  @usableFromInline let name: String
  @usableFromInline var value: Stored

  @inlinable
  init(name: String, value: Stored) {
    self.name = name
    self.value = value
  }
}

/// The values of a ``RouteMetadata`` or of a large ``RoutingContext``: the first two inline
/// in one allocation (the common case of a request, a source or a flag), any more in an
/// array, and past `indexedFrom` of those an index by name, so that reading, setting or
/// comparing many values (a route file's `metadata` object with thousands of members) costs
/// time in proportion to their number, not to its square. `Stored` is the existential the
/// owner keeps (`any Sendable` or a context entry for a context, `any Hashable & Sendable`
/// for metadata).
///
/// Safety of `@unchecked Sendable` (only where `Stored` is `Sendable`, as the owners' values
/// are): a storage is changed only through its owner's setters, and only while that owner
/// holds the one reference to it (`isKnownUniquelyReferenced`); a shared storage is copied
/// first, so no other thread ever sees it change.
@usableFromInline
final class KeyedStorage<Stored> {
  private var first: KeyedEntry<Stored>
  private var second: KeyedEntry<Stored>? = nil
  private var more: [KeyedEntry<Stored>] = []
  /// Each name's position in `more`, once `more` holds `indexedFrom` entries.
  private var index: [String: Int]? = nil

  /// Up to this many entries in `more`, a name is found by comparing each.
  private static var indexedFrom: Int { 8 }

  @usableFromInline
  init(_ entry: KeyedEntry<Stored>) {
    first = entry
  }

  private init(
    first: KeyedEntry<Stored>, second: KeyedEntry<Stored>?, more: [KeyedEntry<Stored>],
    index: [String: Int]?
  ) {
    self.first = first
    self.second = second
    self.more = more
    self.index = index
  }

  @usableFromInline
  func copy() -> KeyedStorage {
    KeyedStorage(first: first, second: second, more: more, index: index)
  }

  /// The number of values stored.
  var count: Int { 1 + (second == nil ? 0 : 1) + more.count }

  @usableFromInline
  func value(named name: String) -> Stored? {
    if first.name == name { return first.value }
    guard let second else { return nil }
    if second.name == name { return second.value }
    return position(named: name).map { more[$0].value }
  }

  /// The position in `more` of the entry named `name`.
  private func position(named name: String) -> Int? {
    if let index { return index[name] }
    return more.firstIndex { $0.name == name }
  }

  /// Stores `entry`, replacing the value stored under its name.
  @usableFromInline
  func set(_ entry: KeyedEntry<Stored>) {
    if first.name == entry.name {
      first = entry
    } else if second == nil || second?.name == entry.name {
      second = entry
    } else if let position = position(named: entry.name) {
      more[position] = entry
    } else {
      more.append(entry)
      if index != nil {
        index?[entry.name] = more.count - 1
      } else if more.count >= Self.indexedFrom {
        index = Self.index(of: more)
      }
    }
  }

  private static func index(of entries: [KeyedEntry<Stored>]) -> [String: Int] {
    var index: [String: Int] = [:]
    index.reserveCapacity(entries.count)
    for (position, entry) in entries.enumerated() { index[entry.name] = position }
    return index
  }

  /// Every entry, in the order the names were first stored.
  var entries: [KeyedEntry<Stored>] {
    var all = [first]
    all.reserveCapacity(count)
    if let second { all.append(second) }
    return all + more
  }

  /// A storage without the value stored under `name`, or `nil` when none is left.
  func removing(named name: String) -> KeyedStorage? {
    let kept = entries.filter { $0.name != name }
    guard let head = kept.first else { return nil }
    let more = Array(kept.dropFirst(2))
    return KeyedStorage(
      first: head, second: kept.dropFirst().first, more: more,
      index: more.count >= Self.indexedFrom ? Self.index(of: more) : nil)
  }
}

/// Stores `value` under `name` in `storage`, copying a shared storage first.
@inlinable
func store<Stored>(_ value: Stored, named name: String, in storage: inout KeyedStorage<Stored>?) {
  if storage == nil {
    storage = KeyedStorage(KeyedEntry(name: name, value: value))
    return
  }
  if !isKnownUniquelyReferenced(&storage) { storage = storage?.copy() }
  storage?.set(KeyedEntry(name: name, value: value))
}

extension KeyedStorage: @unchecked Sendable where Stored: Sendable {}
