// Trailcutter's typed routes and RouteSet in Switchyard: a URL matched to a route instance,
// URLs built back from values or from an instance, and a typed route on a router of any output.
import Switchyard
import SwitchyardMigration

struct SearchRoute: PathRoutable, HostRoutable {
  static let path = "/search/:term"
  static let host = "*.mysite.com"
  let term: String?

  init(match: RouteMatch) {
    term = match["term"]
  }
}

struct BaseRoute: PathRoutable {
  static let path = "/"
  init(match: RouteMatch) {}
}

struct InboxRoute: PathRoutable {
  static let path = "/inbox"
  init(match: RouteMatch) {}
}

let router = try RouteSet(routes: [SearchRoute.self, BaseRoute.self, InboxRoute.self])
if let searchRoute = router.match("https://www.mysite.com/search/surge+soda") as? SearchRoute {
  print("term: \(searchRoute.term ?? "")")  // prints: term: surge+soda
}

struct PostRoute: URIRoutable {
  static let uri = "https://*.mysite.com/post/:id"
  let id: String?

  init(match: RouteMatch) {
    id = match["id"]
  }
}

// Both hosts are wildcards: a URL names a real one. SearchRoute names no scheme either.
let values = ["term": "surge", "sort": "score desc"]
print(try SearchRoute.url(values: values, host: "www.mysite.com", scheme: "https"))
// prints: https://www.mysite.com/search/surge?sort=score%20desc
print(try SearchRoute.url(values: values, host: "www.mysite.com"))
// prints: //www.mysite.com/search/surge?sort=score%20desc
print(try PostRoute.url(values: ["id": "1234"], host: "subdomain.mysite.com"))
// prints: https://subdomain.mysite.com/post/1234

// A struct that declares `init(match:)` has no memberwise initialiser: write the one you need.
extension SearchRoute {
  init(term: String?) { self.term = term }
}

print(try SearchRoute(term: "surge").url(host: "www.mysite.com", scheme: "https"))
// prints: https://www.mysite.com/search/surge

struct GameRoute: PathRoutable {
  static let path = "/games/:one"
  static let queryKeys = ["two"]  // the query values an instance prints
  let one: String
  var two: String? = nil
  private let session = "not in any URL"

  init(one: String, two: String? = nil) {
    self.one = one
    self.two = two
  }

  init(match: RouteMatch) throws {
    one = try match.value("one", as: String.self)
    two = match["two"]
  }
}

print(try GameRoute(one: "chess", two: "fooz ball").url)  // prints: /games/chess?two=fooz%20ball

do {
  print(try SearchRoute.url(values: values))
} catch {
  print(error)
  // prints: route 'SearchRoute': its host '*.mysite.com' is a wildcard, so a host must be given
}

let screens = Router<String>()  // in an app, say, a Router<UIViewController>
try screens.register(route: SearchRoute.self) { route in "search for \(route.term ?? "")" }
print(screens.route("https://www.mysite.com/search/swift") ?? "no route")
// prints: search for swift
