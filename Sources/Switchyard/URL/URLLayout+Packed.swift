extension URLLayout {
  /// A ``URLLayout`` in 16-bit offsets (`UInt16.max` for an absent part), 24 bytes as an
  /// optional: a match, returned by value from every lookup, holds one, and a match of at most
  /// 128 bytes is copied without a call to `memcpy`.
  ///
  /// A URL of `UInt16.max` bytes or more has no packed form (`init` returns `nil`): its
  /// reading splits it again when read. The port is a number (0…65535), not an offset: it is
  /// kept whole, with a flag for whether there is one.
  struct Packed: Sendable {
    private var scheme: (UInt16, UInt16)
    private var host: (UInt16, UInt16)
    private var path: (UInt16, UInt16)
    private var query: (UInt16, UInt16)
    private var fragment: (UInt16, UInt16)
    private var port: UInt16
    private var flags: UInt8

    private static let absent = UInt16.max
    private static let hasEscapesFlag: UInt8 = 1
    private static let hasPortFlag: UInt8 = 2

    /// The longest URL (in bytes) that has a packed form: every offset, an end included, is
    /// then below `absent`.
    static let maximumCount = Int(UInt16.max) - 1

    /// `nil` when the URL (`count` bytes) is too long for 16-bit offsets.
    init?(_ layout: URLLayout, count: Int) {
      guard count <= Self.maximumCount, let wide = Wide(layout, count: count) else { return nil }
      self.init(wide, count: count)
    }

    /// Whether the URL has a query or a fragment (without unpacking the rest).
    var hasQueryOrFragment: Bool { query.0 != Self.absent || fragment.0 != Self.absent }

    var layout: URLLayout {
      func unpack(_ range: (UInt16, UInt16)) -> Range<Int>? {
        range.0 == Self.absent ? nil : Int(range.0)..<Int(range.1)
      }
      var layout = URLLayout()
      layout.scheme = unpack(scheme)
      layout.host = unpack(host)
      layout.port = flags & Self.hasPortFlag != 0 ? Int(port) : nil
      layout.path = unpack(path) ?? 0..<0
      layout.query = unpack(query)
      layout.fragment = unpack(fragment)
      layout.hasEscapes = flags & Self.hasEscapesFlag != 0
      return layout
    }

    /// `wide` in 16-bit offsets, or `nil` when the URL (`count` bytes) is too long for them.
    ///
    /// Without a branch per field: an absent part's -1 and an absent port's -1 truncate to
    /// `absent` (`UInt16.max`), and every offset of a URL that packs is below it.
    init?(_ wide: Wide, count: Int) {
      guard count <= Self.maximumCount else { return nil }
      func pack(_ range: (Int32, Int32)) -> (UInt16, UInt16) {
        (UInt16(truncatingIfNeeded: range.0), UInt16(truncatingIfNeeded: range.1))
      }
      scheme = pack(wide.scheme)
      host = pack(wide.host)
      path = pack(wide.path)
      query = pack(wide.query)
      fragment = pack(wide.fragment)
      port = UInt16(truncatingIfNeeded: wide.port)
      flags = (wide.hasEscapes ? Self.hasEscapesFlag : 0) | (wide.port >= 0 ? Self.hasPortFlag : 0)
    }
  }

  /// A ``URLLayout`` in 32-bit offsets (-1 for an absent part): how a search hands its split
  /// to the reading a router keeps (see `MatcherStorage.Split`), for any URL a search reads
  /// (under 2 GiB), in a third of the size of a ``URLLayout``. The reading keeps it as a
  /// `Packed` when it fits in one.
  struct Wide: Sendable {
    fileprivate var scheme: (Int32, Int32)
    fileprivate var host: (Int32, Int32)
    fileprivate var port: Int32
    fileprivate var path: (Int32, Int32)
    fileprivate var query: (Int32, Int32)
    fileprivate var fragment: (Int32, Int32)
    fileprivate var hasEscapes: Bool

    /// `nil` when the URL (`count` bytes) is too long for 32-bit offsets.
    init?(_ layout: URLLayout, count: Int) {
      guard count < Int(Int32.max) else { return nil }
      func pack(_ range: Range<Int>?) -> (Int32, Int32) {
        range.map { (Int32($0.lowerBound), Int32($0.upperBound)) } ?? (-1, -1)
      }
      scheme = pack(layout.scheme)
      host = pack(layout.host)
      port = layout.port.map { Int32($0) } ?? -1
      path = pack(layout.path)
      query = pack(layout.query)
      fragment = pack(layout.fragment)
      hasEscapes = layout.hasEscapes
    }

    var layout: URLLayout {
      func unpack(_ range: (Int32, Int32)) -> Range<Int>? {
        range.0 < 0 ? nil : Int(range.0)..<Int(range.1)
      }
      var layout = URLLayout()
      layout.scheme = unpack(scheme)
      layout.host = unpack(host)
      layout.port = port < 0 ? nil : Int(port)
      layout.path = unpack(path) ?? 0..<0
      layout.query = unpack(query)
      layout.fragment = unpack(fragment)
      layout.hasEscapes = hasEscapes
      return layout
    }
  }
}
