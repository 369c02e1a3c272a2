public import HTTPTypes
public import Hummingbird
public import Switchyard
public import SwitchyardFiles

/// Where the app-link middleware reads the host a request was sent to.
///
/// Apple and Google fetch the files over HTTPS, so the server usually sits behind a proxy
/// that ends TLS; `.forwarded` reads the host that proxy passes on.
public enum AppLinkHost: Sendable, Hashable {
  /// Always this host: a server for one domain.
  case fixed(String)
  /// The request's own authority (the `Host` header), without its port.
  case request
  /// `X-Forwarded-Host` when present (its first value), else the request's authority.
  case forwarded
}

/// Serves a route table's app-link files, and its web URLs to fallback pages, from Hummingbird.
///
/// * `GET /.well-known/apple-app-site-association`: the file `export aasa` writes for the
///   request's host (when `appIDs` is not empty);
/// * `GET /.well-known/assetlinks.json`: `assetLinks` (when given);
///
/// both `200` with `Content-Type: application/json` and never a redirect, as Apple and Google
/// require. Any other request whose `https://HOST/path?query` a route of the table matches
/// (and that route is not web-only) goes to `fallback`, when given: the page a link shows when
/// the app is not installed. Everything else goes on to the next responder.
///
/// ```swift
/// let router = Router()
/// router.add(
///   middleware: AppLinksMiddleware(
///     table: table, appIDs: ["ABCDE12345.com.example.app"],
///     assetLinks: AssetLinks(packageName: "com.example.app", fingerprints: [fingerprint]),
///     host: .forwarded,
///     fallback: AppLinksMiddleware.landingPage(appName: "Example")))
/// let app = Application(router: router)
/// ```
public struct AppLinksMiddleware<Context: RequestContext>: RouterMiddleware {
  /// Answers a web URL that a route matched.
  public typealias Fallback = @Sendable (Request, RouteMatch, Context) async throws -> Response

  /// The path of Apple's association file.
  public static var appleAppSiteAssociationPath: String {
    "/.well-known/apple-app-site-association"
  }
  /// The path of Google's statement list.
  public static var assetLinksPath: String { "/.well-known/assetlinks.json" }

  let table: RouteTable
  let matcher: RouteMatcher
  let appIDs: [String]
  let assetLinks: String?
  let webOnly: Set<String>
  let host: AppLinkHost
  let fallback: Fallback?

  /// Creates the middleware.
  ///
  /// - Parameters:
  ///   - table: The routes; the same table the apps use.
  ///   - appIDs: `TEAMID.BUNDLEID` of the iOS apps (none: no association file is served).
  ///   - assetLinks: The Android statement list (`nil`: none is served).
  ///   - webOnly: Routes whose links stay on the web: excluded from the association file and
  ///     never sent to `fallback`.
  ///   - host: Where the request's host is read.
  ///   - fallback: The handler for web URLs a route matches (`nil`: they go on to the next
  ///     responder).
  public init(
    table: RouteTable, appIDs: [String] = [], assetLinks: AssetLinks? = nil,
    webOnly: Set<String> = [], host: AppLinkHost = .request, fallback: Fallback? = nil
  ) {
    self.table = table
    self.matcher = RouteMatcher(table)
    self.appIDs = appIDs
    self.assetLinks = assetLinks?.json
    self.webOnly = webOnly
    self.host = host
    self.fallback = fallback
  }

  public func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.method == .get || request.method == .head else {
      return try await next(request, context)
    }
    let path = request.uri.path
    if path == Self.appleAppSiteAssociationPath, !appIDs.isEmpty {
      let file = AppleAppSiteAssociation.export(
        table, appIDs: appIDs, host: host(of: request), webOnly: webOnly
      ).file
      return Self.json(file.json)
    }
    if path == Self.assetLinksPath, let assetLinks {
      return Self.json(assetLinks)
    }
    if let fallback, let host = host(of: request) {
      let url = "https://" + host + request.uri.description
      if let match = matcher.match(url), !webOnly.contains(match.route.name) {
        return try await fallback(request, match, context)
      }
    }
    return try await next(request, context)
  }

  /// The host the request was sent to, lowercased, without a port.
  func host(of request: Request) -> String? {
    let raw: String?
    switch host {
    case .fixed(let name): raw = name
    case .request: raw = request.head.authority
    case .forwarded:
      let forwarded = HTTPField.Name("X-Forwarded-Host").flatMap { request.headers[$0] }
      raw =
        forwarded.map { String($0.split(separator: ",").first ?? "").trimmingSpaces() }
        ?? request.head.authority
    }
    guard let raw, !raw.isEmpty else { return nil }
    var name = Substring(raw)
    if name.hasPrefix("[") {
      if let end = name.firstIndex(of: "]") { name = name[...end] }
    } else if let colon = name.lastIndex(of: ":") {
      name = name[..<colon]
    }
    return name.lowercased()
  }

  static func json(_ text: String) -> Response {
    Response(
      status: .ok, headers: [.contentType: "application/json"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }

  /// A plain landing page for a link whose app is not installed: it names the app, links to
  /// the stores given, and carries the route's name in `X-Switchyard-Route`.
  ///
  /// ```swift
  /// let fallback = AppLinksMiddleware<BasicRequestContext>.landingPage(
  ///   appName: "Example", appStore: "https://apps.apple.com/app/id123")
  /// ```
  public static func landingPage(
    appName: String, appStore: String? = nil, playStore: String? = nil
  ) -> Fallback {
    { request, match, _ in
      var links = ""
      if let appStore { links += "<p><a href=\"\(escape(appStore))\">App Store</a></p>\n" }
      if let playStore { links += "<p><a href=\"\(escape(playStore))\">Google Play</a></p>\n" }
      let html = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>\(escape(appName))</title></head>
        <body>
        <h1>Open this link in \(escape(appName))</h1>
        <p>\(escape(request.uri.description)) opens in the app when it is installed.</p>
        \(links)</body></html>

        """
      var headers: HTTPFields = [.contentType: "text/html; charset=utf-8"]
      if let name = HTTPField.Name("X-Switchyard-Route") { headers[name] = match.route.name }
      return Response(
        status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
  }

  static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
