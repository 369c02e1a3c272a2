// Route metadata for a login gate, per-call context, and the back stack behind the gate.
import Switchyard

// One key type for both: metadata and a context are read through the same TypedKey.
extension TypedKey where Value == Bool {
  static var requiresSignIn: Self { Self("requiresSignIn", default: false) }
}

extension TypedKey where Value == String {
  static var source: Self { Self("source", default: "link") }
}

enum Screen: Hashable {
  case account
  case orders(source: String)
  case login(next: String)
}

let router = try Router<Screen>(accepting: ["shop"])
try router.register("/account", metadata: .with(.requiresSignIn, true)) { _ in .account }
try router.register("/account/orders", metadata: .with(.requiresSignIn, true)) { match in
  .orders(source: match.context[.source])
}
try router.register("/login") { .login(next: $0.query.last("next") ?? "") }

let signedIn = false
router.intercept(name: "login") { request in
  guard request.metadata[.requiresSignIn], !signedIn else { return .pass }
  return .redirect(to: "shop://login?next=" + request.url)
}

// One login screen, not one per parent:
print(router.stack(for: "shop://account/orders").map { "\($0)" })
// prints: ["login(next: \"shop://account/orders\")"]
print(router.match("shop://account")?.route.metadata[.requiresSignIn] ?? false)  // prints: true
print(router.route("shop://login", context: .with(.source, "widget")).map { "\($0)" } ?? "nil")
// prints: login(next: "")
