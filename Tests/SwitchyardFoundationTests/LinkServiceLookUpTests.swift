import Clocks
import Foundation
import Switchyard
import Testing

@testable import SwitchyardFoundation

/// `dispatch(resolving:via:)` with a resolver the test answers by hand: an ordinary link is
/// dispatched as it is, and a link the service is asked about is a held link from the call on
/// (listed, timed out on the router's clock, cancelled, heard of), the request included.
@Suite(
  "dispatch(resolving:via:): ordinary links as they are; the service's request inside the held link"
)
struct LinkServiceLookUpTests {
  enum Screen: Sendable, Equatable { case product(Int), user(Int) }

  /// Records what a navigator shows.
  @MainActor
  final class RecordingHost: NavigationHost {
    var log: [String] = []
    func push(_ screen: Screen, animated: Bool) { log.append("push \(screen)") }
    func present(_ screen: Screen, wrap: Bool, animated: Bool) { log.append("present \(screen)") }
  }

  /// A link service whose requests wait until the test answers them: each request is
  /// announced on `requests` once it waits, and a cancelled request is counted.
  final class HandAnsweredService: @unchecked Sendable {
    // `@unchecked Sendable`: the state is only read and written under the lock.
    private let lock = NSLock()
    private var waiting: [CheckedContinuation<Result<String, LinkServiceError>, Never>] = []
    private var cancelledCount = 0
    let requests: AsyncStream<LinkServiceRequest>
    private let announce: AsyncStream<LinkServiceRequest>.Continuation

    init() {
      (requests, announce) = AsyncStream<LinkServiceRequest>.makeStream()
    }

    /// How many requests were cancelled while they waited.
    var cancelled: Int { lock.withLock { cancelledCount } }

    /// Answers the oldest waiting request.
    func answer(_ answer: Result<String, LinkServiceError>) {
      let next = lock.withLock { waiting.isEmpty ? nil : waiting.removeFirst() }
      next?.resume(returning: answer)
    }

    func service() throws -> LinkService {
      try LinkService(
        #require(URL(string: "https://links.example.com")), shortLinkHosts: ["go.example.com"]
      ) { [self] request throws(LinkServiceError) in
        let answer = await withTaskCancellationHandler {
          await withCheckedContinuation { continuation in
            lock.withLock { waiting.append(continuation) }
            announce.yield(request)
          }
        } onCancel: {
          let all = lock.withLock {
            cancelledCount += 1
            defer { waiting = [] }
            return waiting
          }
          for continuation in all {
            continuation.resume(returning: .failure(.unreachable("cancelled")))
          }
        }
        return try answer.get()
      }
    }
  }

  /// A service that must not be asked: the test fails if it is.
  static func unaskedService() throws -> LinkService {
    try LinkService(
      #require(URL(string: "https://links.example.com")), shortLinkHosts: ["go.example.com"]
    ) { request throws(LinkServiceError) in
      Issue.record("the service was asked: \(request)")
      throw .unknown("not asked")
    }
  }

  /// What an app opened with `onOpenURL` receives besides short links.
  static let ordinaryLinks = ["shop://product/42", "https://shop.example.com/product/42"]

  // MARK: Item 9: ordinary links

  @Test("a Router dispatches a link that is not the service's as it is, asking nothing")
  func routerDispatchesOrdinaryLinks() async throws {
    let router = try Router<Screen>(accepting: ["shop", "https://shop.example.com"])
    // A clock no one advances: the hold timeout never ends a link by wall time.
    router.links.use(TestClock())
    try router.register("/product/<int:id>") { .product(try $0.value("id", as: Int.self)) }
    for url in Self.ordinaryLinks {
      let result = await router.dispatch(resolving: url, via: try Self.unaskedService()).result
      #expect(result.outcome == .handled, "\(url)")
      #expect(result.output == .product(42), "\(url)")
      #expect(result.url == url)
    }
  }

  @Test("a MainActorRouter dispatches a link that is not the service's as it is")
  @MainActor
  func mainActorRouterDispatchesOrdinaryLinks() async throws {
    let router = try MainActorRouter<Screen>(accepting: ["shop", "https://shop.example.com"])
    // A clock no one advances: the hold timeout never ends a link by wall time.
    router.links.use(TestClock())
    try router.register("/product/<int:id>") { .product(try $0.value("id", as: Int.self)) }
    for url in Self.ordinaryLinks {
      let result = await router.dispatch(resolving: url, via: try Self.unaskedService()).result
      #expect(result.outcome == .handled && result.output == .product(42), "\(url)")
    }
  }

  @Test("a Navigator shows a link that is not the service's as it is")
  @MainActor
  func navigatorShowsOrdinaryLinks() async throws {
    let host = RecordingHost()
    let navigator = Navigator<Screen>(host: host)
    // A clock no one advances: the hold timeout never ends a link by wall time.
    navigator.links.use(TestClock())
    try navigator.map("shop://product/<int:id>") { .product(try $0.value("id", as: Int.self)) }
    try navigator.map("https://shop.example.com/product/<int:id>") {
      .product(try $0.value("id", as: Int.self))
    }
    for url in Self.ordinaryLinks {
      let result = await navigator.dispatch(resolving: url, via: try Self.unaskedService()).result
      #expect(result.outcome == .handled && result.output == true, "\(url)")
    }
    #expect(host.log == ["push product(42)", "push product(42)"])
  }

  @Test("an ordinary link no route takes ends unmatched, as a plain dispatch ends it")
  func unmatchedOrdinaryLink() async throws {
    let router = Router<Screen>()
    // A clock no one advances: the hold timeout never ends a link by wall time.
    router.links.use(TestClock())
    try router.register("shop://product/<int:id>") { .product(try $0.value("id", as: Int.self)) }
    let result = await router.dispatch(
      resolving: "https://go.example.com/other/Ab3", via: try Self.unaskedService()
    ).result
    #expect(result.outcome == .unmatched)
    #expect(result.error == nil)
  }

  @Test(
    "text that is no link (free text, an organic install's referrer) is neither sent nor dispatched",
    arguments: ["a shopping list", "utm_source=google-play&utm_medium=organic", "", "/product/42"])
  func textIsNotALink(text: String) async throws {
    let router = Router<Screen>()
    // A clock no one advances: the hold timeout never ends a link by wall time.
    router.links.use(TestClock())
    router.unmatchedHandler = { request in
      Issue.record("dispatched: \(request.url)")
      return nil
    }
    let result = try #require(
      router.dispatch(resolving: text, via: try Self.unaskedService()).currentResult)
    #expect(result.outcome == .unresolved)
    #expect(result.error as? LinkServiceError == .notALink(text))
  }

  @Test("what each kind of text is to the app")
  func classification() throws {
    let service = try Self.unaskedService()
    #expect(service.classify("https://go.example.com/l/Ab3") == .service(.link(code: "Ab3")))
    #expect(service.classify("switchyard_token=T0k") == .service(.redeem(token: "T0k")))
    #expect(service.classify("shop://product/42") == .link)
    #expect(service.classify("HTTPS://shop.example.com/") == .link)
    #expect(service.classify("x-app+v1.2://a") == .link)
    #expect(service.classify("https://go.example.com/l/a/b") == .link)
    #expect(service.classify("1shop://product") == .text)
    #expect(service.classify("utm_source=x") == .text)
    #expect(service.classify("a b:c") == .text)
  }

  // MARK: Item 10: the request inside the held link's life

  /// The test reads the link's events up to its `finished` event, which every end of a link
  /// sends, so it fails instead of waiting for good if the link ends otherwise (it hung under
  /// AddressSanitizer while its router kept the 30-second hold timeout on the real clock: the
  /// link timed out on a loaded machine, and the test waited for a `released` and a second
  /// event that never came).
  @Test(
    "while the service is asked, the link is held: listed, heard of, and it keeps its identity")
  func heldWhileAsked() async throws {
    let answering = HandAnsweredService()
    let router = Router<Screen>()
    // A clock no one advances: the hold timeout never ends a link by wall time.
    router.links.use(TestClock())
    try router.register("myapp://user/<int:id>", name: "user") {
      .user(try $0.value("id", as: Int.self))
    }
    var events = router.links.events().makeAsyncIterator()
    var requests = answering.requests.makeAsyncIterator()
    let link = router.dispatch(
      resolving: "https://go.example.com/l/Ab3dE9xQ", via: try answering.service())

    #expect(await requests.next() == .link(code: "Ab3dE9xQ"))
    #expect(link.currentResult == nil)
    #expect(link.url == "https://go.example.com/l/Ab3dE9xQ")
    let waiting = router.links.held
    #expect(waiting.map(\.id) == [link.id])
    #expect(waiting.map(\.url) == ["https://go.example.com/l/Ab3dE9xQ"])
    #expect(waiting.map(\.routeName) == [""])
    let held = await events.next()
    #expect(held?.kind == .held && held?.id == link.id && held?.routeName == nil)

    answering.answer(.success("myapp://user/42"))
    let result = await link.result
    #expect(result.id == link.id)
    #expect(result.outcome == .handled && result.output == .user(42))
    #expect(result.url == "myapp://user/42")
    var after: [LinkEvent<Screen>] = []
    while let event = await events.next() {
      after.append(event)
      if event.kind == .finished, event.id == link.id { break }
    }
    #expect(after.map(\.kind) == [.released, .finished])
    #expect(after.last?.routeName == "user")
    #expect(router.links.held.isEmpty)
  }

  @Test("the hold timeout covers the request, on the router's clock, and stops the request")
  func timeoutCoversTheRequest() async throws {
    let answering = HandAnsweredService()
    let router = Router<Screen>()
    let clock = TestClock()
    router.links.use(clock)
    var requests = answering.requests.makeAsyncIterator()
    let link = router.dispatch(
      resolving: "switchyard_token=T0k", via: try answering.service(),
      policy: HoldPolicy(timeout: .seconds(10)))
    #expect(await requests.next() == .redeem(token: "T0k"))
    await clock.advance(by: .seconds(9))
    #expect(link.currentResult == nil)
    await clock.advance(by: .seconds(1))
    let result = await link.result
    #expect(result.outcome == .timedOut)
    #expect(result.url == "switchyard_token=T0k")
    #expect(answering.cancelled == 1)
    #expect(router.links.held.isEmpty)
  }

  @Test("the timeout counts from the dispatch: the request's time is part of it")
  func timeoutCountsFromTheDispatch() async throws {
    let answering = HandAnsweredService()
    let router = Router<Screen>()
    // A clock no one advances: the hold timeout never ends a link by wall time.
    router.links.use(TestClock())
    try router.register("myapp://user/<int:id>", name: "user", metadata: .with(.gates, [.signedIn]))
    {
      .user(try $0.value("id", as: Int.self))
    }
    let clock = TestClock()
    router.links.use(clock)
    router.links.holdPolicy = HoldPolicy(timeout: .seconds(10))
    var events = router.links.events().makeAsyncIterator()
    var requests = answering.requests.makeAsyncIterator()
    let link = router.dispatch(
      resolving: "https://go.example.com/l/Ab3dE9xQ", via: try answering.service())
    _ = await requests.next()
    #expect(await events.next()?.kind == .held)
    await clock.advance(by: .seconds(6))
    answering.answer(.success("myapp://user/42"))
    #expect(await events.next()?.kind == .released)
    let heldForGate = await events.next()
    #expect(heldForGate?.kind == .held && heldForGate?.routeName == "user")
    #expect(router.links.held.map(\.url) == ["myapp://user/42"])
    await clock.advance(by: .seconds(3))
    #expect(link.currentResult == nil)
    await clock.advance(by: .seconds(1))
    let result = await link.result
    #expect(result.outcome == .timedOut)
    #expect(result.id == link.id && result.url == "myapp://user/42")
    #expect(result.parameters["id"] == "42")
  }

  @Test("cancelling the link, or every held link, while the service is asked stops the request")
  func cancelStopsTheRequest() async throws {
    let answering = HandAnsweredService()
    let router = Router<Screen>()
    // A clock no one advances: the hold timeout never ends a link by wall time.
    router.links.use(TestClock())
    try router.register("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    var requests = answering.requests.makeAsyncIterator()

    let first = router.dispatch(
      resolving: "https://go.example.com/l/first", via: try answering.service())
    _ = await requests.next()
    first.cancel()
    #expect(await first.result.outcome == .cancelled)
    #expect(answering.cancelled == 1)

    let second = router.dispatch(
      resolving: "https://go.example.com/l/second", via: try answering.service())
    _ = await requests.next()
    router.links.cancelAll()
    #expect(await second.result.outcome == .cancelled)
    #expect(answering.cancelled == 2)
    #expect(router.links.held.isEmpty)
  }

  @Test("a task awaiting the link that is cancelled cancels the link and its request")
  func awaitingTaskCancelled() async throws {
    let answering = HandAnsweredService()
    let router = Router<Screen>()
    // A clock no one advances: the hold timeout never ends a link by wall time.
    router.links.use(TestClock())
    var requests = answering.requests.makeAsyncIterator()
    let link = router.dispatch(
      resolving: "https://go.example.com/l/Ab3dE9xQ", via: try answering.service())
    _ = await requests.next()
    let waiter = Task { await link.result }
    waiter.cancel()
    #expect(await waiter.value.outcome == .cancelled)
    #expect(answering.cancelled == 1)
  }

  @Test("what the service does not give ends the held link as unresolved, with why")
  @MainActor
  func serviceGivesNoLink() async throws {
    let answering = HandAnsweredService()
    let host = RecordingHost()
    let navigator = Navigator<Screen>(host: host)
    // A clock no one advances: the hold timeout never ends a link by wall time.
    navigator.links.use(TestClock())
    try navigator.map("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    var requests = answering.requests.makeAsyncIterator()
    let link = navigator.dispatch(
      resolving: "https://go.example.com/l/Ab3dE9xQ?switchyard_token=T0k",
      via: try answering.service())
    #expect(await requests.next() == .redeem(token: "T0k"))
    answering.answer(.failure(.spent("the install token was redeemed already")))
    let result = await link.result
    #expect(result.outcome == .unresolved)
    #expect(result.error as? LinkServiceError == .spent("the install token was redeemed already"))
    #expect(navigator.links.held.isEmpty)
    #expect(host.log.isEmpty)
  }

  @Test("a main-actor router shows the answered link, its handler on the main actor")
  @MainActor
  func mainActorRouterAnswered() async throws {
    let answering = HandAnsweredService()
    let router = MainActorRouter<Screen>()
    // A clock no one advances: the hold timeout never ends a link by wall time.
    router.links.use(TestClock())
    var shown: [Screen] = []
    try router.register("myapp://user/<int:id>") { match in
      let screen = Screen.user(try match.value("id", as: Int.self))
      shown.append(screen)
      return screen
    }
    var requests = answering.requests.makeAsyncIterator()
    let link = router.dispatch(
      resolving: "https://go.example.com/l/Ab3dE9xQ", via: try answering.service())
    _ = await requests.next()
    #expect(router.links.held.count == 1)
    answering.answer(.success("myapp://user/7"))
    #expect(await link.result.output == .user(7))
    #expect(shown == [.user(7)])
  }

  // MARK: Item 10: the iOS clipboard read

  @Test(
    "the clipboard is read only when it probably holds a web URL, and only a service link is kept")
  func clipboardRead() throws {
    let service = try Self.unaskedService()
    let copied = "https://go.example.com/l/Ab3dE9xQ?switchyard_token=T0k"
    var reads = 0
    func read(_ text: String?) -> () -> String? {
      {
        reads += 1; return text
      }
    }
    #expect(service.installLink(probablyHoldsWebURL: false, read: read(copied)) == nil)
    #expect(reads == 0)  // no prompt for someone who copied no link
    #expect(service.installLink(probablyHoldsWebURL: true, read: read(copied)) == copied)
    #expect(
      service.installLink(probablyHoldsWebURL: true, read: read("https://news.example.org/a"))
        == nil)
    #expect(service.installLink(probablyHoldsWebURL: true, read: read(nil)) == nil)
    #expect(reads == 3)
  }
}
