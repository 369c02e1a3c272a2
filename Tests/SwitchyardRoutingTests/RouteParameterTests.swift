import Switchyard
import Testing

@Suite("Typed parameters")
struct RouteParameterTests {
  enum Tab: String, RouteParameter { case posts, likes }

  let matcher: RouteMatcher = {
    var table = RouteTable()
    _ = try? table.add("user", "myapp://user/<int:id>/:name")
    _ = try? table.add("score", "/score/<float:value>")
    return RouteMatcher(table)
  }()

  @Test("captures, query values and fragment parameters by type")
  func typedAccess() throws {
    let match = try #require(
      matcher.match("myapp://user/42/jane?tab=likes&page=3&debug=yes&ids=1&ids=2#size=10"))
    #expect(try match.value("id", as: Int.self) == 42)
    let inferred: Int = try match.value("id")
    #expect(inferred == 42)
    #expect(try match.value("id", as: Double.self) == 42)
    #expect(try match.value("id", as: String.self) == "42")
    #expect(try match.value("name", as: String.self) == "jane")
    #expect(try match.value("tab", as: Tab.self) == .likes)
    #expect(try match.value("page", as: Int.self) == 3)
    #expect(try match.value("debug", as: Bool.self))
    #expect(try match.value("size", as: Int.self) == 10)
    #expect(try match.values("ids", as: Int.self) == [1, 2])
    #expect(try match.values("none", as: Int.self) == [])
    #expect((try? match.value("id", as: Int.self)) == 42)
    #expect((try? match.value("name", as: Int.self)) == nil)
    #expect((try? match.value("page", as: UInt8.self)) == 3)
    #expect((try? match.value("name", as: Substring.self)) == "jane")
  }

  @Test("errors name the parameter, the raw value and the expected type")
  func errors() throws {
    let match = try #require(matcher.match("myapp://user/42/jane?tab=shares&big=300"))
    #expect(throws: RouteParameterError(name: "name", rawValue: "jane", expectedType: "Int")) {
      try match.value("name", as: Int.self)
    }
    do {
      _ = try match.value("tab", as: Tab.self)
      Issue.record("expected an error")
    } catch {
      #expect(error.description == #"parameter 'tab' is "shares", which is not a valid Tab"#)
      #expect(!error.isMissing)
    }
    do {
      _ = try match.value("missing", as: Double.self)
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "no parameter named 'missing' (expected Double)")
      #expect(error.isMissing)
    }
    #expect(throws: RouteParameterError.self) { try match.value("big", as: UInt8.self) }
  }

  @Test(
    "stdlib conversions",
    arguments: [
      ("42", 42 as Int?), ("-7", -7), ("+7", nil), (" 7", nil), ("7.0", nil), ("", nil),
      ("99999999999999999999", nil),
    ])
  func integers(text: String, expected: Int?) {
    #expect(Int(routeParameter: text) == expected)
  }

  @Test(
    "double conversions",
    arguments: [
      ("1.5", 1.5 as Double?), ("-2", -2), (".5", 0.5), ("1e3", 1000), ("inf", nil), ("nan", nil),
      ("0x10", nil), ("abc", nil), ("1.", 1), ("+2", 2), ("1e+2", 100), ("1e", nil), ("e3", nil),
      ("1e3.5", nil), ("--1", nil), (".", nil), ("", nil), ("1_000", nil), ("1e999", nil),
    ])
  func doubles(text: String, expected: Double?) {
    #expect(Double(routeParameter: text) == expected)
  }

  @Test("bool conversions")
  func bools() {
    #expect(Bool(routeParameter: "TRUE") == true)
    #expect(Bool(routeParameter: "no") == false)
    #expect(Bool(routeParameter: "0") == false)
    #expect(Bool(routeParameter: "maybe") == nil)
  }

  @Test(
    "a Double reads with the grammar of float captures",
    arguments: ["1.5", "-2", ".5", "1e3", "1.", "+2", "1e+2", "1e", "inf", "0x10", "1e999", "."])
  func doubleGrammarIsTheCaptureGrammar(text: String) throws {
    var table = RouteTable()
    try table.add("score", "/score/<float:value>")
    let captured = RouteMatcher(table).match("/score/" + text)?.parameter("value")?.doubleValue
    #expect(captured == Double(routeParameter: text))
  }

  @Test("a float capture reads as Double")
  func floatCapture() throws {
    let match = try #require(matcher.match("/score/2.5"))
    #expect(try match.value("value", as: Double.self) == 2.5)
    #expect((try? match.value("value", as: Float.self)) == 2.5)
  }
}
