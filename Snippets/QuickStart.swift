// The README's first example: register patterns, route links to typed destinations, build a URL.
import Switchyard

enum Destination: Equatable {
  case user(Int)
  case post(slug: String)
  case search(String)
}

let router = Router<Destination>()
try router.register("myapp://user/<int:id>", name: "user") { .user(try $0.value("id")) }
try router.register("https://(www.)example.com/post/:slug") { .post(slug: try $0.value("slug")) }
try router.register("/search/:term") { .search(try $0.value("term")) }

func show(_ link: String) { print(router.route(link).map { "\($0)" } ?? "no route") }

show("myapp://user/42?tab=posts")  // prints: user(42)
show("https://www.example.com/post/hello")  // prints: post(slug: "hello")
show("myapp://search/red%20shoes")  // prints: search("red shoes")
show("myapp://nowhere")  // prints: no route
print(try router.url(for: "user", values: ["id": 7]))  // prints: myapp://user/7
