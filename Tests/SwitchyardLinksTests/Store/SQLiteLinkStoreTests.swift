#if Links
  import SQLiteNIO
  @testable import SwitchyardLinks
  import SwitchyardTestSupport
  import Testing

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  @Suite("SQLiteLinkStore: schema versions, durability settings, unique codes")
  struct SQLiteLinkStoreTests {
    /// The bytes of a file.
    static func contents(_ path: String) -> [UInt8]? {
      guard let file = fopen(path, "rb") else { return nil }
      defer { fclose(file) }
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = fread(&buffer, 1, buffer.count, file)
        bytes += buffer[0..<count]
        if count < buffer.count { return bytes }
      }
    }

    static func write(_ text: String, to path: String) {
      let file = fopen(path, "wb")
      _ = text.withCString { fputs($0, file) }
      fclose(file)
    }

    @Test("a new file gets the current schema version, a WAL journal and synchronous=FULL")
    func newFile() async throws {
      let path = try temporaryFolder() + "/links.sqlite"
      let store = try await SQLiteLinkStore.open(path: path)
      let connection = try await SQLiteConnection.open(storage: .file(path: path))
      let version = try await connection.query("PRAGMA user_version").first?.column("user_version")?
        .integer
      #expect(version == SQLiteInt64(SQLiteLinkStore.schemaVersion))
      let journal = try await connection.query("PRAGMA journal_mode").first?.column("journal_mode")?
        .string
      #expect(journal == "wal")
      #expect(try await store.isReachable())
      try await connection.close()
      try await store.close()
      // Opening it again runs no step twice.
      let again = try await SQLiteLinkStore.open(path: path)
      #expect(try await again.count() == 0)
      try await again.close()
    }

    @Test("a file from a newer release is refused with a clear error and left unchanged")
    func newerSchema() async throws {
      let path = try temporaryFolder() + "/links.sqlite"
      let connection = try await SQLiteConnection.open(storage: .file(path: path))
      _ = try await connection.query("CREATE TABLE future (x INTEGER)")
      _ = try await connection.query("PRAGMA user_version = 99")
      try await connection.close()
      let before = try #require(Self.contents(path))
      await #expect {
        _ = try await SQLiteLinkStore.open(path: path)
      } throws: { error in
        let text = "\(error)"
        return text.contains(path) && text.contains("schema version 99")
          && text.contains("newer release")
      }
      #expect(Self.contents(path) == before)
    }

    @Test("a file that is not a database, or a folder: an error naming the path")
    func notADatabase() async throws {
      let folder = try temporaryFolder()
      Self.write(String(repeating: "not a database\n", count: 100), to: folder + "/text.sqlite")
      for path in [folder + "/text.sqlite", folder, folder + "/missing/links.sqlite"] {
        await #expect {
          _ = try await SQLiteLinkStore.open(path: path)
        } throws: { error in
          (error as? LinkStoreError)?.path == path
        }
      }
    }

    @Test("a part-1 file (schema version 1) is migrated: its links kept, tokens and clicks added")
    func migratesAPartOneFile() async throws {
      let path = try temporaryFolder() + "/links.sqlite"
      let connection = try await SQLiteConnection.open(storage: .file(path: path))
      // The schema part 1 wrote, as it wrote it.
      _ = try await connection.query(
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
        """)
      _ = try await connection.query(
        """
        INSERT INTO links (code, url, route, "values", created)
        VALUES ('old', 'myapp://user/7', 'user', '[["id","7"]]', 1)
        """)
      _ = try await connection.query("PRAGMA user_version = 1")
      try await connection.close()

      let store = try await SQLiteLinkStore.open(path: path)
      #expect(SQLiteLinkStore.schemaVersion == 5)
      #expect(try await store.userVersion() == SQLiteLinkStore.schemaVersion)
      let old = try #require(try await store.link(code: "old"))
      #expect(old.url == "myapp://user/7" && old.values == [LinkValue(name: "id", value: "7")])
      #expect(store.installTokenKey.count == InstallToken.keyLength)
      #expect(
        try await store.spendToken(id: "t", code: "old", expires: 100, now: 20) == .redeemed(old))
      #expect(try await store.spendToken(id: "t", code: "old", expires: 100, now: 21) == .spent)
      try await store.addClicks([
        ClickCount(day: 5, code: "old", route: "user", platform: .ios, clicks: 2)
      ])
      try await store.addClicks([
        ClickCount(day: 5, code: "old", route: "user", platform: .ios, clicks: 3)
      ])
      #expect(
        try await store.clicks(from: 0, to: 9, by: .platform) == [StatsRow(key: "ios", clicks: 5)])
      try await store.close()
      // Opened again, no step runs twice, and the secret is the one made the first time.
      let again = try await SQLiteLinkStore.open(path: path)
      #expect(again.installTokenKey == store.installTokenKey)
      #expect(
        try await again.clicks(from: 5, to: 5, by: .link) == [StatsRow(key: "old", clicks: 5)])
      try await again.close()
    }

    /// Marks the SQLite file at `path` as one this library may read but not write (its
    /// header's write version 3), as a read-only file is for a process that is not root.
    static func markReadOnly(_ path: String) {
      guard let file = fopen(path, "r+b") else { return }
      fseek(file, 18, SEEK_SET)
      fputc(3, file)
      fclose(file)
    }

    @Test(
      "a store that cannot take writes says why (read-only connection or file, a full disk); a writable one passes"
    )
    func writability() async throws {
      let path = try temporaryFolder() + "/links.sqlite"
      let store = try await SQLiteLinkStore.open(path: path)
      try await store.checkWritable()
      _ = try await store.connection.query("PRAGMA query_only = 1")
      await #expect {
        try await store.checkWritable()
      } throws: { error in
        let error = error as? LinkStoreError
        return error?.path == path && error?.message.contains("cannot be written") == true
      }
      _ = try await store.connection.query("PRAGMA query_only = 0")
      try await store.checkWritable()
      try await store.close()
      // Less free space on the disk than the store needs.
      let full = try await SQLiteLinkStore.open(path: path, minimumFreeSpace: .max)
      await #expect {
        try await full.checkWritable()
      } throws: { error in
        (error as? LinkStoreError)?.message.contains("bytes free, under the") == true
      }
      try await full.close()
      // A file SQLite may only read: it opens (nothing to migrate), and cannot be written.
      Self.markReadOnly(path)
      let readOnly = try await SQLiteLinkStore.open(path: path)
      await #expect {
        try await readOnly.checkWritable()
      } throws: { error in
        (error as? LinkStoreError)?.message.contains("readonly") == true
      }
      try await readOnly.close()
    }

    @Test("a version-3 file's crawler clicks become previews; its other clicks stay clicks")
    func migratesCrawlerClicksToPreviews() async throws {
      let path = try temporaryFolder() + "/links.sqlite"
      let connection = try await SQLiteConnection.open(storage: .file(path: path))
      // The schema up to version 3, as those releases wrote it, and their counts.
      for step in SQLiteLinkStore.migrations[0..<3] {
        for statement in step { _ = try await connection.query(statement) }
      }
      _ = try await connection.query(
        """
        INSERT INTO clicks (day, code, route, platform, clicks)
        VALUES (5, 'a', 'user', 'ios', 2), (5, 'a', 'user', 'crawler', 9)
        """)
      _ = try await connection.query("PRAGMA user_version = 3")
      try await connection.close()

      let store = try await SQLiteLinkStore.open(path: path)
      #expect(try await store.userVersion() == SQLiteLinkStore.schemaVersion)
      #expect(
        try await store.clicks(from: 0, to: 9, by: .platform) == [
          StatsRow(key: "ios", clicks: 2), StatsRow(key: "crawler", clicks: 0, previews: 9),
        ])
      try await store.close()
    }

    @Test("generated codes: 8 of the 62 letters and digits, valid, and different")
    func generatedCodes() {
      var generator = SeededGenerator(seed: 31)
      var seen = Set<String>()
      for _ in 0..<1000 {
        let code = LinkCode.generate(using: &generator)
        #expect(code.count == 8)
        #expect(LinkCode.isValid(code) && !code.contains("_") && !code.contains("-"))
        seen.insert(code)
      }
      #expect(seen.count == 1000)
    }
  }
#endif
