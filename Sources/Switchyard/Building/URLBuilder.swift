/// Builds the URL of one route from values: the inverse of matching (<doc:BuildingURLs>).
///
/// The builder reads the route's pattern structure (``BuildTemplate``), chooses the scheme and
/// host, decides which optional groups print, checks every value against its capture's type,
/// escapes each value for its place, and finally matches the URL it made against the route
/// alone: a URL that would read back as other values is refused rather than returned.
package struct URLBuilder {
  typealias Item = PatternParser.Item

  let route: Route
  let options: RouteOptions
  let types: [ParameterType]

  /// A capture the URL prints, with the text it prints (before escaping).
  struct Printed {
    var type: CaptureType
    var text: String
  }

  /// One token of a path segment.
  enum Token {
    case literal(UInt8, escaped: Bool)
    case value(String)
  }

  /// Finds the route named `name` in `routes` and builds its URL.
  static func url(
    for name: String, in routes: [Route], options: RouteOptions, types: [ParameterType],
    values: [String: BuildValue], host: String?, scheme: String?
  ) throws(URLBuildingError) -> String {
    try url(
      for: name, route: routes.first(where: { $0.name == name }), in: routes, options: options,
      types: types, values: values, host: host, scheme: scheme)
  }

  /// Builds the URL of `route`, already looked up by `name` in `routes` (`nil`: none is
  /// named so).
  static func url(
    for name: String, route: Route?, in routes: [Route], options: RouteOptions,
    types: [ParameterType], values: [String: BuildValue], host: String?, scheme: String?
  ) throws(URLBuildingError) -> String {
    guard let route else {
      throw URLBuildingError.unknownRoute(name, among: routes.map(\.name))
    }
    return try URLBuilder(route: route, options: options, types: types)
      .build(values: values, host: host, scheme: scheme)
  }

  func build(
    values: [String: BuildValue], host: String?, scheme: String?
  ) throws(URLBuildingError) -> String {
    let plan: BuildPlan
    do {
      plan = try route.buildPlan.plan(for: route, options: options, types: types)
    } catch {
      throw failure(.invalidPattern, nil, "its pattern cannot be read: \(error.message)")
    }
    let template = plan.template
    let pattern = template.pattern
    var printed: [String: Printed] = [:]

    // Scheme.
    var schemes: [[UInt8]?] = []
    for variant in pattern.variants where !schemes.contains(where: { $0 == variant.scheme }) {
      schemes.append(variant.scheme)
    }
    var patternScheme: [UInt8]? = schemes.first ?? nil
    var schemeText = patternScheme.map { String(decoding: $0, as: UTF8.self) }
    if let scheme {
      let bytes = Array(scheme.utf8)
      guard let first = bytes.first, isAlpha(first), bytes.allSatisfy(isSchemeByte) else {
        throw failure(.invalidScheme, nil, "'\(scheme)' is not a valid scheme")
      }
      let lowered = bytes.map(asciiLower)
      if schemes.contains(where: { $0 == nil }) {
        patternScheme = nil
      } else if schemes.contains(where: { $0 == lowered }) {
        patternScheme = lowered
      } else {
        let answered = schemes.compactMap { $0.map { String(decoding: $0, as: UTF8.self) } }
        throw failure(
          .schemeMismatch, nil,
          "scheme '\(scheme)' is not one the route answers (\(answered.joined(separator: ", ")))")
      }
      schemeText = scheme
    }
    let hostAsPath = options.hostAsPath.applies(toScheme: schemeText)

    // Host.
    var hosts: [HostRequirement] = []
    var port: Int? = nil
    for variant in pattern.variants where variant.scheme == patternScheme {
      if !hosts.contains(variant.host) { hosts.append(variant.host) }
      port = variant.port
    }
    // A pattern without a scheme is read with its host kept; under a host-as-path scheme of
    // the caller's it can only be reached when it names no host.
    let readsHostAsPath = hostAsPath && patternScheme != nil
    if hostAsPath && !readsHostAsPath && hosts.contains(where: { $0 != .omitted }) {
      throw failure(
        .schemeMismatch, nil,
        "scheme '\(schemeText ?? "")' reads its host as the first path segment, and the route names a host '\(template.hostText ?? "")'"
      )
    }
    var hostText: String? = nil
    if let host {
      guard !hostAsPath else {
        throw failure(
          .hostMismatch, nil,
          "scheme '\(schemeText ?? "")' reads its host as the first path segment, so no host can be given"
        )
      }
      guard Self.isValidHost(host) else {
        throw failure(
          .invalidHost, nil,
          "'\(host)' is not a valid host (letters, digits, '-', '.', '_', '~', or an IPv6 literal in brackets)"
        )
      }
      let lowered = Array(host.utf8).map(asciiLower)
      guard hosts.contains(where: { Self.accepts($0, lowered) }) else {
        // A pattern read under the accepted origins names no host of its own: theirs are
        // what it answers.
        let answered =
          template.hostText.map { "the route's host '\($0)'" }
          ?? (options.acceptedOrigins.isEmpty
            ? "the route, which names no host"
            : "the route's accepted origins (\(LinkOrigin.list(options.acceptedOrigins)))")
        throw failure(.hostMismatch, nil, "host '\(host)' does not match \(answered)")
      }
      hostText = host
    } else if !hostAsPath {
      guard let chosen = hosts.first(where: { !Self.needsGivenHost($0) }) else {
        throw failure(
          .hostRequired, nil,
          "its host '\(template.hostText ?? "*")' is a wildcard, so a host must be given")
      }
      if case .literal(let bytes) = chosen { hostText = String(decoding: bytes, as: UTF8.self) }
    }

    // Path.
    let items = readsHostAsPath ? template.hostAsPathItems : template.pathItems
    var flat: [Item] = []
    try flatten(items, values: values, into: &flat)
    let segments = try pathSegments(flat, values: values, printed: &printed)

    // Query requirements, in written order, then the values with no capture, by name.
    var query: [UInt8] = []
    func separate() { query.append(query.isEmpty ? UInt8(ascii: "?") : UInt8(ascii: "&")) }
    for name in template.queryOrder {
      guard let requirement = pattern.query.first(where: { $0.name == name }) else { continue }
      separate()
      for byte in name { Self.appendLiteral(byte, escaped: false, in: .query, to: &query) }
      switch requirement.value {
      case .literal(let bytes):
        guard !bytes.isEmpty else { continue }
        query.append(UInt8(ascii: "="))
        for byte in bytes { Self.appendLiteral(byte, escaped: false, in: .query, to: &query) }
      case .capture(let type, let captureName):
        let text = try captureText(captureName, type: type, values[captureName], allowsEmpty: true)
        printed[captureName] = Printed(type: type, text: text)
        query.append(UInt8(ascii: "="))
        Self.appendEscaped(text, in: .query, to: &query)
      }
    }
    let captureNames = Set(pattern.captureNames)
    let extras = values.keys.filter { !captureNames.contains($0) }.sorted {
      $0.utf8.lexicographicallyPrecedes($1.utf8)
    }
    var extraTexts: [(name: String, texts: [String])] = []
    for name in extras {
      guard let value = values[name] else { continue }
      guard !name.isEmpty else {
        throw failure(.invalidValue, name, "a query name must not be empty")
      }
      var texts: [String] = []
      for element in value.elements {
        guard case .list = element.kind else {
          guard let text = element.text else {
            throw failure(
              .invalidValue, name, "value \(element) for query name '\(name)' is not finite")
          }
          texts.append(text)
          continue
        }
        throw failure(
          .invalidValue, name, "value \(value) for query name '\(name)' is a list inside a list")
      }
      if let requirement = pattern.query.first(where: { $0.name == Array(name.utf8) }) {
        if case .literal(let bytes) = requirement.value,
          texts == [String(decoding: bytes, as: UTF8.self)]
        {
          continue
        }
        throw failure(
          .queryConflict, name,
          "value \(value) for query name '\(name)' conflicts with the pattern's query requirement '\(name)'"
        )
      }
      extraTexts.append((name, texts))
      for text in texts {
        separate()
        Self.appendEscaped(name, in: .query, to: &query)
        query.append(UInt8(ascii: "="))
        Self.appendEscaped(text, in: .query, to: &query)
      }
    }

    // Fragment.
    var fragment: [UInt8] = []
    switch pattern.fragment {
    case .none: break
    case .literal(let bytes):
      fragment.append(UInt8(ascii: "#"))
      for byte in bytes { Self.appendLiteral(byte, escaped: false, in: .query, to: &fragment) }
    case .capture(let type, let captureName):
      let text = try captureText(captureName, type: type, values[captureName], allowsEmpty: true)
      printed[captureName] = Printed(type: type, text: text)
      fragment.append(UInt8(ascii: "#"))
      Self.appendEscaped(text, in: .query, to: &fragment)
    }

    // Assemble.
    var output: [UInt8] = []
    if let schemeText {
      output += Array(schemeText.utf8)
      output += [UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "/")]
    } else if hostText != nil {
      output += [UInt8(ascii: "/"), UInt8(ascii: "/")]
    }
    var remaining = segments[...]
    if hostAsPath {
      if let first = remaining.first {
        appendSegment(first, in: .authoritySegment, to: &output)
        remaining = remaining.dropFirst()
      }
      if let port { output += Array(":\(port)".utf8) }
    } else if let hostText {
      output += Array(hostText.utf8)
      if let port { output += Array(":\(port)".utf8) }
    }
    // An empty path: `/` for a path-only reference, and after a host when the pattern writes
    // one (`https://example.com/` stays so, `https://example.com` too).
    if remaining.isEmpty && !hostAsPath && (hostText == nil || template.writesPath) {
      output.append(UInt8(ascii: "/"))
    }
    for segment in remaining {
      output.append(UInt8(ascii: "/"))
      appendSegment(segment, in: .pathSegment, to: &output)
    }
    output += query
    output += fragment
    let url = String(decoding: output, as: UTF8.self)
    try verify(url, checker: plan.checker, printed: printed, extras: extraTexts)
    return url
  }

  // MARK: Optional groups

  /// Appends the items that print: every item outside groups, and the contents of each group
  /// that prints (<doc:BuildingURLs>). A group prints when every capture directly inside it
  /// (named `*` included, nested groups not) has a value; a group with none (only literals,
  /// an unnamed `*`, nested groups) prints always. A group that does not print must have no
  /// value for anything inside it.
  func flatten(
    _ items: [Item], values: [String: BuildValue], into output: inout [Item]
  ) throws(URLBuildingError) {
    for item in items {
      guard case .group(let inner, _) = item else {
        output.append(item)
        continue
      }
      var missing: String? = nil
      for member in inner {
        switch member {
        case .capture(_, let name, _) where values[name] == nil,
          .star(let name?, _)
        where values[name] == nil:
          missing = name
        default: continue
        }
        break
      }
      if let missing {
        if let given = Self.firstGivenName(in: inner, values: values) {
          throw failure(
            .partialGroup, missing,
            "capture '\(missing)' is missing: an optional group prints only with all of its captures, and '\(given)' is given"
          )
        }
        continue
      }
      try flatten(inner, values: values, into: &output)
    }
  }

  /// The first capture or named `*` in `items` (groups included) that has a value.
  static func firstGivenName(in items: [Item], values: [String: BuildValue]) -> String? {
    for item in items {
      switch item {
      case .capture(_, let name, _) where values[name] != nil: return name
      case .star(let name?, _) where values[name] != nil: return name
      case .group(let inner, _):
        if let name = firstGivenName(in: inner, values: values) { return name }
      default: break
      }
    }
    return nil
  }

  // MARK: Path

  /// Splits the printed items into segments and fills their captures. Empty segments vanish,
  /// as they do when a URL is read.
  func pathSegments(
    _ flat: [Item], values: [String: BuildValue], printed: inout [String: Printed]
  ) throws(URLBuildingError) -> [[Token]] {
    var segments: [[Token]] = []
    var current: [Item] = []
    func finish() throws(URLBuildingError) {
      defer { current.removeAll() }
      guard !current.isEmpty else { return }
      if current.count == 1, case .star(let name, _) = current[0] {
        guard let name else { return }
        let text = try catchAllText(name, type: nil, values[name], printed: &printed)
        if !text.isEmpty {
          for part in text.split(separator: "/") { segments.append([.value(String(part))]) }
        }
        return
      }
      var tokens: [Token] = []
      for item in current {
        switch item {
        case .byte(let byte, let escaped): tokens.append(.literal(byte, escaped: escaped))
        case .capture(.path, let name, _):
          let text = try catchAllText(name, type: .path, values[name], printed: &printed)
          let parts = text.split(separator: "/")
          for part in parts.dropLast() { segments.append([.value(String(part))]) }
          if let last = parts.last { tokens.append(.value(String(last))) }
        case .capture(let type, let name, _):
          let text = try captureText(name, type: type, values[name], allowsEmpty: false)
          printed[name] = Printed(type: type, text: text)
          tokens.append(.value(text))
        default: break
        }
      }
      segments.append(tokens)
    }
    for item in flat {
      if case .slash = item {
        try finish()
      } else {
        current.append(item)
      }
    }
    try finish()
    return segments
  }

  func appendSegment(_ tokens: [Token], in place: Place, to output: inout [UInt8]) {
    for token in tokens {
      switch token {
      case .literal(let byte, let escaped):
        Self.appendLiteral(byte, escaped: escaped, in: place, to: &output)
      case .value(let text):
        Self.appendEscaped(text, in: place, to: &output)
      }
    }
  }

  /// The text of a `<path:…>` (`type` `.path`: one or more segments) or `*` (`nil`: zero or
  /// more) capture: segments joined by `/`, none of them empty.
  func catchAllText(
    _ name: String, type: CaptureType?, _ value: BuildValue?, printed: inout [String: Printed]
  ) throws(URLBuildingError) -> String {
    guard let value else {
      guard type == nil else {
        throw failure(.missingValue, name, "missing a value for capture '\(name)'")
      }
      printed[name] = Printed(type: .string, text: "")
      return ""
    }
    let text = try singleText(name, value)
    if text.isEmpty {
      guard type == nil else {
        throw failure(
          .invalidValue, name,
          "capture '\(name)' cannot be empty: <path:\(name)> takes one or more segments")
      }
    } else if text.utf8.first == UInt8(ascii: "/") || text.utf8.last == UInt8(ascii: "/")
      || text.contains("//")
    {
      throw failure(
        .invalidValue, name,
        "value \(value) for catch-all '\(name)' has an empty segment (a '/' at an end or '//')")
    }
    printed[name] = Printed(type: .string, text: text)
    return text
  }

  /// The text of a one-segment (or query or fragment) capture, checked against its type.
  func captureText(
    _ name: String, type: CaptureType, _ value: BuildValue?, allowsEmpty: Bool
  ) throws(URLBuildingError) -> String {
    guard let value else {
      throw failure(.missingValue, name, "missing a value for capture '\(name)'")
    }
    let text = try singleText(name, value)
    if text.isEmpty && !allowsEmpty {
      throw failure(.invalidValue, name, "capture '\(name)' cannot be empty in a path segment")
    }
    let accepted: Bool
    switch type {
    case .string, .path: accepted = true
    case .int: accepted = Self.withBytes(text) { parseInt($0) != nil }
    case .float: accepted = Self.withBytes(text) { parseFloat($0) != nil }
    case .uuid: accepted = Self.withBytes(text) { isUUID($0) }
    case .custom(let index): accepted = index < types.count && types[index].accepts(Substring(text))
    }
    guard accepted else {
      throw failure(
        .invalidValue, name,
        "value \(value) for capture '\(name)' is not a valid \(type.name(in: types))")
    }
    return text
  }

  func singleText(_ name: String, _ value: BuildValue) throws(URLBuildingError) -> String {
    if case .list = value.kind {
      throw failure(
        .invalidValue, name, "capture '\(name)' takes one value, not the list \(value)")
    }
    guard let text = value.text else {
      throw failure(.invalidValue, name, "value \(value) for capture '\(name)' is not finite")
    }
    return text
  }

  // MARK: Hosts

  /// Letters, digits, `-`, `.`, `_`, `~`, or an IPv6 literal `[…]` of hex digits, `:` and `.`.
  static func isValidHost(_ host: String) -> Bool {
    let bytes = Array(host.utf8)
    guard !bytes.isEmpty else { return false }
    if bytes.first == UInt8(ascii: "[") {
      guard bytes.count > 2, bytes.last == UInt8(ascii: "]") else { return false }
      return bytes.dropFirst().dropLast().allSatisfy {
        hexValue($0) != nil || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".")
      }
    }
    return bytes.allSatisfy {
      isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "~")
    }
  }

  /// Whether a host requirement needs the caller's host (`*`, `*.suffix`).
  static func needsGivenHost(_ requirement: HostRequirement) -> Bool {
    switch requirement {
    case .omitted, .literal: return false
    case .any, .wildcard: return true
    }
  }

  /// Whether a (lowercased) host satisfies a host requirement.
  static func accepts(_ requirement: HostRequirement, _ host: [UInt8]) -> Bool {
    switch requirement {
    case .omitted, .any: return true
    case .literal(let literal): return literal == host
    case .wildcard(let suffix):
      return host.count > suffix.count && Array(host.suffix(suffix.count)) == suffix
        && host[host.count - suffix.count - 1] != UInt8(ascii: ".")
    }
  }

  // MARK: Check

  /// Matches `url` against the route alone (`checker`, compiled once per route by its
  /// ``BuildPlan``) and compares what it reads with what was printed.
  func verify(
    _ url: String, checker: RouteMatcher?, printed: [String: Printed],
    extras: [(name: String, texts: [String])]
  ) throws(URLBuildingError) {
    guard let match = checker?.match(url) else {
      throw failure(
        .ambiguous, nil, "the URL built for these values, \(url), would not match the route")
    }
    let parameters = match.parameters
    var same = parameters.count == printed.count
    for (name, value) in parameters where same {
      guard let expected = printed[name], Self.equal(value, expected) else {
        same = false
        continue
      }
    }
    if !extras.isEmpty {
      // The query is read back once and grouped by name: reading it (or scanning all of it)
      // once per extra value would make a build quadratic in the number of values.
      var readValues: [String: [String]] = [:]
      for item in match.query.items { readValues[item.name, default: []].append(item.value) }
      for extra in extras where readValues[extra.name] ?? [] != extra.texts { same = false }
    }
    guard same else {
      let readBack = parameters.map { name, value in
        "\(name) = \(value.stringValue.map { "\"\($0)\"" } ?? value.description)"
      }
      throw failure(
        .ambiguous, nil,
        "these values cannot be told apart in a URL: \(url) reads back as \(readBack.joined(separator: ", "))"
      )
    }
  }

  /// Calls `body` with the UTF-8 of `text`, in place when the string is stored contiguously
  /// (a value checked against its type is read without being copied).
  static func withBytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    var text = text
    return text.withUTF8(body)
  }

  /// Whether a value read from the URL equals the printed text, as its capture type reads it.
  static func equal(_ value: ParameterValue, _ expected: Printed) -> Bool {
    switch expected.type {
    case .int:
      return value.intValue != nil && value.intValue == withBytes(expected.text) { parseInt($0) }
    case .float:
      return value.doubleValue != nil
        && value.doubleValue == withBytes(expected.text) { parseFloat($0) }
    default: return value.stringValue == expected.text
    }
  }

  func failure(
    _ code: URLBuildingError.Code, _ capture: String?, _ message: String
  ) -> URLBuildingError {
    URLBuildingError(code: code, routeName: route.name, captureName: capture, message: message)
  }
}
