#if Links
  import HTTPTypes
  import Hummingbird
  import HummingbirdCore
  import NIOCore
  import NIOPosix
  import SQLiteNIO
  import SwitchyardFiles
  @testable import SwitchyardLinks
  import Testing

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// What a client that stops sending, a method the service does not take, or a store that
  /// cannot be written gets.
  @Suite("Connections and methods: timeouts, a connection limit, 405 with Allow, 501, /healthz")
  struct ConnectionSafetyTests {
    enum RawError: Error {
      case stillOpen
    }

    /// Opens a connection to `port`, writes `bytes`, and reads until the server closes the
    /// connection: what it sent. The server's timeouts here are half a second or less;
    /// the minute is only a guard, so that a server that never closes fails the test instead of
    /// hanging it (no duration is asserted).
    static func sendAndAwaitClose(port: Int, _ text: String) async throws -> String {
      let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .connect(host: "127.0.0.1", port: port) { channel in
          channel.eventLoop.makeCompletedFuture {
            try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
          }
        }
      return try await withThrowingTaskGroup(of: String?.self) { group in
        group.addTask {
          try await channel.executeThenClose { inbound, outbound in
            var received = ""
            // The server may close before the bytes are written or read (a reset): closed all
            // the same.
            do {
              try await outbound.write(ByteBuffer(string: text))
              for try await buffer in inbound { received += String(buffer: buffer) }
            } catch let error as ChannelError where error == .ioOnClosedChannel {
            } catch let error as IOError where error.errnoCode == ECONNRESET {
            }
            return received
          }
        }
        group.addTask {
          try await Task.sleep(for: .seconds(60))
          return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let received = first else {
          channel.channel.close(promise: nil)
          throw RawError.stillOpen
        }
        return received
      }
    }

    static let halfHead = "GET /healthz HTTP/1.1\r\nHost: go.example.com\r\nUser-Agent: slow"
    static let halfBody =
      "POST /v1/redeem HTTP/1.1\r\nHost: go.example.com\r\nContent-Type: application/json\r\n"
      + "Content-Length: 100\r\n\r\n{\"tok"

    @Test("the Host header a link is built on: a host and a port as given, anything else localhost")
    func hostHeaderInLinks() {
      let cases: [(String, String, String?)] = [
        ("127.0.0.1:8080", "127.0.0.1", "8080"), ("Links.Example.COM", "links.example.com", nil),
        ("[::1]:8080", "[::1]", "8080"), ("[::1]", "[::1]", nil), ("localhost:1", "localhost", "1"),
        ("evil.com/x", "localhost", nil), ("evil.com:80/x", "localhost", nil),
        ("a\"b", "localhost", nil), ("<x>", "localhost", nil), ("host:", "localhost", nil),
        ("host:123456", "localhost", nil), ("[::1]x", "localhost", nil),
        ("[x]", "localhost", nil), ("", "localhost", nil), ("ｅｘａｍｐｌｅ", "localhost", nil),
        ("[：：1]", "localhost", nil),
      ]
      for (header, host, port) in cases {
        let read = LinksService.authority(of: header)
        #expect(read.host == host && read.port == port, "\(header) → \(read)")
      }
    }

    @Test("a request's head sent by halves: the idle timeout closes the connection, unanswered")
    func halfSentHead() async throws {
      try await LinksTestServer.run(configure: {
        $0.connections.idleTimeout = .milliseconds(500)
        $0.connections.requestTimeout = .seconds(3600)
      }) { client, _, _ async throws in
        let received = try await Self.sendAndAwaitClose(port: client.port, Self.halfHead)
        #expect(received.isEmpty, "\(received)")
        // That the server still answers others is checked under the request timeout below: with
        // a half-second idle timeout, a request slowed down by a loaded machine (or a sanitizer)
        // could itself be closed as idle.
      }
    }

    @Test("a body that stops: the idle timeout closes the connection")
    func halfSentBodyIdle() async throws {
      try await LinksTestServer.run(configure: {
        $0.connections.idleTimeout = .milliseconds(500)
        $0.connections.requestTimeout = .seconds(3600)
      }) { client, _, _ async throws in
        _ = try await Self.sendAndAwaitClose(port: client.port, Self.halfBody)
      }
    }

    @Test("a body not complete in time after its head: the request timeout closes the connection")
    func halfSentBodyDeadline() async throws {
      try await LinksTestServer.run(configure: {
        $0.connections.idleTimeout = .seconds(3600)
        $0.connections.requestTimeout = .milliseconds(100)
      }) { client, _, _ async throws in
        _ = try await Self.sendAndAwaitClose(port: client.port, Self.halfBody)
        #expect(try await client.get("/healthz").status == .ok)
      }
    }

    @Test("the defaults: 30 s idle and request timeouts, at most 512 connections at once")
    func defaults() throws {
      var configuration = LinksConfiguration(table: try BuiltInRoutes.table())
      #expect(configuration.connections.idleTimeout == .seconds(30))
      #expect(configuration.connections.requestTimeout == .seconds(30))
      #expect(configuration.connections.maximumConnections == 512)
      configuration.connections.maximumConnections = 3
      var delegate = try #require(
        configuration.applicationConfiguration(address: .hostname("127.0.0.1", port: 0))
          .availableConnectionsDelegate)
      for _ in 0..<2 { delegate.connectionOpened() }
      #expect(delegate.isAcceptingNewConnections())
      delegate.connectionOpened()
      #expect(!delegate.isAcceptingNewConnections())
      delegate.connectionClosed()
      #expect(delegate.isAcceptingNewConnections())
    }

    @Test(
      "a method a path does not take: 405, Allow naming those it takes, a JSON body saying so")
    func methodNotAllowed() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        let cases: [(HTTPRequest.Method, String, String)] = [
          (.put, "/v1/links", "GET, HEAD, POST"), (.head, "/v1/redeem", "POST"),
          (.delete, "/v1/links", "GET, HEAD, POST"), (.post, "/healthz", "GET, HEAD"),
          (HTTPRequest.Method("TRACE")!, "/healthz", "GET, HEAD"),
          (HTTPRequest.Method("TRACE")!, "/l/abc", "GET, HEAD"),
          (.options, "/v1/links/abc", "GET, HEAD, PATCH, DELETE"), (.put, "/admin", "GET, HEAD"),
          (.post, "/v1/stats", "GET, HEAD"), (.patch, "/v1/openapi.json", "GET, HEAD"),
          (HTTPRequest.Method("TRACE")!, "/.well-known/apple-app-site-association", "GET, HEAD"),
          (.delete, "/.well-known/assetlinks.json", "GET, HEAD"),
        ]
        for (method, path, allow) in cases {
          let answer = try await client.send(method, path)
          #expect(answer.status == .methodNotAllowed, "\(method) \(path)")
          #expect(answer.headers[.allow] == allow, "\(method) \(path)")
          guard method != .head else { continue }
          #expect(answer.headers[.contentType] == "application/json", "\(method) \(path)")
          #expect(jsonString(answer.body, "field") == "method", "\(method) \(path)")
          #expect(
            jsonString(answer.body, "error")?.hasPrefix("\(path) takes ") == true,
            "\(method) \(path): \(answer.body)")
        }
      }
    }

    @Test("elsewhere: 501 for a method the service implements nowhere, 404 for a path, in JSON")
    func unknownMethodsAndPaths() async throws {
      try await LinksTestServer.run { client, _, _ async throws in
        for method in ["TRACE", "PUT", "OPTIONS", "PROPFIND"] {
          let answer = try await client.send(HTTPRequest.Method(method)!, "/nowhere")
          #expect(answer.status == .notImplemented, "\(method)")
          #expect(answer.headers[.contentType] == "application/json", "\(method)")
          #expect(
            jsonString(answer.body, "error")
              == "the method \(method) is not implemented: the service answers GET, HEAD, POST, PATCH and DELETE",
            "\(method)")
        }
        for method in [HTTPRequest.Method.get, .post, .patch, .delete] {
          let answer = try await client.send(method, "/nowhere")
          #expect(answer.status == .notFound)
          #expect(jsonString(answer.body, "error") == "no such path: /nowhere")
          #expect(jsonString(answer.body, "field") == "path")
        }
      }
    }

    @Test("/healthz: 503 with a JSON reason while the store takes no writes, 200 again after")
    func healthWhenReadOnly() async throws {
      try await LinksTestServer.run { client, store, _ async throws in
        #expect(try await client.get("/healthz").status == .ok)
        _ = try await store.connection.query("PRAGMA query_only = 1")
        let refused = try await client.get("/healthz")
        #expect(refused.status == .serviceUnavailable)
        #expect(refused.headers[.contentType] == "application/json")
        #expect(
          jsonString(refused.body, "error")?.hasPrefix("the store takes no writes: ") == true,
          "\(refused.body)")
        #expect(jsonString(refused.body, "error")?.contains("cannot be written") == true)
        _ = try await store.connection.query("PRAGMA query_only = 0")
        #expect(try await client.get("/healthz").status == .ok)
      }
    }
  }
#endif
