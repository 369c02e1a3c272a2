#if Links
  public import ServiceLifecycle

  /// Counts short-link clicks, previews, app opens and installs in memory and writes them to
  /// the store in batches, so that a redirect never waits for the database.
  ///
  /// ``record(_:code:route:platform:day:)`` only adds to a count in memory. ``flush()`` writes
  /// what was counted since the last flush in one statement per 500 counts; as a `Service`,
  /// the counter flushes every ``interval`` (1 second by default) and once more when the
  /// service stops gracefully. Counted clicks are durable once flushed: a `kill -9` loses at
  /// most the clicks of the last interval. Nothing but the link, its route, the platform class
  /// and the day is counted.
  ///
  /// ```swift
  /// let counter = ClickCounter(store: store)
  /// await counter.record(.click, code: "hello", route: "post", platform: .ios, day: 20_849)
  /// try await counter.flush()   // now in the database
  /// ```
  public actor ClickCounter: Service {
    /// Where the counts go.
    let store: any LinkStore
    /// How often ``run()`` flushes.
    public let interval: Duration
    /// The counts not yet written, by day, code and platform.
    var pending: [Key: ClickCount] = [:]

    struct Key: Hashable {
      var day: Int64
      var code: String
      var platform: ClickPlatform
    }

    /// A counter writing to `store` every `interval`.
    ///
    /// ```swift
    /// let counter = ClickCounter(store: store, interval: .seconds(1))
    /// ```
    public init(store: any LinkStore, interval: Duration = .seconds(1)) {
      self.store = store
      self.interval = interval
    }

    /// Counts one click, preview, app open or install, in memory.
    ///
    /// ```swift
    /// await counter.record(.click, code: "hello", route: "post", platform: .android, day: 20_849)
    /// ```
    public func record(
      _ kind: CountKind, code: String, route: String, platform: ClickPlatform, day: Int64
    ) {
      let key = Key(day: day, code: code, platform: platform)
      pending[key, default: ClickCount(day: day, code: code, route: route, platform: platform)]
        .add(1, kind)
    }

    /// How many counts wait for the next flush.
    ///
    /// ```swift
    /// await counter.pendingCounts  // 0 right after a flush
    /// ```
    public var pendingCounts: Int { pending.count }

    /// Writes the pending counts to the store. When the store fails, the counts it did not
    /// take are kept for the next flush and the error is thrown.
    ///
    /// ```swift
    /// try await counter.flush()
    /// ```
    public func flush() async throws {
      guard !pending.isEmpty else { return }
      let batch = Array(pending.values)
      pending = [:]
      var written = 0
      do {
        // Batches of one statement each, so that a failure leaves no batch half-written.
        while written < batch.count {
          let end = min(written + 500, batch.count)
          try await store.addClicks(Array(batch[written..<end]))
          written = end
        }
      } catch {
        for count in batch[written...] {
          let key = Key(day: count.day, code: count.code, platform: count.platform)
          var kept =
            pending[key]
            ?? ClickCount(
              day: count.day, code: count.code, route: count.route, platform: count.platform)
          kept.add(count.clicks, .click)
          kept.add(count.previews, .preview)
          kept.add(count.appOpens, .appOpen)
          kept.add(count.installs, .install)
          pending[key] = kept
        }
        throw error
      }
    }

    /// Flushes every ``interval`` until the service group stops, then once more.
    ///
    /// ```swift
    /// let group = ServiceGroup(configuration: .init(services: [counter, application], logger: logger))
    /// ```
    public func run() async throws {
      while !Task.isCancelled && !Task.isShuttingDownGracefully {
        try? await cancelWhenGracefulShutdown {
          try await Task.sleep(for: self.interval)
        }
        try? await flush()
      }
      try? await flush()
    }
  }
#endif
