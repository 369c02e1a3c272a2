public import Switchyard

/// What the link service serves: the route table and the flags of `switchyard-links`.
///
/// ```swift
/// var configuration = LinksConfiguration(table: table)
/// configuration.hosts = ["go.example.com"]
/// configuration.appIDs = ["ABCDE12345.com.example.app"]
/// configuration.token = "s3cret"
/// ```
public struct LinksConfiguration: Sendable {
  /// The routes every link is checked against.
  public var table: RouteTable
  /// The public hosts of the short links (`--host`); the first makes each `link`. Empty: the
  /// minting request's own host, over `http`.
  public var hosts: [String] = []
  /// Where the short links live (`--prefix`), starting and ending with `/`.
  public var prefix: String = "/l/"
  /// `TEAMID.BUNDLEID` of the iOS apps (`--app-id`); none: no association file.
  public var appIDs: [String] = []
  /// The Android package (`--package`); `nil`: no `assetlinks.json`, no Google Play button.
  public var androidPackage: String?
  /// The Android signing certificates' SHA-256 fingerprints (`--sha256`).
  public var fingerprints: [String] = []
  /// The App Store ID for the iOS landing page's button (`--app-store-id`).
  public var appStoreID: String?
  /// Routes whose links stay on the web (`--web-only`).
  public var webOnly: Set<String> = []
  /// The title of a link's preview and landing page when it has neither a title of its own
  /// nor its route's template (`--site-name`); `nil`: the long URL's host and path.
  public var siteName: String?
  /// The app's name, icon and theme colour on its landing page (`--app-name`, `--app-icon`,
  /// `--theme-color`).
  public var app = AppIdentity()
  /// The minting token; `nil`: minting answers `403`.
  public var token: String?
  /// The current time in seconds since 1970 (UTC): for expiry.
  public var now: @Sendable () -> Int64
  /// A new random code: ``LinkCode/generate(using:)`` with the system's generator.
  public var newCode: @Sendable () -> String = {
    var generator = SystemRandomNumberGenerator()
    return LinkCode.generate(using: &generator)
  }

  /// Timeouts and the connection limit of the HTTP server (`httpServer` and
  /// `applicationConfiguration(address:)`, with the `Links` trait, apply them).
  public var connections = ConnectionLimits()

  /// How long an install token can be redeemed, in seconds (`--install-token-days`); 7 days
  /// by default.
  public var installTokenLifetime: Int64 = InstallToken.defaultLifetime

  /// The address the server listens on (`--bind`): `127.0.0.1` by default.
  public var bind = "127.0.0.1"
  /// The port the server listens on (`--port`): 8080 by default; 0 for any free port.
  public var port = 8080
  /// How often the click counter writes its counts to the store: every second by default
  /// (and once more when the service stops).
  public var clickFlushInterval: Duration = .seconds(1)

  /// A configuration with the defaults of `switchyard-links`.
  ///
  /// ```swift
  /// let configuration = LinksConfiguration(table: table, now: { 1_800_000_000 })
  /// ```
  public init(table: RouteTable, now: @escaping @Sendable () -> Int64 = SystemTime.now) {
    self.table = table
    self.now = now
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's time of day.
///
/// ```swift
/// SystemTime.now()  // seconds since 1970, e.g. 1_800_000_000
/// ```
public enum SystemTime {
  /// Seconds since 1970 (UTC).
  @Sendable public static func now() -> Int64 {
    Int64(time(nil))
  }
}
