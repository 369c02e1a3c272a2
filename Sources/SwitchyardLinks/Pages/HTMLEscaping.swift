/// Escaping for HTML text and attribute values, and the check that a URL may be linked to.
enum HTMLEscaping {
  /// `text` for HTML text or a double-quoted attribute value: `& < > " '` become references,
  /// tabs and line breaks become spaces, other control characters are removed.
  static func escape(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x26: output += "&amp;"
      case 0x3C: output += "&lt;"
      case 0x3E: output += "&gt;"
      case 0x22: output += "&quot;"
      case 0x27: output += "&#39;"
      case 0x09, 0x0A, 0x0D: output += " "
      case 0x00...0x1F, 0x7F...0x9F: continue
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  /// `text` as ``escape(_:)`` shows it, before the references: tabs and line breaks as spaces,
  /// other control characters removed. What a page's form field holds of a value (and what
  /// a browser posts back when it is left alone).
  ///
  /// ```swift
  /// HTMLEscaping.shown("Shoes\r\nand bags\u{7}")  // "Shoes  and bags"
  /// ```
  static func shown(_ text: String) -> String {
    var output = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0D: output.append(" ")
      case 0x00...0x1F, 0x7F...0x9F: continue
      default: output.append(scalar)
      }
    }
    return String(output)
  }

  /// Schemes never linked to, whatever the configuration says: they run or embed content.
  static let forbiddenSchemes: Set<String> = [
    "javascript", "data", "vbscript", "file", "blob", "about", "filesystem",
  ]

  /// `url` when it may go into an `href` or `src`: its scheme is one of `schemes` (lower case)
  /// and not forbidden, it holds no space or control character, and an `http`/`https` URL has
  /// a host. `nil` otherwise. The result is still to be escaped with ``escape(_:)``.
  static func linkable(_ url: String?, schemes: Set<String>) -> String? {
    guard let url, !url.isEmpty, url.utf8.count <= 8192 else { return nil }
    // No whitespace or control character anywhere: browsers drop some of them while reading
    // a URL ("java\tscript:"), so none may reach an attribute.
    for scalar in url.unicodeScalars {
      let value = scalar.value
      if value <= 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
        || value == 0xFEFF
      {
        return nil
      }
    }
    let bytes = Array(url.utf8)
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
      isASCIILetter(bytes[0]),
      bytes[..<colon].allSatisfy({
        isASCIILetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
      })
    else { return nil }
    let scheme = String(decoding: bytes[..<colon].map { $0 | 0x20 }, as: UTF8.self)
    guard schemes.contains(scheme), !forbiddenSchemes.contains(scheme) else { return nil }
    if scheme == "http" || scheme == "https" {
      let rest = bytes[(colon + 1)...]
      guard rest.starts(with: [0x2F, 0x2F]) else { return nil }
      let afterSlashes = rest.dropFirst(2)
      guard let hostStart = afterSlashes.first,
        ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "\\")].contains(
          hostStart)
      else { return nil }
    }
    return url
  }

  /// The schemes an image may use.
  static let imageSchemes: Set<String> = ["https"]
  /// The schemes of web pages.
  static let webSchemes: Set<String> = ["http", "https"]
}
