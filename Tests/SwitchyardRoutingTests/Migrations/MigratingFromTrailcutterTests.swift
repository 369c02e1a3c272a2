import Switchyard
import SwitchyardMigration
import Testing

// The routing examples of the Trailcutter seed document, in Switchyard's API.

struct SearchRoute: PathRoutable, HostRoutable {
  static let path = "/search/:term"
  static let host = "*.mysite.com"
  let term: String?

  init(match: RouteMatch) {
    term = match["term"]
  }
}

struct PathOnlySearchRoute: PathRoutable {
  static let path = "/search/:term"
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

struct PostRoute: URIRoutable {
  static let uri = "https://*.mysite.com/post/:id"
  let id: String?

  init(match: RouteMatch) {
    id = match["id"]
  }
}

struct AppRoute: SchemeRoutable {
  static let scheme = "myapp"
  let path: [String]

  init(match: RouteMatch) {
    path = match.url.pathSegments
  }
}

struct MySiteRoute: HostRoutable {
  static let host = "(www.)mysite.com"
  init(match: RouteMatch) {}
}

struct SecureAppRoute: SchemeRoutable, PathRoutable {
  static let scheme = "http(s)"
  static let path = "/app/:page"
  init(match: RouteMatch) {}
}

/// Needs a numeric id; throws otherwise, so the next candidate is tried.
struct UserIDRoute: PathRoutable {
  static let path = "/user/:id"
  let id: Int
  init(match: RouteMatch) throws {
    id = try match.value("id", as: Int.self)
  }
}

struct UsernameRoute: PathRoutable {
  static let path = "/user/:name"
  let name: String
  init(match: RouteMatch) throws {
    name = try match.value("name", as: String.self)
  }
}

@Suite("Migrating from Trailcutter")
struct MigratingFromTrailcutterTests {
  @Test("patterns assembled from path, host, scheme and URI")
  func patterns() {
    #expect(SearchRoute.routePattern == "//*.mysite.com/search/:term")
    #expect(PathOnlySearchRoute.routePattern == "/search/:term")
    #expect(PostRoute.routePattern == "https://*.mysite.com/post/:id")
    #expect(AppRoute.routePattern == "myapp:///*")
    #expect(MySiteRoute.routePattern == "//(www.)mysite.com/*")
    #expect(SecureAppRoute.routePattern == "http(s):///app/:page")
  }

  @Test("routerMatch[\"term\"] and routerMatch[\"bar\"]: path captures, then query values")
  func subscriptLookup() throws {
    var table = RouteTable()
    try table.add("search", SearchRoute.routePattern)
    let match = try #require(
      RouteMatcher(table).match("https://www.mysite.com/search/foo?bar=baz"))
    #expect(match["term"] == "foo")
    #expect(match["bar"] == "baz")
  }

  @Test("a RouteSet matches a URL and returns the route instance")
  func routeSet() throws {
    let router = try RouteSet(routes: [SearchRoute.self, BaseRoute.self, InboxRoute.self])
    let route = router.match("https://www.mysite.com/search/surge+soda")
    let search = try #require(route as? SearchRoute)
    #expect(search.term == "surge+soda")
    #expect(router.match("https://www.mysite.com/inbox") is InboxRoute)
    #expect(router.match("https://www.mysite.com/") is BaseRoute)
    #expect(router.match("https://www.mysite.com/search/x", as: SearchRoute.self)?.term == "x")
    #expect(router.match("https://www.mysite.com/inbox", as: SearchRoute.self) == nil)
  }

  @Test("the host must match as well as the path")
  func hostRequired() throws {
    let router = try RouteSet(routes: [SearchRoute.self])
    #expect(router.match("https://www.mysite.com/search/foo") != nil)
    #expect(router.match("https://a.b.mysite.com/search/foo") != nil)
    #expect(router.match("https://mysite.com/search/foo") == nil)
    #expect(router.match("https://www.othersite.com/search/foo") == nil)
  }

  @Test("a route with a host beats a path-only route for the same path")
  func hostBeatsPathOnly() throws {
    let router = try RouteSet(routes: [PathOnlySearchRoute.self, SearchRoute.self])
    #expect(router.match("https://www.mysite.com/search/a") is SearchRoute)
    #expect(router.match("https://www.other.com/search/a") is PathOnlySearchRoute)
    #expect(router.match("myapp://search/a") is PathOnlySearchRoute)
  }

  @Test("URI, scheme and host routes")
  func uriSchemeHost() throws {
    let router = try RouteSet(routes: [
      PostRoute.self, AppRoute.self, MySiteRoute.self, SecureAppRoute.self,
    ])
    #expect((router.match("https://subdomain.mysite.com/post/1234") as? PostRoute)?.id == "1234")
    #expect(router.match("http://subdomain.mysite.com/post/1234") == nil)
    #expect((router.match("myapp://inbox/3") as? AppRoute)?.path == ["inbox", "3"])
    #expect(router.match("https://mysite.com/anything/at/all") is MySiteRoute)
    #expect(router.match("http://example.com/app/home") is SecureAppRoute)
    #expect(router.match("https://example.com/app/home") is SecureAppRoute)
  }

  @Test("a typed route whose initializer throws falls through to the next candidate")
  func failureFallsThrough() throws {
    let router = try RouteSet(routes: [UserIDRoute.self, UsernameRoute.self])
    #expect(router.match("/user/42", as: UserIDRoute.self)?.id == 42)
    #expect(router.match("/user/jane", as: UsernameRoute.self)?.name == "jane")
    let reasons = Recorder<String>()
    router.router.unmatchedHandler = { request in
      reasons.append("\(request.reason)")
      return nil
    }
    #expect(router.match("/elsewhere") == nil)
    #expect(reasons.all == ["noRoute"])
  }

  @Test("typed routes on a router of any output")
  func typedRoutesOnRouter() throws {
    let router = Router<Destination>()
    try router.register(route: UserIDRoute.self) { .user($0.id) }
    try router.register(route: UsernameRoute.self) { .slug($0.name) }
    #expect(router.route("/user/7") == .user(7))
    #expect(router.route("/user/ann") == .slug("ann"))
    #expect(router.table.routes.map(\.name) == ["UserIDRoute", "UsernameRoute"])
  }

  @Test("a bad pattern in a route set throws")
  func badPattern() {
    struct Broken: PathRoutable {
      static let path = "/a/<int:id"
      init(match: RouteMatch) {}
    }
    #expect(throws: RouteTableError.self) { try RouteSet(routes: [Broken.self]) }
  }
}
