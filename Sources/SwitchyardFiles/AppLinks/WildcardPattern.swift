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
