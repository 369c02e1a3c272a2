// PromisingRouter's flow in Switchyard: routes declared at launch, a link held until its
// handler is attached, hosts read as hosts, and the delegate as an event stream.
import Foundation
import Switchyard

guard let url = URL(string: "myapp://people/7") else { fatalError("not a URL") }

@Sendable func showPerson(id: Int) { print("showing person", id) }  // prints: showing person 7

enum ActionResult: Sendable { case done, fail(message: String) }

let router = Router<ActionResult>()  // PRRRouter(queue: …)
try router.declare("/people/:id", name: "showPerson")  // routingWithRoute("/people/:id")
try router.declare("/people", name: "indexPeople")

// application(_:open:options:)
let link = router.dispatch(url.absoluteString, policy: HoldPolicy(timeout: .seconds(10)))

// When the app is ready:
try router.attach("showPerson") { match in  // routing.action = ShowPersonAction()
  showPerson(id: try match.value("id", as: Int.self))
  return .done
}
print(await link.result.outcome)  // prints: handled

// applicationDidEnterBackground
router.links.cancelAll()  // router.cancel()

let hostRouter = Router<ActionResult>(options: RouteOptions(hostAsPath: .never))
try hostRouter.register("/people/:id") { _ in .done }
print(hostRouter.route("app://localhost/people/7") ?? .fail(message: "no route"))  // prints: done

Task {
  for await event in router.links.events() where event.kind == .finished {
    guard let result = event.result else { continue }
    switch result.outcome {
    case .timedOut: print("did time out", result.url, result.parameters)
    case .unmatched, .failed: print("did fail to route", result.url, result.parameters)
    case .handled: print("did route", result.url, result.output.map { "\($0)" } ?? "")
    default: break
    }
  }
}
