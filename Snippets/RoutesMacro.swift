// Routes the compiler checks: an enum is the route table, read and linted at compile time.
import SwitchyardMacros

@Routes
enum AppLink: Hashable {
  @Route("myapp://user/<int:id>")
  case user(id: Int)

  @Route("https://(www.)example.com/post/:slug")
  @Route("myapp://post/:slug")
  case post(slug: String)

  @Route("/search/:term?page=<int:page>")
  case search(term: String, page: Int)

  @Route("/users/new")
  case newUser

  @Route("/users/<int:id>(/<tab>)")
  case profile(id: Int, tab: String?)
}

print(AppLink(url: "myapp://user/42").map { "\($0)" } ?? "nil")  // prints: user(id: 42)
print(AppLink(url: "/users/new").map { "\($0)" } ?? "nil")  // prints: newUser
print(AppLink(url: "myapp://nowhere").map { "\($0)" } ?? "nil")  // prints: nil
print(try AppLink.search(term: "a b", page: 2).url)  // prints: /search/a%20b?page=2

// Routers take the enum: every route, with the typed value.
let router = Router<String>()
try router.register(routes: AppLink.self) { link, _ in "\(link)" }
print(router.route("myapp://post/hello") ?? "none")  // prints: post(slug: "hello")
