/// The browsers inside other apps (Instagram, Facebook, TikTok, …), which open a universal
/// link or an Android App Link in their own web view instead of in the app it belongs to, and
/// the links that get a person from there into the installed app.
enum InAppBrowsers {
  /// User-agent tokens of in-app browsers, lower case, and the app each belongs to.
  static let tokens: [(token: String, app: String)] = [
    ("instagram", "Instagram"),
    ("fban/", "Facebook"),  // iOS: [FBAN/FBIOS;…]
    ("fb_iab", "Facebook"),  // Android: [FB_IAB/FB4A;…]
    ("fbav/", "Facebook"),
    ("messenger", "Messenger"),
    ("musical_ly", "TikTok"),
    ("bytedancewebview", "TikTok"),
    ("linkedinapp", "LinkedIn"),
    ("snapchat", "Snapchat"),
    ("twitter for", "X"),
    ("pinterest/", "Pinterest"),
    (" line/", "LINE"),
    ("micromessenger", "WeChat"),
  ]

  /// The app whose in-app browser sent `userAgent`; `nil` for a browser of its own.
  ///
  /// ```swift
  /// InAppBrowsers.app(userAgent: "… Instagram 337.0.3.23.54 (iPhone14,5; …)")  // "Instagram"
  /// ```
  static func app(userAgent: String?) -> String? {
    guard let userAgent else { return nil }
    let lowered = String(
      decoding: userAgent.utf8.prefix(LinkClient.readLimit).map {
        $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0
      }, as: UTF8.self)
    return tokens.first { lowered.contains($0.token) }?.app
  }

  /// An Android `intent:` URL that opens `url` in the app `package` when it is installed, and
  /// `fallback` (a web page or Google Play) when it is not:
  /// `intent://HOST/PATH?QUERY#Intent;scheme=SCHEME;package=PACKAGE;S.browser_fallback_url=…;end`.
  /// `nil` when `url` has a fragment (which the intent's own would replace) or is not
  /// `scheme://…`, or the package is not a package name.
  ///
  /// ```swift
  /// InAppBrowsers.intentURL(
  ///   "https://shop.example.com/product/42", package: "com.example.shop",
  ///   fallback: "https://shop.example.com/product/42")
  /// // intent://shop.example.com/product/42#Intent;scheme=https;package=com.example.shop;S.browser_fallback_url=https%3A%2F%2Fshop.example.com%2Fproduct%2F42;end
  /// ```
  static func intentURL(_ url: String, package: String, fallback: String?) -> String? {
    guard StoreLinks.isPackageName(package), !url.contains("#"),
      let separator = url.firstRange(of: "://")
    else { return nil }
    let scheme = url[..<separator.lowerBound].lowercased()
    guard let first = scheme.utf8.first, isASCIILetter(first),
      scheme.utf8.allSatisfy({
        isASCIILetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
      })
    else { return nil }
    var intent =
      "intent://" + url[separator.upperBound...] + "#Intent;scheme=" + scheme
      + ";package=" + package
    if let fallback { intent += ";S.browser_fallback_url=" + percentEncoded(fallback) }
    return intent + ";end"
  }

  /// `text` with every byte but the unreserved ones (RFC 3986: letters, digits, `-._~`)
  /// percent-encoded: an intent's extra is read up to the next `;`.
  static func percentEncoded(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in text.utf8 {
      if isASCIILetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
        || byte == 0x5F || byte == 0x7E
      {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
