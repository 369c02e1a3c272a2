// Reverse routing: build the URL of a route from values, and match it back.
import SwitchyardMacros  // re-exports Switchyard

var table = RouteTable()
try table.add("user", "myapp://user/<int:id>")
try table.add("post", "https://*.mysite.com/post/:id")
try table.add("article", "http(s)://(www.)example.com/articles/<int:id>(/:slug)")
try table.add("search", "/search/:term")

// Captures are filled and checked; other values go to the query, sorted by name.
print(try table.url(for: "user", values: ["id": 42, "tab": "posts"]))
// prints: myapp://user/42?tab=posts
print(try table.url(for: "search", values: ["term": "surge", "sort": "score desc"]))
// prints: /search/surge?sort=score%20desc
// Variables of any convertible type work as literals do.
let term = "red shoes"
let page = 2
print(try table.url(for: "search", values: ["term": term, "page": page]))
// prints: /search/red%20shoes?page=2

// A wildcard host needs the caller's host; several origins: the first as written, or a choice.
print(try table.url(for: "post", values: ["id": 1234], host: "subdomain.mysite.com"))
// prints: https://subdomain.mysite.com/post/1234
print(try table.url(for: "article", values: ["id": 7, "slug": "hello world"]))
// prints: https://www.example.com/articles/7/hello%20world
print(try table.url(for: "article", values: ["id": 7], host: "example.com", scheme: "http"))
// prints: http://example.com/articles/7

// What would not match back is an error that names the route and the capture.
do {
  _ = try table.url(for: "user", values: ["id": "abc"])
} catch {
  print(error)  // prints: route 'user': value "abc" for capture 'id' is not a valid int
}

// A typed route prints itself: a `@Routes` case fills its pattern with its values.
@Routes
enum ShareLink: Hashable {
  @Route("/search/:term", optionalQuery: ["sort"])
  case search(term: String, sort: String?)

  @Route("https://*.mysite.com/post/:id")
  case post(id: String)
}

print(try ShareLink.search(term: "surge", sort: "score desc").url)
// prints: /search/surge?sort=score%20desc
print(try ShareLink.post(id: "1234").url(host: "subdomain.mysite.com"))
// prints: https://subdomain.mysite.com/post/1234
let link = try ShareLink.search(term: "a/b", sort: nil).url
print(link)  // prints: /search/a%2Fb
print(ShareLink(url: link).map { "\($0)" } ?? "nil")  // prints: search(term: "a/b", sort: nil)
