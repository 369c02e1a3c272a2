/// The one-time tokens that carry a short link across an app's installation.
///
/// When a phone's browser opens a short link, the landing page is given a new token tied to
/// that one visit of that one link: Android's Google Play button carries it in the Install
/// Referrer (``referrerParameter``), and iOS's "Get the app" button copies a one-time link
/// holding it. The app, once installed, sends the token to `POST /v1/redeem` and learns the
/// link's long URL, once.
///
/// A token carries its own proof, so that handing one out writes nothing: it holds the link's
/// code, its expiry and 128 random bits, signed with HMAC-SHA256 under a secret the store
/// keeps (made at the store's first start, shared by every server on the same database). The
/// store writes one row only when a token is redeemed — its uniqueness keeps "exactly once" —
/// and deletes that row once the token has expired. A token is URL-safe base64 (`A-Z a-z 0-9
/// - _`), 66 characters for an 8-character code.
///
/// ```swift
/// InstallToken.referrerParameter        // "switchyard_token"
/// InstallToken.referrer("abc")          // "switchyard_token%3Dabc", for Google Play's referrer=
/// ```
public enum InstallToken {
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

  /// The form of the token: its first byte. A later form gets a new number.
  static let form: UInt8 = 1
  /// Random bytes per token: 128 bits, which make each visit's token its own.
  static let nonceLength = 16
  /// The bytes of HMAC-SHA256 a token keeps: the first 128 bits.
  static let proofLength = 16
  /// Bytes before the code: form, expiry (8, big-endian), random bytes, proof.
  static let headerLength = 1 + 8 + nonceLength + proofLength
  /// The longest token text (a 64-character code): what is worth decoding at all.
  static let maximumLength = Base64URL.encodedLength(headerLength + 64)
  /// The length of the secret a store makes for signing tokens.
  static let keyLength = 32

  /// What a token that passed its proof says: which link, until when, and its identity (its
  /// random bytes, as the row that spends it is keyed).
  struct Claim: Sendable, Hashable {
    /// The token's random bytes as URL-safe base64: what the spent-token row is keyed by.
    var id: String
    /// The link's code.
    var code: String
    /// When the token stops being redeemable (seconds since 1970).
    var expires: Int64
  }

  /// The bytes a token's proof covers: form, expiry, random bytes, then the code.
  static func signedBytes(code: String, expires: Int64, nonce: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = [form]
    let value = UInt64(bitPattern: expires)
    for shift in stride(from: 56, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
    }
    bytes += nonce
    bytes += Array(code.utf8)
    return bytes
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

/// URL-safe base64 without padding (RFC 4648 §5): the install tokens' letters.
enum Base64URL {
  static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// How many characters `count` bytes take.
  static func encodedLength(_ count: Int) -> Int {
    (count * 8 + 5) / 6
  }

  /// Whether `text` is 1 to 200 characters of the alphabet: what may go into a page's link.
  static func isEncoded(_ text: String) -> Bool {
    (1...200).contains(text.utf8.count)
      && text.utf8.allSatisfy {
        isASCIILetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F
      }
  }

  static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(encodedLength(bytes.count))
    var index = 0
    while index < bytes.count {
      let chunk = bytes[index..<min(index + 3, bytes.count)]
      var value: UInt32 = 0
      for (offset, byte) in chunk.enumerated() { value |= UInt32(byte) << UInt32(16 - 8 * offset) }
      for position in 0..<(chunk.count + 1) {
        out.append(alphabet[Int((value >> UInt32(18 - 6 * position)) & 0x3F)])
      }
      index += 3
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The bytes of `text`; `nil` when it holds another character, has an impossible length or
  /// nonzero unused bits (so that each byte string has exactly one text).
  static func decode(_ text: some StringProtocol) -> [UInt8]? {
    let utf8 = Array(text.utf8)
    guard utf8.count % 4 != 1 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count * 3 / 4)
    var buffer: UInt32 = 0
    var bits = 0
    for character in utf8 {
      let value: UInt8
      switch character {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = character - UInt8(ascii: "A")
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = character - UInt8(ascii: "a") + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0") + 52
      case UInt8(ascii: "-"): value = 62
      case UInt8(ascii: "_"): value = 63
      default: return nil
      }
      buffer = (buffer << 6) | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
        buffer &= (1 << UInt32(bits)) - 1
      }
    }
    guard buffer == 0 else { return nil }
    return bytes
  }
}

#if Links
  import Crypto

  /// The secret install tokens are signed with (``LinkStore/installTokenKey``).
  struct InstallTokenSigner: Sendable {
    let key: SymmetricKey

    init(key: [UInt8]) {
      self.key = SymmetricKey(data: key)
    }

    /// A new token for the link `code`, redeemable until `expires`, with `nonce` (16 random
    /// bytes) as its identity.
    func token(code: String, expires: Int64, nonce: [UInt8]) -> String {
      let signed = InstallToken.signedBytes(code: code, expires: expires, nonce: nonce)
      let proof = proof(signed)
      // Form, expiry, random bytes, proof, code: the code last, as it varies in length.
      let head = signed.prefix(1 + 8 + InstallToken.nonceLength)
      return Base64URL.encode(Array(head) + proof + Array(code.utf8))
    }

    /// A new token with 128 bits from the system's random generator.
    func token(code: String, expires: Int64) -> String {
      var generator = SystemRandomNumberGenerator()
      var nonce: [UInt8] = []
      nonce.reserveCapacity(InstallToken.nonceLength)
      for _ in 0..<(InstallToken.nonceLength / 8) {
        let word = generator.next()
        for shift in stride(from: 0, to: 64, by: 8) {
          nonce.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
        }
      }
      return token(code: code, expires: expires, nonce: nonce)
    }

    /// What `token` says, if its proof is this signer's; `nil` for anything else (malformed,
    /// altered, signed with another key). Bounded work: the text is at most a few hundred
    /// bytes or refused unread.
    func read(_ token: some StringProtocol) -> InstallToken.Claim? {
      guard token.utf8.count <= InstallToken.maximumLength,
        let bytes = Base64URL.decode(token), bytes.count > InstallToken.headerLength,
        bytes[0] == InstallToken.form
      else { return nil }
      let nonceEnd = 1 + 8 + InstallToken.nonceLength
      let proofEnd = nonceEnd + InstallToken.proofLength
      let codeBytes = Array(bytes[proofEnd...])
      guard let code = String(validating: codeBytes, as: UTF8.self), LinkCode.isValid(code)
      else { return nil }
      var expiry: UInt64 = 0
      for byte in bytes[1..<9] { expiry = expiry << 8 | UInt64(byte) }
      let nonce = Array(bytes[9..<nonceEnd])
      let expected = proof(
        InstallToken.signedBytes(code: code, expires: Int64(bitPattern: expiry), nonce: nonce))
      // Every byte is compared whatever the first difference.
      var difference: UInt8 = 0
      for (given, wanted) in zip(bytes[nonceEnd..<proofEnd], expected) {
        difference |= given ^ wanted
      }
      guard difference == 0 else { return nil }
      return InstallToken.Claim(
        id: Base64URL.encode(nonce), code: code, expires: Int64(bitPattern: expiry))
    }

    /// The first 128 bits of HMAC-SHA256 of `bytes`.
    func proof(_ bytes: [UInt8]) -> [UInt8] {
      Array(HMAC<SHA256>.authenticationCode(for: bytes, using: key)).prefix(
        InstallToken.proofLength
      ).map { $0 }
    }
  }
#endif
