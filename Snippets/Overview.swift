// The overview of the Switchyard documentation: register patterns, route URLs, build a stack.
import Switchyard

/// Prints a value, or "nil".
func show<Value>(_ value: Value?) { print(value.map { "\($0)" } ?? "nil") }

enum Destination: Hashable { case user(Int), post(Int), search(String) }

let router = Router<Destination>()
try router.register("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
try router.register("myapp://user/<int:uid>/post/<int:id>") {
  .post(try $0.value("id", as: Int.self))
}
try router.register("/search/:term") { .search(try $0.value("term", as: String.self)) }

show(router.route("myapp://user/42"))  // prints: user(42)
show(router.route("https://www.example.com/search/swift"))  // prints: search("swift")
print(router.stack(for: "myapp://user/42/post/7").map { "\($0)" })
// prints: ["user(42)", "post(7)"]
