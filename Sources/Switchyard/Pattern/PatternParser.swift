/// Reads a pattern into its normalised variants (<doc:PatternSyntax>).
///
/// The parser works on the pattern's UTF-8 bytes with absolute offsets, so every error can
/// point at a column of the original text. Its stack use is bounded by a constant: the only
/// recursion follows optional groups, which may nest at most ``maximumNesting`` deep. Its
/// memory is linear in the pattern's length (times at most `RoutePattern.maximumVariants`).
struct PatternParser {
  struct Parsed: Equatable {
    var variants: [PatternVariant]
    var query: [QueryRequirement]
    var fragment: FragmentRequirement
    var captureNames: [String]
  }

  /// One lexical item of a part of a pattern.
  enum Item: Sendable {
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

  /// How deep optional groups may nest: `/(a(b(c)))` nests 3 deep. Deeper nesting is refused
  /// with an error naming this limit, so that reading a pattern never needs more stack than
  /// this many levels of `items` and `expand`.
  static let maximumNesting = 32

  /// The most path segments one reading of a pattern may have (a host read as a path segment
  /// counts). Building a matcher and searching it recurse once per segment of a pattern, so
  /// this bounds their stack use too.
  static let maximumPathSegments = 64

  let text: String
  let bytes: [UInt8]
  let options: RouteOptions
  let types: [ParameterType]
  /// Every capture name claimed so far, with the offset of its first character.
  private var seenNames: [String: Int] = [:]

  init(text: String, options: RouteOptions, types: [ParameterType]) {
    self.text = text
    self.bytes = Array(text.utf8)
    self.options = options
    self.types = types
  }

  // MARK: Errors

  func error(_ message: String, at offset: Int) -> PatternSyntaxError {
    PatternSyntaxError(pattern: text, column: column(of: offset), message: message)
  }

  /// The 1-based column, in characters, of the byte at `offset`.
  func column(of offset: Int) -> Int {
    let clamped = min(max(0, offset), bytes.count)
    return String(decoding: bytes[0..<clamped], as: UTF8.self).count + 1
  }

  // MARK: Top level

  /// Where the parts of the pattern are, before any of them is read.
  struct Parts {
    var scheme: Range<Int>? = nil
    /// Between `//` and the first `/`, `?` or `#` outside groups, captures and `[…]`.
    var authority: Range<Int>? = nil
    var path: Range<Int> = 0..<0
    var query: Range<Int>? = nil
    var fragment: Range<Int>? = nil
  }

  /// The authority once its port is taken off (a pattern has no userinfo).
  struct Authority {
    var host: Range<Int>
    var port: Int?
  }

  mutating func parse() throws(PatternSyntaxError) -> Parsed {
    let parts = try split()
    let schemes = try readSchemes(parts.scheme)
    let authority = try parts.authority.map { range throws(PatternSyntaxError) in
      try readAuthority(range)
    }
    let variants = try buildVariants(schemes: schemes, authority: authority, path: parts.path)
    let query =
      try parts.query.map { range throws(PatternSyntaxError) in try parseQuery(range) } ?? []
    let fragment =
      try parts.fragment.map { range throws(PatternSyntaxError) in try parseFragment(range) }
      ?? .none
    let names = seenNames.sorted { $0.value < $1.value }.map(\.key)
    return Parsed(variants: variants, query: query, fragment: fragment, captureNames: names)
  }

  /// Finds the parts: `scheme:` `//authority` `path` `?query` `#fragment`.
  func split() throws(PatternSyntaxError) -> Parts {
    var parts = Parts()
    let end = bytes.count
    var cursor = 0

    // Scheme: `[A-Za-z(][A-Za-z0-9+.-()]*:`
    if let first = bytes.first, isAlpha(first) || first == UInt8(ascii: "(") {
      var index = 0
      while index < end,
        isSchemeByte(bytes[index]) || bytes[index] == UInt8(ascii: "(")
          || bytes[index] == UInt8(ascii: ")")
      {
        index += 1
      }
      if index < end, bytes[index] == UInt8(ascii: ":") {
        parts.scheme = 0..<index
        cursor = index + 1
      }
    }

    if cursor + 1 < end, bytes[cursor] == UInt8(ascii: "/"), bytes[cursor + 1] == UInt8(ascii: "/")
    {
      let start = cursor + 2
      let stop = scan(from: start, stoppingAt: StopSet("/", "?", "#"), brackets: true)
      parts.authority = start..<stop
      cursor = stop
    }
    let pathStop = scan(from: cursor, stoppingAt: StopSet("?", "#"))
    parts.path = cursor..<pathStop
    cursor = pathStop
    if cursor < end, bytes[cursor] == UInt8(ascii: "?") {
      let stop = scan(from: cursor + 1, stoppingAt: StopSet("#"))
      parts.query = (cursor + 1)..<stop
      cursor = stop
    }
    if cursor < end, bytes[cursor] == UInt8(ascii: "#") {
      parts.fragment = (cursor + 1)..<end
    }
    return parts
  }

  /// The schemes the scheme part expands to, lowercased; `[nil]` for any scheme.
  mutating func readSchemes(_ range: Range<Int>?) throws(PatternSyntaxError) -> [[UInt8]?] {
    guard let range else {
      if let defaultScheme = options.defaultScheme, !defaultScheme.isEmpty {
        return [Array(asciiLowercased(defaultScheme).utf8)]
      }
      return [nil]
    }
    let items = try items(in: range, context: .scheme)
    var schemes: [[UInt8]?] = []
    for flat in try expand(items, at: range.lowerBound) {
      var scheme: [UInt8] = []
      for item in flat {
        if case .byte(let byte, _) = item { scheme.append(asciiLower(byte)) }
      }
      guard let first = scheme.first, isAlpha(first) else {
        throw error("expected a scheme that starts with a letter", at: range.lowerBound)
      }
      if !schemes.contains(where: { $0 == scheme }) { schemes.append(scheme) }
    }
    return schemes
  }

  /// Reads the authority by the rule URLs follow (<doc:ReadingURLs>): the port is the digits
  /// after the last `:` outside `[…]`, groups and captures; everything else, including text
  /// after an IPv6 literal's `]`, is the host. Userinfo is refused: URLs drop it, so a pattern
  /// that names it would match URLs without it. (An `@` after a `/` inside a group is in the
  /// path of every URL the pattern spells, so it is not userinfo.)
  func readAuthority(_ range: Range<Int>) throws(PatternSyntaxError) -> Authority {
    let beforeSlash =
      range.lowerBound..<(range.first { bytes[$0] == UInt8(ascii: "/") } ?? range.upperBound)
    if let at = beforeSlash.first(where: { bytes[$0] == UInt8(ascii: "@") }) {
      throw error(
        "'@' in the authority would make the text before it userinfo, which URLs drop and a "
          + "pattern cannot match (write %40 for a literal '@')", at: at)
    }
    var stop = range.upperBound
    var port: Int? = nil
    if let colon = lastTopLevel(UInt8(ascii: ":"), in: range), colon + 1 < stop,
      bytes[(colon + 1)..<stop].allSatisfy(isDigit)
    {
      // At most five digits up to 65535, as URLs are read.
      var value = 0
      for digit in bytes[(colon + 1)..<stop] {
        value = value * 10 + Int(digit - UInt8(ascii: "0"))
        guard value <= 65535, stop - colon - 1 <= 5 else {
          throw error("port number is out of range", at: colon + 1)
        }
      }
      port = value
      stop = colon
    }
    return Authority(host: range.lowerBound..<stop, port: port)
  }

  /// Every (scheme, host, path) combination the pattern spells, without duplicates.
  mutating func buildVariants(
    schemes: [[UInt8]?], authority: Authority?, path pathRange: Range<Int>
  ) throws(PatternSyntaxError) -> [PatternVariant] {
    var variants: [PatternVariant] = []
    var seen: Set<PatternVariant> = []
    for scheme in schemes {
      let schemeString = scheme.map { String(decoding: $0, as: UTF8.self) }
      let hostAsPath = options.hostAsPath.applies(toScheme: schemeString)
      var hosts: [HostRequirement] = [.omitted]
      var pathItems = try items(in: pathRange, context: .path)
      if let hostRange = authority?.host, !hostRange.isEmpty {
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
          if path.count > Self.maximumPathSegments {
            let ranges = hostAsPath ? [authority?.host, pathRange] : [pathRange]
            throw error(
              "a path may have at most \(Self.maximumPathSegments) segments",
              at: segmentStart(Self.maximumPathSegments + 1, in: ranges.compactMap { $0 })
                ?? pathRange.lowerBound)
          }
          let variant = PatternVariant(
            scheme: scheme, host: host, port: authority?.port, path: path)
          guard seen.insert(variant).inserted else { continue }
          variants.append(variant)
          if variants.count > RoutePattern.maximumVariants {
            throw error(
              "optional groups expand to more than \(RoutePattern.maximumVariants) alternatives",
              at: 0)
          }
        }
      }
    }
    return variants
  }

  /// The offset where the `number`th segment (1-based) written in `ranges` starts, counting
  /// every `/`-separated run as written (so at least as many as any reading of the groups).
  func segmentStart(_ number: Int, in ranges: [Range<Int>]) -> Int? {
    var count = 0
    for range in ranges {
      var previous = UInt8(ascii: "/")
      for index in range {
        if bytes[index] != UInt8(ascii: "/") && previous == UInt8(ascii: "/") {
          count += 1
          if count == number { return index }
        }
        previous = bytes[index]
      }
    }
    return nil
  }

  /// A small set of ASCII bytes.
  struct StopSet {
    var mask: UInt128 = 0
    init(_ characters: Unicode.Scalar...) {
      for character in characters { mask |= 1 << UInt128(UInt8(ascii: character)) }
    }
    func contains(_ byte: UInt8) -> Bool { byte < 128 && mask & (1 << UInt128(byte)) != 0 }
  }

  /// The offset of the first of `stops` at nesting depth 0 outside `<…>`, or the end.
  /// `[…]` (an IPv6 literal) hides the stops only in the authority (`brackets`): elsewhere a
  /// `[` is an ordinary byte and must not swallow the query or the fragment.
  func scan(from start: Int, stoppingAt stops: StopSet, brackets: Bool = false) -> Int {
    var index = start
    var depth = 0
    var inCapture = false
    var inBracket = false
    while index < bytes.count {
      let byte = bytes[index]
      if inCapture {
        if byte == UInt8(ascii: ">") { inCapture = false }
      } else if inBracket {
        if byte == UInt8(ascii: "]") { inBracket = false }
      } else {
        switch byte {
        case UInt8(ascii: "<"): inCapture = true
        case UInt8(ascii: "[") where brackets: inBracket = true
        case UInt8(ascii: "("): depth += 1
        case UInt8(ascii: ")"): depth = max(0, depth - 1)
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
        if current == UInt8(ascii: ">") { inCapture = false }
        continue
      }
      if inBracket {
        if current == UInt8(ascii: "]") { inBracket = false }
        continue
      }
      switch current {
      case UInt8(ascii: "<"): inCapture = true
      case UInt8(ascii: "["): inBracket = true
      case UInt8(ascii: "("): depth += 1
      case UInt8(ascii: ")"): depth -= 1
      default: if depth == 0 && current == byte { found = index }
      }
    }
    return found
  }

  // MARK: Items

  /// The items of `range`, read in `context`, with optional groups as `.group` items.
  mutating func items(in range: Range<Int>, context: Context) throws(PatternSyntaxError) -> [Item] {
    var index = range.lowerBound
    return try items(&index, end: range.upperBound, context: context, group: nil)
  }

  /// Reads items from `index` up to `end`, or, inside a group, up to its `)`.
  private mutating func items(
    _ index: inout Int, end: Int, context: Context, group: (start: Int, depth: Int)?
  ) throws(PatternSyntaxError) -> [Item] {
    var result: [Item] = []
    if group == nil { result.reserveCapacity(end - index) }
    while index < end {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "("):
        result.append(try groupItem(&index, end: end, context: context, depth: group?.depth ?? 0))
      case UInt8(ascii: ")"):
        guard group != nil else {
          throw error("unexpected ')' with no '(' before it", at: index)
        }
        index += 1
        return result
      case UInt8(ascii: "<"):
        guard context == .path || context == .query || context == .fragment else {
          throw error(
            context == .host
              ? "a host cannot hold a capture (only host-as-path schemes read it as a path)"
              : "a scheme cannot hold a capture", at: index)
        }
        result.append(try angleCapture(&index, end: end))
      case UInt8(ascii: ">"):
        throw error("unexpected '>' with no '<' before it", at: index)
      case UInt8(ascii: ":") where context == .path:
        result.append(try colonCapture(&index, end: end))
      case UInt8(ascii: "*"):
        result.append(try starItem(&index, end: end, context: context))
      case UInt8(ascii: "%"):
        let escape = index
        let item = try escapedByte(&index, end: end)
        if context == .host, case .byte(let decoded, _) = item,
          let problem = Self.hostByteProblem(decoded)
        {
          throw error(problem, at: escape)
        }
        result.append(item)
      case UInt8(ascii: "/"):
        switch context {
        case .path: result.append(.slash)
        case .host: throw error("a host cannot contain '/'", at: index)
        default: result.append(.byte(byte, escaped: false))
        }
        index += 1
      case UInt8(ascii: "[") where context == .host:
        try appendIPv6Literal(&index, end: end, to: &result)
      default:
        if context == .scheme && !isSchemeByte(byte) {
          throw error("a scheme may hold only letters, digits, '+', '-' and '.'", at: index)
        }
        if context == .host && byte == UInt8(ascii: ":") {
          throw error("expected a port number after ':'", at: index + 1)
        }
        if context == .host, let problem = Self.hostByteProblem(byte) {
          throw error(problem, at: index)
        }
        result.append(.byte(byte, escaped: false))
        index += 1
      }
    }
    if let group {
      throw error(
        "expected ')' to close the group opened at column \(column(of: group.start))", at: end)
    }
    return result
  }

  /// `( … )` at `index`, one level deeper than `depth`.
  private mutating func groupItem(
    _ index: inout Int, end: Int, context: Context, depth: Int
  ) throws(PatternSyntaxError) -> Item {
    if context == .query || context == .fragment {
      throw error("optional groups are allowed only in the scheme, host and path", at: index)
    }
    guard depth < Self.maximumNesting else {
      throw error(
        "optional groups are nested too deeply (more than \(Self.maximumNesting) levels)",
        at: index)
    }
    let open = index
    index += 1
    let inner = try items(&index, end: end, context: context, group: (open, depth + 1))
    return .group(inner, offset: open)
  }

  /// `:name` in a path.
  private mutating func colonCapture(_ index: inout Int, end: Int) throws(PatternSyntaxError)
    -> Item
  {
    let start = index
    index += 1
    let name = readName(&index, end: end)
    guard !name.isEmpty else {
      throw error("expected a capture name after ':' (write %3A for a literal ':')", at: index)
    }
    try claim(name, at: start + 1)
    return .capture(.string, name: name, offset: start)
  }

  /// `*` or `*name` in a path, `*` in a host.
  private mutating func starItem(
    _ index: inout Int, end: Int, context: Context
  ) throws(PatternSyntaxError) -> Item {
    let start = index
    index += 1
    switch context {
    case .path:
      let name = readName(&index, end: end)
      if !name.isEmpty { try claim(name, at: start + 1) }
      return .star(name: name.isEmpty ? nil : name, offset: start)
    case .host:
      return .star(name: nil, offset: start)
    default:
      throw error(
        "'*' is allowed only in the host and the path (write %2A for a literal '*')", at: start)
    }
  }

  /// `%XX`: a literal byte.
  private func escapedByte(_ index: inout Int, end: Int) throws(PatternSyntaxError) -> Item {
    guard index + 2 < end, let high = hexValue(bytes[index + 1]),
      let low = hexValue(bytes[index + 2])
    else {
      throw error("expected two hexadecimal digits after '%'", at: index)
    }
    index += 3
    return .byte(high << 4 | low, escaped: true)
  }

  /// Why `byte` cannot be part of a host, or nil: a browser (the WHATWG URL Standard) refuses
  /// a host with a space, a control character or one of `\ ^ |`, or reads `\` as the end of
  /// the host, so a URL built with one would not be read as the pattern says.
  static func hostByteProblem(_ byte: UInt8) -> String? {
    switch byte {
    case UInt8(ascii: " "): return "a host cannot contain a space"
    case 0..<0x20, 0x7F:
      let hex = Array("0123456789ABCDEF".utf8)
      let code = String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
      return "a host cannot contain a control character (U+00\(code))"
    case UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "|"):
      return "a host cannot contain '\(Character(Unicode.Scalar(byte)))'"
    default: return nil
    }
  }

  /// `[…]` in a host: literal bytes up to and with the `]`, none of them syntax.
  private func appendIPv6Literal(
    _ index: inout Int, end: Int, to result: inout [Item]
  ) throws(PatternSyntaxError) {
    let start = index
    while index < end, bytes[index] != UInt8(ascii: "]") {
      result.append(.byte(bytes[index], escaped: true))
      index += 1
    }
    guard index < end else { throw error("expected ']' to close the IPv6 literal", at: start) }
    result.append(.byte(UInt8(ascii: "]"), escaped: true))
    index += 1
  }

  /// `<name>` or `<type:name>`.
  private mutating func angleCapture(_ index: inout Int, end: Int) throws(PatternSyntaxError)
    -> Item
  {
    let open = index
    index += 1
    var close = index
    while close < end, bytes[close] != UInt8(ascii: ">") {
      if bytes[close] == UInt8(ascii: "<") {
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
    if let colon = bytes[index..<close].firstIndex(of: UInt8(ascii: ":")) {
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

  /// A capture name `[A-Za-z_][A-Za-z0-9_]*` at `index`, or `""` when there is none.
  private func readName(_ index: inout Int, end: Int) -> String {
    let start = index
    guard index < end, isAlpha(bytes[index]) || bytes[index] == UInt8(ascii: "_") else {
      return ""
    }
    index += 1
    while index < end, isNameByte(bytes[index]) { index += 1 }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func claim(_ name: String, at offset: Int) throws(PatternSyntaxError) {
    // The authority may be read once per scheme alternative: the same offset is the same capture.
    if let seen = seenNames[name] {
      if seen == offset { return }
      throw error(
        "capture name '\(name)' is used twice (first at column \(column(of: seen)))", at: offset)
    }
    seenNames[name] = offset
  }

  // MARK: Expansion of optional groups

  /// Every way `items` reads with each group taken or skipped (taken first). Recurses once per
  /// level of group nesting, which ``maximumNesting`` bounds.
  func expand(_ items: [Item], at offset: Int) throws(PatternSyntaxError) -> [[Flat]] {
    if !items.contains(where: { if case .group = $0 { return true } else { return false } }) {
      // No optional group: the items are the one variant.
      return [items]
    }
    var results: [[Flat]] = [[]]
    for item in items {
      guard case .group(let inner, let at) = item else {
        for index in results.indices { results[index].append(item) }
        continue
      }
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
    return results
  }

  // MARK: Path segments

  /// One segment's items as a path element: a literal, a capture, a capture inside literal
  /// text, or a catch-all.
  func element(_ segment: ArraySlice<Flat>) throws(PatternSyntaxError) -> PathElement {
    for item in segment.reversed() {
      guard case .star(let name, let offset) = item else { continue }
      guard segment.count == 1 else {
        throw error("'*' must be a whole path segment (write %2A for a literal '*')", at: offset)
      }
      return .star(name: name)
    }
    var capture: (type: CaptureType, name: String, offset: Int, position: Int)? = nil
    for (position, item) in zip(segment.indices, segment) {
      guard case .capture(let type, let name, let offset) = item else { continue }
      guard capture == nil else {
        throw error("a path segment can hold only one capture", at: offset)
      }
      capture = (type, name, offset, position)
    }
    guard let capture else { return .literal(repairedUTF8(literalBytes(segment))) }
    if segment.count == 1 { return .capture(capture.type, name: capture.name) }
    guard capture.type != .path else {
      throw error("a <path:…> capture must be a whole path segment", at: capture.offset)
    }
    let prefix = repairedUTF8(literalBytes(segment[..<capture.position]))
    let suffix = repairedUTF8(literalBytes(segment[(capture.position + 1)...]))
    let typeText = capture.type == .string ? "" : typeName(capture.type) + ":"
    let text = prefix + Array("<\(typeText)\(capture.name)>".utf8) + suffix
    return .mixed(
      prefix: prefix, type: capture.type, name: capture.name, suffix: suffix, text: text)
  }

  /// The path elements of one expanded path.
  func segments(_ flat: [Flat]) throws(PatternSyntaxError) -> [PathElement] {
    var elements: [PathElement] = []
    var start = 0
    for (index, item) in flat.enumerated() {
      guard case .slash = item else { continue }
      if index > start { elements.append(try element(flat[start..<index])) }
      start = index + 1
    }
    if flat.count > start { elements.append(try element(flat[start...])) }
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
      let host = try host(flat, end: range.upperBound)
      if !hosts.contains(host) { hosts.append(host) }
    }
    return hosts
  }

  /// One expanded host: omitted, `*`, `*.suffix` or a literal.
  func host(_ flat: [Flat], end: Int) throws(PatternSyntaxError) -> HostRequirement {
    if flat.isEmpty { return .omitted }
    if flat.count == 1, case .star = flat[0] { return .any }
    var wildcard = false
    var body = flat[...]
    if case .star(_, let offset) = flat[0] {
      guard flat.count > 1, case .byte(UInt8(ascii: "."), false) = flat[1] else {
        throw error("expected '.' after a leading '*' in a host", at: offset + 1)
      }
      guard flat.count > 2 else { throw error("expected a host after '*.'", at: end) }
      wildcard = true
      body = flat[1...]
    }
    for item in body {
      if case .star(_, let offset) = item {
        throw error("'*' is allowed in a host only as its whole first label ('*.')", at: offset)
      }
    }
    let lowered = repairedUTF8(literalBytes(body)).map(asciiLower)
    guard wildcard else { return .literal(lowered) }
    guard lowered.count > 1 else { throw error("expected a host after '*.'", at: end) }
    return .wildcard(lowered)
  }

  // MARK: Query and fragment

  /// The query requirements, sorted by name.
  mutating func parseQuery(_ range: Range<Int>) throws(PatternSyntaxError) -> [QueryRequirement] {
    var requirements: [(QueryRequirement, Int)] = []
    var firstOffset: [[UInt8]: Int] = [:]
    var start = range.lowerBound
    while start <= range.upperBound {
      var stop = start
      while stop < range.upperBound, bytes[stop] != UInt8(ascii: "&") { stop += 1 }
      if stop > start {
        var equals = start
        while equals < stop, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
        let name = try queryName(start..<equals)
        if let previous = firstOffset[name] {
          throw error(
            "query name '\(String(decoding: name, as: UTF8.self))' is required twice (first at column \(column(of: previous)))",
            at: start)
        }
        firstOffset[name] = start
        let valueRange = equals < stop ? (equals + 1)..<stop : stop..<stop
        let value = try requirementValue(valueRange, context: .query)
        requirements.append((QueryRequirement(name: name, value: value), start))
      }
      start = stop + 1
    }
    // Sorted by name: `MatcherStorage.Builder.querySortsBefore` (Precedence.swift) relies on it.
    return requirements.map(\.0).sorted { $0.name.lexicographicallyPrecedes($1.name) }
  }

  /// A query requirement's name: literal text, decoded.
  private mutating func queryName(_ range: Range<Int>) throws(PatternSyntaxError) -> [UInt8] {
    var name: [UInt8] = []
    for item in try items(in: range, context: .query) {
      guard case .byte(let byte, let escaped) = item else {
        throw error("a query name must be literal text", at: range.lowerBound)
      }
      let plus = !escaped && byte == UInt8(ascii: "+") && options.plusAsSpace
      name.append(plus ? UInt8(ascii: " ") : byte)
    }
    guard !name.isEmpty else {
      throw error("expected a query name before '='", at: range.lowerBound)
    }
    return repairedUTF8(name)
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
    if range.count > 1, bytes[range.lowerBound] == UInt8(ascii: ":") {
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
        let plus =
          !escaped && byte == UInt8(ascii: "+") && options.plusAsSpace && context == .query
        literal.append(plus ? UInt8(ascii: " ") : byte)
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
    return .literal(repairedUTF8(literal))
  }
}
