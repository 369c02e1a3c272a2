import Switchyard
import Testing

@Suite("Interceptors")
struct InterceptorTests {
  func makeRouter() throws -> Router<Destination> {
    let router = Router<Destination>()
    try router.register("myapp://user/<int:id>", name: "user") {
      .user(try $0.value("id", as: Int.self))
    }
    try router.register("myapp://login", name: "login") { _ in .login }
    try router.register("https://example.com/user/<int:id>", name: "web") {
      .web("user \(try $0.value("id", as: Int.self))")
    }
    router.unmatchedHandler = { .fallback("\($0.reason) \($0.url)") }
    return router
  }

  @Test("interceptors run in order before the handler; pass lets it run")
  func order() throws {
    let router = try makeRouter()
    let log = Recorder<String>()
    router.intercept(name: "first") { request in
      log.append("first \(request.match?.route.name ?? "-")")
      return .pass
    }
    router.intercept(name: "second") { _ in
      log.append("second")
      return .pass
    }
    #expect(router.route("myapp://user/1") == .user(1))
    #expect(log.all == ["first user", "second"])
  }

  @Test("A request tells the URL, its parts, query, match and the call's context, matched or not")
  func requestContents() throws {
    let router = try makeRouter()
    let seen = Recorder<String>()
    router.intercept(name: "look") { request in
      let parts = request.parts
      seen.append(
        [
          request.url, request.match?.route.name ?? "-", parts.scheme ?? "-",
          parts.pathSegments.joined(separator: "/"), request.query.last("q") ?? "-",
          request.context[.interceptorTag], request.match?.context[.interceptorTag] ?? "-",
          "\(request.redirects)",
        ].joined(separator: " | "))
      return .pass
    }
    let context = RoutingContext.with(.interceptorTag, "push")
    #expect(router.route("myapp://user/3?q=a", context: context) == .user(3))
    #expect(
      router.route("myapp://nowhere/x?q=b", context: context)
        == .fallback("noRoute myapp://nowhere/x?q=b"))
    #expect(router.route("myapp://user/4") == .user(4))
    #expect(
      seen.all == [
        "myapp://user/3?q=a | user | myapp | user/3 | a | push | push | []",
        "myapp://nowhere/x?q=b | - | myapp | nowhere/x | b | push | - | []",
        "myapp://user/4 | user | myapp | user/4 | - | none | none | []",
      ])
  }

  @Test("reject: no handler runs, the unmatched handler does, naming the interceptor")
  func reject() throws {
    let router = try makeRouter()
    let later = Recorder<String>()
    router.intercept(name: "gate") { $0.match?.route.name == "user" ? .reject : .pass }
    router.intercept(name: "later") { _ in
      later.append("ran")
      return .pass
    }
    let result = router.resolve("myapp://user/1")
    #expect(result.output == .fallback("rejected myapp://user/1"))
    #expect(!result.isHandled)
    #expect(result.unmatched?.reason == .rejected)
    #expect(result.unmatched?.interceptor == "gate")
    #expect(later.all.isEmpty)
    #expect(router.route("myapp://login") == .login)
  }

  @Test("redirect: the new URL is routed from the start")
  func redirect() throws {
    let router = try makeRouter()
    let seen = Recorder<[String]>()
    router.intercept(name: "login") { request in
      seen.append(request.redirects)
      return request.match?.route.name == "user" ? .redirect(to: "myapp://login") : .pass
    }
    let result = router.resolve("myapp://user/1")
    #expect(result.output == .login)
    #expect(result.match?.route.name == "login")
    #expect(seen.all == [[], ["myapp://user/1"]])
  }

  @Test("interceptors see unmatched URLs and can redirect legacy links")
  func legacyRedirect() throws {
    let router = try makeRouter()
    router.intercept(name: "legacy") { request in
      guard request.match == nil, request.parts.pathSegments.first == "profile",
        let id = request.query.last("uid")
      else { return .pass }
      return .redirect(to: "myapp://user/\(id)")
    }
    #expect(router.route("myapp://profile?uid=9") == .user(9))
  }

  @Test("a redirect loop ends as unmatched with the chain")
  func loop() throws {
    let router = try makeRouter()
    router.intercept(name: "ping") { request in
      request.url == "myapp://user/1" ? .redirect(to: "myapp://user/2") : .pass
    }
    router.intercept(name: "pong") { request in
      request.url == "myapp://user/2" ? .redirect(to: "myapp://user/1") : .pass
    }
    let result = router.resolve("myapp://user/1")
    #expect(result.output == .fallback("redirectLoop myapp://user/1"))
    #expect(result.unmatched?.reason == .redirectLoop)
    #expect(result.unmatched?.redirects == ["myapp://user/1", "myapp://user/2"])
    #expect(result.unmatched?.redirects.first == "myapp://user/1")  // the URL as given
  }

  @Test("a redirect to itself is a loop")
  func selfLoop() throws {
    let router = try makeRouter()
    router.intercept { .redirect(to: $0.url) }
    #expect(router.resolve("myapp://login").unmatched?.reason == .redirectLoop)
  }

  @Test("an endless chain of new URLs stops at maximumRedirects")
  func tooMany() throws {
    let router = try makeRouter()
    router.maximumRedirects = 3
    router.intercept { request in
      let id = request.parts.pathSegments.last.flatMap { Int($0) } ?? 0
      return .redirect(to: "myapp://user/\(id + 1)")
    }
    let result = router.resolve("myapp://user/0")
    #expect(result.unmatched?.reason == .tooManyRedirects)
    #expect(result.unmatched?.redirects.count == 4)
    #expect(result.unmatched?.url == "myapp://user/4")
  }

  @Test("a scheme's interceptors run only for URLs of that scheme")
  func perScheme() throws {
    let router = try makeRouter()
    router.intercept(scheme: "MyApp", name: "app-only") { _ in .reject }
    #expect(router.route("myapp://user/1") == .fallback("rejected myapp://user/1"))
    #expect(router.route("https://example.com/user/1") == .web("user 1"))
  }

  @Test("the default scheme counts for per-scheme interceptors")
  func perSchemeDefault() throws {
    let router = Router<String>(options: RouteOptions(defaultScheme: "myapp"))
    try router.register("/a") { _ in "a" }
    router.intercept(scheme: "myapp") { _ in .reject }
    #expect(router.route("/a") == nil)
    #expect(router.resolve("/a").unmatched?.reason == .rejected)
  }

  @Test("removing an interceptor")
  func removing() throws {
    let router = try makeRouter()
    let name = router.intercept { _ in .reject }
    #expect(name == "interceptor 1")
    #expect(router.route("myapp://login") != .login)
    #expect(router.removeInterceptor(name))
    #expect(!router.removeInterceptor(name))
    #expect(router.route("myapp://login") == .login)
  }

  @Test("canRoute ignores interceptors")
  func canRoute() throws {
    let router = try makeRouter()
    router.intercept { _ in .reject }
    #expect(router.canRoute("myapp://login"))
  }
}

extension TypedKey where Value == String {
  fileprivate static var interceptorTag: Self { Self("interceptorTag", default: "none") }
}
