import SwitchyardMacros

// The enum of the `@Routes` documentation, compiled by the real plugin: the runtime tests read
// it and build it back.
@Routes
enum AppLink: Hashable {
  @Route("myapp://user/<int:id>")
  case user(id: Int)

  @Route("https://(www.)example.com/post/:slug")
  @Route("myapp://post/:slug")  // several patterns: all match, the first builds
  case post(slug: String)

  @Route("/search/:term?page=<int:page>")
  case search(term: String, page: Int)

  @Route("/files/<path:rest>")
  case files(rest: String)

  @Route("/users/new")
  case newUser

  @Route("/users/<int:id>(/<tab>)")
  case profile(id: Int, tab: String?)  // a capture in an optional group is Optional

  @Route("myapp://settings")
  case settings
}

/// A raw-value enum as an associated value: it declares the reading and the building
/// protocols.
enum Tab: String, RouteParameter, BuildValueConvertible, CaseIterable {
  case posts, likes
}

@Routes
enum ShopLink: Hashable {
  @Route("/tabs/:tab")
  case tab(tab: Tab)

  @Route("/tabs/*rest")
  case otherTab(rest: String)

  @Route("https://*.example.com/shop/:item")
  case shop(item: String)

  @Route("myapp://orders/:id", priority: 1, metadata: .with(.gates, [.signedIn]))
  case order(id: String)

  @Route("/price/<float:amount>")
  case price(amount: Double)
}
