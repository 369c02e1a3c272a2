// Metadata and context: one key type for route metadata and per-call context, and a login gate.
import Switchyard

/// Prints a value, or "nil".
func show<Value>(_ value: Value?) { print(value.map { "\($0)" } ?? "nil") }

extension TypedKey where Value == Bool {
  static var requiresSignIn: Self { Self("requiresSignIn", default: false) }
  static var animated: Self { Self("animated", default: true) }
}

enum Screen: Hashable { case orders, login, product(Int, animated: Bool) }
struct Session { var isSignedIn = false }
let session = Session()

let router = try Router<Screen>(accepting: ["shop"])
try router.register("/login") { _ in .login }
try router.register("/account/orders", metadata: .with(.requiresSignIn, true)) { _ in .orders }

router.intercept(name: "login") { request in
  request.metadata[.requiresSignIn] && !session.isSignedIn
    ? .redirect(to: "shop://login") : .pass
}
show(router.route("shop://account/orders"))  // prints: login

try router.register("/product/<int:id>") { match in
  .product(try match.value("id", as: Int.self), animated: match.context[.animated])
}
show(router.route("shop://product/42", context: .with(.animated, false)))
// prints: product(42, animated: false)
