import Foundation
import SwitchyardFiles
import SwitchyardFoundation

/// Small, independent models of how iOS and Android decide whether a link opens an app, used
/// to check the library's own matching and the files it exports. Written from the platforms'
/// documented rules, sharing no code with the library; they handle URLs of the form
/// `scheme://host/path?query#fragment`. iOS compares the path as written: a trailing `/` and
/// empty segments are kept (`/a/` is not `/a`), unlike the router.
enum Reference {
  struct Link {
    var scheme: String
    var host: String
    var rawPath: String
    var rawQuery: String?
    var rawFragment: String?
  }

  /// Splits a canonical URL.
  static func split(_ url: String) -> Link {
    var rest = Substring(url)
    var fragment: String?
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    var query: String?
    if let mark = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: mark)...])
      rest = rest[..<mark]
    }
    guard let schemeEnd = rest.range(of: "://") else {
      return Link(
        scheme: "", host: "", rawPath: String(rest), rawQuery: query, rawFragment: fragment)
    }
    let scheme = rest[..<schemeEnd.lowerBound].lowercased()
    let afterScheme = rest[schemeEnd.upperBound...]
    let slash = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
    return Link(
      scheme: scheme, host: afterScheme[..<slash].lowercased(),
      rawPath: String(afterScheme[slash...]), rawQuery: query, rawFragment: fragment)
  }

  static func decode(_ text: String) -> String {
    text.removingPercentEncoding ?? text
  }

  /// Apple: `*` any run of characters, `?` one character. Dynamic programming over prefixes.
  static func appleGlob(_ pattern: String, _ text: String, caseSensitive: Bool) -> Bool {
    let p = Array(caseSensitive ? pattern : pattern.lowercased())
    let t = Array(caseSensitive ? text : text.lowercased())
    var row = [Bool](repeating: false, count: t.count + 1)
    row[0] = true
    for pc in p {
      var next = [Bool](repeating: false, count: t.count + 1)
      if pc == "*" {
        var seen = false
        for j in 0...t.count {
          seen = seen || row[j]
          next[j] = seen
        }
      } else {
        for j in 1...max(1, t.count) where j <= t.count {
          next[j] = row[j - 1] && (pc == "?" || pc == t[j - 1])
        }
      }
      row = next
    }
    return row[t.count]
  }

  /// Apple's substitution variables, expanded: every way of replacing each `$(name)` in
  /// `pattern` by one of its values (the file's own, or the single-character predefined
  /// classes). Exponential, for small test files only.
  static func expand(_ pattern: String, _ variables: [String: [String]]) -> [String] {
    let classes: [String: [String]] = [
      "digit": (0...9).map(String.init),
      "lower": "abcdefghijklmnopqrstuvwxyz".map(String.init),
      "upper": "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map(String.init),
    ]
    guard let open = pattern.range(of: "$("),
      let close = pattern[open.upperBound...].firstIndex(of: ")")
    else { return [pattern] }
    let name = String(pattern[open.upperBound..<close])
    let head = String(pattern[..<open.lowerBound])
    let tails = expand(String(pattern[pattern.index(after: close)...]), variables)
    let values = variables[name] ?? classes[name] ?? []
    return values.flatMap { value in tails.map { head + value + $0 } }
  }

  /// Apple's universal-link decision for one detail's components (percentEncoded false); the
  /// file's `defaults` and `substitutionVariables` apply.
  static func appleOpens(_ file: AppleAppSiteAssociation, _ url: String) -> Bool {
    let link = split(url)
    guard let detail = file.details.first else { return false }
    let path = decode(link.rawPath.isEmpty ? "/" : link.rawPath)
    let items: [(String, String)] = (link.rawQuery ?? "").split(separator: "&").map { piece in
      let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return (decode(String(parts[0])), parts.count > 1 ? decode(String(parts[1])) : "")
    }
    let fragment = decode(link.rawFragment ?? "")
    for component in detail.components {
      let caseSensitive =
        component.caseSensitive ?? detail.caseSensitive ?? file.caseSensitive ?? true
      func test(_ pattern: String?, _ text: String) -> Bool {
        guard let pattern else { return true }
        return expand(pattern, file.substitutionVariables).contains {
          appleGlob($0, text, caseSensitive: caseSensitive)
        }
      }
      var matched = test(component.path, path) && test(component.fragment, fragment)
      if case .items(let wanted) = component.query {
        for (name, pattern) in wanted {
          matched = matched && items.contains { $0.0 == name && test(pattern, $0.1) }
        }
      }
      if matched { return !component.exclude }
    }
    return false
  }

  /// Android's `pathPattern` matcher, step by step as the platform's simple-glob matcher runs:
  /// one pass over pattern and text, `.*` runs to the first occurrence of the character after
  /// it, and the loop stops when the text is used up (then only a final `.*` may be left).
  static func androidGlob(_ pattern: String, _ text: String) -> Bool {
    let p = Array(pattern)
    let m = Array(text)
    if p.isEmpty { return m.isEmpty }
    var ip = 0
    var im = 0
    func at(_ i: Int) -> Character? { i < p.count ? p[i] : nil }
    var next = at(0)
    while ip < p.count && im < m.count {
      var c = next
      ip += 1
      next = at(ip)
      let escaped = c == "\\"
      if escaped {
        c = next
        ip += 1
        next = at(ip)
      }
      if next == "*" {
        if !escaped && c == "." {
          if ip >= p.count - 1 { return true }
          ip += 1
          next = at(ip)
          if next == "\\" {
            ip += 1
            next = at(ip)
          }
          while im < m.count && m[im] != next { im += 1 }
          if im == m.count { return false }
          ip += 1
          next = at(ip)
          im += 1
        } else {
          while im < m.count && m[im] == c { im += 1 }
          ip += 1
          next = at(ip)
        }
      } else {
        if c != "." && m[im] != c { return false }
        im += 1
      }
    }
    if ip >= p.count && im >= m.count { return true }
    return ip == p.count - 2 && p[ip] == "." && p[ip + 1] == "*"
  }

  /// Android's decision over intent filters (scheme, then host, then path).
  static func androidOpens(_ filters: AndroidIntentFilters, _ url: String) -> Bool {
    let link = split(url)
    let path = decode(link.rawPath)
    return filters.filters.contains { filter in
      guard filter.schemes.contains(link.scheme) else { return false }
      if filter.hosts.isEmpty { return true }
      let hostOK = filter.hosts.contains { entry in
        entry.hasPrefix("*") ? link.host.hasSuffix(entry.dropFirst()) : entry == link.host
      }
      guard hostOK else { return false }
      if filter.pathRules.isEmpty { return true }
      return filter.pathRules.contains { rule in
        switch rule {
        case .path(let p): return path == p || (path.isEmpty && p == "/")
        case .prefix(let p): return path.hasPrefix(p)
        case .suffix(let p): return path.hasSuffix(p)
        case .pattern(let p): return androidGlob(p, path) || (path.isEmpty && androidGlob(p, "/"))
        }
      }
    }
  }
}
