extension [UInt8] {
  /// Appends the UTF-8 bytes of the literal `text` in one copy: lint composes hundreds of
  /// thousands of messages out of literal pieces, and `+= "…".utf8` goes through the generic
  /// sequence path for each.
  ///
  /// ```swift
  /// var bytes: [UInt8] = []
  /// bytes.append(literal: "path element ")  // 13 bytes
  /// ```
  package mutating func append(literal text: StaticString) {
    text.withUTF8Buffer { append(contentsOf: $0) }
  }

  /// Appends the UTF-8 bytes of `text` in one copy (see ``append(literal:)``).
  ///
  /// ```swift
  /// var bytes: [UInt8] = []
  /// bytes.append(utf8: "route7")  // 6 bytes
  /// ```
  package mutating func append(utf8 text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }
}
