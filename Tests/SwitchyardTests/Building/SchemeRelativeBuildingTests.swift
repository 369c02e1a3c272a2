import Testing

@testable import Switchyard

@Suite("Building: a pattern with a host and no scheme")
struct SchemeRelativeBuildingTests {
  @Test("builds a scheme-relative reference unless a scheme is given or defaulted, as documented")
  func schemeRelative() throws {
    var table = RouteTable()
    try table.add("about", "//www.mysite.com/about")
    #expect(try table.url(for: "about") == "//www.mysite.com/about")
    #expect(try table.url(for: "about", scheme: "https") == "https://www.mysite.com/about")
    var defaulted = RouteTable(options: RouteOptions(defaultScheme: "https"))
    try defaulted.add("about", "//www.mysite.com/about")
    #expect(try defaulted.url(for: "about") == "https://www.mysite.com/about")
  }
}
