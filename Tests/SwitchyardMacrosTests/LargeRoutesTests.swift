import SwitchyardMacros
import Testing

// `LargeLink` (Large/LargeLink.swift, written by Large/generate.py) is compiled by the real
// plugin with the rest of this target: that it compiles is the first check.
@Suite("@Routes: a table of 2,000 cases")
struct LargeRoutesTests {
  @Test("Every route is in the table, in case order")
  func table() {
    let routes = LargeLink.routeTable.routes
    #expect(routes.count == 2000)
    #expect(routes.first?.name == "n0")
    #expect(routes.last?.name == "p1999")
  }

  @Test("Cases at the start, middle and end read and build, and round-trip")
  func roundTrips() throws {
    #expect(LargeLink(url: "/n0") == .n0)
    #expect(LargeLink(url: "/i1001/7") == .i1001(id: 7))
    #expect(LargeLink(url: "/s1998/hello") == .s1998(slug: "hello"))
    #expect(LargeLink(url: "/p1999/3") == .p1999(id: 3, tab: nil))
    #expect(LargeLink(url: "/p1999/3/likes") == .p1999(id: 3, tab: "likes"))
    #expect(LargeLink(url: "/i1000/7") == nil)
    #expect(try LargeLink.p1999(id: 3, tab: "a b").url == "/p1999/3/a%20b")
    let links: [LargeLink] = [.n0, .i1(id: 1), .s2(slug: "x y"), .p1003(id: 9, tab: nil), .n1996]
    for link in links { #expect(LargeLink(url: try link.url) == link) }
  }
}
