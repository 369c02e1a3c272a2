import SwitchyardMacros

// An enum that declares the origins it answers and the options it reads links with, compiled by
// the real plugin: `init?(url:)`, `url(host:scheme:)` and the routers use them.
@Routes(accepting: ["shop", "https://(www.)shop.example.com"], plusAsSpace: true)
enum OriginLink: Hashable {
  @Route("/")
  case home

  @Route("/product/<int:id>")
  case product(id: Int)

  @Route("/search?q=<q>")
  case search(q: String)

  @Route("/login", optionalQuery: ["next"])
  case login(next: String?)

  @Route("/list/:kind", optionalQuery: ["page", "sort"])
  case list(kind: String, page: Int?, sort: String?)
}

// Every option @Routes takes, written as literals.
@Routes(
  accepting: ["https://example.com"], hostAsPath: .schemes(["app"]), caseInsensitivePaths: true,
  plusAsSpace: false, defaultScheme: "app")
enum OptionsLink: Hashable {
  @Route("/About/<int:id>")
  case about(id: Int)
}
