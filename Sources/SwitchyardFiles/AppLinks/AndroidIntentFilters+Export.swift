public import Switchyard

extension AndroidIntentFilters {
  /// Generates one `<intent-filter>` per route (several when its variants do not combine) for
  /// the routes with a scheme Android can open: custom schemes (whose first path segment
  /// Android reads as the host, `myapp://user/42` → host `user`, path `/42`) and `http`/`https`.
  ///
  /// Filters whose schemes are all `http`/`https` get `android:autoVerify="true"`, except those
  /// with the host `*`. A route with no host (or `*`) is written for each of `hosts`, and left
  /// out with a warning when `hosts` is empty; a route with no scheme is written for `https`
  /// and `http`. Paths become `android:path` (literal paths), `android:path` plus
  /// `android:pathPrefix` (a literal path ending in a catch-all), or `android:pathPattern`
  /// (captures become `..*`, one or more characters). Since the router reads `/a/` as `/a`
  /// while Android compares the path as written, a path rule that does not already take a
  /// final `/` is written a second time with one (`/cart` and `/cart/`). Android does not look at the query or
  /// the fragment, nor at a typed capture's type: those give the closest superset and a
  /// warning.
  ///
  /// ```swift
  /// let export = AndroidIntentFilters.export(table, packageName: "com.example.app")
  /// print(export.file.xml)
  /// ```
  public static func export(
    _ table: RouteTable, packageName: String? = nil, hosts: [String] = []
  ) -> AppLinkExport<AndroidIntentFilters> {
    var filters: [AndroidIntentFilter] = []
    // Where each filter's data already is, so that routes sharing it cost a hash lookup.
    var positions: [AndroidIntentFilter.Data: Int] = [:]
    var warnings: [AppLinkWarning] = []
    let hosts = hosts.map(asciiLowercased)
    for route in table.routes {
      var translator = AndroidTranslator(route: route, table: table, hosts: hosts)
      let routeFilters = translator.filters()
      for filter in routeFilters {
        countAppLinkStep()
        if let index = positions[filter.data] {
          filters[index].comment = (filters[index].comment ?? "") + "; " + (filter.comment ?? "")
        } else {
          positions[filter.data] = filters.count
          filters.append(filter)
        }
      }
      warnings += translator.warnings.map { AppLinkWarning(routeName: route.name, message: $0) }
    }
    return AppLinkExport(
      file: AndroidIntentFilters(packageName: packageName, filters: filters), warnings: warnings)
  }
}

extension AndroidIntentFilter {
  /// What a filter lets in, without its comment: two routes with the same data share a filter.
  struct Data: Hashable {
    var autoVerify: Bool
    var schemes: [String]
    var hosts: [String]
    var pathRules: [PathRule]
  }

  var data: Data {
    Data(autoVerify: autoVerify, schemes: schemes, hosts: hosts, pathRules: pathRules)
  }
}

/// Translates one route into intent filters.
struct AndroidTranslator {
  let route: Route
  let table: RouteTable
  let hosts: [String]
  private(set) var warnings: [String] = []

  /// The most path rules one variant's catch-alls may expand to before the path is written as
  /// any path.
  static let maximumRules = 64

  init(route: Route, table: RouteTable, hosts: [String]) {
    self.route = route
    self.table = table
    self.hosts = hosts
  }

  private mutating func warn(_ message: String) {
    if !warnings.contains(message) { warnings.append(message) }
  }

  /// What one variant asks: schemes × hosts × path rules (no hosts: any URL of the scheme).
  private struct Part: Hashable {
    var schemes: [String]
    var hosts: [String]
    var rules: [AndroidIntentFilter.PathRule]
  }

  mutating func filters() -> [AndroidIntentFilter] {
    if !route.pattern.queryShape.isEmpty {
      warn("intent filters do not look at the query, so the filter lets in any query")
    }
    if route.pattern.fragmentShape != nil {
      warn("intent filters do not look at the fragment, so the filter lets in any fragment")
    }
    var parts: [Part] = []
    for shape in route.pattern.shapes {
      for part in self.parts(shape) where !parts.contains(part) { parts.append(part) }
    }
    guard !parts.isEmpty else { return [] }
    let comment = route.name + ": " + route.pattern.text
    // One filter for the route when its parts combine exactly (every scheme and host with
    // every rule); else one filter per part.
    let schemes = ordered(parts.flatMap(\.schemes))
    let allHosts = ordered(parts.flatMap(\.hosts))
    let rules = ordered(parts.flatMap(\.rules))
    let combined =
      parts.allSatisfy { !$0.hosts.isEmpty }
      && combinesExactly(parts, schemes, allHosts, rules)
    let groups = combined ? [Part(schemes: schemes, hosts: allHosts, rules: rules)] : parts
    return groups.map { part in
      let web = part.schemes.allSatisfy { $0 == "http" || $0 == "https" }
      return AndroidIntentFilter(
        autoVerify: web && !part.hosts.isEmpty && !part.hosts.contains("*"),
        schemes: part.schemes, hosts: part.hosts, pathRules: part.rules, comment: comment)
    }
  }

  private func ordered<T: Hashable>(_ items: [T]) -> [T] {
    var seen = Set<T>()
    return items.filter { seen.insert($0).inserted }
  }

  private func combinesExactly(
    _ parts: [Part], _ schemes: [String], _ hosts: [String],
    _ rules: [AndroidIntentFilter.PathRule]
  ) -> Bool {
    let allRules = Set(rules)
    for scheme in schemes {
      for host in hosts {
        var covered = Set<AndroidIntentFilter.PathRule>()
        var present = false
        var anyPath = false
        for part in parts where part.schemes.contains(scheme) && part.hosts.contains(host) {
          present = true
          if part.rules.isEmpty { anyPath = true }
          covered.formUnion(part.rules)
        }
        // The combined filter lets in every rule on every scheme and host: each pair must
        // already have had them all (or had any path, when there are no rules at all).
        guard present else { return false }
        if anyPath ? !allRules.isEmpty : covered != allRules { return false }
      }
    }
    return true
  }

  private mutating func parts(_ shape: PatternShape) -> [Part] {
    if shape.port != nil {
      warn("intent filters here name no port, so the filter lets in any port")
    }
    var path = shape.path
    if let scheme = shape.scheme, table.options.hostAsPath.applies(toScheme: scheme) {
      let schemes = [scheme]
      // Android reads the first segment as the host.
      guard let first = path.first else {
        warn(
          "\(scheme):// with no path cannot be told apart from other \(scheme) links, so the "
            + "filter names only the scheme and lets in every \(scheme) link")
        return [Part(schemes: schemes, hosts: [], rules: [])]
      }
      switch first {
      case .literal(let text):
        path.removeFirst()
        return [
          Part(
            schemes: schemes, hosts: [asciiLowercased(text)],
            rules: rules(path, afterHost: text))
        ]
      case .capture(let kind, let name), .mixed(_, let kind, let name, _):
        typed(kind, name)
        if case .mixed = first {
          warn("the host's literal text around a capture is not written: the host is '*'")
        }
        if kind == .path {
          warn("<path:\(name)> in the host place is written as the host '*' and any path")
          return [Part(schemes: schemes, hosts: ["*"], rules: [])]
        }
        path.removeFirst()
        return [Part(schemes: schemes, hosts: ["*"], rules: rules(path, afterHost: "*"))]
      case .star:
        warn(
          "a catch-all in the host place is written as the scheme alone, which lets in every "
            + "\(scheme) link")
        return [Part(schemes: schemes, hosts: [], rules: [])]
      }
    } else {
      // A scheme that keeps its host (http, https, or any scheme the table's hostAsPath
      // leaves out); no scheme stands for https and http.
      let schemes = shape.scheme.map { [$0] } ?? ["https", "http"]
      let hostNames = hostsFor(shape.host)
      if hostNames.isEmpty { return [] }
      return [Part(schemes: schemes, hosts: hostNames, rules: rules(path))]
    }
  }

  private mutating func hostsFor(_ host: PatternShape.Host) -> [String] {
    switch host {
    case .literal(let name): return [name]
    case .wildcard(let suffix): return ["*." + suffix]
    case .omitted, .any:
      if hosts.isEmpty {
        warn("it names no host; pass --host to export it for your web hosts (left out)")
      }
      return hosts
    }
  }

  private mutating func typed(_ kind: CaptureType, _ name: String) {
    if kind.row?.acceptsEveryText != true {
      warn(
        "\(AppLinkShapes.describe(kind, name, table: table)) is written as any text, so the "
          + "filter also lets in values the route refuses")
    }
  }

  /// Whether a path element's literal text holds an ASCII letter (whose case could differ).
  private static func hasLetters(_ element: PatternShape.Element) -> Bool {
    let text: String
    switch element {
    case .literal(let literal): text = literal
    case .mixed(let prefix, _, _, let suffix): text = prefix + suffix
    case .capture, .star: return false
    }
    return text.utf8.contains {
      ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z")
    }
  }

  /// `text` for a `pathPattern`: `\` before `*` and `\`. A `.` cannot be written literally
  /// (AOSP's matcher reads `\.` as any character too), except as the first character after a
  /// `.*` (`afterWildcard`), where the matcher looks for that very character; elsewhere it is
  /// written `.`, any character, with a warning.
  private mutating func escaped(_ text: String, afterWildcard: Bool = false) -> String {
    var out = ""
    for (offset, character) in text.enumerated() {
      if character == "." {
        if afterWildcard && offset == 0 {
          out += "\\."
        } else {
          warn(
            "Android's pathPattern cannot require a literal '.' (AOSP's matcher reads '\\.' "
              + "as any character too), so the filter lets in any character in place of the "
              + "'.' in \"\(text)\"")
          out.append(character)
        }
        continue
      }
      if character == "*" || character == "\\" { out.append("\\") }
      out.append(character)
    }
    return out
  }

  private mutating func rules(_ path: [PatternShape.Element], afterHost host: String? = nil)
    -> [AndroidIntentFilter.PathRule]
  {
    if path.isEmpty {
      guard let host else { return [.path("/")] }
      // Android's path of `myapp://search` is "", which no path rule but an empty one takes.
      warn(
        "Android cannot require an empty path, so the filter lets in any path under the host "
          + "\(host)")
      return []
    }
    for (index, element) in path.enumerated() where index < path.count - 1 {
      switch element {
      case .star, .capture(.path, _):
        warn(
          "Android's pathPattern ends '.*' at the first '/' after it, so only one segment is "
            + "let in where the route's catch-all takes several")
      default: break
      }
    }
    if table.options.caseInsensitivePaths, path.contains(where: Self.hasLetters) {
      warn(
        "the table's paths are case-insensitive, but Android compares paths with case, so "
          + "the route's links written in other cases are not let in")
    }
    for element in path {
      if let message = AppLinkShapes.slashInSegment(element) { warn(message) }
      if case .mixed(_, _, _, let suffix) = element, let first = suffix.first {
        warn(
          "Android's pathPattern ends '.*' at the first '\(first)' after it, so a value "
            + "holding '\(first)' is not let in")
      }
    }
    var literals: [String] = []
    for element in path {
      guard case .literal(let text) = element else { break }
      literals.append(text)
    }
    let prefix = literals.isEmpty ? "" : "/" + literals.joined(separator: "/")
    if literals.count == path.count {
      // The router reads `/a/` as `/a`; Android compares the path as written.
      return [.path(prefix), .path(prefix + "/")]
    }
    if literals.count == path.count - 1, case .star = path[path.count - 1] {
      // A literal path, then a catch-all: the path itself, or it and more segments.
      return prefix.isEmpty ? [] : [.path(prefix), .prefix(prefix + "/")]
    }
    var patterns = [""]
    for element in path {
      switch element {
      case .literal(let text):
        let piece = "/" + escaped(text)
        patterns = patterns.map { $0 + piece }
      case .capture(let kind, let name):
        typed(kind, name)
        patterns = patterns.map { $0 + "/..*" }
      case .mixed(let before, let kind, let name, let after):
        typed(kind, name)
        let piece = "/" + escaped(before) + "..*" + escaped(after, afterWildcard: true)
        patterns = patterns.map { $0 + piece }
      case .star:
        patterns = patterns + patterns.map { $0 + "/..*" }
      }
    }
    if patterns.count > Self.maximumRules {
      warn("its catch-alls expand to \(patterns.count) path patterns; any path is let in")
      return []
    }
    // A pattern that ends in `.*` takes a final '/' already; any other one is written with a
    // final '/' too (the router reads `/a/` as `/a`, Android compares the path as written).
    return patterns.flatMap { pattern -> [AndroidIntentFilter.PathRule] in
      if pattern.isEmpty { return [.pattern("/*")] }
      return pattern.hasSuffix(".*")
        ? [.pattern(pattern)] : [.pattern(pattern), .pattern(pattern + "/")]
    }
  }
}
