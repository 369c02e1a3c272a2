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
    #expect(try match.int("id") == 42)
    #expect(try match.value(Int.self, "id") == 42)
    #expect(try match.string("name") == "jane")
    #expect(try match.value(Tab.self, "tab") == .likes)
    #expect(try match.int("page") == 3)
    #expect(try match.bool("debug"))
    #expect(try match.int("size") == 10)
    #expect(try match.values(Int.self, "ids") == [1, 2])
    #expect(try match.values(Int.self, "none") == [])
    #expect(match[Int.self, "id"] == 42)
    #expect(match[Int.self, "name"] == nil)
    #expect(match[UInt8.self, "page"] == 3)
    #expect(match[Substring.self, "name"] == "jane")
  }

  @Test("errors name the parameter, the raw value and the expected type")
  func errors() throws {
    let match = try #require(matcher.match("myapp://user/42/jane?tab=shares&big=300"))
    #expect(throws: RouteParameterError(name: "name", rawValue: "jane", expectedType: "Int")) {
      try match.int("name")
    }
    do {
      _ = try match.value(Tab.self, "tab")
      Issue.record("expected an error")
    } catch {
      #expect(error.description == #"parameter 'tab' is "shares", which is not a valid Tab"#)
      #expect(!error.isMissing)
    }
    do {
      _ = try match.double("missing")
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "no parameter named 'missing' (expected Double)")
      #expect(error.isMissing)
    }
    #expect(throws: RouteParameterError.self) { try match.value(UInt8.self, "big") }
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
    #expect(try match.double("value") == 2.5)
    #expect(match[Float.self, "value"] == 2.5)
  }
}
