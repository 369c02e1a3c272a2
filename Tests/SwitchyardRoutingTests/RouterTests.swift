import Switchyard
import Testing

@Suite("Router")
struct RouterTests {
  @Test("the best candidate's handler runs")
  func bestCandidate() throws {
    let router = Router<Destination>()
    try router.register("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    try router.register("myapp://user/:slug") { .slug(try $0.value("slug", as: String.self)) }
    try router.register("/search/:term") { .search(try $0.value("term", as: String.self)) }

    #expect(router.route("myapp://user/42") == .user(42))
    #expect(router.route("myapp://user/jane") == .slug("jane"))
    #expect(router.route("https://www.example.com/search/swift") == .search("swift"))
    #expect(router.route("myapp://nowhere") == nil)
  }

  @Test("a handler that returns nil declines and the next candidate runs")
  func declineReturnsNil() throws {
    let router = Router<Destination>()
    let tried = Recorder<String>()
    try router.register("myapp://user/<int:id>") { match in
      tried.append("int")
      return nil
    }
    try router.register("myapp://user/:slug") { match in
      tried.append("slug")
      return .slug(try match.value("slug", as: String.self))
    }
    #expect(router.route("myapp://user/42") == .slug("42"))
    #expect(tried.all == ["int", "slug"])
  }

  @Test("a handler that throws declines, and the error reaches the unmatched handler")
  func declineThrows() throws {
    let router = Router<Destination>()
    try router.register("myapp://user/:id") { .user(try $0.value("id", as: Int.self)) }
    try router.register("myapp://user/(:name)") { _ in nil }
    let seen = Recorder<UnmatchedRequest>()
    router.unmatchedHandler = { request in
      seen.append(request)
      return .fallback(request.url)
    }
    #expect(router.route("myapp://user/abc") == .fallback("myapp://user/abc"))
    let request = try #require(seen.all.first)
    #expect(request.reason == .allDeclined)
    #expect(
      request.declined.map(\.route.pattern.text) == ["myapp://user/:id", "myapp://user/(:name)"])
    let error = try #require(request.declined.first?.error as? RouteParameterError)
    #expect(error.description == #"parameter 'id' is "abc", which is not a valid Int"#)
    #expect(request.declined.last?.error == nil)
  }

  @Test("the same pattern twice is refused with lint's message; another priority is not")
  func samePatternTwice() throws {
    let router = Router<String>()
    let first = try router.register("/a/:x") { $0["x"] == "skip" ? nil : "first" }
    #expect(first.name == "/a/:x")
    // `<string:x>` is `:x` written out: the same route.
    for (pattern, name) in [("/a/:x", "/a/:x #2"), ("/a/<string:x>", "/a/<string:x>")] {
      #expect {
        try router.register(pattern) { _ in "second" }
      } throws: { error in
        let error = try #require(error as? RouteTableError)
        return error.code == .duplicateRoute
          && error.description
            == "\"\(name)\" (\(pattern)) matches exactly the same URLs as \"/a/:x\" (/a/:x) "
            + "with the same precedence, so \"\(name)\" never wins"
      }
    }
    #expect(router.table.routes.count == 1)
    // Nothing was half-registered: the name is still free.
    let lower = try router.register("/a/:x", priority: -1) { _ in "second" }
    #expect(lower.name == "/a/:x #2")
    #expect(router.route("/a/b") == "first")
    #expect(router.route("/a/skip") == "second")
    // Lint agrees that the two are no duplicates.
    #expect(!router.table.lint().contains { $0.kind == .duplicate })
  }

  @Test("routes that differ only in capture names stay allowed: the second runs on a decline")
  func declineChain() throws {
    let router = Router<String>()
    try router.register("/user/:id") { match in Int(match["id"] ?? "").map { "id \($0)" } }
    try router.register("/user/:name") { match in "name \(match["name"] ?? "")" }
    #expect(router.route("/user/42") == "id 42")
    #expect(router.route("/user/ann") == "name ann")
    // As a table, lint still says that the second never wins a match.
    #expect(router.table.lint().map(\.kind) == [.duplicate])
  }

  @Test("priority beats specificity")
  func priority() throws {
    let router = Router<String>()
    try router.register("/user/me") { _ in "literal" }
    try router.register("/user/:id", priority: 1) { _ in "priority" }
    #expect(router.route("/user/me") == "priority")
  }

  @Test("canRoute and match run no handler")
  func canRouteRunsNoHandler() throws {
    let router = Router<Bool>()
    let ran = Recorder<String>()
    try router.register("myapp://user/<int:id>") { _ in
      ran.append("handler")
      return nil
    }
    #expect(router.canRoute("myapp://user/42"))
    #expect(!router.canRoute("myapp://user/abc"))
    #expect(router.match("myapp://user/42")?.route.pattern.text == "myapp://user/<int:id>")
    #expect(ran.all.isEmpty)
  }

  @Test("the unmatched handler gets the URL and everything that could be parsed")
  func unmatchedArguments() throws {
    let router = Router<Bool>(options: RouteOptions(plusAsSpace: true))
    try router.register("myapp://user/<int:id>") { _ in true }
    let seen = Recorder<UnmatchedRequest>()
    router.unmatchedHandler = { request in
      seen.append(request)
      return false
    }
    let url = "MyApp://Module/B%20c/?tag=a&tag=b+c&flag#k1=v1&k2=v%202"
    #expect(router.route(url) == false)
    #expect(router.resolve(url).isHandled == false)
    let request = try #require(seen.all.first)
    #expect(request.url == url)
    #expect(request.redirects.isEmpty)
    #expect(request.reason == .noRoute)
    #expect(request.parts.scheme == "myapp")
    #expect(request.parts.host == nil)
    #expect(request.parts.pathSegments == ["Module", "B c"])
    #expect(request.parts.rawQuery == "tag=a&tag=b+c&flag")
    #expect(request.parts.fragment == "k1=v1&k2=v 2")
    #expect(request.query.all("tag") == ["a", "b c"])
    #expect(request.query.last("flag") == "")
    #expect(request.fragmentParameters.last("k2") == "v 2")
    #expect(request.declined.isEmpty)
    #expect(request.interceptor == nil)
  }

  @Test("the unmatched handler of a web URL keeps its host and port")
  func unmatchedWebURL() throws {
    let router = Router<Bool>()
    let seen = Recorder<UnmatchedRequest>()
    router.unmatchedHandler = { request in
      seen.append(request)
      return nil
    }
    #expect(router.route("HTTPS://user@WWW.Example.com:8443/a/%2F/b?x=1") == nil)
    let parts = try #require(seen.all.first?.parts)
    #expect(parts.scheme == "https")
    #expect(parts.host == "www.example.com")
    #expect(parts.port == 8443)
    #expect(parts.pathSegments == ["a", "/", "b"])
  }

  @Test("the default scheme applies to URLs without one, in the unmatched handler too")
  func defaultScheme() throws {
    let router = Router<Destination>(options: RouteOptions(defaultScheme: "myapp"))
    try router.register("/user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    #expect(router.route("/user/10") == .user(10))
    #expect(router.route("myapp://user/10") == .user(10))
    #expect(router.route("other://user/10") == nil)
    let seen = Recorder<URLParts>()
    router.unmatchedHandler = { request in
      seen.append(request.parts)
      return nil
    }
    _ = router.route("/post/3")
    #expect(seen.all.first?.scheme == "myapp")
    #expect(seen.all.first?.pathSegments == ["post", "3"])
  }

  @Test("removing a route")
  func removing() throws {
    let router = Router<String>()
    let route = try router.register("/a", name: "a") { _ in "a" }
    try router.register("/*") { _ in "any" }
    #expect(router.route("/a") == "a")
    #expect(router.remove(route.name)?.pattern.text == "/a")
    #expect(router.remove("a") == nil)
    #expect(router.route("/a") == "any")
    router.removeAll()
    #expect(router.route("/a") == nil)
    #expect(router.table.routes.isEmpty)
  }

  @Test("a bad pattern throws and registers nothing")
  func badPattern() throws {
    let router = Router<String>()
    #expect(throws: RouteTableError.self) {
      try router.register("/a/<int:id") { _ in "x" }
    }
    #expect(router.table.routes.isEmpty)
    try router.register("/a", name: "a") { _ in "a" }
    do {
      try router.register("/b", name: "a") { _ in "b" }
      Issue.record("expected a duplicate-name error")
    } catch {
      #expect(error.code == .duplicateName)
    }
  }

  @Test("handle runs async handlers; route stops at them with a distinct reason")
  func asyncHandlers() async throws {
    let router = Router<Destination>()
    try router.registerAsync("myapp://user/<int:id>") { match in
      await Task.yield()
      return .user(try match.value("id", as: Int.self))
    }
    try router.register("myapp://user/:slug") { .slug(try $0.value("slug", as: String.self)) }
    #expect(try await router.handle("myapp://user/42") == .user(42))
    // The synchronous call never passes the async route over for a worse one.
    #expect(router.route("myapp://user/42") == nil)
    let result = router.resolve("myapp://user/42")
    #expect(result.match == nil)
    #expect(result.unmatched?.reason == .needsAsync)
    #expect(result.unmatched?.declined.map(\.route.pattern.text) == ["myapp://user/<int:id>"])
    // A URL the async route does not take still reaches the sync one.
    #expect(router.route("myapp://user/jane") == .slug("jane"))
    #expect(try await router.handle("myapp://nowhere") == nil)
  }

  @Test("handle: an async handler that throws declines")
  func asyncDecline() async throws {
    struct Offline: Error {}
    let router = Router<String>()
    try router.registerAsync("/feed") { _ in throw Offline() }
    try router.register("/*rest") { _ in "cached" }
    #expect(try await router.handle("/feed") == "cached")
    router.unmatchedHandler = { request in "fallback \(request.reason)" }
    router.remove("/*rest")
    #expect(try await router.handle("/feed") == "fallback allDeclined")
  }

  @Test("handle throws CancellationError in a cancelled task")
  func cancellation() async throws {
    let router = Router<String>()
    try router.register("/a") { _ in "a" }
    let task = Task {
      while !Task.isCancelled { await Task.yield() }
      return try await router.handle("/a")
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
