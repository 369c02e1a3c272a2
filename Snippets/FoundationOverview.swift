// The SwitchyardFoundation overview: a Foundation URL routed, a <uuid:> capture read as a UUID.
import Foundation
import Switchyard
import SwitchyardFoundation

let router = Router<String>()
try router.register("shop://account/orders/<uuid:id>") { match in
  "order \(try match.value("id", as: UUID.self))"
}

if let url = URL(string: "shop://account/orders/E621E1F8-C36C-495A-93FC-0C247A3E6E5F") {
  print(router.route(url) ?? "nil")  // prints: order E621E1F8-C36C-495A-93FC-0C247A3E6E5F
}
