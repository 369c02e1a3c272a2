extension URLLayout {
  /// A ``URLLayout`` in 32-bit offsets (-1 for an absent part): a third of its size, so that a
  /// match, returned by value from every lookup, stays small and cheap to copy.
  struct Packed: Sendable {
    private var scheme: (Int32, Int32)
    private var host: (Int32, Int32)
    private var port: Int32
    private var path: (Int32, Int32)
    private var query: (Int32, Int32)
    private var fragment: (Int32, Int32)
    private var hasEscapes: Bool

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

    /// Whether the URL has a query or a fragment (without unpacking the rest).
    var hasQueryOrFragment: Bool { query.0 >= 0 || fragment.0 >= 0 }

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
