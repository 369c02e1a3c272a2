/// A strict JSON parser (RFC 8259) that records where every value and key starts.
///
/// It accepts exactly the JSON grammar: no comments, no trailing commas, no single quotes, no
/// `NaN`, no text after the top-level value, no raw control characters in strings, no lone
/// surrogates, and only valid UTF-8. It also refuses duplicate keys in one object (RFC 8259 only
/// says they make behaviour unpredictable). A leading UTF-8 byte order mark is skipped, as the RFC
/// allows. Nesting deeper than ``maximumDepth`` is refused instead of exhausting the stack.
///
/// ```swift
/// let value = try JSONParser.parse(#"{"a": [1, true]}"#)
/// value["a"]?.position  // 1:7
/// ```
package enum JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  package static let maximumDepth = 512

  /// Parses a JSON text.
  package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try parse(bytes: Array(text.utf8))
  }

  /// Parses a JSON text given as UTF-8 bytes; invalid UTF-8 is an error with its position.
  package static func parse(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    if let bad = firstInvalidUTF8Offset(in: bytes) {
      let position = scanPosition(of: bad, in: bytes)
      throw JSONSyntaxError(
        line: position.line, column: position.column,
        message: "invalid UTF-8 (byte 0x\(hex(bytes[bad], width: 2)))")
    }
    var parser = Parser(bytes: bytes)
    return try parser.parseDocument()
  }

  /// The offset of the first byte that is not part of a well-formed UTF-8 sequence, if any.
  static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int? {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default: return index
      }
      guard index + 1 < count, (low...high).contains(bytes[index + 1]) else { return index }
      for offset in 2..<length {
        guard index + offset < count, (0x80...0xBF).contains(bytes[index + offset]) else {
          return index
        }
      }
      index += length
    }
    return nil
  }

  /// The position of `offset`, found by scanning from the start (used for errors only).
  static func scanPosition(of offset: Int, in bytes: [UInt8]) -> JSONPosition {
    var line = 1
    var lineStart = 0
    var index = 0
    while index < offset {
      if bytes[index] == 0x0A {
        line += 1
        lineStart = index + 1
      } else if bytes[index] == 0x0D, index + 1 >= bytes.count || bytes[index + 1] != 0x0A {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    if line == 1, offset >= 3, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      lineStart = 3
    }
    let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
    return JSONPosition(line: line, column: column, offset: offset)
  }

  static func hex(_ value: some BinaryInteger, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

// MARK: - The parser

private enum Byte {
  static let tab: UInt8 = 0x09
  static let lineFeed: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  static let space: UInt8 = 0x20
  static let quote: UInt8 = 0x22  // "
  static let apostrophe: UInt8 = 0x27  // '
  static let plus: UInt8 = 0x2B
  static let comma: UInt8 = 0x2C
  static let minus: UInt8 = 0x2D
  static let period: UInt8 = 0x2E
  static let slash: UInt8 = 0x2F
  static let zero: UInt8 = 0x30
  static let nine: UInt8 = 0x39
  static let colon: UInt8 = 0x3A
  static let backslash: UInt8 = 0x5C
  static let openBracket: UInt8 = 0x5B
  static let closeBracket: UInt8 = 0x5D
  static let openBrace: UInt8 = 0x7B
  static let closeBrace: UInt8 = 0x7D
  static let asterisk: UInt8 = 0x2A

  static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }

  static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x24: true
    default: false
    }
  }

  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46: UInt32(byte - 0x41 + 10)
    case 0x61...0x66: UInt32(byte - 0x61 + 10)
    default: nil
    }
  }
}

private struct Parser {
  let bytes: [UInt8]
  var index = 0
  var line = 1
  var lineStart = 0
  // The column of `columnCacheOffset` on the current line, so positions cost O(distance).
  var columnCacheOffset = 0
  var columnCacheColumn = 1
  var depth = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  // MARK: Positions

  mutating func position(at offset: Int) -> JSONPosition {
    guard offset >= lineStart else {
      // Not on the current line (never expected): scan from the start rather than trap.
      return JSONParser.scanPosition(of: offset, in: bytes)
    }
    if offset < columnCacheOffset {
      columnCacheOffset = lineStart
      columnCacheColumn = 1
    }
    let skipped = String(decoding: bytes[columnCacheOffset..<offset], as: UTF8.self).count
    columnCacheOffset = offset
    columnCacheColumn += skipped
    return JSONPosition(line: line, column: columnCacheColumn, offset: offset)
  }

  mutating func error(at offset: Int, _ message: String) -> JSONSyntaxError {
    let position = position(at: offset)
    return JSONSyntaxError(line: position.line, column: position.column, message: message)
  }

  mutating func startNewLine() {
    line += 1
    lineStart = index
    columnCacheOffset = index
    columnCacheColumn = 1
  }

  // MARK: Helpers

  var atEnd: Bool { index >= bytes.count }

  var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case Byte.space, Byte.tab:
        index += 1
      case Byte.lineFeed:
        index += 1
        startNewLine()
      case Byte.carriageReturn:
        index += 1
        if index < bytes.count, bytes[index] == Byte.lineFeed { index += 1 }
        startNewLine()
      default:
        return
      }
    }
  }

  /// The character at `offset` quoted for a message: `'x'`, or `U+0007` for controls.
  func describeCharacter(at offset: Int) -> String {
    guard offset < bytes.count else { return "end of file" }
    let lead = bytes[offset]
    let length: Int
    switch lead {
    case 0..<0x80: length = 1
    case 0xC0..<0xE0: length = 2
    case 0xE0..<0xF0: length = 3
    default: length = 4
    }
    let end = min(bytes.count, offset + length)
    let text = String(decoding: bytes[offset..<end], as: UTF8.self)
    if let scalar = text.unicodeScalars.first,
      scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format
    {
      return "U+" + JSONParser.hex(scalar.value, width: 4)
    }
    return "'\(text)'"
  }

  /// The error for an unexpected character (or the end) where `expected` was expected.
  mutating func unexpected(_ expected: String) -> JSONSyntaxError {
    guard let byte = peek else {
      return error(at: index, "expected \(expected), found end of file")
    }
    if byte == Byte.slash, index + 1 < bytes.count,
      bytes[index + 1] == Byte.slash || bytes[index + 1] == Byte.asterisk
    {
      return error(at: index, "comments are not allowed in JSON")
    }
    if byte == Byte.apostrophe {
      return error(at: index, "strings must be in double quotes, found '")
    }
    if Byte.isWordByte(byte), !Byte.isDigit(byte) {
      var end = index
      while end < bytes.count, Byte.isWordByte(bytes[end]) { end += 1 }
      let word = String(decoding: bytes[index..<end], as: UTF8.self)
      return error(at: index, "expected \(expected), found '\(word)'")
    }
    return error(at: index, "expected \(expected), found \(describeCharacter(at: index))")
  }

  // MARK: Grammar

  mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      index = 3
      lineStart = 3
      columnCacheOffset = 3
    }
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard atEnd else {
      if bytes[index] == Byte.slash { throw unexpected("end of file") }
      throw error(
        at: index,
        "unexpected \(describeCharacter(at: index)) after the end of the JSON value")
    }
    return value
  }

  mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard let byte = peek else { throw unexpected("a value") }
    switch byte {
    case Byte.openBrace: return try parseObject()
    case Byte.openBracket: return try parseArray()
    case Byte.quote:
      let start = position(at: index)
      let (string, hasEscapes) = try parseString()
      return JSONValue(.string(string), at: start, hasEscapes: hasEscapes)
    case Byte.minus, Byte.zero...Byte.nine: return try parseNumber()
    default:
      if Byte.isWordByte(byte) {
        var end = index
        while end < bytes.count, Byte.isWordByte(bytes[end]) { end += 1 }
        let word = String(decoding: bytes[index..<end], as: UTF8.self)
        let start = position(at: index)
        let kind: JSONValue.Kind
        switch word {
        case "true": kind = .bool(true)
        case "false": kind = .bool(false)
        case "null": kind = .null
        default:
          let lowered = word.lowercased()
          if ["true", "false", "null"].contains(lowered) {
            throw error(
              at: index,
              "expected a value, found '\(word)'; JSON literals are lowercase: '\(lowered)'")
          }
          throw unexpected("a value")
        }
        index = end
        return JSONValue(kind, at: start)
      }
      throw unexpected("a value")
    }
  }

  mutating func enterContainer() throws(JSONSyntaxError) {
    depth += 1
    if depth > JSONParser.maximumDepth {
      throw error(
        at: index,
        "arrays and objects are nested too deeply (more than \(JSONParser.maximumDepth) levels)")
    }
  }

  mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    let start = position(at: index)
    try enterContainer()
    index += 1
    var members: [JSONMember] = []
    var seen: [String: JSONPosition] = [:]
    skipWhitespace()
    if peek == Byte.closeBrace {
      index += 1
      depth -= 1
      return JSONValue(.object([]), at: start)
    }
    while true {
      guard peek == Byte.quote else {
        if let byte = peek,
          (Byte.isWordByte(byte) && !Byte.isDigit(byte)) || byte == Byte.apostrophe
        {
          throw error(at: index, "object keys must be strings in double quotes")
        }
        throw unexpected(members.isEmpty ? "a string key or '}'" : "a string key")
      }
      let keyPosition = position(at: index)
      let (key, _) = try parseString()
      if let first = seen[key] {
        throw error(
          at: keyPosition.offset,
          "duplicate key \"\(JSONEscaping.escape(key))\" (first at \(first.line):\(first.column))")
      }
      seen[key] = keyPosition
      skipWhitespace()
      guard peek == Byte.colon else { throw unexpected("':' after the key") }
      index += 1
      skipWhitespace()
      let value = try parseValue()
      members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
      skipWhitespace()
      switch peek {
      case Byte.comma:
        let comma = index
        index += 1
        skipWhitespace()
        if peek == Byte.closeBrace {
          throw commaError(at: comma, before: "}")
        }
      case Byte.closeBrace:
        index += 1
        depth -= 1
        return JSONValue(.object(members), at: start)
      default:
        throw unexpected("',' or '}'")
      }
    }
  }

  mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    let start = position(at: index)
    try enterContainer()
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek == Byte.closeBracket {
      index += 1
      depth -= 1
      return JSONValue(.array([]), at: start)
    }
    while true {
      elements.append(try parseValue())
      skipWhitespace()
      switch peek {
      case Byte.comma:
        let comma = index
        index += 1
        skipWhitespace()
        if peek == Byte.closeBracket {
          throw commaError(at: comma, before: "]")
        }
      case Byte.closeBracket:
        index += 1
        depth -= 1
        return JSONValue(.array(elements), at: start)
      default:
        throw unexpected("',' or ']'")
      }
    }
  }

  /// A trailing comma: reported at the comma, which may be on an earlier line than `index`.
  mutating func commaError(at comma: Int, before closer: String) -> JSONSyntaxError {
    let position = JSONParser.scanPosition(of: comma, in: bytes)
    return JSONSyntaxError(
      line: position.line, column: position.column,
      message: "trailing comma before '\(closer)' is not allowed")
  }

  mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let startOffset = index
    let start = position(at: index)
    var isInteger = true
    if peek == Byte.minus {
      index += 1
    }
    guard let first = peek, Byte.isDigit(first) else {
      throw error(at: index, "expected a digit after '-', found \(describeCharacter(at: index))")
    }
    if first == Byte.zero {
      index += 1
      if let next = peek, Byte.isDigit(next) {
        throw error(at: index - 1, "numbers cannot have leading zeros")
      }
    } else {
      while let byte = peek, Byte.isDigit(byte) { index += 1 }
    }
    if peek == Byte.period {
      isInteger = false
      index += 1
      guard let byte = peek, Byte.isDigit(byte) else {
        throw error(at: index, "expected a digit after '.', found \(describeCharacter(at: index))")
      }
      while let byte = peek, Byte.isDigit(byte) { index += 1 }
    }
    if peek == 0x65 || peek == 0x45 {  // e E
      isInteger = false
      index += 1
      if peek == Byte.plus || peek == Byte.minus { index += 1 }
      guard let byte = peek, Byte.isDigit(byte) else {
        throw error(
          at: index, "expected a digit in the exponent, found \(describeCharacter(at: index))")
      }
      while let byte = peek, Byte.isDigit(byte) { index += 1 }
    }
    let text = String(decoding: bytes[startOffset..<index], as: UTF8.self)
    return JSONValue(.number(JSONNumber(text: text, isIntegerLiteral: isInteger)), at: start)
  }

  /// Parses a string literal starting at the opening quote; returns it and whether it had escapes.
  mutating func parseString() throws(JSONSyntaxError) -> (String, Bool) {
    let open = index
    index += 1
    var buffer: [UInt8] = []
    var hasEscapes = false
    var runStart = index
    while true {
      guard index < bytes.count else {
        throw error(at: open, "unterminated string (no closing '\"')")
      }
      let byte = bytes[index]
      if byte == Byte.quote {
        if hasEscapes {
          buffer.append(contentsOf: bytes[runStart..<index])
          index += 1
          return (String(decoding: buffer, as: UTF8.self), true)
        }
        let string = String(decoding: bytes[runStart..<index], as: UTF8.self)
        index += 1
        return (string, false)
      }
      if byte == Byte.backslash {
        hasEscapes = true
        buffer.append(contentsOf: bytes[runStart..<index])
        try parseEscape(into: &buffer)
        runStart = index
        continue
      }
      if byte < 0x20 {
        if byte == Byte.lineFeed || byte == Byte.carriageReturn {
          throw error(
            at: index, "unterminated string: a line break in a string must be written \\n")
        }
        throw error(
          at: index,
          "control character U+\(JSONParser.hex(byte, width: 4)) must be escaped in a string")
      }
      index += 1
    }
  }

  mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
    let backslash = index
    index += 1
    guard let byte = peek else {
      throw error(at: backslash, "unterminated escape at end of file")
    }
    index += 1
    switch byte {
    case Byte.quote, Byte.backslash, Byte.slash: buffer.append(byte)
    case 0x62: buffer.append(0x08)  // b
    case 0x66: buffer.append(0x0C)  // f
    case 0x6E: buffer.append(0x0A)  // n
    case 0x72: buffer.append(0x0D)  // r
    case 0x74: buffer.append(0x09)  // t
    case 0x75:  // u
      let unit = try readHex4(escapeAt: backslash)
      var scalarValue = unit
      if (0xD800...0xDBFF).contains(unit) {
        guard index + 1 < bytes.count, bytes[index] == Byte.backslash, bytes[index + 1] == 0x75
        else {
          throw error(
            at: backslash, "unpaired surrogate \\u\(JSONParser.hex(unit, width: 4)) in string")
        }
        let lowEscape = index
        index += 2
        let low = try readHex4(escapeAt: lowEscape)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw error(
            at: backslash, "unpaired surrogate \\u\(JSONParser.hex(unit, width: 4)) in string")
        }
        scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(unit) {
        throw error(
          at: backslash, "unpaired surrogate \\u\(JSONParser.hex(unit, width: 4)) in string")
      }
      guard let scalar = Unicode.Scalar(scalarValue) else {
        throw error(at: backslash, "invalid \\u escape")
      }
      buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
    default:
      index -= 1
      throw error(
        at: backslash, "invalid escape '\\\(describeCharacter(at: index).trimmingQuotes)' in string"
      )
    }
  }

  mutating func readHex4(escapeAt backslash: Int) throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek, let digit = Byte.hexValue(byte) else {
        throw error(at: backslash, "invalid \\u escape: expected four hexadecimal digits")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }
}

extension String {
  fileprivate var trimmingQuotes: Substring {
    if count >= 2, first == "'", last == "'" { return dropFirst().dropLast() }
    return self[...]
  }
}
