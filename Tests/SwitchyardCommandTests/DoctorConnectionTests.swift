#if Doctor
  import AsyncHTTPClient
  import Foundation
  import NIOCore
  import NIOPosix
  import NIOSSL
  import Switchyard
  import SwitchyardFiles
  import Testing

  @testable import SwitchyardCommand

  /// Drops every byte the client sends once `swallowing` is set: put before the TLS handler,
  /// it keeps the server's TLS from ever reading the client's `close_notify` (so it never
  /// answers one), as a server that has stopped reading does.
  final class SwallowingSwitch: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    var swallowing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      if !swallowing { context.fireChannelRead(data) }
    }
  }

  /// Reads the request the client sends once TLS is up, counts it, and from then on has its
  /// ``SwallowingSwitch`` drop everything (the request is never answered).
  final class FirstRequestWatcher: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    let swallow: SwallowingSwitch
    let open: OpenConnections

    init(_ swallow: SwallowingSwitch, _ open: OpenConnections) {
      self.swallow = swallow
      self.open = open
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      if !swallow.swallowing { open.requestReceived() }
      swallow.swallowing = true
    }
  }

  /// The connections a ``SilentTLSSite`` holds open.
  final class OpenConnections: @unchecked Sendable {
    private let lock = NSLock()
    private var channels: [ObjectIdentifier: any Channel] = [:]
    private var requests = 0

    func opened(_ channel: any Channel) {
      lock.withLock { channels[ObjectIdentifier(channel)] = channel }
      channel.closeFuture.whenComplete { [self] _ in
        _ = lock.withLock { channels.removeValue(forKey: ObjectIdentifier(channel)) }
      }
    }
    func requestReceived() { lock.withLock { requests += 1 } }

    var count: Int { lock.withLock { channels.count } }
    /// Requests received over TLS (so after a completed handshake).
    var requestsReceived: Int { lock.withLock { requests } }
    func closeAll() {
      for channel in lock.withLock({ Array(channels.values) }) { try? channel.close().wait() }
    }
  }

  /// An HTTPS server that completes the TLS handshake and reads the request, then never
  /// answers, never reads again (so never answers the client's `close_notify`) and never
  /// closes.
  struct SilentTLSSite {
    let channel: any Channel
    let port: Int
    let open = OpenConnections()

    init(tls: NIOSSLContext, host: String = "127.0.0.1") throws {
      let open = open
      channel = try ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .childChannelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
        .childChannelInitializer { channel in
          open.opened(channel)
          return channel.eventLoop.makeCompletedFuture {
            let swallow = SwallowingSwitch()
            try channel.pipeline.syncOperations.addHandler(swallow)
            try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls))
            try channel.pipeline.syncOperations.addHandler(FirstRequestWatcher(swallow, open))
          }
        }
        .bind(host: host, port: 0).wait()
      port = channel.localAddress?.port ?? 0
    }

    func close() {
      open.closeAll()
      try? channel.close().wait()
    }
  }

  /// Whether this machine has an IPv6 loopback address to listen on.
  let ipv6LoopbackAvailable: Bool = {
    guard
      let channel = try? ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .bind(host: "::1", port: 0).wait()
    else { return false }
    try? channel.close().wait()
    return true
  }()

  /// `switchyard doctor`'s connections: `--timeout` on a site that completes TLS and never
  /// answers, connection failures in the doctor's words, an IPv6 literal site.
  @Suite("switchyard doctor: timeouts, connection failures, IPv6 (Doctor trait)")
  struct DoctorConnectionTests {
    static let routes = DoctorLiveTests.routes

    @Test(
      "TLS completes, no answer: the fetch ends at --timeout as a timeout, and closing the client does not wait for the server's close_notify",
      .timeLimit(.minutes(1)))
    func timeoutAfterHandshake() async throws {
      let certificates = try LoopbackCertificates()
      defer { certificates.remove() }
      let server = try SilentTLSSite(tls: try certificates.server("localhost"))
      defer { server.close() }
      // NIOSSL would wait an hour for the server's close_notify: if anything waited for it,
      // this test would run into its time limit instead of passing.
      let client = try DoctorClient(
        timeout: 1, caFile: certificates.caFile, tlsShutdownWait: .hours(1))
      let result = await client.fetch(
        "https://localhost:\(server.port)/.well-known/apple-app-site-association",
        browser: false)
      #expect(result.failure == .timeout(seconds: 1))
      #expect(server.open.requestsReceived == 1)
      client.shutdown()
      // The client returned while its connection still waits for a close_notify that never
      // comes: the connection is still open on the server.
      #expect(server.open.count == 1)
    }

    @Test("TLS completes, no answer: the command reports no answer within --timeout, exit 2")
    func commandTimeoutAfterHandshake() throws {
      let certificates = try LoopbackCertificates()
      defer { certificates.remove() }
      let server = try SilentTLSSite(tls: try certificates.server("localhost"))
      defer { server.close() }
      let caPEM = try String(contentsOfFile: certificates.caFile, encoding: .utf8)
      let folder = try CommandRunner.directory(with: ["routes.json": Self.routes, "ca.pem": caPEM])
      defer { try? FileManager.default.removeItem(at: folder) }
      let result = try CommandRunner.run(
        [
          "doctor", "https://localhost:\(server.port)", "--ca-file", "ca.pem", "--timeout", "1",
          "--apple-cdn", "none",
        ], in: folder)
      #expect(result.status == 2)
      #expect(result.stdout == "")
      #expect(
        result.stderr
          == "note: using routes from ./routes.json (3 routes)\n"
          + "error: /.well-known/apple-app-site-association could not be fetched: no answer "
          + "within 1 s\n")
      #expect(server.open.requestsReceived == 1)
    }

    /// A port on 127.0.0.1 that nothing listens on (bound, then closed).
    static func closedPort() throws -> Int {
      let channel = try ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .bind(host: "127.0.0.1", port: 0).wait()
      let port = channel.localAddress?.port ?? 0
      try channel.close().wait()
      return port
    }

    @Test("A refused connection: 'cannot connect (connection refused)', exit 2")
    func refused() throws {
      let port = try Self.closedPort()
      let result = try CommandRunner.run(
        ["doctor", "https://localhost:\(port)", "--timeout", "5", "--apple-cdn", "none"],
        routeFile: Self.routes)
      #expect(result.status == 2)
      #expect(
        result.stderr.hasSuffix(
          "error: /.well-known/apple-app-site-association could not be fetched: cannot connect "
            + "(connection refused)\n"), "\(result.stderr)")
    }

    @Test("A server that speaks plain HTTP on the port: a TLS failure in words, exit 1")
    func plainHTTP() throws {
      let server = try LoopbackSite(tls: nil, plainHTTP: true) { _ in .notFound }
      defer { server.close() }
      let result = try CommandRunner.run(
        ["doctor", "https://localhost:\(server.port)", "--timeout", "5", "--apple-cdn", "none"],
        routeFile: Self.routes)
      #expect(result.status == 1, "\(result.stderr)")
      #expect(
        result.stdout == """
          https://localhost:\(server.port): 1 finding

          TLS:
            HTTPS fails on localhost (the server answers without TLS on that port, as plain \
          HTTP does): Apple and Google fetch the files over valid HTTPS only, so no link opens \
          the app

          """)
    }

    @Test("Every failure the client can meet reads in the doctor's words, parentheses balanced")
    func failureWords() throws {
      let client = try DoctorClient(timeout: 3, caFile: nil)
      defer { client.shutdown() }
      let errors: [(any Error, String)] = [
        (
          HTTPClientError.remoteConnectionClosed,
          "the server closed the connection without an answer"
        ),
        (IOError(errnoCode: ECONNREFUSED, reason: "connect"), "connection refused"),
        (IOError(errnoCode: ECONNRESET, reason: "read"), "the server reset the connection"),
        (IOError(errnoCode: EHOSTUNREACH, reason: "connect"), "no route to the host"),
        (ChannelError.eof, "the server closed the connection without an answer"),
        (NIOSSLError.uncleanShutdown, "the server closed the connection in the middle of TLS"),
      ]
      for (error, words) in errors {
        let failure = client.failure(error, url: "https://localhost:1/")
        let text = DoctorExamination.message(for: failure)
        #expect(text.hasSuffix("(\(words))"), "\(error) → \(text)")
        #expect(text.filter { $0 == "(" }.count == text.filter { $0 == ")" }.count, "\(text)")
        for libraryText in ["HTTPClientError", "NIO", "errno", "IOError", "Error("] {
          #expect(!text.contains(libraryText), "\(text)")
        }
      }
      #expect(
        client.failure(HTTPClientError.deadlineExceeded, url: "https://x/") == .timeout(seconds: 3))
    }

    @Test(
      "An IPv6 literal site with a port: its files and pages fetched, ok, exit 0",
      .enabled(if: ipv6LoopbackAvailable))
    func ipv6Site() throws {
      let certificates = try LoopbackCertificates()
      defer { certificates.remove() }
      let routes = #"{"version": 1, "routes": [{"name": "cart", "pattern": "/cart"}]}"#
      let table = try RouteFile.parse(routes, fileName: "routes.json")
      let file = AppleAppSiteAssociation.export(
        table, appIDs: [DoctorLiveTests.appID], host: "[::1]"
      ).file.json
      let server = try LoopbackSite(
        tls: try certificates.server("ipv6"), host: "::1"
      ) { path in
        switch path {
        case "/.well-known/apple-app-site-association": .json(file)
        case "/cart": .page
        default: .notFound
        }
      }
      defer { server.close() }
      let caPEM = try String(contentsOfFile: certificates.caFile, encoding: .utf8)
      let folder = try CommandRunner.directory(with: ["routes.json": routes, "ca.pem": caPEM])
      defer { try? FileManager.default.removeItem(at: folder) }
      let result = try CommandRunner.run(
        [
          "doctor", "https://[::1]:\(server.port)", "--ca-file", "ca.pem", "--timeout", "20",
          "--apple-cdn", "none",
        ], in: folder)
      #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
      #expect(
        result.stdout
          == "ok: https://[::1]:\(server.port) serves its app-link files as Apple and Google "
          + "fetch them, they let in what the routes handle, and the 1 route's web link lands "
          + "on a page\n")
    }
  }

  extension Result {
    /// The failure, or `nil`.
    var failure: Failure? {
      if case .failure(let failure) = self { return failure }
      return nil
    }
  }
#endif
