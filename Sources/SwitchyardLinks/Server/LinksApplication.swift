#if Links
  public import Hummingbird
  public import Logging
  public import NIOCore
  public import ServiceLifecycle

  /// The link service as a Hummingbird application: what `switchyard-links` runs and what its
  /// tests run.
  ///
  /// The application's services run in its service group in this order: `services` (the
  /// PostgreSQL store's connection pool), the click counter, the HTTP server. On SIGTERM or
  /// SIGINT (`runService(gracefulShutdownSignals:)`) they stop in the
  /// reverse order: the server stops taking requests and finishes those it has, the counter
  /// writes its last counts, then the pool closes.
  ///
  /// ```swift
  /// let store = try await SQLiteLinkStore.open(path: "links.sqlite")
  /// var configuration = LinksConfiguration(table: table)
  /// configuration.hosts = ["go.example.com"]
  /// let app = try buildApplication(configuration, store: store)
  /// try await app.runService()
  /// ```
  /// - Parameters:
  ///   - configuration: The table, the flags, where to listen (``LinksConfiguration/bind``,
  ///     ``LinksConfiguration/port``) and the connections' limits.
  ///   - store: Where the links are.
  ///   - counter: The click counter; by default one writing to `store` every
  ///     ``LinksConfiguration/clickFlushInterval``.
  ///   - services: Services the application runs before the counter and stops after it: the
  ///     PostgreSQL store's ``PostgresLinkStore/client``.
  ///   - logger: The log of the server and of each request (method, path, status, duration;
  ///     and the cause of every answer of 500 or more).
  ///   - onServerRunning: Called once the server listens (with its channel: its port).
  /// - Throws: ``TitleTemplateError`` when a route's preview-title template is malformed.
  public func buildApplication(
    _ configuration: LinksConfiguration, store: any LinkStore, counter: ClickCounter? = nil,
    services: [any Service] = [], logger: Logger = Logger(label: "switchyard-links"),
    onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
  ) throws(TitleTemplateError) -> some ApplicationProtocol {
    let counter =
      counter ?? ClickCounter(store: store, interval: configuration.clickFlushInterval)
    let router = try buildRouter(configuration, store: store, counter: counter)
    return Application(
      router: router, server: configuration.httpServer,
      configuration: configuration.applicationConfiguration(
        address: .hostname(configuration.bind, port: configuration.port)),
      services: services + [counter], onServerRunning: onServerRunning, logger: logger)
  }

  /// The service's router: one controller per resource, every request logged
  /// (``RequestLogMiddleware``), `405` with `Allow` on a path that takes other methods, `501`
  /// for a method no path takes, a JSON `404` elsewhere.
  ///
  /// ```swift
  /// let router = try buildRouter(configuration, store: store, counter: counter)
  /// let app = Application(router: router)
  /// ```
  func buildRouter(
    _ configuration: LinksConfiguration, store: any LinkStore, counter: ClickCounter?
  ) throws(TitleTemplateError) -> Router<BasicRequestContext> {
    let service = try LinksService(configuration: configuration, store: store, counter: counter)
    let router = Router()
    let table = MethodTable()
    // The middleware first: Hummingbird wraps each route in those added before it.
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: MethodsMiddleware(table: table))
    let routes = LinksRoutes(router: router, table: table)
    HealthController(store: store).addRoutes(to: routes)
    let links = LinksController(service: service)
    links.addRoutes(to: routes)
    let manage = ManageLinksController(service: service, links: links)
    manage.addRoutes(to: routes)
    RedeemController(service: service).addRoutes(to: routes)
    let stats = StatsController(service: service)
    stats.addRoutes(to: routes)
    AdminController(service: service, stats: stats, manage: manage).addRoutes(to: routes)
    OpenAPIController().addRoutes(to: routes)
    WellKnownController(configuration: configuration).addRoutes(to: routes)
    ShortLinkController(service: service).addRoutes(to: routes)
    return router
  }
#endif
