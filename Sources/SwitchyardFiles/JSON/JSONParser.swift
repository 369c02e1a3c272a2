import Switchyard

/// A strict JSON parser (RFC 8259) that records where every value and key starts.
///
/// It accepts exactly the JSON grammar: no comments, no trailing commas, no single quotes, no
/// `NaN`, no text after the top-level value, no raw control characters in strings, no lone
/// surrogates, and only valid UTF-8. It also refuses duplicate keys in one object (RFC 8259 only
/// says they make behaviour unpredictable). A leading UTF-8 byte order mark is skipped, as the RFC
/// allows. Nesting deeper than ``maximumDepth`` is refused with an error naming the limit. The
/// parser keeps the containers it is inside in an array, not on the call stack, so its stack use
/// does not grow with the nesting (it runs on a 512 KiB thread).
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
    try parse(bytes: bytes, streamingElementsOf: nil) { _, _ in }
  }

  /// Parses a JSON text, handing each element of one array to `receive` as soon as it is read
  /// instead of keeping it: the array that is the value of the top-level object's member named
  /// `key`. That array then appears in the returned value as an empty array. `receive` also
  /// gets the top-level members read before the array (a route file's `"version"` and
  /// `"options"`, when they come first).
  ///
  /// A large array is so read in memory proportional to one element, not to the whole array.
  /// Elements are handed over in order; a syntax error anywhere still fails the whole parse, so
  /// the caller must treat what it received as provisional until this returns.
  ///
  /// ```swift
  /// var names: [String] = []
  /// let root = try JSONParser.parse(bytes: bytes, streamingElementsOf: "routes") { route, _ in
  ///   if let name = route["name"]?.stringValue { names.append(name) }
  /// }
  /// ```
  package static func parse(
    bytes: [UInt8], streamingElementsOf key: String?,
    _ receive: (_ element: JSONValue, _ membersBefore: [JSONMember]) -> Void
  ) throws(JSONSyntaxError) -> JSONValue {
    let isASCII = try validateUTF8(bytes)
    var parser = Parser(bytes: bytes, isASCII: isASCII)
    return try parser.parseDocument(streamingElementsOf: key, receive)
  }

  /// Checks that `bytes` are well-formed UTF-8, or throws an error at the first bad byte
  /// (`3:7: invalid UTF-8 (byte 0xD1)`); returns whether they are all ASCII.
  ///
  /// Every text the package reads from a file goes through this check, so that a route file
  /// and an app-link file report bad bytes the same way.
  ///
  /// ```swift
  /// _ = try JSONParser.validateUTF8([0x7B, 0xD1])  // throws 1:2: invalid UTF-8 (byte 0xD1)
  /// ```
  @discardableResult
  package static func validateUTF8(_ bytes: [UInt8]) throws(JSONSyntaxError) -> Bool {
    let asciiLength = bytes.withUnsafeBufferPointer { asciiPrefixLength($0) }
    if asciiLength < bytes.count, let bad = firstInvalidUTF8Offset(in: bytes) {
      let position = scanPosition(of: bad, in: bytes)
      throw JSONSyntaxError(
        line: position.line, column: position.column,
        message: "invalid UTF-8 (byte 0x\(hex(bytes[bad], width: 2)))")
    }
    return asciiLength == bytes.count
  }

  /// The offset of the first byte that is not part of a well-formed UTF-8 sequence, if any.
  ///
  /// A route file is mostly ASCII: its ASCII start is skipped eight bytes at a time, and only
  /// the rest (from the first byte of 0x80 or more, which starts a sequence) is decoded.
  static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      let start = asciiPrefixLength(buffer)
      guard start < buffer.count else { return nil }
      let rest = UnsafeBufferPointer(rebasing: buffer[start...])
      return Switchyard.firstInvalidUTF8Offset(rest).map { $0 + start }
    }
  }

  /// How many bytes at the start of `buffer` are ASCII (below 0x80).
  static func asciiPrefixLength(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var index = 0
    while buffer.count - index >= 8 {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      if word & 0x8080_8080_8080_8080 != 0 { break }
      index += 8
    }
    while index < buffer.count, buffer[index] < 0x80 { index += 1 }
    return index
  }

  /// The position of `offset`, found by scanning from the start (used for errors only).
  static func scanPosition(of offset: Int, in bytes: [UInt8]) -> JSONPosition {
    var line = 1
    var lineStart = 0
    var index = 0
    while index < offset {
      if bytes[index] == UInt8(ascii: "\n") {
        line += 1
        lineStart = index + 1
      } else if bytes[index] == UInt8(ascii: "\r"),
        index + 1 >= bytes.count || bytes[index + 1] != UInt8(ascii: "\n")
      {
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

  /// The offset of the first `"`, `\\` or control character (below U+0020) at or after
  /// `start`, or the end: where a string's plain run of bytes stops. Eight bytes are looked at
  /// at once; a word that may hold such a byte is then read byte by byte.
  static func plainRunEnd(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var cursor = start
    if let base = buffer.baseAddress {
      let raw = UnsafeRawPointer(base)
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      while buffer.count - cursor >= 8 {
        let word = raw.loadUnaligned(fromByteOffset: cursor, as: UInt64.self)
        // A byte is zero in `x` exactly when `(x - 1) & ~x` has its high bit (the usual test;
        // a borrow may also mark a byte above a marked one, which only sends the word to the
        // byte-by-byte loop below). Below 0x20: `word - 0x20` in each byte, the same way.
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let maybe =
          ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
          | ((word &- ones &* 0x20) & ~word)
        if maybe & highs != 0 { break }
        cursor += 8
      }
    }
    while cursor < buffer.count {
      let byte = buffer[cursor]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < UInt8(ascii: " ") {
        break
      }
      cursor += 1
    }
    return cursor
  }

  static func hex(_ value: some BinaryInteger, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

// MARK: - The parser

/// A byte that continues a bare word (`true`, `null`, or a misspelling of them) for messages.
private func isWordByte(_ byte: UInt8) -> Bool {
  isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
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
  /// The emptied member array of the last streamed element that was an object: the next
  /// object opened takes its room, so a stream of small objects (routes) allocates no member
  /// array after the first.
  var spareMembers: [JSONMember] = []

  /// Whether every byte is ASCII: then a column is a count of bytes.
  let isASCII: Bool

  init(bytes: [UInt8], isASCII: Bool) {
    self.bytes = bytes
    self.isASCII = isASCII
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
    let skipped =
      isASCII ? offset - columnCacheOffset : Self.characterCount(bytes[columnCacheOffset..<offset])
    columnCacheOffset = offset
    columnCacheColumn += skipped
    return JSONPosition(line: line, column: columnCacheColumn, offset: offset)
  }

  /// How many `Character`s `bytes` (part of one line) holds. ASCII text without a line break
  /// has one per byte, so it is counted without decoding.
  static func characterCount(_ bytes: ArraySlice<UInt8>) -> Int {
    if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.count }
    return String(decoding: bytes, as: UTF8.self).count
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
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        index += 1
      case UInt8(ascii: "\n"):
        index += 1
        startNewLine()
      case UInt8(ascii: "\r"):
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
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
    if byte == UInt8(ascii: "/"), index + 1 < bytes.count,
      bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")
    {
      return error(at: index, "comments are not allowed in JSON")
    }
    if byte == UInt8(ascii: "'") {
      return error(at: index, "strings must be in double quotes, found '")
    }
    if isWordByte(byte), !isDigit(byte) {
      var end = index
      while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
      let word = String(decoding: bytes[index..<end], as: UTF8.self)
      return error(at: index, "expected \(expected), found '\(word)'")
    }
    return error(at: index, "expected \(expected), found \(describeCharacter(at: index))")
  }

  // MARK: Grammar

  mutating func parseDocument(
    streamingElementsOf key: String?,
    _ receive: (_ element: JSONValue, _ membersBefore: [JSONMember]) -> Void
  ) throws(JSONSyntaxError) -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      index = 3
      lineStart = 3
      columnCacheOffset = 3
    }
    skipWhitespace()
    let value = try parseValue(streamingElementsOf: key, receive)
    skipWhitespace()
    guard atEnd else {
      if bytes[index] == UInt8(ascii: "/") { throw unexpected("end of file") }
      throw error(
        at: index,
        "unexpected \(describeCharacter(at: index)) after the end of the JSON value")
    }
    return value
  }

  /// An array or object whose elements are still being read. It is changed in place at the
  /// end of the parser's array of open containers, so adding an element never copies the
  /// ones before it.
  struct OpenContainer {
    var start: JSONPosition
    var isObject: Bool
    var elements: [JSONValue] = []
    var members: [JSONMember] = []
    /// The keys of a large object, for finding duplicates; a small one searches `members`
    /// (which hold every key read before the current one), so it allocates no table.
    var seen: [String: JSONPosition] = [:]
    /// The key whose value is being read (objects only).
    var key = ""
    var keyPosition: JSONPosition

    /// Up to this many members, duplicates are found by a linear search.
    static let linearSearchLimit = 16

    /// An object takes the room of `spare`, an empty array (see `Parser.spareMembers`).
    init(start: JSONPosition, isObject: Bool, spare: inout [JSONMember]) {
      self.start = start
      self.isObject = isObject
      self.keyPosition = start
      if isObject { swap(&members, &spare) }
      // Room for a typical small object (a route) at once, instead of growing to it.
      if isObject && members.capacity < 4 { members.reserveCapacity(4) }
    }

    /// Where `key` was first used in this object, if it was.
    func earlierPosition(of key: String) -> JSONPosition? {
      if members.count < Self.linearSearchLimit {
        return members.first { $0.key == key }?.keyPosition
      }
      return seen[key]
    }

    /// Notes a key just read (its member is added once its value is read).
    mutating func remember(_ key: String, at position: JSONPosition) {
      if members.count + 1 == Self.linearSearchLimit {
        // From now on the table is searched: it takes every key so far, and this one.
        for member in members { seen[member.key] = member.keyPosition }
      }
      if members.count + 1 >= Self.linearSearchLimit { seen[key] = position }
    }
  }

  /// Parses one value and everything nested in it. The containers still open are kept in an
  /// array rather than on the call stack, so deep nesting needs no more stack than a scalar.
  mutating func parseValue(
    streamingElementsOf key: String?,
    _ receive: (_ element: JSONValue, _ membersBefore: [JSONMember]) -> Void
  ) throws(JSONSyntaxError) -> JSONValue {
    var open: [OpenContainer] = []
    while true {
      // A value starts here: a scalar, an empty container, or the first element of one.
      var value: JSONValue
      switch peek {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = peek == UInt8(ascii: "{")
        let start = position(at: index)
        try enterContainer()
        index += 1
        skipWhitespace()
        if peek == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          index += 1
          depth -= 1
          value = JSONValue(isObject ? .object([]) : .array([]), at: start)
        } else {
          var container = OpenContainer(start: start, isObject: isObject, spare: &spareMembers)
          if isObject {
            try readKey(into: &container, first: true)
          }
          open.append(consume container)
          continue
        }
      default:
        value = try parseScalar()
      }
      // Hand the value to the innermost open container; each one it completes becomes the
      // value handed to the next.
      while !open.isEmpty {
        skipWhitespace()
        // An element of the streamed array: the top-level object is open, at that key, and
        // the array is the innermost container.
        let streams =
          open.count == 2 && !open[1].isObject && open[0].isObject && open[0].key == key
        if streams {
          receive(value, open[0].members)
          if case .object(var members) = value.kind {
            // Keep the room of its members for the next object (once `value` lets go of it).
            value.kind = .null
            // Element by element: `removeAll(keepingCapacity:)` costs more for two or three.
            while !members.isEmpty { members.removeLast() }
            spareMembers = members
          }
        }
        guard let closed = try add(streams ? nil : value, toInnermostOf: &open) else { break }
        value = closed
      }
      if open.isEmpty { return value }
    }
  }

  /// Adds `value` to the last of `open` and reads what follows it: after a `,` the container
  /// stays open to read its next element (and `nil` is returned); after the closing bracket or
  /// brace it is removed and returned as a value.
  ///
  /// A `nil` value (an element already handed to the caller) is read past but not kept.
  mutating func add(
    _ value: JSONValue?, toInnermostOf open: inout [OpenContainer]
  ) throws(JSONSyntaxError) -> JSONValue? {
    let last = open.count - 1
    let isObject = open[last].isObject
    if let value {
      if isObject {
        let member = JSONMember(
          key: open[last].key, keyPosition: open[last].keyPosition, value: value)
        open[last].members.append(member)
      } else {
        open[last].elements.append(value)
      }
    }
    switch peek {
    case UInt8(ascii: ","):
      let comma = index
      index += 1
      skipWhitespace()
      let closer = isObject ? "}" : "]"
      if peek == UInt8(ascii: isObject ? "}" : "]") { throw commaError(at: comma, before: closer) }
      if isObject {
        try readKey(into: &open[last], first: false)
      }
      return nil
    case UInt8(ascii: "]") where !isObject, UInt8(ascii: "}") where isObject:
      index += 1
      depth -= 1
      let container = open.removeLast()
      return JSONValue(
        isObject ? .object(container.members) : .array(container.elements), at: container.start)
    default:
      throw unexpected(isObject ? "',' or '}'" : "',' or ']'")
    }
  }

  /// Reads `"key":` and the whitespace after it into `container`'s current key; a key the
  /// object already has is an error.
  mutating func readKey(
    into container: inout OpenContainer, first: Bool
  ) throws(JSONSyntaxError) {
    guard peek == UInt8(ascii: "\"") else {
      if let byte = peek,
        (isWordByte(byte) && !isDigit(byte)) || byte == UInt8(ascii: "'")
      {
        throw error(at: index, "object keys must be strings in double quotes")
      }
      throw unexpected(first ? "a string key or '}'" : "a string key")
    }
    let keyPosition = position(at: index)
    let (key, _) = try parseString()
    if let earlier = container.earlierPosition(of: key) {
      throw error(
        at: keyPosition.offset,
        "duplicate key \"\(JSONEscaping.escape(key))\" (first at \(earlier.line):\(earlier.column))"
      )
    }
    container.remember(key, at: keyPosition)
    skipWhitespace()
    guard peek == UInt8(ascii: ":") else { throw unexpected("':' after the key") }
    index += 1
    skipWhitespace()
    container.key = key
    container.keyPosition = keyPosition
  }

  /// A string, number, `true`, `false` or `null`.
  mutating func parseScalar() throws(JSONSyntaxError) -> JSONValue {
    guard let byte = peek else { throw unexpected("a value") }
    switch byte {
    case UInt8(ascii: "\""):
      let start = position(at: index)
      let (string, hasEscapes) = try parseString()
      return JSONValue(.string(string), at: start, hasEscapes: hasEscapes)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default:
      guard isWordByte(byte) else { throw unexpected("a value") }
      var end = index
      while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
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
  }

  mutating func enterContainer() throws(JSONSyntaxError) {
    depth += 1
    if depth > JSONParser.maximumDepth {
      throw error(
        at: index,
        "arrays and objects are nested too deeply (more than \(JSONParser.maximumDepth) levels)")
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
    if peek == UInt8(ascii: "-") {
      index += 1
    }
    guard let first = peek, isDigit(first) else {
      throw error(at: index, "expected a digit after '-', found \(describeCharacter(at: index))")
    }
    if first == UInt8(ascii: "0") {
      index += 1
      if let next = peek, isDigit(next) {
        throw error(at: index - 1, "numbers cannot have leading zeros")
      }
    } else {
      while let byte = peek, isDigit(byte) { index += 1 }
    }
    if peek == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard let byte = peek, isDigit(byte) else {
        throw error(at: index, "expected a digit after '.', found \(describeCharacter(at: index))")
      }
      while let byte = peek, isDigit(byte) { index += 1 }
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
      guard let byte = peek, isDigit(byte) else {
        throw error(
          at: index, "expected a digit in the exponent, found \(describeCharacter(at: index))")
      }
      while let byte = peek, isDigit(byte) { index += 1 }
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
    // Most strings have no escape: find their end over the raw bytes first, then read the
    // rest (escapes, errors) byte by byte below.
    index = bytes.withUnsafeBufferPointer { JSONParser.plainRunEnd(in: $0, from: runStart) }
    while true {
      guard index < bytes.count else {
        throw error(at: open, "unterminated string (no closing '\"')")
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        if hasEscapes {
          buffer.append(contentsOf: bytes[runStart..<index])
          index += 1
          return (String(decoding: buffer, as: UTF8.self), true)
        }
        let string = String(decoding: bytes[runStart..<index], as: UTF8.self)
        index += 1
        return (string, false)
      }
      if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        buffer.append(contentsOf: bytes[runStart..<index])
        try parseEscape(into: &buffer)
        runStart = index
        continue
      }
      if byte < UInt8(ascii: " ") {
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
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
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
    case UInt8(ascii: "b"): buffer.append(0x08)  // backspace
    case UInt8(ascii: "f"): buffer.append(0x0C)  // form feed
    case UInt8(ascii: "n"): buffer.append(UInt8(ascii: "\n"))
    case UInt8(ascii: "r"): buffer.append(UInt8(ascii: "\r"))
    case UInt8(ascii: "t"): buffer.append(UInt8(ascii: "\t"))
    case UInt8(ascii: "u"):
      let unit = try readHex4(escapeAt: backslash)
      var scalarValue = unit
      if (0xD800...0xDBFF).contains(unit) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
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
      guard let byte = peek, let digit = hexValue(byte) else {
        throw error(at: backslash, "invalid \\u escape: expected four hexadecimal digits")
      }
      value = value << 4 | UInt32(digit)
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
