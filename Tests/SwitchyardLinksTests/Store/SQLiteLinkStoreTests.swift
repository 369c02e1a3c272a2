#if Links
  import SQLiteNIO
  import SwitchyardLinks
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

    @Test("inserting a taken code stores nothing and answers false; a record round-trips")
    func uniqueCodes() async throws {
      let store = try await SQLiteLinkStore.open(path: try temporaryFolder() + "/links.sqlite")
      let record = LinkRecord(
        code: "abc", url: "myapp://search?q=a&q=b", route: "search",
        values: [("q", "a"), ("q", "b"), ("quote", "\"'\\\n")], title: "T", description: "D",
        image: "https://example.com/i.png", expires: 5, created: 1)
      #expect(try await store.insert(record))
      var other = record
      other.url = "myapp://home"
      #expect(try await store.insert(other) == false)
      #expect(try await store.link(code: "abc") == record)
      #expect(try await store.link(code: "ABC") == nil)
      #expect(try await store.count() == 1)
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
