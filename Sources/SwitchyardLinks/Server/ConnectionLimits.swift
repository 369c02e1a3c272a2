/// How long the service waits for a client and how many it serves at once: no connection is
/// held open by a client that stops sending.
///
/// - ``idleTimeout``: a connection on which nothing of a request arrives for this long is
///   closed — between requests (keep-alive), and while a request's head or body is coming in:
///   a head sent by halves, or a body that stops, is a header or body timeout.
/// - ``requestTimeout``: a request's body must be complete this long after its head, however
///   slowly it trickles in.
/// - ``maximumConnections``: above this many open connections, new ones wait in the listen
///   queue until one closes (keep it under the process's open-files limit).
///
/// ```swift
/// var configuration = LinksConfiguration(table: table)
/// configuration.connections.idleTimeout = .seconds(75)  // behind a proxy that keeps 60 s
/// configuration.connections.maximumConnections = 2_000
/// ```
public struct ConnectionLimits: Sendable, Hashable {
  /// Close a connection on which nothing of a request arrived for this long: 30 seconds.
  public var idleTimeout: Duration = .seconds(30)
  /// Close a connection whose request body is not complete this long after its head: 30
  /// seconds (the service's bodies are at most 64 KiB).
  public var requestTimeout: Duration = .seconds(30)
  /// Serve at most this many connections at once: 512.
  public var maximumConnections = 512

  /// The defaults.
  ///
  /// ```swift
  /// ConnectionLimits().idleTimeout  // .seconds(30)
  /// ```
  public init() {}
}

#if Links
  public import Hummingbird
  public import HummingbirdCore
  import NIOCore
  import NIOHTTPTypes

  extension LinksConfiguration {
    /// The HTTP/1.1 server with ``ConnectionLimits/idleTimeout`` and
    /// ``ConnectionLimits/requestTimeout`` of ``connections``, for `Application(server:)`.
    ///
    /// ```swift
    /// let application = Application(
    ///   router: router, server: configuration.httpServer,
    ///   configuration: configuration.applicationConfiguration(
    ///     address: .hostname("127.0.0.1", port: 8080)))
    /// ```
    public var httpServer: HTTPServerBuilder {
      let requestTimeout = TimeAmount(connections.requestTimeout)
      return .http1(
        configuration: .init(
          additionalChannelHandlers: [RequestDeadlineHandler(timeout: requestTimeout)],
          idleTimeout: TimeAmount(connections.idleTimeout)))
    }

    /// The application's configuration at `address`, accepting at most
    /// ``ConnectionLimits/maximumConnections`` connections at once.
    ///
    /// ```swift
    /// configuration.applicationConfiguration(address: .hostname("127.0.0.1", port: 8080))
    /// ```
    public func applicationConfiguration(address: BindAddress) -> ApplicationConfiguration {
      ApplicationConfiguration(
        address: address,
        availableConnectionsDelegate: MaximumAvailableConnections(
          connections.maximumConnections))
    }
  }

  /// Closes the connection when a request's body is not complete `timeout` after its head.
  /// (A head that does not arrive is the idle timeout's: Hummingbird's own handler closes a
  /// connection on which no part of a request arrives for that long.)
  final class RequestDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    let timeout: TimeAmount
    var deadline: Scheduled<Void>?

    init(timeout: TimeAmount) {
      self.timeout = timeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      switch unwrapInboundIn(data) {
      case .head:
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
          context.close(promise: nil)
        }
      case .body:
        break
      case .end:
        deadline?.cancel()
        deadline = nil
      }
      context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
      deadline?.cancel()
      deadline = nil
      context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
      deadline?.cancel()
      deadline = nil
    }
  }

  @available(*, unavailable)
  extension RequestDeadlineHandler: Sendable {}
#endif
