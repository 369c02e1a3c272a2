#if Links
  import Logging
  import NIOSSL
  import PostgresNIO

  /// Links in a PostgreSQL database, for more than one server on the same data.
  ///
  /// The tables are the SQLite store's (links, install tokens, click counts), created by the
  /// same schema steps; the version is kept in a one-row table `switchyard_schema`, and
  /// the steps run under an advisory lock, so servers starting together migrate once. Uniqueness
  /// of codes and tokens comes from primary keys, and a token is spent by one conditional
  /// `UPDATE`, so servers sharing the database never hand out a code twice nor redeem a token
  /// twice. A commit is acknowledged by PostgreSQL only once it is durable (the server's
  /// `synchronous_commit`, on by default).
  ///
  /// Connections come from a pool that reconnects by itself: while the database is unreachable
  /// the calls throw (the server answers `503`), and they succeed again once it is back.
  ///
  /// ```swift
  /// let store = try await PostgresLinkStore.open(
  ///   url: "postgres://links:secret@db.internal:5432/links")
  /// try await store.insert(LinkRecord(code: "hi", url: "myapp://home", route: "home",
  ///                                   values: [], created: 0))
  /// try await store.close()
  /// ```
  public final class PostgresLinkStore: LinkStore {
    /// The schema version this release writes: the number of the schema's steps, which both
    /// stores share.
    package static var schemaVersion: Int { LinkSchema.version }

    /// The schema, step by step, as PostgreSQL spells the steps.
    static var migrations: [[String]] { LinkSchema.steps.map(\.postgres) }

    /// The advisory lock the schema steps run under (any number, the same in every server).
    static let migrationLock: Int64 = 0x5377_6974_6368_7964

    /// The pool of connections every call goes through. A `Service`: the service runs it in
    /// its service group (``open(url:startsClient:)`` with `startsClient: false`, then
    /// `buildApplication(_:store:services: [store.client])`); otherwise the store runs it.
    public let client: PostgresClient
    /// The task running ``client`` when the store runs it itself.
    let runner: Task<Void, Never>?
    let logger = Logger(label: "switchyard.links.postgres")
    /// The URL as given, without its password (for messages).
    public let location: String
    public let installTokenKey: [UInt8]

    init(
      client: PostgresClient, location: String, installTokenKey: [UInt8] = [],
      startsClient: Bool = true
    ) {
      self.client = client
      self.location = location
      self.installTokenKey = installTokenKey
      self.runner = startsClient ? Task { await client.run() } : nil
    }

    /// Connects to the database at `url` (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`)
    /// and brings its schema up to date.
    ///
    /// The schema steps and the install tokens' secret go over one connection of their own,
    /// which also reports at once a server that is down or refuses the login (the pool would
    /// keep retrying). With `startsClient` (the default, for `switchyard-links import` and
    /// scripts), the store runs its pool itself until ``close()``. Without it, the pool is
    /// ``client``, a service for the caller's service group to run (and stop): the service's
    /// way, which then also refuses a database it cannot write, since nothing can go through
    /// the pool before the group runs it.
    ///
    /// ```swift
    /// let store = try await PostgresLinkStore.open(url: "postgres://links@127.0.0.1/links")
    /// ```
    /// - Throws: ``LinkStoreError`` naming the URL (without its password): it is malformed,
    ///   the database cannot be reached, it was written by a newer release, or (without
    ///   `startsClient`) it cannot be written.
    public static func open(url: String, startsClient: Bool = true) async throws(LinkStoreError)
      -> PostgresLinkStore
    {
      let address = try PostgresAddress(url)
      let location = address.redacted
      let tlsConfiguration = try address.tlsConfiguration()
      var configuration = PostgresClient.Configuration(
        host: address.host, port: address.port, username: address.user,
        password: address.password, database: address.database,
        tls: tlsConfiguration.map { .require($0) } ?? .disable)
      let tls: PostgresConnection.Configuration.TLS
      if let tlsConfiguration {
        do {
          tls = .require(try NIOSSLContext(configuration: tlsConfiguration))
        } catch {
          throw LinkStoreError(path: location, message: "cannot set up TLS: \(error)")
        }
      } else {
        tls = .disable
      }
      configuration.options.connectTimeout = .seconds(5)
      let logger = Logger(label: "switchyard.links.postgres")
      let connection: PostgresConnection
      do {
        connection = try await PostgresConnection.connect(
          configuration: .init(
            host: address.host, port: address.port, username: address.user,
            password: address.password, database: address.database, tls: tls),
          id: 0, logger: logger)
      } catch {
        throw LinkStoreError(
          path: location, message: "cannot open the database: \(Self.reason(error))")
      }
      let key: [UInt8]
      do {
        try await migrate(connection, location: location, logger: logger)
        key = try await loadInstallTokenKey(connection, location: location, logger: logger)
        if !startsClient {
          try await checkWritable(connection, location: location, logger: logger)
        }
      } catch {
        try? await connection.close()
        throw error
      }
      try? await connection.close()
      return PostgresLinkStore(
        client: PostgresClient(configuration: configuration), location: location,
        installTokenKey: key, startsClient: startsClient)
    }

    /// The install tokens' secret, made and stored by the first server that needs it (the
    /// others, starting at the same time, read the same row).
    static func loadInstallTokenKey(
      _ connection: PostgresConnection, location: String, logger: Logger
    ) async throws(LinkStoreError) -> [UInt8] {
      let name = SpentTokens.keyName
      do {
        for attempt in 0..<2 {
          for try await text in try await connection.query(
            "SELECT value FROM switchyard_keys WHERE name = \(name)", logger: logger
          ).decode(String.self) {
            guard let key = SpentTokens.key(text) else {
              throw LinkStoreError(
                path: location,
                message: "the install tokens' secret in switchyard_keys is malformed")
            }
            return key
          }
          guard attempt == 0 else { break }
          let text = SpentTokens.newKeyText()
          try await connection.query(
            """
            INSERT INTO switchyard_keys (name, value) VALUES (\(name), \(text))
            ON CONFLICT (name) DO NOTHING
            """, logger: logger)
        }
        throw LinkStoreError(
          path: location, message: "the install tokens' secret could not be stored")
      } catch let error as LinkStoreError {
        throw error
      } catch {
        throw LinkStoreError(path: location, message: Self.reason(error))
      }
    }

    /// Runs the missing schema steps (``LinkSchema``) in one transaction under the advisory
    /// lock, so that servers starting together run them once.
    static func migrate(_ connection: PostgresConnection, location: String, logger: Logger)
      async throws(LinkStoreError)
    {
      do {
        try await connection.withTransaction(logger: logger) { connection in
          try await connection.query(
            "SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger)
          try await connection.query(
            "CREATE TABLE IF NOT EXISTS switchyard_schema (version INTEGER NOT NULL)",
            logger: logger)
          var version = 0
          for try await value in try await connection.query(
            "SELECT version FROM switchyard_schema", logger: logger
          ).decode(Int.self) {
            version = value
          }
          let pending = try LinkSchema.pending(from: version, location: location)
          guard !pending.isEmpty else { return }
          for step in pending {
            for statement in step.postgres {
              try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
          }
          try await connection.query("DELETE FROM switchyard_schema", logger: logger)
          try await connection.query(
            "INSERT INTO switchyard_schema (version) VALUES (\(LinkSchema.version))",
            logger: logger)
        }
      } catch let error as LinkStoreError {
        throw error
      } catch let error as PostgresTransactionError {
        if let failure = error.closureError as? LinkStoreError { throw failure }
        throw LinkStoreError(
          path: location,
          message:
            "cannot open the database: \(Self.reason(error.closureError ?? error.beginError ?? error.commitError ?? error))"
        )
      } catch {
        throw LinkStoreError(
          path: location, message: "cannot open the database: \(Self.reason(error))")
      }
    }

    /// The stored schema version.
    func schemaVersionStored() async throws -> Int {
      var version = 0
      for try await value in try await client.query("SELECT version FROM switchyard_schema")
        .decode(Int.self)
      {
        version = value
      }
      return version
    }

    /// How long one call may wait for the database before it fails (the server then answers
    /// `503`): the pool keeps queued calls waiting while it reconnects.
    static let patience: Duration = .seconds(5)

    /// Runs `body` against the database, failing with a ``LinkStoreError`` that says why when
    /// the database fails or does not answer within ``patience``.
    func perform<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
      do {
        return try await withThrowingTaskGroup(of: T?.self) { group in
          group.addTask { try await body() }
          group.addTask {
            try await Task.sleep(for: Self.patience)
            return nil
          }
          defer { group.cancelAll() }
          guard let first = try await group.next(), let result = first else {
            throw LinkStoreError(
              path: location,
              message: "the database did not answer within \(Self.patience) (it is unreachable)")
          }
          return result
        }
      } catch let error as LinkStoreError {
        throw error
      } catch let error as CorruptLinkError {
        throw error
      } catch {
        throw LinkStoreError(path: location, message: Self.reason(error))
      }
    }

    /// A short reason for a PostgresNIO error, without the statement's values.
    static func reason(_ error: any Error) -> String {
      if let error = error as? PSQLError {
        if let message = error.serverInfo?[.message] {
          return "the database refused: \(message)"
        }
        if let underlying = error.underlying {
          return "the database is unreachable: \(underlying)"
        }
        return "the database is unreachable (\(error.code))"
      }
      return "the database is unreachable: \(error)"
    }

    public func insert(_ record: LinkRecord) async throws -> Bool {
      try await perform {
        let values = StoredValues.text(record.values)
        let rows = try await self.client.query(
          """
          INSERT INTO links (code, url, route, "values", title, description, image, expires, created)
          VALUES (\(record.code), \(record.url), \(record.route), \(values), \(record.title),
            \(record.description), \(record.image), \(record.expires), \(record.created))
          ON CONFLICT (code) DO NOTHING RETURNING code
          """, logger: self.logger)
        var inserted = false
        for try await _ in rows.decode(String.self) { inserted = true }
        return inserted
      }
    }

    public func link(code: String) async throws -> LinkRecord? {
      try await perform {
        let rows = try await self.client.query(
          """
          SELECT code, url, route, "values", title, description, image, expires, created
          FROM links WHERE code = \(code)
          """, logger: self.logger)
        var found: LinkRecord?
        // NOT NULL keeps these columns filled; a row without them is corrupt, never a link
        // to an empty URL.
        for try await (_, url, route, values, title, description, image, expires, created)
          in rows.decode(
            (String, String?, String?, String?, String?, String?, String?, Int64?, Int64?).self)
        {
          guard let url else {
            throw CorruptLinkError(location: self.location, code: code, column: "url")
          }
          guard let route else {
            throw CorruptLinkError(location: self.location, code: code, column: "route")
          }
          found = LinkRecord(
            code: code, url: url, route: route, values: StoredValues.pairs(values ?? "[]"),
            title: title, description: description, image: image, expires: expires,
            created: created ?? 0)
        }
        return found
      }
    }

    public func links(after: String?, limit: Int, route: String?, codePrefix: String?)
      async throws -> [LinkRecord]
    {
      try await perform {
        // Codes in byte order (COLLATE "C"), as SQLite orders them; `left` rather than LIKE,
        // whose `_` is a code's character.
        let rows = try await self.client.query(
          """
          SELECT code, url, route, "values", title, description, image, expires, created
          FROM links
          WHERE (\(after)::TEXT IS NULL OR code > \(after) COLLATE "C")
            AND (\(route)::TEXT IS NULL OR route = \(route))
            AND (\(codePrefix)::TEXT IS NULL OR left(code, \(codePrefix?.count ?? 0)) = \(codePrefix))
          ORDER BY code COLLATE "C" LIMIT \(limit)
          """, logger: self.logger)
        var records: [LinkRecord] = []
        for try await (code, url, route, values, title, description, image, expires, created)
          in rows.decode(
            (String, String?, String?, String?, String?, String?, String?, Int64?, Int64?).self)
        {
          guard let url else {
            throw CorruptLinkError(location: self.location, code: code, column: "url")
          }
          guard let route else {
            throw CorruptLinkError(location: self.location, code: code, column: "route")
          }
          records.append(
            LinkRecord(
              code: code, url: url, route: route, values: StoredValues.pairs(values ?? "[]"),
              title: title, description: description, image: image, expires: expires,
              created: created ?? 0))
        }
        return records
      }
    }

    public func update(_ record: LinkRecord) async throws -> Bool {
      try await perform {
        let values = StoredValues.text(record.values)
        var updated = false
        for try await _ in try await self.client.query(
          """
          UPDATE links SET url = \(record.url), route = \(record.route), "values" = \(values),
            title = \(record.title), description = \(record.description), image = \(record.image),
            expires = \(record.expires)
          WHERE code = \(record.code) RETURNING code
          """, logger: self.logger
        ).decode(String.self) {
          updated = true
        }
        return updated
      }
    }

    public func spendToken(id: String, code: String, expires: Int64, now: Int64) async throws
      -> Redemption
    {
      guard expires > now else { return .spent }
      guard let record = try await link(code: code) else { return .unknown }
      if record.isExpired(at: now) { return .spent }
      return try await perform {
        // The primary key decides: a second spender waits for the first one's insert, then
        // inserts nothing.
        var inserted = false
        for try await _ in try await self.client.query(
          """
          INSERT INTO spent_tokens (id, code, expires) VALUES (\(id), \(code), \(expires))
          ON CONFLICT (id) DO NOTHING RETURNING id
          """, logger: self.logger
        ).decode(String.self) {
          inserted = true
        }
        let limit = SpentTokens.sweepLimit
        try await self.client.query(
          """
          DELETE FROM spent_tokens WHERE id IN
            (SELECT id FROM spent_tokens WHERE expires <= \(now) LIMIT \(limit))
          """, logger: self.logger)
        return inserted ? .redeemed(record) : .spent
      }
    }

    /// Whether the database takes writes: not a standby, not `default_transaction_read_only`,
    /// and the user may insert into the tables the service writes.
    static let writableQuery: PostgresQuery = """
      SELECT current_setting('transaction_read_only') = 'off'
        AND has_table_privilege('links', 'INSERT')
        AND has_table_privilege('spent_tokens', 'INSERT')
        AND has_table_privilege('clicks', 'INSERT')
      """

    static func notWritable(_ location: String) -> LinkStoreError {
      LinkStoreError(
        path: location,
        message: "the database cannot be written (read-only, a standby, or the user may not insert)"
      )
    }

    /// ``checkWritable()`` over `connection` (before the pool runs).
    static func checkWritable(_ connection: PostgresConnection, location: String, logger: Logger)
      async throws(LinkStoreError)
    {
      var writable = false
      do {
        for try await value in try await connection.query(writableQuery, logger: logger).decode(
          Bool.self)
        {
          writable = value
        }
      } catch {
        throw LinkStoreError(path: location, message: Self.reason(error))
      }
      guard writable else { throw notWritable(location) }
    }

    public func checkWritable() async throws(LinkStoreError) {
      let writable: Bool
      do {
        writable = try await perform {
          var writable = false
          for try await value in try await self.client.query(
            Self.writableQuery, logger: self.logger
          ).decode(Bool.self) {
            writable = value
          }
          return writable
        }
      } catch let error as LinkStoreError {
        throw error
      } catch {
        throw LinkStoreError(path: location, message: Self.reason(error))
      }
      guard writable else { throw Self.notWritable(location) }
    }

    public func addClicks(_ counts: [ClickCount]) async throws {
      try await perform {
        guard !counts.isEmpty else { return }
        // One statement (so one transaction) however many counts: one array per column.
        // Counts of the same day, link and platform are summed first, since one statement may
        // not update a row twice.
        let days = counts.map(\.day)
        let codes = counts.map(\.code)
        let routes = counts.map(\.route)
        let platforms = counts.map(\.platform.rawValue)
        let clicks = counts.map { Int64($0.clicks) }
        let previews = counts.map { Int64($0.previews) }
        let opens = counts.map { Int64($0.appOpens) }
        let installs = counts.map { Int64($0.installs) }
        try await self.client.query(
          """
          INSERT INTO clicks (day, code, route, platform, clicks, previews, app_opens, installs)
          SELECT day, code, min(route), platform, sum(clicks), sum(previews), sum(opens),
            sum(installs)
          FROM unnest(\(days)::BIGINT[], \(codes)::TEXT[], \(routes)::TEXT[], \(platforms)::TEXT[],
            \(clicks)::BIGINT[], \(previews)::BIGINT[], \(opens)::BIGINT[], \(installs)::BIGINT[])
            AS counted (day, code, route, platform, clicks, previews, opens, installs)
          GROUP BY day, code, platform
          ON CONFLICT (day, code, platform) DO UPDATE SET clicks = clicks.clicks + excluded.clicks,
            previews = clicks.previews + excluded.previews,
            app_opens = clicks.app_opens + excluded.app_opens,
            installs = clicks.installs + excluded.installs
          """, logger: self.logger)
      }
    }

    public func clicks(from: Int64, to: Int64, by grouping: StatsGrouping, code: String?)
      async throws -> [StatsRow]
    {
      try await perform {
        let column =
          switch grouping {
          case .link: "code"
          case .route: "route"
          case .platform: "platform"
          case .day: "day::TEXT"
          }
        // Ties in byte order, as SQLite sorts them, whatever the database's collation.
        let order =
          grouping == .day
          ? "min(day)"
          : "n DESC, opens DESC, installs DESC, previews DESC, \(column) COLLATE \"C\""
        // Every link's rows, or those of `code` alone (`code` is bound, never spliced).
        let rows = try await self.client.query(
          """
          SELECT \(unescaped: column) AS key, sum(clicks)::BIGINT AS n,
            sum(previews)::BIGINT AS previews, sum(app_opens)::BIGINT AS opens,
            sum(installs)::BIGINT AS installs
          FROM clicks
          WHERE day BETWEEN \(from) AND \(to) AND (\(code)::TEXT IS NULL OR code = \(code))
          GROUP BY \(unescaped: column) ORDER BY \(unescaped: order)
          """, logger: self.logger)
        var result: [StatsRow] = []
        for try await (key, clicks, previews, opens, installs) in rows.decode(
          (String, Int64, Int64, Int64, Int64).self)
        {
          let text = grouping == .day ? StatsDay.text(Int64(key) ?? 0) : key
          result.append(
            StatsRow(
              key: text, clicks: Int(clicks), previews: Int(previews), appOpens: Int(opens),
              installs: Int(installs)))
        }
        return result
      }
    }

    /// How many links the database holds.
    ///
    /// ```swift
    /// try await store.count()  // 0 for a new database
    /// ```
    public func count() async throws -> Int {
      try await perform {
        var count: Int64 = 0
        for try await value in try await self.client.query(
          "SELECT count(*) FROM links", logger: self.logger
        )
        .decode(Int64.self) {
          count = value
        }
        return Int(count)
      }
    }

    public func isReachable() async -> Bool {
      do {
        return try await perform {
          for try await _ in try await self.client.query("SELECT 1", logger: self.logger).decode(
            Int32.self)
          {
          }
          return true
        }
      } catch {
        return false
      }
    }

    /// Closes the connections.
    ///
    /// ```swift
    /// await store.close()
    /// ```
    public func close() async {
      runner?.cancel()
      await runner?.value
    }
  }

  /// The parts of a `postgres://` URL the store connects with.
  struct PostgresAddress: Sendable, Hashable {
    var user: String
    var password: String?
    var host: String
    var port: Int
    var database: String?
    /// The URL without its password.
    var redacted: String

    /// How the connections use TLS (`?sslmode=`, as libpq names the modes).
    var tls: TLSMode = .disable

    /// `?sslmode=disable` (the default), `require` (TLS, the server's certificate not
    /// checked: only against a passive eavesdropper) or `verify-full` (TLS, the certificate
    /// checked against `sslrootcert=FILE`, else the system's roots, and the host name).
    enum TLSMode: Sendable, Hashable {
      case disable
      case require
      case verifyFull(caFile: String?)
    }

    /// Reads `postgres[ql]://USER[:PASSWORD]@HOST[:PORT][/DATABASE][?sslmode=MODE[&sslrootcert=FILE]]`;
    /// percent escapes in the user, password, database and parameters are decoded.
    init(_ url: String) throws(LinkStoreError) {
      func fail(_ message: String) -> LinkStoreError {
        LinkStoreError(path: "--postgres", message: message)
      }
      var rest = Substring(url)
      if rest.hasPrefix("postgres://") {
        rest = rest.dropFirst("postgres://".count)
      } else if rest.hasPrefix("postgresql://") {
        rest = rest.dropFirst("postgresql://".count)
      } else {
        throw fail("the URL must start with postgres:// (like postgres://user@127.0.0.1/links)")
      }
      if rest.contains("#") { throw fail("the URL takes no fragment") }
      var query: Substring = ""
      if let mark = rest.firstIndex(of: "?") {
        query = rest[rest.index(after: mark)...]
        rest = rest[..<mark]
      }
      var mode: Substring = "disable"
      var rootCertificate: String?
      for parameter in query.split(separator: "&") {
        let parts = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let value = Self.decode(parts[1]) else {
          throw fail("the parameter '\(parameter)' is not NAME=VALUE")
        }
        switch parts[0] {
        case "sslmode": mode = Substring(value)
        case "sslrootcert": rootCertificate = value
        default:
          throw fail(
            "unknown parameter '\(parts[0])': the URL takes sslmode (disable, require, verify-full) and sslrootcert"
          )
        }
      }
      switch mode {
      case "disable": tls = .disable
      case "require": tls = .require
      case "verify-full": tls = .verifyFull(caFile: rootCertificate)
      default:
        throw fail(
          "sslmode=\(mode) is not one of disable, require, verify-full (prefer, allow and verify-ca are not offered)"
        )
      }
      if rootCertificate != nil, mode != "verify-full" {
        throw fail("sslrootcert goes with sslmode=verify-full")
      }
      guard let at = rest.lastIndex(of: "@") else {
        throw fail("the URL names no user (postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE)")
      }
      let credentials = rest[..<at]
      var location = rest[rest.index(after: at)...]
      var database: Substring?
      if let slash = location.firstIndex(of: "/") {
        database = location[location.index(after: slash)...]
        location = location[..<slash]
      }
      let userText: Substring
      var passwordText: Substring?
      if let colon = credentials.firstIndex(of: ":") {
        userText = credentials[..<colon]
        passwordText = credentials[credentials.index(after: colon)...]
      } else {
        userText = credentials
      }
      var hostText = location
      var port = 5432
      if location.hasPrefix("[") {
        guard let close = location.firstIndex(of: "]") else {
          throw fail("the host '\(location)' has no closing ']'")
        }
        hostText = location[location.index(after: location.startIndex)..<close]
        let after = location[location.index(after: close)...]
        if !after.isEmpty {
          guard after.hasPrefix(":"), let number = Int(after.dropFirst()) else {
            throw fail("the port after '\(hostText)' is not a number")
          }
          port = number
        }
      } else if let colon = location.lastIndex(of: ":") {
        hostText = location[..<colon]
        guard let number = Int(location[location.index(after: colon)...]) else {
          throw fail("the port '\(location[location.index(after: colon)...])' is not a number")
        }
        port = number
      }
      guard (1...65535).contains(port) else { throw fail("the port \(port) is not 1 to 65535") }
      guard !hostText.isEmpty else { throw fail("the URL names no host") }
      guard let user = Self.decode(userText), !user.isEmpty else {
        throw fail("the user name is empty or badly percent-encoded")
      }
      self.user = user
      if let passwordText {
        guard let password = Self.decode(passwordText) else {
          throw fail("the password is badly percent-encoded")
        }
        self.password = password
      }
      self.host = String(hostText)
      self.port = port
      if let database, !database.isEmpty {
        guard let name = Self.decode(database) else {
          throw fail("the database name is badly percent-encoded")
        }
        self.database = name
      }
      self.redacted =
        "postgres://\(userText)\(passwordText == nil ? "" : ":***")@\(location)"
        + (database.map { "/\($0)" } ?? "") + (query.isEmpty ? "" : "?\(query)")
    }

    /// The TLS settings of ``tls``; `nil` for `sslmode=disable`.
    ///
    /// - Throws: ``LinkStoreError`` when the CA file cannot be read.
    func tlsConfiguration() throws(LinkStoreError) -> TLSConfiguration? {
      var configuration = TLSConfiguration.makeClientConfiguration()
      switch tls {
      case .disable:
        return nil
      case .require:
        configuration.certificateVerification = .none
      case .verifyFull(let caFile):
        configuration.certificateVerification = .fullVerification
        if let caFile {
          do {
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
          } catch {
            throw LinkStoreError(
              path: redacted, message: "cannot read the CA file \(caFile) (sslrootcert): \(error)")
          }
        }
      }
      return configuration
    }

    /// `text` with its `%XX` escapes decoded; `nil` when one is malformed or not UTF-8.
    static func decode(_ text: Substring) -> String? {
      var bytes: [UInt8] = []
      var index = text.utf8.startIndex
      let utf8 = text.utf8
      while index != utf8.endIndex {
        let byte = utf8[index]
        if byte == UInt8(ascii: "%") {
          let first = utf8.index(after: index)
          guard first != utf8.endIndex else { return nil }
          let second = utf8.index(after: first)
          guard second != utf8.endIndex,
            let high = hexValue(utf8[first]), let low = hexValue(utf8[second])
          else { return nil }
          bytes.append(high << 4 | low)
          index = utf8.index(after: second)
        } else {
          bytes.append(byte)
          index = utf8.index(after: index)
        }
      }
      return String(validating: bytes, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
      default: nil
      }
    }
  }
#endif
