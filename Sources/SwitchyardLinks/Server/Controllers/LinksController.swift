#if Links
  import HTTPTypes
  import Hummingbird
  import Switchyard
  import SwitchyardFiles

  /// `/v1/links`: minting (`POST`, with the token) and `GET /v1/links/{code}`, the link of a
  /// short link for the app it opened (an app open is counted, but for a `HEAD`).
  struct LinksController: Sendable {
    let service: LinksService

    func addRoutes(to routes: LinksRoutes<BasicRequestContext>) {
      routes.on("/v1/links", .post) { request, _ in try await mint(request) }
      routes.on("/v1/links/:code", .get) { request, context in
        try await linkInfo(
          code: context.parameters.get("code") ?? "",
          userAgent: request.headers[.userAgent] ?? "")
      }
      routes.on("/v1/links/:code", .head) { _, context in
        try await linkInfo(code: context.parameters.get("code") ?? "", userAgent: nil)
      }
    }

    /// The link with `code`, or the JSON answer saying why there is none.
    func link(_ code: String) async throws(LinksAnswer) -> LinkRecord {
      switch await service.find(Substring(code)) {
      case .success(let record):
        return record
      case .failure(let missing):
        let message =
          switch missing.status {
          case .gone: "the link \(code) has expired"
          case .notFound: "no link has the code \(code)"
          case .internalServerError: "the link \(code) cannot be read: its stored row is corrupt"
          default: "the store is unreachable"
          }
        throw LinksAnswer(missing.status, ErrorBody(message, field: "code"), cause: missing.cause)
      }
    }

    /// `GET /v1/links/CODE`: the link, for the app a short link opened, which counts it as an
    /// app open (unless `userAgent` is `nil`: a `HEAD`).
    func linkInfo(code: String, userAgent: String?) async throws(LinksAnswer) -> Response {
      let record = try await link(code)
      if let userAgent, let counter = service.counter {
        await counter.record(
          .appOpen, code: record.code, route: record.route,
          platform: ClickPlatform(appUserAgent: userAgent),
          day: StatsDay.day(ofSeconds: service.configuration.now()))
      }
      return LinksAnswer.json(.ok, LinkBody(record))
    }

    /// `POST /v1/links`: mints a link (`201`), with the token.
    func mint(_ request: Request) async throws(LinksAnswer) -> Response {
      try service.authorize(request, what: "minting")
      let configuration = service.configuration
      do {
        let body = try await LinksService.readBody(request)
        let mint = try LinkMintRequest(json: body, now: configuration.now())
        if let code = mint.code,
          let reason = LinksConfiguration.reservation(of: code, prefix: configuration.prefix)
        {
          throw LinkMintingError(status: 400, message: reason, field: "code")
        }
        let resolved = try service.minter.resolve(mint.target)
        var record = LinkRecord(
          code: mint.code ?? "", url: resolved.url, route: resolved.route, values: [],
          title: mint.title, description: mint.description, image: mint.image,
          expires: mint.expires, created: configuration.now())
        record.values = resolved.values
        if mint.code != nil {
          guard try await insert(record) else {
            throw LinkMintingError(
              status: 409, message: "the code \(record.code) is taken", field: "code")
          }
        } else {
          // A taken code (about one chance in 200 million per million links) draws again.
          var inserted = false
          for _ in 0..<8 {
            record.code = configuration.newCode()
            if try await insert(record) {
              inserted = true
              break
            }
          }
          guard inserted else {
            throw LinksAnswer(
              .serviceUnavailable, ErrorBody("no free code was found; try again"),
              cause: LinkStoreError(path: "", message: "8 codes drawn in a row were taken"))
          }
        }
        var response = LinksAnswer.json(
          .created,
          LinkBody(
            record,
            link: service.shortURL(record.code, requestHost: LinksService.requestAuthority(request))
          ))
        response.headers[.location] = "/v1/links/" + record.code
        return response
      } catch let error as LinkMintingError {
        if error.status == 422 {
          await service.refusedMints.record(error.message, at: configuration.now())
        }
        throw LinksAnswer(error)
      } catch let answer as LinksAnswer {
        throw answer
      } catch {
        throw LinksAnswer(
          .serviceUnavailable, ErrorBody("the store failed: \(error)"), cause: error)
      }
    }

    /// Stores `record`; `false` when its code is taken. A store failure is a `503`.
    func insert(_ record: LinkRecord) async throws(LinksAnswer) -> Bool {
      do {
        return try await service.store.insert(record)
      } catch {
        throw LinksAnswer(
          .serviceUnavailable, ErrorBody("the store failed: \(error)"), cause: error)
      }
    }
  }
#endif
