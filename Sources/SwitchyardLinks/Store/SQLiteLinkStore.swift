#if Links
  import Logging
  import NIOCore
  import NIOPosix
  import SQLiteNIO
  import SwitchyardFiles

  /// Links in one SQLite file (SQLite itself is compiled into the binary by sqlite-nio).
  ///
  /// Opening the file brings its schema up to date (the versions are in `PRAGMA user_version`);
  /// a file written by a newer release is refused and left as it is. The journal is WAL with
  /// `synchronous=FULL`: each commit is on disk (the WAL file synced) before `insert` returns,
  /// so a `201` survives `kill -9` and a power cut. `NORMAL`, SQLite's usual choice with WAL,
  /// survives `kill -9` too but can lose the last commits on power loss.
  ///
  /// ```swift
  /// let store = try await SQLiteLinkStore.open(path: "switchyard-links.sqlite")
  /// try await store.insert(LinkRecord(code: "hi", url: "myapp://home", route: "home",
  ///                                   values: [], created: 0))
  /// try await store.close()
  /// ```
  public final class SQLiteLinkStore: LinkStore {
    /// The schema version this release writes. Each step of ``migrations`` raises it by one.
    public static let schemaVersion = 5

    /// The schema, step by step: step `n` takes a file from version `n` to `n + 1`.
    static let migrations: [[String]] = [
      [
        """
        CREATE TABLE links (
          code TEXT PRIMARY KEY NOT NULL,
          url TEXT NOT NULL,
          route TEXT NOT NULL,
          "values" TEXT NOT NULL,
          title TEXT,
          description TEXT,
          image TEXT,
          expires INTEGER,
          created INTEGER NOT NULL
        ) WITHOUT ROWID
        """
      ],
      // 2: install tokens, each tied to one visit of one link; `redeemed` is set once.
      [
        """
        CREATE TABLE install_tokens (
          token TEXT PRIMARY KEY NOT NULL,
          code TEXT NOT NULL,
          created INTEGER NOT NULL,
          expires INTEGER NOT NULL,
          redeemed INTEGER
        ) WITHOUT ROWID
        """
      ],
      // 3: click counts per day, link and platform class; nothing about who clicked.
      [
        """
        CREATE TABLE clicks (
          day INTEGER NOT NULL,
          code TEXT NOT NULL,
          route TEXT NOT NULL,
          platform TEXT NOT NULL,
          clicks INTEGER NOT NULL,
          PRIMARY KEY (day, code, platform)
        ) WITHOUT ROWID
        """,
        "CREATE INDEX clicks_route ON clicks (route, day)",
      ],
      // 4 (statistics): previews by crawlers, app opens and installs counted apart from
      // clicks by people. The crawler fetches that versions up to 3 counted as clicks (platform
      // 'crawler') become previews; `?code=` reads one link's rows by its index.
      [
        "ALTER TABLE clicks ADD COLUMN previews INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE clicks ADD COLUMN app_opens INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE clicks ADD COLUMN installs INTEGER NOT NULL DEFAULT 0",
        "UPDATE clicks SET previews = previews + clicks, clicks = 0 WHERE platform = 'crawler'",
        "CREATE INDEX clicks_code ON clicks (code, day)",
      ],
      // 5: install tokens carry their own proof (an HMAC under the secret in `switchyard_keys`),
      // so a phone's visit writes nothing. A row is written only when a token is spent — its
      // primary key keeps "exactly once" — and deleted once the token has expired. The rows of
      // step 2, one per visit, go (tokens handed out before this step are not redeemable).
      [
        "DROP TABLE install_tokens",
        """
        CREATE TABLE spent_tokens (
          id TEXT PRIMARY KEY NOT NULL,
          code TEXT NOT NULL,
          expires INTEGER NOT NULL
        ) WITHOUT ROWID
        """,
        "CREATE INDEX spent_tokens_expires ON spent_tokens (expires)",
        """
        CREATE TABLE switchyard_keys (
          name TEXT PRIMARY KEY NOT NULL,
          value TEXT NOT NULL
        ) WITHOUT ROWID
        """,
      ],
    ]

    let connection: SQLiteConnection
    /// The file's path as given.
    public let path: String
    public let installTokenKey: [UInt8]
    /// The least free space on the file's disk that ``checkWritable()`` accepts.
    let minimumFreeSpace: UInt64

    init(
      connection: SQLiteConnection, path: String, installTokenKey: [UInt8] = [],
      minimumFreeSpace: UInt64 = SpentTokens.minimumFreeSpace
    ) {
      self.connection = connection
      self.path = path
      self.installTokenKey = installTokenKey
      self.minimumFreeSpace = minimumFreeSpace
    }

    /// Opens (creating when missing) the database at `path` and brings its schema up to date.
    ///
    /// ```swift
    /// let store = try await SQLiteLinkStore.open(path: "/var/lib/links/links.sqlite")
    /// ```
    /// - Throws: ``LinkStoreError`` naming the file: it cannot be opened, is not a database,
    ///   or was written by a newer release.
    public static func open(path: String) async throws(LinkStoreError) -> SQLiteLinkStore {
      try await open(path: path, minimumFreeSpace: SpentTokens.minimumFreeSpace)
    }

    /// ``open(path:)`` with the least free space ``checkWritable()`` accepts.
    static func open(path: String, minimumFreeSpace: UInt64) async throws(LinkStoreError)
      -> SQLiteLinkStore
    {
      let logger = Logger(label: "switchyard.links.sqlite")
      let connection: SQLiteConnection
      do {
        connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
      } catch {
        throw LinkStoreError(path: path, message: "cannot open the database: \(error)")
      }
      let store = SQLiteLinkStore(connection: connection, path: path)
      let key: [UInt8]
      do {
        try await store.migrate()
        key = try await store.loadInstallTokenKey()
      } catch {
        try? await connection.close()
        throw error
      }
      return SQLiteLinkStore(
        connection: connection, path: path, installTokenKey: key,
        minimumFreeSpace: minimumFreeSpace)
    }

    /// The install tokens' secret, made (from the system's random generator) and stored the
    /// first time.
    func loadInstallTokenKey() async throws(LinkStoreError) -> [UInt8] {
      do {
        for attempt in 0..<2 {
          let rows = try await connection.query(
            "SELECT value FROM switchyard_keys WHERE name = ?", [.text(SpentTokens.keyName)])
          if let text = rows.first?.column("value")?.string, let key = SpentTokens.key(text) {
            return key
          }
          guard attempt == 0 else { break }
          _ = try await connection.query(
            "INSERT INTO switchyard_keys (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
            [.text(SpentTokens.keyName), .text(SpentTokens.newKeyText())])
        }
      } catch {
        throw LinkStoreError(
          path: path, message: "cannot read or store the install tokens' secret: \(error)")
      }
      throw LinkStoreError(
        path: path, message: "the install tokens' secret in switchyard_keys is malformed")
    }

    /// Sets the durability settings and runs the missing schema steps, each in a transaction.
    func migrate() async throws(LinkStoreError) {
      do {
        // Waits (up to 5 s) for another process holding the write lock instead of failing.
        _ = try await connection.query("PRAGMA busy_timeout = 5000")
        let version = try await userVersion()
        guard version <= Self.schemaVersion else {
          throw LinkStoreError(
            path: path,
            message:
              "the database has schema version \(version), written by a newer release; this "
              + "one reads up to version \(Self.schemaVersion) and leaves the file unchanged")
        }
        let journal = try await connection.query("PRAGMA journal_mode = WAL")
        guard journal.first?.column("journal_mode")?.string?.lowercased() == "wal" else {
          throw LinkStoreError(path: path, message: "the database cannot use a WAL journal")
        }
        _ = try await connection.query("PRAGMA synchronous = FULL")
        for step in version..<Self.schemaVersion {
          _ = try await connection.query("BEGIN IMMEDIATE")
          do {
            for statement in Self.migrations[step] {
              _ = try await connection.query(statement)
            }
            _ = try await connection.query("PRAGMA user_version = \(step + 1)")
            _ = try await connection.query("COMMIT")
          } catch {
            _ = try? await connection.query("ROLLBACK")
            throw error
          }
        }
      } catch let error as LinkStoreError {
        throw error
      } catch {
        throw LinkStoreError(path: path, message: "cannot open the database: \(error)")
      }
    }

    /// The file's `PRAGMA user_version`.
    func userVersion() async throws -> Int {
      let rows = try await connection.query("PRAGMA user_version")
      return Int(rows.first?.column("user_version")?.integer ?? 0)
    }

    public func insert(_ record: LinkRecord) async throws -> Bool {
      let values = StoredValues.text(record.values)
      // `ON CONFLICT DO NOTHING` leaves a taken code to the primary key; `RETURNING` says
      // whether the row went in.
      let rows = try await connection.query(
        """
        INSERT INTO links (code, url, route, "values", title, description, image, expires, created)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (code) DO NOTHING RETURNING code
        """,
        [
          .text(record.code), .text(record.url), .text(record.route), .text(values),
          record.title.map(SQLiteData.text) ?? .null,
          record.description.map(SQLiteData.text) ?? .null,
          record.image.map(SQLiteData.text) ?? .null,
          record.expires.map { .integer(SQLiteInt64($0)) } ?? .null,
          .integer(SQLiteInt64(record.created)),
        ])
      return !rows.isEmpty
    }

    public func link(code: String) async throws -> LinkRecord? {
      let rows = try await connection.query(
        """
        SELECT code, url, route, "values", title, description, image, expires, created
        FROM links WHERE code = ?
        """, [.text(code)])
      guard let row = rows.first else { return nil }
      let values = StoredValues.pairs(row.column("values")?.string ?? "[]")
      return LinkRecord(
        code: row.column("code")?.string ?? code, url: row.column("url")?.string ?? "",
        route: row.column("route")?.string ?? "", values: values,
        title: row.column("title")?.string, description: row.column("description")?.string,
        image: row.column("image")?.string,
        expires: row.column("expires")?.integer.map(Int64.init),
        created: Int64(row.column("created")?.integer ?? 0))
    }

    public func spendToken(id: String, code: String, expires: Int64, now: Int64) async throws
      -> Redemption
    {
      guard expires > now else { return .spent }
      guard let record = try await link(code: code) else { return .unknown }
      if record.isExpired(at: now) { return .spent }
      // The primary key decides: of any number of spenders, one alone inserts the row.
      let spent = try await connection.query(
        """
        INSERT INTO spent_tokens (id, code, expires) VALUES (?, ?, ?)
        ON CONFLICT (id) DO NOTHING RETURNING id
        """, [.text(id), .text(code), .integer(SQLiteInt64(expires))])
      // A bounded number of expired rows go with each spend: a token past its expiry is
      // refused by its own proof, so its row is no longer needed.
      _ = try await connection.query(
        """
        DELETE FROM spent_tokens WHERE id IN
          (SELECT id FROM spent_tokens WHERE expires <= ? LIMIT \(SpentTokens.sweepLimit))
        """, [.integer(SQLiteInt64(now))])
      return spent.isEmpty ? .spent : .redeemed(record)
    }

    public func checkWritable() async throws(LinkStoreError) {
      do {
        // A statement that needs the write lock and changes nothing: refused on a read-only
        // file, and it commits nothing (no page is written, nothing is synced).
        _ = try await connection.query("DELETE FROM spent_tokens WHERE 0")
      } catch {
        throw LinkStoreError(path: path, message: "the database cannot be written: \(error)")
      }
      if let free = SpentTokens.freeSpace(at: path), free < minimumFreeSpace {
        throw LinkStoreError(
          path: path,
          message:
            "the disk holding the database has \(free) bytes free, under the \(minimumFreeSpace) it needs"
        )
      }
    }

    /// The most counts one statement adds (8 parameters each, far under SQLite's limit).
    static let clicksPerStatement = 500

    public func addClicks(_ counts: [ClickCount]) async throws {
      var start = 0
      while start < counts.count {
        let chunk = counts[start..<min(start + Self.clicksPerStatement, counts.count)]
        var bindings: [SQLiteData] = []
        bindings.reserveCapacity(chunk.count * 8)
        for count in chunk {
          bindings += [
            .integer(SQLiteInt64(count.day)), .text(count.code), .text(count.route),
            .text(count.platform.rawValue), .integer(SQLiteInt64(count.clicks)),
            .integer(SQLiteInt64(count.previews)), .integer(SQLiteInt64(count.appOpens)),
            .integer(SQLiteInt64(count.installs)),
          ]
        }
        let rows = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?)", count: chunk.count)
          .joined(separator: ", ")
        // One statement per chunk, so it is atomic without a transaction that other requests
        // on the same connection could fall into.
        _ = try await connection.query(
          """
          INSERT INTO clicks (day, code, route, platform, clicks, previews, app_opens, installs)
          VALUES \(rows)
          ON CONFLICT (day, code, platform) DO UPDATE SET clicks = clicks + excluded.clicks,
            previews = previews + excluded.previews, app_opens = app_opens + excluded.app_opens,
            installs = installs + excluded.installs
          """, bindings)
        start += chunk.count
      }
    }

    public func clicks(from: Int64, to: Int64, by grouping: StatsGrouping, code: String?)
      async throws -> [StatsRow]
    {
      let column =
        switch grouping {
        case .link: "code"
        case .route: "route"
        case .platform: "platform"
        case .day: "day"
        }
      let order =
        grouping == .day
        ? "day" : "n DESC, opens DESC, installs DESC, previews DESC, key"
      var bindings: [SQLiteData] = [.integer(SQLiteInt64(from)), .integer(SQLiteInt64(to))]
      if let code { bindings.append(.text(code)) }
      let rows = try await connection.query(
        """
        SELECT \(column) AS key, sum(clicks) AS n, sum(previews) AS previews,
          sum(app_opens) AS opens, sum(installs) AS installs
        FROM clicks WHERE day BETWEEN ? AND ?\(code == nil ? "" : " AND code = ?")
        GROUP BY \(column) ORDER BY \(order)
        """, bindings)
      return rows.map { row in
        let key =
          grouping == .day
          ? StatsDay.text(Int64(row.column("key")?.integer ?? 0))
          : row.column("key")?.string ?? ""
        return StatsRow(
          key: key, clicks: Int(row.column("n")?.integer ?? 0),
          previews: Int(row.column("previews")?.integer ?? 0),
          appOpens: Int(row.column("opens")?.integer ?? 0),
          installs: Int(row.column("installs")?.integer ?? 0))
      }
    }

    /// How many links the file holds.
    ///
    /// ```swift
    /// try await store.count()  // 0 for a new file
    /// ```
    public func count() async throws -> Int {
      let rows = try await connection.query("SELECT count(*) AS n FROM links")
      return Int(rows.first?.column("n")?.integer ?? 0)
    }

    public func isReachable() async -> Bool {
      (try? await connection.query("SELECT 1")) != nil
    }

    /// Closes the file.
    ///
    /// ```swift
    /// try await store.close()
    /// ```
    public func close() async throws {
      try await connection.close()
    }
  }

  /// A link's captured values as both stores keep them: a JSON array of `[name, value]` pairs
  /// (pairs rather than an object, since a query capture may repeat a name).
  enum StoredValues {
    /// The stored text of `values`.
    static func text(_ values: [LinkValue]) -> String {
      "["
        + values.map {
          "[" + JSONEscaping.quote($0.name) + "," + JSONEscaping.quote($0.value) + "]"
        }.joined(separator: ",") + "]"
    }

    /// The values read back from `text` (pairs that are not two strings are skipped).
    static func pairs(_ text: String) -> [(String, String)] {
      guard let pairs = (try? JSONParser.parse(text))?.arrayElements else { return [] }
      return pairs.compactMap { pair in
        guard let items = pair.arrayElements, items.count == 2,
          let name = items[0].stringValue, let value = items[1].stringValue
        else { return nil }
        return (name, value)
      }
    }
  }
#endif
