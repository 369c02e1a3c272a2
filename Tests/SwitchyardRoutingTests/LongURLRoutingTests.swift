import Testing

@testable import Switchyard

@Suite("Routing long URLs through catch-alls")
struct LongURLRoutingTests {
  @Test("A declining catch-all route hands a 300-segment URL to the next candidate")
  func declineThenCatchAll() throws {
    let router = Router<String>()
    try router.register("/a/*x/*y/*z", name: "stars") { _ in nil }
    try router.register("/<path:all>", name: "all") { match in
      "all \(try match.value("all", as: String.self).count)"
    }
    let url = "/" + Array(repeating: "a", count: 300).joined(separator: "/")
    #expect(router.route(url) == "all \(url.count - 1)")
  }
}
