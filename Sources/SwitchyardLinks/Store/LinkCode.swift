/// Short-link codes: the generated ones and the rule custom ones follow.
///
/// A generated code is ``generatedLength`` characters drawn uniformly from the 62 letters and
/// digits, about 47.6 bits of randomness: guessing one of a million links takes about 200
/// million tries. Uniqueness is the store's job (its primary key), never a look-up first.
///
/// ```swift
/// var generator = SystemRandomNumberGenerator()
/// let code = LinkCode.generate(using: &generator)  // e.g. "q7R2xLmA"
/// LinkCode.isValid(code)                            // true
/// LinkCode.isValid("../etc")                        // false
/// ```
public enum LinkCode {
  /// The length of a generated code.
  public static let generatedLength = 8
  /// The longest custom code.
  public static let maximumLength = 64

  static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

  /// A new random code of ``generatedLength`` letters and digits.
  ///
  /// ```swift
  /// var generator = SystemRandomNumberGenerator()
  /// LinkCode.generate(using: &generator).count  // 8
  /// ```
  public static func generate(using generator: inout some RandomNumberGenerator) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(generatedLength)
    for _ in 0..<generatedLength {
      // `random(in:using:)` draws without modulo bias.
      bytes.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `code` is a code a link may have: 1 to 64 of `A-Z a-z 0-9 _ -`.
  ///
  /// ```swift
  /// LinkCode.isValid("spring-sale_2027")  // true
  /// LinkCode.isValid("a/b")               // false
  /// ```
  public static func isValid(_ code: some StringProtocol) -> Bool {
    let bytes = code.utf8
    guard !bytes.isEmpty, bytes.count <= maximumLength else { return false }
    return bytes.allSatisfy { byte in
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
  }
}
