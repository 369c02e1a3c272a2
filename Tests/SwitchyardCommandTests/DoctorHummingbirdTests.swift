#if Doctor && Hummingbird
  import Foundation
  import Hummingbird
  import HummingbirdTLS
  import Logging
  import NIOPosix
  import ServiceLifecycle
  import Switchyard
  import SwitchyardFiles
  import SwitchyardHummingbird
  import Testing

  /// Errors of the Hummingbird harness itself (never of the command under test).
  enum HummingbirdSiteError: Error {
    /// The server stopped before it reported its port.
    case serverDidNotStart
  }

  /// Runs `router` in a Hummingbird application serving HTTPS with `tls` on a free loopback
  /// port, calls `body` with the port, then shuts the server down (also when `body` throws).
  func withHummingbirdSite<Value: Sendable>(
    _ router: Hummingbird.Router<BasicRequestContext>, tls: TLSConfiguration,
    _ body: @Sendable (Int) async throws -> Value
  ) async throws -> Value {
    let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
    let logger = Logger(label: "switchyard.doctor.hummingbird")
    let application = Application(
      router: router, server: try .tls(.http1(), tlsConfiguration: tls),
      configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { channel in
        portSink.yield(channel.localAddress?.port ?? 0)
        portSink.finish()
      },
      logger: logger)
    let services = ServiceGroup(configuration: .init(services: [application], logger: logger))
    return try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        // However the server ends, the wait for its port below ends too.
        defer { portSink.finish() }
        try await services.run()
      }
      var iterator = ports.makeAsyncIterator()
      guard let port = await iterator.next(), port > 0 else {
        await services.triggerGracefulShutdown()
        throw HummingbirdSiteError.serverDidNotStart
      }
      do {
        let value = try await body(port)
        await services.triggerGracefulShutdown()
        try await group.waitForAll()
        return value
      } catch {
        await services.triggerGracefulShutdown()
        throw error
      }
    }
  }

  extension DoctorLiveTests {
    /// The site of a team that serves its files with ``AppLinksMiddleware``: the association
    /// file for the routes, `assetlinks.json` for the app signed with ``currentKey``, and the
    /// middleware's landing page for the routes' web links. The same router stands in for
    /// Apple's CDN (`/cdn/localhost`: the file the middleware serves, as the CDN holds it once
    /// refreshed) and for Google's statement list (`/google/statements:list`: the app's key, for
    /// the site's `handle_all_urls` statements only).
    static func hummingbirdSite() throws -> Hummingbird.Router<BasicRequestContext> {
      let table = try RouteFile.parse(routes, fileName: "routes.json")
      let router = Router()
      router.add(
        middleware: AppLinksMiddleware(
          table: table, appIDs: [appID],
          assetLinks: AssetLinks(packageName: package, fingerprints: [currentKey]),
          fallback: AppLinksMiddleware.landingPage(appName: "Shop")))
      let file = AppleAppSiteAssociation.export(table, appIDs: [appID], host: "localhost").file
      let list = statements([currentKey])
      @Sendable func json(_ text: String) -> Response {
        Response(
          status: .ok, headers: [.contentType: "application/json"],
          body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
      }
      router.get("/cdn/localhost") { _, _ in json(file.json) }
      router.get("/google/statements:list") { request, _ in
        let query = request.uri.queryParameters
        let asked =
          query.get("source.web.site")?.hasPrefix("https://localhost:") == true
          && query.get("relation") == AssetLinks.handleAllURLs
        return asked ? json(list) : Response(status: .badRequest)
      }
      return router
    }

    @Test(
      "A Hummingbird server with AppLinksMiddleware over HTTPS (self-signed, --ca-file): ok, exit 0"
    )
    func passesAgainstAppLinksMiddleware() async throws {
      let certificates = try LoopbackCertificates()
      defer { certificates.remove() }
      let router = try Self.hummingbirdSite()
      let tls = try certificates.serverConfiguration("localhost")
      let folder = try CommandRunner.directory(with: ["routes.json": Self.routes])
      defer { try? FileManager.default.removeItem(at: folder) }
      let caFile = certificates.caFile
      let (result, port) = try await withHummingbirdSite(router, tls: tls) { port in
        let origin = "https://localhost:\(port)"
        let arguments = [
          "doctor", origin, "--ca-file", caFile, "--app-id", Self.appID, "--package",
          Self.package, "--sha256", Self.currentKey, "--apple-cdn", origin + "/cdn",
          "--google-statements", origin + "/google", "--timeout", "20",
        ]
        // The command is waited for on a thread of NIO's pool, not of Swift's: the server's
        // handlers run on Swift's, which a blocking wait could leave without a thread.
        let result = try await NIOThreadPool.singleton.runIfActive {
          try CommandRunner.run(arguments, in: folder)
        }
        return (result, port)
      }
      #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
      #expect(
        result.stdout
          == "ok: https://localhost:\(port) serves its app-link files as Apple and Google fetch "
          + "them, they let in what the routes handle, and the 2 routes' web links each land on "
          + "a page\n")
      #expect(result.stderr == "note: using routes from ./routes.json (3 routes)\n")
    }
  }
#endif
