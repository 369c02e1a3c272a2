#if Links
  import HTTPTypes
  import Hummingbird
  import NIOCore

  /// The admin a person opens in a browser: `GET /admin` (the sign-in form without a session,
  /// the stats page with one or with the bearer token), `POST /admin/session` (the token
  /// exchanged for a session cookie) and `POST /admin/sign-out`.
  ///
  /// The cookie is `HttpOnly; Secure; SameSite=Strict; Path=/admin`; every form posted in a
  /// session carries the session's CSRF token, and a request whose `Origin` is another site's
  /// is refused.
  struct AdminController: Sendable {
    let service: LinksService
    let stats: StatsController
    let manage: ManageLinksController

    /// The session cookie's name.
    static let cookie = "switchyard_admin"

    func addRoutes(to routes: LinksRoutes<BasicRequestContext>) {
      routes.on("/admin", .get, .head) { request, _ in try await admin(request) }
      routes.on("/admin/links/:code", .get, .head) { request, context in
        try await link(request, code: context.parameters.get("code") ?? "")
      }
      routes.on("/admin/links/:code", .post) { request, context in
        try await edit(request, code: context.parameters.get("code") ?? "")
      }
      routes.on("/admin/links/:code/delete", .post) { request, context in
        try await delete(request, code: context.parameters.get("code") ?? "")
      }
      routes.on("/admin/session", .post) { request, _ in try await signIn(request) }
      routes.on("/admin/sign-out", .post) { request, _ in try await signOut(request) }
    }

    /// The token is set: the admin is off otherwise (`403`, as for the API).
    func token() throws(LinksAnswer) -> String {
      guard let token = service.configuration.token else {
        throw LinksAnswer(
          .forbidden,
          ErrorBody(
            "the admin page is off: the server was started without --token-file",
            field: "Authorization"))
      }
      return token
    }

    /// The request's session, when its cookie names one that has not expired.
    func session(_ request: Request) async -> AdminSessions.Session? {
      await service.adminSessions.find(
        request.cookies[Self.cookie]?.value, now: service.configuration.now())
    }

    /// Who is looking: `nil` when neither the bearer token nor a session is given (then the
    /// sign-in form), else the session's CSRF token (none for the bearer token). A wrong
    /// bearer token is a JSON `401`, as for the API.
    func viewer(_ request: Request) async throws(LinksAnswer) -> String?? {
      _ = try token()
      if request.headers[.authorization] != nil {
        try service.authorize(request, what: "the admin page")
        return .some(nil)
      }
      guard let session = await session(request) else { return nil }
      return .some(session.csrf)
    }

    /// How many links a page of the list shows.
    static let pageSize = 50

    /// `GET /admin?after=CODE`: with `Authorization`, the bearer token decides (scripts); else
    /// with a session, the page: the counts and a page of the links (those after `after`);
    /// else the sign-in form.
    func admin(_ request: Request) async throws(LinksAnswer) -> Response {
      guard let viewer = try await viewer(request) else {
        return Self.page(.ok, AdminPage.signIn())
      }
      let after = request.uri.queryParameters.get("after")
      if let after, !LinkCode.isValid(Substring(after)) {
        throw LinksAnswer(
          .badRequest,
          ErrorBody(
            "after must be a link's code (1 to 64 of A-Z a-z 0-9 _ -), not \(after)",
            field: "after"))
      }
      let links: [LinkRecord]
      do {
        links = try await service.store.links(
          after: after, limit: Self.pageSize + 1, route: nil, codePrefix: nil)
      } catch {
        throw LinksAnswer(
          .serviceUnavailable, ErrorBody("the store failed: \(error)"), cause: error)
      }
      let shown = Array(links.prefix(Self.pageSize))
      let next = links.count > Self.pageSize ? shown.last?.code : nil
      return try await stats.admin(
        csrf: viewer, list: AdminPage.LinkList(links: shown, next: next))
    }

    /// `GET /admin/links/CODE`: the link and its last 30 days' clicks, previews, app opens and
    /// installs per day; a JSON `404` when no link has the code.
    func link(_ request: Request, code: String) async throws(LinksAnswer) -> Response {
      guard let viewer = try await viewer(request) else {
        return Self.page(.ok, AdminPage.signIn())
      }
      let notFound = LinksAnswer(
        .notFound, ErrorBody("no link has the code \(code)", field: "code"))
      guard LinkCode.isValid(Substring(code)) else { throw notFound }
      let record: LinkRecord?
      do {
        record = try await service.store.link(code: code)
      } catch {
        throw LinksAnswer(
          .serviceUnavailable, ErrorBody("the store failed: \(error)"), cause: error)
      }
      guard let record else { throw notFound }
      return try await linkPage(record, csrf: viewer)
    }

    /// A link's page, `status`, with `refused` (the reason a form's value was refused) and
    /// the form showing `edited` (the values sent) in place of the link's own.
    func linkPage(
      _ record: LinkRecord, csrf: String?, status: HTTPResponse.Status = .ok,
      refused: String? = nil, edited: [String: String] = [:]
    ) async throws(LinksAnswer) -> Response {
      let to = StatsDay.day(ofSeconds: service.configuration.now())
      let from = to - 29
      let counted: [StatsRow]
      do {
        try await service.counter?.flush()
        counted = try await service.store.clicks(
          from: from, to: to, by: .day, code: record.code)
      } catch {
        throw LinksAnswer(
          .serviceUnavailable, ErrorBody("the store failed: \(error)"), cause: error)
      }
      var byDay: [String: StatsRow] = [:]
      for row in counted { byDay[row.key] = row }
      let days = (from...to).map { day in
        let key = StatsDay.text(day)
        return byDay[key] ?? StatsRow(key: key, clicks: 0)
      }
      return Self.page(
        status,
        AdminPage.link(record, days: days, csrf: csrf, refused: refused, edited: edited))
    }

    /// `POST /admin/links/CODE` from a session (CSRF token, `Origin`): the edit form's fields
    /// that differ from the link's (an empty one clears it) go through the checks of
    /// `PATCH /v1/links/CODE`, the same code; then `303` back to the link's page. A refused
    /// value answers the page again with the reason and the values sent (its `400` or `422`).
    func edit(_ request: Request, code: String) async throws(LinksAnswer) -> Response {
      let (session, form) = try await checkedSession(request)
      let record = try await manage.links.link(code)
      let current = AdminPage.formValues(record)
      let sent: [(String, String?)] = [
        ("url", form.url), ("title", form.title), ("description", form.description),
        ("image", form.image), ("expires", form.expires),
      ]
      var given: [(String, String)] = []
      var cleared: Set<String> = []
      var edited: [String: String] = [:]
      for case (let key, let value?) in sent where value != current[key] {
        edited[key] = value
        if value.isEmpty { cleared.insert(key) } else { given.append((key, value)) }
      }
      guard !edited.isEmpty else { return Self.seeLink(code) }
      let changed: LinkRecord
      do throws(LinkMintingError) {
        let change = try LinkPatch(
          given: given, cleared: cleared, url: record.url, now: service.configuration.now())
        changed = try manage.changed(record, by: change)
      } catch {
        return try await linkPage(
          record, csrf: session.csrf, status: HTTPResponse.Status(code: error.status),
          refused: error.message, edited: edited)
      }
      try await manage.write(changed, code: code)
      return Self.seeLink(code)
    }

    /// `POST /admin/links/CODE/delete` from a session (CSRF token, `Origin`): the link ends
    /// now, as `DELETE /v1/links/CODE` ends it (`410` from then on); `303` back to its page.
    func delete(_ request: Request, code: String) async throws(LinksAnswer) -> Response {
      _ = try await checkedSession(request)
      try await manage.end(code)
      return Self.seeLink(code)
    }

    /// `303 See Other` to the link's page (the code is checked: 1 to 64 of A-Z a-z 0-9 _ -).
    static func seeLink(_ code: String) -> Response {
      var headers = HTTPFields()
      headers[.location] = "/admin/links/" + code
      headers[.cacheControl] = "no-store"
      return Response(status: .seeOther, headers: headers)
    }

    /// `POST /admin/session` with the form field `token`: the right token (compared in
    /// constant time) opens a session, sets its cookie and sends the browser to `/admin`
    /// (`303`); a wrong one answers the form again with a message, `401`.
    func signIn(_ request: Request) async throws(LinksAnswer) -> Response {
      let token = try token()
      let form = try await Self.form(request)
      guard let given = form.token, LinksService.constantTimeEqual(given, token) else {
        var response = Self.page(
          .unauthorized, AdminPage.signIn(message: "Wrong token: try again."))
        response.headers[.wwwAuthenticate] = "Bearer"
        return response
      }
      let session = await service.adminSessions.open(now: service.configuration.now())
      return Self.seeAdmin(
        cookie: "\(Self.cookie)=\(session.id); Max-Age=\(AdminSessions.lifetime); "
          + Self.cookieAttributes)
    }

    /// `POST /admin/sign-out` with the session's CSRF token: ends the session, clears the
    /// cookie and sends the browser to `/admin` (`303`).
    func signOut(_ request: Request) async throws(LinksAnswer) -> Response {
      let session = try await checkedSession(request)
      await service.adminSessions.close(session.session.id)
      return Self.seeAdmin(cookie: "\(Self.cookie)=; Max-Age=0; " + Self.cookieAttributes)
    }

    /// The cookie's attributes.
    static let cookieAttributes = "Path=/admin; HttpOnly; Secure; SameSite=Strict"

    /// A session's form, checked: the session cookie names a live session and the form's
    /// `csrf` is its token (`403` otherwise, as for another site's `Origin`).
    func checkedSession(_ request: Request) async throws(LinksAnswer) -> (
      session: AdminSessions.Session, form: AdminForm
    ) {
      _ = try token()
      let form = try await Self.form(request)
      guard let session = await session(request) else {
        throw LinksAnswer(
          .forbidden, ErrorBody("not signed in (or the session expired): sign in at /admin"))
      }
      guard let csrf = form.csrf, LinksService.constantTimeEqual(csrf, session.csrf) else {
        throw LinksAnswer(
          .forbidden,
          ErrorBody("the form's CSRF token is missing or wrong: reload the page", field: "csrf"))
      }
      return (session, form)
    }

    /// The fields of the admin's forms.
    struct AdminForm: Decodable {
      var token: String?
      var csrf: String?
      var url: String?
      var title: String?
      var description: String?
      var image: String?
      var expires: String?
    }

    /// The request's form (`application/x-www-form-urlencoded`, up to 64 KiB), after the
    /// `Origin` check: a browser's `Origin` must be this server's own (`403` otherwise).
    static func form(_ request: Request) async throws(LinksAnswer) -> AdminForm {
      if let origin = request.headers[.origin] {
        let authority = (request.head.authority ?? "").lowercased()
        let own = ["http://" + authority, "https://" + authority]
        guard own.contains(origin.lowercased()) else {
          throw LinksAnswer(
            .forbidden, ErrorBody("the form was sent from another site (Origin)", field: "Origin"))
        }
      }
      let type = request.headers[.contentType]?.lowercased() ?? ""
      guard type.hasPrefix("application/x-www-form-urlencoded") else {
        throw LinksAnswer(
          .unsupportedMediaType,
          ErrorBody("send the form as application/x-www-form-urlencoded", field: "Content-Type"))
      }
      let bytes: [UInt8]
      do throws(LinkMintingError) {
        bytes = try await LinksService.readBody(request)
      } catch {
        throw LinksAnswer(error)
      }
      do {
        return try URLEncodedFormDecoder().decode(
          AdminForm.self, from: String(decoding: bytes, as: UTF8.self))
      } catch {
        throw LinksAnswer(.badRequest, ErrorBody("the form could not be read: \(error)"))
      }
    }

    /// `303 See Other` to `/admin`, setting `cookie`.
    static func seeAdmin(cookie: String) -> Response {
      var headers = HTTPFields()
      headers[.location] = "/admin"
      headers[.setCookie] = cookie
      headers[.cacheControl] = "no-store"
      return Response(status: .seeOther, headers: headers)
    }

    /// An admin page: its own policy (forms post to the service), never cached.
    static func page(_ status: HTTPResponse.Status, _ html: String) -> Response {
      LinksService.page(
        status, html, cache: "no-store", policy: LinkPages.adminContentSecurityPolicy,
        vary: "Cookie")
    }
  }
#endif
