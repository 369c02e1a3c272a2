// One route for the app's scheme and its universal-link hosts, and for nothing else.
import Switchyard

enum Screen: Hashable {
  case orders
  case product(Int)
}

let router = try Router<Screen>(accepting: ["shop", "https://(www.)shop.example.com"])
try router.register("/account/orders") { _ in .orders }
try router.register("/product/<int:id>") { .product(try $0.value("id", as: Int.self)) }

func show(_ url: String) { print(router.route(url).map { "\($0)" } ?? "nil") }

show("shop://account/orders")  // prints: orders
show("https://www.shop.example.com/product/42")  // prints: product(42)
show("https://evil.example.com/product/42")  // prints: nil
