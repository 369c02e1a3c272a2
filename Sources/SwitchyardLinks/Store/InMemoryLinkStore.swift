#if Links
  import NIOConcurrencyHelpers

  /// Links kept in memory and lost when the process ends: for tests that need no file or
  /// database, and for a trial of the service. It keeps the promises of ``LinkStore`` within
  /// one process: a code is taken once, a token is spent once, a batch of links goes in whole
  /// or not at all.
  ///
  /// ```swift
  /// let store = InMemoryLinkStore()
  /// try await store.insert(LinkRecord(code: "hi", url: "myapp://home", route: "home",
  ///                                   values: [], created: 0))  // true
  /// let app = try buildApplication(configuration, store: store)
  /// ```
  public final class InMemoryLinkStore: LinkStore {
    struct State {
      var links: [String: LinkRecord] = [:]
      /// Spent install tokens: their link and expiry.
      var spent: [String: Int64] = [:]
      var clicks: [ClickKey: ClickCount] = [:]
    }

    struct ClickKey: Hashable {
      var day: Int64
      var code: String
      var platform: ClickPlatform
    }

    let state = NIOLockedValueBox(State())
    public let installTokenKey: [UInt8]

    /// An empty store with a new install-token secret.
    ///
    /// ```swift
    /// let store = InMemoryLinkStore()
    /// ```
    public init() {
      var generator = SystemRandomNumberGenerator()
      installTokenKey = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    public func insert(_ record: LinkRecord) async throws -> Bool {
      state.withLockedValue { state in
        guard state.links[record.code] == nil else { return false }
        state.links[record.code] = record
        return true
      }
    }

    public func insertAll(_ records: [LinkRecord]) async throws -> [String] {
      state.withLockedValue { state in
        let taken = records.map(\.code).filter { state.links[$0] != nil }
        guard taken.isEmpty else { return taken }
        for record in records { state.links[record.code] = record }
        return []
      }
    }

    public func link(code: String) async throws -> LinkRecord? {
      state.withLockedValue { $0.links[code] }
    }

    public func links(after: String?, limit: Int, route: String?, codePrefix: String?)
      async throws -> [LinkRecord]
    {
      let all = state.withLockedValue { Array($0.links.values) }
      return Array(
        all.filter { record in
          (after.map {
            record.code.utf8.lexicographicallyPrecedes($0.utf8) == false && record.code != $0
          } ?? true)
            && (route.map { record.route == $0 } ?? true)
            && (codePrefix.map { record.code.utf8.starts(with: $0.utf8) } ?? true)
        }
        .sorted { $0.code.utf8.lexicographicallyPrecedes($1.code.utf8) }
        .prefix(limit))
    }

    public func update(_ record: LinkRecord) async throws -> Bool {
      state.withLockedValue { state in
        guard let kept = state.links[record.code] else { return false }
        var changed = record
        changed.created = kept.created
        state.links[record.code] = changed
        return true
      }
    }

    public func isReachable() async -> Bool { true }

    public func spendToken(id: String, code: String, expires: Int64, now: Int64) async throws
      -> Redemption
    {
      guard expires > now else { return .spent }
      return state.withLockedValue { state in
        guard let record = state.links[code] else { return .unknown }
        if record.isExpired(at: now) { return .spent }
        // As the databases do: a bounded number of expired rows go with each spend.
        for (spentID, _) in state.spent.filter({ $0.value <= now }).prefix(SpentTokens.sweepLimit) {
          state.spent[spentID] = nil
        }
        guard state.spent[id] == nil else { return .spent }
        state.spent[id] = expires
        return .redeemed(record)
      }
    }

    public func checkWritable() async throws(LinkStoreError) {}

    public func addClicks(_ counts: [ClickCount]) async throws {
      state.withLockedValue { state in
        for count in counts {
          let key = ClickKey(day: count.day, code: count.code, platform: count.platform)
          var kept =
            state.clicks[key]
            ?? ClickCount(
              day: count.day, code: count.code, route: count.route, platform: count.platform)
          kept.add(count.clicks, .click)
          kept.add(count.previews, .preview)
          kept.add(count.appOpens, .appOpen)
          kept.add(count.installs, .install)
          state.clicks[key] = kept
        }
      }
    }

    public func clicks(from: Int64, to: Int64, by grouping: StatsGrouping, code: String?)
      async throws -> [StatsRow]
    {
      let counts = state.withLockedValue { Array($0.clicks.values) }
      var rows: [String: StatsRow] = [:]
      var days: [String: Int64] = [:]
      for count in counts
      where (from...to).contains(count.day) && (code == nil || count.code == code) {
        let key =
          switch grouping {
          case .link: count.code
          case .route: count.route
          case .platform: count.platform.rawValue
          case .day: StatsDay.text(count.day)
          }
        days[key] = count.day
        var row = rows[key] ?? StatsRow(key: key, clicks: 0)
        row.clicks += count.clicks
        row.previews += count.previews
        row.appOpens += count.appOpens
        row.installs += count.installs
        rows[key] = row
      }
      if grouping == .day {
        return rows.values.sorted { (days[$0.key] ?? 0) < (days[$1.key] ?? 0) }
      }
      // The databases' order: the most clicks, app opens, installs, previews, then the key's
      // bytes.
      return rows.values.sorted { a, b in
        if a.clicks != b.clicks { return a.clicks > b.clicks }
        if a.appOpens != b.appOpens { return a.appOpens > b.appOpens }
        if a.installs != b.installs { return a.installs > b.installs }
        if a.previews != b.previews { return a.previews > b.previews }
        return a.key.utf8.lexicographicallyPrecedes(b.key.utf8)
      }
    }
  }
#endif
