import Clocks
import Switchyard
import Testing

// The PromisingRouter seed document's examples in Switchyard's API: routings declared before
// their actions (`declare`), actions set later (`attach`), `dispatch(url, timeout:)` that holds
// a link until the action exists or the time is up, `cancel()`, and the delegate's callbacks
// (the link's result, and the event stream). Time moves only when a test advances its clock.

/// `PRRResult`: what an action reports.
enum ActionResult: Equatable, Sendable {
  case done(String)
  case fail(message: String)
}

/// `PRRRequest`: the URL and its parameters. Note the merge rule of `parameters`, where
/// PromisingRouter lets the query win: Switchyard's `match[key]` lets the path win.
struct Request: Sendable {
  let url: String
  let pathParameters: [String: String]
  let queryParameters: [String: String]

  init(_ match: RouteMatch) {
    url = match.urlString
    pathParameters = Dictionary(
      match.parameters.map { ($0.name, $0.value.description) }, uniquingKeysWith: { $1 })
    queryParameters = Dictionary(match.query.items, uniquingKeysWith: { $1 })
  }

  /// PromisingRouter's rule: query parameters win over path parameters.
  var parameters: [String: String] { pathParameters.merging(queryParameters) { $1 } }
}

/// `class YourAppRouter : PRRRouter` with its routings declared at launch.
struct YourAppRouter {
  let router: Router<ActionResult>

  init(clock: TestClock<Duration>) throws {
    router = Router()
    router.links.use(clock)
    try router.declare("/pages/open", name: "openPage")
    try router.declare("/setting/:name", name: "openSetting")
  }
}

@Suite("Migrating from PromisingRouter")
struct MigratingFromPromisingRouterTests {
  /// `dispatch(url, timeout: 10)`.
  let tenSeconds = HoldPolicy(timeout: .seconds(10))

  @Test("Routings first, actions when the app is ready: a waiting URL runs then")
  func gettingStarted() async throws {
    let router = Router<ActionResult>()
    router.links.use(TestClock())
    try router.declare("/people/:id", name: "showPerson")
    try router.declare("/people", name: "indexPeople")

    let person = router.dispatch("myapp://people/7", policy: tenSeconds)
    let index = router.dispatch("https://example.com/people", policy: tenSeconds)

    try router.attach("showPerson") { .done("show \(Request($0).parameters["id"] ?? "-")") }
    try router.attach("indexPeople") { _ in .done("index") }

    #expect(await person.result.output == .done("show 7"))
    #expect(await index.result.output == .done("index"))
    // With the action set, a dispatch just runs it.
    #expect(await router.dispatch("myapp://people/8").result.output == .done("show 8"))
  }

  @Test("Links with a host PromisingRouter ignored (app://localhost/…) need hostAsPath .never")
  func hostsReadAsHosts() throws {
    let hostAsPath = Router<ActionResult>()
    try hostAsPath.register("/people/:id") { .done("show \($0["id"] ?? "-")") }
    #expect(hostAsPath.route("app://localhost/people/7") == nil)

    let router = Router<ActionResult>(options: RouteOptions(hostAsPath: .never))
    try router.register("/people/:id") { .done("show \($0["id"] ?? "-")") }
    #expect(router.route("app://localhost/people/7") == .done("show 7"))
  }

  @Test("A routing without an action waits until the timeout, then the delegate is told")
  func timeout() async throws {
    let clock = TestClock()
    let router = Router<ActionResult>()
    router.links.use(clock)
    try router.declare("/people/:id", name: "showPerson")
    var events = router.links.events().makeAsyncIterator()

    let link = router.dispatch("myapp://people/7?from=mail", policy: tenSeconds)
    #expect(await events.next()?.kind == .held)
    await clock.advance(by: .seconds(10))

    // routerDidTimeout(router, url, parameters)
    let timedOut = await events.next()
    #expect(timedOut?.result?.outcome == .timedOut)
    #expect(timedOut?.url == "myapp://people/7?from=mail")
    #expect(timedOut?.result?.parameters == ["id": "7", "from": "mail"])
    #expect(await link.result.outcome == .timedOut)
  }

  @Test("cancel(): pending requests end, and nothing runs for them afterwards")
  func cancel() async throws {
    let clock = TestClock()
    let app = try YourAppRouter(clock: clock)
    let ran = Recorder<String>()
    let unmatched = Recorder<String>()
    app.router.unmatchedHandler = { request in
      unmatched.append(request.url)
      return nil
    }
    let links = [
      app.router.dispatch("myapp://pages/open", policy: tenSeconds),
      app.router.dispatch("myapp://setting/privacy", policy: tenSeconds),
    ]
    app.router.links.cancelAll()  // applicationDidEnterBackground
    try app.router.attach("openPage") { _ in
      ran.append("page")
      return .done("page")
    }
    await clock.advance(by: .seconds(60))
    for link in links { #expect(await link.result.outcome == .cancelled) }
    #expect(ran.all.isEmpty)
    #expect(unmatched.all.isEmpty)
  }

  @Test("No routing for the URL: it fails at once (routerDidFailToRoute) with its parameters")
  func didFailToRoute() async throws {
    let router = Router<ActionResult>()
    router.links.use(TestClock())
    try router.declare("/people/:id", name: "showPerson")
    let failures = Recorder<String>()
    router.unmatchedHandler = { request in
      let parameters = request.query.items.map { "\($0.name)=\($0.value)" }
      failures.append("\(request.url) \(parameters)")
      return nil
    }
    let result = await router.dispatch("myapp://pets/3?from=mail", policy: tenSeconds).result
    #expect(result.outcome == .unmatched)
    #expect(failures.all == [#"myapp://pets/3?from=mail ["from=mail"]"#])
    #expect(router.links.held.isEmpty)
  }

  @Test("A custom router type with its routings, actions set later")
  func customRouter() async throws {
    let app = try YourAppRouter(clock: TestClock())
    let page = app.router.dispatch("myapp://pages/open")
    try app.router.attach("openPage") { _ in .done("page") }
    try app.router.attach("openSetting") { .done("setting \(Request($0).pathParameters["name"]!)") }
    #expect(await page.result.output == .done("page"))
    #expect(
      await app.router.dispatch("myapp://setting/privacy").result.output == .done("setting privacy")
    )
    #expect(app.router.table.routes.map(\.name) == ["openPage", "openSetting"])
  }

  @Test("Block actions and results: a FailResult reaches the caller (routerDidRoute)")
  func results() async throws {
    let router = Router<ActionResult>()
    router.links.use(TestClock())
    try router.declare("/pages/open", name: "openPage")
    let link = router.dispatch("myapp://pages/open")
    try router.attach("openPage") { _ in .fail(message: "Not logged in yet") }
    let result = await link.result
    #expect(result.outcome == .handled)
    #expect(result.output == .fail(message: "Not logged in yet"))
    #expect(result.match?.route.pattern.text == "/pages/open")
  }

  @Test("Parameters: path, query, and which one wins")
  func parameters() async throws {
    let router = Router<Request>()
    router.links.use(TestClock())
    try router.register("/people/:id") { Request($0) }
    let result = await router.dispatch("myapp://people/7?id=9&sort=name").result
    let request = try #require(result.output)
    #expect(request.url == "myapp://people/7?id=9&sort=name")
    #expect(request.pathParameters == ["id": "7"])
    #expect(request.queryParameters == ["id": "9", "sort": "name"])
    #expect(request.parameters == ["id": "9", "sort": "name"])  // PromisingRouter: query wins
    #expect(result.parameters["id"] == "7")  // Switchyard: the path wins
    #expect(result.match?.query.last("id") == "9")
  }
}
