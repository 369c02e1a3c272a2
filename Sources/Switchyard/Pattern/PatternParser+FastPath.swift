extension PatternParser {
  /// Reads the most common patterns — a path of whole-segment literals and captures, with at
  /// most a plain scheme and host before it — in one pass without building the general
  /// parser's item lists. Returns `nil` for anything else (optional groups, escapes, query,
  /// fragment, ports, wildcards, captures inside a segment, errors…), which the general
  /// parser then reads. Both must agree: debug builds check every pattern the fast path
  /// takes against the general parser.
  static func fastParse(
    _ text: String, options: RouteOptions, types: [ParameterType]
  ) -> Parsed? {
    var text = text
    return text.withUTF8 { bytes -> Parsed? in
      fastParse(bytes, options: options, types: types)
    }
  }

  private static func fastParse(
    _ bytes: UnsafeBufferPointer<UInt8>, options: RouteOptions, types: [ParameterType]
  ) -> Parsed? {
    let end = bytes.count
    var cursor = 0

    // Scheme: letters, digits, '+', '-', '.' up to ':'.
    var scheme: [UInt8]? = nil
    if end > 0, isAlpha(bytes[0]) {
      var index = 1
      while index < end, isSchemeByte(bytes[index]) { index += 1 }
      if index < end, bytes[index] == 0x3A {
        scheme = bytes[0..<index].map(asciiLower)
        cursor = index + 1
      }
    }
    if scheme == nil, let defaultScheme = options.defaultScheme, !defaultScheme.isEmpty {
      scheme = Array(asciiLowercased(defaultScheme).utf8)
    }
    let hostAsPath = options.hostAsPath.applies(
      toScheme: scheme.map { String(decoding: $0, as: UTF8.self) })

    var path: [PathElement] = []
    var names: [String] = []
    var host = HostRequirement.omitted

    /// Reads one segment `start..<stop` into `path`; false when it needs the general parser.
    func segment(_ start: Int, _ stop: Int) -> Bool {
      let first = bytes[start]
      if first == 0x3A || first == 0x2A {  // :name, *, *name
        var index = start + 1
        if index < stop {
          guard isAlpha(bytes[index]) || bytes[index] == 0x5F else { return false }
          while index < stop, isNameByte(bytes[index]) { index += 1 }
          guard index == stop else { return false }
        } else if first == 0x3A {
          return false
        }
        let name = String(decoding: bytes[(start + 1)..<stop], as: UTF8.self)
        if first == 0x3A {
          guard !names.contains(name) else { return false }
          names.append(name)
          path.append(.capture(.string, name: name))
        } else {
          if !name.isEmpty {
            guard !names.contains(name) else { return false }
            names.append(name)
          }
          path.append(.star(name: name.isEmpty ? nil : name))
        }
        return true
      }
      if first == 0x3C {  // <name> or <type:name>, as the whole segment
        guard stop - start >= 3, bytes[stop - 1] == 0x3E else { return false }
        var type = CaptureType.string
        var nameStart = start + 1
        if let colon = bytes[(start + 1)..<(stop - 1)].firstIndex(of: 0x3A) {
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
        guard nameStart < stop - 1, isAlpha(bytes[nameStart]) || bytes[nameStart] == 0x5F else {
          return false
        }
        for index in nameStart..<(stop - 1) where !isNameByte(bytes[index]) { return false }
        let name = String(decoding: bytes[nameStart..<(stop - 1)], as: UTF8.self)
        guard !names.contains(name) else { return false }
        names.append(name)
        path.append(.capture(type, name: name))
        return true
      }
      for index in start..<stop where !isPlainByte(bytes[index]) { return false }
      path.append(.literal(Array(bytes[start..<stop])))
      return true
    }

    /// Reads `start..<stop` as '/'-separated segments.
    func segments(_ start: Int, _ stop: Int) -> Bool {
      var segmentStart = start
      var index = start
      while index <= stop {
        if index == stop || bytes[index] == 0x2F {
          if index > segmentStart && !segment(segmentStart, index) { return false }
          segmentStart = index + 1
        }
        index += 1
      }
      return true
    }

    if cursor + 1 < end, bytes[cursor] == 0x2F, bytes[cursor + 1] == 0x2F {
      let start = cursor + 2
      var stop = start
      while stop < end, bytes[stop] != 0x2F { stop += 1 }
      if stop > start {
        if hostAsPath {
          // The host is the first path segment; a ':' or '@' there needs the general parser.
          guard bytes[start] != 0x3A, !bytes[start..<stop].contains(0x3A) || bytes[start] == 0x3C,
            segment(start, stop)
          else { return nil }
        } else {
          for index in start..<stop {
            let byte = bytes[index]
            guard isAlpha(byte) || isDigit(byte) || byte == 0x2D || byte == 0x2E else { return nil }
          }
          host = .literal(bytes[start..<stop].map(asciiLower))
        }
      }
      cursor = stop
    }
    guard segments(cursor, end) else { return nil }
    return Parsed(
      variants: [PatternVariant(scheme: scheme, host: host, port: nil, path: path)],
      query: [], fragment: .none, captureNames: names)
  }
}

/// A name character: `[A-Za-z0-9_]`.
@inline(__always) func isNameByte(_ byte: UInt8) -> Bool {
  isAlpha(byte) || isDigit(byte) || byte == 0x5F
}

/// A byte the fast path takes as literal text: unreserved characters and a few sub-delims
/// that have no meaning in a pattern.
@inline(__always) func isPlainByte(_ byte: UInt8) -> Bool {
  isAlpha(byte) || isDigit(byte) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
    || byte == 0x21 || byte == 0x24 || byte == 0x27 || byte == 0x2C || byte == 0x3B
    || byte == 0x3D
}
