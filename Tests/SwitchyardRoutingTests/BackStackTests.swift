import Switchyard
import Testing

@Suite("Back stack")
struct BackStackTests {
  func makeRouter() throws -> Router<Destination> {
    let router = Router<Destination>()
    try router.register("myapp://") { _ in .home }
    try router.register("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    try router.register("myapp://user/<int:uid>/post/<int:id>") {
      .post(try $0.value("id", as: Int.self))
    }
    try router.register("myapp://search/:term") { .search(try $0.value("term", as: String.self)) }
    return router
  }

  @Test("the parents' destinations, then the URL's own")
  func userPost() throws {
    let router = try makeRouter()
    #expect(router.stack(for: "myapp://user/42/post/7") == [.user(42), .post(7)])
    #expect(router.stack(for: "myapp://user/42") == [.user(42)])
  }

  @Test("the query and fragment only reach the URL itself")
  func queryDropped() throws {
    let router = Router<String>()
    try router.register("myapp://a") { "a \($0.query.last("q") ?? "-")" }
    try router.register("myapp://a/b") { "b \($0.query.last("q") ?? "-")" }
    #expect(router.stack(for: "myapp://a/b?q=1#x") == ["a -", "b 1"])
  }

  @Test("a URL that routes nowhere has no stack; parents without a route are skipped")
  func unmatchedLeaf() throws {
    let router = try makeRouter()
    #expect(router.stack(for: "myapp://user/42/comments") == [])
    #expect(router.stack(for: "myapp://search/swift") == [.search("swift")])
  }

  @Test("a parent whose handlers decline is left out")
  func decliningParent() throws {
    let router = Router<String>()
    try router.register("/shop") { _ in nil }
    try router.register("/shop/:category") { "category \($0["category"] ?? "")" }
    try router.register("/shop/:category/:item") { "item \($0["item"] ?? "")" }
    #expect(
      router.stack(for: "https://example.com/shop/toys/ball") == ["category toys", "item ball"])
  }

  @Test("a web URL keeps its host: parents are cut in the path; a catch-all appears once")
  func webURL() throws {
    let router = Router<String>()
    try router.register("https://example.com/") { _ in "root" }
    try router.register("https://example.com/docs") { _ in "docs" }
    try router.register("https://example.com/docs/*rest") { "page \($0["rest"] ?? "")" }
    #expect(router.stack(for: "https://example.com/docs/a/b") == ["docs", "page a/b"])
  }

  @Test("escapes in parent URLs are kept as written")
  func escapesKept() throws {
    let router = Router<String>()
    try router.register("myapp://dir/:name") { "dir \($0["name"] ?? "")" }
    try router.register("myapp://dir/:name/:file") { "file \($0["file"] ?? "")" }
    #expect(router.stack(for: "myapp://dir/a%2Fb/c%20d") == ["dir a/b", "file c d"])
  }

  @Test("the unmatched handler's fallback counts for the URL itself, not for parents")
  func fallbackLeaf() throws {
    let router = try makeRouter()
    router.unmatchedHandler = { .fallback($0.url) }
    #expect(
      router.stack(for: "myapp://user/42/unknown") == [
        .user(42), .fallback("myapp://user/42/unknown"),
      ])
  }

  @Test("with a default scheme, URLs written without one")
  func defaultScheme() throws {
    let router = Router<Destination>(options: RouteOptions(defaultScheme: "myapp"))
    try router.register("/user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    try router.register("/user/<int:uid>/post/<int:id>") { .post(try $0.value("id", as: Int.self)) }
    #expect(router.stack(for: "/user/42/post/7") == [.user(42), .post(7)])
    #expect(router.stack(for: "myapp://user/42/post/7") == [.user(42), .post(7)])
  }
}
