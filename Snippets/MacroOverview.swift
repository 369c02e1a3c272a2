// The SwitchyardMacros overview: an enum as a route table, and a pattern checked when compiled.
import SwitchyardMacros

/// Prints a value, or "nil".
func show<Value>(_ value: Value?) { print(value.map { "\($0)" } ?? "nil") }

@Routes
enum AppLink: Hashable {
  @Route("myapp://user/<int:id>")
  case user(id: Int)

  @Route("/search/:term?page=<int:page>")
  case search(term: String, page: Int)
}

show(AppLink(url: "myapp://user/42"))  // prints: user(id: 42)
print(try AppLink.search(term: "a b", page: 2).url)  // prints: /search/a%20b?page=2

var table = RouteTable()
try table.add("user", #pattern("myapp://user/<int:id>"))
print(table.routes.map(\.name))  // prints: ["user"]
