#if Links
  import HTTPTypes
  import Hummingbird
  import NIOCore
  import SwitchyardFiles

  extension LinksMiddleware {
    // MARK: Install tokens

    /// `POST /v1/redeem {"token": T}`: the link of an unspent token, once.
    func redeem(_ request: Request) async -> Response {
      let token: String
      do {
        token = try Self.redeemToken(try await Self.readBody(request))
      } catch let error as LinkMintingError {
        return Self.json(HTTPResponse.Status(code: error.status), error.json)
      } catch {
        return Self.json(.badRequest, #"{"error":"the body could not be read"}"#)
      }
      let redemption: Redemption
      let now = configuration.now()
      if let claim = signer?.read(token) {
        if claim.expires <= now {
          // Its proof holds, and it says it has expired: no need to ask the store.
          redemption = .spent
        } else {
          do {
            redemption = try await store.spendToken(
              id: claim.id, code: claim.code, expires: claim.expires, now: now)
          } catch {
            return Self.json(
              .serviceUnavailable,
              "{\"error\":" + JSONEscaping.quote("the store failed: \(error)") + "}")
          }
        }
      } else {
        // Malformed, altered or signed with another secret: nothing is looked up.
        redemption = .unknown
      }
      switch redemption {
      case .redeemed(let record):
        // One install, counted once: only the first redemption gets here.
        await counter?.record(
          .install, code: record.code, route: record.route,
          platform: ClickPlatform(appUserAgent: request.headers[.userAgent]),
          day: StatsDay.day(ofSeconds: configuration.now()))
        return Self.json(
          .ok,
          "{\"url\":" + JSONEscaping.quote(record.url) + ",\"route\":"
            + JSONEscaping.quote(record.route) + ",\"values\":" + Self.valuesJSON(record.values)
            + "}")
      case .spent:
        return Self.json(
          .gone,
          #"{"error":"the install token was redeemed already, or it or its link has expired","field":"token"}"#
        )
      case .unknown:
        return Self.json(
          .notFound, #"{"error":"no install token is known by this value","field":"token"}"#)
      }
    }

    /// The token of a redeem body: a JSON object with one member, `"token"`, a string.
    static func redeemToken(_ body: [UInt8]) throws(LinkMintingError) -> String {
      let (_, members) = try LinkMintRequest.object(body)
      var token: String?
      for member in members {
        guard member.key == "token", token == nil else {
          throw LinkMintingError(
            status: 400,
            message:
              "unknown or repeated field \(JSONEscaping.quote(member.key)); the one field is token",
            field: member.key)
        }
        guard let text = member.value.stringValue else {
          throw LinkMintingError(
            status: 400, message: "token must be a string, found \(member.value.kindDescription)",
            field: "token")
        }
        token = text
      }
      guard let token else {
        throw LinkMintingError(status: 400, message: "the body has no token", field: "token")
      }
      return token
    }

    // MARK: Statistics

    /// The parameters `GET /v1/stats` reads; any other is refused.
    static var statsParameters: Set<Substring> { ["from", "to", "by", "code"] }

    /// `GET /v1/stats?from=&to=&by=&code=`: the clicks by people, previews by crawlers, app
    /// opens and installs of the days `from...to` (of the link `code` alone, when given), by
    /// link, route, platform or day, as JSON, or as CSV for `Accept: text/csv`. `total` is the
    /// clicks by people (previews are never clicks); `totals` has every kind.
    func stats(_ request: Request) async -> Response {
      if let refusal = refusal(request, what: "statistics") { return refusal }
      let query = request.uri.queryParameters
      let today = StatsDay.day(ofSeconds: configuration.now())
      func day(_ name: String, default value: Int64) -> Result<Int64, LinkMintingError> {
        guard let text = query.get(name) else { return .success(value) }
        guard let day = StatsDay.day(text) else {
          return .failure(
            LinkMintingError(
              status: 400, message: "\(name) must be a date like 2027-01-31, not \(text)",
              field: name))
        }
        return .success(day)
      }
      let grouping: StatsGrouping
      let from: Int64
      let to: Int64
      let code: String?
      do {
        if let unknown = query.first(where: { !Self.statsParameters.contains($0.key) })?.key {
          throw LinkMintingError(
            status: 400,
            message:
              "unknown parameter \(JSONEscaping.quote(String(unknown))); the parameters are from, to, by and code",
            field: String(unknown))
        }
        to = try day("to", default: today).get()
        from = try day("from", default: to - 29).get()
        let by = query.get("by") ?? "day"
        guard let parsed = StatsGrouping(rawValue: by) else {
          throw LinkMintingError(
            status: 400, message: "by must be link, route, platform or day, not \(by)",
            field: "by")
        }
        grouping = parsed
        guard from <= to else {
          throw LinkMintingError(
            status: 400,
            message: "from (\(StatsDay.text(from))) is after to (\(StatsDay.text(to)))",
            field: "from")
        }
        code = query.get("code")
        if let code, !LinkCode.isValid(Substring(code)) {
          throw LinkMintingError(
            status: 400,
            message: "code must be a link's code (1 to 64 of A-Z a-z 0-9 _ -), not \(code)",
            field: "code")
        }
      } catch let error as LinkMintingError {
        return Self.json(HTTPResponse.Status(code: error.status), error.json)
      } catch {
        return Self.json(.badRequest, #"{"error":"bad query"}"#)
      }
      let rows: [StatsRow]
      do {
        // The counts so far go to the store first, so the answer is up to date.
        try await counter?.flush()
        rows = try await store.clicks(from: from, to: to, by: grouping, code: code)
      } catch {
        return Self.json(
          .serviceUnavailable,
          "{\"error\":" + JSONEscaping.quote("the store failed: \(error)") + "}")
      }
      let accept = request.headers[.accept] ?? ""
      if accept.lowercased().contains("text/csv") {
        var csv = grouping.rawValue + ",clicks,previews,app_opens,installs\r\n"
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
      var head =
        "{\"from\":\"\(StatsDay.text(from))\",\"to\":\"\(StatsDay.text(to))\",\"by\":\""
        + grouping.rawValue + "\""
      if let code { head += ",\"code\":" + JSONEscaping.quote(code) }
      let members = rows.map {
        "{\"key\":" + JSONEscaping.quote($0.key) + "," + Self.counts($0) + "}"
      }
      var response = Self.json(
        .ok,
        head + ",\"total\":\(totals.clicks),\"totals\":{" + Self.counts(totals) + "},\"rows\":["
          + members.joined(separator: ",") + "]}")
      response.headers[.vary] = "Accept"
      return response
    }

    /// A row's counts as JSON members: `"clicks":…,"previews":…,"appOpens":…,"installs":…`.
    static func counts(_ row: StatsRow) -> String {
      "\"clicks\":\(row.clicks),\"previews\":\(row.previews),\"appOpens\":\(row.appOpens),"
        + "\"installs\":\(row.installs)"
    }

    // MARK: The admin page

    /// `GET /admin`: the last 30 days' clicks by people per day and per route (previews, app
    /// opens and installs apart), and the top 10 links.
    func admin(_ request: Request) async -> Response {
      if let refusal = refusal(request, what: "the admin page") { return refusal }
      let to = StatsDay.day(ofSeconds: configuration.now())
      let from = to - 29
      let days: [StatsRow]
      let routes: [StatsRow]
      let links: [StatsRow]
      do {
        try await counter?.flush()
        let counted = try await store.clicks(from: from, to: to, by: .day)
        var byDay: [String: StatsRow] = [:]
        for row in counted { byDay[row.key] = row }
        days = (from...to).map { day in
          let key = StatsDay.text(day)
          return byDay[key] ?? StatsRow(key: key, clicks: 0)
        }
        routes = Array(try await store.clicks(from: from, to: to, by: .route).prefix(12))
        links = Array(try await store.clicks(from: from, to: to, by: .link).prefix(10))
      } catch {
        return Self.json(
          .serviceUnavailable,
          "{\"error\":" + JSONEscaping.quote("the store failed: \(error)") + "}")
      }
      let refused = await refusedMints.recent(now: configuration.now())
      return Self.page(
        .ok,
        AdminPage.render(
          days: days, routes: routes, links: links,
          refused: refused.map { (RFC3339.text($0.time), $0.reason) }),
        cache: "no-store")
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
