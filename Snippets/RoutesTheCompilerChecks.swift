// Routes the compiler checks, as the article shows them: an enum per table, its options,
// optional query values, route metadata, value types, #pattern and routers.
import SwitchyardMacros  // re-exports Switchyard

@Routes
enum AppLink: Hashable {
  @Route("myapp://user/<int:id>")
  case user(id: Int)

  @Route("https://(www.)example.com/post/:slug")
  @Route("myapp://post/:slug")  // several patterns: all match, the first builds
  case post(slug: String)

  @Route("/search/:term?page=<int:page>")
  case search(term: String, page: Int)

  @Route("/files/<path:rest>")
  case files(rest: String)

  @Route("/users/new")
  case newUser

  @Route("/users/<int:id>(/<tab>)")
  case profile(id: Int, tab: String?)  // a capture in an optional group is Optional

  @Route("myapp://settings")
  case settings
}

/// A value as the article shows it, or `nil`.
func show<Value>(_ value: Value?) { print(value.map { "\($0)" } ?? "nil") }

show(AppLink(url: "myapp://user/42"))  // prints: user(id: 42)
show(AppLink(url: "/users/new"))  // prints: newUser
show(AppLink(url: "myapp://nowhere"))  // prints: nil
print(try AppLink.search(term: "a b", page: 2).url)  // prints: /search/a%20b?page=2
print(AppLink.routeTable.routes.map(\.name))
// prints: ["user", "post", "post #2", "search", "files", "newUser", "profile", "settings"]

@Routes(accepting: ["shop", "https://(www.)shop.example.com"], plusAsSpace: true)
enum ShopLink: Hashable {
  @Route("/product/<int:id>")
  case product(id: Int)

  @Route("/search?q=<q>")
  case search(q: String)
}

show(ShopLink(url: "https://www.shop.example.com/product/42"))  // prints: product(id: 42)
show(ShopLink(url: "https://evil.example.com/product/42"))  // prints: nil
show(ShopLink(url: "shop://search?q=red+shoes"))  // prints: search(q: "red shoes")
print(try ShopLink.product(id: 42).url)  // prints: shop://product/42
print(try ShopLink.product(id: 42).url(host: "shop.example.com", scheme: "https"))
// prints: https://shop.example.com/product/42

@Routes(accepting: ["shop"])
enum AccountLink: Hashable {
  @Route("/login", optionalQuery: ["next"])
  case login(next: String?)
}

show(AccountLink(url: "shop://login"))  // prints: login(next: nil)
show(AccountLink(url: "shop://login?next=%2Forders"))  // prints: login(next: Optional("/orders"))
print(try AccountLink.login(next: "/orders").url)  // prints: shop://login?next=%2Forders

@Routes
enum OrderLink: Hashable {
  @Route("myapp://orders/:id", priority: 1, metadata: .with(.gates, [.signedIn]))
  case order(id: String)
}

print(OrderLink.routeTable.routes[0].metadata[.gates])  // prints: [signedIn]

enum Tab: String, RouteParameter, BuildValueConvertible { case posts, likes }

@Routes
enum ProfileLink {
  @Route("/users/<int:id>/<tab>")
  case profile(id: Int, tab: Tab)
}

if case .profile(let id, let tab)? = ProfileLink(url: "/users/7/likes") {
  print(id, tab)  // prints: 7 likes
}

var table = RouteTable()
try table.add("user", #pattern("myapp://user/<int:id>"))
// #pattern("/users/<int:id")   error: expected '>' to close the capture opened at column 8
print(try table.url(for: "user", values: ["id": 42]))  // prints: myapp://user/42

enum Screen: Hashable, Sendable {
  case profile(Int)
  case post(String)
  case link(AppLink)
}

let router = Router<Screen>()
try router.register(routes: AppLink.self) { link, match in
  switch link {
  case .user(let id): .profile(id)
  case .post(let slug): .post(slug)
  default: nil  // declines: the next candidate runs
  }
}
show(router.stack(for: "myapp://user/42").first)  // prints: profile(42)

let held = Router<Screen>()
try held.declare(AppLink.self)  // held links: declared at launch…
let settings = held.dispatch("myapp://settings")
try held.attach(routes: AppLink.self) { link, _ in .link(link) }  // …delivered when attached
if case .link(let link)? = await settings.result.output {
  print(link)  // prints: settings
}
