/// The structure of a pattern that building a URL needs and matching does not: the path with
/// its optional groups unexpanded, the host as written, and the query names in written order.
///
/// It is read with the pattern parser's own lexer (`PatternParser.items(in:context:)`), so a
/// byte means here what it means to the matcher; the scheme and host alternatives come from
/// the parsed ``RoutePattern``'s variants.
struct BuildTemplate: Sendable {
  typealias Item = PatternParser.Item

  let pattern: RoutePattern
  /// The path items when the scheme keeps its host, and when it reads it as a path segment.
  let pathItems: [Item]
  let hostAsPathItems: [Item]
  /// Whether the pattern writes a path at all (`https://example.com/` rather than
  /// `https://example.com`).
  let writesPath: Bool
  /// The host as written (for messages), or `nil`.
  let hostText: String?
  /// The query names in the order the pattern writes them (decoded as the parser decodes).
  let queryOrder: [[UInt8]]

  /// Reads `pattern`'s text; its variants are taken from `pattern` when it still has them (a
  /// table's routes do, a compiled matcher's do not).
  init(
    _ pattern: RoutePattern, options: RouteOptions, types: [ParameterType]
  ) throws(PatternSyntaxError) {
    let text = pattern.text
    // Read again as the table read it: under its accepted origins when it names none itself
    // (a compiled matcher's routes keep no variants).
    if !pattern.variants.isEmpty {
      self.pattern = pattern
    } else if let underOrigins = try? RouteTable.readUnderOrigins(
      text, name: "", options: options, types: types)
    {
      self.pattern = underOrigins
    } else {
      self.pattern = try RoutePattern(text, options: options, types: types)
    }
    var parser = PatternParser(text: text, options: options, types: types)
    let bytes = parser.bytes
    // The parser's own split and authority rule: scheme, authority (host and port), path, query.
    let parts = try parser.split()
    let hostRange = try parts.authority.map { range throws(PatternSyntaxError) in
      try parser.readAuthority(range).host
    }
    let path = try parser.items(in: parts.path, context: .path)
    writesPath = !parts.path.isEmpty
    pathItems = path
    if let hostRange, !hostRange.isEmpty {
      hostText = String(decoding: bytes[hostRange], as: UTF8.self)
      hostAsPathItems = try parser.items(in: hostRange, context: .path) + [.slash] + path
    } else {
      hostText = nil
      hostAsPathItems = path
    }
    var order: [[UInt8]] = []
    if let queryRange = parts.query {
      for requirement in pattern.query {
        order.append(requirement.name)
      }
      // Written order: where each requirement's name first appears in the query text.
      let query = Array(bytes[queryRange])
      let plus = options.plusAsSpace
      order.sort {
        Self.position(of: $0, in: query, plusAsSpace: plus)
          < Self.position(of: $1, in: query, plusAsSpace: plus)
      }
    }
    queryOrder = order
  }

  /// Where the piece naming `name` starts in the query text (a name may be written escaped, so
  /// each piece is compared once decoded as the parser decodes it).
  private static func position(of name: [UInt8], in query: [UInt8], plusAsSpace: Bool) -> Int {
    var start = 0
    while start <= query.count {
      var stop = start
      while stop < query.count, query[stop] != UInt8(ascii: "&") { stop += 1 }
      var equals = start
      while equals < stop, query[equals] != UInt8(ascii: "=") { equals += 1 }
      if decodedName(query[start..<equals], plusAsSpace: plusAsSpace) == name { return start }
      start = stop + 1
    }
    return Int.max
  }

  /// A query name as written, with `%XX` decoded and a raw `+` read as the parser reads it.
  private static func decodedName(_ bytes: ArraySlice<UInt8>, plusAsSpace: Bool) -> [UInt8] {
    var result: [UInt8] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        result.append(high << 4 | low)
        index += 3
      } else {
        let plus = plusAsSpace && bytes[index] == UInt8(ascii: "+")
        result.append(plus ? UInt8(ascii: " ") : bytes[index])
        index += 1
      }
    }
    return repairedUTF8(result)
  }
}
