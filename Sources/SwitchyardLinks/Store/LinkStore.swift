/// Where the service keeps its links, install tokens and click counts: one SQLite file
/// (`SQLiteLinkStore`), or a PostgreSQL database several servers share (`PostgresLinkStore`).
///
/// `insert` must be atomic and durable: it returns only once the link would survive the
/// process being killed, and a code already taken makes it return `false` (decided by the
/// database's own uniqueness constraint, so that two servers minting at once cannot both win).
/// `spendToken` must write its one row under the database's uniqueness constraint, so that
/// however many redeem a token at once, across servers, one alone gets the link.
///
/// ```swift
/// let store: any LinkStore = try await SQLiteLinkStore.open(path: "links.sqlite")
/// let record = LinkRecord(code: "hello", url: "myapp://home", route: "home", values: [],
///                         created: 0)
/// try await store.insert(record)        // true
/// try await store.link(code: "hello")   // record
/// ```
public protocol LinkStore: Sendable {
  /// Stores `record` durably; `false` when its code is already taken (nothing is written).
  func insert(_ record: LinkRecord) async throws -> Bool
  /// Stores every one of `records` in one transaction, or none of them: answers the codes that
  /// were taken already, and when there are any nothing is written. What
  /// `switchyard-links import` calls; the records' codes are distinct.
  ///
  /// ```swift
  /// let taken = try await store.insertAll(records)  // [] when all went in
  /// ```
  func insertAll(_ records: [LinkRecord]) async throws -> [String]
  /// The link with this code, if any (expired ones included).
  func link(code: String) async throws -> LinkRecord?
  /// Whether the store answers (for `GET /healthz`).
  func isReachable() async -> Bool
  /// The secret install tokens are signed with: 32 random bytes the store made when it was
  /// first opened and keeps, so that every server on the same data signs and checks alike.
  /// Whoever reads it can make tokens, which only ever redeem a link's public long URL.
  var installTokenKey: [UInt8] { get }
  /// Spends the install token `id` (a token of the link `code`, redeemable until `expires`;
  /// its proof checked already) at `now`, if its link still works: the one row this writes is
  /// keyed by `id`, and the store's uniqueness constraint lets one call alone write it, however
  /// many arrive at once, across servers. Deletes a bounded number of rows of tokens that have
  /// expired. `.spent` when the token was spent before or its link has expired.
  func spendToken(id: String, code: String, expires: Int64, now: Int64) async throws
    -> Redemption
  /// Throws a ``LinkStoreError`` saying why when the store cannot take writes (a read-only
  /// file, database or user; no space left): checked at start and by `GET /healthz`. Writes
  /// nothing.
  func checkWritable() async throws(LinkStoreError)
  /// Adds the counts to the stored ones, all in one transaction.
  func addClicks(_ counts: [ClickCount]) async throws
  /// The stored clicks of the days `from...to` (days since 1970), summed by `grouping`,
  /// largest first (by day: in day order).
  func clicks(from: Int64, to: Int64, by grouping: StatsGrouping) async throws -> [StatsRow]
}

/// What redeeming an install token gave.
///
/// ```swift
/// switch try await store.spendToken(id: id, code: code, expires: expires, now: now) {
/// case .redeemed(let link): print(link.url)
/// case .spent: print("410")
/// case .unknown: print("404")
/// }
/// ```
public enum Redemption: Sendable, Hashable {
  /// The token was unspent: it is spent now, and this is its link.
  case redeemed(LinkRecord)
  /// The token was spent before, has expired, or its link has expired.
  case spent
  /// No such token (its proof does not hold), or no such link.
  case unknown
}

/// The platform class a click is counted under, read from the user agent.
///
/// ```swift
/// ClickPlatform(LinkClient(userAgent: "Twitterbot/1.0"))  // .crawler
/// ```
public enum ClickPlatform: String, Sendable, Hashable, CaseIterable {
  /// iPhone, iPad and iPod touch browsers.
  case ios
  /// Android browsers.
  case android
  /// Everyone else who is not a preview crawler.
  case desktop
  /// Link-preview crawlers.
  case crawler

  /// The class of `client`.
  ///
  /// ```swift
  /// ClickPlatform(.other)  // .desktop
  /// ```
  public init(_ client: LinkClient) {
    switch client {
    case .iOSBrowser: self = .ios
    case .androidBrowser: self = .android
    case .previewCrawler: self = .crawler
    case .other: self = .desktop
    }
  }
}

/// Clicks of one link from one platform class on one day: all the service counts.
///
/// ```swift
/// ClickCount(day: 20_800, code: "hello", route: "post", platform: .ios, clicks: 3)
/// ```
public struct ClickCount: Sendable, Hashable {
  /// The day, counted from 1970-01-01 (UTC).
  public var day: Int64
  /// The link's code.
  public var code: String
  /// The link's route.
  public var route: String
  /// The platform class.
  public var platform: ClickPlatform
  /// How many clicks.
  public var clicks: Int

  /// Creates a count.
  ///
  /// ```swift
  /// ClickCount(day: 0, code: "a", route: "home", platform: .desktop, clicks: 1)
  /// ```
  public init(day: Int64, code: String, route: String, platform: ClickPlatform, clicks: Int) {
    self.day = day
    self.code = code
    self.route = route
    self.platform = platform
    self.clicks = clicks
  }
}

/// What `GET /v1/stats` sums the clicks by (`by=`).
///
/// ```swift
/// StatsGrouping(rawValue: "route")  // .route
/// ```
public enum StatsGrouping: String, Sendable, Hashable, CaseIterable {
  /// Per link code.
  case link
  /// Per route.
  case route
  /// Per platform class.
  case platform
  /// Per day (`YYYY-MM-DD`, UTC).
  case day
}

/// One line of statistics: the group's key and its clicks.
///
/// ```swift
/// StatsRow(key: "post", clicks: 12)
/// ```
public struct StatsRow: Sendable, Hashable {
  /// The link code, route, platform class or day (`YYYY-MM-DD`).
  public var key: String
  /// The clicks.
  public var clicks: Int

  /// Creates a row.
  ///
  /// ```swift
  /// StatsRow(key: "ios", clicks: 3)
  /// ```
  public init(key: String, clicks: Int) {
    self.key = key
    self.clicks = clicks
  }
}
