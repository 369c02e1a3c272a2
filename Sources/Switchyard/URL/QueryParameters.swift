/// An ordered multi-map of query (or fragment) parameters: every name keeps every value,
/// in order (<doc:ReadingURLs>).
///
/// ```swift
/// let query = matcher.match("myapp://feed?tab=posts&tab=likes&flag")!.query
/// query.first("tab")   // "posts"
/// query.last("tab")    // "likes"
/// query.all("tab")     // ["posts", "likes"]
/// query.last("flag")   // ""
/// for (name, value) in query { print(name, value) }   // every pair, in URL order
/// ```
public struct QueryParameters: Sendable, Hashable, Sequence {
  /// Every `(name, value)` pair, in URL order, decoded.
  package let items: [(name: String, value: String)]

  init(items: [(name: String, value: String)]) {
    self.items = items
  }

  /// Reads the `name=value&…` pairs of `range` (see ``QueryPairs``), names and values
  /// percent-decoded once; `+` is a space when `plusAsSpace` is set.
  init(parsing bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plusAsSpace: Bool) {
    #if DEBUG
      ReadingCounters.count(\.queryParses)
    #endif
    var items: [(name: String, value: String)] = []
    for pair in QueryPairs(bytes, range) {
      let name = decodeComponent(bytes, pair.name, plusAsSpace: plusAsSpace)
      let value = pair.value.map { decodeComponent(bytes, $0, plusAsSpace: plusAsSpace) } ?? ""
      items.append((name, value))
    }
    self.items = items
  }

  /// The distinct names, in order of first appearance.
  package var names: [String] {
    var seen = Set<String>()
    return items.compactMap { seen.insert($0.name).inserted ? $0.name : nil }
  }

  /// The first value of `name`.
  public func first(_ name: String) -> String? { items.first { $0.name == name }?.value }
  /// The last value of `name`.
  public func last(_ name: String) -> String? { items.last { $0.name == name }?.value }
  /// Every value of `name`, in order.
  public func all(_ name: String) -> [String] { items.filter { $0.name == name }.map(\.value) }
  /// Whether there are no parameters.
  public var isEmpty: Bool { items.isEmpty }

  public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    items.makeIterator()
  }

  public static func == (lhs: QueryParameters, rhs: QueryParameters) -> Bool {
    lhs.items.count == rhs.items.count
      && zip(lhs.items, rhs.items).allSatisfy { $0.name == $1.name && $0.value == $1.value }
  }

  public func hash(into hasher: inout Hasher) {
    for item in items {
      hasher.combine(item.name)
      hasher.combine(item.value)
    }
  }
}

/// The raw `name=value` pairs of a query (or of a fragment read as parameters): the one place
/// that knows the `&` and `=` rule (<doc:ReadingURLs>).
///
/// The range is split on `&`, empty pieces are skipped, and each piece is cut at its first
/// `=`: the name before it, the value after it (`nil` when the piece has no `=`). Nothing is
/// decoded; a pair is two ranges into the URL's bytes.
struct QueryPairs: Sequence, IteratorProtocol {
  struct Pair {
    /// The raw name.
    var name: Range<Int>
    /// The raw value; `nil` when the piece has no `=`.
    var value: Range<Int>?
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var start: Int
  private let end: Int

  init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    self.bytes = bytes
    start = range.lowerBound
    end = range.upperBound
  }

  mutating func next() -> Pair? {
    while start < end {
      var stop = start
      while stop < end, bytes[stop] != UInt8(ascii: "&") { stop += 1 }
      defer { start = stop + 1 }
      guard stop > start else { continue }
      var equals = start
      while equals < stop, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
      return Pair(name: start..<equals, value: equals < stop ? (equals + 1)..<stop : nil)
    }
    return nil
  }
}
