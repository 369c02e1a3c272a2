#if Links
  import Clocks
  import Foundation
  import Switchyard
  @testable import SwitchyardFoundation
  import SwitchyardLinks
  import Testing

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// SwitchyardFoundation's `dispatch(resolving:via:)` against the real link service on
  /// loopback: what an app finds at launch (an Install Referrer, the clipboard, a short link)
  /// becomes a held link of its router, or ends as unresolved with the reason.
  @Suite("The app side: what the app found, looked up by the service, dispatched as a held link")
  struct LinkServiceDispatchTests {
    enum Screen: Sendable, Equatable { case user(Int) }

    /// A router for the built-in table's `user` route, which waits for sign-in.
    static func router(gated: Bool = true) throws -> Router<Screen> {
      let router = Router<Screen>()
      // A clock no one advances: the hold timeout never ends a link by wall time (a request to
      // a closed port took longer than the 30-second default under ThreadSanitizer).
      router.links.use(TestClock())
      let metadata: RouteMetadata = gated ? .with(.gates, [.signedIn]) : RouteMetadata()
      try router.register("myapp://user/<int:id>", name: "user", metadata: metadata) { match in
        .user(try match.value("id", as: Int.self))
      }
      return router
    }

    /// The service as an app configures it: its address, and the public host of its links.
    static func service(_ client: HTTPClient) throws -> LinkService {
      LinkService(
        try #require(URL(string: "http://127.0.0.1:\(client.port)")),
        shortLinkHosts: ["go.example.com"])
    }

    @Test(
      "a short link dispatched before sign-in is delivered as its long link's route after the gate opens"
    )
    func shortLinkWaitsForSignIn() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        let code = try await InstallTokenTests.mintUser(client)
        let router = try Self.router()
        var events = router.links.events().makeAsyncIterator()
        let found = "https://go.example.com/l/" + code
        let link = router.dispatch(resolving: found, via: try Self.service(client))
        #expect(link.url == found)
        // Held while the service is asked, released by its answer, held again for sign-in.
        #expect(await events.next()?.kind == .held)
        #expect(await events.next()?.kind == .released)
        #expect(await events.next()?.kind == .held)
        #expect(link.currentResult == nil)
        #expect(router.links.held.map(\.url) == ["myapp://user/42"])

        router.links.openGate(.signedIn)
        let result = await link.result
        #expect(result.outcome == .handled)
        #expect(result.output == .user(42))
        #expect(result.match?.route.name == "user")
        #expect(router.links.held.isEmpty)
      }
    }

    @Test("a held resolved link times out on the router's clock like any held link")
    func resolvedLinkTimesOut() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        let code = try await InstallTokenTests.mintUser(client)
        let router = try Self.router()
        let clock = TestClock()
        router.links.use(clock)
        var events = router.links.events().makeAsyncIterator()
        let link = router.dispatch(
          resolving: "https://go.example.com/l/" + code, via: try Self.service(client),
          policy: HoldPolicy(timeout: .seconds(10)))
        #expect(await events.next()?.kind == .held)
        #expect(await events.next()?.kind == .released)
        #expect(await events.next()?.routeName == "user")
        await clock.advance(by: .seconds(9))
        #expect(link.currentResult == nil)
        await clock.advance(by: .seconds(1))
        let result = await link.result
        #expect(result.outcome == .timedOut)
        #expect(result.parameters["id"] == "42")
      }
    }

    @Test(
      "Android: the Install Referrer's token is redeemed once; the second time it is spent (410)")
    func installReferrer() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        let code = try await InstallTokenTests.mintUser(client)
        let page = try await client.get("/l/" + code, userAgent: InstallTokenTests.android)
        let token = try InstallTokenTests.androidToken(page.body)
        // What Google Play's Install Referrer client answers: the referrer, decoded, with
        // whatever else the store link carried.
        let referrer = InstallToken.referrerParameter + "=" + token + "&utm_source=landing"
        let router = try Self.router(gated: false)
        let service = try Self.service(client)

        let first = await router.dispatch(resolving: referrer, via: service).result
        #expect(first.outcome == .handled)
        #expect(first.output == .user(42))

        let second = await router.dispatch(resolving: referrer, via: service).result
        #expect(second.outcome == .unresolved)
        #expect(second.output == nil)
        let error = try #require(second.error as? LinkServiceError)
        guard case .spent(let message) = error else {
          Issue.record("expected .spent, got \(error)")
          return
        }
        #expect(message.contains("redeemed already"))
        #expect("\(error)".contains("410"))
      }
    }

    @Test("iOS: the one-time link the landing page copies is redeemed into the long link")
    func clipboardLink() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        let code = try await InstallTokenTests.mintUser(client)
        let page = try await client.get("/l/" + code, userAgent: InstallTokenTests.iPhone)
        let copied = try InstallTokenTests.oneTimeLink(page.body)
        #expect(copied.hasPrefix("https://go.example.com/l/" + code + "?"))
        let router = try Self.router()
        let link = router.dispatch(resolving: copied, via: try Self.service(client))
        router.links.openGate(.signedIn)
        let result = await link.result
        #expect(result.output == .user(42))
        #expect(result.url == "myapp://user/42")
        // Read from the clipboard again: the token is spent.
        let again = await router.dispatch(resolving: copied, via: try Self.service(client)).result
        #expect(again.outcome == .unresolved)
        guard case .spent? = again.error as? LinkServiceError else {
          Issue.record("expected .spent, got \(String(describing: again.error))")
          return
        }
      }
    }

    @Test("an unknown token or short link is unknown (404), with the service's message")
    func unknown() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        let router = try Self.router(gated: false)
        let service = try Self.service(client)
        var events = router.links.events().makeAsyncIterator()
        let token = await router.dispatch(
          resolving: "switchyard_token=" + String(repeating: "a", count: 22), via: service
        ).result
        #expect(token.outcome == .unresolved)
        #expect(
          token.error as? LinkServiceError
            == .unknown("no install token is known by this value"))
        #expect(await events.next()?.kind == .held)  // while the service was asked
        let finished = await events.next()
        #expect(finished?.kind == .finished && finished?.id == token.id)
        #expect(finished?.result?.outcome == .unresolved)

        let short = await router.dispatch(
          resolving: "https://go.example.com/l/nosuchcode", via: service
        ).result
        #expect(short.outcome == .unresolved)
        guard case .unknown? = short.error as? LinkServiceError else {
          Issue.record("expected .unknown, got \(String(describing: short.error))")
          return
        }
        #expect(short.id > token.id)
      }
    }

    @Test("an unreachable service (a closed port) ends the link as unresolved, unreachable")
    func unreachable() async throws {
      let closed = try ClosedPort()
      let router = try Self.router()
      let service = LinkService(
        try #require(URL(string: "http://127.0.0.1:\(closed.port)")),
        shortLinkHosts: ["go.example.com"])
      var events = router.links.events().makeAsyncIterator()
      let link = router.dispatch(resolving: "https://go.example.com/l/Ab3dE9xQ", via: service)
      let result = await link.result
      #expect(result.outcome == .unresolved)
      #expect(result.url == "https://go.example.com/l/Ab3dE9xQ")
      let error = try #require(result.error as? LinkServiceError)
      guard case .unreachable(let why) = error else {
        Issue.record("expected .unreachable, got \(error)")
        return
      }
      #expect(why.contains("127.0.0.1:\(closed.port)/v1/links/Ab3dE9xQ"))
      #expect("\(error)".hasPrefix("the link service could not be reached: "))
      #expect(await events.next()?.kind == .held)
      #expect(await events.next()?.result?.outcome == .unresolved)
      #expect(router.links.held.isEmpty)
    }

    @Test(
      "a link that is not the service's is dispatched as it is; text that is no link goes nowhere"
    )
    func notTheServices() async throws {
      // A closed port: had anything been sent, the error would be `.unreachable`.
      let closed = try ClosedPort()
      let router = try Self.router(gated: false)
      let service = LinkService(
        try #require(URL(string: "http://127.0.0.1:\(closed.port)")),
        shortLinkHosts: ["go.example.com"])
      let user = await router.dispatch(resolving: "myapp://user/42", via: service).result
      #expect(user.outcome == .handled && user.output == .user(42))
      for link in [
        "https://elsewhere.example/l/Ab3dE9xQ?switchyard_token=x",
        "https://go.example.com/other/Ab3dE9xQ", "https://go.example.com/l/a/b",
      ] {
        let result = await router.dispatch(resolving: link, via: service).result
        #expect(result.outcome == .unmatched, "\(link)")
        #expect(result.error == nil, "\(link)")
      }
      for text in ["a shopping list", "utm_source=landing", ""] {
        let result = await router.dispatch(resolving: text, via: service).result
        #expect(result.outcome == .unresolved)
        #expect(result.error as? LinkServiceError == .notALink(text), "\(text)")
      }
    }

    @Test("what is asked for each kind of text the app may find")
    func requests() throws {
      let service = LinkService(
        try #require(URL(string: "https://links.example.com")), shortLinkHosts: ["Go.Example.com"])
      #expect(service.request(for: "switchyard_token=T0k&utm_source=x") == .redeem(token: "T0k"))
      // Still URL-encoded, as the store link carried it.
      #expect(service.request(for: InstallToken.referrer("T0k")) == .redeem(token: "T0k"))
      #expect(
        service.request(for: " https://go.example.com/l/Ab3?switchyard_token=T0k\n")
          == .redeem(token: "T0k"))
      #expect(service.request(for: "https://links.example.com/l/Ab3") == .link(code: "Ab3"))
      #expect(service.request(for: "https://GO.example.com/l/A_b-3") == .link(code: "A_b-3"))
      #expect(service.request(for: "https://go.example.com/l/") == nil)
      #expect(service.request(for: "myapp://user/42") == nil)
      #expect(service.request(for: "switchyard_token=") == nil)
      let prefixed = LinkService(
        try #require(URL(string: "https://links.example.com")), prefix: "/go")
      #expect(prefixed.request(for: "https://links.example.com/go/Ab3") == .link(code: "Ab3"))
    }

    @MainActor
    @Test("a main-actor router dispatches what the app found the same way")
    func mainActorRouter() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        let code = try await InstallTokenTests.mintUser(client)
        let service = try Self.service(client)
        let screens = try await MainActor.run {
          let router = MainActorRouter<Screen>()
          // A clock no one advances: the hold timeout never ends a link by wall time.
          router.links.use(TestClock())
          try router.register(
            "myapp://user/<int:id>", metadata: .with(.gates, [.signedIn])
          ) { match in .user(try match.value("id", as: Int.self)) }
          return router
        }
        let link = await MainActor.run {
          screens.dispatch(resolving: "https://go.example.com/l/" + code, via: service)
        }
        #expect(link.currentResult == nil)
        screens.links.openGate(.signedIn)
        #expect(await link.result.output == .user(42))
      }
    }
  }

  /// A loopback TCP port that is bound but not listening: connecting to it is refused, and no
  /// other program can take it while this exists.
  final class ClosedPort: Sendable {
    let descriptor: Int32
    let port: Int

    enum Failure: Error { case socket(Int32) }

    init() throws {
      #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
      #endif
      guard descriptor >= 0 else { throw Failure.socket(errno) }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = 0
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
          bind(descriptor, socketAddress, length) == 0
            && getsockname(descriptor, socketAddress, &length) == 0
        }
      }
      guard bound else {
        let failure = errno
        close(descriptor)
        throw Failure.socket(failure)
      }
      self.descriptor = descriptor
      port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
  }
#endif
