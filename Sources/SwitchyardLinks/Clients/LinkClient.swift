/// Who asked for a short link, read from the request's `User-Agent` header alone.
///
/// The service answers each kind differently: a preview crawler gets a page of `og:` and
/// `twitter:` tags, an iOS or Android browser gets the landing page ("Open in the app" and the
/// store), and everyone else is redirected to the link's web page. Nothing but the user agent
/// is read: no address, no cookie, no script, no fingerprint.
///
/// ```swift
/// LinkClient(userAgent: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)")
/// // .previewCrawler
/// LinkClient(userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) …")
/// // .iOSBrowser
/// LinkClient(userAgent: "curl/8.5.0")   // .other
/// ```
///
/// In-app browsers (Facebook, Instagram, TikTok, LinkedIn, Gmail and the Google app) count as
/// their platform's browser: their user agents name the device (`iPhone`, `Android`) or carry
/// the app's own platform token (Facebook's `FBIOS`, `FB4A`).
///
/// Safari on an iPad asks for desktop sites by default and then sends the same user agent as
/// Safari on a Mac. The two cannot be told apart without running script on the page, so such
/// an iPad is ``other``: it is sent to the link's web page, which is the right answer for a Mac
/// and a working one for an iPad. An iPad browser that names itself (`iPad` in the user agent,
/// or an in-app browser's `FBIOS`) is ``iOSBrowser``.
public enum LinkClient: Sendable, Hashable {
  /// A program that fetches a link to draw its preview card: a chat app, a social network or a
  /// search engine (`facebookexternalhit`, `Twitterbot`, `Slackbot`, `WhatsApp`, `Googlebot`, …).
  ///
  /// ```swift
  /// LinkClient(userAgent: "WhatsApp/2.23.20.0 A") == .previewCrawler   // true
  /// ```
  case previewCrawler
  /// A browser on an iPhone, iPad or iPod touch, in-app browsers included.
  ///
  /// ```swift
  /// LinkClient(userAgent: "Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) …") == .iOSBrowser
  /// ```
  case iOSBrowser
  /// A browser on Android, in-app browsers included.
  ///
  /// ```swift
  /// LinkClient(userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) …") == .androidBrowser
  /// ```
  case androidBrowser
  /// Everyone else: desktop browsers, command-line clients, unknown or missing user agents.
  ///
  /// ```swift
  /// LinkClient(userAgent: nil) == .other   // true
  /// ```
  case other

  /// The client that sent `userAgent` (the header's value, or `nil` when the request had none).
  ///
  /// Preview crawlers are recognised first, since some of them (Googlebot's smartphone crawler)
  /// also name a phone. Letters are compared without regard to case, and only the first 2,048
  /// bytes are read: no real user agent is longer.
  ///
  /// ```swift
  /// let client = LinkClient(userAgent: "Twitterbot/1.0")   // .previewCrawler
  /// ```
  public init(userAgent: String?) {
    guard let userAgent, !userAgent.isEmpty else {
      self = .other
      return
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(userAgent.utf8.count, Self.readLimit))
    for byte in userAgent.utf8.prefix(Self.readLimit) {
      // ASCII lower case; other bytes are kept (no token contains them).
      bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
    }
    for rule in Self.rules where bytes.containsToken(rule.token) {
      self = rule.client
      return
    }
    self = .other
  }

  /// How many bytes of a user agent are read.
  static let readLimit = 2048

  /// The user-agent tokens that decide the client, in the order they are tried (the first that
  /// occurs wins), lower case. The one place that lists the preview crawlers and the platforms.
  package static let tokens: [(token: String, client: LinkClient)] = [
    // Preview crawlers. iMessage fetches previews as "facebookexternalhit/1.1 Facebot Twitterbot/1.0".
    ("facebookexternalhit", .previewCrawler),
    ("facebot", .previewCrawler),
    ("twitterbot", .previewCrawler),
    ("slackbot", .previewCrawler),  // Slackbot-LinkExpanding, Slackbot 1.0
    ("linkedinbot", .previewCrawler),
    ("discordbot", .previewCrawler),
    ("whatsapp", .previewCrawler),  // WhatsApp/2.x A|i: WhatsApp has no in-app browser
    ("telegrambot", .previewCrawler),
    ("applebot", .previewCrawler),
    ("googlebot", .previewCrawler),
    ("bingbot", .previewCrawler),
    ("pinterestbot", .previewCrawler),
    ("redditbot", .previewCrawler),
    ("skypeuripreview", .previewCrawler),
    ("embedly", .previewCrawler),
    ("mastodon", .previewCrawler),
    // In-app browsers that name their platform even when the device part does not.
    ("fbios", .iOSBrowser),
    ("fb4a", .androidBrowser),
    // Devices. "iPhone" also covers Facebook, Instagram, TikTok (musical_ly), LinkedIn
    // ([LinkedInApp]) and the Google app (GSA) on iOS; "Android" the same apps and
    // BytedanceWebview on Android.
    ("iphone", .iOSBrowser),
    ("ipad", .iOSBrowser),
    ("ipod", .iOSBrowser),
    ("android", .androidBrowser),
  ]

  /// ``tokens`` as bytes, read once.
  private static let rules: [(token: [UInt8], client: LinkClient)] = tokens.map {
    (Array($0.token.utf8), $0.client)
  }
}

extension [UInt8] {
  /// Whether `token` (non-empty) occurs in these bytes.
  fileprivate func containsToken(_ token: [UInt8]) -> Bool {
    let first = token[0]
    guard count >= token.count else { return false }
    var start = 0
    let last = count - token.count
    while start <= last {
      if self[start] == first {
        var index = 1
        while index < token.count, self[start + index] == token[index] { index += 1 }
        if index == token.count { return true }
      }
      start += 1
    }
    return false
  }
}
