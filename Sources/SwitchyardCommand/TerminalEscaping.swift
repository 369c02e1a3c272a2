/// Text from outside (a URL, a route name) made safe to show on a terminal.
extension String {
  /// The text with control characters and invisible direction marks written as escapes, so that
  /// a URL cannot move the cursor, change colours or hide part of itself when printed.
  ///
  /// `\n`, `\r` and `\t` keep their short forms, every other such character is written
  /// `\u{…}` in hex, and a backslash is doubled so that the escapes stay unambiguous:
  ///
  /// ```swift
  /// "myapp://a\u{1B}[2Jb\n".escapedForTerminal  // #"myapp://a\u{1B}[2Jb\n"#
  /// ```
  var escapedForTerminal: String { escapingForTerminal(backslash: true) }

  /// The same for text that is already quoted with JSON escapes (whose backslashes stay).
  var escapedForTerminalInQuotes: String { escapingForTerminal(backslash: false) }

  private func escapingForTerminal(backslash: Bool) -> String {
    let needsEscape = { (scalar: Unicode.Scalar) in
      scalar.needsTerminalEscape || (backslash && scalar == "\\")
    }
    guard unicodeScalars.contains(where: needsEscape) else { return self }
    var result = ""
    result.reserveCapacity(utf8.count)
    for scalar in unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\\" where backslash: result += "\\\\"
      case _ where scalar.needsTerminalEscape:
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension Unicode.Scalar {
  /// C0 and C1 controls, DEL, and the invisible marks that reorder text on screen (U+200E,
  /// U+200F, U+202A–U+202E, U+2066–U+2069).
  fileprivate var needsTerminalEscape: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
