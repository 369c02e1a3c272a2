// Getting Started: one route for the app's scheme and the web, and metadata, context and gates.
import Switchyard

/// Prints a value, or "nil".
func show<Value>(_ value: Value?) { print(value.map { "\($0)" } ?? "nil") }

extension TypedKey where Value == Bool {
  static var requiresSignIn: Self { Self("requiresSignIn", default: false) }
}

extension TypedKey where Value == String {
  static var source: Self { Self("source", default: "link") }
}

enum Destination: Hashable { case user(Int), account(source: String), login }

let router = try Router<Destination>(accepting: ["myapp", "https://(www.)example.com"])
try router.register("/user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
show(router.route("myapp://user/42"))  // prints: user(42)
show(router.route("https://www.example.com/user/42"))  // prints: user(42)
print(router.route("https://evil.example.com/user/42") == nil)  // prints: true

let signedIn = true
try router.register("/login") { _ in .login }
try router.register("/account", metadata: .with(.requiresSignIn, true)) { match in
  .account(source: match.context[.source])
}
router.intercept { request in
  request.metadata[.requiresSignIn] && !signedIn ? .redirect(to: "myapp://login") : .pass
}
show(router.route("myapp://account", context: .with(.source, "widget")))
// prints: account(source: "widget")
