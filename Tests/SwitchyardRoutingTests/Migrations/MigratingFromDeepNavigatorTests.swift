import Switchyard
import Testing

// Every example of the DeepNavigator seed document, in Switchyard's API, with a recording
// navigation host standing in for UIKit.

enum Screen: Hashable {
  case user(Int)
  case post(String)
  case postID(Int)
  case web(String)
  case file(String)
  case score(Double)
}

/// Records what a navigator asks the UI to do.
@MainActor
final class RecordingHost: NavigationHost {
  var log: [String] = []
  var stack: [Screen] = []

  func push(_ screen: Screen, animated: Bool) {
    log.append("push \(screen)")
    stack.append(screen)
  }

  func present(_ screen: Screen, wrap: Bool, animated: Bool) {
    log.append("present \(screen)\(wrap ? " wrapped" : "")")
  }

  func setStack(_ screens: [Screen], animated: Bool) {
    log.append("setStack \(screens)")
    stack = screens
  }
}

/// DeepNavigable: a failable initializer from the URL's values.
struct UserScreen {
  let userID: Int

  init?(match: RouteMatch) {
    // "Let's assume that the user id is required"
    guard let userID = (try? match.value("id", as: Int.self)) else { return nil }
    self.userID = userID
  }
}

@MainActor
@Suite("Migrating from DeepNavigator")
struct MigratingFromDeepNavigatorTests {
  let host = RecordingHost()

  /// `URLNavigationMap.initialize()`: the mappings of "At a Glance".
  func makeNavigator(alerts: Recorder<String> = Recorder<String>()) throws -> Navigator<Screen> {
    let navigator = Navigator<Screen>(host: host)
    try navigator.map("myapp://user/<int:id>") { match in
      UserScreen(match: match).map { .user($0.userID) }
    }
    try navigator.map("myapp://post/<title>") { .post(try $0.value("title", as: String.self)) }
    try navigator.map(
      "myapp://alert",
      open: { match in
        alerts.append("\(match.query.last("title") ?? "-") \(match.query.last("message") ?? "-")")
        return true
      })
    return navigator
  }

  @Test("Mapping URL patterns; pushing, presenting and opening URLs")
  func atAGlance() throws {
    let alerts = Recorder<String>()
    let navigator = try makeNavigator(alerts: alerts)
    #expect(navigator.push("myapp://user/123") == .user(123))
    #expect(navigator.present("myapp://post/54321", wrap: true) == .post("54321"))
    #expect(navigator.open("myapp://alert?title=Hello&message=World"))
    #expect(host.log == ["push user(123)", "present post(\"54321\") wrapped"])
    #expect(alerts.all == ["Hello World"])
  }

  @Test("present without wrap, and URLs that map to nothing")
  func presentAndMisses() throws {
    let navigator = try makeNavigator()
    #expect(navigator.present("myapp://post/hello") == .post("hello"))
    #expect(navigator.push("myapp://nowhere") == nil)
    #expect(navigator.present("myapp://nowhere", wrap: true) == nil)
    #expect(!navigator.open("myapp://nowhere"))
    #expect(host.log == ["present post(\"hello\")"])
  }

  @Test("Placeholders have types: string (default), int, float and path")
  func placeholderTypes() throws {
    let navigator = Navigator<Screen>(host: host)
    try navigator.map("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    try navigator.map("myapp://user/<name>") { .post(try $0.value("name", as: String.self)) }
    try navigator.map("myapp://score/<float:value>") {
      .score(try $0.value("value", as: Double.self))
    }
    try navigator.map("myapp://files/<path:p>") { .file(try $0.value("p", as: String.self)) }
    #expect(navigator.screen(for: "myapp://user/7") == .user(7))
    #expect(navigator.screen(for: "myapp://user/seven") == .post("seven"))
    #expect(navigator.screen(for: "myapp://score/2.5") == .score(2.5))
    #expect(navigator.screen(for: "myapp://files/a/b/c.txt") == .file("a/b/c.txt"))
    #expect(navigator.screen(for: "myapp://files") == nil)
  }

  @Test("Implementing DeepNavigable: a failable initializer declines")
  func failableInit() throws {
    let navigator = Navigator<Screen>(host: host)
    // The id is required: a factory that returns nil lets the next candidate run.
    try navigator.map("myapp://user/:id") { UserScreen(match: $0).map { .user($0.userID) } }
    try navigator.map("myapp://user/:name", name: "by name") {
      .post(try $0.value("name", as: String.self))
    }
    #expect(navigator.screen(for: "myapp://user/5") == .user(5))
    #expect(navigator.screen(for: "myapp://user/devxoul") == .post("devxoul"))
  }

  @Test("AppDelegate launch option URL: viewControllerForURL")
  func launchURL() throws {
    let navigator = try makeNavigator()
    let root = navigator.screen(for: "myapp://user/10")
    #expect(root == .user(10))
    #expect(host.log.isEmpty)
  }

  @Test("AppDelegate open URL method: open, else present wrapped, else false")
  func openURLMethod() throws {
    let navigator = try makeNavigator()
    func application(openURL url: String) -> Bool {
      if navigator.open(url) { return true }
      if navigator.present(url, wrap: true) != nil { return true }
      return false
    }
    #expect(application(openURL: "myapp://alert?title=Hi"))
    #expect(application(openURL: "myapp://user/3"))
    #expect(!application(openURL: "myapp://unknown"))
    #expect(host.log == ["present user(3) wrapped"])
  }

  @Test("Using with Storyboard: an open-handler that pushes a screen it builds")
  func storyboard() throws {
    let navigator = Navigator<Screen>(host: host)
    try navigator.map(
      "myapp://post/<int:id>",
      open: { [unowned navigator] match in
        guard let postID = (try? match.value("id", as: Int.self)) else { return false }
        navigator.host?.push(.postID(postID), animated: true)
        return true
      })
    #expect(navigator.open("myapp://post/12345"))
    #expect(host.log == ["push postID(12345)"])
    // pushURL only considers screen routes:
    #expect(navigator.push("myapp://post/12345") == nil)
  }

  @Test("Setting a default scheme")
  func defaultScheme() throws {
    let navigator = Navigator<Screen>(scheme: "myapp", host: host)
    try navigator.map("/user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    #expect(navigator.table.options.defaultScheme == "myapp")
    #expect(navigator.push("/user/10") == .user(10))
    #expect(navigator.push("myapp://user/10") == .user(10))
    #expect(navigator.push("other://user/10") == nil)
    #expect(host.log == ["push user(10)", "push user(10)"])
  }

  @Test("The default scheme does not affect URLs and patterns that have a scheme")
  func defaultSchemeKeepsOthers() throws {
    let navigator = Navigator<Screen>(scheme: "myapp", host: host)
    // myapp://user/<int:id>
    try navigator.map("/user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    try navigator.map("http://*/*path") { .web($0.url.host ?? "") }  // DeepNavigator: http://<path>
    #expect(navigator.screen(for: "http://example.com/a/b") == .web("example.com"))
    #expect(navigator.screen(for: "http://example.com/user/1") == .web("example.com"))
    #expect(navigator.screen(for: "/user/1") == .user(1))
  }

  @Test("An open-handler that returns false declines to the next one")
  func openDecline() throws {
    let navigator = Navigator<Screen>(host: host)
    let log = Recorder<String>()
    try navigator.map(
      "myapp://x/<int:id>",
      open: { _ in
        log.append("int")
        return false
      })
    try navigator.map(
      "myapp://x/:id",
      open: { _ in
        log.append("string")
        return true
      })
    #expect(navigator.open("myapp://x/1"))
    #expect(log.all == ["int", "string"])
  }

  @Test("Interceptors and observers work on a navigator")
  func interceptors() throws {
    let navigator = try makeNavigator()
    let events = Recorder<String>()
    navigator.observe { events.append("\($0.outcome) \($0.pattern ?? "-")") }
    navigator.intercept(name: "login") { request in
      request.match?.route.pattern.text == "myapp://post/<title>" ? .reject : .pass
    }
    #expect(navigator.push("myapp://post/secret") == nil)
    #expect(navigator.push("myapp://user/1") == .user(1))
    #expect(host.log == ["push user(1)"])
    #expect(
      events.all == ["rejected myapp://post/<title>", "handled myapp://user/<int:id>"])
  }

  @Test("Back stack: the screens of the parents, set on the host at once")
  func backStack() throws {
    let navigator = Navigator<Screen>(host: host)
    try navigator.map("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    try navigator.map("myapp://user/<int:uid>/post/<int:id>") {
      .postID(try $0.value("id", as: Int.self))
    }
    #expect(navigator.stack(for: "myapp://user/42/post/7") == [.user(42), .postID(7)])
    #expect(navigator.showStack(for: "myapp://user/42/post/7") == [.user(42), .postID(7)])
    #expect(host.stack == [.user(42), .postID(7)])
    #expect(navigator.showStack(for: "myapp://nowhere/1").isEmpty)
    #expect(host.log.count == 1)
  }

  @Test("remove, canRoute and the table's routes")
  func unmap() throws {
    let navigator = try makeNavigator()
    #expect(navigator.table.routes.count == 3)
    #expect(navigator.canRoute("myapp://alert"))
    #expect(navigator.remove("myapp://alert") != nil)
    #expect(!navigator.canRoute("myapp://alert"))
    #expect(!navigator.open("myapp://alert"))
  }

  @Test("The host is held weakly")
  func weakHost() throws {
    let navigator = Navigator<Screen>()
    try navigator.map("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    do {
      let temporary = RecordingHost()
      navigator.host = temporary
      #expect(navigator.host != nil)
    }
    #expect(navigator.host == nil)
    #expect(navigator.push("myapp://user/1") == .user(1))
  }

  @Test("The default setStack pushes each screen")
  func defaultSetStack() throws {
    final class PushOnly: NavigationHost {
      var pushed: [Screen] = []
      func push(_ screen: Screen, animated: Bool) { pushed.append(screen) }
      func present(_ screen: Screen, wrap: Bool, animated: Bool) {}
    }
    let pushOnly = PushOnly()
    let navigator = Navigator<Screen>(host: pushOnly)
    try navigator.map("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
    try navigator.map("myapp://user/<int:uid>/post/<int:id>") {
      .postID(try $0.value("id", as: Int.self))
    }
    navigator.showStack(for: "myapp://user/1/post/2")
    #expect(pushOnly.pushed == [.user(1), .postID(2)])
  }
}
