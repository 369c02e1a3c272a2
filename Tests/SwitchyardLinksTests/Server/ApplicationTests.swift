#if Links
  import HTTPTypes
  import Hummingbird
  import HummingbirdTesting
  import Logging
  import NIOConcurrencyHelpers
  import NIOCore
  import SQLiteNIO
  import Switchyard
  import SwitchyardFiles
  @testable import SwitchyardLinks
  import Testing

  /// The app `buildApplication` returns, run by HummingbirdTesting: its services, its request
  /// log, its answers to a store that fails or holds a corrupt row.
  @Suite("buildApplication: services, request log, 5xx causes, corrupt rows, the schema")
  struct ApplicationTests {
    static let desktop = "Mozilla/5.0 (X11; Linux x86_64) SecretAgent/7.1"

    /// The tests' configuration over `store`, with the request log in `log`.
    static func app(
      store: any LinkStore, log: LogRecorder, counter: ClickCounter? = nil
    ) throws -> some ApplicationProtocol {
      let time = TestTime()
      let configuration = try LinksTestServer.configuration(time: time)
      var logger = Logger(label: "switchyard.links.tests") { _ in log.handler() }
      logger.logLevel = .trace
      return try buildApplication(configuration, store: store, counter: counter, logger: logger)
    }

    static func mint(_ client: some TestClientProtocol, _ json: String) async throws -> String {
      let answer = try await client.execute(
        uri: "/v1/links", method: .post,
        headers: [
          .authorization: "Bearer \(LinksTestServer.token)", .contentType: "application/json",
        ],
        body: ByteBuffer(string: json))
      #expect(answer.status == .created, "\(String(buffer: answer.body))")
      return try #require(jsonString(String(buffer: answer.body), "code"))
    }

    @Test("the router framework runs the shipped app on an in-memory store: mint, redirect, info")
    func inMemoryRouter() async throws {
      let store = InMemoryLinkStore()
      let log = LogRecorder()
      try await Self.app(store: store, log: log).test(.router) { client in
        let code = try await Self.mint(client, #"{"url":"https://example.com/articles/7/hi"}"#)
        let visit = try await client.execute(
          uri: "/l/" + code, method: .get, headers: [.userAgent: Self.desktop])
        #expect(visit.status == .found)
        #expect(visit.headers[.location] == "https://example.com/articles/7/hi")
        let info = try await client.execute(uri: "/v1/links/" + code, method: .get)
        #expect(info.status == .ok)
        #expect(info.headers[.contentType] == "application/json")
        #expect(jsonString(String(buffer: info.body), "route") == "article")
        let head = try await client.execute(uri: "/v1/links/" + code, method: .head)
        #expect(head.status == .ok)
      }
      #expect(try await store.link(code: "nosuch") == nil)
    }

    @Test("the click counter is a service of the app: its counts are stored when the app stops")
    func counterFlushesOnShutdown() async throws {
      let store = InMemoryLinkStore()
      // Its timer never fires during the test: only the graceful shutdown writes the count.
      let counter = ClickCounter(store: store, interval: .seconds(86_400))
      try await Self.app(store: store, log: LogRecorder(), counter: counter).test(.live) {
        client in
        let code = try await Self.mint(client, #"{"url":"https://example.com/articles/7/hi"}"#)
        let visit = try await client.execute(
          uri: "/l/" + code, method: .get, headers: [.userAgent: Self.desktop])
        #expect(visit.status == .found)
        #expect(await counter.pendingCounts == 1)
      }
      #expect(await counter.pendingCounts == 0)
      let rows = try await store.clicks(from: 0, to: 1_000_000, by: .route)
      #expect(rows == [StatsRow(key: "article", clicks: 1)])
    }

    @Test("every request is logged: method, path, status, duration; no query, address or agent")
    func requestLog() async throws {
      let log = LogRecorder()
      try await Self.app(store: InMemoryLinkStore(), log: log).test(.router) { client in
        let answer = try await client.execute(
          uri: "/l/nosuch?utm_source=secret-campaign&email=a%40b.example", method: .get,
          headers: [.userAgent: Self.desktop, .cookie: "session=private-cookie"])
        #expect(answer.status == .notFound)
        _ = try await client.execute(uri: "/v1/links", method: .get)
      }
      let lines = log.lines.withLockedValue { $0 }
      let requests = lines.filter { $0.hasPrefix("info GET ") }
      #expect(requests.count == 2, "\(lines)")
      #expect(requests.first?.hasPrefix("info GET /l/nosuch 404 ") == true, "\(requests)")
      #expect(requests.first?.contains(" ms ") == true, "\(requests)")
      #expect(requests.first?.contains("duration_ms") == true, "\(requests)")
      #expect(requests.last?.hasPrefix("info GET /v1/links 401 ") == true, "\(requests)")
      for line in lines {
        for secret in ["secret-campaign", "utm_source", "a%40b", "SecretAgent", "private-cookie"] {
          #expect(!line.contains(secret), "\(line)")
        }
      }
    }

    /// A store whose look-ups fail, as a database that went away does.
    struct FailingStore: LinkStore {
      let base = InMemoryLinkStore()
      static let failure = LinkStoreError(path: "db.internal", message: "the disk is on fire")

      func insert(_ record: LinkRecord) async throws -> Bool { try await base.insert(record) }
      func insertAll(_ records: [LinkRecord]) async throws -> [String] { [] }
      func link(code: String) async throws -> LinkRecord? { throw Self.failure }
      func links(after: String?, limit: Int, route: String?, codePrefix: String?) async throws
        -> [LinkRecord]
      { throw Self.failure }
      func update(_ record: LinkRecord) async throws -> Bool { throw Self.failure }
      func isReachable() async -> Bool { false }
      var installTokenKey: [UInt8] { base.installTokenKey }
      func spendToken(id: String, code: String, expires: Int64, now: Int64) async throws
        -> Redemption
      { throw Self.failure }
      func checkWritable() async throws(LinkStoreError) { throw Self.failure }
      func addClicks(_ counts: [ClickCount]) async throws { throw Self.failure }
      func clicks(from: Int64, to: Int64, by grouping: StatsGrouping, code: String?) async throws
        -> [StatsRow]
      { throw Self.failure }
    }

    @Test("a 5xx gets an error line with its cause; the client gets JSON without it")
    func failuresAreLogged() async throws {
      let log = LogRecorder()
      try await Self.app(store: FailingStore(), log: log).test(.router) { client in
        let info = try await client.execute(uri: "/v1/links/abc", method: .get)
        #expect(info.status == .serviceUnavailable)
        #expect(jsonString(String(buffer: info.body), "error") == "the store is unreachable")
        #expect(!String(buffer: info.body).contains("on fire"))
        let page = try await client.execute(
          uri: "/l/abc", method: .get, headers: [.userAgent: Self.desktop])
        #expect(page.status == .serviceUnavailable)
        let health = try await client.execute(uri: "/healthz", method: .get)
        #expect(health.status == .serviceUnavailable)
      }
      let errors = log.lines.withLockedValue { $0 }.filter { $0.hasPrefix("error ") }
      #expect(errors.count == 3, "\(errors)")
      #expect(
        errors.first?.hasPrefix("error GET /v1/links/abc 503: db.internal: the disk is on fire")
          == true, "\(errors)")
      #expect(errors.dropFirst().first?.hasPrefix("error GET /l/abc 503: db.internal") == true)
      #expect(errors.last?.hasPrefix("error GET /healthz 503: ") == true, "\(errors)")
    }

    @Test("a corrupt row (its url not text): 500 JSON and an error line, never an empty Location")
    func corruptRow() async throws {
      let path = try temporaryFolder() + "/links.sqlite"
      let store = try await SQLiteLinkStore.open(path: path)
      // What NOT NULL cannot stop: a value that is not text.
      _ = try await store.connection.query(
        """
        INSERT INTO links (code, url, route, "values", created)
        VALUES ('broken', X'00', 'article', '[]', 0)
        """)
      let log = LogRecorder()
      try await Self.app(store: store, log: log).test(.router) { client in
        for agent in [Self.desktop, "Twitterbot/1.0"] {
          let visit = try await client.execute(
            uri: "/l/broken", method: .get, headers: [.userAgent: agent])
          #expect(visit.status == .internalServerError)
          #expect(visit.headers[.location] == nil)
          #expect(visit.headers[.contentType] == "application/json")
          #expect(
            jsonString(String(buffer: visit.body), "error")
              == "the link broken cannot be read: its stored row is corrupt")
        }
        let info = try await client.execute(uri: "/v1/links/broken", method: .get)
        #expect(info.status == .internalServerError)
        #expect(jsonString(String(buffer: info.body), "field") == "code")
      }
      try await store.close()
      let errors = log.lines.withLockedValue { $0 }.filter { $0.hasPrefix("error ") }
      #expect(errors.count == 3, "\(errors)")
      #expect(errors.allSatisfy { $0.contains("the stored row of the link broken is corrupt") })
    }

    @Test("the schema version is the number of steps, each written for both stores")
    func schemaVersionFromSteps() throws {
      #expect(LinkSchema.version == LinkSchema.steps.count)
      #expect(SQLiteLinkStore.schemaVersion == LinkSchema.version)
      #expect(PostgresLinkStore.schemaVersion == LinkSchema.version)
      #expect(SQLiteLinkStore.migrations.count == LinkSchema.version)
      #expect(PostgresLinkStore.migrations.count == LinkSchema.version)
      for step in LinkSchema.steps {
        #expect(!step.sqlite.isEmpty && !step.postgres.isEmpty)
      }
      #expect(try LinkSchema.pending(from: 0, location: "x").count == LinkSchema.version)
      #expect(try LinkSchema.pending(from: LinkSchema.version, location: "x").isEmpty)
      #expect(
        try LinkSchema.pending(from: 3, location: "x").first?.sqlite.first?
          .contains("ALTER TABLE clicks ADD COLUMN previews") == true)
      #expect(throws: LinkStoreError.self) {
        try LinkSchema.pending(from: LinkSchema.version + 1, location: "x")
      }
    }

    @Test("the landing page says which policy it needs: the script's hash only with the script")
    func landingPagePolicy() {
      let preview = LinkPreview(
        title: "Post", shortLink: "https://go.example.com/l/abc",
        longURL: "myapp://post/1", webURL: "https://example.com/post/1")
      let stores = StoreLinks(appStoreID: "123456789", androidPackage: "com.example.app")
      let token = "AAAAAAAAAAAAAAAAAAAAAA"
      let withScript = LinkPages.landingPage(
        preview, for: .iOSBrowser, stores: stores, installToken: token)
      #expect(withScript.html.contains("<script>"))
      #expect(withScript.contentSecurityPolicy == LinkPages.installContentSecurityPolicy)
      for page in [
        LinkPages.landingPage(preview, for: .iOSBrowser, stores: stores),
        LinkPages.landingPage(preview, for: .androidBrowser, stores: stores, installToken: token),
        // A short link a page cannot link to gets no "Get the app" button, so no script.
        LinkPages.landingPage(
          LinkPreview(
            title: "Post", shortLink: "javascript:alert(1)", longURL: "myapp://post/1"),
          for: .iOSBrowser, stores: stores, installToken: token),
      ] {
        #expect(!page.html.contains("<script>"))
        #expect(page.contentSecurityPolicy == LinkPages.contentSecurityPolicy)
      }
    }
  }
#endif
