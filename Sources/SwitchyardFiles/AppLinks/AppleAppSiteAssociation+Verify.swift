public import Switchyard

extension AppleAppSiteAssociation {
  /// The differences between what this file lets in and what the table's routes handle on
  /// `https://HOST` (every host the table names when `host` is `nil`), for the app `appID`
  /// (any app the file names when `nil`).
  ///
  /// Probe URLs come from every route (each variant, catch-alls empty and not) and from every
  /// component of the file (wildcards filled in a few ways). A probe is a difference when the
  /// file's answer differs both from the router's (a route handles it and is not in `webOnly`)
  /// and from the answer of the file ``export(_:appIDs:host:webOnly:comments:)`` writes for the table
  /// (the documented superset). An empty result means the file lets in exactly what the
  /// routes handle, or that superset.
  ///
  /// ```swift
  /// let drifts = try AppleAppSiteAssociation(json: text).verify(against: table, host: "example.com")
  /// drifts.isEmpty  // true when the file and the routes agree
  /// ```
  public func verify(
    against table: RouteTable, host: String? = nil, appID: String? = nil,
    webOnly: Set<String> = []
  ) -> [AppLinkDrift] {
    let host = host.map(asciiLowercased)
    let generated = AppleComponentIndex(
      Self.export(table, appIDs: [appID ?? "APP.ID"], host: host, webOnly: webOnly).file)
    let index = AppleComponentIndex(self)
    var hosts: [String] = []
    var probes: [String] = []
    for route in table.routes {
      for shape in route.pattern.shapes where AppLinkShapes.answersHTTPS(shape, host: host) {
        let name = AppLinkProbes.host(for: shape.host, given: host)
        if !hosts.contains(name) { hosts.append(name) }
        var https = shape
        https.port = nil
        let urls = AppLinkProbes.urls(
          route: route, shape: https, scheme: "https", host: name, hostAsPath: false)
        // The same paths in capitals: a file that ignores case where the table does not; and
        // with a trailing '/', which the router reads as the same path and iOS does not.
        probes += urls + urls.map(AppLinkProbes.capitalizedPath) + urls.map(AppLinkProbes.slashed)
      }
    }
    if hosts.isEmpty { hosts = [host ?? AppLinkProbes.fallbackHost] }
    for detail in details where appID == nil || detail.appIDs.contains(appID ?? "") {
      for component in detail.components {
        let encoded = settings(component, in: detail).percentEncoded
        for filling in AppLinkProbes.appleFillings {
          let url = Self.probe(
            component, encoded: encoded, one: filling.one, any: filling.any, variables: variables)
          probes += hosts.map { "https://" + $0 + url }
        }
      }
    }
    let comparison = AppLinkComparison(
      matcher: RouteMatcher(table), webOnly: webOnly,
      file: { index.opens($0, appID: appID) },
      generated: { generated.opens($0, appID: nil) })
    let drifts = comparison.drifts(probes)
    // The same difference with and without a final '/' is one finding: the one without.
    var covered = Set<AppLinkDrift>()
    for drift in drifts {
      var slashed = drift
      slashed.url = AppLinkProbes.slashed(drift.url)
      if slashed.url != drift.url { covered.insert(slashed) }
    }
    return drifts.filter { !covered.contains($0) }
  }

  /// The path, query and fragment of a URL that the component's patterns (filled in) match.
  static func probe(
    _ component: Component, encoded: Bool, one: String, any: String,
    variables: AppleVariables = .none
  ) -> String {
    func text(_ pattern: String, _ safe: (UInt8) -> Bool) -> String {
      let filled = AppLinkProbes.fill(apple: variables.sample(pattern), one: one, any: any)
      return encoded ? filled : Switchyard.percentEncoded(filled, allowing: safe)
    }
    var path = text(component.path ?? "/*", { $0 == UInt8(ascii: "/") || LinkText.pathSafe($0) })
    if !path.hasPrefix("/") { path = "/" + path }
    var url = path
    switch component.query {
    case nil: break
    case .pattern(let pattern):
      url += "?" + AppLinkProbes.fill(apple: variables.sample(pattern), one: one, any: any)
    case .items(let items):
      url +=
        "?"
        + items.map {
          Switchyard.percentEncoded($0.name, allowing: LinkText.querySafe) + "="
            + text($0.pattern, LinkText.querySafe)
        }.joined(separator: "&")
    }
    if let fragment = component.fragment {
      url += "#" + text(fragment, LinkText.fragmentSafe)
    }
    return url
  }
}
