// How text from outside (a URL, a route name, a captured value) is shown to people, by the
// text form of an explanation and by the command line: one escape form, Swift's, everywhere.

extension String {
  /// The text with control characters and invisible direction marks written as escapes, so
  /// that a URL cannot move the cursor, change colours or hide part of itself when printed.
  /// `\n`, `\r` and `\t` keep their short forms, every other such character is written
  /// `\u{…}` in hex, and a backslash is doubled so that the escapes stay unambiguous:
  ///
  /// ```swift
  /// "myapp://a\u{1B}[2Jb\n".escapedForDisplay  // #"myapp://a\u{1B}[2Jb\n"#
  /// ```
  package var escapedForDisplay: String { escapingForDisplay(quote: false, backslash: true) }

  /// The text in double quotes, escaped as ``escapedForDisplay`` is and with `"` as `\"`, so
  /// that an empty value or spaces are visible: `"a\u{7}b"`.
  package var quotedForDisplay: String {
    "\"" + escapingForDisplay(quote: true, backslash: true) + "\""
  }

  /// Text whose backslashes are escapes already (JSON text, or text built from quoted values)
  /// with its control characters escaped, backslashes kept.
  package var escapedForDisplayKeepingBackslashes: String {
    escapingForDisplay(quote: false, backslash: false)
  }

  private func escapingForDisplay(quote: Bool, backslash: Bool) -> String {
    let needsEscape = { (scalar: Unicode.Scalar) in
      scalar.needsDisplayEscape || (backslash && scalar == "\\") || (quote && scalar == "\"")
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
      case "\"" where quote: result += "\\\""
      case _ where scalar.needsDisplayEscape:
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
  fileprivate var needsDisplayEscape: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
