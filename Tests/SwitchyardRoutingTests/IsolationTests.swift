import Testing

@testable import Switchyard

@MainActor
final class ToastModel {
  var toasts: [String] = []
}

@Suite("Main-actor routing")
struct IsolationTests {
  @Test("handlers touch main-actor state directly, on the main actor")
  @MainActor
  func mainActorHandlers() throws {
    let model = ToastModel()
    let router = MainActorRouter<Destination>()
    try router.register("myapp://toast/:text") { match in
      model.toasts.append(try match.value("text", as: String.self))
      return .home
    }
    router.unmatchedHandler = { request in
      model.toasts.append("unmatched \(request.reason)")
      return .fallback(request.url)
    }
    #expect(router.route("myapp://toast/hello") == .home)
    #expect(router.route("myapp://nowhere") == .fallback("myapp://nowhere"))
    #expect(model.toasts == ["hello", "unmatched noRoute"])
  }

  @Test("a link that arrives off the main actor is routed by awaiting the router")
  func fromAnotherTask() async throws {
    let (router, model) = try await MainActor.run {
      let model = ToastModel()
      let router = MainActorRouter<Destination>()
      try router.register("myapp://toast/:text") { match in
        model.toasts.append(try match.value("text", as: String.self))
        return .home
      }
      return (router, model)
    }
    let output = await Task.detached { await router.route("myapp://toast/b") }.value
    #expect(output == .home)
    #expect(await model.toasts == ["b"])
  }

  @Test("metadata, context, interceptors and stacks work as on a Router")
  @MainActor
  func sameRules() throws {
    let router = try MainActorRouter<Destination>(accepting: ["myapp"])
    try router.register("/user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    try router.register("/user/<int:id>/post/<int:post>", metadata: .with(.locked, true)) {
      .userPost(user: try $0.value("id", as: Int.self), post: try $0.value("post", as: Int.self))
    }
    try router.register("/login") { _ in .login }
    router.intercept { request in request.metadata[.locked] ? .redirect(to: "myapp://login") : .pass
    }
    #expect(router.stack(for: "myapp://user/1/post/2") == [.login])
    #expect(router.stack(for: "myapp://user/1") == [.user(1)])
    #expect(router.route("https://x.example.com/user/1") == nil)
  }
}

extension TypedKey where Value == Bool {
  fileprivate static var locked: Self { Self("locked", default: false) }
}
