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
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "expected '>' to close the capture opened at column 8", line: 3, column: 25)
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
        """,
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
        """,
      diagnostics: [
        DiagnosticSpec(message: error.message, line: 3, column: 10 + error.column)
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
        """,
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
        """,
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
        """,
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
        """,
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
        """,
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
        """,
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

  @Test("A duplicate case is an error on the @Route of the route the lint names, with its witness")
  func lintDuplicate() throws {
    let finding = try #require(
      try findings([("byID", "/u/:id", 0), ("byName", "/u/:name", 0)]).first)
    #expect(finding.kind == .duplicate)
    let line = finding.routes[0] == "byID" ? 3 : 5
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
        """,
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
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "shadowed: \(finding.message) (witness: \(finding.witness))", line: 3,
          column: 3)
      ])
  }
}
