#if Links
  public import HTTPTypes
  public import Hummingbird
  import NIOCore
  import Switchyard
  import SwitchyardFiles

  /// The link service's HTTP API as a Hummingbird middleware: short links, minting, install
  /// tokens, statistics, the link files, `/healthz` and the OpenAPI document. Requests it does
  /// not know go on to `next`.
  ///
  /// With a ``ClickCounter``, each short-link visit is counted (in memory; the counter writes
  /// the counts in batches); run the counter as a service next to the application.
  ///
  /// ```swift
  /// let store = try await SQLiteLinkStore.open(path: "links.sqlite")
  /// let counter = ClickCounter(store: store)
  /// let router = Router()
  /// router.add(
  ///   middleware: LinksMiddleware(configuration: configuration, store: store, counter: counter))
  /// let app = Application(router: router)
  /// ```
  public struct LinksMiddleware<Context: RequestContext>: RouterMiddleware {
    let configuration: LinksConfiguration
    let store: any LinkStore
    let minter: LinkMinter
    /// The association file per `--host` (and for any other host, under `""`).
    let associations: [String: String]
    let assetLinks: String?
    let stores: StoreLinks
    let titleTemplates: [String: TitleTemplate]
    let counter: ClickCounter?
    /// The recent `422`s of `POST /v1/links`, for the admin page.
    let refusedMints = RefusedMints()
    /// Signs and checks install tokens with the store's secret; `nil` when the store has none
    /// (under 16 bytes): then no token is handed out and none redeems.
    let signer: InstallTokenSigner?
    /// The links read lately (links never change once minted).
    let cache = LinkCache()
    /// The app's own schemes in the table, for in-app browsers on iOS.
    let appSchemes: [String]

    /// Creates the middleware, reading the routes' preview-title templates (metadata
    /// `previewTitle`).
    ///
    /// ```swift
    /// try LinksMiddleware<BasicRequestContext>(configuration: configuration, store: store)
    /// ```
    /// - Throws: ``TitleTemplateError`` naming the route when a template is malformed, names
    ///   no capture of its route, or sits under the key `title`.
    public init(
      configuration: LinksConfiguration, store: any LinkStore, counter: ClickCounter? = nil
    ) throws(TitleTemplateError) {
      self.counter = counter
      self.configuration = configuration
      self.store = store
      self.signer =
        store.installTokenKey.count >= 16 ? InstallTokenSigner(key: store.installTokenKey) : nil
      self.minter = LinkMinter(table: configuration.table, hosts: configuration.hosts)
      var associations: [String: String] = [:]
      if !configuration.appIDs.isEmpty {
        for host in [""] + configuration.hosts.map({ $0.lowercased() }) {
          var file = AppleAppSiteAssociation.export(
            configuration.table, appIDs: configuration.appIDs, host: host.isEmpty ? nil : host,
            webOnly: configuration.webOnly
          ).file
          // The short links open the app too: their prefix comes first, so that no web-only
          // exclusion of the table can shadow it.
          var shortLinks = [
            AppleAppSiteAssociation.Component(
              path: configuration.prefix + "*", comment: "short links")
          ]
          // At `/`, the service's own paths come first, excluded: they never open the app.
          if configuration.prefix == "/" {
            shortLinks.insert(
              contentsOf: LinksConfiguration.reservedCodes.sorted().flatMap { code in
                ["/" + code, "/" + code + "/*"].map {
                  AppleAppSiteAssociation.Component(
                    path: $0, exclude: true, comment: "the service's own path")
                }
              }, at: 0)
          }
          if file.details.isEmpty {
            file.details = [.init(appIDs: configuration.appIDs, components: shortLinks)]
          } else {
            file.details[0].components.insert(contentsOf: shortLinks, at: 0)
          }
          associations[host] = file.json
        }
      }
      self.associations = associations
      self.assetLinks = configuration.androidPackage.map {
        AssetLinks.export(
          configuration.table, packageName: $0, fingerprints: configuration.fingerprints,
          webOnly: configuration.webOnly
        ).file.json
      }
      self.stores = StoreLinks(
        appStoreID: configuration.appStoreID, androidPackage: configuration.androidPackage,
        app: configuration.app)
      self.appSchemes = minter.appSchemes
      self.titleTemplates = try TitleTemplate.templates(of: configuration.table)
    }

    public func handle(
      _ request: Request, context: Context,
      next: (Request, Context) async throws -> Response
    ) async throws -> Response {
      let path = request.uri.path
      let isGet = request.method == .get || request.method == .head
      if let allowed = Self.allowedMethods(path, prefix: configuration.prefix),
        !allowed.contains(request.method)
      {
        return Self.methodNotAllowed(path, allowed: allowed)
      }
      if LinksConfiguration.isShortLinkPath(path, prefix: configuration.prefix) {
        return await shortLink(
          code: path.dropFirst(configuration.prefix.count),
          userAgent: request.headers[.userAgent], host: requestHost(request),
          isHead: request.method == .head, acceptLanguage: request.headers[.acceptLanguage])
      }
      switch path {
      case "/healthz":
        guard await store.isReachable() else {
          return Self.json(.serviceUnavailable, #"{"error":"the store is unreachable"}"#)
        }
        do {
          try await store.checkWritable()
        } catch {
          return Self.json(
            .serviceUnavailable,
            "{\"error\":" + JSONEscaping.quote("the store takes no writes: \(error)") + "}")
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(
          status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: "ok\n")))
      case "/v1/links":
        return await mint(request)
      case "/v1/redeem":
        return await redeem(request)
      case "/v1/stats":
        return await stats(request)
      case "/admin":
        return await admin(request)
      case "/v1/openapi.json":
        return Self.json(.ok, LinksOpenAPI.document)
      case "/.well-known/apple-app-site-association":
        let host = requestHost(request)
        guard let json = associations[host] ?? associations[""] else {
          return Self.json(.notFound, #"{"error":"no --app-id is configured"}"#)
        }
        return Self.json(.ok, json)
      case "/.well-known/assetlinks.json":
        guard let assetLinks else {
          return Self.json(.notFound, #"{"error":"no --package is configured"}"#)
        }
        return Self.json(.ok, assetLinks)
      default:
        if path.hasPrefix("/v1/links/"), isGet {
          return await linkInfo(
            code: path.dropFirst("/v1/links/".count),
            userAgent: request.method == .head ? nil : request.headers[.userAgent] ?? "")
        }
        do {
          return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
          // Nothing further on answers this request: say so in JSON, as every error here.
          return Self.noSuchResource(request)
        }
      }
    }

    /// The methods the service answers on each of its paths: those it reads (`GET`, `HEAD`)
    /// and those that write (`POST`). `nil`: not one of its paths.
    static func allowedMethods(_ path: String, prefix: String) -> [HTTPRequest.Method]? {
      if LinksConfiguration.isShortLinkPath(path, prefix: prefix) || path.hasPrefix("/v1/links/") {
        return [.get, .head]
      }
      switch path {
      case "/v1/links", "/v1/redeem": return [.post]
      case "/healthz", "/v1/stats", "/admin", "/v1/openapi.json",
        "/.well-known/apple-app-site-association", "/.well-known/assetlinks.json":
        return [.get, .head]
      default: return nil
      }
    }

    /// `405` with `Allow` (RFC 9110 §15.5.6), saying which methods `path` takes.
    static func methodNotAllowed(_ path: String, allowed: [HTTPRequest.Method]) -> Response {
      let names = allowed.map(\.rawValue)
      let list =
        names.count == 1
        ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
      var response = json(
        .methodNotAllowed,
        "{\"error\":" + JSONEscaping.quote("\(path) takes \(list)") + ",\"field\":\"method\"}")
      response.headers[.allow] = names.joined(separator: ", ")
      return response
    }

    /// The methods the service answers anywhere; any other is `501` (RFC 9110 §15.6.2).
    static var implementedMethods: Set<HTTPRequest.Method> { [.get, .head, .post] }

    /// The JSON answer to a request no path of the service (nor anything after it) takes:
    /// `501` for a method the service implements nowhere (`TRACE`, `PUT`, …), else `404`.
    static func noSuchResource(_ request: Request) -> Response {
      guard implementedMethods.contains(request.method) else {
        var response = json(
          .notImplemented,
          "{\"error\":"
            + JSONEscaping.quote(
              "the method \(request.method.rawValue) is not implemented: the service answers GET, HEAD and POST"
            ) + ",\"field\":\"method\"}")
        response.headers[.allow] = "GET, HEAD, POST"
        return response
      }
      return json(
        .notFound,
        "{\"error\":" + JSONEscaping.quote("no such path: \(request.uri.path)")
          + ",\"field\":\"path\"}")
    }

    /// The request's host without its port, lowercased.
    func requestHost(_ request: Request) -> String {
      let authority = request.head.authority ?? ""
      let host = authority.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
      return host.lowercased()
    }

    // MARK: Short links

    func shortLink(
      code: Substring, userAgent: String?, host: String, isHead: Bool,
      acceptLanguage: String? = nil
    ) async -> Response {
      let record: LinkRecord
      switch await find(code) {
      case .failure(let missing):
        let status = missing.status
        return status == .gone
          ? Self.page(.gone, LinkPages.expired(), cache: "public, max-age=3600")
          : status == .notFound
            ? Self.page(.notFound, LinkPages.notFound(), cache: "public, max-age=60")
            : Self.page(.serviceUnavailable, LinkPages.notFound(), cache: "no-store")
      case .success(let found): record = found
      }
      // A link that expires soon is cached no longer than it lives.
      let lifetime = record.expires.map { max(0, min(300, $0 - configuration.now())) } ?? 300
      let cache = "public, max-age=\(lifetime)"
      let client = LinkClient(userAgent: userAgent)
      if !isHead, let counter {
        // In memory only: the counter writes its counts in batches, off this path. A
        // crawler's fetch is a preview, never a click.
        await counter.record(
          client == .previewCrawler ? .preview : .click, code: record.code, route: record.route,
          platform: ClickPlatform(client), day: StatsDay.day(ofSeconds: configuration.now()))
      }
      let targets = targets(record)
      switch client {
      case .other:
        // A desktop goes to the web page; a link with none gets a page saying to open it on
        // a phone, never a redirect to an app's scheme.
        guard let web = targets.web else {
          return Self.page(
            .ok,
            targets.app == nil
              ? LinkPages.unavailable()
              : LinkPages.openOnPhone(
                preview(record, host: host, targets: targets), stores: stores),
            cache: cache)
        }
        return Self.redirect(to: web, cache: cache)
      case .previewCrawler:
        return Self.page(
          .ok, LinkPages.preview(preview(record, host: host, targets: targets)), cache: cache)
      case .iOSBrowser, .androidBrowser:
        // A route the app does not open (web-only) goes to the web like a desktop: no app
        // button, no store, no install token.
        guard targets.app != nil else {
          guard let web = targets.web else {
            return Self.page(.ok, LinkPages.unavailable(), cache: cache)
          }
          return Self.redirect(to: web, cache: cache)
        }
        var stores = self.stores
        if let scheme = targets.appScheme { stores.appSchemes = [scheme] }
        let visitor = Visitor(
          language: LandingTexts.language(acceptLanguage: acceptLanguage),
          inApp: InAppBrowsers.app(userAgent: userAgent) != nil)
        let token = isHead ? nil : installToken(for: record, client: client)
        guard let token else {
          return Self.page(
            .ok,
            LinkPages.landing(
              preview(record, host: host, targets: targets, client: client, visitor: visitor),
              for: client, stores: stores, acceptLanguage: visitor.language,
              inAppBrowser: visitor.inApp),
            cache: cache,
            policy: LinkPages.landingContentSecurityPolicy(stores: stores, installScript: false),
            vary: Self.landingVary)
        }
        // The page holds a token of this visit alone: no cache may keep it.
        let html = landingPage(
          record, targets: targets, for: client, host: host, stores: stores, visitor: visitor,
          installToken: token)
        return Self.page(
          .ok, html, cache: "private, no-store",
          // The iOS page with a token and the App Store button has the "Get the app" script
          // (known without reading the page back).
          policy: LinkPages.landingContentSecurityPolicy(
            stores: stores, installScript: client == .iOSBrowser && stores.appStoreURL != nil),
          vary: Self.landingVary)
      }
    }

    /// Where a link's answers lead: the web page (for desktops, crawlers' cards and "Continue
    /// on the web") and the app's link ("Open in the app").
    struct Targets {
      /// An `http(s)` URL of a route of the table, on a host it names; `nil`: the route has
      /// no web URL.
      var web: String?
      /// The long URL when the app opens the route; `nil` for a web-only route.
      var app: String?
      /// The scheme of ``app`` when it is an app's own (not `http(s)`).
      var appScheme: String? = nil
    }

    /// The link's targets, each passing the minter's check again as it is sent: the stored
    /// long URL when it does (a link stored by an older release might not), else the route's
    /// web URL built from the link's values. An app's URL gets the route's web URL as its web
    /// page, built on the first `--host` the route answers, else on the route's own host.
    func targets(_ record: LinkRecord) -> Targets {
      let appOpens = !configuration.webOnly.contains(record.route)
      guard let checked = minter.sendable(record.url) else {
        return Targets(web: minter.webURL(route: record.route, values: record.values), app: nil)
      }
      if checked.isWeb {
        return Targets(web: record.url, app: appOpens ? record.url : nil)
      }
      return Targets(
        web: minter.webURL(route: record.route, values: record.values),
        app: appOpens ? record.url : nil, appScheme: appOpens ? checked.scheme : nil)
    }

    static func redirect(to url: String, cache: String) -> Response {
      var response = Response(status: .found)
      response.headers[.location] = url
      response.headers[.cacheControl] = cache
      response.headers[.vary] = "User-Agent"
      return response
    }

    /// The landing page of `record` for `client` with `token`, as
    /// `LinkPages.landing(preview(record, host:, targets:), for:, stores:, installToken:)`
    /// renders it: rendered once per link, client and host with a placeholder where the token
    /// goes (a token is URL-safe base64, which neither HTML escaping nor the referrer's
    /// percent-encoding changes), then the token put in its places. Those three are all that
    /// changes the page: a link never changes once minted, and its targets (web page, app link
    /// and scheme, so "Open in the app", the store buttons and "Continue on the web"), its
    /// title and `stores` follow from the link and the service's configuration, which is
    /// fixed for the middleware's life.
    func landingPage(
      _ record: LinkRecord, targets: Targets, for client: LinkClient, host: String,
      stores: StoreLinks, visitor: Visitor = Visitor(), installToken token: String
    ) -> String {
      let key =
        record.code + "\u{0}" + (client == .iOSBrowser ? "i" : "a") + "\u{0}" + host + "\u{0}"
        + visitor.language + (visitor.inApp ? "\u{0}in-app" : "")
      if let parts = cache.page(key) { return parts.joined(separator: token) }
      let placeholder = cache.placeholder
      let html = LinkPages.landing(
        preview(record, host: host, targets: targets, client: client, visitor: visitor),
        for: client, stores: stores, installToken: placeholder,
        acceptLanguage: visitor.language, inAppBrowser: visitor.inApp)
      let parts = LinkCache.split(html, at: placeholder)
      cache.keep(page: parts, for: key)
      return parts.joined(separator: token)
    }

    /// A new install token for this visit of `record`; `nil` when the platform's store is not
    /// configured. Nothing is written: the token carries its own proof (``InstallToken``).
    func installToken(for record: LinkRecord, client: LinkClient) -> String? {
      let storeConfigured =
        client == .iOSBrowser ? stores.appStoreURL != nil : stores.googlePlayURL != nil
      guard storeConfigured, let signer else { return nil }
      var expires = configuration.now() + configuration.installTokenLifetime
      if let linkExpiry = record.expires { expires = min(expires, linkExpiry) }
      return signer.token(code: record.code, expires: expires)
    }

    /// What of a phone's visit changes its landing page besides the link, the platform and
    /// the host: the language of its fixed texts and whether an app's browser shows it.
    struct Visitor: Hashable {
      var language = LandingTexts.all[0].language
      var inApp = false
    }

    /// The `Vary` of a landing page: its texts follow `Accept-Language`.
    static var landingVary: String { "User-Agent, Accept-Language" }

    /// ``preview(_:host:targets:)`` with, for an in-app browser on iOS, the link in the app's
    /// own scheme when the long URL is a web one and the table has such a scheme for its route.
    func preview(
      _ record: LinkRecord, host: String, targets: Targets, client: LinkClient, visitor: Visitor
    ) -> LinkPreview {
      var shown = preview(record, host: host, targets: targets)
      if visitor.inApp, client == .iOSBrowser, targets.appScheme == nil {
        shown.appSchemeURL = minter.appSchemeURL(
          route: record.route, values: record.values, schemes: appSchemes)
      }
      return shown
    }

    func preview(_ record: LinkRecord, host: String, targets: Targets) -> LinkPreview {
      var values: [String: String] = [:]
      for value in record.values where values[value.name] == nil {
        values[value.name] = value.value
      }
      let title =
        record.title ?? titleTemplates[record.route]?.render(values)
        ?? defaultTitle(targets, requestHost: host)
      return LinkPreview(
        title: title, description: record.description, imageURL: record.image,
        shortLink: shortURL(record.code, requestHost: host),
        longURL: targets.app ?? targets.web ?? "", webURL: targets.web)
    }

    /// The title of a link with neither a title of its own nor a route template: the
    /// `--site-name`, else the host and path of the web URL the link is sent to
    /// (`shop.example.com/product/42`; the checked target, never the stored text as it is),
    /// else the short link's host. Never the route's name, which is the table's and no reader's.
    func defaultTitle(_ targets: Targets, requestHost: String) -> String {
      if let siteName = configuration.siteName { return siteName }
      guard targets.appScheme == nil, let url = targets.web else {
        return configuration.hosts.first ?? requestHost
      }
      for scheme in ["https://", "http://"]
      where url.utf8.count > scheme.utf8.count
        && url.prefix(scheme.count).lowercased() == scheme
      {
        var rest = url.dropFirst(scheme.count)
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        while rest.hasSuffix("/") { rest = rest.dropLast() }
        if !rest.isEmpty { return String(rest) }
      }
      return configuration.hosts.first ?? requestHost
    }

    func shortURL(_ code: String, requestHost: String) -> String {
      if let host = configuration.hosts.first {
        return "https://" + host + configuration.prefix + code
      }
      return "http://" + requestHost + configuration.prefix + code
    }

    /// Why there is no link to answer with: its status.
    struct Missing: Error {
      var status: HTTPResponse.Status
    }

    /// The link with `code`, or the status that says why there is none.
    func find(_ code: Substring) async -> Result<LinkRecord, Missing> {
      guard LinkCode.isValid(code) else { return .failure(Missing(status: .notFound)) }
      let code = String(code)
      var record = cache.record(code)
      if record == nil {
        do {
          record = try await store.link(code: code)
        } catch {
          return .failure(Missing(status: .serviceUnavailable))
        }
        if let record { cache.keep(record) }
      }
      guard let record else { return .failure(Missing(status: .notFound)) }
      if record.isExpired(at: configuration.now()) { return .failure(Missing(status: .gone)) }
      return .success(record)
    }

    // MARK: The JSON API

    /// `GET /v1/links/CODE`: the link, for the app a short link opened, which counts it as an
    /// app open (unless `userAgent` is `nil`: a `HEAD`).
    func linkInfo(code: Substring, userAgent: String?) async -> Response {
      switch await find(code) {
      case .failure(let missing):
        let status = missing.status
        let message =
          switch status {
          case .gone: "the link \(code) has expired"
          case .notFound: "no link has the code \(code)"
          default: "the store is unreachable"
          }
        return Self.json(
          status, "{\"error\":" + JSONEscaping.quote(message) + ",\"field\":\"code\"}")
      case .success(let record):
        if let userAgent, let counter {
          await counter.record(
            .appOpen, code: record.code, route: record.route,
            platform: ClickPlatform(appUserAgent: userAgent),
            day: StatsDay.day(ofSeconds: configuration.now()))
        }
        return Self.json(
          .ok,
          "{\"code\":" + JSONEscaping.quote(record.code) + ",\"url\":"
            + JSONEscaping.quote(record.url) + ",\"route\":" + JSONEscaping.quote(record.route)
            + ",\"values\":" + Self.valuesJSON(record.values) + "}")
      }
    }

    static func valuesJSON(_ values: [LinkValue]) -> String {
      var seen = Set<String>()
      var members: [String] = []
      for value in values where seen.insert(value.name).inserted {
        members.append(JSONEscaping.quote(value.name) + ":" + JSONEscaping.quote(value.value))
      }
      return "{" + members.joined(separator: ",") + "}"
    }

    /// `nil` when the request carries the configured token, else the answer refusing it.
    func refusal(_ request: Request, what: String) -> Response? {
      guard let token = configuration.token else {
        return Self.json(
          .forbidden,
          "{\"error\":"
            + JSONEscaping.quote(
              "\(what) is off: the server was started without --token-file")
            + ",\"field\":\"Authorization\"}")
      }
      guard let given = Self.bearer(request.headers[.authorization]),
        Self.constantTimeEqual(given, token)
      else {
        var response = Self.json(
          .unauthorized,
          #"{"error":"missing or wrong token: send Authorization: Bearer TOKEN","field":"Authorization"}"#
        )
        response.headers[.wwwAuthenticate] = "Bearer"
        return response
      }
      return nil
    }

    func mint(_ request: Request) async -> Response {
      if let refusal = refusal(request, what: "minting") { return refusal }
      do {
        let body = try await Self.readBody(request)
        let mint = try LinkMintRequest(json: body, now: configuration.now())
        if let code = mint.code,
          let reason = LinksConfiguration.reservation(of: code, prefix: configuration.prefix)
        {
          throw LinkMintingError(status: 400, message: reason, field: "code")
        }
        let resolved = try minter.resolve(mint.target)
        let now = configuration.now()
        var record = LinkRecord(
          code: mint.code ?? "", url: resolved.url, route: resolved.route, values: [],
          title: mint.title, description: mint.description, image: mint.image,
          expires: mint.expires, created: now)
        record.values = resolved.values
        if mint.code != nil {
          guard try await store.insert(record) else {
            throw LinkMintingError(
              status: 409, message: "the code \(record.code) is taken", field: "code")
          }
        } else {
          // A taken code (about one chance in 200 million per million links) draws again.
          var inserted = false
          for _ in 0..<8 {
            record.code = configuration.newCode()
            if try await store.insert(record) {
              inserted = true
              break
            }
          }
          guard inserted else {
            return Self.json(
              .serviceUnavailable, #"{"error":"no free code was found; try again"}"#)
          }
        }
        var response = Self.json(
          .created,
          "{\"code\":" + JSONEscaping.quote(record.code) + ",\"link\":"
            + JSONEscaping.quote(shortURL(record.code, requestHost: requestHost(request)))
            + ",\"url\":" + JSONEscaping.quote(record.url) + ",\"route\":"
            + JSONEscaping.quote(record.route) + ",\"values\":"
            + Self.valuesJSON(record.values) + "}")
        response.headers[.location] = "/v1/links/" + record.code
        return response
      } catch let error as LinkMintingError {
        if error.status == 422 { await refusedMints.record(error.message, at: configuration.now()) }
        return Self.json(HTTPResponse.Status(code: error.status), error.json)
      } catch {
        return Self.json(
          .serviceUnavailable,
          "{\"error\":" + JSONEscaping.quote("the store failed: \(error)") + "}")
      }
    }

    /// The body, up to 64 KiB and one byte (which makes it too large).
    static func readBody(_ request: Request) async throws -> [UInt8] {
      let limit = LinkMintRequest.maximumBodySize
      if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
        throw LinkMintingError(status: 413, message: "the body is over \(limit) bytes")
      }
      var bytes: [UInt8] = []
      for try await buffer in request.body {
        bytes += buffer.readableBytesView
        if bytes.count > limit {
          throw LinkMintingError(status: 413, message: "the body is over \(limit) bytes")
        }
      }
      return bytes
    }

    /// The token of `Bearer TOKEN`.
    static func bearer(_ header: String?) -> String? {
      guard let header else { return nil }
      let parts = header.split(separator: " ", maxSplits: 1)
      guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
      return String(parts[1])
    }

    /// Compares every byte whatever the first difference, so the time taken tells nothing
    /// about how much of a guess was right.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
      let x = Array(a.utf8)
      let y = Array(b.utf8)
      var difference = UInt8(x.count == y.count ? 0 : 1)
      for index in 0..<max(x.count, y.count) {
        let p = index < x.count ? x[index] : 0
        let q = index < y.count ? y[index] : 0
        difference |= p ^ q
      }
      return difference == 0
    }

    static func json(_ status: HTTPResponse.Status, _ body: String) -> Response {
      var headers = HTTPFields()
      headers[.contentType] = "application/json"
      headers[.cacheControl] = "no-store"
      return Response(
        status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    static func page(
      _ status: HTTPResponse.Status, _ html: String, cache: String,
      policy: String = LinkPages.contentSecurityPolicy, vary: String = "User-Agent"
    ) -> Response {
      var headers = HTTPFields()
      headers[.contentType] = "text/html; charset=utf-8"
      headers[.contentSecurityPolicy] = policy
      headers[.cacheControl] = cache
      headers[.vary] = vary
      if let nosniff = HTTPField.Name("X-Content-Type-Options") { headers[nosniff] = "nosniff" }
      return Response(
        status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }
  }
#endif
