extension PatternParser {
  /// Reads the most common patterns — a path of whole-segment literals and captures, with at
  /// most a plain scheme and host before it — in one pass without building the general
  /// parser's item lists. Returns `nil` for anything else (optional groups, escapes, query,
  /// fragment, ports, wildcards, userinfo, IPv6 literals, captures inside a segment, too many
  /// segments, errors…), which the general parser then reads. Both must agree: debug builds check every
  /// pattern the fast path takes against the general parser.
  ///
  /// Literal segments come from `pool` (equal segments of a table's patterns share one array).
  static func fastParse(
    _ text: String, options: RouteOptions, types: [ParameterType], pool: inout LiteralPool
  ) -> Parsed? {
    var text = text
    return text.withUTF8 { bytes -> Parsed? in
      // The reader owns the pool while it reads: moved in and back out by `swap`, so the
      // table's pool is never copied (its arrays stay uniquely referenced).
      var reader = FastPatternReader(bytes: bytes, types: types)
      swap(&reader.pool, &pool)
      defer { swap(&reader.pool, &pool) }
      return reader.read(options: options)
    }
  }
}

/// The state of one fast-path read: the pattern's bytes and what has been read so far.
private struct FastPatternReader {
  let bytes: UnsafeBufferPointer<UInt8>
  let types: [ParameterType]
  /// The table's pool, lent for the read (`fastParse` swaps it in and back).
  var pool = LiteralPool(sharing: false)
  var path: [PathElement] = []
  var names: [String] = []

  init(bytes: UnsafeBufferPointer<UInt8>, types: [ParameterType]) {
    self.bytes = bytes
    self.types = types
    // At most one element per '/' (the host of a host-as-path scheme follows "//"): room for
    // them all at once instead of growing the array segment by segment.
    var slashes = 0
    for byte in bytes where byte == UInt8(ascii: "/") { slashes += 1 }
    path.reserveCapacity(slashes)
  }

  mutating func read(options: RouteOptions) -> PatternParser.Parsed? {
    var cursor = 0
    var scheme = readScheme(&cursor)
    if scheme == nil, let defaultScheme = options.defaultScheme, !defaultScheme.isEmpty {
      scheme = Array(asciiLowercased(defaultScheme).utf8)
    }
    let hostAsPath = options.hostAsPath.applies(
      toScheme: scheme.map { String(decoding: $0, as: UTF8.self) })
    var host = HostRequirement.omitted
    if cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "/"),
      bytes[cursor + 1] == UInt8(ascii: "/")
    {
      guard let authorityHost = readAuthority(&cursor, hostAsPath: hostAsPath) else { return nil }
      host = authorityHost
    }
    guard readSegments(cursor, bytes.count), path.count <= PatternParser.maximumPathSegments
    else { return nil }
    return PatternParser.Parsed(
      variants: [PatternVariant(scheme: scheme, host: host, port: nil, path: path)],
      query: [], fragment: .none, captureNames: names)
  }

  /// A scheme of letters, digits, `+`, `-` and `.` up to `:`, lowercased; moves `cursor` past
  /// the `:`.
  func readScheme(_ cursor: inout Int) -> [UInt8]? {
    guard !bytes.isEmpty, isAlpha(bytes[0]) else { return nil }
    var index = 1
    while index < bytes.count, isSchemeByte(bytes[index]) { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
    cursor = index + 1
    return bytes[0..<index].map(asciiLower)
  }

  /// The authority after the `//` at `cursor`: a plain host of letters, digits, `-` and `.`,
  /// or for a host-as-path scheme a first path segment. `nil` when the general parser must
  /// read it (a port, userinfo, an IPv6 literal, a wildcard…).
  mutating func readAuthority(_ cursor: inout Int, hostAsPath: Bool) -> HostRequirement? {
    let start = cursor + 2
    var stop = start
    while stop < bytes.count, bytes[stop] != UInt8(ascii: "/") { stop += 1 }
    cursor = stop
    guard stop > start else { return .omitted }
    if hostAsPath {
      // The host is the first path segment; a ':' there may be a port: the general parser
      // decides. `segment` refuses '@' and '['.
      let hasColon = bytes[start..<stop].contains(UInt8(ascii: ":"))
      guard bytes[start] != UInt8(ascii: ":"), !hasColon || bytes[start] == UInt8(ascii: "<"),
        readSegment(start, stop)
      else { return nil }
      return .omitted
    }
    for index in start..<stop {
      let byte = bytes[index]
      guard isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      else { return nil }
    }
    return .literal(bytes[start..<stop].map(asciiLower))
  }

  /// Reads `start..<stop` as `/`-separated segments.
  mutating func readSegments(_ start: Int, _ stop: Int) -> Bool {
    var segmentStart = start
    var index = start
    while index <= stop {
      if index == stop || bytes[index] == UInt8(ascii: "/") {
        if index > segmentStart && !readSegment(segmentStart, index) { return false }
        segmentStart = index + 1
      }
      index += 1
    }
    return true
  }

  /// Reads one segment `start..<stop` into `path`; false when it needs the general parser.
  mutating func readSegment(_ start: Int, _ stop: Int) -> Bool {
    switch bytes[start] {
    case UInt8(ascii: ":"), UInt8(ascii: "*"): return readNamedSegment(start, stop)
    case UInt8(ascii: "<"): return readAngleSegment(start, stop)
    default:
      for index in start..<stop where !isPlainByte(bytes[index]) { return false }
      path.append(.literal(pool.array(bytes[start..<stop])))
      return true
    }
  }

  /// `:name`, `*` or `*name` as the whole segment.
  mutating func readNamedSegment(_ start: Int, _ stop: Int) -> Bool {
    let isStar = bytes[start] == UInt8(ascii: "*")
    var index = start + 1
    if index < stop {
      guard isAlpha(bytes[index]) || bytes[index] == UInt8(ascii: "_") else { return false }
      while index < stop, isNameByte(bytes[index]) { index += 1 }
      guard index == stop else { return false }
    } else if !isStar {
      return false
    }
    let name = String(decoding: bytes[(start + 1)..<stop], as: UTF8.self)
    if isStar && name.isEmpty {
      path.append(.star(name: nil))
      return true
    }
    guard claim(name) else { return false }
    path.append(isStar ? .star(name: name) : .capture(.string, name: name))
    return true
  }

  /// `<name>` or `<type:name>` as the whole segment.
  mutating func readAngleSegment(_ start: Int, _ stop: Int) -> Bool {
    guard stop - start >= 3, bytes[stop - 1] == UInt8(ascii: ">") else { return false }
    var type = CaptureType.string
    var nameStart = start + 1
    if let colon = bytes[(start + 1)..<(stop - 1)].firstIndex(of: UInt8(ascii: ":")) {
      let typeName = String(decoding: bytes[(start + 1)..<colon], as: UTF8.self)
      if let builtin = CaptureType.builtin(named: typeName) {
        type = builtin
      } else if let registered = types.firstIndex(where: { $0.name == typeName }) {
        type = .custom(registered)
      } else {
        return false
      }
      nameStart = colon + 1
    }
    guard nameStart < stop - 1,
      isAlpha(bytes[nameStart]) || bytes[nameStart] == UInt8(ascii: "_")
    else {
      return false
    }
    for index in nameStart..<(stop - 1) where !isNameByte(bytes[index]) { return false }
    let name = String(decoding: bytes[nameStart..<(stop - 1)], as: UTF8.self)
    guard claim(name) else { return false }
    path.append(.capture(type, name: name))
    return true
  }

  /// Records a capture name; false when it is taken (the general parser reports that). A
  /// pattern here has at most `PatternParser.maximumPathSegments` captures, so a linear search
  /// is cheaper than a set.
  mutating func claim(_ name: String) -> Bool {
    guard names.count < PatternParser.maximumPathSegments, !names.contains(name) else {
      return false
    }
    names.append(name)
    return true
  }
}

/// A byte the fast path takes as literal text: unreserved characters and a few sub-delims
/// that have no meaning in a pattern.
///
/// One bit per ASCII byte (`plainBytesLow` for 0–63, `plainBytesHigh` for 64–127), so a byte is
/// tested with a shift instead of a chain of comparisons; `PatternFastPathTests` holds the masks
/// to the list above.
@inline(__always) func isPlainByte(_ byte: UInt8) -> Bool {
  let mask = byte < 64 ? plainBytesLow : plainBytesHigh
  return byte < 128 && (mask >> UInt64(byte & 63)) & 1 != 0
}

/// Bits 0–63: `!`, `$`, `'`, `,`, `-`, `.`, the digits, `;` and `=`.
private let plainBytesLow: UInt64 = 0x2BFF_7092_0000_0000
/// Bits 64–127: the letters, `_` and `~`.
private let plainBytesHigh: UInt64 = 0x47FF_FFFE_87FF_FFFE
