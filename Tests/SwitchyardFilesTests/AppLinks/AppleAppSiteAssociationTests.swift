import Switchyard
import Testing

@testable import SwitchyardFiles

/// Every pattern feature's translation into Apple's components, its warning, and agreement
/// between the exported file (read by an independent model of Apple's matching) and the router.
@Suite("apple-app-site-association export")
struct AppleAppSiteAssociationTests {
  static let appID = "ABCDE12345.com.example.app"

  /// name, pattern, the paths its components get, whether it warns, and the pattern of the
  /// documented superset (what the file lets in, as a route of its own).
  static let features:
    [(name: String, pattern: String, paths: [String], warns: Bool, superset: String)] = [
      (
        "literal", "https://example.com/about/team", ["/about/team", "/about/team/"], false,
        "https://example.com/about/team"
      ),
      (
        "capture", "https://example.com/user/:name", ["/user/?*"], false,
        "https://example.com/user/<path:n>"
      ),
      (
        "typedInt", "https://example.com/order/<int:id>", ["/order/?*"], true,
        "https://example.com/order/<path:n>"
      ),
      (
        "typedFloat", "https://example.com/price/<float:p>", ["/price/?*"], true,
        "https://example.com/price/<path:n>"
      ),
      (
        "uuid", "https://example.com/item/<uuid:id>",
        [
          "/item/????????-????-????-????-????????????",
          "/item/????????-????-????-????-????????????/",
        ], true, "https://example.com/item/<path:n>"
      ),
      (
        "mixed", "https://example.com/files/<id>.json", ["/files/?*.json", "/files/?*.json/"],
        false,
        "https://example.com/files/*/<x>.json"
      ),
      (
        "optional", "https://example.com/docs(/latest)/intro",
        ["/docs/latest/intro", "/docs/latest/intro/", "/docs/intro", "/docs/intro/"], false,
        "https://example.com/docs(/latest)/intro"
      ),
      (
        "starEnd", "https://example.com/help/*rest", ["/help", "/help/", "/help/?*"], false,
        "https://example.com/help/*rest"
      ),
      (
        "starMiddle", "https://example.com/a/*/b", ["/a/b", "/a/b/", "/a/?*/b", "/a/?*/b/"], false,
        "https://example.com/a/*/b"
      ),
      (
        "pathCapture", "https://example.com/raw/<path:p>", ["/raw/?*"], false,
        "https://example.com/raw/<path:p>"
      ),
      (
        "query", "https://example.com/search?q=<term>&sort=new", ["/search", "/search/"], false,
        "https://example.com/search?q=<term>&sort=new"
      ),
      (
        "fragment", "https://example.com/faq#<section>", ["/faq", "/faq/"], true,
        "https://example.com/faq"
      ),
      (
        "fragmentLiteral", "https://example.com/terms#privacy", ["/terms", "/terms/"], false,
        "https://example.com/terms#privacy"
      ),
      (
        "literalStar", "https://example.com/odd/a%2Ab", ["/odd/a?b", "/odd/a?b/"], true,
        "https://example.com/odd/<x>"
      ),
      ("root", "https://example.com/", ["/"], false, "https://example.com/"),
    ]

  static func table(_ routes: [(String, String)], options: RouteOptions = RouteOptions()) throws
    -> RouteTable
  {
    var table = RouteTable(options: options)
    for (name, pattern) in routes { try table.add(name, pattern) }
    return table
  }

  @Test("Each feature becomes the documented components, with a warning only when inexact")
  func translations() throws {
    for feature in Self.features {
      let table = try Self.table([(feature.name, feature.pattern)])
      let export = AppleAppSiteAssociation.export(
        table, appIDs: [Self.appID], host: "example.com")
      let components = try #require(export.file.details.first?.components)
      #expect(components.map(\.path) == feature.paths, "\(feature.name)")
      #expect(components.allSatisfy { !$0.exclude })
      #expect(!export.warnings.isEmpty == feature.warns, "\(feature.name): \(export.warnings)")
      #expect(export.warnings.allSatisfy { $0.routeName == feature.name })
    }
  }

  @Test("Query requirements become a query dictionary; fragments a '#' pattern")
  func queryAndFragment() throws {
    let table = try Self.table([
      ("q", "https://example.com/search?q=<term>&sort=new&page=<int:page>"),
      ("f", "https://example.com/terms#privacy"),
    ])
    let export = AppleAppSiteAssociation.export(table, appIDs: [Self.appID])
    let components = export.file.details[0].components
    #expect(components[0].query == .items([("page", "?*"), ("q", "*"), ("sort", "new")]))
    // Each path also with a final '/' (the router's same path, iOS's another).
    #expect(components.map(\.path) == ["/search", "/search/", "/terms", "/terms/"])
    #expect(components[2].fragment == "privacy")
    #expect(export.warnings.map(\.routeName) == ["q"])
  }

  /// URLs around each feature: ones the route takes and near misses.
  static let probes: [String] = [
    "/about/team", "/about/team2", "/about", "/about/team/x", "/About/Team",
    "/user/jane", "/user/7", "/user", "/user/a/b",
    "/order/7", "/order/-12", "/order/x", "/order", "/order/7/8",
    "/price/2.5", "/price/abc", "/item/123e4567-e89b-12d3-a456-426614174000",
    "/item/zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz", "/item/123",
    "/files/a.json", "/files/.json", "/files/a.txt", "/files/a/b.json",
    "/docs/intro", "/docs/latest/intro", "/docs/old/intro", "/docs",
    "/help", "/help/a", "/help/a/b/c", "/helpme",
    "/a/b", "/a/x/b", "/a/x/y/b", "/a/x", "/a",
    "/raw/x", "/raw/x/y", "/raw",
    "/search?q=swift&sort=new", "/search?q=&sort=new", "/search?q=swift", "/search?sort=new",
    "/search?q=swift&sort=old", "/search?sort=new&q=a%20b&x=1",
    "/faq#shipping", "/faq#", "/faq", "/terms#privacy", "/terms#other", "/terms",
    "/odd/a*b", "/odd/axb", "/odd/ab", "/", "/nowhere", "/caf%C3%A9",
    // A trailing '/': the router reads `/a/` as `/a`, iOS does not.
    "/about/team/", "/user/jane/", "/order/7/", "/docs/intro/", "/docs/latest/intro/", "/help/",
    "/help/a/", "/a/b/", "/a/x/b/", "/files/a.json/", "/search/?q=swift&sort=new",
    "/faq/#shipping", "/terms/#privacy", "/odd/a*b/",
  ].map { "https://example.com" + $0 }

  @Test("The exported file lets in what the router handles, within the documented superset")
  func agreesWithRouter() throws {
    let table = try Self.table(Self.features.map { ($0.name, $0.pattern) })
    let superset = try Self.table(Self.features.map { ($0.name, $0.superset) })
    let file = AppleAppSiteAssociation.export(table, appIDs: [Self.appID], host: "example.com")
      .file
    let router = RouteMatcher(table)
    let relaxed = RouteMatcher(superset)
    var refused = 0
    for url in Self.probes {
      let opens = Reference.appleOpens(file, url)
      #expect(file.opens(url) == opens, "library and reference disagree on \(url)")
      if router.match(url) != nil {
        #expect(opens, "the router handles \(url) but the file keeps it out")
      }
      if opens {
        #expect(relaxed.match(url) != nil, "the file lets in \(url), beyond the superset")
      } else {
        refused += 1
      }
    }
    #expect(refused >= 15)
  }

  @Test("Web-only routes become exclude components ahead of the app routes they override")
  func webOnly() throws {
    var table = RouteTable()
    try table.add("home", "https://example.com/")
    try table.add("admin", "https://example.com/admin/*", priority: 1)
    try table.add("login", "https://example.com/login")
    try table.add("all", "https://example.com/*", priority: -1)
    let export = AppleAppSiteAssociation.export(
      table, appIDs: [Self.appID], webOnly: ["admin", "login"])
    let components = export.file.details[0].components
    // home's "/" and all's empty catch-all are one component once comments are left out.
    #expect(components.map(\.exclude) == [true, true, true, true, true, false, false])
    #expect(
      components.map(\.path) == ["/admin", "/admin/", "/admin/?*", "/login", "/login/", "/", "/?*"])
    let router = RouteMatcher(table)
    for path in [
      "/", "/admin", "/admin/", "/admin/users/7", "/login", "/login/", "/shop/7", "/loginx",
    ] {
      let url = "https://example.com" + path
      let winner = try #require(router.match(url)?.route.name)
      let opensInApp = winner != "admin" && winner != "login"
      #expect(Reference.appleOpens(export.file, url) == opensInApp, "\(url)")
    }
  }

  @Test("A web-only exclusion that also takes an app route's links warns on that route")
  func exclusionTakesAppLinks() throws {
    let table = try Self.table([
      ("page", "https://example.com/docs/:page"), ("rest", "https://example.com/docs/*rest"),
      ("about", "https://example.com/about"),
    ])
    let export = AppleAppSiteAssociation.export(table, appIDs: [Self.appID], webOnly: ["page"])
    // The router gives /docs/a/b to the app route; the exclusion /docs/?* keeps it on the web.
    #expect(RouteMatcher(table).match("https://example.com/docs/a/b")?.route.name == "rest")
    #expect(!Reference.appleOpens(export.file, "https://example.com/docs/a/b"))
    #expect(
      export.warnings == [
        AppLinkWarning(
          routeName: "rest",
          message: #"the web-only route "page"'s exclusion "/docs/?*" also takes "#
            + "https://example.com/docs/x/y, which this route handles, so the link stays on the "
            + "web (the file's wildcards cannot be as narrow as the web-only route)")
      ])
    // Without the app route nothing is lost, and nothing is said.
    let alone = try Self.table([("page", "https://example.com/docs/:page")])
    #expect(
      AppleAppSiteAssociation.export(alone, appIDs: [Self.appID], webOnly: ["page"]).warnings
        .isEmpty)
  }

  @Test("Case-insensitive paths give caseSensitive false; query literals warn")
  func caseInsensitive() throws {
    let table = try Self.table(
      [("team", "https://example.com/about/team"), ("s", "https://example.com/s?sort=new")],
      options: RouteOptions(caseInsensitivePaths: true))
    let export = AppleAppSiteAssociation.export(table, appIDs: [Self.appID])
    #expect(export.file.details[0].caseSensitive == false)
    #expect(export.file.details[0].percentEncoded == false)
    #expect(Reference.appleOpens(export.file, "https://example.com/About/TEAM"))
    #expect(RouteMatcher(table).match("https://example.com/About/TEAM") != nil)
    #expect(export.warnings.map(\.routeName) == ["s"])
  }

  @Test("A '%2F' inside a segment is written as a '/', with a warning on both platforms")
  func encodedSlash() throws {
    let table = try Self.table([
      ("encoded", "https://example.com/a%2Fb"), ("plain", "https://example.com/c/d"),
    ])
    let apple = AppleAppSiteAssociation.export(table, appIDs: [Self.appID])
    let android = AndroidIntentFilters.export(table)
    // Both files let the two-segment /a/b in, which the router does not route …
    #expect(RouteMatcher(table).match("https://example.com/a/b") == nil)
    #expect(apple.file.opens("https://example.com/a/b"))
    #expect(android.file.opens("https://example.com/a/b"))
    // … and each export says so for that route only.
    for warnings in [apple.warnings, android.warnings] {
      let slash = warnings.filter { $0.message.contains("holds a '/'") }
      #expect(slash.map(\.routeName) == ["encoded"])
    }
  }

  @Test("Comments are opt-in; a file over 128 KB warns; several hosts without a host warn")
  func sizeCommentsAndHosts() throws {
    let table = try Self.table(
      (0..<1_500).map { ("r\($0)", "https://example.com/a-rather-long-section-name-\($0)/:id") })
    let plain = AppleAppSiteAssociation.export(table, appIDs: [Self.appID])
    #expect(plain.file.details[0].components.allSatisfy { $0.comment == nil })
    #expect(plain.file.json.utf8.count <= AppleAppSiteAssociation.maximumSize)
    #expect(plain.warnings.isEmpty)
    let commented = AppleAppSiteAssociation.export(table, appIDs: [Self.appID], comments: true)
    #expect(
      commented.file.details[0].components[0].comment == "r0: " + table.routes[0].pattern.text)
    let size = commented.file.json.utf8.count
    #expect(size > AppleAppSiteAssociation.maximumSize)
    #expect(
      commented.warnings == [
        AppLinkWarning(
          routeName: nil,
          message: "the file is \(size) bytes, over the 131072 bytes (128 KB) Apple reads; "
            + "leave out the comments to shrink it")
      ])
    #expect(commented.warnings[0].description.hasPrefix("warning: the file is "))

    let hosts = try Self.table([
      ("a", "https://a.example.org/x/:id"), ("b", "https://(www.)b.example.org/y"),
      ("c", "/z"), ("d", "https://*.example.org/w"),
    ])
    #expect(
      AppleAppSiteAssociation.hosts(in: hosts) == [
        "a.example.org", "www.b.example.org", "b.example.org", "*.example.org",
      ])
    let all = AppleAppSiteAssociation.export(hosts, appIDs: [Self.appID])
    #expect(all.warnings.map(\.routeName) == [nil])
    #expect(all.warnings[0].message.hasPrefix("the routes name 4 hosts (a.example.org, "))
    let one = AppleAppSiteAssociation.export(hosts, appIDs: [Self.appID], host: "a.example.org")
    #expect(one.warnings.isEmpty)
  }

  @Test("plusAsSpace: a query literal's space is widened to '?' with a warning")
  func plusAsSpace() throws {
    let table = try Self.table(
      [("find", "https://example.com/find?k=a b"), ("plain", "https://example.com/p?k=ab")],
      options: RouteOptions(plusAsSpace: true))
    let export = AppleAppSiteAssociation.export(table, appIDs: [Self.appID])
    let url = "https://example.com/find?k=a+b"
    #expect(RouteMatcher(table).match(url)?.route.name == "find")
    #expect(Reference.appleOpens(export.file, url))
    #expect(export.file.details[0].components[0].query == .items([("k", "a?b")]))
    #expect(export.warnings.map(\.routeName) == ["find"])
    #expect(export.warnings[0].message.contains("(plusAsSpace)"))
  }

  @Test("Only routes that answer https on the host are exported")
  func hostFilter() throws {
    let table = try Self.table([
      ("main", "https://example.com/a"),
      ("www", "https://(www.)example.com/b"),
      ("sub", "https://*.example.com/c"),
      ("other", "https://other.example.org/d"),
      ("anyHost", "/e"),
      ("anyScheme", "//example.com/f"),
      ("http", "http://example.com/g"),
      ("port", "https://example.com:8443/h"),
      ("custom", "myapp://i"),
    ])
    func paths(_ host: String?) -> [String] {
      AppleAppSiteAssociation.export(table, appIDs: [Self.appID], host: host).file.details[0]
        .components.compactMap(\.path)
    }
    func slashed(_ paths: [String]) -> [String] { paths.flatMap { [$0, $0 + "/"] } }
    #expect(paths("example.com") == slashed(["/a", "/b", "/e", "/f"]))
    #expect(paths("www.example.com") == slashed(["/b", "/c", "/e"]))
    #expect(paths("other.example.org") == slashed(["/d", "/e"]))
    #expect(paths(nil) == slashed(["/a", "/b", "/c", "/d", "/e", "/f"]))
  }

  @Test("The JSON has the documented structure and reads back to the same file")
  func jsonStructure() throws {
    let table = try Self.table(Self.features.map { ($0.name, $0.pattern) })
    let file = AppleAppSiteAssociation.export(
      table, appIDs: [Self.appID, "ABCDE12345.com.example.app2"], comments: true
    ).file
    let root = try JSONParser.parse(file.json)
    #expect(root.objectMembers?.map(\.key) == ["applinks"])
    let applinks = try #require(root["applinks"])
    #expect(applinks.objectMembers?.map(\.key) == ["details"])
    let details = try #require(applinks["details"]?.arrayElements)
    #expect(details.count == 1)
    let detail = details[0]
    #expect(detail.objectMembers?.map(\.key) == ["appIDs", "defaults", "components"])
    let ids = try #require(detail["appIDs"]?.arrayElements).compactMap(\.stringValue)
    #expect(ids == [Self.appID, "ABCDE12345.com.example.app2"])
    for id in ids {
      let team = id.prefix { $0 != "." }
      #expect(team.count == 10 && team.allSatisfy { $0.isUppercase || $0.isNumber })
    }
    #expect(detail["defaults"]?["caseSensitive"]?.kind == .bool(true))
    #expect(detail["defaults"]?["percentEncoded"]?.kind == .bool(false))
    let allowed: Set<String> = [
      "/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment",
    ]
    for component in try #require(detail["components"]?.arrayElements) {
      let members = try #require(component.objectMembers)
      #expect(members.allSatisfy { allowed.contains($0.key) })
      #expect(component["/"]?.stringValue?.hasPrefix("/") == true)
      if let query = component["?"] {
        #expect(query.objectMembers?.allSatisfy { $0.value.stringValue != nil } == true)
      }
      #expect(component["comment"]?.stringValue != nil)
    }
    #expect(try AppleAppSiteAssociation(json: file.json) == file)
  }

  @Test("Reading: legacy paths, appID, unknown keys and wrong types with their position")
  func reading() throws {
    let legacy = try AppleAppSiteAssociation(
      json:
        #"{"applinks":{"apps":[],"details":[{"appID":"A.b","paths":["NOT /x/*","/*"]}]},"webcredentials":{"apps":["A.b"]}}"#
    )
    #expect(legacy.details[0].appIDs == ["A.b"])
    #expect(legacy.details[0].components.map(\.exclude) == [true, false])
    #expect(!legacy.opens("https://h/x/1"))
    #expect(legacy.opens("https://h/y"))

    #expect(
      throws: AppLinkFileError(
        line: 2, column: 44, message: "\"/\" must be a string, not an integer")
    ) {
      try AppleAppSiteAssociation(
        json:
          "{\"applinks\": {\"details\": [\n  {\"appIDs\": [\"A.b\"], \"components\": [{\"/\": 3}]}]}}"
      )
    }
    #expect(throws: AppLinkFileError.self) {
      try AppleAppSiteAssociation(
        json: #"{"applinks":{"details":[{"appIDs":["A.b"],"component":[]}]}}"#)
    }
    #expect(throws: AppLinkFileError.self) {
      try AppleAppSiteAssociation(json: #"{"webcredentials":{}}"#)
    }
    #expect(throws: AppLinkFileError.self) { try AppleAppSiteAssociation(json: "{") }
  }

  @Test("Apple's matching: first matching component decides; appID picks the detail")
  func matching() throws {
    let file = AppleAppSiteAssociation(details: [
      .init(
        appIDs: ["A.one"],
        components: [
          .init(path: "/private/*", exclude: true),
          .init(path: "/*", query: .items([("ref", "?*")])),
          .init(path: "/p/???"),
          .init(path: "/x", fragment: "top"),
        ]),
      .init(appIDs: ["A.two"], components: [.init(path: "/*")]),
    ])
    #expect(!file.opens("https://h/private/a?ref=x", appID: "A.one"))
    #expect(file.opens("https://h/private/a?ref=x", appID: "A.two"))
    #expect(file.opens("https://h/any/thing?ref=x", appID: "A.one"))
    #expect(!file.opens("https://h/any/thing?ref=", appID: "A.one"))
    #expect(file.opens("https://h/p/abc", appID: "A.one"))
    #expect(!file.opens("https://h/p/abcd", appID: "A.one"))
    #expect(file.opens("https://h/x#top", appID: "A.one"))
    #expect(!file.opens("https://h/x", appID: "A.one"))
    #expect(!file.opens("https://h/y", appID: "A.three"))
  }

  @Test("The wildcard matcher agrees with a reference on many patterns and texts")
  func wildcards() {
    let patterns = ["*", "?", "", "/a*", "*a", "?*", "a*b*c", "*?*", "/x/*/y", "??", "a?c", "**a"]
    let texts = ["", "a", "abc", "aXbYc", "/a", "/x/1/2/y", "/x//y", "ab", "ba", "aaa", "é", "/A"]
    for pattern in patterns {
      for text in texts {
        for caseSensitive in [true, false] {
          #expect(
            AppleWildcard(pattern).matches(text, caseSensitive: caseSensitive)
              == Reference.appleGlob(pattern, text, caseSensitive: caseSensitive),
            "\(pattern) on \(text)")
        }
      }
    }
    // Long inputs stay linear-ish: no recursion, no blow-up.
    let long = String(repeating: "a", count: 20_000)
    #expect(
      !AppleWildcard(String(repeating: "*a", count: 50) + "b").matches(long, caseSensitive: true))
  }
}
