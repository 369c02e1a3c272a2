import Switchyard
import SwitchyardFiles
import Testing

extension TypedKey where Value == Bool {
  fileprivate static var requiresSignIn: Self { Self("requiresSignIn", default: false) }
}

@Suite("Route files: accepted origins and metadata")
struct RouteFileOriginsAndMetadataTests {
  static let file = #"""
    {
      "version": 1,
      "options": { "acceptedOrigins": ["shop", "https://(www.)shop.example.com"] },
      "routes": [
        { "name": "orders", "pattern": "/account/orders",
          "metadata": { "requiresSignIn": true, "screen": "orders", "weight": 2, "ratio": 0.5 } },
        { "name": "web", "pattern": "https://*.example.com/*rest" }
      ]
    }
    """#

  @Test("origins and metadata are read; path-only patterns answer the origins only")
  func reads() throws {
    let table = try RouteFile.parse(Self.file, fileName: "routes.json")
    #expect(
      table.options.acceptedOrigins.map(\.text) == ["shop", "https://(www.)shop.example.com"])
    let orders = try #require(table.route(named: "orders"))
    #expect(orders.metadata[.requiresSignIn])
    #expect(orders.metadata[name: "screen"] as? String == "orders")
    #expect(orders.metadata[name: "weight"] as? Int == 2)
    #expect(orders.metadata[name: "ratio"] as? Double == 0.5)
    #expect(orders.metadata.names == ["ratio", "requiresSignIn", "screen", "weight"])
    let matcher = RouteMatcher(table)
    #expect(matcher.match("shop://account/orders")?.route.name == "orders")
    #expect(matcher.match("https://www.shop.example.com/account/orders")?.route.name == "orders")
    // A pattern that names its host keeps it: an origin-expanded literal host ranks above it.
    #expect(matcher.match("https://shop.example.com/account/orders")?.route.name == "orders")
    #expect(matcher.match("https://blog.example.com/account/orders")?.route.name == "web")
    #expect(matcher.match("other://account/orders") == nil)
    #expect(matcher.match("/account/orders") == nil)
  }

  @Test(
    "bad origins and metadata are refused with their position",
    arguments: [
      (
        #"{"version":1,"options":{"acceptedOrigins":"shop"},"routes":[]}"#,
        #"routes.json:1:43: "acceptedOrigins" must be an array of origins, found a string"#
      ),
      (
        #"{"version":1,"options":{"acceptedOrigins":[1]},"routes":[]}"#,
        #"routes.json:1:44: "acceptedOrigins" must hold strings ("shop", "https://(www.)example.com"), found an integer"#
      ),
      (
        #"{"version":1,"options":{"acceptedOrigins":["https://shop.example.com/app"]},"routes":[]}"#,
        #"routes.json:1:44: invalid link origin "https://shop.example.com/app": an origin names a scheme and a host only (no path, query or fragment)"#
      ),
      (
        #"{"version":1,"options":{"acceptedOrigins":["//shop.example.com"]},"routes":[]}"#,
        #"routes.json:1:44: invalid link origin "//shop.example.com": an origin must start with a scheme (shop, https://host)"#
      ),
      (
        #"{"version":1,"routes":[{"name":"a","pattern":"/a","metadata":[1]}]}"#,
        #"routes.json:1:62: "metadata" must be an object, found an array"#
      ),
      (
        #"{"version":1,"routes":[{"name":"a","pattern":"/a","metadata":{"x":null}}]}"#,
        "routes.json:1:67: metadata values must be strings, numbers or booleans, found null"
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
}
