import Switchyard
import SwitchyardMigration
import Testing

// Every example of the HandyRouter seed document, in Switchyard's API. HandyRouter's
// `route(to:) -> Bool` is `router.route(url) ?? false` on a `Router<Bool>`.

enum RouteJumper: String, PageModule {
  case a = "A", b = "B"
  static var module: String { "Module" }
}

enum ParameterJumper: String, PageModule {
  case a = "A"
  static var module: String { "Module" }
}

enum MultiComponentJumper: String, PageModule {
  case a = "PageA"
  case b = "PageB"
  static var module: String { "This/is/your/Module/Name" }
}

enum WildcardJumper: String, PageModule {
  case a = "PageA"
  case b = "PageB"
  static var module: String { "wildcardDemo/*" }
}

enum OptionalJumper: String, PageModule {
  case a = "PageA"
  case b = "PageB"
  static var module: String { "my/(optional)/module" }
}

enum SchemeJumper: String, PageModule {
  case a = "A"
  static var module: String { "Module" }
}

enum FragmentPageJumper: String, PageModule {
  case a = "A#fragment"
  static var module: String { "Module" }
}

enum FragmentParameterJumper: String, PageModule {
  case a = "A"
  static var module: String { "Module" }
}

@Suite("Migrating from HandyRouter")
struct MigratingFromHandyRouterTests {
  /// A `Router<Bool>` with `module` registered; the handler records each page it jumps to.
  func router<Module: PageModule>(
    _ module: Module.Type, scheme: String? = nil, options: PageModuleOptions = [],
    pages: Recorder<String> = Recorder<String>()
  ) throws -> Router<Bool> {
    let router = Router<Bool>()
    try router.register(module: module, scheme: scheme, options: options) { page, _ in
      pages.append(page.rawValue)
      return true
    }
    return router
  }

  @Test("Handle deeplinks quickly")
  func quickDemo() throws {
    let pages = Recorder<String>()
    let router = try router(RouteJumper.self, pages: pages)
    #expect(router.route("https://www.example.com/Module/A") ?? false)
    #expect(router.route("https://www.example.com/Module/B") ?? false)
    #expect(!(router.route("https://www.example.com/Module/C") ?? false))
    #expect(pages.all == ["A", "B"])
    #expect(router.table.routes.map(\.pattern.text) == ["/Module/A", "/Module/B"])
    #expect(
      router.table.routes.map(\.name) == [
        "SwitchyardRoutingTests.RouteJumper.A", "SwitchyardRoutingTests.RouteJumper.B",
      ])
  }

  @Test("Both string and array types in parameters")
  func parameters() throws {
    let router = Router<Bool>()
    let arrays = Recorder<[String]>()
    let strings = Recorder<String?>()
    try router.register(module: ParameterJumper.self) { page, parameters in
      switch page {
      case .a:
        arrays.append(parameters.all("arrayTypeDemo"))
        strings.append(parameters["stringTypeDemo"])
        return true
      }
    }
    let url =
      "https://www.example.com/Module/A?arrayTypeDemo=1&arrayTypeDemo=2&stringTypeDemo=A"
    #expect(router.route(url) ?? false)
    #expect(arrays.all == [["1", "2"]])
    #expect(strings.all == ["A"])
  }

  @Test("Treating host as path")
  func hostAsPath() throws {
    let router = try router(RouteJumper.self, options: .hostAsPath)
    #expect(router.route("https://Module/A") ?? false)
    #expect(router.route("https://Module/B") ?? false)
    #expect(!(router.route("https:///Module/C") ?? false))
    #expect(!(router.route("https://Module/C") ?? false))
    // Without the option the host stays a host for https:
    let plain = try self.router(RouteJumper.self)
    #expect(!(plain.route("https://Module/A") ?? false))
    #expect(plain.route("https://www.example.com/Module/A") ?? false)
  }

  @Test("Custom schemes read their host as a path segment without any option")
  func customSchemeHost() throws {
    let router = try router(RouteJumper.self)
    #expect(router.route("handyrouter://Module/A") ?? false)
  }

  @Test("Multiple path components in the module name")
  func multipleComponents() throws {
    let router = try router(MultiComponentJumper.self, options: .hostAsPath)
    #expect(router.route("https://This/is/your/Module/Name/PageA") ?? false)
    #expect(router.route("https://This/is/your/Module/Name/PageB") ?? false)
    #expect(!(router.route("https://This/is/your/Module/PageA") ?? false))
  }

  @Test("Wildcard in the module name")
  func wildcard() throws {
    let router = try router(WildcardJumper.self, options: .hostAsPath)
    #expect(router.route("https://wildcardDemo/PageA") ?? false)
    #expect(
      router.route("https://wildcardDemo/The/wildcard/will/match/all/subsequent/paths/PageB")
        ?? false)
    #expect(!(router.route("https://wildcardDemo/The/wildcard/PageC") ?? false))
  }

  @Test("Optional names in the module name")
  func optionalName() throws {
    let router = try router(OptionalJumper.self, options: .hostAsPath)
    #expect(router.route("https://my/optional/module/PageA") ?? false)
    #expect(router.route("https://my/module/PageB") ?? false)
    #expect(!(router.route("https://my/other/module/PageB") ?? false))
  }

  @Test("Without a scheme, every scheme matches")
  func anyScheme() throws {
    let router = try router(SchemeJumper.self, options: .hostAsPath)
    #expect(router.route("schemeA://Module/A") ?? false)
    #expect(router.route("schemeB://Module/A") ?? false)
  }

  @Test("With a scheme, other schemes do not match")
  func oneScheme() throws {
    let router = try router(SchemeJumper.self, scheme: "schemeA", options: .hostAsPath)
    #expect(router.route("schemeA://Module/A") ?? false)
    #expect(!(router.route("schemeB://Module/A") ?? false))
    #expect(router.table.routes.map(\.pattern.text) == ["schemeA:///Module/A"])
  }

  @Test("A scheme that keeps its host, with .hostAsPath")
  func webSchemeHostAsPath() throws {
    let router = try router(SchemeJumper.self, scheme: "https", options: .hostAsPath)
    #expect(router.route("https://Module/A") ?? false)
    #expect(router.route("https://www.example.com/Module/A") ?? false)
    #expect(!(router.route("http://Module/A") ?? false))
    #expect(router.table.routes.map(\.pattern.text) == ["https:///Module/A", "https://Module/A"])
  }

  @Test("A fragment as part of the page")
  func fragmentPage() throws {
    let pages = Recorder<String>()
    let router = try router(FragmentPageJumper.self, pages: pages)
    #expect(router.route("https://www.example.com/Module/A#fragment") ?? false)
    #expect(pages.all == ["A#fragment"])
    #expect(!(router.route("https://www.example.com/Module/A") ?? false))
    #expect(!(router.route("https://www.example.com/Module/A#other") ?? false))
  }

  @Test("A fragment in the form of parameters")
  func fragmentParameters() throws {
    let router = Router<Bool>()
    let values = Recorder<[String?]>()
    try router.register(module: FragmentParameterJumper.self) { page, parameters in
      values.append([parameters["key1"], parameters["key2"]])
      return true
    }
    #expect(router.route("https://www.example.com/Module/A#key1=value1&key2=value2") ?? false)
    #expect(values.all == [["value1", "value2"]])
  }

  @Test("The unmatch handler")
  func unmatchHandler() throws {
    let router = try router(RouteJumper.self, scheme: "schemeA", options: .hostAsPath)
    let seen = Recorder<String>()
    router.unmatchedHandler = { request in
      seen.append(
        "\(request.parts.scheme ?? "-") \(request.parts.pathSegments) \(request.query.items.map(\.value))"
      )
      return nil
    }
    #expect(router.route("schemeA://Module/A") ?? false)
    #expect(!(router.route("schemeB://Module/B?x=1") ?? false))
    #expect(seen.all == [#"schemeb ["Module", "B"] ["1"]"#])
  }

  @Test("A handler that declines lets the next candidate run")
  func moduleDecline() throws {
    let router = Router<String>()
    try router.register(module: RouteJumper.self) { page, _ in page == .a ? nil : "module" }
    try router.register("/Module/:page") { "generic \($0["page"] ?? "")" }
    #expect(router.route("https://x.com/Module/A") == "generic A")
    #expect(router.route("https://x.com/Module/B") == "module")
  }

  @Test("Registering one module for two schemes, and removing it")
  func twoSchemesAndRemove() throws {
    let router = Router<String>()
    try router.register(module: RouteJumper.self, scheme: "one") { _, _ in "one" }
    try router.register(module: RouteJumper.self, scheme: "two") { _, _ in "two" }
    #expect(router.route("one://Module/A") == "one")
    #expect(router.route("two://Module/A") == "two")
    #expect(router.remove(module: RouteJumper.self).count == 4)
    #expect(router.table.routes.isEmpty)
  }

  @Test("Page text is literal: pattern characters in raw values are escaped")
  func literalPages() throws {
    enum Odd: String, PageModule {
      case a = "a:b"
      case star = "*"
      case nested = "detail/info"
      static let module = "m"
    }
    let router = Router<String>()
    try router.register(module: Odd.self) { page, _ in page.rawValue }
    #expect(router.route("myapp://m/a:b") == "a:b")
    #expect(router.route("myapp://m/*") == "*")
    #expect(router.route("myapp://m/x") == nil)
    #expect(router.route("myapp://m/detail/info") == "detail/info")
  }
}
