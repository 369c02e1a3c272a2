// Links that survive an install: what the app found or was opened with, looked up by the
// team's link service when it is one of the service's, and dispatched into the router's held
// links. The service here is a resolver that answers from a list, as a test's would.
import Foundation
import Switchyard
import SwitchyardFoundation

enum Screen: Equatable, Sendable { case product(Int), user(Int) }

let router = try Router<Screen>(accepting: ["myapp", "https://shop.example.com"])
try router.register("/product/<int:id>") { match in .product(try match.value("id", as: Int.self)) }
try router.register("/user/<int:id>", metadata: .with(.gates, [.signedIn])) { match in
  .user(try match.value("id", as: Int.self))
}

/// Whatever the app found or was opened with: the Install Referrer on Android, the clipboard
/// on iOS, a short link, or any other link.
func open(_ found: String, via links: LinkService) async {
  let link = router.dispatch(resolving: found, via: links)  // held from now on
  let result = await link.result  // waits for the service, then for sign-in
  if let screen = result.output {
    print("showing", screen)
  } else if let error = result.error {
    print(error)  // unresolved: unreachable, spent, unknown, or not a link
  } else {
    print(result.outcome)
  }
}

if let address = URL(string: "https://links.example.com") {
  // In the app: LinkService(address, shortLinkHosts: ["go.example.com"]), which asks the
  // service over HTTPS. A test answers with a closure instead:
  let links = LinkService(address, shortLinkHosts: ["go.example.com"]) { request in
    switch request {
    case .link(code: "Ab3dE9xQ"): return "myapp://user/42"
    case .redeem(token: "T0k"): throw LinkServiceError.spent("token already redeemed")
    default: throw LinkServiceError.unknown("no link has this code")
    }
  }
  router.links.openGate(.signedIn)
  await open("https://go.example.com/l/Ab3dE9xQ", via: links)
  // prints: showing user(42)
  await open("switchyard_token=T0k&utm_source=landing", via: links)
  // prints: the link was spent or has expired (410): token already redeemed
  // Not the service's: dispatched as it is, nothing is asked.
  await open("https://shop.example.com/product/7", via: links)
  // prints: showing product(7)
  // An organic install's referrer: no link, nothing is asked or dispatched.
  await open("utm_source=google-play&utm_medium=organic", via: links)
  // prints: not a link nor an install referrer with a token: "utm_source=google-play&utm_medium=organic"
}
