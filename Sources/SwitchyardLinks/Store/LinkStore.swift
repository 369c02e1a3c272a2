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
  /// Up to `limit` links in code order (bytes), those after the code `after` when given, of
  /// the route `route` alone and those whose code starts with `codePrefix` when given
  /// (expired ones included): a page of `GET /v1/links`.
  ///
  /// ```swift
  /// try await store.links(after: nil, limit: 50, route: "product", codePrefix: "spring")
  /// ```
  func links(after: String?, limit: Int, route: String?, codePrefix: String?) async throws
    -> [LinkRecord]
  /// Stores `record` in place of the link with its code (its `created` kept); `false` when no
  /// link has that code. What `PATCH` and `DELETE /v1/links/CODE` write.
  ///
  /// ```swift
  /// record.title = "Spring sale"
  /// try await store.update(record)  // true
  /// ```
  func update(_ record: LinkRecord) async throws -> Bool
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
  /// The stored counts of the days `from...to` (days since 1970), of the link `code` alone
  /// when one is given, summed by `grouping`: the most clicks first (then the most app opens,
  /// installs, previews, and the key in byte order); by day, in day order.
  ///
  /// ```swift
  /// try await store.clicks(from: 20_800, to: 20_829, by: .day, code: "spring")
  /// ```
  func clicks(from: Int64, to: Int64, by grouping: StatsGrouping, code: String?) async throws
    -> [StatsRow]
}

extension LinkStore {
  /// The stored counts of every link (see ``clicks(from:to:by:code:)``).
  ///
  /// ```swift
  /// try await store.clicks(from: 20_800, to: 20_829, by: .route)
  /// ```
  public func clicks(from: Int64, to: Int64, by grouping: StatsGrouping) async throws
    -> [StatsRow]
  {
    try await clicks(from: from, to: to, by: grouping, code: nil)
  }
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
  /// Everyone else who is not a preview crawler (an app's own requests from an HTTP client
  /// that is neither Apple's nor Android's too).
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

  /// The class of an app's own request to the service (`GET /v1/links/CODE` when a short link
  /// opens it, `POST /v1/redeem` after an install), read from its HTTP client's user agent:
  /// Apple's (`CFNetwork`, `Darwin`) and iPhone or iPad browsers count as `ios`, Android's
  /// (`okhttp`, `Dalvik`, `Android`) as `android`; a preview crawler as `crawler`; any other
  /// as `desktop`.
  ///
  /// ```swift
  /// ClickPlatform(appUserAgent: "Shop/3.1 CFNetwork/1568.100.1 Darwin/24.0.0")  // .ios
  /// ```
  public init(appUserAgent: String?) {
    let agent = (appUserAgent ?? "").prefix(LinkClient.readLimit).lowercased()
    switch LinkClient(userAgent: appUserAgent) {
    case .previewCrawler: self = .crawler
    case .iOSBrowser: self = .ios
    case .androidBrowser: self = .android
    case .other:
      if agent.contains("cfnetwork") || agent.contains("darwin") {
        self = .ios
      } else if agent.contains("okhttp") || agent.contains("dalvik") {
        self = .android
      } else {
        self = .desktop
      }
    }
  }
}

/// What one count counts: a click by a person, a preview fetched by a crawler, an app opened
/// by a short link, or an install (an install token redeemed).
///
/// ```swift
/// await counter.record(.appOpen, code: "spring", route: "product", platform: .ios, day: 20_849)
/// ```
public struct CountKind: Sendable, Hashable, CustomStringConvertible {
  /// The name in `GET /v1/stats`' JSON (`clicks`, `previews`, `appOpens`, `installs`).
  public let description: String

  private init(_ name: String) { description = name }

  /// A person's visit of a short link (`GET {prefix}CODE` from a browser or other client).
  public static let click = CountKind("clicks")
  /// A link-preview crawler's fetch of a short link (Slack, iMessage, X, …): never a click.
  public static let preview = CountKind("previews")
  /// The app, opened by a short link, asked for its long link (`GET /v1/links/CODE`).
  public static let appOpen = CountKind("appOpens")
  /// The app, installed from a short link's landing page, redeemed its install token
  /// (`POST /v1/redeem`, the first time).
  public static let install = CountKind("installs")
}

/// The counts of one link from one platform class on one day: all the service counts. Clicks
/// by people, previews by crawlers, app opens and installs are counted apart.
///
/// ```swift
/// ClickCount(day: 20_800, code: "hello", route: "post", platform: .ios, clicks: 3, appOpens: 1)
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
  /// How many clicks by people.
  public var clicks: Int
  /// How many previews fetched by crawlers.
  public var previews: Int
  /// How many times the app asked for the link (opened by it).
  public var appOpens: Int
  /// How many install tokens of the link were redeemed.
  public var installs: Int

  /// Creates a count.
  ///
  /// ```swift
  /// ClickCount(day: 0, code: "a", route: "home", platform: .desktop, clicks: 1)
  /// ```
  public init(
    day: Int64, code: String, route: String, platform: ClickPlatform, clicks: Int = 0,
    previews: Int = 0, appOpens: Int = 0, installs: Int = 0
  ) {
    self.day = day
    self.code = code
    self.route = route
    self.platform = platform
    self.clicks = clicks
    self.previews = previews
    self.appOpens = appOpens
    self.installs = installs
  }

  /// Adds `amount` to the count of `kind`.
  mutating func add(_ amount: Int, _ kind: CountKind) {
    switch kind {
    case .preview: previews += amount
    case .appOpen: appOpens += amount
    case .install: installs += amount
    default: clicks += amount
    }
  }
}

/// What `GET /v1/stats` sums the counts by (`by=`).
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

/// One line of statistics: the group's key and its counts, each kind apart.
///
/// ```swift
/// StatsRow(key: "post", clicks: 12, previews: 3, appOpens: 5, installs: 1)
/// ```
public struct StatsRow: Sendable, Hashable {
  /// The link code, route, platform class or day (`YYYY-MM-DD`).
  public var key: String
  /// Clicks by people (never a crawler's preview).
  public var clicks: Int
  /// Previews fetched by crawlers.
  public var previews: Int
  /// App opens: the app asked for the link (`GET /v1/links/CODE`).
  public var appOpens: Int
  /// Installs: install tokens of the link redeemed.
  public var installs: Int

  /// Creates a row.
  ///
  /// ```swift
  /// StatsRow(key: "ios", clicks: 3)
  /// ```
  public init(key: String, clicks: Int, previews: Int = 0, appOpens: Int = 0, installs: Int = 0) {
    self.key = key
    self.clicks = clicks
    self.previews = previews
    self.appOpens = appOpens
    self.installs = installs
  }

  /// The counts of `rows` added up, under `key`.
  static func sum(_ rows: [StatsRow], key: String) -> StatsRow {
    rows.reduce(into: StatsRow(key: key, clicks: 0)) { sum, row in
      sum.clicks += row.clicks
      sum.previews += row.previews
      sum.appOpens += row.appOpens
      sum.installs += row.installs
    }
  }
}
