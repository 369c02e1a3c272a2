// One route for the app's scheme and its universal-link hosts, and for nothing else.
import Switchyard

enum Screen: Hashable {
  case orders
  case product(Int)
}

let router = try Router<Screen>(accepting: ["shop", "https://(www.)shop.example.com"])
try router.register("/account/orders") { _ in .orders }
try router.register("/product/<int:id>") { .product(try $0.value("id", as: Int.self)) }

print(router.route("shop://account/orders") as Any)  // Optional(orders)
print(router.route("https://www.shop.example.com/product/42") as Any)  // Optional(product(42))
print(router.route("https://evil.example.com/product/42") as Any)  // nil
