#if Links
  import HTTPTypes
  import Hummingbird
  import Switchyard
  import SwitchyardFiles

  /// `GET {prefix}{code}`: a short link, answered by the client's platform: a redirect, a
  /// crawler's preview, a phone's landing page. `HEAD` answers the same without counting a
  /// click or handing out an install token.
  struct ShortLinkController: Sendable {
    let service: LinksService

    func addRoutes(to routes: LinksRoutes<BasicRequestContext>) {
      // `**`: a code is one path component, but anything under the prefix is a short link
      // (a malformed one is the "Link not found" page, not the API's JSON 404).
      // The prefix alone (`/l/`) is a short link without a code: the same page. At `/`, a
      // short link is one segment; the service's own paths, literal, come first.
      let prefix = service.configuration.prefix
      let paths = prefix == "/" ? ["/:code"] : [prefix + "**", String(prefix.dropLast())]
      for path in paths {
        routes.on(path, .get) { request, _ in try await shortLink(request, isHead: false) }
        routes.on(path, .head) { request, _ in try await shortLink(request, isHead: true) }
      }
    }

    func shortLink(_ request: Request, isHead: Bool) async throws(LinksAnswer) -> Response {
      let configuration = service.configuration
      // At `/`, a reserved first segment (`/v1`) is not a short link: the API's JSON 404.
      guard
        configuration.prefix != "/"
          || LinksConfiguration.isShortLinkPath(request.uri.path, prefix: "/")
      else {
        throw LinksAnswer(.notFound, ErrorBody("no such path: \(request.uri.path)", field: "path"))
      }
      let code = request.uri.path.dropFirst(configuration.prefix.count)
      let userAgent = request.headers[.userAgent]
      let host = LinksService.requestAuthority(request)
      let record: LinkRecord
      switch await service.find(code) {
      case .failure(let missing):
        switch missing.status {
        case .gone:
          return LinksService.page(.gone, LinkPages.expired(), cache: "public, max-age=3600")
        case .notFound:
          return LinksService.page(.notFound, LinkPages.notFound(), cache: "public, max-age=60")
        case .internalServerError:
          throw LinksAnswer(
            .internalServerError,
            ErrorBody("the link \(code) cannot be read: its stored row is corrupt", field: "code"),
            cause: missing.cause)
        default:
          throw LinksAnswer(
            response: LinksService.page(
              .serviceUnavailable, LinkPages.notFound(), cache: "no-store"),
            cause: missing.cause)
        }
      case .success(let found): record = found
      }
      // A link that expires soon is cached no longer than it lives.
      let lifetime = record.expires.map { max(0, min(300, $0 - configuration.now())) } ?? 300
      let cache = "public, max-age=\(lifetime)"
      let client = LinkClient(userAgent: userAgent)
      if !isHead, let counter = service.counter {
        // In memory only: the counter writes its counts in batches, off this path. A
        // crawler's fetch is a preview, never a click.
        await counter.record(
          client == .previewCrawler ? .preview : .click, code: record.code, route: record.route,
          platform: ClickPlatform(client), day: StatsDay.day(ofSeconds: configuration.now()))
      }
      let targets = service.targets(record)
      switch client {
      case .other:
        // A desktop goes to the web page; a link with none gets a page saying to open it on
        // a phone, never a redirect to an app's scheme.
        guard let web = targets.web else {
          return LinksService.page(
            .ok,
            targets.app == nil
              ? LinkPages.unavailable()
              : LinkPages.openOnPhone(
                service.preview(record, host: host, targets: targets), stores: service.stores),
            cache: cache)
        }
        return LinksService.redirect(to: web, cache: cache)
      case .previewCrawler:
        return LinksService.page(
          .ok, LinkPages.preview(service.preview(record, host: host, targets: targets)),
          cache: cache)
      case .iOSBrowser, .androidBrowser:
        // A route the app does not open (web-only) goes to the web like a desktop: no app
        // button, no store, no install token.
        guard targets.app != nil else {
          guard let web = targets.web else {
            return LinksService.page(.ok, LinkPages.unavailable(), cache: cache)
          }
          return LinksService.redirect(to: web, cache: cache)
        }
        var stores = service.stores
        if let scheme = targets.appScheme { stores.appSchemes = [scheme] }
        let visitor = LinksService.Visitor(
          language: LandingTexts.language(acceptLanguage: request.headers[.acceptLanguage]),
          inApp: InAppBrowsers.app(userAgent: userAgent) != nil)
        let token = isHead ? nil : installToken(for: record, client: client)
        guard let token else {
          let page = LinkPages.landingPage(
            service.preview(record, host: host, targets: targets, client: client, visitor: visitor),
            for: client, stores: stores, acceptLanguage: visitor.language,
            inAppBrowser: visitor.inApp)
          return LinksService.page(
            .ok, page.html, cache: cache, policy: page.contentSecurityPolicy,
            vary: LinksService.landingVary)
        }
        // The page holds a token of this visit alone: no cache may keep it.
        let page = landingPage(
          record, targets: targets, for: client, host: host, stores: stores, visitor: visitor,
          installToken: token)
        return LinksService.page(
          .ok, page.html, cache: "private, no-store", policy: page.contentSecurityPolicy,
          vary: LinksService.landingVary)
      }
    }

    /// The landing page of `record` for `client` with `token`, as
    /// `LinkPages.landingPage(preview(record, host:, targets:), for:, stores:, installToken:)`
    /// renders it: rendered once per link, client and host with a placeholder where the token
    /// goes (a token is URL-safe base64, which neither HTML escaping nor the referrer's
    /// percent-encoding changes), then the token put in its places. Those three are all that
    /// changes the page: its targets (web page, app link and scheme, so "Open in the app", the
    /// store buttons and "Continue on the web"), its title and `stores` follow from the link
    /// and the service's configuration, which is fixed for the service's life.
    func landingPage(
      _ record: LinkRecord, targets: LinksService.Targets, for client: LinkClient, host: String,
      stores: StoreLinks, visitor: LinksService.Visitor = LinksService.Visitor(),
      installToken token: String
    ) -> LinkPage {
      let cache = service.cache
      // The link's value is part of the key: a link changed by `PATCH` gets its page anew.
      let key =
        record.code + "\u{0}" + (client == .iOSBrowser ? "i" : "a") + "\u{0}" + host + "\u{0}"
        + String(record.hashValue) + "\u{0}" + visitor.language
        + (visitor.inApp ? "\u{0}in-app" : "")
      if let kept = cache.page(key) {
        return LinkPage(
          html: kept.parts.joined(separator: token),
          contentSecurityPolicy: kept.contentSecurityPolicy)
      }
      let placeholder = cache.placeholder
      let page = LinkPages.landingPage(
        service.preview(record, host: host, targets: targets, client: client, visitor: visitor),
        for: client, stores: stores, installToken: placeholder,
        acceptLanguage: visitor.language, inAppBrowser: visitor.inApp)
      let parts = LinkCache.split(page.html, at: placeholder)
      cache.keep(
        page: LinkCache.KeptPage(parts: parts, contentSecurityPolicy: page.contentSecurityPolicy),
        for: key)
      return LinkPage(
        html: parts.joined(separator: token), contentSecurityPolicy: page.contentSecurityPolicy)
    }

    /// A new install token for this visit of `record`; `nil` when the platform's store is not
    /// configured. Nothing is written: the token carries its own proof (``InstallToken``).
    func installToken(for record: LinkRecord, client: LinkClient) -> String? {
      let stores = service.stores
      let storeConfigured =
        client == .iOSBrowser ? stores.appStoreURL != nil : stores.googlePlayURL != nil
      guard storeConfigured, let signer = service.signer else { return nil }
      let configuration = service.configuration
      var expires = configuration.now() + configuration.installTokenLifetime
      if let linkExpiry = record.expires { expires = min(expires, linkExpiry) }
      return signer.token(code: record.code, expires: expires)
    }
  }
#endif
