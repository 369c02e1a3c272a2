/// Writing JSON: string escaping and number formatting for machine-readable output.
package enum JSONEscaping {
  /// The contents of a JSON string literal for `string`, without the surrounding quotes.
  ///
  /// Escapes `"`, `\` and every control character (U+0000–U+001F, U+007F, and U+2028/U+2029,
  /// which some JavaScript parsers still choke on); everything else stays as UTF-8.
  ///
  /// ```swift
  /// JSONEscaping.escape("a\"b\n")  // a\"b\n (with backslashes)
  /// ```
  package static func escape(_ string: String) -> String {
    var result = ""
    result.reserveCapacity(string.utf8.count)
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
        result += "\\u" + JSONParser.hex(scalar.value, width: 4).lowercased()
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `string` as a JSON string literal, with quotes.
  package static func quote(_ string: String) -> String {
    "\"" + escape(string) + "\""
  }

  /// A finite `Double` as a JSON number (`42.0`, `1.5e-07`); non-finite values become `null`.
  package static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    return "\(value)"
  }
}
