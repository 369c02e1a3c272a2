@testable import Switchyard

/// The judge: a deliberately simple matcher, independent of the trie and of `URLLayout`.
///
/// For every route and every variant of its pattern it finds the best way the variant can
/// match the URL, builds its rank key straight from the Precedence article
/// (Sources/Switchyard/Switchyard.docc/Precedence.md), and keeps the smallest key. Keys are
/// `[Int]` compared lexicographically; byte strings are written as `byte + 1` followed by a
/// `0`, so they compare in byte order.
///
/// All ways of one variant share every part of the key but the catch-all widths, which come
/// last, so the best way is the one with the lexicographically smallest widths. A dynamic
/// program over (pattern element, segment) finds it without enumerating ways (see
/// `bestPathWay`), so the judge stays polynomial with several catch-alls against long URLs.
struct ReferenceMatcher {
  struct Outcome {
    var route: Route
    var key: [Int]
    var captures: [String: ParameterValue]
  }

  /// A URL as the Reading URLs article reads it.
  struct Parts {
    var scheme: String?
    var host: String?
    var port: Int?
    var segments: [String]
    var query: [(name: String, value: String)]
    var fragment: String?
  }

  let table: RouteTable

  /// The best route for `url`.
  func match(_ url: String) -> Outcome? { candidates(url).first }

  /// Every matching route in its best way, best first.
  func candidates(_ url: String) -> [Outcome] {
    let parts = Self.parse(url, table.options)
    var best: [Outcome] = []
    for route in table.routes {
      var routeBest: Outcome? = nil
      for (variantIndex, variant) in route.pattern.variants.enumerated() {
        for way in ways(route, variant, variantIndex, parts)
        where routeBest.map({ way.key.lexicographicallyPrecedes($0.key) }) ?? true {
          routeBest = way
        }
      }
      if let routeBest { best.append(routeBest) }
    }
    return best.sorted { $0.key.lexicographicallyPrecedes($1.key) }
  }

  // MARK: One variant

  func ways(_ route: Route, _ variant: PatternVariant, _ variantIndex: Int, _ url: Parts)
    -> [Outcome]
  {
    // Scheme, host and port.
    if let scheme = variant.scheme, Array((url.scheme ?? "").utf8) != scheme || url.scheme == nil {
      return []
    }
    let host = url.host.map { Array($0.utf8) }
    var hostKey: [Int]
    switch variant.host {
    case .literal(let name):
      guard host == name else { return [] }
      hostKey = [0]
    case .wildcard(let suffix):
      guard let host, host.count > suffix.count, host.suffix(suffix.count).elementsEqual(suffix)
      else { return [] }
      hostKey = [1, -suffix.count]
    case .any:
      guard host != nil else { return [] }
      hostKey = [2]
    case .omitted:
      hostKey = [3]
    }
    if let port = variant.port, port != url.port { return [] }
    hostKey.append(variant.port == nil ? 1 : 0)

    // Query requirements: the last value of each name.
    var tail: [String: ParameterValue] = [:]
    var queryKey = [-route.pattern.query.count]
    for requirement in route.pattern.query {
      guard let value = url.query.last(where: { Array($0.name.utf8) == requirement.name })?.value
      else { return [] }
      switch requirement.value {
      case .literal(let expected):
        guard Array(value.utf8) == expected else { return [] }
        queryKey += [-1] + Self.bytes(requirement.name) + Self.bytes(expected)
      case .capture(let type, let name):
        guard let converted = convert(value, type) else { return [] }
        tail[name] = converted
        queryKey += [typeRank(type)] + Self.bytes(requirement.name)
      }
    }
    var fragmentKey: [Int]
    switch route.pattern.fragment {
    case .none:
      fragmentKey = [2_000_000]
    case .literal(let expected):
      guard let fragment = url.fragment, Array(fragment.utf8) == expected else { return [] }
      fragmentKey = [-1] + Self.bytes(expected)
    case .capture(let type, let name):
      guard let fragment = url.fragment, let converted = convert(fragment, type) else { return [] }
      tail[name] = converted
      fragmentKey = [typeRank(type)]
    }

    var pathKey: [Int] = []
    for element in variant.path { pathKey += elementKey(element) }
    pathKey.append(4)  // the end ranks between <path:…> (3) and * (5)

    let prefix =
      [-route.priority, variant.scheme == nil ? 1 : 0] + hostKey + pathKey + queryKey
      + fragmentKey + [route.index, variantIndex]
    guard let way = bestPathWay(variant.path, url.segments) else { return [] }
    return [
      Outcome(
        route: route, key: prefix + way.widths,
        captures: way.captures.merging(tail) { path, _ in path })
    ]
  }

  /// The way `elements` consume exactly `segments` with the smallest catch-all widths, read
  /// left to right, or `nil` when there is none.
  ///
  /// `finishes[i][j]` says whether elements `i...` can consume exactly segments `j...`; it is
  /// filled from the last element back. Then, from the left, each catch-all takes the fewest
  /// segments after which the rest can still finish.
  func bestPathWay(_ elements: [PathElement], _ segments: [String])
    -> (widths: [Int], captures: [String: ParameterValue])?
  {
    let count = segments.count
    var finishes = Array(
      repeating: Array(repeating: false, count: count + 1), count: elements.count + 1)
    finishes[elements.count][count] = true
    for index in elements.indices.reversed() {
      if let minimum = catchAllMinimum(elements[index]) {
        // Some stop from `start + minimum` on finishes: an "or" over a suffix, from the end.
        var anyFrom = false
        for start in stride(from: count, through: 0, by: -1) {
          if start + minimum <= count { anyFrom = anyFrom || finishes[index + 1][start + minimum] }
          finishes[index][start] = anyFrom
        }
      } else {
        for start in 0..<count {
          finishes[index][start] =
            finishes[index + 1][start + 1] && single(elements[index], segments[start]) != nil
        }
      }
    }
    guard finishes[0][0] else { return nil }
    var widths: [Int] = []
    var captures: [String: ParameterValue] = [:]
    var start = 0
    for (index, element) in elements.enumerated() {
      if let minimum = catchAllMinimum(element) {
        var stop = start + minimum
        while !finishes[index + 1][stop] { stop += 1 }
        widths.append(stop - start)
        if let name = catchAllName(element) {
          captures[name] = .string(segments[start..<stop].joined(separator: "/"))
        }
        start = stop
      } else {
        if let (name, value) = single(element, segments[start]), let name {
          captures[name] = value
        }
        start += 1
      }
    }
    return (widths, captures)
  }

  /// The fewest segments a catch-all element takes (`nil` for the other elements).
  func catchAllMinimum(_ element: PathElement) -> Int? {
    switch element {
    case .capture(.path, _): return 1
    case .star: return 0
    default: return nil
    }
  }

  func catchAllName(_ element: PathElement) -> String? {
    switch element {
    case .capture(.path, let name): return name
    case .star(let name): return name
    default: return nil
    }
  }

  /// Whether an element that takes one segment matches `segment`, with the name and value it
  /// captures (`nil` for a literal).
  func single(_ element: PathElement, _ segment: String) -> (String?, ParameterValue?)? {
    switch element {
    case .literal(let expected):
      return sameLiteral(Array(segment.utf8), expected) ? (nil, nil) : nil
    case .capture(let type, let name):
      guard let value = convert(segment, type) else { return nil }
      return (name, value)
    case .mixed(let prefix, let type, let name, let suffix, _):
      let bytes = Array(segment.utf8)
      guard bytes.count > prefix.count + suffix.count,
        sameLiteral(Array(bytes.prefix(prefix.count)), prefix),
        sameLiteral(Array(bytes.suffix(suffix.count)), suffix),
        let value = convert(
          String(decoding: bytes.dropFirst(prefix.count).dropLast(suffix.count), as: UTF8.self),
          type)
      else { return nil }
      return (name, value)
    case .star:
      return nil
    }
  }

  // MARK: Ranks

  func elementKey(_ element: PathElement) -> [Int] {
    switch element {
    case .literal(let bytes):
      // Two different literals can both match at one place when catch-alls before them take
      // different widths. The precedence rules want every two different elements ordered; it does not say how
      // for literals. Pinned: shorter first, then byte order (ASCII case folded when paths
      // are case-insensitive, where `A` and `a` are the same element).
      let folded = table.options.caseInsensitivePaths ? bytes.map(Self.lower) : bytes
      return [0, folded.count] + Self.bytes(folded)
    case .mixed(let prefix, let type, let name, let suffix, _):
      let typeText = type == .string ? "" : typeName(type) + ":"
      let text = prefix + Array("<\(typeText)\(name)>".utf8) + suffix
      let literalCharacters =
        String(decoding: prefix, as: UTF8.self).count
        + String(decoding: suffix, as: UTF8.self).count
      return [1, -literalCharacters] + Self.bytes(text)
    case .capture(.path, _): return [3]
    case .capture(let type, _): return [2, typeRank(type)]
    case .star: return [5]
    }
  }

  /// int < float < uuid < registered (in registration order) < string; literal is -1.
  func typeRank(_ type: CaptureType) -> Int {
    switch type {
    case .int: return 0
    case .float: return 1
    case .uuid: return 2
    case .custom(let index): return 3 + index
    case .string: return 1_000_000
    case .path: return 1_000_001
    }
  }

  func typeName(_ type: CaptureType) -> String {
    switch type {
    case .string: return "string"
    case .int: return "int"
    case .float: return "float"
    case .uuid: return "uuid"
    case .path: return "path"
    case .custom(let index): return table.parameterTypes[index].name
    }
  }

  static func bytes(_ bytes: [UInt8]) -> [Int] { bytes.map { Int($0) + 1 } + [0] }

  func sameLiteral(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard table.options.caseInsensitivePaths else { return a == b }
    return a.map(Self.lower) == b.map(Self.lower)
  }

  static func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 32 : byte }

  // MARK: Converters (written from the grammar of the Pattern Syntax article, not from the engine)

  func convert(_ text: String, _ type: CaptureType) -> ParameterValue? {
    switch type {
    case .string, .path: return .string(text)
    case .int:
      let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
      guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }),
        let value = Int(text)
      else { return nil }
      return .int(value)
    case .float:
      guard Self.isFloatSyntax(Array(text.utf8)), let value = Double(text), value.isFinite else {
        return nil
      }
      return .double(value)
    case .uuid:
      let groups = text.split(separator: "-", omittingEmptySubsequences: false)
      guard groups.map(\.count) == [8, 4, 4, 4, 12],
        groups.allSatisfy({ $0.allSatisfy(\.isHexDigit) && $0.allSatisfy(\.isASCII) })
      else { return nil }
      return .string(text)
    case .custom(let index):
      return table.parameterTypes[index].accepts(Substring(text)) ? .string(text) : nil
    }
  }

  /// `[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?`
  static func isFloatSyntax(_ bytes: [UInt8]) -> Bool {
    var rest = bytes[...]
    func digits() -> Int {
      let count = rest.prefix { (0x30...0x39).contains($0) }.count
      rest = rest.dropFirst(count)
      return count
    }
    if let sign = rest.first, sign == 0x2B || sign == 0x2D { rest = rest.dropFirst() }
    let whole = digits()
    var fraction = 0
    if rest.first == 0x2E {
      rest = rest.dropFirst()
      fraction = digits()
    }
    guard whole > 0 || fraction > 0 else { return false }
    if let e = rest.first, e == 0x65 || e == 0x45 {
      rest = rest.dropFirst()
      if let sign = rest.first, sign == 0x2B || sign == 0x2D { rest = rest.dropFirst() }
      guard digits() > 0 else { return false }
    }
    return rest.isEmpty
  }

  // MARK: Reading a URL (the Reading URLs article), written independently of URLLayout

  static func parse(_ url: String, _ options: RouteOptions) -> Parts {
    var rest = Array(url.utf8)[...]
    var scheme: String? = nil
    if let first = rest.first, isLetter(first),
      let colon = rest.firstIndex(where: {
        !isLetter($0) && !isDigitByte($0) && !"+-.".utf8.contains($0)
      }),
      rest[colon] == 0x3A
    {
      scheme = String(decoding: rest[..<colon].map(lower), as: UTF8.self)
      rest = rest[(colon + 1)...]
    }
    if scheme == nil, let fallback = options.defaultScheme, !fallback.isEmpty {
      scheme = String(decoding: fallback.utf8.map(lower), as: UTF8.self)
    }
    var rawHost: ArraySlice<UInt8>? = nil
    var port: Int? = nil
    if rest.starts(with: "//".utf8) {
      rest = rest.dropFirst(2)
      let stop = rest.firstIndex { "/?#".utf8.contains($0) } ?? rest.endIndex
      var authority = rest[..<stop]
      rest = rest[stop...]
      if let at = authority.lastIndex(of: 0x40) { authority = authority[(at + 1)...] }
      let searchFrom =
        authority.first == 0x5B
        ? (authority.firstIndex(of: 0x5D) ?? authority.endIndex) : authority.startIndex
      if let colon = authority[searchFrom...].lastIndex(of: 0x3A),
        authority[(colon + 1)...].allSatisfy(isDigitByte)
      {
        let digits = authority[(colon + 1)...]
        if !digits.isEmpty, digits.count <= 5,
          let value = Int(String(decoding: digits, as: UTF8.self)),
          value <= 65535
        {
          port = value
        }
        authority = authority[..<colon]
      }
      rawHost = authority
    }
    let pathEnd = rest.firstIndex { $0 == 0x3F || $0 == 0x23 } ?? rest.endIndex
    let path = rest[..<pathEnd]
    rest = rest[pathEnd...]
    var query: [(name: String, value: String)] = []
    if rest.first == 0x3F {
      let stop = rest.firstIndex(of: 0x23) ?? rest.endIndex
      for piece in rest[(rest.startIndex + 1)..<stop].split(separator: 0x26) {
        let equals = piece.firstIndex(of: 0x3D) ?? piece.endIndex
        query.append(
          (
            decode(piece[..<equals], plusAsSpace: options.plusAsSpace),
            decode(piece[equals...].dropFirst(), plusAsSpace: options.plusAsSpace)
          ))
      }
      rest = rest[stop...]
    }
    let fragment = rest.first == 0x23 ? decode(rest.dropFirst(), plusAsSpace: false) : nil

    let hostAsPath = options.hostAsPath.applies(toScheme: scheme)
    var segments = path.split(separator: 0x2F).map { decode($0, plusAsSpace: false) }
    var host: String? = nil
    if let rawHost, !rawHost.isEmpty {
      if hostAsPath {
        segments.insert(decode(rawHost, plusAsSpace: false), at: 0)
      } else {
        host = String(decoding: rawHost.map(lower), as: UTF8.self)
      }
    }
    return Parts(
      scheme: scheme, host: host, port: port, segments: segments, query: query,
      fragment: fragment)
  }

  /// Decodes `%XX` once, keeps malformed escapes, repairs invalid UTF-8.
  static func decode(_ raw: ArraySlice<UInt8>, plusAsSpace: Bool) -> String {
    var out: [UInt8] = []
    var index = raw.startIndex
    while index < raw.endIndex {
      if raw[index] == 0x25, index + 2 < raw.endIndex, let high = hex(raw[index + 1]),
        let low = hex(raw[index + 2])
      {
        out.append(high << 4 | low)
        index += 3
      } else {
        out.append(plusAsSpace && raw[index] == 0x2B ? 0x20 : raw[index])
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x37
    case 0x61...0x66: return byte - 0x57
    default: return nil
    }
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }
  static func isDigitByte(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
