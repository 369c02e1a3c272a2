#if Links
  import HTTPTypes
  import Hummingbird
  import NIOCore
  import SwitchyardFiles

  /// `GET /v1/stats` (JSON, or CSV for `Accept: text/csv`), with the token, and the page of the
  /// last 30 days that `GET /admin` shows (``AdminController``).
  struct StatsController: Sendable {
    let service: LinksService

    func addRoutes(to routes: LinksRoutes<BasicRequestContext>) {
      routes.on("/v1/stats", .get, .head) { request, _ in try await stats(request) }
    }

    /// The parameters `GET /v1/stats` reads; any other is refused.
    static var statsParameters: Set<Substring> { ["from", "to", "by", "code"] }

    /// The query of `GET /v1/stats`, checked.
    struct Query {
      var from: Int64
      var to: Int64
      var grouping: StatsGrouping
      var code: String?
    }

    /// Reads `from`, `to` (`YYYY-MM-DD`; the last 30 days by default), `by` and `code`.
    func query(_ request: Request) throws(LinkMintingError) -> Query {
      let query = request.uri.queryParameters
      let today = StatsDay.day(ofSeconds: service.configuration.now())
      func day(_ name: String, default value: Int64) throws(LinkMintingError) -> Int64 {
        guard let text = query.get(name) else { return value }
        guard let day = StatsDay.day(text) else {
          throw LinkMintingError(
            status: 400, message: "\(name) must be a date like 2027-01-31, not \(text)",
            field: name)
        }
        return day
      }
      if let unknown = query.first(where: { !Self.statsParameters.contains($0.key) })?.key {
        throw LinkMintingError(
          status: 400,
          message:
            "unknown parameter \(JSONEscaping.quote(String(unknown))); the parameters are from, to, by and code",
          field: String(unknown))
      }
      let to = try day("to", default: today)
      let from = try day("from", default: to - 29)
      let by = query.get("by") ?? "day"
      guard let grouping = StatsGrouping(rawValue: by) else {
        throw LinkMintingError(
          status: 400, message: "by must be link, route, platform or day, not \(by)", field: "by")
      }
      guard from <= to else {
        throw LinkMintingError(
          status: 400,
          message: "from (\(StatsDay.text(from))) is after to (\(StatsDay.text(to)))",
          field: "from")
      }
      let code = query.get("code")
      if let code, !LinkCode.isValid(Substring(code)) {
        throw LinkMintingError(
          status: 400,
          message: "code must be a link's code (1 to 64 of A-Z a-z 0-9 _ -), not \(code)",
          field: "code")
      }
      return Query(from: from, to: to, grouping: grouping, code: code)
    }

    /// `GET /v1/stats?from=&to=&by=&code=`: the clicks by people, previews by crawlers, app
    /// opens and installs of the days `from...to` (of the link `code` alone, when given), by
    /// link, route, platform or day, as JSON, or as CSV for `Accept: text/csv`. `total` is the
    /// clicks by people (previews are never clicks); `totals` has every kind.
    func stats(_ request: Request) async throws(LinksAnswer) -> Response {
      try service.authorize(request, what: "statistics")
      let asked: Query
      do throws(LinkMintingError) {
        asked = try query(request)
      } catch {
        throw LinksAnswer(error)
      }
      let rows: [StatsRow]
      do {
        // The counts so far go to the store first, so the answer is up to date.
        try await service.counter?.flush()
        rows = try await service.store.clicks(
          from: asked.from, to: asked.to, by: asked.grouping, code: asked.code)
      } catch {
        throw LinksAnswer(
          .serviceUnavailable, ErrorBody("the store failed: \(error)"), cause: error)
      }
      let accept = request.headers[.accept] ?? ""
      if accept.lowercased().contains("text/csv") {
        var csv = asked.grouping.rawValue + ",clicks,previews,app_opens,installs\r\n"
        for row in rows {
          csv +=
            Self.csvField(row.key)
            + ",\(row.clicks),\(row.previews),\(row.appOpens),\(row.installs)\r\n"
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/csv; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.vary] = "Accept"
        return Response(
          status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: csv)))
      }
      let totals = StatsRow.sum(rows, key: "")
      var response = LinksAnswer.json(
        .ok,
        StatsBody(
          from: StatsDay.text(asked.from), to: StatsDay.text(asked.to),
          by: asked.grouping.rawValue, code: asked.code, total: totals.clicks,
          totals: CountsBody(totals, key: false), rows: rows.map { CountsBody($0, key: true) }))
      response.headers[.vary] = "Accept"
      return response
    }

    /// The page of `GET /admin`: the last 30 days' clicks by people per day and per route
    /// (previews, app opens and installs apart), and the top 10 links; with a sign-out form
    /// carrying `csrf` for a signed-in person (none for the bearer token).
    func admin(csrf: String?, list: AdminPage.LinkList? = nil) async throws(LinksAnswer)
      -> Response
    {
      let now = service.configuration.now()
      let to = StatsDay.day(ofSeconds: now)
      let from = to - 29
      let days: [StatsRow]
      let routes: [StatsRow]
      let links: [StatsRow]
      do {
        try await service.counter?.flush()
        let counted = try await service.store.clicks(from: from, to: to, by: .day)
        var byDay: [String: StatsRow] = [:]
        for row in counted { byDay[row.key] = row }
        days = (from...to).map { day in
          let key = StatsDay.text(day)
          return byDay[key] ?? StatsRow(key: key, clicks: 0)
        }
        routes = Array(try await service.store.clicks(from: from, to: to, by: .route).prefix(12))
        links = Array(try await service.store.clicks(from: from, to: to, by: .link).prefix(10))
      } catch {
        throw LinksAnswer(
          .serviceUnavailable, ErrorBody("the store failed: \(error)"), cause: error)
      }
      let refused = await service.refusedMints.recent(now: now)
      return LinksService.page(
        .ok,
        AdminPage.render(
          days: days, routes: routes, links: links,
          refused: refused.map { (RFC3339.text($0.time), $0.reason) }, csrf: csrf, list: list),
        cache: "no-store", policy: LinkPages.adminContentSecurityPolicy, vary: "Cookie")
    }

    /// A CSV field (RFC 4180): quoted, with its quotes doubled, when it holds a comma, a quote,
    /// a line break or leading or trailing space; as it is otherwise.
    static func csvField(_ text: String) -> String {
      let special =
        text.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
        || text.utf8.first == 0x20 || text.utf8.last == 0x20
      guard special else { return text }
      var quoted = "\""
      for character in text { quoted += character == "\"" ? "\"\"" : String(character) }
      return quoted + "\""
    }
  }
#endif
