// Links that arrive before the app can handle them: declared routes, gates and dispatch.
import Switchyard

enum Screen: Hashable, Sendable {
  case person(Int)
  case orders
}

let router = Router<Screen>()
try router.declare("myapp://people/<int:id>", name: "person")
try router.register("myapp://orders", metadata: .with(.gates, [.signedIn])) { _ in .orders }

// A cold-start link, before the people screen exists, and one behind sign-in:
let person = router.dispatch("myapp://people/7")
let orders = router.dispatch("myapp://orders")
print(router.links.held.map(\.url))  // prints: ["myapp://people/7", "myapp://orders"]

try router.attach("person") { .person(try $0.value("id")) }
router.links.openGate(.signedIn)

print(await person.result.output.map { "\($0)" } ?? "nil")  // prints: person(7)
print(await orders.result.outcome)  // prints: handled
