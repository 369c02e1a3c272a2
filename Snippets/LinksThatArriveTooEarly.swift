// Links that arrive too early, as the article shows them: a cold start, gates, outcomes,
// events, policies, a handler that awaits a link, and a navigator.
import Foundation
import Switchyard

enum Screen: Hashable, Sendable {
  case person(Int)
  case peopleList
  case order(String)
}

func log(_ items: Any...) { print(items.map { "\($0)" }.joined(separator: " ")) }

guard let url = URL(string: "myapp://people/7") else { fatalError("not a URL") }
let orderURL = "myapp://user/5/orders/0F8FAD5B-D9CB-469F-A165-70867728950E"
let notificationURLs = (1...200).map { "myapp://people/\($0)" }
var navigationPath: [Screen] = []

let router = Router<Screen>()
try router.declare("myapp://people/:id", name: "person")
try router.declare("myapp://people", name: "people")

// application(_:open:options:), scene(_:openURLContexts:) or .onOpenURL:
router.dispatch(url.absoluteString)

// Later, once the people screen can be shown:
try router.attach("person") { .person(try $0.value("id", as: Int.self)) }  // the link runs now
try router.attach("people") { _ in .peopleList }

router.links.requiredGates = [.launched]
// …
router.links.openGate(.launched)  // every held link is delivered, in arrival order

try router.register(
  "myapp://user/<int:uid>/orders/<uuid:id>", metadata: .with(.gates, [.signedIn])
) { match in .order(try match.value("id", as: String.self)) }

let link = router.dispatch(orderURL, stack: true)  // held: nobody is signed in yet
// …the sign-in screen does its work…
router.links.openGate(.signedIn)

let result = await link.result
if result.outcome == .handled {
  navigationPath = result.stack  // the parents that matched, then the order
}
print(navigationPath.map { "\($0)" }.joined(separator: ", "))
// prints: order("0F8FAD5B-D9CB-469F-A165-70867728950E")

let nowhere = await router.dispatch("myapp://nowhere?x=1").result
print(nowhere.outcome)  // prints: unmatched
print(nowhere.parameters)  // prints: ["x": "1"]

Task {
  for await event in router.links.events() where event.kind == .finished {
    if let result = event.result, result.outcome == .timedOut {
      log("could not open", event.url, result.parameters)
    }
  }
}

for url in notificationURLs {  // 200 links at a cold start: none is dropped
  router.dispatch(url, policy: HoldPolicy(timeout: nil, capacity: nil))
}

let outer = Router<String>()
try outer.register("myapp://user/<int:id>") { "user \(try $0.value("id", as: Int.self))" }
try outer.registerAsync("myapp://outer") { [outer] _ in
  let inner = await outer.dispatch("myapp://user/1").result  // delivered now, not after "outer"
  return "outer got \(inner.output ?? "nothing")"
}
print(await outer.dispatch("myapp://outer").result.output ?? "nil")  // prints: outer got user 1

struct UserViewController: Hashable { let id: Int }

final class PrintingHost: NavigationHost {
  func push(_ screen: UserViewController, animated: Bool) { print("push", screen) }
  func present(_ screen: UserViewController, wrap: Bool, animated: Bool) {
    print("present", screen)
  }
  func setStack(_ screens: [UserViewController], animated: Bool) {
    print("stack", screens.map(\.id))
  }
}

let host = PrintingHost()
let navigator = Navigator<UserViewController>(scheme: "myapp", host: host)
let launchURL = "myapp://user/42"

try navigator.declare("myapp://user/<int:id>", name: "user")
let launch = navigator.dispatch(launchURL, .showStack())  // cold start: with its parents
try navigator.attach("user") { match in
  UserViewController(id: try match.value("id", as: Int.self))
}
print(await launch.result.output ?? false)  // prints: stack [42]
// prints: true
