#if Links
  import HTTPTypes
  import Hummingbird
  import NIOCore
  import Switchyard
  import SwitchyardFiles

  /// `/.well-known/apple-app-site-association` and `/.well-known/assetlinks.json`: the table's
  /// files with the short-link prefix as an app path, made once.
  struct WellKnownController: Sendable {
    /// The association file per `--host` (and for any other host, under `""`).
    let associations: [String: String]
    let assetLinks: String?

    init(configuration: LinksConfiguration) {
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
    }

    func addRoutes(to routes: LinksRoutes<BasicRequestContext>) {
      routes.on("/.well-known/apple-app-site-association", .get, .head) { request, _ in
        guard
          let json = associations[LinksService.requestHost(request)] ?? associations[""]
        else {
          throw LinksAnswer(.notFound, ErrorBody("no --app-id is configured"))
        }
        return LinksService.json(.ok, text: json)
      }
      routes.on("/.well-known/assetlinks.json", .get, .head) { _, _ in
        guard let assetLinks else {
          throw LinksAnswer(.notFound, ErrorBody("no --package is configured"))
        }
        return LinksService.json(.ok, text: assetLinks)
      }
    }
  }

  /// `GET /healthz`: `200` while the store answers and takes writes, else `503` saying why.
  struct HealthController: Sendable {
    let store: any LinkStore

    func addRoutes(to routes: LinksRoutes<BasicRequestContext>) {
      routes.on("/healthz", .get, .head) { _, _ in try await health() }
    }

    func health() async throws(LinksAnswer) -> Response {
      guard await store.isReachable() else {
        throw LinksAnswer(
          .serviceUnavailable, ErrorBody("the store is unreachable"),
          cause: LinkStoreError(path: "", message: "the store did not answer SELECT 1"))
      }
      do {
        try await store.checkWritable()
      } catch {
        throw LinksAnswer(
          .serviceUnavailable, ErrorBody("the store takes no writes: \(error)"), cause: error)
      }
      var headers = HTTPFields()
      headers[.contentType] = "text/plain; charset=utf-8"
      headers[.cacheControl] = "no-store"
      return Response(
        status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: "ok\n")))
    }
  }

  /// `GET /v1/openapi.json`: the OpenAPI 3.1 document of the service.
  struct OpenAPIController: Sendable {
    func addRoutes(to routes: LinksRoutes<BasicRequestContext>) {
      routes.on("/v1/openapi.json", .get, .head) { _, _ in
        LinksService.json(.ok, text: LinksOpenAPI.document)
      }
    }
  }
#endif
