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

/// Android's `pathPattern`: `.` matches any character, `X*` zero or more of `X` (`.*` any run),
/// and `\` makes the next character literal. The whole path must match.
///
/// Matching walks a set of pattern positions (no recursion, no backtracking), so it takes at
/// most O(pattern × text) steps.
struct AndroidSimpleGlob: Sendable, Hashable {
  /// One pattern item: a character or any character, repeated or not.
  struct Item: Sendable, Hashable {
    var scalar: Unicode.Scalar?  // nil: any character
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

  func matches(_ text: String) -> Bool {
    // positions[i]: the pattern could be at item i after the text read so far.
    var current = closure([0])
    for scalar in text.unicodeScalars {
      var next = Set<Int>()
      for position in current where position < items.count {
        let item = items[position]
        guard item.scalar == nil || item.scalar == scalar else { continue }
        next.insert(item.repeated ? position : position + 1)
      }
      current = closure(next)
      if current.isEmpty { return false }
    }
    return current.contains(items.count)
  }

  /// Adds the positions reached by skipping repeated items (zero repetitions).
  private func closure(_ positions: Set<Int>) -> Set<Int> {
    var result = positions
    var work = Array(positions)
    while let position = work.popLast() {
      if position < items.count, items[position].repeated, !result.contains(position + 1) {
        result.insert(position + 1)
        work.append(position + 1)
      }
    }
    return result
  }
}
