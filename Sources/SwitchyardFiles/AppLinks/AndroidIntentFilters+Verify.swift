public import Switchyard

extension AndroidIntentFilters {
  /// The differences between what these filters let in and what the table's routes handle.
  ///
  /// Probe URLs come from every route Android can open (each variant, for each of `hosts`
  /// where it names no host) and from every filter (each scheme and host with each path rule
  /// filled in a few ways). A probe is a difference when the filters' answer differs both from
  /// the router's and from the answer of the filters ``export(_:packageName:hosts:)`` writes
  /// (the documented superset).
  ///
  /// ```swift
  /// let drifts = try AndroidIntentFilters(xml: manifest).verify(against: table)
  /// ```
  public func verify(against table: RouteTable, hosts: [String] = []) -> [AppLinkDrift] {
    let hosts = hosts.map(asciiLowercased)
    let generated = AndroidFilterIndex(
      Self.export(table, packageName: nil, hosts: hosts).file)
    let index = AndroidFilterIndex(self)
    var probes: [String] = []
    for route in table.routes {
      for shape in route.pattern.shapes {
        let schemes = shape.scheme.map { [$0] } ?? ["https"]
        for scheme in schemes {
          let hostAsPath = table.options.hostAsPath.applies(toScheme: scheme)
          var names: [String?] = [nil]
          if !hostAsPath {
            switch shape.host {
            case .literal, .wildcard: names = [AppLinkProbes.host(for: shape.host, given: nil)]
            case .omitted, .any: names = hosts.isEmpty ? [AppLinkProbes.fallbackHost] : hosts
            }
          }
          for name in names {
            let urls = AppLinkProbes.urls(
              route: route, shape: shape, scheme: scheme, host: name, hostAsPath: hostAsPath)
            // With a trailing '/' too: the router reads it as the same path, Android does not.
            probes += urls + urls.map(AppLinkProbes.slashed)
          }
        }
      }
    }
    for filter in filters {
      for scheme in filter.schemes {
        let names = filter.hosts.isEmpty ? ["x"] : filter.hosts.map(Self.probeHost)
        for name in names {
          for path in Self.probePaths(filter.pathRules) {
            probes.append(asciiLowercased(scheme) + "://" + name + path)
          }
        }
      }
    }
    let comparison = AppLinkComparison(
      matcher: RouteMatcher(table), webOnly: [], file: { index.opens($0) },
      generated: { generated.opens($0) })
    var drifts = comparison.drifts(probes)
    // A web link the file lets in without verification, where the exported filters verify it.
    var seen = Set<String>()
    for url in probes where url.hasPrefix("https://") && seen.insert(url).inserted {
      guard let route = comparison.matcher.match(url)?.route.name,
        index.opens(url), !index.verifiedOpens(url),
        generated.verifiedOpens(url)
      else { continue }
      drifts.append(AppLinkDrift(kind: .notVerified, url: url, routeName: route))
    }
    // The same difference with and without a final '/' is one finding: the one without.
    var covered = Set<AppLinkDrift>()
    for drift in drifts {
      var slashed = drift
      slashed.url = AppLinkProbes.slashed(drift.url)
      if slashed.url != drift.url { covered.insert(slashed) }
    }
    return drifts.filter { !covered.contains($0) }
  }

  static func probeHost(_ entry: String) -> String {
    if entry == "*" { return "x" }
    if entry.hasPrefix("*") { return "www" + entry.dropFirst() }
    return entry
  }

  /// Paths the rules let in, URL-encoded.
  static func probePaths(_ rules: [AndroidIntentFilter.PathRule]) -> [String] {
    var paths: [String] = []
    if rules.isEmpty { paths = ["", "/x", "/7/x"] }
    for rule in rules {
      switch rule {
      case .path(let text): paths.append(text)
      case .prefix(let text): paths += [text, text + "x", text + "/x"]
      case .suffix(let text): paths += ["/x" + text]
      case .pattern(let text):
        paths += [
          AppLinkProbes.fill(android: text, one: "7", repeated: ""),
          AppLinkProbes.fill(android: text, one: "x", repeated: "x/y"),
          AppLinkProbes.fill(android: text, one: "7", repeated: "7"),
        ]
      }
    }
    return paths.map { path in
      let encoded = percentEncoded(
        path, allowing: { $0 == UInt8(ascii: "/") || LinkText.pathSafe($0) })
      return encoded.isEmpty || encoded.hasPrefix("/") ? encoded : "/" + encoded
    }
  }
}
