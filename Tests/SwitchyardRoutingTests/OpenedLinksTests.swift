import Clocks
import Switchyard
import SwitchyardUI
import Testing

#if canImport(Observation)
  import Observation
#endif

/// The platform glue's logic (SwitchyardUI forwards to it): which user activities carry a
/// link, the order of the URLs a scene is opened with, and the same helpers on `Router`,
/// `MainActorRouter` and `Navigator`; and the `@Observable` path host, which compiles here.
@Suite("The links the system opens: Router, MainActorRouter, Navigator")
struct OpenedLinksTests {
  @Test("Only a browsing-web activity with a URL carries a link")
  func activities() {
    #expect(
      OpenedLinks.link(
        activityType: "NSUserActivityTypeBrowsingWeb", webpageURL: "https://shop.example/p/1")
        == "https://shop.example/p/1")
    #expect(OpenedLinks.link(activityType: "NSUserActivityTypeBrowsingWeb", webpageURL: nil) == nil)
    #expect(
      OpenedLinks.link(activityType: "com.example.handoff", webpageURL: "https://shop.example/")
        == nil)
  }

  @Test("A scene's URLs are dispatched in the order of their text, whatever the set's order")
  func order() {
    let urls: Set = ["myapp://user/3", "myapp://user/1", "myapp://post/2"]
    #expect(OpenedLinks.inOrder(urls) == ["myapp://post/2", "myapp://user/1", "myapp://user/3"])
  }

  @Test("Router: each opened URL dispatched; a universal link dispatched, another activity not")
  func router() async throws {
    let router = Router<Destination>()
    router.links.use(TestClock())
    try router.register("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    try router.register("https://shop.example/post/<int:id>") {
      .post(try $0.value("id", as: Int.self))
    }
    let links = router.dispatch(openedURLs: Set(["myapp://user/2", "myapp://user/1"]))
    var outputs: [Destination?] = []
    for link in links { outputs.append(await link.result.output) }
    #expect(outputs == [.user(1), .user(2)])
    let universal = router.dispatch(
      activityType: OpenedLinks.browsingWebActivityType,
      webpageURL: "https://shop.example/post/7")
    #expect(await universal?.result.output == .post(7))
    #expect(router.dispatch(activityType: "com.example.handoff", webpageURL: "https://x/") == nil)
  }

  @Test("MainActorRouter: the same helpers, the handlers on the main actor")
  @MainActor
  func mainActorRouter() async throws {
    let model = ScreenModel()
    let router = MainActorRouter<Destination>()
    router.links.use(TestClock())
    try router.declare("myapp://user/<int:id>", name: "user")
    // Dispatched before the handler exists (a cold start): held, then delivered in order.
    let links = router.dispatch(openedURLs: ["myapp://user/9", "myapp://user/10"])
    let universal = router.dispatch(
      activityType: OpenedLinks.browsingWebActivityType, webpageURL: "myapp://user/4")
    try router.attach("user") { match in
      model.path.append(.user(try match.value("id", as: Int.self)))
      return .user(try match.value("id", as: Int.self))
    }
    for link in links { _ = await link.result }
    #expect(await universal?.result.output == .user(4))
    // "myapp://user/10" sorts before "myapp://user/9".
    #expect(model.path == [.user(10), .user(9), .user(4)])
    #expect(router.dispatch(activityType: "other", webpageURL: "myapp://user/1") == nil)
  }

  @Test("Navigator: the opened URLs shown as the presentation says")
  @MainActor
  func navigator() async throws {
    let host = RecordingHost()
    let navigator = Navigator<Screen>(host: host)
    navigator.links.use(TestClock())
    try navigator.map("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    let pushed = navigator.dispatch(openedURLs: ["myapp://user/1"], .push())
    #expect(await pushed.first?.result.output == true)
    let presented = navigator.dispatch(
      activityType: OpenedLinks.browsingWebActivityType, webpageURL: "myapp://user/2",
      .present(wrap: true))
    #expect(await presented?.result.output == true)
    #expect(host.log == ["push user(1)", "present user(2) wrapped"])
    #expect(
      navigator.dispatch(activityType: "other", webpageURL: "myapp://user/3", .push()) == nil)
  }

  #if canImport(Observation)
    @Test("The @Observable path host: pushes, presents and back stacks, each observed")
    @MainActor
    func observableHost() async throws {
      let host = ObservableNavigationPathHost<Screen>()
      let navigator = Navigator<Screen>(host: host)
      navigator.links.use(TestClock())
      try navigator.map("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
      try navigator.map("myapp://user/<int:uid>/post/<int:id>") {
        .postID(try $0.value("id", as: Int.self))
      }
      let changed = Flag()
      withObservationTracking {
        _ = host.path
      } onChange: {
        MainActor.assumeIsolated { changed.set() }
      }
      navigator.push("myapp://user/1")
      #expect(host.path == [.user(1)])
      #expect(changed.value)

      let presented = Flag()
      withObservationTracking {
        _ = host.sheet
      } onChange: {
        MainActor.assumeIsolated { presented.set() }
      }
      navigator.present("myapp://user/2", wrap: true)
      #expect(host.sheet == NavigationSheet(screen: .user(2), wrap: true))
      #expect(host.sheet?.id == .user(2))
      #expect(presented.value)

      // A cold-start link with its parents behind it replaces the path.
      let link = navigator.dispatch("myapp://user/5/post/6", .showStack())
      #expect(await link.result.output == true)
      #expect(host.path == [.user(5), .postID(6)])
    }
  #endif
}

/// A flag set from an observation's change handler, which runs on the main actor when the
/// change is made there.
@MainActor
final class Flag {
  private(set) var value = false
  func set() { value = true }
}
