// Page modules in HandyRouter's style: one call registers every page of an enum.
import Switchyard
import SwitchyardMigration

enum ShopPages: String, PageModule {
  case product = "Product"
  case cart = "Cart"
  case help = "Help#faq"  // the URL must end in #faq

  static let module = "shop"
}

let router = Router<String>()
try router.register(module: ShopPages.self, options: .hostAsPath) { page, parameters in
  "\(page) ids=\(parameters.all("id"))"
}

print(router.route("myapp://shop/Product?id=1&id=2") ?? "-")  // prints: product ids=["1", "2"]
print(router.route("https://www.example.com/shop/Cart") ?? "-")  // prints: cart ids=[]
print(router.route("https://shop/Help#faq") ?? "-")  // prints: help ids=[]
print(router.route("myapp://shop/Unknown") ?? "-")  // prints: -
