// Typed routes and page modules from SwitchyardMigration, on a core router.
import Switchyard
import SwitchyardMigration

struct SearchRoute: PathRoutable {
  static let path = "/search/:term"
  let term: String
  init(match: RouteMatch) throws { term = try match.value("term", as: String.self) }
}

enum ShopPages: String, PageModule {
  case product = "Product", cart = "Cart"
  static let module = "shop"
}

let router = Router<String>()
try router.register(route: SearchRoute.self) { route in "search \(route.term)" }
try router.register(module: ShopPages.self) { page, _ in "page \(page)" }
print(router.route("myapp://search/swift") ?? "-")  // prints: search swift
print(router.route("myapp://shop/Cart") ?? "-")  // prints: page cart
