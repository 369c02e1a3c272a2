import Switchyard
import Testing

// The routing examples of the PromisingRouter seed document, in Switchyard's API. Holding a
// link until an action is set (dispatch with a timeout, cancel) is not built yet: a route
// whose action is not set declines, and the URL goes to the unmatched handler at once.

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

/// A routing whose action can be set later (`routing.action = ShowPersonAction()`).
final class ActionSlot: Sendable {
  private let action = Recorder<@Sendable (Request) -> ActionResult>()
  func set(_ body: @escaping @Sendable (Request) -> ActionResult) { action.append(body) }
  var current: (@Sendable (Request) -> ActionResult)? { action.all.last }
}

/// `class YourAppRouter : PRRRouter` with its routings as properties.
struct YourAppRouter {
  let router = Router<ActionResult>()
  let openPageRouting = ActionSlot()
  let openSettingRouting = ActionSlot()

  init() throws {
    try router.register("/pages/open", name: "openPage", handler: run(openPageRouting))
    try router.register("/setting/:name", name: "openSetting", handler: run(openSettingRouting))
  }
}

/// The handler of a routing: runs its action, or declines while there is none.
func run(_ slot: ActionSlot) -> Router<ActionResult>.Handler {
  { match in slot.current.map { action in action(Request(match)) } }
}

@Suite("Seed: PromisingRouter")
struct PromisingRouterSeedTests {
  @Test("Define routings, set their actions, dispatch URLs")
  func gettingStarted() throws {
    let router = Router<ActionResult>()
    let showPersonRouting = ActionSlot()
    let indexPeopleRouting = ActionSlot()
    try router.register("/people/:id", handler: run(showPersonRouting))
    try router.register("/people", handler: run(indexPeopleRouting))

    showPersonRouting.set { .done("show \($0.parameters["id"] ?? "-")") }
    indexPeopleRouting.set { _ in .done("index") }

    #expect(router.route("myapp://people/7") == .done("show 7"))
    #expect(router.route("https://example.com/people") == .done("index"))
  }

  @Test("A routing without an action is not held: the URL is unmatched at once")
  func notHeld() throws {
    let router = Router<ActionResult>()
    let showPersonRouting = ActionSlot()
    try router.register("/people/:id", handler: run(showPersonRouting))
    let failures = Recorder<String>()
    router.unmatchedHandler = { request in
      failures.append("\(request.reason) \(request.url)")
      return nil
    }
    #expect(router.route("myapp://people/7") == nil)
    #expect(failures.all == ["allDeclined myapp://people/7"])
    showPersonRouting.set { _ in .done("late") }
    #expect(router.route("myapp://people/7") == .done("late"))
  }

  @Test("A custom router type with its routings")
  func customRouter() throws {
    let app = try YourAppRouter()
    app.openPageRouting.set { _ in .done("page") }
    app.openSettingRouting.set { .done("setting \($0.pathParameters["name"] ?? "-")") }
    #expect(app.router.route("myapp://pages/open") == .done("page"))
    #expect(app.router.route("myapp://setting/privacy") == .done("setting privacy"))
    #expect(app.router.routes.map(\.name) == ["openPage", "openSetting"])
  }

  @Test("Block actions and results: a FailResult reaches the caller and the observers")
  func results() throws {
    let router = Router<ActionResult>()
    let routing = ActionSlot()
    try router.register("/pages/open", handler: run(routing))
    routing.set { _ in .fail(message: "Not logged in yet") }
    let events = Recorder<String>()
    router.observe { events.append("\($0.outcome) \($0.pattern ?? "-")") }
    let result = router.resolve("myapp://pages/open")
    #expect(result.output == .fail(message: "Not logged in yet"))
    #expect(result.match?.route.pattern.text == "/pages/open")
    #expect(events.all == ["handled /pages/open"])
  }

  @Test("Parameters: path, query, and which one wins")
  func parameters() throws {
    let router = Router<Request>()
    try router.register("/people/:id") { Request($0) }
    let request = try #require(router.route("myapp://people/7?id=9&sort=name"))
    #expect(request.url == "myapp://people/7?id=9&sort=name")
    #expect(request.pathParameters == ["id": "7"])
    #expect(request.queryParameters == ["id": "9", "sort": "name"])
    #expect(request.parameters == ["id": "9", "sort": "name"])  // PromisingRouter: query wins
    let match = try #require(router.match("myapp://people/7?id=9&sort=name"))
    #expect(match["id"] == "7")  // Switchyard: the path wins
    #expect(match.query.last("id") == "9")
  }

  @Test("routerDidFailToRoute: the unmatched handler gets the URL and its query")
  func didFailToRoute() throws {
    let router = Router<ActionResult>()
    try router.register("/people/:id") { _ in .done("person") }
    let failures = Recorder<String>()
    router.unmatchedHandler = { request in
      let parameters = request.query.items.map { "\($0.name)=\($0.value)" }
      failures.append("\(request.url) \(parameters)")
      return nil
    }
    #expect(router.route("myapp://pets/3?from=mail") == nil)
    #expect(failures.all == [#"myapp://pets/3?from=mail ["from=mail"]"#])
  }
}
