#if Hummingbird
  import HTTPTypes
  import Hummingbird
  import Logging
  import NIOCore
  import NIOHTTP1
  import NIOHTTPTypes
  import NIOHTTPTypesHTTP1
  import NIOPosix
  import ServiceLifecycle

  /// A response as the tests read it: status, header fields and the body as text.
  struct LoopbackResponse: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: String
  }

  /// Errors of the loopback harness itself (never of the code under test).
  enum LoopbackError: Error {
    /// The server stopped before it reported its port.
    case serverDidNotStart
    /// The connection closed before a whole response arrived.
    case incompleteResponse
  }

  /// A client for a server on 127.0.0.1: one HTTP/1.1 connection per request, read to its end.
  struct LoopbackClient: Sendable {
    let port: Int

    /// Sends one request and returns the whole response.
    func execute(
      uri: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:]
    ) async throws -> LoopbackResponse {
      let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .connect(host: "127.0.0.1", port: port) { channel in
          channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHTTPClientHandlers()
            try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPClientCodec())
            return try NIOAsyncChannel<HTTPResponsePart, HTTPRequestPart>(
              wrappingChannelSynchronously: channel)
          }
        }
      return try await channel.executeThenClose { inbound, outbound in
        let request = HTTPRequest(
          method: method, scheme: "http", authority: "127.0.0.1:\(port)", path: uri,
          headerFields: headers)
        try await outbound.write(.head(request))
        try await outbound.write(.end(nil))
        var head: HTTPResponse?
        var body = ByteBuffer()
        for try await part in inbound {
          switch part {
          case .head(let response):
            head = response
          case .body(var bytes):
            body.writeBuffer(&bytes)
          case .end:
            guard let head else { throw LoopbackError.incompleteResponse }
            return LoopbackResponse(
              status: head.status, headers: head.headerFields, body: String(buffer: body))
          }
        }
        throw LoopbackError.incompleteResponse
      }
    }

    /// Sends one request and hands the whole response to `check`.
    func execute(
      uri: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:],
      _ check: (LoopbackResponse) throws -> Void
    ) async throws {
      try check(try await execute(uri: uri, method: method, headers: headers))
    }
  }

  /// Runs `router` in a Hummingbird application on a free loopback port, calls `test` with a
  /// client for it, then shuts the server down (also when `test` throws).
  func withLoopbackServer<Value: Sendable>(
    _ router: Hummingbird.Router<BasicRequestContext>,
    _ test: @Sendable (LoopbackClient) async throws -> Value
  ) async throws -> Value {
    let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
    let logger = Logger(label: "switchyard.loopback")
    let application = Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { channel in
        portSink.yield(channel.localAddress?.port ?? 0)
        portSink.finish()
      },
      logger: logger)
    let services = ServiceGroup(
      configuration: .init(services: [application], logger: logger))
    return try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        // However the server ends, the wait for its port below ends too.
        defer { portSink.finish() }
        try await services.run()
      }
      var iterator = ports.makeAsyncIterator()
      guard let port = await iterator.next(), port > 0 else {
        await services.triggerGracefulShutdown()
        throw LoopbackError.serverDidNotStart
      }
      do {
        let value = try await test(LoopbackClient(port: port))
        await services.triggerGracefulShutdown()
        try await group.waitForAll()
        return value
      } catch {
        await services.triggerGracefulShutdown()
        throw error
      }
    }
  }
#endif
