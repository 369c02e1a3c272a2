/// Builds the URL of one route from values: the inverse of matching (<doc:BuildingURLs>).
///
/// The builder reads the route's plan (``BuildPlan``: the pattern's structure and origins),
/// chooses the scheme and host, decides which optional groups print, checks every value
/// against its capture's type, and writes the URL into one buffer, escaping each value for its
/// place. A URL that would read back as other values is refused rather than returned: the URL
/// is matched against the route alone, except where the plan proves that it reads back as its
/// values and a URL of the same shape already matched back.
package struct URLBuilder {
  typealias Item = PatternParser.Item
  typealias Values = [String: any BuildValueConvertible]

  let route: Route
  let options: RouteOptions
  let types: [ParameterType]

  /// A capture the URL prints, with the text it prints (before escaping).
  struct Printed {
    var type: CaptureType
    var text: String
  }

  /// Where the URL goes: the scheme and host chosen, and how the scheme reads its host.
  struct Target {
    var schemeText: String?
    var hostText: String?
    var port: Int?
    /// The scheme reads its host as the first path segment: that segment is printed in the
    /// host position.
    var hostAsPath: Bool
    /// The pattern's own host is read as a path segment too (``BuildTemplate/hostAsPathItems``).
    var readsHostAsPath: Bool
  }

  /// Builds the URL of `route`, already looked up by `name` in `routes` (`nil`: none is
  /// named so); `winner` as in ``url(values:host:scheme:winner:)``.
  static func url(
    for name: String, route: Route?, in routes: [Route], options: RouteOptions,
    types: [ParameterType], values: Values, host: String?, scheme: String?,
    winner: (String) -> Route?
  ) throws(URLBuildingError) -> String {
    guard let route else {
      throw URLBuildingError.unknownRoute(name, among: routes.map(\.name))
    }
    return try URLBuilder(route: route, options: options, types: types)
      .url(values: values, host: host, scheme: scheme, winner: winner)
  }

  /// Builds the URL of the builder's route. `winner` gives the route of the whole table that
  /// wins a URL (`nil`: none, no other route can, or it may say `nil` when the route itself
  /// wins): a URL another route wins is refused, since it would not match its route back.
  func url(
    values: Values, host: String?, scheme: String?, winner: (String) -> Route?
  ) throws(URLBuildingError) -> String {
    let url = try build(values: values, host: host, scheme: scheme)
    if let won = winner(url), won.name != route.name {
      throw failure(
        .ambiguous, nil,
        "the URL built for these values, \(url), is won by route '\(won.name)' (\(won.pattern.text)), which a match prefers; give other values, or change the routes' precedence"
      )
    }
    return url
  }

  func build(values: Values, host: String?, scheme: String?) throws(URLBuildingError) -> String {
    let plan: BuildPlan
    do {
      plan = try route.buildPlan.plan(for: route, options: options, types: types)
    } catch {
      throw failure(.invalidPattern, nil, "its pattern cannot be read: \(error.message)")
    }
    let target = try self.target(plan, host: host, scheme: scheme)
    let proven = plan.proves(readsHostAsPath: target.readsHostAsPath, hostAsPath: target.hostAsPath)
    if proven {
      var writer = URLWriter(recording: false)
      try write(plan, target, values, to: &writer)
      let shape = BuildPlan.Shape(
        scheme: target.schemeText, host: target.hostText, empties: writer.empties,
        query: writer.queryStart != nil)
      if writer.emptiesFit && plan.checked(shape) && writer.extrasReadBack(options) {
        return writer.string
      }
      let url = try checkedURL(plan, target, values)
      if writer.emptiesFit { plan.remember(shape) }
      return url
    }
    return try checkedURL(plan, target, values)
  }

  /// The URL, written again with what it prints recorded, and matched back against the route.
  private func checkedURL(
    _ plan: BuildPlan, _ target: Target, _ values: Values
  ) throws(URLBuildingError) -> String {
    #if DEBUG
      BuildPlan.matchedBack?.withLock { $0 += 1 }
    #endif
    var writer = URLWriter(recording: true)
    try write(plan, target, values, to: &writer)
    let url = writer.string
    try verify(url, checker: plan.checker, printed: writer.printed, extras: writer.extras)
    return url
  }

  // MARK: Scheme and host

  /// The scheme, host and port to print, checked against what the route answers.
  func target(
    _ plan: BuildPlan, host: String?, scheme: String?
  ) throws(URLBuildingError) -> Target {
    let template = plan.template
    // The origin by its place in the plan: a copy of one would retain each of its arrays.
    let origins = plan.origins
    var origin: Int? = origins.isEmpty ? nil : 0
    var schemeText = origin.flatMap { origins[$0].schemeText }
    var hostAsPath =
      origin.map { origins[$0].hostAsPath } ?? options.hostAsPath.applies(toScheme: nil)
    if let scheme {
      let bytes = Array(scheme.utf8)
      guard let first = bytes.first, isAlpha(first), bytes.allSatisfy(isSchemeByte) else {
        throw failure(.invalidScheme, nil, "'\(scheme)' is not a valid scheme")
      }
      let lowered = bytes.map(asciiLower)
      if let any = origins.firstIndex(where: { $0.scheme == nil }) {
        origin = any
      } else if let named = origins.firstIndex(where: { $0.scheme == lowered }) {
        origin = named
      } else {
        let answered = plan.origins.compactMap(\.schemeText)
        throw failure(
          .schemeMismatch, nil,
          "scheme '\(scheme)' is not one the route answers (\(answered.joined(separator: ", ")))")
      }
      schemeText = scheme
      hostAsPath = options.hostAsPath.applies(toScheme: scheme)
    }
    let hosts = origin.map { origins[$0].hosts } ?? []

    // A pattern without a scheme is read with its host kept; under a host-as-path scheme of
    // the caller's it can only be reached when it names no host.
    let readsHostAsPath = hostAsPath && origin.map { origins[$0].scheme != nil } == true
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
      guard let chosen = hosts.firstIndex(where: { !Self.needsGivenHost($0) }) else {
        throw failure(
          .hostRequired, nil,
          "its host '\(template.hostText ?? "*")' is a wildcard, so a host must be given")
      }
      hostText = origin.flatMap { origins[$0].hostTexts[chosen] }
    }
    return Target(
      schemeText: schemeText, hostText: hostText, port: origin.flatMap { origins[$0].port },
      hostAsPath: hostAsPath,
      readsHostAsPath: readsHostAsPath)
  }

  // MARK: Writing

  /// Writes the whole URL: scheme and authority, path, query requirements, the values with no
  /// capture, fragment. Every check of a value happens here, in the order the parts print
  /// (optional groups are decided before any value is checked).
  func write(
    _ plan: BuildPlan, _ target: Target, _ values: Values, to writer: inout URLWriter
  ) throws(URLBuildingError) {
    let template = plan.template
    let pattern = template.pattern
    writer.reserve(plan.estimatedLength)
    if let schemeText = target.schemeText {
      writer.append(schemeText)
      writer.append(ascii: ":")
      writer.append(ascii: "/")
      writer.append(ascii: "/")
    } else if target.hostText != nil {
      writer.append(ascii: "/")
      writer.append(ascii: "/")
    }
    if !target.hostAsPath, let hostText = target.hostText {
      writer.append(hostText)
      if let port = target.port { writer.appendPort(port) }
    }

    // Path.
    let items = target.readsHostAsPath ? template.hostAsPathItems : template.pathItems
    let hasGroups = target.readsHostAsPath ? plan.hostAsPathHasGroups : plan.pathHasGroups
    writer.startPath(hostPosition: target.hostAsPath, port: target.port)
    if hasGroups {
      var flat: [Item] = []
      try flatten(items, values: values, into: &flat)
      try writePath(flat[...], values: values, to: &writer)
    } else if let pieces = target.readsHostAsPath ? plan.hostAsPathPieces : plan.pathPieces {
      for piece in pieces {
        switch piece {
        case .literal(let path, let authority):
          writer.startSegment()
          writer.append(
            plan.literalBytes[writer.segmentPlace == .authoritySegment ? authority : path])
          writer.finishSegment()
        case .items(let range):
          try writeSegment(items[range], values: values, to: &writer)
        }
      }
    } else {
      try writePath(items[...], values: values, to: &writer)
    }
    writer.finishPath(slashWhenEmpty: target.hostText == nil || template.writesPath)

    // Query requirements, in written order, then the values with no capture, by name.
    for name in template.queryOrder {
      guard let requirement = pattern.query.first(where: { $0.name == name }) else { continue }
      writer.startQueryPiece(requirement: true)
      for byte in name { writer.appendLiteral(byte, escaped: false, in: .query) }
      switch requirement.value {
      case .literal(let bytes):
        guard !bytes.isEmpty else { continue }
        writer.append(ascii: "=")
        for byte in bytes { writer.appendLiteral(byte, escaped: false, in: .query) }
      case .capture(let type, let captureName):
        let text = try captureText(
          captureName, type: type, writer.value(of: captureName, in: values), allowsEmpty: true)
        writer.record(captureName, type: type, text: text, mayBeEmpty: true)
        writer.append(ascii: "=")
        writer.appendEscaped(text, in: .query)
      }
    }
    try writeExtras(plan, values, to: &writer)
    writer.finishQuery()

    // Fragment.
    switch pattern.fragment {
    case .none: break
    case .literal(let bytes):
      writer.append(ascii: "#")
      for byte in bytes { writer.appendLiteral(byte, escaped: false, in: .query) }
    case .capture(let type, let captureName):
      let text = try captureText(
        captureName, type: type, writer.value(of: captureName, in: values), allowsEmpty: true)
      writer.record(captureName, type: type, text: text, mayBeEmpty: true)
      writer.append(ascii: "#")
      writer.appendEscaped(text, in: .query)
    }
  }

  /// The values whose names are no capture of the pattern, sorted by name (a list repeats the
  /// name), after the pattern's own query requirements.
  func writeExtras(
    _ plan: BuildPlan, _ values: Values, to writer: inout URLWriter
  ) throws(URLBuildingError) {
    // When every value filled a capture, there is nothing to look for.
    if plan.capturesAreDistinct && values.count == writer.capturesGiven { return }
    var extras: [String] = []
    for name in values.keys where !plan.captureNames.contains(name) { extras.append(name) }
    guard !extras.isEmpty else { return }
    extras.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    let pattern = plan.template.pattern
    for name in extras {
      guard let value = values[name]?.buildValue else { continue }
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
      if let requirement = pattern.query.first(where: { $0.name.elementsEqual(name.utf8) }) {
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
      for text in texts {
        writer.startQueryPiece(requirement: false)
        writer.appendEscaped(name, in: .query)
        writer.append(ascii: "=")
        writer.appendEscaped(text, in: .query)
      }
      writer.extras.append((name, texts))
    }
  }

  /// Writes the path items that print (no group among them), segment by segment, and fills
  /// their captures. Empty segments vanish, as they do when a URL is read.
  func writePath(
    _ items: ArraySlice<Item>, values: Values, to writer: inout URLWriter
  ) throws(URLBuildingError) {
    var start = items.startIndex
    while start < items.endIndex {
      var end = start
      while end < items.endIndex {
        if case .slash = items[end] { break }
        end += 1
      }
      try writeSegment(items[start..<end], values: values, to: &writer)
      start = end + 1
    }
  }

  /// One segment of the pattern: a lone `*` prints as many segments as its value has (none
  /// for an unnamed one), anything else prints one segment.
  func writeSegment(
    _ items: ArraySlice<Item>, values: Values, to writer: inout URLWriter
  ) throws(URLBuildingError) {
    guard let first = items.first else { return }
    if items.count == 1, case .star(let name, _) = first {
      guard let name else { return }
      let text = try catchAllText(name, type: nil, writer.value(of: name, in: values))
      writer.record(name, type: .string, text: text, mayBeEmpty: true)
      writer.appendSegments(text)
      return
    }
    writer.startSegment()
    for item in items {
      switch item {
      case .byte(let byte, let escaped):
        writer.appendLiteral(byte, escaped: escaped, in: writer.segmentPlace)
      case .capture(.path, let name, _):
        let text = try catchAllText(name, type: .path, writer.value(of: name, in: values))
        writer.record(name, type: .string, text: text, mayBeEmpty: false)
        writer.appendSegments(text)
      case .capture(let type, let name, _):
        let text = try captureText(
          name, type: type, writer.value(of: name, in: values), allowsEmpty: false)
        writer.record(name, type: type, text: text, mayBeEmpty: false)
        writer.appendEscaped(text, in: writer.segmentPlace)
      default: break
      }
    }
    writer.finishSegment()
  }

  // MARK: Optional groups

  /// Appends the items that print: every item outside groups, and the contents of each group
  /// that prints (<doc:BuildingURLs>). A group prints when every capture directly inside it
  /// (named `*` included, nested groups not) has a value; a group with none (only literals,
  /// an unnamed `*`, nested groups) prints always. A group that does not print must have no
  /// value for anything inside it.
  func flatten(
    _ items: [Item], values: Values, into output: inout [Item]
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
  static func firstGivenName(in items: [Item], values: Values) -> String? {
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

  // MARK: Values

  /// The text of a `<path:…>` (`type` `.path`: one or more segments) or `*` (`nil`: zero or
  /// more) capture: segments joined by `/`, none of them empty.
  func catchAllText(
    _ name: String, type: CaptureType?, _ value: BuildValue?
  ) throws(URLBuildingError) -> String {
    guard let value else {
      guard type == nil else {
        throw failure(.missingValue, name, "missing a value for capture '\(name)'")
      }
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
      || Self.hasEmptySegment(text)
    {
      throw failure(
        .invalidValue, name,
        "value \(value) for catch-all '\(name)' has an empty segment (a '/' at an end or '//')")
    }
    return text
  }

  /// Whether `text` holds `//`, compared by characters as a `String` compares (a `/` followed
  /// by a combining mark is another character); ASCII text is compared by bytes.
  static func hasEmptySegment(_ text: String) -> Bool {
    guard isASCII(text) else { return text.contains("//") }
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "/") && previous == byte { return true }
      previous = byte
    }
    return false
  }

  static func isASCII(_ text: some StringProtocol) -> Bool {
    text.utf8.allSatisfy { $0 < 0x80 }
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
    // The matcher's own rule, on the text the URL will carry decoded.
    guard Self.withBytes(text, { type.accepts($0, registered: types) }) else {
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
    withBytes(expected.text) { expected.type.value(expected.text, $0) } == value
  }

  func failure(
    _ code: URLBuildingError.Code, _ capture: String?, _ message: String
  ) -> URLBuildingError {
    URLBuildingError(code: code, routeName: route.name, captureName: capture, message: message)
  }
}
