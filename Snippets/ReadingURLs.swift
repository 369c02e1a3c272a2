// Reading URLs: the parts a URL is split into, and the options that change how it is read.
import Switchyard

var table = RouteTable()
try table.add("user", "myapp://user/<int:id>")

let matcher = RouteMatcher(table)
let match = matcher.match("MyApp://user/42/?tab=posts&tab=likes#top")
print(match?.url.scheme ?? "nil")  // prints: myapp
print(match?.url.pathSegments ?? [])  // prints: ["user", "42"]
print(match?.query.all("tab") ?? [])  // prints: ["posts", "likes"]
print(match?.fragment ?? "nil")  // prints: top

var plain = RouteTable(options: RouteOptions(plusAsSpace: true, defaultScheme: "myapp"))
try plain.add("search", "/search/:term")
print(RouteMatcher(plain).match("myapp://search/swift?q=a+b")?.query.last("q") ?? "nil")
// prints: a b
