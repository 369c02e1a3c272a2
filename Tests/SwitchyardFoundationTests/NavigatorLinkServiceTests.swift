import Clocks
import Foundation
import Switchyard
import SwitchyardFoundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `dispatch(resolving:via:)`: what the app found, looked up by the link service through a
/// `URLSession` and shown by a navigator (or handled by a router: the three share one body).
/// The service is a URL protocol of this file that answers the link service's short-link
/// lookup, so the test needs no server (SwitchyardLinksTests runs the routers' calls against
/// the real service; LinkServiceLookUpTests answers through a resolver).
@Suite("A navigator dispatches what the app found, looked up by the link service")
struct NavigatorLinkServiceTests {
  enum Screen: Sendable, Equatable { case user(Int) }

  /// Records what the navigator shows.
  @MainActor
  final class RecordingHost: NavigationHost {
    var log: [String] = []
    func push(_ screen: Screen, animated: Bool) { log.append("push \(screen)") }
    func present(_ screen: Screen, wrap: Bool, animated: Bool) {
      log.append("present \(screen)\(wrap ? " wrapped" : "")")
    }
  }

  /// The link service's `GET /v1/links/CODE`: the code `Ab3dE9xQ` is a link to
  /// `myapp://user/42`, any other is unknown (404, with the service's message).
  final class ShortLinkService: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool {
      request.url?.host == "links.example.com"
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
      guard let url = request.url else { return }
      let known = request.httpMethod == "GET" && url.path == "/v1/links/Ab3dE9xQ"
      let body = known ? #"{"url": "myapp://user/42"}"# : #"{"error": "no link has this code"}"#
      guard
        let response = HTTPURLResponse(
          url: url, statusCode: known ? 200 : 404, httpVersion: "HTTP/1.1",
          headerFields: ["Content-Type": "application/json"])
      else { return }
      client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
      client?.urlProtocol(self, didLoad: Data(body.utf8))
      client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
  }

  static func service() throws -> LinkService {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [ShortLinkService.self]
    return LinkService(
      try #require(URL(string: "https://links.example.com")), shortLinkHosts: ["go.example.com"],
      session: URLSession(configuration: configuration))
  }

  @Test("a short link waits for sign-in, then its long link's screen is shown as asked")
  @MainActor
  func shortLinkShownAfterSignIn() async throws {
    let host = RecordingHost()
    let navigator = Navigator<Screen>(host: host)
    // A clock no one advances: the hold timeout never ends a link by wall time.
    navigator.links.use(TestClock())
    try navigator.map("myapp://user/<int:id>", metadata: .with(.gates, [.signedIn])) { match in
      .user(try match.value("id", as: Int.self))
    }
    var events = navigator.links.events().makeAsyncIterator()
    let link = navigator.dispatch(
      resolving: "https://go.example.com/l/Ab3dE9xQ", via: try Self.service(),
      .present(wrap: true), policy: HoldPolicy(timeout: nil))
    #expect(link.url == "https://go.example.com/l/Ab3dE9xQ")
    // Held while the service is asked, then released and held again for sign-in.
    #expect(await events.next()?.kind == .held)
    #expect(await events.next()?.kind == .released)
    let held = await events.next()
    #expect(held?.kind == .held && held?.url == "myapp://user/42")
    #expect(link.currentResult == nil)
    #expect(navigator.links.held.map(\.url) == ["myapp://user/42"])
    #expect(host.log.isEmpty)

    navigator.links.openGate(.signedIn)
    let result = await link.result
    #expect(result.outcome == .handled)
    #expect(result.output == true)
    #expect(result.match?["id"] == "42")
    #expect(host.log == ["present user(42) wrapped"])
  }

  @Test("what the service does not give ends as unresolved, and nothing is shown")
  @MainActor
  func unresolved() async throws {
    let host = RecordingHost()
    let navigator = Navigator<Screen>(host: host)
    // A clock no one advances: the hold timeout never ends a link by wall time.
    navigator.links.use(TestClock())
    try navigator.map("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    var events = navigator.links.events().makeAsyncIterator()

    let unknown = navigator.dispatch(
      resolving: "https://go.example.com/l/nosuchcode", via: try Self.service())
    let result = await unknown.result
    #expect(result.outcome == .unresolved)
    #expect(result.url == "https://go.example.com/l/nosuchcode")
    #expect(result.error as? LinkServiceError == .unknown("no link has this code"))
    #expect(await events.next()?.kind == .held)
    let finished = await events.next()
    #expect(finished?.kind == .finished && finished?.id == result.id)

    let text = try #require(
      navigator.dispatch(resolving: "a shopping list", via: try Self.service()).currentResult)
    #expect(text.outcome == .unresolved)
    #expect(text.error as? LinkServiceError == .notALink("a shopping list"))
    #expect(text.id > result.id)
    #expect(navigator.links.held.isEmpty)
    #expect(host.log.isEmpty)
  }

  @Test("a Router and a MainActorRouter dispatch the long link the same way")
  @MainActor
  func routers() async throws {
    let router = Router<Screen>()
    // A clock no one advances: the hold timeout never ends a link by wall time.
    router.links.use(TestClock())
    try router.register("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    let link = router.dispatch(
      resolving: "https://go.example.com/l/Ab3dE9xQ", via: try Self.service())
    let result = await link.result
    #expect(result.url == "myapp://user/42")
    #expect(result.output == .user(42))
    let unknown = await router.dispatch(
      resolving: "https://go.example.com/l/other", via: try Self.service()
    ).result
    #expect(unknown.error as? LinkServiceError == .unknown("no link has this code"))

    let main = MainActorRouter<Screen>()
    // A clock no one advances: the hold timeout never ends a link by wall time.
    main.links.use(TestClock())
    try main.register("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    let mainLink = main.dispatch(
      resolving: "https://go.example.com/l/Ab3dE9xQ", via: try Self.service())
    #expect(await mainLink.result.output == .user(42))
  }
}
