import Foundation
import Switchyard
import SwitchyardFoundation
import Testing

@Suite("Routers with Foundation")
struct RouterFoundationTests {
  @Test("UUID is a RouteParameter: canonical text in any case, nothing else")
  func uuid() throws {
    let text = "6f9619ff-8b86-d011-b42d-00c04fc964ff"
    #expect(UUID(routeParameter: text) == UUID(uuidString: text))
    #expect(UUID(routeParameter: "6f9619ff8b86d011b42d00c04fc964ff") == nil)
    #expect(UUID(routeParameter: "") == nil)
    var table = RouteTable()
    try table.add("order", "/orders/<uuid:id>")
    let match = try #require(RouteMatcher(table).match("/orders/\(text)?ref=\(text)"))
    #expect(try match.value("id", as: UUID.self) == UUID(uuidString: text))
    #expect((try? match.value("ref", as: UUID.self)) == UUID(uuidString: text))
  }

  @Test("a Router and a Navigator take Foundation URLs")
  @MainActor
  func urls() throws {
    let router = Router<Int>()
    try router.register("myapp://user/<int:id>") { try $0.value("id", as: Int.self) }
    let url = try #require(URL(string: "myapp://user/42"))
    #expect(router.route(url) == 42)
    #expect(router.resolve(url).isHandled)
    #expect(router.stack(for: url) == [42])
    #expect(router.match(url)?.route.name == "myapp://user/<int:id>")

    let navigator = Navigator<String>(scheme: "myapp")
    try navigator.map("/user/<int:id>") { "user \(try $0.value("id", as: Int.self))" }
    #expect(navigator.screen(for: url) == "user 42")
    #expect(navigator.canRoute(url))

    let main = MainActorRouter<Int>()
    try main.register("myapp://user/<int:id>") { try $0.value("id", as: Int.self) }
    #expect(main.route(url) == 42)
  }
}
