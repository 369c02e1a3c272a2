import Switchyard

/// The app's own URL schemes in the route table, and a link built in one of them: what an
/// in-app browser on iOS is offered (it opens universal links in its own web view), and what a
/// Branch row with only `$deeplink_path` is read with.
extension LinkMinter {
  /// The app's own schemes the table names, lower case, in order: those of its accepted
  /// origins (`shop`), then those of its routes' patterns (`myapp://user/:id`); a scheme with an
  /// optional part, `http` and `https` are left out.
  var appSchemes: [String] {
    var schemes: [String] = []
    func add(_ text: Substring) {
      let scheme = text.lowercased()
      guard scheme != "http", scheme != "https", let first = scheme.utf8.first,
        isASCIILetter(first),
        scheme.utf8.allSatisfy({
          isASCIILetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D
            || $0 == 0x2E
        }), !schemes.contains(scheme)
      else { return }
      schemes.append(scheme)
    }
    for origin in table.options.acceptedOrigins {
      let text = origin.text
      if let separator = text.firstRange(of: "://") {
        add(text[..<separator.lowerBound])
      } else {
        add(text.hasSuffix(":") ? text.dropLast() : text[...])
      }
    }
    for route in table.routes {
      let pattern = route.pattern.text
      if let separator = pattern.firstRange(of: "://") { add(pattern[..<separator.lowerBound]) }
    }
    return schemes
  }

  /// `route`'s URL built from `values` in the first of `schemes` that builds one the route
  /// handles by the mint's check (`myapp://product/42` for `https://shop.example.com/product/42`
  /// when the table accepts the origin `myapp`); `nil` when none does.
  func appSchemeURL(route: String, values: [LinkValue], schemes: [String]) -> String? {
    var dictionary: [String: any BuildValueConvertible] = [:]
    for value in values where dictionary[value.name] == nil { dictionary[value.name] = value.value }
    for scheme in schemes {
      guard let url = try? table.url(for: route, values: dictionary, host: nil, scheme: scheme),
        let resolved = try? resolve(url: url), resolved.route == route,
        let checked = sendable(resolved.url), !checked.isWeb
      else { continue }
      return resolved.url
    }
    return nil
  }
}
