#if Links
  import PostgresNIO
  import SQLiteNIO
  @testable import SwitchyardLinks
  import Testing

  /// What every store promises (``LinkStore``), run against SQLite and PostgreSQL alike.
  @Suite("LinkStore on both backends: records, unique codes, tokens spent once, click counts")
  struct LinkStoreTests {
    static let record = LinkRecord(
      code: "abc", url: "myapp://search?q=a&q=b", route: "search",
      values: [("q", "a"), ("q", "b"), ("quote", "\"'\\\n"), ("é", "日本")], title: "T",
      description: "D", image: "https://example.com/i.png", expires: 5, created: 1)

    @Test(
      "a record round-trips; a taken code stores nothing and answers false",
      arguments: StoreBackend.allCases)
    func uniqueCodes(_ backend: StoreBackend) async throws {
      let opened = try await TestStore.make(backend)
      let store = opened.store
      #expect(try await store.isReachable())
      #expect(try await store.insert(Self.record))
      var other = Self.record
      other.url = "myapp://home"
      #expect(try await store.insert(other) == false)
      #expect(try await store.link(code: "abc") == Self.record)
      #expect(try await store.link(code: "ABC") == nil)
      let bare = LinkRecord(code: "b", url: "myapp://home", route: "home", values: [], created: 7)
      #expect(try await store.insert(bare))
      #expect(try await store.link(code: "b") == bare)
      await opened.close()
    }

    @Test("50 inserts of one code at once: exactly one stores it", arguments: StoreBackend.allCases)
    func concurrentInserts(_ backend: StoreBackend) async throws {
      let opened = try await TestStore.make(backend)
      let store = opened.store
      let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
        for index in 0..<50 {
          group.addTask {
            try await store.insert(
              LinkRecord(
                code: "same", url: "myapp://user/\(index)", route: "user",
                values: [("id", "\(index)")], created: Int64(index)))
          }
        }
        return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
      }
      #expect(wins == 1)
      await opened.close()
    }

    @Test(
      "a token is redeemed once, then spent; expired tokens and links are spent; unknown ones unknown",
      arguments: StoreBackend.allCases)
    func tokens(_ backend: StoreBackend) async throws {
      let opened = try await TestStore.make(backend)
      let store = opened.store
      var forever = Self.record
      forever.code = "forever"
      forever.expires = nil
      #expect(try await store.insert(forever))
      #expect(try await store.insert(Self.record))  // expires at 5
      #expect(
        try await store.spendToken(id: "T", code: "forever", expires: 100, now: 20)
          == .redeemed(forever))
      #expect(try await store.spendToken(id: "T", code: "forever", expires: 100, now: 21) == .spent)
      // Another token of the same link is its own.
      #expect(
        try await store.spendToken(id: "U", code: "forever", expires: 100, now: 21)
          == .redeemed(forever))
      // A token past its expiry, a token whose link has expired, a token of no link.
      #expect(try await store.spendToken(id: "L", code: "forever", expires: 10, now: 10) == .spent)
      #expect(try await store.spendToken(id: "G", code: "abc", expires: 100, now: 5) == .spent)
      #expect(try await store.spendToken(id: "N", code: "none", expires: 100, now: 5) == .unknown)
      #expect(try await Self.spentRows(opened) == ["T", "U"])
      await opened.close()
    }

    @Test(
      "50 redeems of one token at once: exactly one gets the link", arguments: StoreBackend.allCases
    )
    func concurrentRedeems(_ backend: StoreBackend) async throws {
      let opened = try await TestStore.make(backend)
      let store = opened.store
      var forever = Self.record
      forever.expires = nil
      #expect(try await store.insert(forever))
      let results = try await withThrowingTaskGroup(of: Redemption.self) { group in
        for _ in 0..<50 {
          group.addTask {
            try await store.spendToken(id: "R", code: "abc", expires: 100, now: 2)
          }
        }
        return try await group.reduce(into: [Redemption]()) { $0.append($1) }
      }
      #expect(results.filter { $0 == .redeemed(forever) }.count == 1)
      #expect(results.filter { $0 == .spent }.count == 49)
      await opened.close()
    }

    @Test(
      "clicks add up across calls and within one, over many rows, and group by each key",
      arguments: StoreBackend.allCases)
    func clicks(_ backend: StoreBackend) async throws {
      let opened = try await TestStore.make(backend)
      let store = opened.store
      try await store.addClicks([])
      try await store.addClicks([
        ClickCount(day: 5, code: "a", route: "user", platform: .ios, clicks: 2),
        ClickCount(day: 5, code: "a", route: "user", platform: .ios, clicks: 1),
        ClickCount(day: 6, code: "b", route: "post", platform: .android, clicks: 4),
      ])
      try await store.addClicks([
        ClickCount(day: 5, code: "a", route: "user", platform: .ios, clicks: 3)
      ])
      // More counts than one SQLite statement takes: 1,200 links on day 7, one click each.
      try await store.addClicks(
        (0..<1200).map {
          ClickCount(day: 7, code: "c\($0)", route: "home", platform: .desktop, clicks: 1)
        })
      #expect(
        try await store.clicks(from: 0, to: 6, by: .platform) == [
          StatsRow(key: "ios", clicks: 6), StatsRow(key: "android", clicks: 4),
        ])
      #expect(
        try await store.clicks(from: 0, to: 9, by: .route) == [
          StatsRow(key: "home", clicks: 1200), StatsRow(key: "user", clicks: 6),
          StatsRow(key: "post", clicks: 4),
        ])
      #expect(
        try await store.clicks(from: 5, to: 6, by: .link) == [
          StatsRow(key: "a", clicks: 6), StatsRow(key: "b", clicks: 4),
        ])
      #expect(
        try await store.clicks(from: 0, to: 9, by: .day) == [
          StatsRow(key: StatsDay.text(5), clicks: 6), StatsRow(key: StatsDay.text(6), clicks: 4),
          StatsRow(key: StatsDay.text(7), clicks: 1200),
        ])
      #expect(try await store.clicks(from: 8, to: 9, by: .day) == [])
      await opened.close()
    }

    @Test(
      "clicks, previews, app opens and installs are kept apart, ranked, and filtered by code",
      arguments: StoreBackend.allCases)
    func countsApart(_ backend: StoreBackend) async throws {
      let opened = try await TestStore.make(backend)
      let store = opened.store
      try await store.addClicks([
        ClickCount(day: 5, code: "a", route: "user", platform: .ios, clicks: 2, appOpens: 1),
        ClickCount(day: 5, code: "a", route: "user", platform: .crawler, previews: 7),
        ClickCount(day: 6, code: "a", route: "user", platform: .android, installs: 1),
        ClickCount(day: 6, code: "b", route: "post", platform: .ios, clicks: 2, appOpens: 3),
      ])
      // Added again: each kind adds to its own count.
      try await store.addClicks([
        ClickCount(day: 5, code: "a", route: "user", platform: .ios, clicks: 1, appOpens: 1)
      ])
      // No clicks on Android or from crawlers: an install ranks before previews.
      #expect(
        try await store.clicks(from: 0, to: 9, by: .platform) == [
          StatsRow(key: "ios", clicks: 5, appOpens: 5),
          StatsRow(key: "android", clicks: 0, installs: 1),
          StatsRow(key: "crawler", clicks: 0, previews: 7),
        ])
      #expect(
        try await store.clicks(from: 0, to: 9, by: .link) == [
          StatsRow(key: "a", clicks: 3, previews: 7, appOpens: 2, installs: 1),
          StatsRow(key: "b", clicks: 2, appOpens: 3),
        ])
      #expect(
        try await store.clicks(from: 0, to: 9, by: .day, code: "a") == [
          StatsRow(key: StatsDay.text(5), clicks: 3, previews: 7, appOpens: 2),
          StatsRow(key: StatsDay.text(6), clicks: 0, installs: 1),
        ])
      #expect(
        try await store.clicks(from: 0, to: 9, by: .route, code: "b") == [
          StatsRow(key: "post", clicks: 2, appOpens: 3)
        ])
      #expect(try await store.clicks(from: 0, to: 9, by: .link, code: "nobody") == [])
      // A code is a value, never SQL.
      #expect(try await store.clicks(from: 0, to: 9, by: .link, code: "a' OR '1'='1") == [])
      await opened.close()
    }

    @Test(
      "insertAll stores every record, nullable fields kept, or none when one code is taken",
      arguments: StoreBackend.allCases)
    func insertAll(_ backend: StoreBackend) async throws {
      let opened = try await TestStore.make(backend)
      let store = opened.store
      #expect(try await store.insert(Self.record))
      // More records than one PostgreSQL batch, with the taken code in the last one: the
      // batches before it, already sent, are rolled back too.
      let many = (0..<6_001).map {
        LinkRecord(
          code: "m\($0)", url: "myapp://user/\($0)", route: "user", values: [("id", "\($0)")],
          created: Int64($0))
      }
      var clash = Self.record
      clash.url = "myapp://home"
      #expect(try await store.insertAll(many + [clash]) == ["abc"])
      #expect(try await store.link(code: "m0") == nil)
      #expect(try await store.link(code: "m6000") == nil)
      #expect(try await store.link(code: "abc") == Self.record)

      var full = Self.record
      full.code = "full"
      var bare = LinkRecord(
        code: "bare", url: "myapp://home", route: "home", values: [], created: 3)
      bare.title = ""
      #expect(try await store.insertAll(many + [full, bare]) == [])
      #expect(try await store.link(code: "full") == full)
      #expect(try await store.link(code: "bare") == bare)
      #expect(try await store.link(code: "m6000") == many[6000])
      #expect(try await store.insertAll([]) == [])
      await opened.close()
    }

    @Test(
      "opened again, the data is kept and no schema step runs twice",
      arguments: StoreBackend.allCases)
    func reopen(_ backend: StoreBackend) async throws {
      let first = try await TestStore.make(backend)
      #expect(try await first.store.insert(Self.record))
      await first.close()
      let again = try await TestStore.open(backend, at: first.location)
      #expect(try await again.store.link(code: "abc") == Self.record)
      #expect(try await again.store.insert(Self.record) == false)
      switch again.store {
      case let sqlite as SQLiteLinkStore:
        #expect(try await sqlite.userVersion() == SQLiteLinkStore.schemaVersion)
      case let postgres as PostgresLinkStore:
        #expect(try await postgres.schemaVersionStored() == SQLiteLinkStore.schemaVersion)
      default: Issue.record("unexpected store \(again.store)")
      }
      // The install tokens' secret was made once: opened again, the same.
      #expect(again.store.installTokenKey == first.store.installTokenKey)
      #expect(again.store.installTokenKey.count == 32)
      await again.close()
    }

    /// PostgreSQL only: several servers share one database (one SQLite file has one process,
    /// and its reopening is `reopen`'s).
    @Test("five stores opened at once on a new PostgreSQL database make one install-token secret")
    func oneSecret() async throws {
      let location = try await TestPostgres.newDatabase()
      let opened = try await withThrowingTaskGroup(of: TestStore.self) { group in
        for _ in 0..<5 {
          group.addTask { try await TestStore.open(.postgres, at: location) }
        }
        return try await group.reduce(into: [TestStore]()) { $0.append($1) }
      }
      #expect(opened.count == 5)
      #expect(Set(opened.map(\.store.installTokenKey)).count == 1)
      #expect(opened.first?.store.installTokenKey.count == 32)
      for store in opened { await store.close() }
    }

    /// The ids of the spent-token rows, in order.
    static func spentRows(_ opened: TestStore) async throws -> [String] {
      switch opened.store {
      case let sqlite as SQLiteLinkStore:
        return try await sqlite.connection.query("SELECT id FROM spent_tokens ORDER BY id").map {
          $0.column("id")?.string ?? ""
        }
      case let postgres as PostgresLinkStore:
        var ids: [String] = []
        for try await id in try await postgres.client.query(
          "SELECT id FROM spent_tokens ORDER BY id COLLATE \"C\"", logger: postgres.logger
        ).decode(String.self) {
          ids.append(id)
        }
        return ids
      default:
        Issue.record("unexpected store \(opened.store)")
        return []
      }
    }

    @Test(
      "spending deletes the rows of expired tokens, at most 100 a spend; rows of live ones stay",
      arguments: StoreBackend.allCases)
    func expiredRowsAreDeleted(_ backend: StoreBackend) async throws {
      let opened = try await TestStore.make(backend)
      let store = opened.store
      var forever = Self.record
      forever.expires = nil
      #expect(try await store.insert(forever))
      for index in 0..<150 {
        let id = "e" + String(1000 + index)
        #expect(
          try await store.spendToken(id: id, code: "abc", expires: 10, now: 1)
            == .redeemed(forever))
      }
      #expect(try await store.spendToken(id: "live", code: "abc", expires: 500, now: 2) != .spent)
      #expect(try await Self.spentRows(opened).count == 151)
      // At 10 the 150 have expired: the next spend deletes 100 of them, the one after the rest.
      #expect(try await store.spendToken(id: "x", code: "abc", expires: 500, now: 10) != .spent)
      #expect(try await Self.spentRows(opened).count == 52)
      #expect(try await store.spendToken(id: "y", code: "abc", expires: 500, now: 10) != .spent)
      #expect(try await Self.spentRows(opened) == ["live", "x", "y"])
      // "live" is still spent until it expires.
      #expect(try await store.spendToken(id: "live", code: "abc", expires: 500, now: 11) == .spent)
      await opened.close()
    }
  }
#endif
