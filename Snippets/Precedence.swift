// Precedence: the most specific route wins, whatever the order of registration.
import Switchyard

/// Prints a value, or "nil".
func show<Value>(_ value: Value?) { print(value.map { "\($0)" } ?? "nil") }

enum Screen: Hashable { case me, user(Int), profile(String) }

let router = Router<Screen>()
try router.register("myapp://user/:name") { .profile(try $0.value("name", as: String.self)) }
try router.register("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
try router.register("myapp://user/me") { _ in .me }

show(router.route("myapp://user/me"))  // prints: me
show(router.route("myapp://user/42"))  // prints: user(42)
show(router.route("myapp://user/jane"))  // prints: profile("jane")
