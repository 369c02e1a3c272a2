#if Hummingbird
  import HTTPTypes
  public import Hummingbird
  import NIOConcurrencyHelpers
  public import Switchyard
  public import SwitchyardFiles

  /// Where the app-link middleware reads the host a request was sent to.
  ///
  /// Apple and Google fetch the files over HTTPS, so the server usually sits behind a proxy
  /// that ends TLS; `.forwarded` reads the host that proxy passes on.
  ///
  /// `X-Forwarded-Host` is trusted only with `.forwarded`, which an app chooses when every
  /// request reaches it through a proxy that sets (or removes) that header: any client can send
  /// the header itself, so a server reachable directly should use `.request` or `.fixed`.
  ///
  /// ```swift
  /// AppLinksMiddleware<BasicRequestContext>(table: table, appIDs: [appID], host: .fixed("example.com"))
  /// ```
  public enum AppLinkHost: Sendable, Hashable {
    /// Always this host: a server for one domain.
    case fixed(String)
    /// The request's own authority (the `Host` header), without its port. The default.
    case request
    /// `X-Forwarded-Host` when present (its first value), else the request's authority. Only
    /// behind a proxy that sets the header: a client's own `X-Forwarded-Host` is believed.
    case forwarded
  }

  /// Serves a route table's app-link files, and its web URLs to fallback pages, from Hummingbird.
  ///
  /// * `GET /.well-known/apple-app-site-association`: the file `export aasa` writes for the
  ///   request's host (when `appIDs` is not empty);
  /// * `GET /.well-known/assetlinks.json`: `assetLinks` (when given);
  ///
  /// both `200` with `Content-Type: application/json` and never a redirect, as Apple and Google
  /// require. A host that no route lets into the app gets `404` for the association file rather
  /// than a valid file that opens nothing, which Apple's CDN would cache. Each host's
  /// association file is built once per middleware and kept (for up to 256 hosts, so requests
  /// with made-up `Host` headers cannot grow the memory it holds). Any other request whose
  /// `https://HOST/path?query` a route of the table matches (and that route is not web-only)
  /// goes to `fallback`, when given: the page a link shows when the app is not installed.
  /// Everything else goes on to the next responder.
  ///
  /// Answers that depend on the host (the association file, its `404`, the fallback's page,
  /// and, with a fallback, a `404` passed on from the app's routes) carry `Vary: Host` (`Vary: Host, X-Forwarded-Host` with ``AppLinkHost/forwarded``), so a
  /// cache in front of the server keeps one per host.
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
    let associations = AssociationCache()

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
        let requestHost = host(of: request)
        let json = associations.json(for: requestHost) {
          let file = AppleAppSiteAssociation.export(
            table, appIDs: appIDs, host: requestHost, webOnly: webOnly
          ).file
          let letsIn = file.details.contains { $0.components.contains { !$0.exclude } }
          return letsIn ? file.json : nil
        }
        var response = json.map(Self.json) ?? Response(status: .notFound)
        addVary(to: &response)
        return response
      }
      if path == Self.assetLinksPath, let assetLinks {
        return Self.json(assetLinks)
      }
      guard let fallback else { return try await next(request, context) }
      if let host = host(of: request) {
        let url = "https://" + host + request.uri.description
        if let match = matcher.match(url), !webOnly.contains(match.route.name) {
          var response = try await fallback(request, match, context)
          addVary(to: &response)
          return response
        }
      }
      // A `404` passed on depends on the host too: on a host the fallback serves, the same
      // path may have had a page.
      do {
        var response = try await next(request, context)
        if response.status == .notFound { addVary(to: &response) }
        return response
      } catch var error as HTTPError where error.status == .notFound {
        addVary(to: &error.headers)
        throw error
      }
    }

    /// Adds the request headers the host is read from to `Vary`, unless the host is fixed.
    func addVary(to response: inout Response) { addVary(to: &response.headers) }

    /// Adds the request headers the host is read from to the `Vary` of `headers`, unless the
    /// host is fixed.
    func addVary(to headers: inout HTTPFields) {
      let fields: [String]
      switch host {
      case .fixed: return
      case .request: fields = ["Host"]
      case .forwarded: fields = ["Host", "X-Forwarded-Host"]
      }
      let present = Set(
        headers[values: .vary].flatMap { $0.split(separator: ",") }.map {
          $0.trimmingSpaces().lowercased()
        })
      let missing = fields.filter { !present.contains($0.lowercased()) }
      guard !missing.isEmpty else { return }
      headers.append(HTTPField(name: .vary, value: missing.joined(separator: ", ")))
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
          forwarded.map { ($0.split(separator: ",").first ?? "").trimmingSpaces() }
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
    /// Given `openInApp`, the page also offers the same link in the app's own scheme, built
    /// from the match's values with the table's URL builder (`https://example.com/user/42` →
    /// `myapp://user/42`), for a visitor who has the app but reached the page in a browser, where
    /// a universal link or App Link does not open it. A route that does not answer that scheme
    /// gets no such link.
    ///
    /// ```swift
    /// let fallback = AppLinksMiddleware<BasicRequestContext>.landingPage(
    ///   appName: "Example", appStore: "https://apps.apple.com/app/id123",
    ///   openInApp: (table: table, scheme: "myapp"))
    /// ```
    ///
    /// - Parameters:
    ///   - appName: The app's name, shown on the page.
    ///   - appStore: The app's App Store page.
    ///   - playStore: The app's Google Play page.
    ///   - openInApp: The table the middleware serves and the app's custom scheme.
    public static func landingPage(
      appName: String, appStore: String? = nil, playStore: String? = nil,
      openInApp: (table: RouteTable, scheme: String)? = nil
    ) -> Fallback {
      let builder = openInApp.map { (matcher: RouteMatcher($0.table), scheme: $0.scheme) }
      return { request, match, _ in
        let escape = MarkupEscaping.escape
        var links = ""
        if let builder,
          let link = appLink(for: match, matcher: builder.matcher, scheme: builder.scheme)
        {
          links += "<p><a href=\"\(escape(link))\">Open in \(escape(appName))</a></p>\n"
        }
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

    /// The matched route's URL in `scheme`, with the values the match captured, or `nil` when
    /// the route cannot be written in that scheme.
    static func appLink(for match: RouteMatch, matcher: RouteMatcher, scheme: String) -> String? {
      var values: [String: BuildValue] = [:]
      for (name, value) in match.parameters {
        switch value.kind {
        case .int: values[name] = value.intValue.map(BuildValue.int) ?? .string(value.text)
        case .double: values[name] = value.doubleValue.map(BuildValue.double) ?? .string(value.text)
        default: values[name] = .string(value.text)
        }
      }
      return try? matcher.url(for: match.route.name, values: values, scheme: scheme)
    }
  }

  extension StringProtocol {
    fileprivate func trimmingSpaces() -> String {
      String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
  }

  /// Each host's association file (or `nil`: the host is not served), built on first request.
  ///
  /// Kept in insertion order and bounded by ``capacity``: a host beyond it drops the oldest one.
  final class AssociationCache: Sendable {
    /// How many hosts are kept.
    static let capacity = 256

    private struct State {
      var files: [String?: String?] = [:]
      var order: [String?] = []
    }
    private let state = NIOLockedValueBox(State())

    /// The file for `host`, built by `build` when it is not kept yet.
    ///
    /// `build` runs outside the lock: two first requests for one host may both build it, and
    /// both get the same file.
    func json(for host: String?, build: () -> String?) -> String? {
      if let kept = state.withLockedValue({ $0.files[host] }) { return kept }
      let built = build()
      state.withLockedValue { state in
        guard state.files[host] == nil else { return }
        if state.order.count >= Self.capacity {
          state.files[state.order.removeFirst()] = nil
        }
        state.files[host] = .some(built)
        state.order.append(host)
      }
      return built
    }

    /// The hosts kept, oldest first.
    func keptHosts() -> [String?] {
      state.withLockedValue { $0.order }
    }
  }
#endif
