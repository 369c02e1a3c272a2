import SwitchyardTestSupport
import Testing

@testable import SwitchyardFiles

@Suite("Strict JSON parser")
struct JSONParserTests {
  // MARK: Valid input

  @Test(
    "Scalars parse to the right kind",
    arguments: [
      ("null", JSONValue.Kind.null),
      ("true", .bool(true)),
      ("false", .bool(false)),
      ("0", .number(JSONNumber(text: "0", isIntegerLiteral: true))),
      ("-0", .number(JSONNumber(text: "-0", isIntegerLiteral: true))),
      ("42", .number(JSONNumber(text: "42", isIntegerLiteral: true))),
      ("-17", .number(JSONNumber(text: "-17", isIntegerLiteral: true))),
      ("1.5", .number(JSONNumber(text: "1.5", isIntegerLiteral: false))),
      ("1e3", .number(JSONNumber(text: "1e3", isIntegerLiteral: false))),
      ("-0.25E-2", .number(JSONNumber(text: "-0.25E-2", isIntegerLiteral: false))),
      ("1E+2", .number(JSONNumber(text: "1E+2", isIntegerLiteral: false))),
      (#""""#, .string("")),
      (#""héllo 👋""#, .string("héllo 👋")),
      (" \t\r\n 7 \n", .number(JSONNumber(text: "7", isIntegerLiteral: true))),
    ])
  func scalars(text: String, expected: JSONValue.Kind) throws {
    let value = try JSONParser.parse(text)
    #expect(value.kind == expected)
  }

  @Test(
    "String escapes decode",
    arguments: [
      (#""\"\\\/""#, "\"\\/"),
      (#""\b\f\n\r\t""#, "\u{08}\u{0C}\n\r\t"),
      (#""\u0041\u00e9\u20AC""#, "Aé€"),
      (#""\u0000""#, "\u{0}"),
      (#""\ud83d\ude00""#, "😀"),
      (#""a\uD834\uDD1Eb""#, "a𝄞b"),
      (#""x\ny""#, "x\ny"),
    ])
  func escapes(text: String, expected: String) throws {
    let value = try JSONParser.parse(text)
    #expect(value.stringValue == expected)
    #expect(value.hasEscapes)
  }

  @Test("A string without escapes says so")
  func noEscapes() throws {
    let value = try JSONParser.parse(#""plain/text <int:id>""#)
    #expect(value.stringValue == "plain/text <int:id>")
    #expect(!value.hasEscapes)
  }

  @Test("Large and precise integers are kept as written")
  func numbersKeepText() throws {
    let value = try JSONParser.parse("[9223372036854775807, 9223372036854775808, 1.0]")
    let numbers = value.arrayElements?.compactMap { element -> JSONNumber? in
      if case .number(let number) = element.kind { return number }
      return nil
    }
    #expect(numbers?.map(\.text) == ["9223372036854775807", "9223372036854775808", "1.0"])
    #expect(numbers?.map(\.intValue) == [Int.max, nil, nil])
  }

  @Test("Objects keep members in order, with key and value positions")
  func objectPositions() throws {
    let text = """
      {
        "b": 1,
        "a": [true, null],
      \t"é": "x"
      }
      """
    let value = try JSONParser.parse(text)
    let members = try #require(value.objectMembers)
    #expect(members.map(\.key) == ["b", "a", "é"])
    #expect(members.map(\.keyPosition.description) == ["2:3", "3:3", "4:2"])
    #expect(members.map(\.value.position.description) == ["2:8", "3:8", "4:7"])
    #expect(value.position.description == "1:1")
    let array = try #require(members[1].value.arrayElements)
    #expect(array.map(\.position.description) == ["3:9", "3:15"])
  }

  @Test("Columns count characters, not bytes")
  func columnsCountCharacters() throws {
    let value = try JSONParser.parse(#"{"👨‍👩‍👧 é": 1, "k": 2}"#)
    let members = try #require(value.objectMembers)
    // The family emoji is one Character (several scalars, many bytes).
    #expect(members[0].value.position.column == 9)
    #expect(members[1].keyPosition.column == 12)
  }

  @Test(
    "Line breaks: LF, CRLF and a lone CR each end a line",
    arguments: ["[\n1]", "[\r\n1]", "[\r1]"])
  func lineBreaks(text: String) throws {
    let value = try JSONParser.parse(text)
    #expect(value.arrayElements?.first?.position.description == "2:1")
  }

  @Test("A leading byte order mark is skipped and not counted")
  func byteOrderMark() throws {
    let value = try JSONParser.parse(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8))
    #expect(value.position.description == "1:1")
    #expect(value.objectMembers?.first?.value.position.description == "1:6")
  }

  @Test("Nesting up to the limit is accepted")
  func deepNesting() throws {
    let depth = JSONParser.maximumDepth
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    _ = try JSONParser.parse(text)
  }

  // MARK: Invalid input

  @Test(
    "Syntax errors are reported with their exact position",
    arguments: [
      ("", "1:1: expected a value, found end of file"),
      ("   \n  ", "2:3: expected a value, found end of file"),
      ("[1, 2,]", "1:6: trailing comma before ']' is not allowed"),
      ("{\"a\": 1,\n}", "1:8: trailing comma before '}' is not allowed"),
      ("[1 2]", "1:4: expected ',' or ']', found '2'"),
      ("{\"a\" 1}", "1:6: expected ':' after the key, found '1'"),
      ("{\"a\": 1 \"b\": 2}", "1:9: expected ',' or '}', found '\"'"),
      ("{a: 1}", "1:2: object keys must be strings in double quotes"),
      ("{'a': 1}", "1:2: object keys must be strings in double quotes"),
      ("['a']", "1:2: strings must be in double quotes, found '"),
      ("{1: 2}", "1:2: expected a string key or '}', found '1'"),
      ("{\"a\": 1, 2}", "1:10: expected a string key, found '2'"),
      ("// note\n{}", "1:1: comments are not allowed in JSON"),
      ("{} /* note */", "1:4: comments are not allowed in JSON"),
      ("[1, /* x */ 2]", "1:5: comments are not allowed in JSON"),
      ("{}}", "1:3: unexpected '}' after the end of the JSON value"),
      ("[1] [2]", "1:5: unexpected '[' after the end of the JSON value"),
      ("1 x", "1:3: unexpected 'x' after the end of the JSON value"),
      ("{\"a\": 1, \"a\": 2}", "1:10: duplicate key \"a\" (first at 1:2)"),
      ("{\n \"k\": {},\n \"k\": 1}", "3:2: duplicate key \"k\" (first at 2:2)"),
      ("[True]", "1:2: expected a value, found 'True'; JSON literals are lowercase: 'true'"),
      ("[NaN]", "1:2: expected a value, found 'NaN'"),
      ("[Infinity]", "1:2: expected a value, found 'Infinity'"),
      ("[tru]", "1:2: expected a value, found 'tru'"),
      ("[+1]", "1:2: expected a value, found '+'"),
      ("[.5]", "1:2: expected a value, found '.'"),
      ("[01]", "1:2: numbers cannot have leading zeros"),
      ("[-01]", "1:3: numbers cannot have leading zeros"),
      ("[-]", "1:3: expected a digit after '-', found ']'"),
      ("[1.]", "1:4: expected a digit after '.', found ']'"),
      ("[1e]", "1:4: expected a digit in the exponent, found ']'"),
      ("[1e+]", "1:5: expected a digit in the exponent, found ']'"),
      ("[0x10]", "1:3: expected ',' or ']', found 'x10'"),
      ("\"abc", "1:1: unterminated string (no closing '\"')"),
      ("[\"ab\ncd\"]", "1:5: unterminated string: a line break in a string must be written \\n"),
      ("\"a\tb\"", "1:3: control character U+0009 must be escaped in a string"),
      ("\"a\u{1}b\"", "1:3: control character U+0001 must be escaped in a string"),
      ("\"\\x\"", "1:2: invalid escape '\\x' in string"),
      ("\"\\'\"", "1:2: invalid escape '\\'' in string"),
      ("\"\\", "1:2: unterminated escape at end of file"),
      ("\"ab\\u12\"", "1:4: invalid \\u escape: expected four hexadecimal digits"),
      ("\"\\uZZZZ\"", "1:2: invalid \\u escape: expected four hexadecimal digits"),
      ("\"\\uD83D\"", "1:2: unpaired surrogate \\uD83D in string"),
      ("\"\\uD83Dx\"", "1:2: unpaired surrogate \\uD83D in string"),
      ("\"\\uD83D\\u0041\"", "1:2: unpaired surrogate \\uD83D in string"),
      ("\"\\uDE00\"", "1:2: unpaired surrogate \\uDE00 in string"),
      ("[1,\n  é]", "2:3: expected a value, found 'é'"),
      ("[\u{FEFF}]", "1:2: expected a value, found U+FEFF"),
      ("{\"a\":", "1:6: expected a value, found end of file"),
      ("[", "1:2: expected a value, found end of file"),
      ("{", "1:2: expected a string key or '}', found end of file"),
      ("[1", "1:3: expected ',' or ']', found end of file"),
    ])
  func syntaxErrors(text: String, expected: String) {
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    do {
      _ = try JSONParser.parse(text)
    } catch {
      #expect(error.description == expected)
    }
  }

  @Test(
    "Bad UTF-8 is refused at the offending byte",
    arguments: [
      ([0x22, 0xFF, 0x22], "1:2: invalid UTF-8 (byte 0xFF)"),
      ([0x5B, 0x0A, 0x22, 0x61, 0xC3, 0x22, 0x5D], "2:3: invalid UTF-8 (byte 0xC3)"),
      ([0x22, 0xC0, 0xAF, 0x22], "1:2: invalid UTF-8 (byte 0xC0)"),  // overlong '/'
      ([0x22, 0xED, 0xA0, 0x80, 0x22], "1:2: invalid UTF-8 (byte 0xED)"),  // encoded surrogate
      ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "1:2: invalid UTF-8 (byte 0xF4)"),  // > U+10FFFF
      ([0x22, 0xE2, 0x82], "1:2: invalid UTF-8 (byte 0xE2)"),  // truncated
      ([0x22, 0xC3, 0xA9, 0x80, 0x22], "1:3: invalid UTF-8 (byte 0x80)"),  // stray continuation
    ] as [([UInt8], String)])
  func badUTF8(bytes: [UInt8], expected: String) {
    do {
      _ = try JSONParser.parse(bytes: bytes)
      Issue.record("expected an error")
    } catch {
      #expect(error.description == expected)
    }
  }

  @Test("Nesting deeper than the limit is refused, not a crash")
  func tooDeep() {
    let depth = JSONParser.maximumDepth + 1
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    do {
      _ = try JSONParser.parse(text)
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description
          == "1:\(depth): arrays and objects are nested too deeply (more than \(depth - 1) levels)")
    }
  }

  @Test("A long single-line document parses in reasonable time")
  func longLine() throws {
    let items = (0..<20_000).map { #"{"n":\#($0)}"# }.joined(separator: ",")
    let value = try JSONParser.parse("[" + items + "]")
    #expect(
      value.arrayElements?.last?.position.column == 1 + 1
        + (0..<19_999).reduce(0) { $0 + "{\"n\":\($1)},".count })
  }

  @Test("Mutated documents never trap: each parses or throws a positioned error")
  func mutationFuzz() {
    let seed = Array(
      #"""
      {"version": 1, "options": {"hostAsPath": ["myapp"], "defaultScheme": null},
       "routes": [{"name": "caf\u00e9 👋", "pattern": "myapp://user/<int:id>", "priority": -2.5e3},
                  [true, false, null, "\ud83d\ude00\n"]]}
      """#.utf8)
    let alphabet: [UInt8] =
      Array(#"{}[]",:\/ u0123456789.eE+-tfn"#.utf8) + [0x0A, 0x0D, 0x09, 0xC3, 0xFF]
    var generator = SeededGenerator(seed: 20_261_122)
    for _ in 0..<3_000 {
      var bytes = seed
      for _ in 0..<Int(generator.next() % 4 + 1) {
        let position = Int(generator.next() % UInt64(bytes.count + 1))
        switch generator.next() % 3 {
        case 0 where position < bytes.count: bytes.remove(at: position)
        case 1: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
        default:
          if position < bytes.count {
            bytes[position] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
          }
        }
      }
      do {
        _ = try JSONParser.parse(bytes: bytes)
      } catch {
        #expect(error.line >= 1 && error.column >= 1)
      }
    }
  }

  // MARK: Escaping

  @Test(
    "JSON string escaping",
    arguments: [
      ("plain", "plain"),
      ("quote\" back\\slash", #"quote\" back\\slash"#),
      ("\n\r\t\u{08}\u{0C}", #"\n\r\t\b\f"#),
      ("\u{0}\u{1F}\u{7F}", #"\u0000\u001f\u007f"#),
      ("é 👋 /", "é 👋 /"),
      ("\u{2028}", #"\u2028"#),
    ])
  func escaping(input: String, expected: String) throws {
    #expect(JSONEscaping.escape(input) == expected)
    // And it round-trips through the parser.
    #expect(try JSONParser.parse(JSONEscaping.quote(input)).stringValue == input)
  }
}
