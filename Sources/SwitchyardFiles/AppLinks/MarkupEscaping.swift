/// Writing XML and HTML: the one escaper for text and attribute values in markup.
package enum MarkupEscaping {
  /// `text` with `&`, `<`, `>` and `"` written as entities, so that it can stand in element
  /// content or in a double-quoted attribute value.
  ///
  /// ```swift
  /// MarkupEscaping.escape("a<b & \"c\"")  // a&lt;b &amp; &quot;c&quot;
  /// ```
  package static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }
}
