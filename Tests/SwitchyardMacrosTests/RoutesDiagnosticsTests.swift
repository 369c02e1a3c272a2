import SwiftSyntaxMacrosGenericTestSupport
import Switchyard
import Testing

// Each diagnostic of `@Routes`, with its message and its line and column in the source. The
// sources start at line 1 column 1; a pattern literal's text starts one column after its quote.
@Suite("@Routes: compile-time diagnostics")
struct RoutesDiagnosticsTests {
  @Test("A pattern syntax error is an error at the column the parser names, with its message")
  func patternSyntaxError() {
    assertRoutesExpansion(
      """
      @Routes
      enum Link {
        @Route("/users/<int:id")
        case user(id: Int)
      }
      """,
      expandedSource: """
        enum Link {
          case user(id: Int)
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message: """
            expected '>' to close the capture opened at column 8 (column 15 of the pattern)
              /users/<int:id
                            ^
            """, line: 3, column: 25)
      ])
  }

  @Test("An enum without cases is an error at its name, not generated code that cannot compile")
  func noCases() {
    assertRoutesExpansion(
      """
      @Routes
      enum Link {
      }
      """,
      expandedSource: """
        enum Link {
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message: "a @Routes enum needs at least one case marked @Route", line: 2, column: 6)
      ])
  }

  @Test("The message and column are the ones RoutePattern gives at run time")
  func patternErrorMatchesRoutePattern() throws {
    let pattern = "/a/<bogus:x>/b"
    let error = try #require(throws: PatternSyntaxError.self) { try RoutePattern(pattern) }
    // `@Route("` puts the pattern's first character at column 11 of line 3.
    assertRoutesExpansion(
      """
      @Routes
      enum Link {
        @Route("\(pattern)")
        case a(x: String)
      }
      """,
      expandedSource: """
        enum Link {
          case a(x: String)
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message: "\(error.message) (column \(error.column) of the pattern)\n"
            + "  \(pattern)\n  \(String(repeating: " ", count: error.column - 1))^",
          line: 3, column: 10 + error.column)
      ])
  }

  @Test("A capture without its value, and a value without its capture: both named, with a rename")
  func misspeltLabel() {
    assertRoutesExpansion(
      """
      @Routes
      enum Link {
        @Route("/items/<int:item>")
        case item(tiem: Int)
      }
      """,
      expandedSource: """
        enum Link {
          case item(tiem: Int)
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message:
            "pattern \"/items/<int:item>\" captures 'item', but case 'item' has no associated value 'item'; rename 'tiem' to 'item'",
          line: 3, column: 10, fixIts: [FixItSpec(message: "rename 'tiem' to 'item'")]),
        DiagnosticSpec(
          message:
            "associated value 'tiem' of case 'item' is captured by no pattern of the case (\"/items/<int:item>\")",
          line: 4, column: 13, fixIts: [FixItSpec(message: "rename 'tiem' to 'item'")]),
      ],
      applyFixIts: ["rename 'tiem' to 'item'"],
      fixedSource: """
        @Routes
        enum Link {
          @Route("/items/<int:item>")
          case item(item: Int)
        }
        """)
  }

  @Test("A capture with no value suggests the value to add")
  func missingValue() {
    assertRoutesExpansion(
      """
      @Routes
      enum Link {
        @Route("/users/<int:id>(/<tab>)")
        case user
      }
      """,
      expandedSource: """
        enum Link {
          case user
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message:
            "pattern \"/users/<int:id>(/<tab>)\" captures 'id', but case 'user' has no associated value 'id'; add 'id: Int' to case 'user'",
          line: 3, column: 10),
        DiagnosticSpec(
          message:
            "pattern \"/users/<int:id>(/<tab>)\" captures 'tab', but case 'user' has no associated value 'tab'; add 'tab: String?' to case 'user'",
          line: 3, column: 10),
      ])
  }

  @Test("Every pattern of a case captures the same names")
  func patternsCaptureDifferentNames() {
    assertRoutesExpansion(
      """
      @Routes
      enum Link {
        @Route("/a/:slug")
        @Route("/b")
        case a(slug: String)
      }
      """,
      expandedSource: """
        enum Link {
          case a(slug: String)
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message:
            "pattern \"/b\" of case 'a' does not capture 'slug', which pattern \"/a/:slug\" captures: every pattern of a case captures the same names",
          line: 4, column: 10)
      ])
  }

  @Test("A capture that can be absent needs an Optional value; the fix-it makes it one")
  func absentCaptureNotOptional() {
    assertRoutesExpansion(
      """
      @Routes
      enum Link {
        @Route("/users/<int:id>(/<tab>)")
        case profile(id: Int, tab: String)
      }
      """,
      expandedSource: """
        enum Link {
          case profile(id: Int, tab: String)
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message:
            "capture 'tab' of pattern \"/users/<int:id>(/<tab>)\" is in an optional group and can be absent, so associated value 'tab' of case 'profile' must be Optional",
          line: 4, column: 30, fixIts: [FixItSpec(message: "make it 'String?'")])
      ],
      applyFixIts: ["make it 'String?'"],
      fixedSource: """
        @Routes
        enum Link {
          @Route("/users/<int:id>(/<tab>)")
          case profile(id: Int, tab: String?)
        }
        """)
  }

  @Test("A known capture type that the value's standard type cannot hold")
  func captureTypeMismatch() {
    assertRoutesExpansion(
      """
      @Routes
      enum Link {
        @Route("/users/<int:id>")
        case user(id: Bool)
        @Route("/files/<path:rest>")
        case files(rest: Int?)
        @Route("/tabs/<int:n>")
        case tab(n: Tab)
      }
      """,
      expandedSource: """
        enum Link {
          case user(id: Bool)
          case files(rest: Int?)
          case tab(n: Tab)
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message:
            "pattern \"/users/<int:id>\" captures 'id' as <int:>, which associated value 'id: Bool' of case 'user' cannot hold; use an integer type (Int), Double or String",
          line: 4, column: 17),
        DiagnosticSpec(
          message:
            "pattern \"/files/<path:rest>\" captures 'rest' as a path (<path:> or *), which associated value 'rest: Int?' of case 'files' cannot hold; use String",
          line: 6, column: 20),
      ])
  }

  @Test("A case without @Route is an error")
  func caseWithoutRoute() {
    assertRoutesExpansion(
      """
      @Routes
      enum Link {
        @Route("/a")
        case a
        case b
      }
      """,
      expandedSource: """
        enum Link {
          case a
          case b
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message: "case 'b' has no @Route: give it a pattern, e.g. @Route(\"/b\")", line: 5,
          column: 8)
      ])
  }

  /// The lint's findings for routes added in this order, as `switchyard lint` reads them.
  func findings(_ routes: [(String, String, Int)]) throws -> [LintFinding] {
    var table = RouteTable()
    for (name, pattern, priority) in routes { try table.add(name, pattern, priority: priority) }
    return table.lint().filter { $0.kind.severity != .note }
  }

  @Test("A duplicate is an error on the @Route of the later route, the one that never wins")
  func lintDuplicate() throws {
    let finding = try #require(
      try findings([("byID", "/u/:id", 0), ("byName", "/u/:name", 0)]).first)
    #expect(finding.kind == .duplicate)
    #expect(finding.routes == ["byID", "byName"])
    // `byName` (line 5) is the route to remove or change.
    let line = 5
    assertRoutesExpansion(
      """
      @Routes
      enum Link {
        @Route("/u/:id")
        case byID(id: String)
        @Route("/u/:name")
        case byName(name: String)
      }
      """,
      expandedSource: """
        enum Link {
          case byID(id: String)
          case byName(name: String)
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message: "duplicate: \(finding.message) (witness: \(finding.witness))", line: line,
          column: 3)
      ])
  }

  @Test("A shadowed case is an error, priorities counted")
  func lintShadowed() throws {
    let all = try findings([("user", "/u/<int:id>", 0), ("everything", "/u/*rest", 1)])
    let finding = try #require(all.first)
    #expect(all.count == 1)
    #expect(finding.kind == .shadowed)
    #expect(finding.routes[0] == "user")
    assertRoutesExpansion(
      """
      @Routes
      enum Link {
        @Route("/u/<int:id>")
        case user(id: Int)
        @Route("/u/*rest", priority: 1)
        case everything(rest: String)
      }
      """,
      expandedSource: """
        enum Link {
          case user(id: Int)
          case everything(rest: String)
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message: "shadowed: \(finding.message) (witness: \(finding.witness))", line: 3,
          column: 3)
      ])
  }

  @Test("Two cases of one name (other labels) are refused on the second, never a trap at run time")
  func overloadedCaseNames() {
    assertRoutesExpansion(
      """
      @Routes
      enum D3 {
        @Route("/a/<int:x>")
        case a(x: Int)
        @Route("/b/<int:y>")
        case a(y: Int)
      }
      """,
      expandedSource: """
        enum D3 {
          case a(x: Int)
          case a(y: Int)
        }
        """ + failedConformance("D3"),
      diagnostics: [
        DiagnosticSpec(
          message:
            "case 'a(y:)' has the name of case 'a(x:)': a @Routes enum names each route after its case, so each case needs a name of its own; rename one of them",
          line: 6, column: 8)
      ])
  }

  @Test("A pattern written with an escape sequence: the message names the escape")
  func escapes() {
    let advice =
      "the macro reads a pattern as written, column by column, so write it without escapes (a raw string #\"…\"# for a backslash, a percent escape such as %7F for a character a URL cannot hold as it is)"
    assertRoutesExpansion(
      #"""
      @Routes
      enum Link {
        @Route("/a\\b")
        case a
        @Route("/b/\u{7F}")
        case b
      }
      """#,
      expandedSource: """
        enum Link {
          case a
          case b
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message: #"the pattern of @Route contains the escape sequence '\\': "# + advice,
          line: 3, column: 10),
        DiagnosticSpec(
          message: #"the pattern of @Route contains the escape sequence '\u{7F}': "# + advice,
          line: 5, column: 10),
      ])
  }

  @Test("An optional query name without its value, misspelt, is an error with a rename")
  func optionalQueryMisspelt() {
    assertRoutesExpansion(
      """
      @Routes
      enum Link {
        @Route("/login", optionalQuery: ["next"])
        case login(nxt: String?)
      }
      """,
      expandedSource: """
        enum Link {
          case login(nxt: String?)
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message:
            "@Route(\"/login\") reads the optional query value 'next', but case 'login' has no associated value 'next'; rename 'nxt' to 'next'",
          line: 3, column: 36, fixIts: [FixItSpec(message: "rename 'nxt' to 'next'")]),
        DiagnosticSpec(
          message:
            "associated value 'nxt' of case 'login' is captured by no pattern of the case (\"/login\")",
          line: 4, column: 14, fixIts: [FixItSpec(message: "rename 'nxt' to 'next'")]),
      ])
  }

  @Test("An Optional value no pattern captures: the message says how to read it from the query")
  func optionalValueWithoutQuery() {
    assertRoutesExpansion(
      """
      @Routes
      enum Link {
        @Route("/login")
        case login(next: String?)
      }
      """,
      expandedSource: """
        enum Link {
          case login(next: String?)
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message:
            "associated value 'next' of case 'login' is captured by no pattern of the case (\"/login\"); to read it from the query when present, list it: optionalQuery: [\"next\"]",
          line: 4, column: 14)
      ])
  }

  @Test("An optional query value must be Optional; a name the pattern captures is not one")
  func optionalQueryRules() {
    assertRoutesExpansion(
      """
      @Routes
      enum Link {
        @Route("/login", optionalQuery: ["next"])
        case login(next: String)
        @Route("/p/:id", optionalQuery: ["id"])
        case p(id: String?)
      }
      """,
      expandedSource: """
        enum Link {
          case login(next: String)
          case p(id: String?)
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message:
            "optional query value 'next' of @Route(\"/login\") can be absent, so associated value 'next' of case 'login' must be Optional",
          line: 4, column: 20, fixIts: [FixItSpec(message: "make it 'String?'")]),
        DiagnosticSpec(
          message:
            "pattern \"/p/:id\" captures 'id' already: list in 'optionalQuery:' only the query names the pattern does not capture",
          line: 5, column: 36),
      ])
  }

  @Test("The options must be literals; a bad origin is an error on its literal")
  func optionsLiterals() {
    assertRoutesExpansion(
      """
      @Routes(accepting: [origin, "/nope"], plusAsSpace: flag)
      enum Link {
        @Route("/a")
        case a
      }
      """,
      expandedSource: """
        enum Link {
          case a
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message:
            "an origin of @Routes must be a string literal without interpolation or escapes",
          line: 1, column: 21),
        DiagnosticSpec(
          message:
            "invalid link origin \"/nope\": an origin must start with a scheme (shop, https://host)",
          line: 1, column: 29),
        DiagnosticSpec(
          message: "'plusAsSpace' of @Routes must be true or false", line: 1, column: 52),
      ])
  }

  @Test("The compile-time lint reads the table under the declared options, as run time does")
  func lintUnderOptions() throws {
    var table = RouteTable(options: RouteOptions(caseInsensitivePaths: true))
    try table.add("about", "/about")
    try table.add("About", "/About")
    let finding = try #require(table.lint().first { $0.kind.severity != .note })
    #expect(finding.kind == .duplicate)
    // Without the option the two are different routes: no finding.
    #expect(try findings([("about", "/about", 0), ("About", "/About", 0)]).isEmpty)
    assertRoutesExpansion(
      """
      @Routes(caseInsensitivePaths: true)
      enum Link {
        @Route("/about")
        case about
        @Route("/About")
        case About
      }
      """,
      expandedSource: """
        enum Link {
          case about
          case About
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message: "duplicate: \(finding.message) (witness: \(finding.witness))", line: 5,
          column: 3)
      ])
  }
}
