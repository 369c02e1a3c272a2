public import Switchyard
import SwitchyardFiles

/// Why a request to mint a link is refused: the HTTP status, the message and where.
///
/// ```swift
/// let error = LinkMintingError(status: 400, message: "\"code\" must be a string", field: "code")
/// error.status  // 400: the service answers {"error":"\"code\" must be a string","field":"code"}
/// ```
public struct LinkMintingError: Error, Sendable, Hashable {
  /// The HTTP status: 400, 409, 413 or 422.
  public var status: Int
  /// What is wrong, for a person.
  public var message: String
  /// The body's field at fault.
  public var field: String?
  /// The line and column of a JSON syntax error.
  public var line: Int?
  /// See ``line``.
  public var column: Int?
  /// For a `422`: the routes that came closest to the URL, each with where it failed.
  public var nearestMisses: [NearMiss]

  /// A route that did not handle the URL, and why.
  public struct NearMiss: Sendable, Hashable {
    /// The route's name.
    public var route: String
    /// Its pattern.
    public var pattern: String
    /// The router's reason.
    public var reason: String
  }

  /// Creates an error.
  ///
  /// ```swift
  /// LinkMintingError(status: 409, message: "the code \"sale\" is taken", field: "code")
  /// ```
  public init(
    status: Int, message: String, field: String? = nil, line: Int? = nil, column: Int? = nil,
    nearestMisses: [NearMiss] = []
  ) {
    self.status = status
    self.message = message
    self.field = field
    self.line = line
    self.column = column
    self.nearestMisses = nearestMisses
  }
}

/// A request to mint a link, read from its JSON body and checked field by field.
///
/// ```swift
/// let request = try LinkMintRequest(json: Array(#"{"url": "myapp://user/42"}"#.utf8), now: 0)
/// request.target  // .url("myapp://user/42")
/// ```
public struct LinkMintRequest: Sendable {
  /// What the link points at.
  public enum Target: Sendable {
    /// A long URL, which a route must handle.
    case url(String)
    /// A route and its values, built into the URL.
    case route(String, [(String, BuildValue)])
  }

  /// What the link points at.
  public var target: Target
  /// A custom code.
  public var code: String?
  /// The preview's title.
  public var title: String?
  /// The preview's description.
  public var description: String?
  /// The preview's image (`https`).
  public var image: String?
  /// The expiry, seconds since 1970 (UTC).
  public var expires: Int64?

  /// The longest body accepted (64 KiB); a longer one is answered `413`.
  public static let maximumBodySize = 64 * 1024
  /// The longest title, description, URL or image, in bytes.
  public static let maximumTextLength = 4096

  /// A request body that must be one JSON object, and its members; a `400` saying where when
  /// it is not JSON, or saying what it is when it is another JSON value.
  static func object(_ body: [UInt8]) throws(LinkMintingError) -> (JSONValue, [JSONMember]) {
    let root: JSONValue
    do {
      root = try JSONParser.parse(bytes: body)
    } catch {
      throw LinkMintingError(
        status: 400, message: "the body is not JSON: \(error.message)", line: error.line,
        column: error.column)
    }
    guard let members = root.objectMembers else {
      throw LinkMintingError(
        status: 400, message: "the body must be a JSON object, found \(root.kindDescription)")
    }
    return (root, members)
  }

  static let keys = ["url", "route", "values", "code", "title", "description", "image", "expires"]

  /// Reads a request body.
  ///
  /// ```swift
  /// try LinkMintRequest(json: Array(#"{"route": "user", "values": {"id": 42}}"#.utf8), now: 0)
  /// ```
  /// - Parameters:
  ///   - json: The body's bytes (UTF-8).
  ///   - now: The current time in seconds since 1970: an `expires` at or before it is refused.
  /// - Throws: ``LinkMintingError`` (`400`, or `413` for a body over 64 KiB) saying what and
  ///   where.
  public init(json: [UInt8], now: Int64) throws(LinkMintingError) {
    guard json.count <= Self.maximumBodySize else {
      throw LinkMintingError(
        status: 413, message: "the body is over \(Self.maximumBodySize) bytes")
    }
    let (root, members) = try Self.object(json)
    var seen = Set<String>()
    for member in members {
      guard Self.keys.contains(member.key) else {
        throw LinkMintingError(
          status: 400,
          message: "unknown field \(JSONEscaping.quote(member.key)); the fields are "
            + Self.keys.joined(separator: ", "),
          field: member.key)
      }
      guard seen.insert(member.key).inserted else {
        throw LinkMintingError(
          status: 400, message: "the field \"\(member.key)\" appears twice", field: member.key)
      }
    }
    func text(_ key: String) throws(LinkMintingError) -> String? {
      guard let value = root[key] else { return nil }
      guard let string = value.stringValue else {
        throw LinkMintingError(
          status: 400, message: "\"\(key)\" must be a string, found \(value.kindDescription)",
          field: key)
      }
      guard !string.isEmpty else {
        throw LinkMintingError(status: 400, message: "\"\(key)\" is empty", field: key)
      }
      guard string.utf8.count <= Self.maximumTextLength else {
        throw LinkMintingError(
          status: 400, message: "\"\(key)\" is over \(Self.maximumTextLength) bytes", field: key)
      }
      if let control = string.unicodeScalars.first(where: Self.isControl) {
        throw LinkMintingError(
          status: 400,
          message: "\"\(key)\" contains the control character U+"
            + Self.hex(control.value),
          field: key)
      }
      return string
    }
    let url = try text("url")
    let route = try text("route")
    switch (url, route) {
    case (let url?, nil):
      if root["values"] != nil {
        throw LinkMintingError(
          status: 400, message: "\"values\" goes with \"route\", not with \"url\"",
          field: "values")
      }
      target = .url(url)
    case (nil, let route?):
      target = .route(route, try Self.values(root["values"]))
    case (.some, .some):
      throw LinkMintingError(
        status: 400, message: "give either \"url\" or \"route\", not both", field: "route")
    case (nil, nil):
      throw LinkMintingError(
        status: 400, message: "the body needs \"url\" or \"route\"", field: "url")
    }
    code = try text("code")
    if let code, !LinkCode.isValid(code) {
      throw LinkMintingError(
        status: 400,
        message: "\"code\" must be 1 to 64 of the characters A-Z a-z 0-9 _ -", field: "code")
    }
    title = try text("title")
    description = try text("description")
    for (key, value) in [("title", title), ("description", description)] {
      if let value, Self.containsMarkup(value) {
        throw LinkMintingError(
          status: 400,
          message: "\"\(key)\" must be plain text, not HTML markup (it has a tag)", field: key)
      }
    }
    image = try text("image")
    if let image, !Self.isHTTPSURL(image) {
      throw LinkMintingError(
        status: 400, message: "\"image\" must be an https URL with a host", field: "image")
    }
    if let stamp = try text("expires") {
      guard let seconds = RFC3339.seconds(stamp) else {
        throw LinkMintingError(
          status: 400,
          message: "\"expires\" must be an RFC 3339 time such as 2027-01-31T12:00:00Z",
          field: "expires")
      }
      guard seconds > now else {
        throw LinkMintingError(
          status: 400, message: "\"expires\" is in the past", field: "expires")
      }
      expires = seconds
    }
  }

  /// The route's values: an object of strings, numbers, booleans or lists of them.
  static func values(_ value: JSONValue?) throws(LinkMintingError) -> [(String, BuildValue)] {
    guard let value else { return [] }
    guard let members = value.objectMembers else {
      throw LinkMintingError(
        status: 400, message: "\"values\" must be an object, found \(value.kindDescription)",
        field: "values")
    }
    var result: [(String, BuildValue)] = []
    for member in members {
      func scalar(_ item: JSONValue) throws(LinkMintingError) -> BuildValue {
        switch item.kind {
        case .string(let text):
          if let control = text.unicodeScalars.first(where: isControl) {
            throw LinkMintingError(
              status: 400,
              message: "values.\(member.key) contains the control character U+"
                + hex(control.value), field: "values.\(member.key)")
          }
          return .string(text)
        case .bool(let flag): return .string(flag ? "true" : "false")
        case .number(let number):
          if let integer = number.intValue { return .int(integer) }
          if let double = number.doubleValue, double.isFinite { return .double(double) }
          throw LinkMintingError(
            status: 400, message: "values.\(member.key): \(number.text) is out of range",
            field: "values.\(member.key)")
        default:
          throw LinkMintingError(
            status: 400,
            message: "values.\(member.key) must be a string, number or boolean, found "
              + item.kindDescription, field: "values.\(member.key)")
        }
      }
      if let items = member.value.arrayElements {
        var list: [BuildValue] = []
        for item in items { list.append(try scalar(item)) }
        result.append((member.key, .list(list)))
      } else {
        result.append((member.key, try scalar(member.value)))
      }
    }
    return result
  }

  /// Whether `text` has a tag-like `<` (followed by a letter, `/`, `!` or `?`): a preview's
  /// title is text, and markup in it is almost always an injection attempt.
  static func containsMarkup(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    for index in bytes.indices where bytes[index] == UInt8(ascii: "<") && index + 1 < bytes.count {
      let next = bytes[index + 1] | 0x20
      if (next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z"))
        || bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "!")
        || bytes[index + 1] == UInt8(ascii: "?")
      {
        return true
      }
    }
    return false
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
      || scalar.value == 0x2028 || scalar.value == 0x2029
  }

  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// `https://HOST…` with a host of letters, digits, `.`, `-` and no space or quote anywhere.
  static func isHTTPSURL(_ text: String) -> Bool {
    let lowered = text.lowercased()
    guard lowered.hasPrefix("https://") else { return false }
    let rest = lowered.dropFirst("https://".count)
    let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }
    guard !host.isEmpty,
      host.utf8.allSatisfy({
        ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
          || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".")
          || $0 == UInt8(ascii: "-")
      })
    else { return false }
    return !text.unicodeScalars.contains {
      $0 == " " || $0 == "\"" || $0 == "'" || $0 == "<" || $0 == ">" || $0 == "\\"
    }
  }
}

/// Checks a link's target against the route table: the URL a route handles, on a host the
/// table names, or the URL built from a route and its values.
///
/// The one check of a target, for `POST /v1/links` and `switchyard-links import` alike: the
/// URL is refused with `422` unless a browser (WHATWG URL Standard) and the router read it the
/// same way, and what is stored is the URL as a browser writes it back.
///
/// ```swift
/// let minter = LinkMinter(table: table)
/// let target = try minter.resolve(.url("https://example.com/articles/7"))
/// target.route  // "article"
/// ```
public struct LinkMinter: Sendable {
  /// The routes.
  public let table: RouteTable
  let matcher: RouteMatcher
  /// The literal hosts the table's web routes name, and the suffixes of its wildcard hosts.
  let hosts: Set<String>
  let hostSuffixes: [String]
  /// The service's own hosts (`--host`), in order: a route's web URL is built on the first
  /// the route names as it is, else on the route's own host, else on the first the route
  /// answers by a wildcard.
  let serviceHosts: [String]
  /// The literal hosts the table's web routes name (without the `--host`s).
  let tableHosts: Set<String>

  /// How many of the nearest misses a `422` lists.
  public static let nearestMissesShown = 5

  /// Creates a minter for a table.
  ///
  /// `hosts` are hosts a long URL may name besides those of the table's routes (the service's
  /// own `--host`s, for routes such as `https://*/s/:code` that name any host).
  ///
  /// ```swift
  /// let minter = LinkMinter(table: try RouteFile.parse(text, fileName: "routes.json"))
  /// ```
  public init(table: RouteTable, hosts extraHosts: [String] = []) {
    self.table = table
    self.matcher = RouteMatcher(table)
    self.serviceHosts = extraHosts.map { $0.lowercased() }
    var hosts = Set(serviceHosts)
    var suffixes: [String] = []
    for host in AppleAppSiteAssociation.hosts(in: table) {
      if host.hasPrefix("*.") {
        suffixes.append(String(host.dropFirst(1)))
      } else {
        hosts.insert(host.lowercased())
      }
    }
    self.tableHosts = Set(
      AppleAppSiteAssociation.hosts(in: table).map { $0.lowercased() }.filter {
        !$0.hasPrefix("*.")
      })
    self.hosts = hosts
    self.hostSuffixes = suffixes.map { $0.lowercased() }
  }

  /// Where a link points: its URL, route and the route's captures.
  public struct Resolved: Sendable, Hashable {
    /// The long URL, as a browser writes it.
    public var url: String
    /// The route that handles it.
    public var route: String
    /// The route's captures in the URL.
    public var values: [LinkValue]
  }

  /// The URL, route and values of a link target, or why there are none.
  ///
  /// A route and its values are built into a web URL when the route has one (`https`, else
  /// `http`; on a `--host` the route names, else on the route's own host, else on a `--host`
  /// its wildcard host answers), else into the route's first URL (an app's scheme).
  ///
  /// ```swift
  /// try minter.resolve(.route("user", [("id", .int(42))])).url  // "myapp://user/42"
  /// ```
  /// - Throws: ``LinkMintingError``: `422` with the nearest misses when no route handles the
  ///   URL, and `422` saying why when its host is not one the table names or a browser would
  ///   read it otherwise than the router (a `\`, a tab or line break, userinfo, a dot segment,
  ///   a character browsers rewrite); `400` when the route is unknown or its values do not
  ///   build a URL.
  public func resolve(_ target: LinkMintRequest.Target) throws(LinkMintingError) -> Resolved {
    switch target {
    case .url(let text):
      return try resolve(url: text)
    case .route(let name, let values):
      guard table.routes.contains(where: { $0.name == name }) else {
        throw LinkMintingError(
          status: 400, message: "no route is named \(JSONEscaping.quote(name))", field: "route")
      }
      var dictionary: [String: any BuildValueConvertible] = [:]
      for (key, value) in values { dictionary[key] = value }
      return try build(route: name, values: dictionary)
    }
  }

  /// The check of a long URL: the route that handles it, its characters, its parts, and the
  /// same route and values once written as a browser writes it.
  func resolve(url: String) throws(LinkMintingError) -> Resolved {
    guard let match = matcher.match(url) else {
      let explanation = table.explain(url, matcher: matcher)
      throw LinkMintingError(
        status: 422, message: "no route of the table handles \(url)", field: "url",
        nearestMisses: Self.nearestMisses(explanation))
    }
    guard match.url.scheme != nil else {
      throw LinkMintingError(
        status: 422, message: "\(url) is not an absolute URL (it has no scheme)", field: "url")
    }
    try Self.checkCharacters(url)
    let checked = try checkParts(url)
    if checked.isWeb, !isTableHost(checked.host) {
      throw LinkMintingError(
        status: 422,
        message: "the route \(match.route.name) handles \(url), but its host "
          + "\(JSONEscaping.quote(checked.host)) is not one the table names, so the link would "
          + "redirect anywhere", field: "url")
    }
    let values = match.parameters.map { LinkValue(name: $0.name, value: $0.value.text) }
    // The router's reading and the check's agree on the scheme and the host.
    if checked.isWeb {
      let defaultPort = checked.scheme == "https" ? 443 : 80
      let routerPort = match.url.port == defaultPort ? nil : match.url.port
      guard match.url.scheme == checked.scheme, match.url.host == checked.host,
        routerPort == checked.port
      else {
        throw Self.refusal(
          url,
          "the router reads its host as \(JSONEscaping.quote(match.url.host ?? "")), a browser "
            + "as \(JSONEscaping.quote(checked.host))")
      }
    }
    if checked.canonical != url {
      guard let again = matcher.match(checked.canonical), again.route.name == match.route.name,
        again.parameters.map({ LinkValue(name: $0.name, value: $0.value.text) }) == values
      else {
        throw Self.refusal(
          url,
          "written as a browser writes it, \(checked.canonical), it is no longer the route "
            + "\(match.route.name)'s with the same values")
      }
    }
    return Resolved(url: checked.canonical, route: match.route.name, values: values)
  }

  /// The URL of `route` built from `values`: a web URL when the route has one (`https`, then
  /// `http`; on each `--host` the route answers, then on its own host), else its first URL.
  /// Each candidate must pass the check of ``resolve(url:)`` and match back to `route`.
  func build(
    route: String, values: [String: any BuildValueConvertible]
  ) throws(LinkMintingError) -> Resolved {
    // The failure reported is that of the route's own URL (the last candidate), else the
    // first web URL's.
    var webFailure: LinkMintingError? = nil
    var ownFailure: LinkMintingError? = nil
    for (scheme, host) in webCandidates + [(nil, nil)] {
      let url: String
      do {
        url = try table.url(for: route, values: values, host: host, scheme: scheme)
      } catch {
        if scheme == nil {
          ownFailure = LinkMintingError(
            status: 400, message: error.description,
            field: error.captureName.map { "values.\($0)" } ?? "values")
        }
        continue
      }
      do throws(LinkMintingError) {
        let resolved = try resolve(url: url)
        guard resolved.route == route else {
          throw LinkMintingError(
            status: 422,
            message: "route '\(route)': the URL built for these values, \(url), is the route "
              + "\(resolved.route)'s", field: "values")
        }
        return resolved
      } catch {
        if scheme == nil { ownFailure = error } else { webFailure = webFailure ?? error }
      }
    }
    throw ownFailure ?? webFailure
      ?? LinkMintingError(status: 400, message: "route '\(route)' builds no URL", field: "values")
  }

  /// The schemes and hosts a web URL is built with, in order of preference: `https`, then
  /// `http`; each on the `--host`s the table names as they are, then on the route's own host,
  /// then on the other `--host`s (which a wildcard host of the route may answer).
  var webCandidates: [(String?, String?)] {
    var candidates: [(String?, String?)] = []
    for scheme in ["https", "http"] {
      for host in serviceHosts where tableHosts.contains(host) { candidates.append((scheme, host)) }
      candidates.append((scheme, nil))
      for host in serviceHosts where !tableHosts.contains(host) {
        candidates.append((scheme, host))
      }
    }
    return candidates
  }

  /// The web URL of a link whose long URL is an app's (or fails the check): the route's web
  /// URL built from the link's values, as ``build(route:values:)`` builds it; `nil` when the
  /// route has no web URL.
  func webURL(route: String, values: [LinkValue]) -> String? {
    var dictionary: [String: any BuildValueConvertible] = [:]
    for value in values where dictionary[value.name] == nil { dictionary[value.name] = value.value }
    for (scheme, host) in webCandidates {
      guard let url = try? table.url(for: route, values: dictionary, host: host, scheme: scheme),
        let resolved = try? resolve(url: url), resolved.route == route,
        sendable(resolved.url)?.isWeb == true
      else { continue }
      return resolved.url
    }
    return nil
  }

  /// The routes that got furthest into the URL (a later part, then a later segment), in the
  /// explanation's order among equals.
  static func nearestMisses(_ explanation: RouteExplanation) -> [LinkMintingError.NearMiss] {
    let failed = explanation.routes.enumerated().compactMap { index, consideration in
      consideration.failure.map {
        (index: index, reach: RouteExplanation.reach($0), consideration: consideration)
      }
    }
    return failed.sorted { a, b in a.reach != b.reach ? a.reach > b.reach : a.index < b.index }
      .prefix(nearestMissesShown).map {
        LinkMintingError.NearMiss(
          route: $0.consideration.route.name, pattern: $0.consideration.route.pattern.text,
          reason: $0.consideration.failure?.reason ?? "")
      }
  }
}
