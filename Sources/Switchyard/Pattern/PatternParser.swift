/// Reads a pattern into its normalised variants (<doc:PatternSyntax>).
///
/// The parser works on the pattern's UTF-8 bytes with absolute offsets, so every error can
/// point at a column of the original text.
struct PatternParser {
  struct Parsed: Equatable {
    var variants: [PatternVariant]
    var query: [QueryRequirement]
    var fragment: FragmentRequirement
    var captureNames: [String]
  }

  /// One lexical item of a part of a pattern.
  enum Item {
    case slash
    /// A literal byte; `escaped` when written `%XX` (then it never acts as syntax).
    case byte(UInt8, escaped: Bool)
    case capture(CaptureType, name: String, offset: Int)
    case star(name: String?, offset: Int)
    indirect case group([Item], offset: Int)
  }

  /// An item once groups are expanded (a `Flat` list never holds `.group`).
  typealias Flat = Item

  enum Context {
    case scheme, host, path, query, fragment
  }

  let text: String
  let bytes: [UInt8]
  let options: RouteOptions
  let types: [ParameterType]
  private var seenNames: [(name: String, offset: Int)] = []

  init(text: String, options: RouteOptions, types: [ParameterType]) {
    self.text = text
    self.bytes = Array(text.utf8)
    self.options = options
    self.types = types
  }

  // MARK: Errors

  func error(_ message: String, at offset: Int) -> PatternSyntaxError {
    let clamped = min(max(0, offset), bytes.count)
    let column = String(decoding: bytes[0..<clamped], as: UTF8.self).count + 1
    return PatternSyntaxError(pattern: text, column: column, message: message)
  }

  func column(of offset: Int) -> Int {
    String(decoding: bytes[0..<min(offset, bytes.count)], as: UTF8.self).count + 1
  }

  // MARK: Top level

  mutating func parse() throws(PatternSyntaxError) -> Parsed {
    let end = bytes.count
    var cursor = 0

    // Scheme: `[A-Za-z(][A-Za-z0-9+.-()]*:`
    var schemeRange: Range<Int>? = nil
    if let first = bytes.first, isAlpha(first) || first == 0x28 {
      var index = 0
      while index < end, isSchemeByte(bytes[index]) || bytes[index] == 0x28 || bytes[index] == 0x29
      {
        index += 1
      }
      if index < end, bytes[index] == 0x3A {
        schemeRange = 0..<index
        cursor = index + 1
      }
    }

    // Authority: after `//`, up to the first `/`, `?` or `#` outside groups and captures.
    var authorityRange: Range<Int>? = nil
    if cursor + 1 < end, bytes[cursor] == 0x2F, bytes[cursor + 1] == 0x2F {
      let start = cursor + 2
      let stop = try scan(from: start, stoppingAt: StopSet(0x2F, 0x3F, 0x23), brackets: true)
      authorityRange = start..<stop
      cursor = stop
    }
    let pathStop = try scan(from: cursor, stoppingAt: StopSet(0x3F, 0x23))
    let pathRange = cursor..<pathStop
    cursor = pathStop
    var queryRange: Range<Int>? = nil
    if cursor < end, bytes[cursor] == 0x3F {
      let stop = try scan(from: cursor + 1, stoppingAt: StopSet(0x23))
      queryRange = (cursor + 1)..<stop
      cursor = stop
    }
    var fragmentRange: Range<Int>? = nil
    if cursor < end, bytes[cursor] == 0x23 {
      fragmentRange = (cursor + 1)..<end
    }

    // Schemes.
    var schemes: [[UInt8]?] = [nil]
    if let schemeRange {
      let items = try items(in: schemeRange, context: .scheme)
      let expanded = try expand(items, at: schemeRange.lowerBound)
      schemes = []
      for flat in expanded {
        var scheme: [UInt8] = []
        for item in flat {
          if case .byte(let byte, _) = item { scheme.append(asciiLower(byte)) }
        }
        guard let first = scheme.first, isAlpha(first) else {
          throw error("expected a scheme that starts with a letter", at: schemeRange.lowerBound)
        }
        if !schemes.contains(where: { $0 == scheme }) { schemes.append(scheme) }
      }
    } else if let defaultScheme = options.defaultScheme, !defaultScheme.isEmpty {
      schemes = [Array(asciiLowercased(defaultScheme).utf8)]
    }

    // Userinfo and port of the authority.
    var hostRange: Range<Int>? = nil
    var port: Int? = nil
    if let authorityRange {
      var start = authorityRange.lowerBound
      if let at = lastTopLevel(0x40, in: authorityRange) { start = at + 1 }
      var stop = authorityRange.upperBound
      if let colon = lastTopLevel(0x3A, in: start..<stop), colon + 1 < stop,
        bytes[(colon + 1)..<stop].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
      {
        var value = 0
        for digit in bytes[(colon + 1)..<stop] {
          value = value * 10 + Int(digit - 0x30)
          guard value <= 65535 else { throw error("port number is out of range", at: colon + 1) }
        }
        port = value
        stop = colon
      }
      hostRange = start..<stop
    }

    var variants: [PatternVariant] = []
    for scheme in schemes {
      let schemeString = scheme.map { String(decoding: $0, as: UTF8.self) }
      let hostAsPath = options.hostAsPath.applies(toScheme: schemeString)
      var hosts: [HostRequirement] = [.omitted]
      var pathItems = try items(in: pathRange, context: .path)
      if let hostRange, !hostRange.isEmpty {
        if hostAsPath {
          pathItems = try items(in: hostRange, context: .path) + [.slash] + pathItems
        } else {
          hosts = try parseHosts(hostRange)
        }
      }
      let paths = try expand(pathItems, at: pathRange.lowerBound)
      for host in hosts {
        for flat in paths {
          let path = try segments(flat)
          let variant = PatternVariant(scheme: scheme, host: host, port: port, path: path)
          if !variants.contains(variant) { variants.append(variant) }
          if variants.count > RoutePattern.maximumVariants {
            throw error(
              "optional groups expand to more than \(RoutePattern.maximumVariants) alternatives",
              at: 0)
          }
        }
      }
    }

    let query =
      try queryRange.map { range throws(PatternSyntaxError) in try parseQuery(range) } ?? []
    let fragment =
      try fragmentRange.map { range throws(PatternSyntaxError) in try parseFragment(range) }
      ?? .none
    let names = seenNames.sorted { $0.offset < $1.offset }.map(\.name)
    return Parsed(variants: variants, query: query, fragment: fragment, captureNames: names)
  }

  /// A small set of ASCII bytes.
  struct StopSet {
    var mask: UInt128 = 0
    init(_ bytes: UInt8...) {
      for byte in bytes { mask |= 1 << UInt128(byte) }
    }
    func contains(_ byte: UInt8) -> Bool { byte < 128 && mask & (1 << UInt128(byte)) != 0 }
  }

  /// The offset of the first of `stops` at nesting depth 0 outside `<…>`, or the end.
  /// `[…]` (an IPv6 literal) hides the stops only in the authority (`brackets`): elsewhere a
  /// `[` is an ordinary byte and must not swallow the query or the fragment.
  func scan(
    from start: Int, stoppingAt stops: StopSet, brackets: Bool = false
  ) throws(PatternSyntaxError) -> Int {
    var index = start
    var depth = 0
    var inCapture = false
    var inBracket = false
    while index < bytes.count {
      let byte = bytes[index]
      if inCapture {
        if byte == 0x3E { inCapture = false }
      } else if inBracket {
        if byte == 0x5D { inBracket = false }
      } else {
        switch byte {
        case 0x3C: inCapture = true
        case 0x5B where brackets: inBracket = true
        case 0x28: depth += 1
        case 0x29: depth = max(0, depth - 1)
        default:
          if depth == 0 && stops.contains(byte) { return index }
        }
      }
      index += 1
    }
    return index
  }

  /// The last offset of `byte` in `range` at depth 0, outside `<…>` and `[…]`.
  func lastTopLevel(_ byte: UInt8, in range: Range<Int>) -> Int? {
    var found: Int? = nil
    var depth = 0
    var inCapture = false
    var inBracket = false
    for index in range {
      let current = bytes[index]
      if inCapture {
        if current == 0x3E { inCapture = false }
        continue
      }
      if inBracket {
        if current == 0x5D { inBracket = false }
        continue
      }
      switch current {
      case 0x3C: inCapture = true
      case 0x5B: inBracket = true
      case 0x28: depth += 1
      case 0x29: depth -= 1
      default: if depth == 0 && current == byte { found = index }
      }
    }
    return found
  }

  // MARK: Items

  mutating func items(in range: Range<Int>, context: Context) throws(PatternSyntaxError) -> [Item] {
    var index = range.lowerBound
    let items = try items(&index, end: range.upperBound, context: context, groupStart: nil)
    return items
  }

  private mutating func items(
    _ index: inout Int, end: Int, context: Context, groupStart: Int?
  ) throws(PatternSyntaxError) -> [Item] {
    var result: [Item] = []
    result.reserveCapacity(end - index)
    while index < end {
      let byte = bytes[index]
      switch byte {
      case 0x28:  // (
        if context == .query || context == .fragment {
          throw error("optional groups are allowed only in the scheme, host and path", at: index)
        }
        let open = index
        index += 1
        let inner = try items(&index, end: end, context: context, groupStart: open)
        result.append(.group(inner, offset: open))
      case 0x29:  // )
        guard groupStart != nil else {
          throw error("unexpected ')' with no '(' before it", at: index)
        }
        index += 1
        return result
      case 0x3C:  // <
        guard context == .path || context == .query || context == .fragment else {
          throw error(
            context == .host
              ? "a host cannot hold a capture (only host-as-path schemes read it as a path)"
              : "a scheme cannot hold a capture", at: index)
        }
        result.append(try angleCapture(&index, end: end))
      case 0x3E:
        throw error("unexpected '>' with no '<' before it", at: index)
      case 0x3A where context == .path:
        let start = index
        index += 1
        let name = readName(&index, end: end)
        guard !name.isEmpty else {
          throw error("expected a capture name after ':' (write %3A for a literal ':')", at: index)
        }
        try claim(name, at: start + 1)
        result.append(.capture(.string, name: name, offset: start))
      case 0x2A:  // *
        let start = index
        index += 1
        switch context {
        case .path:
          let name = readName(&index, end: end)
          if !name.isEmpty { try claim(name, at: start + 1) }
          result.append(.star(name: name.isEmpty ? nil : name, offset: start))
        case .host:
          result.append(.star(name: nil, offset: start))
        default:
          throw error(
            "'*' is allowed only in the host and the path (write %2A for a literal '*')", at: start)
        }
      case 0x25:  // %
        guard index + 2 < end, let high = hexValue(bytes[index + 1]),
          let low = hexValue(bytes[index + 2])
        else {
          throw error("expected two hexadecimal digits after '%'", at: index)
        }
        result.append(.byte(high << 4 | low, escaped: true))
        index += 3
      case 0x2F:  // /
        switch context {
        case .path: result.append(.slash)
        case .host: throw error("a host cannot contain '/'", at: index)
        default: result.append(.byte(byte, escaped: false))
        }
        index += 1
      case 0x5B where context == .host:  // [ IPv6 literal
        let start = index
        while index < end, bytes[index] != 0x5D {
          result.append(.byte(bytes[index], escaped: true))
          index += 1
        }
        guard index < end else { throw error("expected ']' to close the IPv6 literal", at: start) }
        result.append(.byte(0x5D, escaped: true))
        index += 1
      default:
        if context == .scheme && !isSchemeByte(byte) {
          throw error("a scheme may hold only letters, digits, '+', '-' and '.'", at: index)
        }
        if context == .host && byte == 0x3A {
          throw error("expected a port number after ':'", at: index + 1)
        }
        result.append(.byte(byte, escaped: false))
        index += 1
      }
    }
    if let groupStart {
      throw error(
        "expected ')' to close the group opened at column \(column(of: groupStart))", at: end)
    }
    return result
  }

  private mutating func angleCapture(_ index: inout Int, end: Int) throws(PatternSyntaxError)
    -> Item
  {
    let open = index
    index += 1
    var close = index
    while close < end, bytes[close] != 0x3E {
      if bytes[close] == 0x3C {
        throw error(
          "expected '>' before another '<' (capture opened at column \(column(of: open)))",
          at: close)
      }
      close += 1
    }
    guard close < end else {
      throw error("expected '>' to close the capture opened at column \(column(of: open))", at: end)
    }
    var type = CaptureType.string
    var nameStart = index
    if let colon = bytes[index..<close].firstIndex(of: 0x3A) {
      let typeName = String(decoding: bytes[index..<colon], as: UTF8.self)
      guard !typeName.isEmpty else { throw error("expected a type name before ':'", at: index) }
      if let builtin = CaptureType.builtin(named: typeName) {
        type = builtin
      } else if let registered = types.firstIndex(where: { $0.name == typeName }) {
        type = .custom(registered)
      } else {
        let known = (CaptureType.builtinNames + types.map(\.name)).joined(separator: ", ")
        throw error("unknown capture type '\(typeName)'; known types: \(known)", at: index)
      }
      nameStart = colon + 1
    }
    var cursor = nameStart
    let name = readName(&cursor, end: close)
    guard !name.isEmpty else { throw error("expected a capture name", at: nameStart) }
    guard cursor == close else {
      throw error("a capture name may hold only letters, digits and '_'", at: cursor)
    }
    try claim(name, at: nameStart)
    index = close + 1
    return .capture(type, name: name, offset: open)
  }

  private func readName(_ index: inout Int, end: Int) -> String {
    let start = index
    guard index < end, isAlpha(bytes[index]) || bytes[index] == 0x5F else { return "" }
    index += 1
    while index < end, isAlpha(bytes[index]) || bytes[index] == 0x5F || isDigit(bytes[index]) {
      index += 1
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func claim(_ name: String, at offset: Int) throws(PatternSyntaxError) {
    // The authority may be read once per scheme alternative: the same offset is the same capture.
    if let seen = seenNames.first(where: { $0.name == name }) {
      if seen.offset == offset { return }
      throw error(
        "capture name '\(name)' is used twice (first at column \(column(of: seen.offset)))",
        at: offset)
    }
    seenNames.append((name, offset))
  }

  // MARK: Expansion of optional groups

  func expand(_ items: [Item], at offset: Int) throws(PatternSyntaxError) -> [[Flat]] {
    if !items.contains(where: { if case .group = $0 { return true } else { return false } }) {
      // No optional group: the items are the one variant.
      return [items]
    }
    var results: [[Flat]] = [[]]
    for item in items {
      switch item {
      case .slash: for index in results.indices { results[index].append(.slash) }
      case .byte(let byte, let escaped):
        for index in results.indices { results[index].append(.byte(byte, escaped: escaped)) }
      case .capture(let type, let name, let at):
        for index in results.indices {
          results[index].append(.capture(type, name: name, offset: at))
        }
      case .star(let name, let at):
        for index in results.indices { results[index].append(.star(name: name, offset: at)) }
      case .group(let inner, let at):
        let alternatives = try expand(inner, at: at) + [[]]
        var next: [[Flat]] = []
        for prefix in results {
          for alternative in alternatives {
            next.append(prefix + alternative)
            if next.count > RoutePattern.maximumVariants {
              throw error(
                "optional groups expand to more than \(RoutePattern.maximumVariants) alternatives",
                at: at)
            }
          }
        }
        results = next
      }
    }
    return results
  }

  // MARK: Path segments

  func segments(_ flat: [Flat]) throws(PatternSyntaxError) -> [PathElement] {
    var elements: [PathElement] = []
    var current: [Flat] = []
    func finish() throws(PatternSyntaxError) {
      defer { current.removeAll() }
      guard !current.isEmpty else { return }
      var captures: [(CaptureType, String, Int, Int)] = []  // type, name, offset, position
      var star: (String?, Int)? = nil
      for (position, item) in current.enumerated() {
        switch item {
        case .capture(let type, let name, let offset):
          captures.append((type, name, offset, position))
        case .star(let name, let offset): star = (name, offset)
        default: break
        }
      }
      if let star {
        guard current.count == 1 else {
          throw error("'*' must be a whole path segment (write %2A for a literal '*')", at: star.1)
        }
        elements.append(.star(name: star.0))
        return
      }
      guard let capture = captures.first else {
        elements.append(.literal(repaired(literalBytes(current[...]))))
        return
      }
      guard captures.count == 1 else {
        throw error("a path segment can hold only one capture", at: captures[1].2)
      }
      if current.count == 1 {
        elements.append(.capture(capture.0, name: capture.1))
        return
      }
      guard capture.0 != .path else {
        throw error("a <path:…> capture must be a whole path segment", at: capture.2)
      }
      let prefix = repaired(literalBytes(current[..<capture.3]))
      let suffix = repaired(literalBytes(current[(capture.3 + 1)...]))
      let typeText = capture.0 == .string ? "" : typeName(capture.0) + ":"
      let text = prefix + Array("<\(typeText)\(capture.1)>".utf8) + suffix
      elements.append(
        .mixed(prefix: prefix, type: capture.0, name: capture.1, suffix: suffix, text: text))
    }
    for item in flat {
      if case .slash = item {
        try finish()
      } else {
        current.append(item)
      }
    }
    try finish()
    return elements
  }

  func typeName(_ type: CaptureType) -> String { type.name(in: types) }

  func literalBytes(_ items: ArraySlice<Flat>) -> [UInt8] {
    var result: [UInt8] = []
    for item in items {
      if case .byte(let byte, _) = item { result.append(byte) }
    }
    return result
  }

  // MARK: Host

  mutating func parseHosts(_ range: Range<Int>) throws(PatternSyntaxError) -> [HostRequirement] {
    let items = try items(in: range, context: .host)
    var hosts: [HostRequirement] = []
    for flat in try expand(items, at: range.lowerBound) {
      var host: HostRequirement
      if flat.isEmpty {
        host = .omitted
      } else if flat.count == 1, case .star = flat[0] {
        host = .any
      } else {
        var wildcard = false
        var body = flat[...]
        if case .star(_, let offset) = flat[0] {
          guard flat.count > 1, case .byte(0x2E, false) = flat[1] else {
            throw error("expected '.' after a leading '*' in a host", at: offset + 1)
          }
          guard flat.count > 2 else {
            throw error("expected a host after '*.'", at: range.upperBound)
          }
          wildcard = true
          body = flat[1...]
        }
        for item in body {
          if case .star(_, let offset) = item {
            throw error("'*' is allowed in a host only as its whole first label ('*.')", at: offset)
          }
        }
        let lowered = repaired(literalBytes(body)).map(asciiLower)
        if wildcard {
          guard lowered.count > 1 else {
            throw error("expected a host after '*.'", at: range.upperBound)
          }
          host = .wildcard(lowered)
        } else {
          host = .literal(lowered)
        }
      }
      if !hosts.contains(host) { hosts.append(host) }
    }
    return hosts
  }

  // MARK: Query and fragment

  mutating func parseQuery(_ range: Range<Int>) throws(PatternSyntaxError) -> [QueryRequirement] {
    var requirements: [(QueryRequirement, Int)] = []
    var start = range.lowerBound
    while start <= range.upperBound {
      var stop = start
      while stop < range.upperBound, bytes[stop] != 0x26 { stop += 1 }
      if stop > start {
        var equals = start
        while equals < stop, bytes[equals] != 0x3D { equals += 1 }
        let nameItems = try items(in: start..<equals, context: .query)
        var name: [UInt8] = []
        for item in nameItems {
          switch item {
          case .byte(let byte, let escaped):
            name.append(!escaped && byte == 0x2B && options.plusAsSpace ? 0x20 : byte)
          default:
            throw error("a query name must be literal text", at: start)
          }
        }
        name = repaired(name)
        guard !name.isEmpty else { throw error("expected a query name before '='", at: start) }
        if let previous = requirements.first(where: { $0.0.name == name }) {
          throw error(
            "query name '\(String(decoding: name, as: UTF8.self))' is required twice (first at column \(column(of: previous.1)))",
            at: start)
        }
        let valueRange = equals < stop ? (equals + 1)..<stop : stop..<stop
        let value = try requirementValue(valueRange, context: .query)
        requirements.append((QueryRequirement(name: name, value: value), start))
      }
      start = stop + 1
    }
    return requirements.map(\.0).sorted { $0.name.lexicographicallyPrecedes($1.name) }
  }

  mutating func parseFragment(_ range: Range<Int>) throws(PatternSyntaxError) -> FragmentRequirement
  {
    switch try requirementValue(range, context: .fragment) {
    case .literal(let bytes): return .literal(bytes)
    case .capture(let type, let name): return .capture(type, name: name)
    }
  }

  private mutating func requirementValue(
    _ range: Range<Int>, context: Context
  ) throws(PatternSyntaxError) -> RequirementValue {
    // `:name` as the whole value is a string capture; elsewhere ':' is literal text here.
    if range.count > 1, bytes[range.lowerBound] == 0x3A {
      var cursor = range.lowerBound + 1
      let name = readName(&cursor, end: range.upperBound)
      if !name.isEmpty && cursor == range.upperBound {
        try claim(name, at: range.lowerBound + 1)
        return .capture(.string, name: name)
      }
    }
    let items = try items(in: range, context: context)
    if items.count == 1, case .capture(let type, let name, let offset) = items[0] {
      guard type != .path else {
        throw error("a <path:…> capture is allowed only in the path", at: offset)
      }
      return .capture(type, name: name)
    }
    var literal: [UInt8] = []
    for item in items {
      switch item {
      case .byte(let byte, let escaped):
        let plus = !escaped && byte == 0x2B && options.plusAsSpace && context == .query
        literal.append(plus ? 0x20 : byte)
      case .capture(_, _, let offset):
        throw error(
          context == .query
            ? "a query value is either one capture or literal text"
            : "a fragment is either one capture or literal text", at: offset)
      default:
        throw error(
          "unexpected item in the \(context == .query ? "query" : "fragment")", at: range.lowerBound
        )
      }
    }
    return .literal(repaired(literal))
  }
}

@inline(__always) func isAlpha(_ byte: UInt8) -> Bool {
  (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
}

@inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

@inline(__always) func isSchemeByte(_ byte: UInt8) -> Bool {
  isAlpha(byte) || isDigit(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
}

/// The bytes, with any invalid UTF-8 replaced by U+FFFD.
func repaired(_ bytes: [UInt8]) -> [UInt8] {
  guard bytes.contains(where: { $0 >= 0x80 }) else { return bytes }
  return Array(String(decoding: bytes, as: UTF8.self).utf8)
}
