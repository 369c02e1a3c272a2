import Clocks
import Switchyard
import Testing

/// Routers whose links may be held run on a `TestClock` no one advances: no link times out by
/// wall time. The tests that wait for a held link run under a ``Watchdog``: a link that is
/// never delivered fails the test instead of hanging the run.
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

  /// Routers that record each handler call, for the order the handlers run in.
  func recordingRouter(_ calls: Recorder<String>) throws -> Router<String> {
    let router = Router<String>()
    router.links.use(TestClock())
    try router.register("myapp://a/<int:x>") { _ in
      calls.append("a")
      return "a"
    }
    try router.register("myapp://a/<int:x>/b/<int:y>") { _ in
      calls.append("b")
      return "b"
    }
    try router.register("myapp://a/<int:x>/b/<int:y>/c") { _ in
      calls.append("c")
      return "c"
    }
    return router
  }

  @Test("handlers run in the stack's order: the root first, the link's own handler last")
  func handlersRunRootFirst() throws {
    let calls = Recorder<String>()
    let router = try recordingRouter(calls)
    #expect(router.stack(for: "myapp://a/1/b/2/c") == ["a", "b", "c"])
    #expect(calls.all == ["a", "b", "c"])
    calls.removeAll()
    #expect(
      router.dispatch("myapp://a/1/b/2/c", stack: true).currentResult?.stack == ["a", "b", "c"])
    #expect(calls.all == ["a", "b", "c"])
  }

  @Test("a main-actor handler that appends to a path builds it root first")
  @MainActor
  func mainActorPathInOrder() throws {
    let router = MainActorRouter<String>()
    var path: [String] = []
    for (pattern, screen) in [
      ("myapp://shop/<int:id>", "product"), ("myapp://shop/<int:id>/reviews", "reviews"),
    ] {
      try router.register(pattern) { _ in
        path.append(screen)
        return screen
      }
    }
    _ = router.stack(for: "myapp://shop/42/reviews")
    #expect(path == ["product", "reviews"])
  }

  @Test("when the link's own handler declines, its parents' outputs are dropped")
  func leafDeclinesDropsParents() throws {
    let calls = Recorder<String>()
    let router = try recordingRouter(calls)
    try router.register("myapp://a/<int:x>/b/<int:y>/d") { _ in
      calls.append("d")
      return nil
    }
    #expect(router.stack(for: "myapp://a/1/b/2/d") == [])
    #expect(calls.all == ["a", "b", "d"])
  }

  @Test("a stack link whose parent route is only declared waits until it has a handler")
  func stackLinkWaitsForDeclaredParent() async throws {
    _ = try await Watchdog().run(#function) {
      let router = Router<String>()
      router.links.use(TestClock())
      try router.declare("myapp://user/<int:id>", name: "user")
      try router.register("myapp://user/<int:id>/post/<int:pid>", name: "post") {
        "post \(try $0.value("pid", as: Int.self))"
      }
      let link = router.dispatch("myapp://user/1/post/2", stack: true)
      #expect(link.currentResult == nil)
      #expect(router.links.held.map(\.routeName) == ["post"])
      // A later link of the same route keeps its place behind it.
      let plain = router.dispatch("myapp://user/1/post/3")
      #expect(plain.currentResult == nil)
      try router.attach("user") { "user \(try $0.value("id", as: Int.self))" }
      #expect(await link.result.stack == ["user 1", "post 2"])
      #expect(await plain.result.output == "post 3")
    }
  }

  @Test("a stack link whose parent route is detached while it is queued is held again")
  func stackLinkHeldAgainForDetachedParent() async throws {
    _ = try await Watchdog().run(#function) {
      let router = Router<String>()
      router.links.use(TestClock())
      try router.declare("myapp://user/<int:id>", name: "user")
      try router.attach("user") { "user \(try $0.value("id", as: Int.self))" }
      try router.register("myapp://user/<int:id>/post/<int:pid>", name: "post") {
        "post \(try $0.value("pid", as: Int.self))"
      }
      let (release, releaser) = AsyncStream<Void>.makeStream()
      try router.registerAsync("myapp://slow") { _ in
        var gate = release.makeAsyncIterator()
        _ = await gate.next()
        return "slow"
      }
      var events = router.links.events().makeAsyncIterator()
      _ = router.dispatch("myapp://slow")
      let link = router.dispatch("myapp://user/1/post/2", stack: true)
      try router.detach("user")
      releaser.yield()
      // Held again for its parent's handler (without that, it would end without its parent).
      while let event = await events.next() {
        if event.kind != .released, event.url == "myapp://user/1/post/2" { break }
      }
      #expect(link.currentResult == nil)
      try router.attach("user") { "user \(try $0.value("id", as: Int.self))" }
      #expect(await link.result.stack == ["user 1", "post 2"])
    }
  }
}
