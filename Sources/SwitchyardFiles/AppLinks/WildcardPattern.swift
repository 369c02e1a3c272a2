/// Apple's component patterns: `*` matches any run of characters (also none, also `/`), `?`
/// matches exactly one character, everything else matches itself.
///
/// Matching is iterative (one backtrack point, the last `*`), so it takes at most
/// O(pattern × text) steps and never recurses, whatever the input.
struct AppleWildcard: Sendable, Hashable {
  let pattern: [Unicode.Scalar]

  init(_ pattern: String) {
    self.pattern = Array(pattern.unicodeScalars)
  }

  func matches(_ text: String, caseSensitive: Bool) -> Bool {
    let text = Array(text.unicodeScalars)
    func same(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
      if a == b { return true }
      guard !caseSensitive, a.isASCII, b.isASCII else { return false }
      return fold(a) == fold(b)
    }
    var p = 0
    var t = 0
    var starP = -1
    var starT = 0
    while t < text.count {
      if p < pattern.count, pattern[p] == "*" {
        starP = p
        starT = t
        p += 1
      } else if p < pattern.count, pattern[p] == "?" || same(pattern[p], text[t]) {
        p += 1
        t += 1
      } else if starP >= 0 {
        p = starP + 1
        starT += 1
        t = starT
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }

  private func fold(_ scalar: Unicode.Scalar) -> UInt32 {
    let value = scalar.value
    return value >= 0x41 && value <= 0x5A ? value | 0x20 : value
  }
}

/// Android's `pathPattern` ("simple glob"), as Android's own matcher reads it: `.` matches any
/// character, `X*` zero or more `X`, and `\` makes the next character literal — except `\.`,
/// which AOSP's matcher still reads as any character unless a `*` follows it (`\.*` is zero or
/// more dots) or it is the character a `.*` runs to. The whole path must match.
///
/// Android's matcher never backtracks: `.*` followed by a character consumes everything up to
/// the *first* occurrence of that character (so `/..*\.json` does not take `/a.b.json`), and
/// `X*` takes as many `X` as there are. This models that, so a check here answers as a device
/// would: it also stops as soon as the path is used up, so a pattern item left over fails the
/// match unless it is a final `.*` (`/*` does not take the empty path). One pass, no recursion.
struct AndroidSimpleGlob: Sendable, Hashable {
  /// One pattern item: a character or any character (`nil`), repeated (`*`) or not.
  struct Item: Sendable, Hashable {
    var scalar: Unicode.Scalar?
    var repeated: Bool
  }
  let items: [Item]

  init(_ pattern: String) {
    var items: [Item] = []
    var scalars = pattern.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = scalars.next()
    while let scalar = pending {
      pending = scalars.next()
      var item: Item
      if scalar == "\\", let escaped = pending {
        item = Item(scalar: escaped, repeated: false)
        pending = scalars.next()
        // AOSP compares a single pattern character with the text unless it is '.', and it
        // does not remember the escape there: `\.` takes any character.
        if escaped == ".", pending != "*" { item.scalar = nil }
      } else {
        item = Item(scalar: scalar == "." ? nil : scalar, repeated: false)
      }
      if pending == "*" {
        item.repeated = true
        pending = scalars.next()
      }
      items.append(item)
    }
    self.items = items
  }

  func matches(_ path: String) -> Bool {
    let text = Array(path.unicodeScalars)
    var position = 0
    var index = 0
    // Like Android's matcher, stop as soon as the text is used up.
    while index < items.count && position < text.count {
      let item = items[index]
      if item.repeated {
        if item.scalar == nil {
          // `.*`: at the end it takes the rest; else it runs to the first occurrence of the
          // next item's character, which that item then takes.
          guard index + 1 < items.count else { return true }
          let next = items[index + 1]
          guard let stop = next.scalar else {
            // `.*.`: Android compares the text with '.' literally here.
            guard let found = text[position...].firstIndex(of: ".") else { return false }
            position = found + 1
            index += 2
            continue
          }
          guard let found = text[position...].firstIndex(of: stop) else { return false }
          position = found + 1
          index += next.repeated ? 1 : 2
          if next.repeated { position = found }
        } else {
          while position < text.count, text[position] == item.scalar { position += 1 }
          index += 1
        }
      } else {
        guard position < text.count, item.scalar == nil || text[position] == item.scalar else {
          return false
        }
        position += 1
        index += 1
      }
    }
    if index == items.count { return position == text.count }
    // The text is used up: only a final `.*` may be left over.
    return position == text.count && index == items.count - 1 && items[index].scalar == nil
      && items[index].repeated
  }
}

/// Apple's substitution variables (`applinks.substitutionVariables`, iOS 13.5+): `$(name)` in a
/// component's pattern stands for any one of the variable's values, each of which may hold `*`
/// and `?` but no variable. A file's own variables come first; then the predefined ones Apple
/// documents: `$(alpha)`, `$(upper)`, `$(lower)`, `$(alnum)`, `$(digit)`, `$(xdigit)` (one
/// ASCII character of the class), `$(region)` and `$(lang)`. Apple takes the last two from
/// Foundation's ISO region and language code lists, which this package (no Foundation) does
/// not carry: `$(region)` reads as any two letters A–Z and `$(lang)` as two or three letters
/// a–z, a superset of those lists.
struct AppleVariables: Sendable, Hashable {
  /// The file's own variables.
  var values: [String: [String]]

  static let none = AppleVariables(values: [:])

  /// The predefined names.
  static let predefined: Set<String> = [
    "alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang",
  ]

  /// Whether `name` is defined (by the file or predefined).
  func defines(_ name: String) -> Bool {
    values[name] != nil || Self.predefined.contains(name)
  }

  /// The variable names `pattern` uses (`$(name)`), in order, or a message for a `$(` that is
  /// not closed.
  static func names(in pattern: String) -> Result<[String], AppleVariableError> {
    var names: [String] = []
    var rest = Substring(pattern)
    while let start = rest.firstRange(of: "$(") {
      guard let close = rest[start.upperBound...].firstIndex(of: ")") else {
        return .failure(AppleVariableError(message: "\"$(\" is not closed with \")\""))
      }
      names.append(String(rest[start.upperBound..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return .success(names)
  }

  /// `pattern` with each variable replaced by one of its values (its first, or a typical one
  /// for a predefined variable): a text that the variable's part of the pattern matches.
  func sample(_ pattern: String) -> String {
    guard pattern.contains("$(") else { return pattern }
    var out = ""
    var rest = Substring(pattern)
    while let start = rest.firstRange(of: "$("),
      let close = rest[start.upperBound...].firstIndex(of: ")")
    {
      out += rest[..<start.lowerBound]
      let name = String(rest[start.upperBound..<close])
      if let first = values[name]?.first {
        out += first
      } else {
        switch name {
        case "alpha", "lower", "xdigit": out += "a"
        case "upper": out += "A"
        case "alnum", "digit": out += "7"
        case "region": out += "US"
        case "lang": out += "en"
        default: out += "$(" + name + ")"
        }
      }
      rest = rest[rest.index(after: close)...]
    }
    return out + rest
  }
}

/// Why a pattern's variables cannot be read.
struct AppleVariableError: Error, Sendable, Hashable {
  var message: String
}

/// An Apple pattern that uses substitution variables, matched by a pass over the text per
/// pattern piece (the set of text positions each prefix of the pattern can reach): at most
/// O(pattern × text) steps per variable value, no recursion, no backtracking.
struct AppleVariablePattern: Sendable {
  /// A character class of the predefined variables.
  enum CharacterClass: Sendable {
    case alpha, upper, lower, alnum, digit, xdigit

    func contains(_ scalar: Unicode.Scalar, caseSensitive: Bool) -> Bool {
      let value = scalar.value
      let upper = value >= 0x41 && value <= 0x5A
      let lower = value >= 0x61 && value <= 0x7A
      let digit = value >= 0x30 && value <= 0x39
      switch self {
      case .alpha: return upper || lower
      case .upper: return upper || (!caseSensitive && lower)
      case .lower: return lower || (!caseSensitive && upper)
      case .alnum: return upper || lower || digit
      case .digit: return digit
      case .xdigit:
        return digit || (value >= 0x41 && value <= 0x46) || (value >= 0x61 && value <= 0x66)
      }
    }
  }

  enum Piece: Sendable {
    case scalar(Unicode.Scalar)
    case one
    case any
    /// `count` characters of the class (a range of counts).
    case run(CharacterClass, ClosedRange<Int>)
    /// Any one of the values, each a list of scalar, `?` and `*` pieces.
    case choice([[Piece]])
  }

  let pieces: [Piece]

  init(_ pattern: String, variables: AppleVariables) {
    func plain(_ text: Substring) -> [Piece] {
      text.unicodeScalars.map { $0 == "*" ? .any : $0 == "?" ? .one : .scalar($0) }
    }
    var pieces: [Piece] = []
    var rest = Substring(pattern)
    while let start = rest.firstRange(of: "$("),
      let close = rest[start.upperBound...].firstIndex(of: ")")
    {
      pieces += plain(rest[..<start.lowerBound])
      let name = String(rest[start.upperBound..<close])
      if let values = variables.values[name] {
        pieces.append(.choice(values.map { plain(Substring($0)) }))
      } else {
        switch name {
        case "alpha": pieces.append(.run(.alpha, 1...1))
        case "upper": pieces.append(.run(.upper, 1...1))
        case "lower": pieces.append(.run(.lower, 1...1))
        case "alnum": pieces.append(.run(.alnum, 1...1))
        case "digit": pieces.append(.run(.digit, 1...1))
        case "xdigit": pieces.append(.run(.xdigit, 1...1))
        case "region": pieces.append(.run(.upper, 2...2))
        case "lang": pieces.append(.run(.lower, 2...3))
        default: pieces += plain(rest[start.lowerBound...close])
        }
      }
      rest = rest[rest.index(after: close)...]
    }
    self.pieces = pieces + plain(rest)
  }

  func matches(_ text: String, caseSensitive: Bool) -> Bool {
    let text = Array(text.unicodeScalars)
    func same(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
      if a == b { return true }
      guard !caseSensitive, a.isASCII, b.isASCII else { return false }
      func fold(_ value: UInt32) -> UInt32 { value >= 0x41 && value <= 0x5A ? value | 0x20 : value }
      return fold(a.value) == fold(b.value)
    }
    func step(_ piece: Piece, _ reached: [Bool]) -> [Bool] {
      var next = [Bool](repeating: false, count: text.count + 1)
      switch piece {
      case .scalar(let scalar):
        for j in 0..<text.count where reached[j] && same(scalar, text[j]) { next[j + 1] = true }
      case .one:
        for j in 0..<text.count where reached[j] { next[j + 1] = true }
      case .any:
        var seen = false
        for j in 0...text.count {
          seen = seen || reached[j]
          next[j] = seen
        }
      case .run(let kind, let counts):
        for j in 0...text.count where reached[j] {
          var length = 0
          while length < counts.upperBound, j + length < text.count,
            kind.contains(text[j + length], caseSensitive: caseSensitive)
          {
            length += 1
            if counts.contains(length) { next[j + length] = true }
          }
        }
      case .choice(let values):
        for value in values {
          var state = reached
          for inner in value { state = step(inner, state) }
          for j in 0...text.count where state[j] { next[j] = true }
        }
      }
      return next
    }
    var reached = [Bool](repeating: false, count: text.count + 1)
    reached[0] = true
    for piece in pieces {
      reached = step(piece, reached)
      if !reached.contains(true) { return false }
    }
    return reached[text.count]
  }
}
