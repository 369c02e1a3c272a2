// What a match gives: the route, its captures, the query, the fragment and the URL's parts.
import Switchyard

/// Prints a value, or "nil".
func show<Value>(_ value: Value?) { print(value.map { "\($0)" } ?? "nil") }

var table = RouteTable()
try table.add("search", "https://*.mysite.com/search/:term")
let matcher = RouteMatcher(table)

let match = matcher.match("https://www.mysite.com/search/foo?bar=baz&bar=qux#top")
show(match?.route.name)  // prints: search
show(match?.parameters)  // prints: [(name: "term", value: foo)]
show(match?["term"])  // prints: foo
show(match?["bar"])  // prints: qux
show(match?.query.all("bar"))  // prints: ["baz", "qux"]
show(match?.fragment)  // prints: top
show(match?.url.host)  // prints: www.mysite.com

let incoming = ["https://www.mysite.com/search/a", "https://www.mysite.com/help"]
func handle(_ routeIndex: Int) { print("route \(routeIndex)") }

var reused: RouteMatch? = nil
for url in incoming where matcher.match(url, into: &reused) {
  if let found = reused { handle(found.routeIndex) }
}
// prints: route 0
