// Typed routes in Trailcutter's style: each type declares its pattern and builds itself.
import Switchyard
import SwitchyardMigration

struct SearchRoute: PathRoutable, HostRoutable {
  static let path = "/search/:term"
  static let host = "*.mysite.com"
  let term: String

  init(match: RouteMatch) throws {
    term = try match.value("term", as: String.self)
  }
}

struct PostRoute: URIRoutable {
  static let uri = "https://*.mysite.com/post/<int:id>"
  let id: Int

  init(match: RouteMatch) throws {
    id = try match.value("id", as: Int.self)
  }
}

let routes = try RouteSet(routes: [SearchRoute.self, PostRoute.self])

if let search = routes.match("https://www.mysite.com/search/surge+soda") as? SearchRoute {
  print("term: \(search.term)")  // prints: term: surge+soda
}
if let post = routes.match("https://www.mysite.com/post/7", as: PostRoute.self) {
  print("post: \(post.id)")  // prints: post: 7
}
