public import Switchyard

extension AppleAppSiteAssociation {
  /// The most components one route's optional groups and catch-alls may expand to; past it the
  /// route's path is written as `*` (a superset) with a warning.
  static let maximumComponentsPerRoute = 64

  /// The largest file Apple reads: 128 KB (131,072 bytes), uncompressed.
  ///
  /// ```swift
  /// let json = AppleAppSiteAssociation.export(table, appIDs: [id], host: "example.com").file.json
  /// if json.utf8.count > AppleAppSiteAssociation.maximumSize { print("too large for iOS") }
  /// ```
  public static let maximumSize = 128 * 1024

  /// The hosts the table's `https` routes name, in order of first use (`*.example.com` for a
  /// wildcard host); routes that name no host are not counted. When there are several, export
  /// one file per host with `host:`, since each host serves its own file.
  ///
  /// ```swift
  /// for host in AppleAppSiteAssociation.hosts(in: table) where !host.hasPrefix("*") {
  ///   let file = AppleAppSiteAssociation.export(table, appIDs: [id], host: host).file
  /// }
  /// ```
  public static func hosts(in table: RouteTable) -> [String] {
    var seen = Set<String>()
    var hosts: [String] = []
    for route in table.routes {
      for shape in route.pattern.shapes where AppLinkShapes.answersHTTPS(shape, host: nil) {
        let name: String
        switch shape.host {
        case .literal(let literal): name = literal
        case .wildcard(let suffix): name = "*." + suffix
        case .omitted, .any: continue
        }
        if seen.insert(name).inserted { hosts.append(name) }
      }
    }
    return hosts
  }

  /// Generates the file for the routes that answer `https` (on `host`, when given) from a
  /// table.
  ///
  /// Every route is an app route unless it is in `webOnly`; a web-only route becomes `exclude`
  /// components. Components are ordered by priority (higher first) and, within a priority,
  /// web-only routes first, then registration order. Each pattern variant becomes one
  /// component per way its catch-alls can be empty or not, and, since the router reads `/a/`
  /// as `/a` while iOS compares paths as written, a path that does not end in a wildcard gets a
  /// second component with a final `/` (`/a` and `/a/`; empty segments inside a path, as in
  /// `/a//b`, are not written); captures become `?*` (any
  /// non-empty text), so a capture also lets in text with a `/`, which no capture takes. Typed
  /// captures, literal `*` or `?`, and query or fragment literals under case-insensitive paths
  /// cannot be written exactly: the file gets the closest superset and a warning names the
  /// route. `defaults` carry `caseSensitive` (the table's `caseInsensitivePaths`, negated) and
  /// `percentEncoded: false` (patterns are compared with the decoded URL, as the router does).
  ///
  /// With `comments`, each component carries a `comment` naming its route and pattern; they
  /// are left out by default because they repeat the pattern in every component and can make
  /// up most of the file. A file over ``maximumSize`` (Apple's limit) gets a warning, as does a
  /// file written without `host` for a table whose routes name several hosts (see
  /// ``hosts(in:)``): each host would then let in the other hosts' routes.
  ///
  /// ```swift
  /// let export = AppleAppSiteAssociation.export(
  ///   table, appIDs: ["ABCDE12345.com.example.app"], host: "example.com")
  /// print(export.file.json)
  /// export.warnings.forEach { print($0) }
  /// ```
  public static func export(
    _ table: RouteTable, appIDs: [String], host: String? = nil, webOnly: Set<String> = [],
    comments: Bool = false
  ) -> AppLinkExport<AppleAppSiteAssociation> {
    let host = host.map(asciiLowercased)
    var components: [Component] = []
    // Components already written (with the route that first wrote each), so that a repeated
    // one costs a hash lookup, not a scan.
    var written: [Component: String] = [:]
    var warnings: [AppLinkWarning] = []
    let ordered = table.routes.sorted { a, b in
      if a.priority != b.priority { return a.priority > b.priority }
      let aWeb = webOnly.contains(a.name)
      let bWeb = webOnly.contains(b.name)
      if aWeb != bWeb { return aWeb }
      return a.index < b.index
    }
    for route in ordered {
      var translator = AppleTranslator(
        route: route, table: table, exclude: webOnly.contains(route.name), comments: comments)
      for shape in route.pattern.shapes where AppLinkShapes.answersHTTPS(shape, host: host) {
        translator.add(shape)
      }
      for component in translator.components {
        countAppLinkStep()
        if written[component] == nil {
          written[component] = route.name
          components.append(component)
        }
      }
      warnings += translator.warnings.map { AppLinkWarning(routeName: route.name, message: $0) }
    }
    let detail = Detail(
      appIDs: appIDs, components: components,
      caseSensitive: !table.options.caseInsensitivePaths, percentEncoded: false)
    let file = AppleAppSiteAssociation(details: [detail])
    if !webOnly.isEmpty {
      warnings += lostToExclusions(
        file, table: table, host: host, order: ordered, webOnly: webOnly, owners: written)
    }
    if host == nil {
      let hosts = Self.hosts(in: table)
      if hosts.count > 1 {
        warnings.append(
          AppLinkWarning(
            routeName: nil,
            message:
              "the routes name \(hosts.count) hosts (\(hosts.prefix(3).joined(separator: ", "))"
              + "\(hosts.count > 3 ? ", …" : "")) and no host was given, so each host that "
              + "serves this file lets in the other hosts' routes too; export one file per host"
          ))
      }
    }
    let size = file.json.utf8.count
    if size > maximumSize {
      warnings.append(
        AppLinkWarning(
          routeName: nil,
          message:
            "the file is \(size) bytes, over the \(maximumSize) bytes (128 KB) Apple reads"
            + (comments ? "; leave out the comments to shrink it" : "")))
    }
    return AppLinkExport(file: file, warnings: warnings)
  }
}

extension AppleAppSiteAssociation {
  /// Warnings for app routes' links that a web-only route's exclusion keeps on the web.
  ///
  /// An exclusion is written from the web-only route's pattern with the same wildcards as any
  /// component, so it is wider than the route (a capture's `?*` also takes `/`), and Apple's
  /// patterns have nothing narrower. Each app route's probe URLs that the router gives to that
  /// route are asked of the file: one decided by an exclusion is a link lost to the browser.
  static func lostToExclusions(
    _ file: AppleAppSiteAssociation, table: RouteTable, host: String?, order: [Route],
    webOnly: Set<String>, owners: [Component: String]
  ) -> [AppLinkWarning] {
    let index = AppleComponentIndex(file)
    let matcher = RouteMatcher(table)
    // Sample URLs of every app route, and every exclusion with its wildcards filled in.
    var probes: [String] = []
    for route in order where !webOnly.contains(route.name) {
      for shape in route.pattern.shapes where AppLinkShapes.answersHTTPS(shape, host: host) {
        var https = shape
        https.port = nil
        probes += AppLinkProbes.urls(
          route: route, shape: https, scheme: "https",
          host: AppLinkProbes.host(for: shape.host, given: host), hostAsPath: false)
      }
    }
    let hosts =
      host.map { [$0] }
      ?? (hosts(in: table).filter { !$0.hasPrefix("*") } + [AppLinkProbes.fallbackHost])
    for detail in file.details {
      for component in detail.components where component.exclude {
        for filling in AppLinkProbes.appleFillings {
          let path = probe(component, encoded: false, one: filling.one, any: filling.any)
          probes += hosts.map { "https://" + $0 + path }
          // Apple reads a missing fragment as empty: the URL without one may match too.
          if component.fragment != nil, let hash = path.firstIndex(of: "#") {
            probes += hosts.map { "https://" + $0 + path[..<hash] }
          }
        }
      }
    }
    var warnings: [AppLinkWarning] = []
    var warned = Set<[String]>()
    for url in probes {
      guard let winner = matcher.match(url)?.route.name, !webOnly.contains(winner),
        let component = index.decidingComponent(url, appID: nil),
        component.exclude, let owner = owners[component],
        warned.insert([winner, owner]).inserted
      else { continue }
      warnings.append(
        AppLinkWarning(
          routeName: winner,
          message:
            "the web-only route \"\(owner)\"'s exclusion \"\(component.path ?? "*")\" "
            + "also takes \(url), which this route handles, so the link stays on the web "
            + "(the file's wildcards cannot be as narrow as the web-only route)"))
    }
    return warnings
  }
}

/// Which pattern variants an app-link file is about.
enum AppLinkShapes {
  /// Whether URLs `https://HOST/…` can match the variant: its scheme is `https` or any, it names
  /// no port other than 443, and its host accepts `host` (any host when `host` is `nil`).
  static func answersHTTPS(_ shape: PatternShape, host: String?) -> Bool {
    guard shape.scheme == nil || shape.scheme == "https" else { return false }
    guard shape.port == nil || shape.port == 443 else { return false }
    guard let host else { return true }
    return accepts(shape.host, host: host)
  }

  static func accepts(_ requirement: PatternShape.Host, host: String) -> Bool {
    switch requirement {
    case .omitted, .any: return true
    case .wildcard(let suffix): return host.hasSuffix("." + suffix) && host.count > suffix.count + 1
    case .literal(let literal): return literal == host
    }
  }

  /// The warning for a path element whose literal text holds a `/` (`%2F` in the pattern):
  /// both platforms compare the decoded path, where it reads as a segment boundary.
  static func slashInSegment(_ element: PatternShape.Element) -> String? {
    let texts: [String]
    switch element {
    case .literal(let text): texts = [text]
    case .mixed(let prefix, _, _, let suffix): texts = [prefix, suffix]
    case .capture, .star: return nil
    }
    guard let text = texts.first(where: { $0.contains("/") }) else { return nil }
    return
      "the segment text \"\(text)\" holds a '/' (%2F in the URL); the platforms compare "
      + "decoded paths, where it reads as a segment boundary, so the path with a real '/' "
      + "there is let in too"
  }

  /// `<int:id>`, `:name`, … as written in a message.
  static func describe(_ kind: CaptureType, _ name: String, table: RouteTable) -> String {
    "<" + kind.name(in: table.parameterTypes) + ":" + name + ">"
  }
}

/// Translates one route's variants into components.
struct AppleTranslator {
  let route: Route
  let table: RouteTable
  let exclude: Bool
  /// Whether components carry a comment naming the route.
  let comments: Bool
  private(set) var components: [AppleAppSiteAssociation.Component] = []
  private(set) var warnings: [String] = []

  init(route: Route, table: RouteTable, exclude: Bool, comments: Bool) {
    self.route = route
    self.table = table
    self.exclude = exclude
    self.comments = comments
  }

  private mutating func warn(_ message: String) {
    if !warnings.contains(message) { warnings.append(message) }
  }

  /// A literal in Apple's syntax: `*` and `?` are wildcards with no escape, so each becomes `?`
  /// (one character: a superset).
  private mutating func literal(_ text: String) -> String {
    guard text.contains(where: { $0 == "*" || $0 == "?" }) else { return text }
    warn(
      "the literal \"\(text)\" holds '*' or '?', which the file's patterns cannot write "
        + "literally; each is written as '?' (any one character)")
    return String(text.map { $0 == "*" ? "?" : $0 })
  }

  /// The pattern for one capture's text (non-empty in a path).
  private mutating func capture(_ kind: CaptureType, _ name: String, inPath: Bool) -> String {
    if kind.row?.acceptsEveryText == true { return inPath ? "?*" : "*" }
    if let pattern = kind.row?.appleFilePattern {
      warn(
        "\(AppLinkShapes.describe(kind, name, table: table)) is written as \(pattern), so the "
          + "file also lets in values the route refuses")
      return pattern
    }
    warn(
      "\(AppLinkShapes.describe(kind, name, table: table)) is written as any "
        + "\(inPath ? "non-empty " : "")text, so the file also lets in values the route "
        + "refuses")
    return "?*"
  }

  mutating func add(_ shape: PatternShape) {
    // Each catch-all is either empty or one or more segments: one path per choice.
    var paths = [""]
    for element in shape.path {
      if let message = AppLinkShapes.slashInSegment(element) { warn(message) }
      switch element {
      case .literal(let text):
        let piece = "/" + literal(text)
        paths = paths.map { $0 + piece }
      case .capture(let kind, let name):
        let piece = "/" + capture(kind, name, inPath: true)
        paths = paths.map { $0 + piece }
      case .mixed(let prefix, let kind, let name, let suffix):
        let piece = "/" + literal(prefix) + capture(kind, name, inPath: true) + literal(suffix)
        paths = paths.map { $0 + piece }
      case .star:
        paths = paths + paths.map { $0 + "/?*" }
      }
    }
    if paths.count > AppleAppSiteAssociation.maximumComponentsPerRoute {
      warn(
        "its catch-alls expand to \(paths.count) components, more than "
          + "\(AppleAppSiteAssociation.maximumComponentsPerRoute); its path is written as '*'")
      paths = ["*"]
    }
    // The router reads `/a/` as `/a`; iOS compares the path as written, so a path that does
    // not end in a wildcard (which takes a final '/' already) is written with a final '/' too.
    paths = paths.flatMap { path in
      path.isEmpty || path.hasSuffix("*") ? [path] : [path, path + "/"]
    }
    let query = queryPatterns()
    let fragment = fragmentPattern()
    for path in paths {
      let component = AppleAppSiteAssociation.Component(
        path: path.isEmpty ? "/" : path, query: query, fragment: fragment, exclude: exclude,
        comment: comments ? route.name + ": " + route.pattern.text : nil)
      if !components.contains(component) { components.append(component) }
    }
  }

  private mutating func queryPatterns() -> AppleAppSiteAssociation.Component.Query? {
    let requirements = route.pattern.queryShape
    guard !requirements.isEmpty else { return nil }
    var items: [(name: String, pattern: String)] = []
    for requirement in requirements {
      switch requirement.value {
      case .literal(let text):
        caseWarning("query value \"\(text)\"")
        var pattern = literal(text)
        if table.options.plusAsSpace && text.contains(" ") {
          // The router also takes `+` for each space; iOS compares the value as it is written.
          warn(
            "the router also takes '+' for the space in the query value \"\(text)\" "
              + "(plusAsSpace), which iOS does not; each space is written as '?' (any one "
              + "character)")
          pattern = String(pattern.map { $0 == " " ? "?" : $0 })
        }
        items.append((requirement.name, pattern))
      case .capture(let kind, let name):
        items.append((requirement.name, capture(kind, name, inPath: false)))
      }
    }
    return .items(items)
  }

  private mutating func fragmentPattern() -> String? {
    switch route.pattern.fragmentShape {
    case nil: return nil
    case .literal(let text):
      caseWarning("fragment \"\(text)\"")
      return literal(text)
    case .capture(let kind, let name):
      let pattern = capture(kind, name, inPath: false)
      warn(
        "the fragment capture is written as '\(pattern)', which also matches a URL with no "
          + "fragment")
      return pattern
    }
  }

  private mutating func caseWarning(_ what: String) {
    guard table.options.caseInsensitivePaths else { return }
    warn(
      "the \(what) is compared case-insensitively by the file (caseSensitive is false for the "
        + "table's case-insensitive paths) but case-sensitively by the router")
  }
}
