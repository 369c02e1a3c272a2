#if Links
  /// The mints the service refused with `422` (no route of the table handles the URL, or its
  /// host is not the table's), for the admin page: when, and the reason, which names the URL.
  /// Kept in memory, since the process started: the last ``limit`` of the last ``days`` days.
  actor RefusedMints {
    struct Entry: Sendable, Hashable {
      /// Seconds since 1970.
      var time: Int64
      /// The refusal's message.
      var reason: String
    }

    /// How many are kept.
    static let limit = 50
    /// How many days back the page shows.
    static let days: Int64 = 7

    private var entries: [Entry] = []

    /// Keeps a refusal, dropping the oldest beyond ``limit``.
    func record(_ reason: String, at time: Int64) {
      entries.append(Entry(time: time, reason: reason))
      if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
    }

    /// The refusals of the last ``days`` days before `now`, newest first.
    func recent(now: Int64) -> [Entry] {
      entries.filter { $0.time > now - Self.days * 86_400 }.reversed()
    }
  }
#endif
