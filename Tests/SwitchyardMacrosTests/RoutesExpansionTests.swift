import SwiftDiagnostics
import SwiftSyntaxMacrosGenericTestSupport
import Switchyard
import Testing

@Suite("@Routes: the code it writes")
struct RoutesExpansionTests {
  @Test("A two-case enum: the table, the matcher, reading a match and building the URL")
  func twoCases() {
    assertRoutesExpansion(
      """
      @Routes
      public enum Link: Hashable {
        @Route("myapp://user/<int:id>")
        @Route("/u/<int:id>", priority: 1)
        case user(id: Int)

        @Route("/search/:term(/<int:page>)")
        case search(term: String, page: Int?)
      }
      """,
      expandedSource: """
        public enum Link: Hashable {
          case user(id: Int)
          case search(term: String, page: Int?)

          public static let routeTable: RouteTable = {
            var table = RouteTable()
            do {
              try table.add("user", "myapp://user/<int:id>")
              try table.add("user #2", "/u/<int:id>", priority: 1)
              try table.add("search", "/search/:term(/<int:page>)")
            } catch {
              // The macro read these patterns with the same parser when the enum was compiled.
              fatalError("@Routes: \\(error)")
            }
            return table
          }()

          private static let routesMatcher = RouteMatcher(routeTable)

          public init?(url: String) {
            guard let value = _RouteCaptures.value(of: url, matcher: Self.routesMatcher, read: Self.init(routeIndex:captures:)) else {
              return nil
            }
            self = value
          }

          public init?(routeIndex: Int, match: RouteMatch) {
            guard let value = _RouteCaptures.value(of: match, routeIndex: routeIndex, read: Self.init(routeIndex:captures:)) else {
              return nil
            }
            self = value
          }

          private init?(routeIndex: Int, captures: _RouteCaptures) {
            switch routeIndex {
            case 0, 1:
              guard let value0 = captures.value(0, as: Int.self) else {
                return nil
              }
              self = .user(id: value0)
            case 2:
              guard let value0 = captures.value(0, as: String.self), let value1 = captures.optionalValue("page", as: Int.self) else {
                return nil
              }
              self = .search(term: value0, page: value1)
            default:
              return nil
            }
          }

          public func url(host: String? = nil, scheme: String? = nil) throws(URLBuildingError) -> String {
            switch self {
            case .user(let value0):
              return try Self.routeTable.url(for: "user", values: ["id": value0], host: host, scheme: scheme)
            default:
              guard case .search(let value0, let value1) = self else {
                fatalError("@Routes: a case the macro did not list")
              }
              var values: [String: any BuildValueConvertible] = ["term": value0]
              if let value1 {
                values["page"] = value1
              }
              return try Self.routeTable.url(for: "search", values: values, host: host, scheme: scheme)
            }
          }
        }

        extension Link: Switchyard.Routes {
        }
        """)
  }

  @Test(
    "A lint warning is a compiler warning on the @Route it names; the members are still written")
  func lintWarning() throws {
    var table = RouteTable()
    try table.add("byID", "/a/:id/x")
    try table.add("byUpper", "/a/:ID/y")
    let finding = try #require(table.lint().first { $0.kind.severity == .warning })
    #expect(finding.kind == .captureNameCase)
    let line = finding.routes[0] == "byID" ? 3 : 5
    assertRoutesExpansion(
      """
      @Routes
      enum Link {
        @Route("/a/:id/x")
        case byID(id: String)
        @Route("/a/:ID/y")
        case byUpper(ID: String)
      }
      """,
      expandedSource: """
        enum Link {
          case byID(id: String)
          case byUpper(ID: String)

          static let routeTable: RouteTable = {
            var table = RouteTable()
            do {
              try table.add("byID", "/a/:id/x")
              try table.add("byUpper", "/a/:ID/y")
            } catch {
              // The macro read these patterns with the same parser when the enum was compiled.
              fatalError("@Routes: \\(error)")
            }
            return table
          }()

          private static let routesMatcher = RouteMatcher(routeTable)

          init?(url: String) {
            guard let value = _RouteCaptures.value(of: url, matcher: Self.routesMatcher, read: Self.init(routeIndex:captures:)) else {
              return nil
            }
            self = value
          }

          init?(routeIndex: Int, match: RouteMatch) {
            guard let value = _RouteCaptures.value(of: match, routeIndex: routeIndex, read: Self.init(routeIndex:captures:)) else {
              return nil
            }
            self = value
          }

          private init?(routeIndex: Int, captures: _RouteCaptures) {
            switch routeIndex {
            case 0:
              guard let value0 = captures.value(0, as: String.self) else {
                return nil
              }
              self = .byID(id: value0)
            case 1:
              guard let value0 = captures.value(0, as: String.self) else {
                return nil
              }
              self = .byUpper(ID: value0)
            default:
              return nil
            }
          }

          func url(host: String? = nil, scheme: String? = nil) throws(URLBuildingError) -> String {
            switch self {
            case .byID(let value0):
              return try Self.routeTable.url(for: "byID", values: ["id": value0], host: host, scheme: scheme)
            default:
              guard case .byUpper(let value0) = self else {
                fatalError("@Routes: a case the macro did not list")
              }
              return try Self.routeTable.url(for: "byUpper", values: ["ID": value0], host: host, scheme: scheme)
            }
          }
        }

        extension Link: Switchyard.Routes {
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "captureNameCase: \(finding.message) (witness: \(finding.witness))",
          line: line, column: 3, severity: .warning)
      ])
  }

  @Test(
    "Captures are read by slot where every variant holds them in the same place, by name where an optional group moves them; patterns that differ get their own branch"
  )
  func slots() {
    assertRoutesExpansion(
      """
      @Routes
      enum Link {
        @Route("/a/:x/<int:y>")
        @Route("/b/<int:y>/:x")
        case pair(x: String, y: Int)

        @Route("/c(/<tab>)/<int:id>")
        case moved(tab: String?, id: Int)
      }
      """,
      expandedSource: """
        enum Link {
          case pair(x: String, y: Int)
          case moved(tab: String?, id: Int)

          static let routeTable: RouteTable = {
            var table = RouteTable()
            do {
              try table.add("pair", "/a/:x/<int:y>")
              try table.add("pair #2", "/b/<int:y>/:x")
              try table.add("moved", "/c(/<tab>)/<int:id>")
            } catch {
              // The macro read these patterns with the same parser when the enum was compiled.
              fatalError("@Routes: \\(error)")
            }
            return table
          }()

          private static let routesMatcher = RouteMatcher(routeTable)

          init?(url: String) {
            guard let value = _RouteCaptures.value(of: url, matcher: Self.routesMatcher, read: Self.init(routeIndex:captures:)) else {
              return nil
            }
            self = value
          }

          init?(routeIndex: Int, match: RouteMatch) {
            guard let value = _RouteCaptures.value(of: match, routeIndex: routeIndex, read: Self.init(routeIndex:captures:)) else {
              return nil
            }
            self = value
          }

          private init?(routeIndex: Int, captures: _RouteCaptures) {
            switch routeIndex {
            case 0:
              guard let value0 = captures.value(0, as: String.self), let value1 = captures.value(1, as: Int.self) else {
                return nil
              }
              self = .pair(x: value0, y: value1)
            case 1:
              guard let value0 = captures.value(1, as: String.self), let value1 = captures.value(0, as: Int.self) else {
                return nil
              }
              self = .pair(x: value0, y: value1)
            case 2:
              guard let value0 = captures.optionalValue("tab", as: String.self), let value1 = captures.value("id", as: Int.self) else {
                return nil
              }
              self = .moved(tab: value0, id: value1)
            default:
              return nil
            }
          }

          func url(host: String? = nil, scheme: String? = nil) throws(URLBuildingError) -> String {
            switch self {
            case .pair(let value0, let value1):
              return try Self.routeTable.url(for: "pair", values: ["x": value0, "y": value1], host: host, scheme: scheme)
            default:
              guard case .moved(let value0, let value1) = self else {
                fatalError("@Routes: a case the macro did not list")
              }
              var values: [String: any BuildValueConvertible] = ["id": value1]
              if let value0 {
                values["tab"] = value0
              }
              return try Self.routeTable.url(for: "moved", values: values, host: host, scheme: scheme)
            }
          }
        }

        extension Link: Switchyard.Routes {
        }
        """)
  }

  @Test("@Routes on a struct is an error")
  func notAnEnum() {
    assertRoutesExpansion(
      """
      @Routes
      struct Link {
      }
      """,
      expandedSource: """
        struct Link {
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@Routes applies to an enum whose cases are the routes", line: 1, column: 1)
      ])
  }

  @Test("A public enum with an error still conforms, with public stand-ins: only the error shows")
  func failedPublicEnumConforms() {
    assertRoutesExpansion(
      """
      @Routes
      public enum Link {
        @Route("/users/<int:id")
        case user(id: Int)
      }
      """,
      expandedSource: """
        public enum Link {
          case user(id: Int)
        }
        """ + failedConformance("Link", access: "public "),
      diagnostics: [
        DiagnosticSpec(
          message: """
            expected '>' to close the capture opened at column 8 (column 15 of the pattern)
              /users/<int:id
                            ^
            """, line: 3, column: 25)
      ])
  }

  @Test("A generic enum is refused and still conforms, so its uses add no error of their own")
  func genericEnumConforms() {
    assertRoutesExpansion(
      """
      @Routes
      enum Link<T> {
        @Route("/a")
        case a
      }
      """,
      expandedSource: """
        enum Link<T> {
          case a
        }
        """ + failedConformance("Link"),
      diagnostics: [
        DiagnosticSpec(
          message:
            "a @Routes enum cannot be generic: its table and matcher are stored once per enum",
          line: 2, column: 6)
      ])
  }
}
