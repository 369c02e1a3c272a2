#if Links
  import HTTPTypes
  import Hummingbird
  import HummingbirdTesting
  import Logging
  import NIOCore
  import Switchyard
  import SwitchyardFiles
  import SwitchyardLinks
  import NIOConcurrencyHelpers
  import Testing

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// A response as the tests read it.
  struct HTTPAnswer: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: String
    var bytes: [UInt8]
  }

  enum HarnessError: Error {
    case noTemporaryFolder
  }

  /// One HTTP/1.1 request per connection to 127.0.0.1:`port`, read to its end, with
  /// HummingbirdTesting's client: for the app a test runs (``LinksTestServer``) and for the
  /// `switchyard-links` processes the tests start.
  struct HTTPClient: Sendable {
    let port: Int

    func send(
      _ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:],
      body: [UInt8]? = nil
    ) async throws -> HTTPAnswer {
      let request = TestClient.Request(
        path, method: method, authority: "127.0.0.1:\(port)", headers: headers,
        body: body.map { ByteBuffer(bytes: $0) })
      // A minute: only a guard against a server that never answers (no duration is asserted).
      let response = try await TestClient.withClient(
        host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(60))
      ) { client in
        try await client.execute(request)
      }
      let bytes = response.body.map { Array($0.readableBytesView) } ?? []
      return HTTPAnswer(
        status: response.head.status, headers: response.head.headerFields,
        body: String(decoding: bytes, as: UTF8.self), bytes: bytes)
    }

    func get(_ path: String, userAgent: String? = nil) async throws -> HTTPAnswer {
      var headers = HTTPFields()
      if let userAgent { headers[.userAgent] = userAgent }
      return try await send(.get, path, headers: headers)
    }

    /// `POST /v1/links` with the test token (or `token`).
    func mint(_ json: String, token: String? = LinksTestServer.token) async throws -> HTTPAnswer {
      try await mint(bytes: Array(json.utf8), token: token)
    }

    func mint(bytes: [UInt8], token: String? = LinksTestServer.token) async throws -> HTTPAnswer {
      var headers = HTTPFields()
      headers[.contentType] = "application/json"
      if let token { headers[.authorization] = "Bearer \(token)" }
      return try await send(.post, "/v1/links", headers: headers, body: bytes)
    }
  }

  /// A test's clock: seconds since 1970 that the test sets.
  final class TestTime: Sendable {
    let seconds = NIOLockedValueBox<Int64>(1_800_000_000)
    func now() -> Int64 { seconds.withLockedValue { $0 } }
    func advance(by delta: Int64) { seconds.withLockedValue { $0 += delta } }
  }

  /// A new empty folder under the system's temporary folder.
  func temporaryFolder() throws -> String {
    var template = Array("/tmp/switchyard-links-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw HarnessError.noTemporaryFolder }
    return String(cString: made)
  }

  enum LinksTestServer {
    static let token = "test-token-4f1c"

    /// The built-in example table, the configuration the tests share.
    static func configuration(time: TestTime) throws -> LinksConfiguration {
      var configuration = LinksConfiguration(
        table: try BuiltInRoutes.table(), now: { time.now() })
      configuration.hosts = ["go.example.com"]
      configuration.appIDs = ["ABCDE12345.com.example.myapp"]
      configuration.androidPackage = "com.example.myapp"
      configuration.fingerprints = [
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
      ]
      configuration.appStoreID = "123456789"
      configuration.token = token
      return configuration
    }

    /// Runs the service on a free loopback port over a new SQLite file, calls `test`, then
    /// stops the server (also when `test` throws).
    static func run<Value: Sendable>(
      configure: (inout LinksConfiguration) -> Void = { _ in },
      _ test: @Sendable (HTTPClient, SQLiteLinkStore, TestTime) async throws -> Value
    ) async throws -> Value {
      try await run(configure: configure) { server in
        try await test(server.client, server.store, server.time)
      }
    }

    /// What a test of the running service holds.
    struct Running: Sendable {
      var client: HTTPClient
      var store: SQLiteLinkStore
      var time: TestTime
      /// The service's click counter: the tests flush it themselves (it runs no timer here).
      var counter: ClickCounter
      /// The database file.
      var path: String
    }

    /// ``run(configure:_:)-(_,(HTTPClient,SQLiteLinkStore,TestTime))`` with the counter, the
    /// file's path and the server's log lines (every level) at hand.
    ///
    /// The app is the one `switchyard-links` runs, made by `buildApplication` (its router,
    /// middleware, timeouts, connection limit and services, the click counter among them), run
    /// by HummingbirdTesting on a free loopback port. Its counter flushes once a day, so
    /// that the tests flush it when they mean to (and it flushes as the app stops).
    static func run<Value: Sendable>(
      configure: (inout LinksConfiguration) -> Void = { _ in },
      log: LogRecorder? = nil,
      _ test: @Sendable (Running) async throws -> Value
    ) async throws -> Value {
      let time = TestTime()
      var configuration = try configuration(time: time)
      configure(&configuration)
      let folder = try temporaryFolder()
      let path = folder + "/links.sqlite"
      let store = try await SQLiteLinkStore.open(path: path)
      let counter = ClickCounter(store: store, interval: .seconds(86_400))
      var logger = Logger(label: "switchyard.links.tests")
      logger.logLevel = .critical
      if let log {
        logger = Logger(label: "switchyard.links.tests") { _ in log.handler() }
        logger.logLevel = .trace
      }
      do {
        let app = try buildApplication(
          configuration, store: store, counter: counter, logger: logger)
        let value = try await app.test(.live) { client in
          let port = try #require(client.port)
          return try await test(
            Running(
              client: HTTPClient(port: port), store: store, time: time, counter: counter,
              path: path))
        }
        // A test may have closed the store itself (to make it unreachable).
        try? await store.close()
        return value
      } catch {
        try? await store.close()
        throw error
      }
    }
  }

  /// Keeps every log line a logger writes, for tests that read what the service logs.
  final class LogRecorder: Sendable {
    let lines = NIOLockedValueBox<[String]>([])

    func handler() -> Handler { Handler(recorder: self) }

    struct Handler: LogHandler {
      let recorder: LogRecorder
      var metadata: Logger.Metadata = [:]
      var logLevel: Logger.Level = .trace

      subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
      }

      func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        let line = "\(event.level) \(event.message) \(all) \(event.source)"
        recorder.lines.withLockedValue { $0.append(line) }
      }
    }
  }

  /// The value of `"key":"…"` in a flat JSON answer (enough for the tests' own checks).
  func jsonString(_ body: String, _ key: String) -> String? {
    guard let value = try? JSONParser.parse(body) else { return nil }
    return value[key]?.stringValue
  }
#endif
