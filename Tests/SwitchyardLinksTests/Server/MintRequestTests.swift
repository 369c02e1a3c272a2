import Switchyard
import SwitchyardFiles
import Testing

@testable import SwitchyardLinks

@Suite("Reading a mint request: RFC 3339 times, codes, fields (no server)")
struct MintRequestTests {
  @Test("RFC 3339 times and their offsets, leap days and bad dates")
  func rfc3339() {
    #expect(RFC3339.seconds("1970-01-01T00:00:00Z") == 0)
    #expect(RFC3339.seconds("2027-01-15T08:00:00Z") == 1_800_000_000)
    #expect(RFC3339.seconds("2027-01-15T09:00:00+01:00") == 1_800_000_000)
    #expect(RFC3339.seconds("2027-01-15t07:30:00.25-00:30") == 1_800_000_000)
    #expect(RFC3339.seconds("2028-02-29T00:00:00Z") != nil)
    for bad in [
      "2027-02-29T00:00:00Z", "2027-13-01T00:00:00Z", "2027-01-15T24:00:00Z",
      "2027-01-15T08:00:00", "2027-01-15", "2027-01-15T08:00:00Zjunk", "2027-01-15T08:00:00.Z",
      "2027-01-15T08:00:00+0100", "", "tomorrow",
    ] {
      #expect(RFC3339.seconds(bad) == nil, "\(bad)")
    }
    #expect(RFC3339.text(1_800_000_000) == "2027-01-15T08:00:00Z")
    #expect(RFC3339.text(0) == "1970-01-01T00:00:00Z")
  }

  @Test("custom codes: 1 to 64 of A-Z a-z 0-9 _ -")
  func codes() {
    #expect(LinkCode.isValid("a"))
    #expect(LinkCode.isValid("Spring_sale-2027"))
    #expect(LinkCode.isValid(String(repeating: "x", count: 64)))
    for bad in ["", String(repeating: "x", count: 65), "a/b", "..", "%00", "a b", "é", "a\u{0}"] {
      #expect(!LinkCode.isValid(bad), "\(bad)")
    }
  }

  @Test("a route and its values, or a URL; markup in a title is refused, other text kept")
  func fields() throws {
    let request = try LinkMintRequest(
      json: Array(#"{"route": "user", "values": {"id": 42}, "title": "5 < 6 & \"quoted\""}"#.utf8),
      now: 0)
    #expect(request.title == #"5 < 6 & "quoted""#)
    let minter = LinkMinter(table: try BuiltInRoutes.table())
    let resolved = try minter.resolve(request.target)
    #expect(resolved.url == "myapp://user/42")
    #expect(resolved.route == "user")
    #expect(resolved.values == [LinkValue(name: "id", value: "42")])
    #expect(throws: LinkMintingError.self) {
      try LinkMintRequest(
        json: Array(#"{"url": "myapp://home", "title": "<b>x</b>"}"#.utf8), now: 0)
    }
  }
}
