import Switchyard
import SwitchyardMigration
import Testing

// Reverse routing from typed routes, routers and navigators (the Building URLs article).

/// Trailcutter's search route, with an optional sort that goes to the query.
struct SortedSearchRoute: PathRoutable {
  static let path = "/search/:term"
  static let queryKeys = ["sort"]
  let term: String
  var sort: String? = nil

  init(term: String, sort: String? = nil) {
    self.term = term
    self.sort = sort
  }

  init(match: RouteMatch) throws {
    term = try match.value("term", as: String.self)
    sort = match.query.last("sort")
  }
}

/// Trailcutter's post route on any subdomain.
struct SubdomainPostRoute: URIRoutable {
  static let uri = "https://*.mysite.com/post/:id"
  let id: Int

  init(id: Int) { self.id = id }
  init(match: RouteMatch) throws { id = try match.value("id", as: Int.self) }
}

enum ProfileTab: String, BuildValueConvertible, RouteParameter { case posts, likes }

/// Values that are not named like the captures: the route supplies them itself.
struct ProfileRoute: URIRoutable {
  static let uri = "myapp://user/<int:id>"
  struct User: Equatable { var id: Int }
  let user: User
  var tab: ProfileTab = .posts

  init(user: User, tab: ProfileTab) {
    self.user = user
    self.tab = tab
  }

  init(match: RouteMatch) throws {
    user = User(id: try match.value("id", as: Int.self))
    tab = try match.value("tab", as: ProfileTab.self)
  }

  var routeValues: [String: BuildValue] { ["id": .int(user.id), "tab": tab.buildValue] }
}

/// A route with properties its URL does not declare: only `id` (a capture) and the query keys
/// it lists may be printed.
struct ProductRoute: URIRoutable {
  static let uri = "shop://product/<int:id>"
  static let queryKeys = ["source", "two"]
  let id: Int
  let source: String
  var two: String? = nil
  var note = "draft"
  private let secret = "token123"

  init(id: Int, source: String, two: String? = nil) {
    self.id = id
    self.source = source
    self.two = two
  }

  init(match: RouteMatch) throws {
    id = try match.value("id", as: Int.self)
    source = match["source"] ?? ""
    two = match["two"]
  }
}

@Suite("Building URLs from typed routes, routers and navigators")
struct BuildingTests {
  @Test("A typed route prints itself: Trailcutter's examples")
  func typedRoutes() throws {
    #expect(try SortedSearchRoute(term: "surge").url == "/search/surge")
    #expect(
      try SortedSearchRoute(term: "surge", sort: "score desc").url
        == "/search/surge?sort=score%20desc")
    #expect(
      try SortedSearchRoute.url(values: ["term": "surge", "sort": "score desc"])
        == "/search/surge?sort=score%20desc")
    #expect(
      try SubdomainPostRoute(id: 1234).url(host: "subdomain.mysite.com")
        == "https://subdomain.mysite.com/post/1234")
    #expect(
      try SearchRoute.url(values: ["term": "a b"], host: "www.mysite.com", scheme: "https")
        == "https://www.mysite.com/search/a%20b")
  }

  @Test("A typed route prints its captures and the query keys it lists, nothing else")
  func undeclaredPropertiesStayOut() throws {
    let product = ProductRoute(id: 5, source: "push")
    #expect(try product.url == "shop://product/5?source=push")
    #expect(product.routeValues == ["id": 5, "source": "push"])
    let withTwo = ProductRoute(id: 5, source: "push", two: "fooz ball")
    #expect(try withTwo.url == "shop://product/5?source=push&two=fooz%20ball")
    let routes = try RouteSet(routes: [ProductRoute.self])
    let back = routes.match(try withTwo.url, as: ProductRoute.self)
    #expect(back?.two == "fooz ball")
    // A route that lists no query keys prints its captures alone.
    struct Plain: PathRoutable {
      static let path = "/p/:id"
      let id: String
      let token: String
      init(match: RouteMatch) throws {
        (id, token) = (try match.value("id", as: String.self), "secret")
      }
      init(id: String) { (self.id, token) = (id, "secret") }
    }
    #expect(try Plain(id: "7").url == "/p/7")
  }

  @Test("Values may be variables of any convertible type as well as literals")
  func variableValues() throws {
    let router = Router<String>()
    try router.register("shop://search/:term", name: "search") {
      try $0.value("term", as: String.self)
    }
    let term = "red shoes"
    let page = 2
    let tags = ["a", "b"]
    let url = try router.url(
      for: "search", values: ["term": term, "page": page, "tag": tags, "sort": "price"])
    #expect(url == "shop://search/red%20shoes?page=2&sort=price&tag=a&tag=b")
    #expect(
      try router.url(for: "search", values: ["term": "t\(page)", "n": .int(page)])
        == "shop://search/t2?n=2")
    let built: [String: BuildValue] = ["term": .string(term)]
    #expect(try router.url(for: "search", values: built) == "shop://search/red%20shoes")
    #expect(try SortedSearchRoute.url(values: ["term": term]) == "/search/red%20shoes")
  }

  @Test("A typed route's URL is matched back to an equal route")
  func typedRoundTrip() throws {
    let routes = try RouteSet(routes: [
      SortedSearchRoute.self, SubdomainPostRoute.self, ProfileRoute.self,
    ])
    let search = SortedSearchRoute(term: "a/b & c", sort: "new+old")
    let searchURL = try routes.url(for: search)
    let back = routes.match(searchURL, as: SortedSearchRoute.self)
    #expect(back?.term == "a/b & c")
    #expect(back?.sort == "new+old")

    let profile = ProfileRoute(user: .init(id: 7), tab: .likes)
    let profileURL = try routes.url(for: profile)
    #expect(profileURL == "myapp://user/7?tab=likes")
    #expect(routes.match(profileURL, as: ProfileRoute.self)?.user == .init(id: 7))
    #expect(routes.match(profileURL, as: ProfileRoute.self)?.tab == .likes)
  }

  @Test("A typed route without its host, or with a bad pattern, is an error naming it")
  func typedErrors() {
    do {
      _ = try SubdomainPostRoute(id: 1).url
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description
          == "route 'SubdomainPostRoute': its host '*.mysite.com' is a wildcard, so a host must be given"
      )
    }
    struct BrokenRoute: PathRoutable {
      static let path = "/a/<int:id"
      init(match: RouteMatch) {}
    }
    do {
      _ = try BrokenRoute.url(values: [:])
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .invalidPattern)
      #expect(
        error.description.hasPrefix("route 'BrokenRoute': its pattern cannot be read: expected '>'")
      )
    }
  }

  @Test("A router builds for its routes, with its options")
  func router() throws {
    let router = Router<String>(options: RouteOptions(defaultScheme: "myapp"))
    try router.register("/user/<int:id>", name: "user") {
      "user \(try $0.value("id", as: Int.self))"
    }
    try router.register("https://(www.)example.com/post/:id", name: "post") {
      "post \(try $0.value("id", as: String.self))"
    }
    let user = try router.url(for: "user", values: ["id": 42])
    #expect(user == "myapp://user/42")
    #expect(router.route(user) == "user 42")
    // Several origins: the first as written by default, or the caller's.
    #expect(try router.url(for: "post", values: ["id": "7"]) == "https://www.example.com/post/7")
    #expect(
      try router.url(for: "post", values: ["id": "7"], host: "example.com")
        == "https://example.com/post/7")
    do {
      _ = try router.url(for: "usr")
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "no route named 'usr'; did you mean 'user'?")
    }
  }

  @Test("A router builds for the routes it holds now: removed, registered again, recompiled")
  func routerAfterChanges() throws {
    let router = Router<String>(options: RouteOptions(defaultScheme: "myapp"))
    try router.register("/user/<int:id>", name: "user") { _ in "user" }
    try router.register("/post/:id", name: "post") { _ in "post" }
    #expect(try router.url(for: "user", values: ["id": 42]) == "myapp://user/42")
    // Removed: no URL for it, though its level was compiled with it.
    _ = router.remove("user")
    #expect(throws: URLBuildingError.self) { try router.url(for: "user", values: ["id": 42]) }
    // The same name again, another pattern: its URL is the new route's.
    try router.register("/people/<int:id>", name: "user") { _ in "people" }
    #expect(try router.url(for: "user", values: ["id": 42]) == "myapp://people/42")
    // Routes registered one at a time, each followed by a URL (levels compiled and merged),
    // then the early ones removed (the level compiled again without them): every URL is its
    // route's and routes back to it.
    for index in 0..<20 {
      try router.register("/item\(index)/:id", name: "item \(index)") { _ in "item \(index)" }
      #expect(try router.url(for: "item \(index)", values: ["id": "a"]) == "myapp://item\(index)/a")
    }
    for index in 0..<12 { _ = router.remove("item \(index)") }
    for index in 0..<20 {
      if index < 12 {
        #expect(throws: URLBuildingError.self) {
          try router.url(for: "item \(index)", values: ["id": "a"])
        }
      } else {
        let url = try router.url(for: "item \(index)", values: ["id": "a"])
        #expect(url == "myapp://item\(index)/a")
        #expect(router.route(url) == "item \(index)")
      }
    }
    router.removeAll()
    #expect(throws: URLBuildingError.self) { try router.url(for: "post", values: ["id": "1"]) }
  }

  @MainActor
  @Test("A navigator builds for its routes, in its default scheme")
  func navigator() throws {
    let navigator = Navigator<String>(scheme: "myapp")
    try navigator.map("/user/<int:id>", name: "user") { "user \(try $0.value("id", as: Int.self))" }
    let url = try navigator.url(for: "user", values: ["id": 7, "from": "push"])
    #expect(url == "myapp://user/7?from=push")
    #expect(navigator.screen(for: url) == "user 7")
  }
}
