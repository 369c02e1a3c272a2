package import Switchyard

extension AppleAppSiteAssociation {
  /// One `https://HOST/…` URL for each route that answers `https` on `host`, in table order:
  /// the URL a browser would be sent to when the app is not installed (`switchyard doctor`
  /// requests each one to see that the domain serves a page for it).
  ///
  /// The URL is the first probe ``verify(against:host:appID:webOnly:)`` makes for the route:
  /// captures filled with sample text, catch-alls empty.
  package static func webWitnesses(in table: RouteTable, host: String) -> [(
    route: String, url: String
  )] {
    let host = asciiLowercased(host)
    var witnesses: [(route: String, url: String)] = []
    for route in table.routes {
      guard
        let shape = route.pattern.shapes.first(where: {
          AppLinkShapes.answersHTTPS($0, host: host)
        })
      else { continue }
      var https = shape
      https.port = nil
      let urls = AppLinkProbes.urls(
        route: route, shape: https, scheme: "https", host: host, hostAsPath: false)
      if let url = urls.first { witnesses.append((route.name, url)) }
    }
    return witnesses
  }
}
