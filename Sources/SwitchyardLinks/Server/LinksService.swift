#if Links
  import HTTPTypes
  import Hummingbird
  import NIOCore
  import Switchyard
  import SwitchyardFiles

  /// What every controller of the link service shares: the configuration, the store, the
  /// minter, the click counter, the caches; and what more than one of them does (finding a
  /// link, its targets and preview, the token check, the answers' headers).
  ///
  /// ``buildApplication(_:store:counter:services:logger:onServerRunning:)`` makes one and hands
  /// it to each controller.
  ///
  /// ```swift
  /// let service = try LinksService(configuration: configuration, store: store)
  /// service.shortURL("spring", requestHost: "127.0.0.1")  // https://go.example.com/l/spring
  /// ```
  struct LinksService: Sendable {
    let configuration: LinksConfiguration
    let store: any LinkStore
    let minter: LinkMinter
    let stores: StoreLinks
    let titleTemplates: [String: TitleTemplate]
    let counter: ClickCounter?
    /// The recent `422`s of `POST /v1/links`, for the admin page.
    let refusedMints = RefusedMints()
    /// The admin's sign-in sessions (in memory).
    let adminSessions = AdminSessions()
    /// Signs and checks install tokens with the store's secret; `nil` when the store has none
    /// (under 16 bytes): then no token is handed out and none redeems.
    let signer: InstallTokenSigner?
    /// The links read lately, and their landing pages.
    let cache = LinkCache()
    /// The app's own schemes in the table, for in-app browsers on iOS.
    let appSchemes: [String]

    /// The shared state of the service's controllers, reading the routes' preview-title
    /// templates (metadata `previewTitle`).
    ///
    /// ```swift
    /// try LinksService(configuration: configuration, store: store, counter: counter)
    /// ```
    /// - Throws: ``TitleTemplateError`` naming the route when a template is malformed, names
    ///   no capture of its route, or sits under the key `title`.
    init(
      configuration: LinksConfiguration, store: any LinkStore, counter: ClickCounter? = nil
    ) throws(TitleTemplateError) {
      self.configuration = configuration
      self.store = store
      self.counter = counter
      self.signer =
        store.installTokenKey.count >= 16 ? InstallTokenSigner(key: store.installTokenKey) : nil
      self.minter = LinkMinter(table: configuration.table, hosts: configuration.hosts)
      self.stores = StoreLinks(
        appStoreID: configuration.appStoreID, androidPackage: configuration.androidPackage,
        app: configuration.app)
      self.appSchemes = minter.appSchemes
      self.titleTemplates = try TitleTemplate.templates(of: configuration.table)
    }

    /// The request's host without its port, lowercased (``authority(of:)``).
    static func requestHost(_ request: Request) -> String {
      authority(of: request.head.authority ?? "").host
    }

    /// The request's host and port as a link names them (`127.0.0.1:8080`, ``authority(of:)``):
    /// the short links of `--trust-host-header` are on it, so that a trial on a port other than
    /// 80 gets links that open.
    static func requestAuthority(_ request: Request) -> String {
      let (host, port) = authority(of: request.head.authority ?? "")
      return port.map { host + ":" + $0 } ?? host
    }

    /// The host (lowercased) and port of a `Host` header. Only a host of letters, digits, `-`,
    /// `_` and `.`, or a bracketed IPv6 address, with a port of one to five digits, is read as
    /// given; anything else is `localhost` without a port, so a made-up header can put no
    /// other text into a link or a page.
    ///
    /// ```swift
    /// LinksService.authority(of: "127.0.0.1:8080")  // ("127.0.0.1", "8080")
    /// LinksService.authority(of: "[::1]:8080")      // ("[::1]", "8080")
    /// LinksService.authority(of: "evil.com/x")      // ("localhost", nil)
    /// ```
    static func authority(of header: String) -> (host: String, port: String?) {
      let text = header.lowercased()
      var host = Substring(text)
      var port: Substring? = nil
      if text.hasPrefix("[") {
        guard let close = text.firstIndex(of: "]") else { return ("localhost", nil) }
        host = text[...close]
        let rest = text[text.index(after: close)...]
        if !rest.isEmpty {
          guard rest.first == ":" else { return ("localhost", nil) }
          port = rest.dropFirst()
        }
        let inside = host.dropFirst().dropLast()
        guard !inside.isEmpty,
          inside.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") })
        else { return ("localhost", nil) }
      } else {
        if let colon = text.firstIndex(of: ":") {
          host = text[..<colon]
          port = text[text.index(after: colon)...]
        }
        guard !host.isEmpty,
          host.allSatisfy({
            ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "_" || $0 == "."
          })
        else { return ("localhost", nil) }
      }
      if let digits = port {
        guard (1...5).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return ("localhost", nil) }
      }
      return (String(host), port.map(String.init))
    }

    // MARK: Links

    /// Why there is no link to answer with: its status, and for a store that failed, why.
    struct Missing: Error {
      var status: HTTPResponse.Status
      var cause: (any Error)? = nil
    }

    /// The link with `code`, or the status that says why there is none: `404`, `410`, `503`
    /// (the store is unreachable) or `500` (its row is corrupt).
    func find(_ code: Substring) async -> Result<LinkRecord, Missing> {
      guard LinkCode.isValid(code) else { return .failure(Missing(status: .notFound)) }
      let code = String(code)
      let now = configuration.now()
      var record = cache.record(code, at: now)
      if record == nil {
        do {
          record = try await store.link(code: code)
        } catch let error as CorruptLinkError {
          return .failure(Missing(status: .internalServerError, cause: error))
        } catch {
          return .failure(Missing(status: .serviceUnavailable, cause: error))
        }
        if let record { cache.keep(record, at: now) }
      }
      guard let record else { return .failure(Missing(status: .notFound)) }
      if record.isExpired(at: now) { return .failure(Missing(status: .gone)) }
      return .success(record)
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

    /// What of a phone's visit changes its landing page besides the link, the platform and
    /// the host: the language of its fixed texts and whether an app's browser shows it.
    struct Visitor: Hashable {
      var language = LandingTexts.all[0].language
      var inApp = false
    }

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

    /// The short link of `code`: on the first `--host` over `https`, else on the request's
    /// host and port over `http` (`--trust-host-header`; `requestHost` is then
    /// ``requestAuthority(_:)``).
    ///
    /// ```swift
    /// service.shortURL("spring", requestHost: "127.0.0.1:8080")  // https://go.example.com/l/spring
    /// ```
    func shortURL(_ code: String, requestHost: String) -> String {
      if let host = configuration.hosts.first {
        return "https://" + host + configuration.prefix + code
      }
      return "http://" + requestHost + configuration.prefix + code
    }

    // MARK: Tokens and bodies

    /// Throws the answer refusing the request unless it carries the configured token: `403`
    /// when none is configured, `401` (with `WWW-Authenticate: Bearer`) when it is missing or
    /// wrong.
    func authorize(_ request: Request, what: String) throws(LinksAnswer) {
      guard let token = configuration.token else {
        throw LinksAnswer(
          .forbidden,
          ErrorBody(
            "\(what) is off: the server was started without --token-file",
            field: "Authorization"))
      }
      guard let given = Self.bearer(request.headers[.authorization]),
        Self.constantTimeEqual(given, token)
      else {
        var answer = LinksAnswer(
          .unauthorized,
          ErrorBody(
            "missing or wrong token: send Authorization: Bearer TOKEN", field: "Authorization"))
        answer.response.headers[.wwwAuthenticate] = "Bearer"
        throw answer
      }
    }

    /// The body, up to 64 KiB (a longer one is refused with `413`).
    static func readBody(_ request: Request) async throws(LinkMintingError) -> [UInt8] {
      let limit = LinkMintRequest.maximumBodySize
      let tooLarge = LinkMintingError(status: 413, message: "the body is over \(limit) bytes")
      if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
        throw tooLarge
      }
      var bytes: [UInt8] = []
      do {
        for try await buffer in request.body {
          bytes += buffer.readableBytesView
          if bytes.count > limit { throw tooLarge }
        }
      } catch let error as LinkMintingError {
        throw error
      } catch {
        throw LinkMintingError(status: 400, message: "the body could not be read")
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

    // MARK: Answers

    static func redirect(to url: String, cache: String) -> Response {
      var response = Response(status: .found)
      response.headers[.location] = url
      response.headers[.cacheControl] = cache
      response.headers[.vary] = "User-Agent"
      return response
    }

    /// A JSON document the service already has as text (the link files, the OpenAPI
    /// document), with the headers of every JSON answer.
    static func json(_ status: HTTPResponse.Status, text: String) -> Response {
      Response(
        status: status, headers: LinksAnswer.jsonHeaders,
        body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// The `Vary` of a landing page: its texts follow `Accept-Language`.
    static var landingVary: String { "User-Agent, Accept-Language" }

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
