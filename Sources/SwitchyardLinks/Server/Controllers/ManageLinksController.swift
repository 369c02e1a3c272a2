#if Links
  import HTTPTypes
  import Hummingbird
  import Switchyard
  import SwitchyardFiles

  /// Managing links, with the token: `GET /v1/links` (a page of links, by code, filtered by
  /// route or code prefix), `PATCH /v1/links/{code}` (title, description, image, expiry, the
  /// long URL through the minting checks) and `DELETE /v1/links/{code}` (the link ends now:
  /// `410` from then on, and its code is never handed out again).
  struct ManageLinksController: Sendable {
    let service: LinksService
    let links: LinksController

    func addRoutes(to routes: LinksRoutes<BasicRequestContext>) {
      routes.on("/v1/links", .get, .head) { request, _ in try await list(request) }
      routes.on("/v1/links/:code", .patch) { request, context in
        try await patch(request, code: context.parameters.get("code") ?? "")
      }
      routes.on("/v1/links/:code", .delete) { request, context in
        try await delete(request, code: context.parameters.get("code") ?? "")
      }
    }

    /// The parameters `GET /v1/links` reads.
    static let listParameters: Set<Substring> = ["limit", "after", "route", "prefix"]
    /// The most links one page holds, and how many by default.
    static let maximumLimit = 100
    static let defaultLimit = 50

    /// `GET /v1/links?limit=&after=&route=&prefix=`: the links in code order after `after`.
    func list(_ request: Request) async throws(LinksAnswer) -> Response {
      try service.authorize(request, what: "managing links")
      let query = request.uri.queryParameters
      func refuse(_ message: String, _ field: String) -> LinksAnswer {
        LinksAnswer(LinkMintingError(status: 400, message: message, field: field))
      }
      if let unknown = query.first(where: { !Self.listParameters.contains($0.key) })?.key {
        throw refuse(
          "unknown parameter \(JSONEscaping.quote(String(unknown))); the parameters are limit, after, route and prefix",
          String(unknown))
      }
      var limit = Self.defaultLimit
      if let text = query.get("limit") {
        guard let number = Int(text), (1...Self.maximumLimit).contains(number) else {
          throw refuse(
            "limit must be a number from 1 to \(Self.maximumLimit), not \(text)", "limit")
        }
        limit = number
      }
      for name in ["after", "prefix"] {
        if let code = query.get(name), !LinkCode.isValid(Substring(code)) {
          throw refuse(
            "\(name) must be a link's code or its beginning (1 to 64 of A-Z a-z 0-9 _ -), not \(code)",
            name)
        }
      }
      let route = query.get("route")
      if let route, !service.configuration.table.routes.contains(where: { $0.name == route }) {
        throw refuse("no route is named \(JSONEscaping.quote(route))", "route")
      }
      let records: [LinkRecord]
      do {
        records = try await service.store.links(
          after: query.get("after"), limit: limit, route: route, codePrefix: query.get("prefix"))
      } catch {
        throw LinksAnswer(
          .serviceUnavailable, ErrorBody("the store failed: \(error)"), cause: error)
      }
      let host = LinksService.requestAuthority(request)
      return LinksAnswer.json(
        .ok,
        LinkListBody(
          links: records.map {
            LinkDetailBody($0, link: service.shortURL($0.code, requestHost: host))
          },
          next: records.count == limit ? records.last?.code : nil))
    }

    /// `PATCH /v1/links/CODE`: changes the fields the body gives (`null` clears `title`,
    /// `description`, `image` or `expires`); a new `url` passes the checks of a mint.
    func patch(_ request: Request, code: String) async throws(LinksAnswer) -> Response {
      try service.authorize(request, what: "managing links")
      var record = try await links.link(code)
      let now = service.configuration.now()
      do {
        let change = try LinkPatch(
          json: try await LinksService.readBody(request), url: record.url, now: now)
        record = try changed(record, by: change)
      } catch let error as LinkMintingError {
        throw LinksAnswer(error)
      } catch {
        throw LinksAnswer(.badRequest, ErrorBody("the body could not be read"))
      }
      try await write(record, code: code)
      return LinksAnswer.json(
        .ok,
        LinkDetailBody(
          record,
          link: service.shortURL(record.code, requestHost: LinksService.requestAuthority(request))))
    }

    /// `record` with `change` made: a new long URL resolved through the route table as a
    /// mint resolves it (the admin's edit form comes here too).
    func changed(_ record: LinkRecord, by change: LinkPatch) throws(LinkMintingError)
      -> LinkRecord
    {
      var record = record
      if let url = change.url {
        let resolved = try service.minter.resolve(.url(url))
        record.url = resolved.url
        record.route = resolved.route
        record.values = resolved.values
      }
      if let title = change.title { record.title = title }
      if let description = change.description { record.description = description }
      if let image = change.image { record.image = image }
      if let expires = change.expires { record.expires = expires }
      return record
    }

    /// `DELETE /v1/links/CODE`: the link ends now (`204`); from then on it answers `410`.
    func delete(_ request: Request, code: String) async throws(LinksAnswer) -> Response {
      try service.authorize(request, what: "managing links")
      try await end(code)
      var response = Response(status: .noContent)
      response.headers[.cacheControl] = "no-store"
      return response
    }

    /// Ends the link `code` now (`DELETE` and the admin's delete button): from then on it
    /// answers `410`; a JSON `404` when no link has the code.
    func end(_ code: String) async throws(LinksAnswer) {
      var record = try await links.link(code)
      record.expires = service.configuration.now()
      try await write(record, code: code)
    }

    /// Stores the changed `record`, and forgets what this server kept of it.
    func write(_ record: LinkRecord, code: String) async throws(LinksAnswer) {
      let updated: Bool
      do {
        updated = try await service.store.update(record)
      } catch {
        throw LinksAnswer(
          .serviceUnavailable, ErrorBody("the store failed: \(error)"), cause: error)
      }
      service.cache.forget(code)
      guard updated else {
        throw LinksAnswer(.notFound, ErrorBody("no link has the code \(code)", field: "code"))
      }
    }
  }

  /// What a `PATCH` body changes: each field `nil` when not given; `.some(nil)` when cleared.
  struct LinkPatch {
    var url: String?
    var title: String??
    var description: String??
    var image: String??
    var expires: Int64??

    static let keys = ["url", "title", "description", "image", "expires"]

    /// Reads the body: an object of those fields, each checked as a mint checks it (the same
    /// reader: the fields given, with the link's `url` when the body has none).
    init(json: [UInt8], url current: String, now: Int64) throws(LinkMintingError) {
      let (_, members) = try LinkMintRequest.object(json)
      var given: [(String, String)] = []
      var cleared: Set<String> = []
      for member in members {
        guard Self.keys.contains(member.key) else {
          throw LinkMintingError(
            status: 400,
            message: "unknown field \(JSONEscaping.quote(member.key)); the fields are "
              + Self.keys.joined(separator: ", "), field: member.key)
        }
        if member.value.kind == .null {
          guard member.key != "url" else {
            throw LinkMintingError(
              status: 400, message: "\"url\" cannot be cleared: a link points somewhere",
              field: "url")
          }
          cleared.insert(member.key)
        } else if let text = member.value.stringValue {
          given.append((member.key, text))
        } else {
          throw LinkMintingError(
            status: 400,
            message:
              "\"\(member.key)\" must be a string or null, found \(member.value.kindDescription)",
            field: member.key)
        }
      }
      try self.init(given: given, cleared: cleared, url: current, now: now)
    }

    /// The change of the fields `given` (key and text) and `cleared`, each checked as a mint
    /// checks it (the admin's edit form reads its fields into these).
    init(
      given: [(String, String)], cleared: Set<String>, url current: String, now: Int64
    ) throws(LinkMintingError) {
      if cleared.contains("url") {
        throw LinkMintingError(
          status: 400, message: "\"url\" cannot be cleared: a link points somewhere",
          field: "url")
      }
      guard !given.isEmpty || !cleared.isEmpty else {
        throw LinkMintingError(
          status: 400,
          message: "the body changes nothing; give one of " + Self.keys.joined(separator: ", "))
      }
      let hasURL = given.contains { $0.0 == "url" }
      let fields = (hasURL ? [] : [("url", current)]) + given
      let body =
        "{"
        + fields.map { JSONEscaping.quote($0.0) + ":" + JSONEscaping.quote($0.1) }
        .joined(separator: ",") + "}"
      let checked = try LinkMintRequest(json: Array(body.utf8), now: now)
      if hasURL, case .url(let url) = checked.target { self.url = url }
      func change<T>(_ key: String, _ value: T?) -> T?? {
        cleared.contains(key) ? .some(nil) : given.contains { $0.0 == key } ? .some(value) : nil
      }
      title = change("title", checked.title)
      description = change("description", checked.description)
      image = change("image", checked.image)
      expires = change("expires", checked.expires)
    }
  }
#endif
