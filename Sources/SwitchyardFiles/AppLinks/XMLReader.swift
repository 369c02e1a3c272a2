/// A small XML reader for the part of Android manifests the link checks need: elements,
/// attributes, comments, the XML declaration and CDATA are read; entity references are the five
/// predefined ones and character references. A `<!DOCTYPE …>` is refused with a message saying
/// so: its internal subset could declare entities that change what the attributes say, and
/// manifests have none. Nothing is fetched. Nesting is handled with an explicit stack, so depth
/// costs no call stack, and every byte is looked at a bounded number of times, so reading is
/// linear in the file.
struct XMLElement: Sendable, Hashable {
  var name: String
  var attributes: [(name: String, value: String)]
  var children: [XMLElement]
  /// The UTF-8 offset of its `<` (see ``XMLReader/position(of:in:)``).
  var offset: Int

  func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  static func == (lhs: XMLElement, rhs: XMLElement) -> Bool {
    lhs.name == rhs.name && lhs.children == rhs.children && lhs.offset == rhs.offset
      && lhs.attributes.count == rhs.attributes.count
      && zip(lhs.attributes, rhs.attributes).allSatisfy { $0 == $1 }
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(offset)
  }
}

struct XMLReader {
  /// The deepest nesting read.
  static let maximumDepth = 512

  private let bytes: [UInt8]
  private var index = 0

  init(_ text: String) {
    bytes = Array(text.utf8)
  }

  /// Reads the document and returns its root element.
  static func parse(_ text: String) throws(AppLinkFileError) -> XMLElement {
    try AppLinkLimits.checkSize(text)
    var reader = XMLReader(text)
    return try reader.document()
  }

  /// The 1-based line and column (in `Character`s) of a UTF-8 offset. Positions are only
  /// worked out for messages, so reading stays linear in the file's size.
  static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    let end = min(offset, bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    return (line, String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1)
  }

  static func position(of offset: Int, in text: String) -> (line: Int, column: Int) {
    position(of: offset, in: Array(text.utf8))
  }

  private func error(_ message: String, at offset: Int? = nil) -> AppLinkFileError {
    let (line, column) = Self.position(of: offset ?? index, in: bytes)
    return AppLinkFileError(line: line, column: column, message: message)
  }

  private mutating func advance() {
    index += 1
  }

  private func starts(with text: StaticString) -> Bool {
    var position = index
    var matched = true
    text.withUTF8Buffer { pattern in
      for byte in pattern {
        guard position < bytes.count, bytes[position] == byte else {
          matched = false
          return
        }
        position += 1
      }
    }
    return matched
  }

  private mutating func skip(past terminator: StaticString, what: String)
    throws(AppLinkFileError)
  {
    let start = index
    while index < bytes.count {
      if starts(with: terminator) {
        index += terminator.utf8CodeUnitCount
        return
      }
      advance()
    }
    throw error("\(what) is not closed with '\(terminator)'", at: start)
  }

  private mutating func skipSpace() {
    while index < bytes.count, Self.isSpace(bytes[index]) { advance() }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: ":"),
      UInt8(ascii: "-"), UInt8(ascii: "."):
      return true
    default:
      return byte >= 0x80
    }
  }

  private mutating func name() throws(AppLinkFileError) -> String {
    let start = index
    while index < bytes.count, Self.isNameByte(bytes[index]) { advance() }
    guard index > start else { throw error("expected a name") }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// Skips comments, processing instructions, declarations and text up to the next tag.
  private mutating func skipMisc(allowText: Bool) throws(AppLinkFileError) {
    while index < bytes.count {
      if starts(with: "<!--") {
        try skip(past: "-->", what: "a comment")
      } else if starts(with: "<?") {
        try skip(past: "?>", what: "a processing instruction")
      } else if starts(with: "<![CDATA[") {
        guard allowText else { throw error("text outside the root element") }
        try skip(past: "]]>", what: "a CDATA section")
      } else if starts(with: "<!DOCTYPE") {
        throw error("DOCTYPE declarations are not read; remove the <!DOCTYPE …> declaration")
      } else if starts(with: "<!") {
        try skip(past: ">", what: "a declaration")
      } else if bytes[index] == UInt8(ascii: "<") {
        return
      } else {
        guard allowText || Self.isSpace(bytes[index]) else {
          throw error("text outside the root element")
        }
        advance()
      }
    }
  }

  private mutating func document() throws(AppLinkFileError) -> XMLElement {
    if starts(with: "\u{FEFF}") { index += 3 }
    try skipMisc(allowText: false)
    guard index < bytes.count else { throw error("the file has no root element") }
    var stack: [XMLElement] = []
    var root: XMLElement?
    while true {
      if let finished = root {
        try skipMisc(allowText: false)
        guard index >= bytes.count else { throw error("a second root element") }
        return finished
      }
      try skipMisc(allowText: !stack.isEmpty)
      guard index < bytes.count else {
        throw error("<\(stack.last?.name ?? "")> is not closed")
      }
      // At '<'.
      if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
        let closeOffset = index
        advance()
        advance()
        let closing = try name()
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
          throw error("expected '>' to end </\(closing)>")
        }
        advance()
        guard let open = stack.popLast() else {
          throw error("</\(closing)> closes nothing", at: closeOffset)
        }
        guard open.name == closing else {
          let (line, column) = Self.position(of: open.offset, in: bytes)
          throw error(
            "</\(closing)> closes <\(open.name)> opened at \(line):\(column)", at: closeOffset)
        }
        if stack.isEmpty { root = open } else { stack[stack.count - 1].children.append(open) }
        continue
      }
      let tagOffset = index
      advance()
      var element = XMLElement(
        name: try name(), attributes: [], children: [], offset: tagOffset)
      var selfClosing = false
      // The names given so far, so that a repeated one is found without a scan.
      var attributeNames = Set<String>()
      while true {
        skipSpace()
        guard index < bytes.count else { throw error("<\(element.name)> is not finished") }
        if bytes[index] == UInt8(ascii: ">") {
          advance()
          break
        }
        if starts(with: "/>") {
          advance()
          advance()
          selfClosing = true
          break
        }
        let attributeOffset = index
        let attributeName = try name()
        if !attributeNames.insert(attributeName).inserted {
          throw error("attribute \(attributeName) is given twice", at: attributeOffset)
        }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
          throw error("expected '=' after attribute \(attributeName)")
        }
        advance()
        skipSpace()
        guard index < bytes.count,
          bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
        else { throw error("expected a quoted value for attribute \(attributeName)") }
        let quote = bytes[index]
        advance()
        let start = index
        while index < bytes.count, bytes[index] != quote {
          guard bytes[index] != UInt8(ascii: "<") else {
            throw error("'<' in the value of attribute \(attributeName)")
          }
          advance()
        }
        guard index < bytes.count else {
          throw error("the value of \(attributeName) is not closed")
        }
        let value = try Self.decodeEntities(Array(bytes[start..<index]), reader: self)
        advance()
        element.attributes.append((attributeName, value))
      }
      if selfClosing {
        if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
      } else {
        guard stack.count < Self.maximumDepth else {
          throw error("elements nest deeper than \(Self.maximumDepth)")
        }
        stack.append(element)
      }
    }
  }

  private static func decodeEntities(_ raw: [UInt8], reader: XMLReader) throws(AppLinkFileError)
    -> String
  {
    guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
    var out = ""
    var position = 0
    while position < raw.count {
      guard raw[position] == UInt8(ascii: "&") else {
        let start = position
        while position < raw.count, raw[position] != UInt8(ascii: "&") { position += 1 }
        out += String(decoding: raw[start..<position], as: UTF8.self)
        continue
      }
      guard let end = raw[position...].firstIndex(of: UInt8(ascii: ";")) else {
        throw reader.error("an '&' with no ';' in an attribute value")
      }
      let entity = String(decoding: raw[(position + 1)..<end], as: UTF8.self)
      switch entity {
      case "amp": out += "&"
      case "lt": out += "<"
      case "gt": out += ">"
      case "quot": out += "\""
      case "apos": out += "'"
      default:
        var scalar: Unicode.Scalar?
        if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
          scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        } else if entity.hasPrefix("#") {
          scalar = UInt32(entity.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
        }
        guard let scalar else { throw reader.error("unknown entity &\(entity);") }
        out.unicodeScalars.append(scalar)
      }
      position = end + 1
    }
    return out
  }
}
