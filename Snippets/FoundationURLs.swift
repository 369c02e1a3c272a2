// Foundation URLs for routers, and <uuid:> captures as UUIDs.
import Foundation
import Switchyard
import SwitchyardFoundation

enum Screen: Hashable {
  case order(UUID)
}

let router = Router<Screen>()
try router.register("shop://orders/<uuid:id>") { .order(try $0.value("id", as: UUID.self)) }

if let url = URL(string: "shop://orders/6F9619FF-8B86-D011-B42D-00C04FC964FF") {
  print(router.route(url).map { "\($0)" } ?? "nil")
  // prints: order(6F9619FF-8B86-D011-B42D-00C04FC964FF)
}
