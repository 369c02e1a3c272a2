import Switchyard

/// Probe URLs for `verify`: sample links built from each route (every variant, catch-alls
/// empty and not), and sample links built from each pattern in a file (wildcards filled in a
/// few ways), so that drift in either direction shows up on a concrete URL.
enum AppLinkProbes {
  /// The host used for a route that names none (and for `*`), when no host was given.
  static let fallbackHost = "example.com"

  /// A sample value for a capture: one that every capture of its type accepts.
  static func sample(_ kind: CaptureType) -> String {
    // A catch-all's sample spans two segments; a registered type's is a word (its rule may
    // refuse it: the probe then shows the drift).
    if case .path = kind { return "x/y" }
    return kind.row?.samples[0] ?? "x"
  }

  /// The URLs a variant matches, with the given scheme and host text (`nil`: none), catch-alls
  /// empty and then two segments long.
  static func urls(
    route: Route, shape: PatternShape, scheme: String, host: String?, hostAsPath: Bool
  ) -> [String] {
    var results: [String] = []
    for starSegments in [[String](), ["x", "y"]] {
      var segments: [String] = []
      for element in shape.path {
        switch element {
        case .literal(let text): segments.append(text)
        case .capture(let kind, _):
          segments += kind == .path ? ["x", "y"] : [sample(kind)]
        case .mixed(let prefix, let kind, _, let suffix):
          segments.append(prefix + sample(kind) + suffix)
        case .star: segments += starSegments
        }
      }
      var url = scheme + "://"
      let encoded = segments.map { percentEncoded($0, allowing: LinkText.pathSafe) }
      if hostAsPath {
        url += encoded.joined(separator: "/")
      } else {
        url += (host ?? "")
        if let port = shape.port { url += ":\(port)" }
        url += "/" + encoded.joined(separator: "/")
      }
      url += suffix(route)
      results.append(url)
    }
    return results
  }

  /// `?name=value…#fragment` for a route's query and fragment requirements.
  static func suffix(_ route: Route) -> String {
    var out = ""
    let query = route.pattern.queryShape
    if !query.isEmpty {
      out +=
        "?"
        + query.map { item in
          let value: String
          switch item.value {
          case .literal(let text): value = text
          case .capture(let kind, _): value = sample(kind)
          }
          return percentEncoded(item.name, allowing: LinkText.querySafe) + "="
            + percentEncoded(value, allowing: LinkText.querySafe)
        }.joined(separator: "&")
    }
    switch route.pattern.fragmentShape {
    case nil: break
    case .literal(let text):
      out += "#" + percentEncoded(text, allowing: LinkText.fragmentSafe)
    case .capture(let kind, _):
      out += "#" + percentEncoded(sample(kind), allowing: LinkText.fragmentSafe)
    }
    return out
  }

  /// `url` (`scheme://host/path?query#fragment`) with the path's ASCII letters capitalized.
  static func capitalizedPath(_ url: String) -> String {
    guard let schemeEnd = url.firstRange(of: "://") else { return url }
    let afterScheme = url[schemeEnd.upperBound...]
    guard let pathStart = afterScheme.firstIndex(of: "/") else { return url }
    let rest = url[pathStart...]
    let pathEnd = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? rest.endIndex
    let path = String(
      decoding: rest[..<pathEnd].utf8.map {
        $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") ? $0 - 0x20 : $0
      }, as: UTF8.self)
    return url[..<pathStart] + path + url[pathEnd...]
  }

  /// `url` (`scheme://host/path?query#fragment`) with a `/` after its path, when the path does
  /// not end with one: the router reads it as the same path, iOS as another.
  static func slashed(_ url: String) -> String {
    guard let schemeEnd = url.firstRange(of: "://") else { return url }
    let afterScheme = url[schemeEnd.upperBound...]
    let pathEnd = afterScheme.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? afterScheme.endIndex
    guard afterScheme[..<pathEnd].last != "/" else { return url }
    return url[..<pathEnd] + "/" + url[pathEnd...]
  }

  /// A host that a host requirement accepts.
  static func host(for requirement: PatternShape.Host, given: String?) -> String {
    if let given { return given }
    switch requirement {
    case .literal(let name): return name
    case .wildcard(let suffix): return "www." + suffix
    case .omitted, .any: return fallbackHost
    }
  }

  /// Ways to fill Apple's wildcards: (`?`, `*`).
  static let appleFillings: [(one: String, any: String)] = [("7", ""), ("x", "x/y"), ("7", "7")]

  /// `pattern` with its wildcards filled.
  static func fill(apple pattern: String, one: String, any: String) -> String {
    var out = ""
    for character in pattern {
      switch character {
      case "?": out += one
      case "*": out += any
      default: out.append(character)
      }
    }
    return out
  }

  /// Ways to fill Android's `pathPattern`: (any one character, a repeated item).
  static func fill(android pattern: String, one: String, repeated: String) -> String {
    let glob = AndroidSimpleGlob(pattern)
    var out = ""
    for item in glob.items {
      if item.repeated {
        if item.scalar == nil { out += repeated }
      } else if let scalar = item.scalar {
        out.unicodeScalars.append(scalar)
      } else {
        out += one
      }
    }
    return out
  }
}
