// Links that survive an install: what the app found at its first launch, looked up by the
// team's link service and dispatched into the router's held links.
import Foundation
import Switchyard
import SwitchyardFoundation

enum Screen: Equatable, Sendable { case user(Int) }

let router = Router<Screen>()
try router.register("myapp://user/<int:id>", metadata: .with(.gates, [.signedIn])) { match in
  .user(try match.value("id", as: Int.self))
}

/// Whatever the app found: the Install Referrer on Android, the clipboard on iOS, or the
/// short link it was opened with.
func openFoundLink(_ found: String, via links: LinkService) async {
  let link = await router.dispatch(resolving: found, via: links)
  let result = await link.result  // waits for sign-in, like any held link
  if let screen = result.output {
    print("showing", screen)
  } else if let error = result.error {
    print(error)  // unresolved: unreachable, spent, unknown, or not a link
  } else {
    print(result.outcome)
  }
}

if let address = URL(string: "https://links.example.com") {
  let links = LinkService(address, shortLinkHosts: ["go.example.com"])
  // The clipboard held something else: nothing is sent, and the link ends at once.
  await openFoundLink("a shopping list", via: links)
  // prints: not a short link of the service nor an install referrer with a token: "a shopping list"
}
