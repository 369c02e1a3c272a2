// The Getting Started article, whole: a router of destinations from registration to navigation.
import Switchyard
import SwitchyardFiles

/// Prints a value, or "nil".
func show<Value>(_ value: Value?) { print(value.map { "\($0)" } ?? "nil") }

extension TypedKey where Value == Bool {
  static var requiresSignIn: Self { Self("requiresSignIn", default: false) }
}

extension TypedKey where Value == String {
  static var source: Self { Self("source", default: "link") }
}

enum Destination: Hashable {
  case user(Int), profile(String), search(String), notFound
  case post(Int), order(Int), account, login
}

let router = Router<Destination>()

try router.register("myapp://user/<int:id>") { match in .user(try match.value("id", as: Int.self)) }
try router.register("myapp://user/:name") { match in
  .profile(try match.value("name", as: String.self))
}
try router.register("/search/:term") { match in .search(try match.value("term", as: String.self)) }
try router.register("myapp://user/<int:uid>/post/<int:id>") { match in
  .post(try match.value("id", as: Int.self))
}

let routeFile = #"""
  {"version": 1, "routes": [
    {"name": "user", "pattern": "myapp://user/<int:id>"},
    {"name": "search", "pattern": "/search/:term"}
  ]}
  """#
let loaded = try Router<Destination>(table: RouteFile.parse(routeFile, fileName: "routes.json"))
try loaded.attach("user") { match in .user(try match.value("id", as: Int.self)) }
try loaded.attach("search") { match in .search(try match.value("term", as: String.self)) }
print(loaded.table.lint().isEmpty)  // prints: true

show(router.route("myapp://user/42"))  // prints: user(42)
show(router.route("myapp://user/jane"))  // prints: profile("jane")
show(router.route("https://www.example.com/search/swift"))  // prints: search("swift")
print(router.canRoute("myapp://user/42"))  // prints: true

let enabledFeatures: Set<String> = ["search"]
try router.register("myapp://beta/:feature") { match in
  enabledFeatures.contains(match["feature"] ?? "") ? .search("beta") : nil  // nil: next candidate
}
show(router.route("myapp://beta/search"))  // prints: search("beta")

router.unmatchedHandler = { request in
  print(
    "no route for \(request.parts.scheme ?? "-") \(request.parts.pathSegments): \(request.reason)")
  return .notFound
}
show(router.route("myapp://beta/chat"))
// prints: no route for myapp ["beta", "chat"]: allDeclined
// prints: notFound

enum Tab: String, RouteParameter { case posts, likes }
if let match = router.match("myapp://user/jane?tab=likes&page=3&ids=1&ids=2") {
  print(try match.value("tab", as: Tab.self))  // prints: likes
  show(try? match.value("page", as: Int.self))  // prints: 3
  print(try match.values("ids", as: Int.self))  // prints: [1, 2]
  print(match["name"] ?? "nil")  // prints: jane
  do {
    _ = try match.value("name", as: Int.self)
  } catch {
    print(error)  // prints: parameter 'name' is "jane", which is not a valid Int
  }
}

let isLoggedIn = false
try router.register("myapp://settings", name: "settings") { _ in .account }
try router.register("myapp://login") { _ in .login }
router.intercept(scheme: "myapp", name: "login") { request in
  request.match?.route.name == "settings" && !isLoggedIn
    ? .redirect(to: "myapp://login") : .pass
}
show(router.route("myapp://settings"))  // prints: login

let path = router.stack(for: "myapp://user/42/post/7")  // [.user(42), .post(7)]
print(path.map { "\($0)" })  // prints: ["user(42)", "post(7)"]

final class PrintingHost: NavigationHost {
  func push(_ screen: Destination, animated: Bool) { print("push", screen) }
  func present(_ screen: Destination, wrap: Bool, animated: Bool) { print("present", screen) }
  func setStack(_ screens: [Destination], animated: Bool) { print("stack", screens) }
}
let host = PrintingHost()

let navigator = Navigator<Destination>(scheme: "myapp", host: host)
try navigator.map("/user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
navigator.push("/user/42")  // prints: push user(42)
navigator.present("myapp://user/7", wrap: true)  // prints: present user(7)

struct OrderService { func order(id: Int) async throws -> Int { id } }
let api = OrderService()

try router.registerAsync("myapp://order/<int:id>") { match in
  try await .order(api.order(id: try match.value("id", as: Int.self)))
}
let destination = try await router.handle("myapp://order/7")
show(destination)  // prints: order(7)

router.observe { event in print(event.pattern ?? "unmatched", event.outcome) }
_ = router.route("myapp://user/42")  // prints: myapp://user/<int:id> handled
