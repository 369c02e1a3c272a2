// Routes the compiler checks: an enum is the route table, read and linted at compile time.
import SwitchyardMacros

@Routes(accepting: ["myapp", "https://(www.)example.com"])
enum AppLink: Hashable {
  @Route("/user/<int:id>")
  case user(id: Int)

  @Route("/post/:slug")
  case post(slug: String)

  @Route("/search/:term?page=<int:page>")
  case search(term: String, page: Int)

  @Route("/login", optionalQuery: ["next"])
  case login(next: String?)

  @Route("/users/new")
  case newUser

  @Route("/users/<int:id>(/<tab>)")
  case profile(id: Int, tab: String?)
}

func show(_ url: String) -> String { AppLink(url: url).map { "\($0)" } ?? "nil" }

print(show("myapp://user/42"))  // prints: user(id: 42)
print(show("https://www.example.com/users/new"))  // prints: newUser
print(show("https://evil.example.com/user/42"))  // prints: nil
print(show("myapp://login"))  // prints: login(next: nil)
print(try AppLink.search(term: "a b", page: 2).url)  // prints: myapp://search/a%20b?page=2
print(try AppLink.login(next: "/user/42").url)  // prints: myapp://login?next=%2Fuser%2F42

// Routers take the enum, read with its options: every route, with the typed value.
let router = Router<String>(options: AppLink.routeTable.options)
try router.register(routes: AppLink.self) { link, _ in "\(link)" }
print(router.route("https://example.com/post/hello") ?? "none")  // prints: post(slug: "hello")
