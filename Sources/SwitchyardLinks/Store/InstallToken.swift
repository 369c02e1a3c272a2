/// The one-time tokens that carry a short link across an app's installation.
///
/// When a phone's browser opens a short link, the landing page is given a new token tied to
/// that one visit of that one link: Android's Google Play button carries it in the Install
/// Referrer (``referrerParameter``), and iOS's "Get the app" button copies a one-time link
/// holding it. The app, once installed, sends the token to `POST /v1/redeem` and learns the
/// link's long URL, once. A token is ``length`` characters drawn uniformly from the 62
/// letters and digits, about 131 bits of randomness, from the system's random generator.
///
/// ```swift
/// var generator = SystemRandomNumberGenerator()
/// let token = InstallToken.generate(using: &generator)  // e.g. "u3Yb0Q…" (22 characters)
/// InstallToken.isValid(token)                            // true
/// InstallToken.referrer(token)  // "switchyard_token%3Du3Yb0Q…", for Google Play's referrer=
/// ```
public enum InstallToken {
  /// The length of a token: 22 of 62 characters, ≥ 128 bits.
  public static let length = 22

  /// The name the token goes by: in the Install Referrer (`switchyard_token=TOKEN`) and in the
  /// query of the one-time link iOS copies (`…/l/CODE?switchyard_token=TOKEN`).
  ///
  /// ```swift
  /// InstallToken.referrerParameter  // "switchyard_token"
  /// ```
  public static let referrerParameter = "switchyard_token"

  /// How long a token can be redeemed when the server is not told otherwise: 7 days.
  ///
  /// ```swift
  /// InstallToken.defaultLifetime  // 604_800 seconds
  /// ```
  public static let defaultLifetime: Int64 = 7 * 86_400

  /// A new token from `generator` (the service uses `SystemRandomNumberGenerator`).
  ///
  /// ```swift
  /// var generator = SystemRandomNumberGenerator()
  /// InstallToken.generate(using: &generator).count  // 22
  /// ```
  public static func generate(using generator: inout some RandomNumberGenerator) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(length)
    for _ in 0..<length {
      bytes.append(
        LinkCode.alphabet[Int.random(in: 0..<LinkCode.alphabet.count, using: &generator)])
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `token` has the form of a token: 22 letters and digits.
  ///
  /// ```swift
  /// InstallToken.isValid("not a token")  // false
  /// ```
  public static func isValid(_ token: some StringProtocol) -> Bool {
    token.utf8.count == length
      && token.utf8.allSatisfy { byte in
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
          || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      }
  }

  /// The Install Referrer value that carries `token`, URL-encoded for Google Play's
  /// `referrer=` parameter: `switchyard_token%3DTOKEN`. The app's Install Referrer client
  /// reads it back decoded, as `switchyard_token=TOKEN`.
  ///
  /// ```swift
  /// InstallToken.referrer("abc")  // "switchyard_token%3Dabc"
  /// ```
  public static func referrer(_ token: String) -> String {
    percentEncoded(referrerParameter + "=" + token)
  }

  /// `text` with every byte but the unreserved ones (`A-Z a-z 0-9 - . _ ~`) as `%XX`.
  static func percentEncoded(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in text.utf8 {
      if isASCIILetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
        || byte == 0x5F || byte == 0x7E
      {
        bytes.append(byte)
      } else {
        bytes += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
