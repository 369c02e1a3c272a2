import Testing

@testable import Switchyard

/// A lookup reads the query once for each requirement, comparing names as it reads them and
/// decoding only names with an escape; these pin what it finds.
@Suite("Query requirements: the last value of a name, read in one pass")
struct QueryRequirementReadingTests {
  @Test(
    "The last piece with the name gives the value; pieces are split on '&', the name ends at '='",
    arguments: [
      ("/a?q=1", "1"), ("/a?qq=1&q=2", "2"), ("/a?q=1&q=2", "2"), ("/a?%71=3", "3"),
      ("/a?q", ""), ("/a?&&q=4&&", "4"), ("/a?q=5&q", ""), ("/a?q==6", "=6"),
      ("/a?x=q&q=7#q=8", "7"),
      ("/a?q=", ""), ("/a?q=1&%71", ""),
      ("/a?utm_source=newsletter&q=9&utm_medium=email", "9"), ("/a?x=%20&q=10", "10"),
      ("/a?q=11&utm_source=newsletter_of_the_week&qq=12#q=13&q=14", "11"),
    ] as [(String, String)])
  func lastValue(url: String, value: String) throws {
    let matcher = try makeMatcher(["/a?q=<v>"])
    let match = try #require(matcher.match(url), "\(url)")
    #expect(match.parameter("v")?.description == value, "\(url)")
  }

  @Test(
    "A URL without a piece named like the requirement does not match",
    arguments: ["/a", "/a?", "/a?qq=1", "/a?=q&x=1", "/a?Q=1", "/a?x=1&&", "/a?%72=1", "/a#q=1"])
  func missing(url: String) throws {
    let matcher = try makeMatcher(["/a?q=<v>"])
    #expect(matcher.match(url) == nil, "\(url)")
  }

  @Test("A name with a space matches '+' only under the plus rule, and '%20' always")
  func plusInNames() throws {
    let plain = try makeMatcher(["/b?a%20b=<v>"])
    let plus = try makeMatcher(["/b?a%20b=<v>"], options: RouteOptions(plusAsSpace: true))
    #expect(plain.match("/b?a+b=1") == nil)
    #expect(plain.match("/b?a%20b=2")?.parameter("v")?.description == "2")
    #expect(plus.match("/b?a+b=1")?.parameter("v")?.description == "1")
    #expect(plus.match("/b?a%20b=2")?.parameter("v")?.description == "2")
    #expect(plus.match("/b?a+bc=3") == nil)
  }

  @Test(
    "A literal value is compared decoded, escaped or not",
    arguments: [
      ("/c?mode=dark", true), ("/c?mode=%64ark", true), ("/c?mo%64e=dark", true),
      ("/c?mode=darker", false), ("/c?mode=dar", false), ("/c?mode=Dark", false),
      ("/c?mode=dark&mode=light", false), ("/c?mode=light&mode=dark", true),
    ] as [(String, Bool)])
  func literalValue(url: String, matches: Bool) throws {
    let matcher = try makeMatcher(["/c?mode=dark"])
    #expect((matcher.match(url) != nil) == matches, "\(url)")
  }
}
