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
    /// The schema version this release writes: the number of the schema's steps, which both
    /// stores share.
    public static var schemaVersion: Int { LinkSchema.version }

    /// The schema, step by step, in SQLite's SQL: step `n` takes a file from version `n` to
    /// `n + 1`.
    static var migrations: [[String]] { LinkSchema.steps.map(\.sqlite) }

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
        let pending = try LinkSchema.pending(from: try await userVersion(), location: path)
        let journal = try await connection.query("PRAGMA journal_mode = WAL")
        guard journal.first?.column("journal_mode")?.string?.lowercased() == "wal" else {
          throw LinkStoreError(path: path, message: "the database cannot use a WAL journal")
        }
        _ = try await connection.query("PRAGMA synchronous = FULL")
        for step in pending.indices {
          _ = try await connection.query("BEGIN IMMEDIATE")
          do {
            for statement in LinkSchema.steps[step].sqlite {
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
      return try record(row, code: code)
    }

    /// The link of a row of `links`.
    func record(_ row: SQLiteRow, code: String) throws(CorruptLinkError) -> LinkRecord {
      // A column the schema declares NOT NULL may still hold a value that is not text (SQLite
      // keeps any type): such a row is corrupt, never a link to an empty URL.
      func text(_ column: String) throws(CorruptLinkError) -> String {
        guard case .text(let value)? = row.column(column) else {
          throw CorruptLinkError(location: path, code: code, column: column)
        }
        return value
      }
      return LinkRecord(
        code: code, url: try text("url"), route: try text("route"),
        values: StoredValues.pairs(try text("values")),
        title: row.column("title")?.string, description: row.column("description")?.string,
        image: row.column("image")?.string,
        expires: row.column("expires")?.integer.map(Int64.init),
        created: Int64(row.column("created")?.integer ?? 0))
    }

    public func links(after: String?, limit: Int, route: String?, codePrefix: String?)
      async throws -> [LinkRecord]
    {
      var conditions: [String] = []
      var bindings: [SQLiteData] = []
      if let after {
        conditions.append("code > ?")
        bindings.append(.text(after))
      }
      if let route {
        conditions.append("route = ?")
        bindings.append(.text(route))
      }
      if let codePrefix {
        // Not LIKE: `_` is a code's character and LIKE's wildcard.
        conditions.append("substr(code, 1, ?) = ?")
        bindings += [.integer(SQLiteInt64(codePrefix.utf8.count)), .text(codePrefix)]
      }
      bindings.append(.integer(SQLiteInt64(limit)))
      let rows = try await connection.query(
        """
        SELECT code, url, route, "values", title, description, image, expires, created
        FROM links\(conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
        ORDER BY code LIMIT ?
        """, bindings)
      var records: [LinkRecord] = []
      for row in rows {
        records.append(try record(row, code: row.column("code")?.string ?? ""))
      }
      return records
    }

    public func update(_ record: LinkRecord) async throws -> Bool {
      let rows = try await connection.query(
        """
        UPDATE links SET url = ?, route = ?, "values" = ?, title = ?, description = ?,
          image = ?, expires = ?
        WHERE code = ? RETURNING code
        """,
        [
          .text(record.url), .text(record.route), .text(StoredValues.text(record.values)),
          record.title.map(SQLiteData.text) ?? .null,
          record.description.map(SQLiteData.text) ?? .null,
          record.image.map(SQLiteData.text) ?? .null,
          record.expires.map { .integer(SQLiteInt64($0)) } ?? .null, .text(record.code),
        ])
      return !rows.isEmpty
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
