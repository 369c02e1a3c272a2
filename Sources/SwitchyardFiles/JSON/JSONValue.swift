/// A position in a JSON text: 1-based line and column, and the byte offset.
///
/// Columns count `Character`s from the start of the line, so a tab, an `é` or an emoji is one
/// column each. A line ends at `\n`, at `\r\n`, or at a `\r` that is not followed by `\n`.
package struct JSONPosition: Sendable, Hashable, CustomStringConvertible {
  /// The 1-based line.
  package var line: Int
  /// The 1-based column, in `Character`s.
  package var column: Int
  /// The 0-based offset in UTF-8 bytes from the start of the text.
  package var offset: Int

  package init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  package var description: String { "\(line):\(column)" }
}

/// A JSON number, kept as written so that integers are never rounded through `Double`.
package struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
  /// The number as it was written in the text.
  package var text: String
  /// Whether the literal has neither a fraction nor an exponent (`42`, `-7`; not `1.0` or `1e2`).
  package var isIntegerLiteral: Bool

  package init(text: String, isIntegerLiteral: Bool) {
    self.text = text
    self.isIntegerLiteral = isIntegerLiteral
  }

  /// The value as an `Int` when it is an integer literal that fits; otherwise `nil`.
  package var intValue: Int? { isIntegerLiteral ? Int(text) : nil }

  /// The value as a `Double` (always available for a valid literal; huge values become infinite).
  package var doubleValue: Double? { Double(text) }

  package var description: String { text }
}

/// One `"key": value` member of a JSON object, with the position of its key.
package struct JSONMember: Sendable, Hashable {
  package var key: String
  package var keyPosition: JSONPosition
  package var value: JSONValue

  package init(key: String, keyPosition: JSONPosition, value: JSONValue) {
    self.key = key
    self.keyPosition = keyPosition
    self.value = value
  }
}

/// A parsed JSON value with the position where it starts in the text.
///
/// Objects keep their members in the order written (duplicate keys are refused by the parser),
/// so nothing ever depends on dictionary order.
package struct JSONValue: Sendable, Hashable {
  /// What kind of value this is, with its contents.
  package enum Kind: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])
  }

  package var kind: Kind
  /// Where the value starts: its first character (`{`, `[`, the opening `"`, the first digit or `-`).
  package var position: JSONPosition
  /// For a string, whether its literal contained any backslash escape; `false` for other kinds.
  package var hasEscapes: Bool

  package init(_ kind: Kind, at position: JSONPosition, hasEscapes: Bool = false) {
    self.kind = kind
    self.position = position
    self.hasEscapes = hasEscapes
  }

  /// The string, when this value is a string.
  package var stringValue: String? {
    if case .string(let value) = kind { return value }
    return nil
  }

  /// The members, when this value is an object.
  package var objectMembers: [JSONMember]? {
    if case .object(let members) = kind { return members }
    return nil
  }

  /// The elements, when this value is an array.
  package var arrayElements: [JSONValue]? {
    if case .array(let elements) = kind { return elements }
    return nil
  }

  /// The value of the member named `key`, when this value is an object that has one.
  package subscript(key: String) -> JSONValue? {
    objectMembers?.first { $0.key == key }?.value
  }

  /// A short description of the kind, for messages: "a string", "an object", "null", …
  package var kindDescription: String {
    switch kind {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let number): number.isIntegerLiteral ? "an integer" : "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// A JSON syntax error, with the position of the offending character.
package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  package var line: Int
  package var column: Int
  package var message: String

  package init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  package var description: String { "\(line):\(column): \(message)" }
}
