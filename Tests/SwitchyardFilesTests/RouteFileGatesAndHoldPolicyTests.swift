import Switchyard
import SwitchyardFiles
import Testing

@Suite("Route files: gates and hold policies in metadata")
struct RouteFileGatesAndHoldPolicyTests {
  static let file = #"""
    {
      "version": 1,
      "routes": [
        { "name": "orders", "pattern": "shop://account/orders",
          "metadata": { "gates": ["signedIn", "migrated"], "screen": "orders" } },
        { "name": "checkout", "pattern": "shop://checkout",
          "metadata": { "holdPolicy": { "timeout": 2.5, "repeats": "keepLatest", "capacity": 3,
                                        "coalescingWindow": null } } },
        { "name": "patient", "pattern": "shop://patient",
          "metadata": { "holdPolicy": { "timeout": null, "capacity": null } } },
        { "name": "home", "pattern": "shop://" }
      ]
    }
    """#

  @Test("gates and a hold policy are read as the routers' own metadata keys")
  func reads() throws {
    let table = try RouteFile.parse(Self.file, fileName: "routes.json")
    let orders = try #require(table.route(named: "orders"))
    #expect(orders.metadata[.gates] == [.signedIn, Gate("migrated")])
    #expect(orders.metadata[name: "screen"] as? String == "orders")
    let checkout = try #require(table.route(named: "checkout"))
    #expect(
      checkout.metadata[.holdPolicy]
        == HoldPolicy(timeout: .milliseconds(2_500), repeats: .keepLatest, capacity: 3))
    let patient = try #require(table.route(named: "patient"))
    #expect(patient.metadata[.holdPolicy] == HoldPolicy(timeout: nil, capacity: nil))
    #expect(try #require(table.route(named: "home")).metadata[.gates].isEmpty)
  }

  @Test("a router made from the file holds a gated route's link until its gates open")
  func routerHoldsGatedLinks() async throws {
    let router = try Router<String>(table: RouteFile.parse(Self.file, fileName: "routes.json"))
    try router.attach("orders") { _ in "orders" }
    try router.attach("home") { _ in "home" }
    #expect(router.dispatch("shop://").currentResult?.output == "home")
    let link = router.dispatch("shop://account/orders")
    #expect(router.links.held.map(\.routeName) == ["orders"])
    router.links.openGate(.signedIn)
    #expect(router.links.held.map(\.routeName) == ["orders"])
    router.links.openGate(Gate("migrated"))
    #expect(await link.result.output == "orders")
    #expect(router.links.held.isEmpty)
  }

  @Test(
    "a known key with a value of the wrong type is refused with its position",
    arguments: [
      (
        #"{"version":1,"routes":[{"name":"a","pattern":"/a","metadata":{"gates":"signedIn"}}]}"#,
        #"routes.json:1:71: "gates" must be a list of gate names, found a string"#
      ),
      (
        #"{"version":1,"routes":[{"name":"a","pattern":"/a","metadata":{"gates":["a",true]}}]}"#,
        #"routes.json:1:76: each of "gates" must be a gate name (a string), found true"#
      ),
      (
        #"{"version":1,"routes":[{"name":"a","pattern":"/a","metadata":{"gates":[""]}}]}"#,
        "routes.json:1:72: a gate name must not be empty"
      ),
      (
        #"{"version":1,"routes":[{"name":"a","pattern":"/a","metadata":{"holdPolicy":10}}]}"#,
        #"routes.json:1:76: "holdPolicy" must be an object, found an integer"#
      ),
      (
        #"{"version":1,"routes":[{"name":"a","pattern":"/a","metadata":{"holdPolicy":{"timeout":"10s"}}}]}"#,
        #"routes.json:1:87: "timeout" must be a number of seconds or null, found a string"#
      ),
      (
        #"{"version":1,"routes":[{"name":"a","pattern":"/a","metadata":{"holdPolicy":{"timeout":-1}}}]}"#,
        #"routes.json:1:87: "timeout" must be a number of seconds from 0, found -1"#
      ),
      (
        #"{"version":1,"routes":[{"name":"a","pattern":"/a","metadata":{"holdPolicy":{"repeats":"latest"}}}]}"#,
        #"routes.json:1:87: "repeats" must be "keepAll", "keepLatest" or "keepFirst", found a string"#
      ),
      (
        #"{"version":1,"routes":[{"name":"a","pattern":"/a","metadata":{"holdPolicy":{"capacity":1.5}}}]}"#,
        #"routes.json:1:88: "capacity" must be a non-negative integer or null, found a number"#
      ),
      (
        #"{"version":1,"routes":[{"name":"a","pattern":"/a","metadata":{"Gates":["signedIn"]}}]}"#,
        #"routes.json:1:63: unknown metadata key "Gates"; did you mean "gates"?"#
      ),
      (
        #"{"version":1,"routes":[{"name":"a","pattern":"/a","metadata":{"gate":["signedIn"]}}]}"#,
        #"routes.json:1:63: unknown metadata key "gate"; did you mean "gates"?"#
      ),
      (
        #"{"version":1,"routes":[{"name":"a","pattern":"/a","metadata":{"holdpolicy":{"timeout":1}}}]}"#,
        #"routes.json:1:63: unknown metadata key "holdpolicy"; did you mean "holdPolicy"?"#
      ),
      (
        #"{"version":1,"routes":[{"name":"a","pattern":"/a","metadata":{"HoldPolicy":"none"}}]}"#,
        #"routes.json:1:63: unknown metadata key "HoldPolicy"; did you mean "holdPolicy"?"#
      ),
      (
        #"{"version":1,"routes":[{"name":"a","pattern":"/a","metadata":{"holdPolicy":{"timeuot":1}}}]}"#,
        #"routes.json:1:77: unknown key "timeuot" in a hold policy; did you mean "timeout"?"#
      ),
    ])
  func refusals(text: String, message: String) {
    do {
      _ = try RouteFile.parse(text, fileName: "routes.json")
      Issue.record("expected a refusal")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("a plain key near a router's key keeps its plain value")
  func nearMissWithPlainValue() throws {
    let text =
      #"{"version":1,"routes":[{"name":"a","pattern":"/a","metadata":{"gate":"front","hold":true}}]}"#
    let route = try #require(RouteFile.parse(text, fileName: "routes.json").route(named: "a"))
    #expect(route.metadata[name: "gate"] as? String == "front")
    #expect(route.metadata[name: "hold"] as? Bool == true)
    #expect(route.metadata[.gates].isEmpty)
  }

  @Test("a metadata object of 40,000 members is read whole, each value under its name")
  func largeMetadataObject() throws {
    let count = 40_000
    var members: [String] = []
    members.reserveCapacity(count)
    for index in 0..<count { members.append("\"k\(index)\": \(index)") }
    let text =
      #"{"version":1,"routes":[{"name":"a","pattern":"/a","metadata":{"#
      + members.joined(separator: ",") + "}}]}"
    let route = try #require(RouteFile.parse(text, fileName: "routes.json").route(named: "a"))
    #expect(route.metadata.names.count == count)
    var wrong = 0
    for index in 0..<count where route.metadata[name: "k\(index)"] as? Int != index { wrong += 1 }
    #expect(wrong == 0)
  }
}
