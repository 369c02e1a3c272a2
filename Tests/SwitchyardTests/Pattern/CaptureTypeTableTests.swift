import Testing

@testable import Switchyard

/// `CaptureType.swift` is the one place a built-in capture type is written: its code, names,
/// rank, rule (`accepts`) and its row of properties. These tests take every type from the one
/// list (`CaptureType.builtins`) and hold the list, the codes and the rows to each other, and
/// every reader of a type — the matcher, the URL builder, the analysis's segment sets and its
/// witness search — to the type's own rule on a set of sample texts, so that a type added to
/// the list is checked everywhere without being named here.
@Suite("Every built-in capture type is read through its one table")
struct CaptureTypeTableTests {
  /// Texts to try against every type: each row's samples and texts near their grammars.
  static let probes: [String] = {
    var probes = CaptureType.builtins.flatMap { $0.row?.samples ?? [] }
    probes += [
      "abc", "7a", "-0", "+1", "1.", ".5", "1e", "1e+3", "1E-3", "0x1F", "inf", "nan", "-",
      "9223372036854775807", "9223372036854775808", "-9223372036854775808", "1e400",
      "123E4567-E89B-12D3-A456-426614174000", "123e4567-e89b-12d3-a456-42661417400",
      "123e4567-e89b-12d3-a456-42661417400g", "123e4567e89b-12d3-a456-4266141740000",
      "a b", "é", "~", "a.b",
    ]
    var seen = Set<String>()
    return probes.filter { seen.insert($0).inserted }
  }()

  /// The type's own rule.
  static func accepts(_ type: CaptureType, _ text: String) -> Bool {
    var text = text
    return text.withUTF8 { type.accepts($0, registered: []) }
  }

  /// `text` as one path segment: everything but unreserved ASCII percent-encoded.
  static func segment(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      let scalar = Unicode.Scalar(byte)
      if byte < 0x80 && (isAlpha(byte) || isDigit(byte) || "-._~".unicodeScalars.contains(scalar)) {
        result.unicodeScalars.append(scalar)
      } else {
        let hex = Array("0123456789ABCDEF".utf8)
        result += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
      }
    }
    return result
  }

  @Test("The list, the codes, the names and the rows agree")
  func listCodesNamesAndRows() throws {
    let builtins = CaptureType.builtins
    #expect(builtins.count == CaptureType.builtinCount)
    #expect(Set(builtins).count == builtins.count)
    var names: [String] = []
    for (index, type) in builtins.enumerated() {
      #expect(type.code == Int32(index), "\(type)")
      #expect(CaptureType(code: Int32(index)) == type, "\(type)")
      let row = try #require(type.row, "\(type)")
      #expect(!row.names.isEmpty && !row.samples.isEmpty, "\(type)")
      #expect(type.name(in: []) == row.names[0])
      for name in row.names { #expect(CaptureType.builtin(named: name) == type, "\(name)") }
      names += row.names
    }
    #expect(CaptureType.builtinNames == names)
    #expect(Set(names).count == names.count)
    // Registered types come after every built-in code and have no row.
    let first = CaptureType.custom(0)
    #expect(first.code == Int32(builtins.count) && first.row == nil)
    #expect(CaptureType(code: first.code) == first)
  }

  @Test(
    "Registered types rank after the built-in types that refuse some text, and before those that accept all"
  )
  func ranksAroundRegisteredTypes() throws {
    let lowest = CaptureType.custom(0).rank
    let highest = CaptureType.custom(CaptureType.maximumRegistered - 1).rank
    for type in CaptureType.builtins {
      let row = try #require(type.row)
      if row.acceptsEveryText {
        #expect(type.rank > highest, "\(type)")
      } else {
        #expect(type.rank < lowest, "\(type)")
      }
    }
    #expect(Set(CaptureType.builtins.map(\.rank)).count == CaptureType.builtins.count)
  }

  @Test(
    "Each row describes its type's rule: samples accepted, every text when it says so, its value bytes and the types it shares values with"
  )
  func rowsDescribeTheRule() throws {
    for type in CaptureType.builtins {
      let row = try #require(type.row)
      for sample in row.samples { #expect(Self.accepts(type, sample), "\(type) \(sample)") }
      for probe in Self.probes where !probe.isEmpty {
        let accepted = Self.accepts(type, probe)
        if row.acceptsEveryText { #expect(accepted, "\(type) \(probe)") }
        if accepted, case .numberOrUUID = row.valueBytes {
          #expect(probe.utf8.allSatisfy(SegmentRules.isNumberOrUUIDByte), "\(type) \(probe)")
        }
      }
      for other in CaptureType.builtins {
        #expect(
          row.sharesValuesWith.contains(other)
            == (other.row?.sharesValuesWith.contains(type) == true),
          "\(type) \(other): not symmetric")
        let shared = Self.probes.contains {
          !$0.isEmpty && Self.accepts(type, $0) && Self.accepts(other, $0)
        }
        // Never `false` when some text is a value of both.
        if shared { #expect(type.mayShareValues(with: other), "\(type) \(other)") }
      }
    }
  }

  @Test(
    "The matcher, the builder and the analysis's segment sets accept what the type's rule accepts")
  func readersAgreeWithTheRule() throws {
    for type in CaptureType.builtins {
      let name = try #require(type.row?.names.first)
      var table = RouteTable()
      try table.add("typed", "/t/<\(name):v>")
      let matcher = RouteMatcher(table)
      let rules = SegmentRules(caseInsensitive: false, types: [])
      for probe in Self.probes where !probe.isEmpty {
        let expected = Self.accepts(type, probe)
        let bytes = Array(probe.utf8)
        let url = "/t/" + Self.segment(probe)
        let match = matcher.match(url)
        #expect((match != nil) == expected, "matcher: \(name) \(probe)")
        if let match {
          #expect(match.parameter("v") == bytes.withUnsafeBufferPointer { type.value(probe, $0) })
        }
        let built = try? table.url(for: "typed", values: ["v": probe])
        #expect((built != nil) == expected, "builder: \(name) \(probe)")
        if let built { #expect(matcher.match(built) != nil, "builder: \(name) \(built)") }
        #expect(rules.converts(bytes, type) == expected, "converts: \(name) \(probe)")
        #expect(rules.contains(.typed(type), bytes) == expected, "segment set: \(name) \(probe)")
        #expect(
          rules.contains(
            .mixed(prefix: [], type: type, suffix: Array(".x".utf8)), bytes + Array(".x".utf8))
            == expected, "mixed segment set: \(name) \(probe)")
      }
    }
  }

  @Test(
    "The witness search finds, for every type, a URL whose capture the type's rule accepts, also against each other type"
  )
  func witnessesAgreeWithTheRule() throws {
    for type in CaptureType.builtins {
      let name = try #require(type.row?.names.first)
      var table = RouteTable()
      try table.add("typed", "/t/<\(name):v>")
      for other in CaptureType.builtins where other != type {
        try table.add("other-\(other.code)", "/t/<\(other.name(in: [])):w>")
      }
      let analysis = TableAnalysis(table)
      let unit = analysis.unitsByRoute[0][0]
      let (_, text) = try #require(analysis.witness([unit]), "\(name)")
      let value = try #require(
        RouteMatcher(table).candidates(for: text).first { $0.route.name == "typed" })
      #expect(Self.accepts(type, value.parameter("v")?.text ?? ""), "\(name) \(text)")
      for (offset, other) in CaptureType.builtins.enumerated() where other != type {
        let rival = analysis.unitsByRoute[offset < Int(type.code) ? offset + 1 : offset][0]
        guard let (_, avoiding) = analysis.witness([unit], avoiding: [rival]) else {
          // No witness: every sample of the type is a value of the other.
          #expect(
            type.samples.allSatisfy { Self.accepts(other, $0) }, "\(name) against \(other)")
          continue
        }
        let candidates = RouteMatcher(table).candidates(for: avoiding)
        let decoded = try #require(candidates.first { $0.route.name == "typed" })
        #expect(!candidates.contains { $0.route.name == "other-\(other.code)" }, "\(avoiding)")
        let text = decoded.parameter("v")?.text ?? ""
        // A one-segment value the other type also accepts would match its route.
        #expect(
          Self.accepts(type, text) && (text.contains("/") || !Self.accepts(other, text)),
          "\(name) \(other) \(avoiding)")
      }
    }
  }
}
