#if Links
  import HTTPTypes
  import Hummingbird
  import SwitchyardFiles

  /// `POST /v1/redeem {"token": T}`: the link of an unspent install token, once.
  struct RedeemController: Sendable {
    let service: LinksService

    func addRoutes(to routes: LinksRoutes<BasicRequestContext>) {
      routes.on("/v1/redeem", .post) { request, _ in try await redeem(request) }
    }

    func redeem(_ request: Request) async throws(LinksAnswer) -> Response {
      let token: String
      do throws(LinkMintingError) {
        token = try Self.redeemToken(try await LinksService.readBody(request))
      } catch {
        throw LinksAnswer(error)
      }
      let redemption: Redemption
      let now = service.configuration.now()
      if let claim = service.signer?.read(token) {
        if claim.expires <= now {
          // Its proof holds, and it says it has expired: no need to ask the store.
          redemption = .spent
        } else {
          do {
            redemption = try await service.store.spendToken(
              id: claim.id, code: claim.code, expires: claim.expires, now: now)
          } catch let error as CorruptLinkError {
            throw LinksAnswer(
              .internalServerError,
              ErrorBody("the token's link cannot be read: its stored row is corrupt"),
              cause: error)
          } catch {
            throw LinksAnswer(
              .serviceUnavailable, ErrorBody("the store failed: \(error)"), cause: error)
          }
        }
      } else {
        // Malformed, altered or signed with another secret: nothing is looked up.
        redemption = .unknown
      }
      switch redemption {
      case .redeemed(let record):
        // One install, counted once: only the first redemption gets here.
        await service.counter?.record(
          .install, code: record.code, route: record.route,
          platform: ClickPlatform(appUserAgent: request.headers[.userAgent]),
          day: StatsDay.day(ofSeconds: service.configuration.now()))
        return LinksAnswer.json(.ok, LinkBody(record, code: false))
      case .spent:
        throw LinksAnswer(
          .gone,
          ErrorBody(
            "the install token was redeemed already, or it or its link has expired",
            field: "token"))
      case .unknown:
        throw LinksAnswer(
          .notFound, ErrorBody("no install token is known by this value", field: "token"))
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
  }
#endif
