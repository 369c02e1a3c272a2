// A router of destinations: register patterns with handlers, route URLs, let a handler decline.
import Switchyard

enum Destination: Equatable {
  case user(Int)
  case profile(String)
  case search(String)
  case notFound(String)
}

let router = Router<Destination>()
try router.register("myapp://user/<int:id>") { match in .user(try match.value("id", as: Int.self)) }
try router.register("myapp://user/:name") { match in
  .profile(try match.value("name", as: String.self))
}
try router.register("/search/:term") { match in .search(try match.value("term", as: String.self)) }
router.unmatchedHandler = { request in .notFound(request.url) }

func show(_ url: String) { print(router.route(url).map { "\($0)" } ?? "nil") }

show("myapp://user/42")  // prints: user(42)
show("myapp://user/jane")  // prints: profile("jane")
show("https://www.example.com/search/swift")  // prints: search("swift")
show("myapp://nowhere")  // prints: notFound("myapp://nowhere")
print(router.canRoute("myapp://user/42"))  // prints: true

// A handler declines by returning nil (or throwing): the next candidate runs.
let flags = Router<String>()
try flags.register("/beta/:feature") { match in match["feature"] == "off" ? nil : "beta" }
try flags.register("/*path") { _ in "stable" }
print(flags.route("/beta/off") ?? "-")  // prints: stable
