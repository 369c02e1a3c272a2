#if Links
  import PostgresNIO
  import SQLiteNIO
  @testable import SwitchyardLinks
  import Testing

  @Suite("PostgresLinkStore: the URL, the schema (the SQLite store's), newer schemas refused")
  struct PostgresLinkStoreTests {
    @Test("postgres:// URLs are read into their parts; the password never shows")
    func readsURLs() throws {
      let full = try PostgresAddress("postgres://links:s%40cret@db.internal:6543/link%20s")
      #expect(full.user == "links" && full.password == "s@cret")
      #expect(full.host == "db.internal" && full.port == 6543 && full.database == "link s")
      #expect(full.redacted == "postgres://links:***@db.internal:6543/link%20s")
      let bare = try PostgresAddress("postgresql://me@[::1]")
      #expect(bare.user == "me" && bare.password == nil && bare.host == "::1")
      #expect(bare.port == 5432 && bare.database == nil)
    }

    @Test(
      "a malformed URL: an error saying what is wrong",
      arguments: [
        ("mysql://a@b/c", "must start with postgres://"),
        ("postgres://host/db", "names no user"),
        ("postgres://a@host:x/db", "is not a number"),
        ("postgres://a@host:70000/db", "is not 1 to 65535"),
        ("postgres://a@/db", "names no host"),
        ("postgres://a:%zz@host/db", "badly percent-encoded"),
        // TLS is `sslmode=disable|require|verify-full` (PostgresTLSTests); libpq's others are not.
        ("postgres://a@host/db?sslmode=prefer", "is not one of disable, require, verify-full"),
      ])
    func malformedURLs(_ url: String, _ message: String) {
      #expect {
        _ = try PostgresAddress(url)
      } throws: { error in
        (error as? LinkStoreError)?.message.contains(message) == true
          && (error as? LinkStoreError)?.path == "--postgres"
      }
    }

    @Test("the tables and columns are the SQLite store's, with the same schema version")
    func sameSchemaAsSQLite() async throws {
      let postgres = try await TestStore.make(.postgres)
      let address = try PostgresAddress(postgres.location)
      let postgresColumns = try await TestPostgres.withConnection(address) { connection in
        var columns: [String] = []
        for try await (table, column) in try await connection.query(
          """
          SELECT table_name::TEXT, column_name::TEXT FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name IN ('links', 'spent_tokens', 'switchyard_keys', 'clicks')
          ORDER BY table_name, ordinal_position
          """, logger: TestPostgres.logger
        ).decode((String, String).self) {
          columns.append(table + "." + column)
        }
        return columns
      }
      await postgres.close()
      let path = try temporaryFolder() + "/links.sqlite"
      let sqlite = try await SQLiteLinkStore.open(path: path)
      var sqliteColumns: [String] = []
      for table in ["clicks", "links", "spent_tokens", "switchyard_keys"] {
        for row in try await sqlite.connection.query("PRAGMA table_info(\(table))") {
          sqliteColumns.append(table + "." + (row.column("name")?.string ?? ""))
        }
      }
      try await sqlite.close()
      #expect(postgresColumns == sqliteColumns)
      #expect(postgresColumns.count == 22)  // links 9, clicks 8, spent_tokens 3, switchyard_keys 2
      #expect(PostgresLinkStore.schemaVersion == SQLiteLinkStore.schemaVersion)
    }

    @Test("a version-3 database's crawler clicks become previews; its other clicks stay clicks")
    func migratesCrawlerClicksToPreviews() async throws {
      let url = try await TestPostgres.newDatabase()
      let address = try PostgresAddress(url)
      // The schema up to version 3, as those releases wrote it, and their counts.
      try await TestPostgres.withConnection(address) { connection in
        for step in PostgresLinkStore.migrations[0..<3] {
          for statement in step {
            try await connection.query(
              PostgresQuery(unsafeSQL: statement), logger: TestPostgres.logger)
          }
        }
        try await connection.query(
          """
          INSERT INTO clicks (day, code, route, platform, clicks)
          VALUES (5, 'a', 'user', 'ios', 2), (5, 'a', 'user', 'crawler', 9)
          """, logger: TestPostgres.logger)
        try await connection.query(
          "CREATE TABLE switchyard_schema (version INTEGER NOT NULL)", logger: TestPostgres.logger)
        try await connection.query(
          "INSERT INTO switchyard_schema VALUES (3)", logger: TestPostgres.logger)
      }
      let store = try await PostgresLinkStore.open(url: url)
      #expect(try await store.schemaVersionStored() == PostgresLinkStore.schemaVersion)
      #expect(
        try await store.clicks(from: 0, to: 9, by: .platform) == [
          StatsRow(key: "ios", clicks: 2), StatsRow(key: "crawler", clicks: 0, previews: 9),
        ])
      await store.close()
    }

    @Test("a database from a newer release is refused with a clear error and left unchanged")
    func newerSchema() async throws {
      let url = try await TestPostgres.newDatabase()
      let address = try PostgresAddress(url)
      try await TestPostgres.withConnection(address) { connection in
        try await connection.query(
          "CREATE TABLE switchyard_schema (version INTEGER NOT NULL)", logger: TestPostgres.logger)
        try await connection.query(
          "INSERT INTO switchyard_schema VALUES (99)", logger: TestPostgres.logger)
      }
      await #expect {
        _ = try await PostgresLinkStore.open(url: url)
      } throws: { error in
        let text = "\(error)"
        return text.contains(address.redacted) && text.contains("schema version 99")
          && text.contains("newer release")
      }
      let tables = try await TestPostgres.withConnection(address) { connection in
        var names: [String] = []
        for try await name in try await connection.query(
          "SELECT tablename::TEXT FROM pg_tables WHERE schemaname = 'public'",
          logger: TestPostgres.logger
        ).decode(String.self) {
          names.append(name)
        }
        return names
      }
      #expect(tables == ["switchyard_schema"])
    }

    @Test("a database that takes no writes (a read-only session) is reported by checkWritable")
    func writability() async throws {
      let opened = try await TestStore.make(.postgres)
      try await opened.store.checkWritable()
      await opened.close()
      // The same database through sessions that are read-only, as on a standby.
      let address = try PostgresAddress(opened.location)
      var configuration = PostgresClient.Configuration(
        host: address.host, port: address.port, username: address.user,
        password: address.password, database: address.database, tls: .disable)
      configuration.options.additionalStartupParameters = [("default_transaction_read_only", "on")]
      let readOnly = PostgresLinkStore(
        client: PostgresClient(configuration: configuration), location: address.redacted)
      await #expect {
        try await readOnly.checkWritable()
      } throws: { error in
        (error as? LinkStoreError)?.message.contains("cannot be written") == true
      }
      await readOnly.close()
    }

    @Test("a server that does not answer: an error naming the URL without its password")
    func unreachable() async throws {
      // A port nothing listens on: the test server's, plus one is not safe; port 1 is reserved.
      await #expect {
        _ = try await PostgresLinkStore.open(url: "postgres://u:secret@127.0.0.1:1/links")
      } throws: { error in
        let text = "\(error)"
        return text.hasPrefix("postgres://u:***@127.0.0.1:1/links: cannot open the database")
          && !text.contains("secret")
      }
    }
  }
#endif
