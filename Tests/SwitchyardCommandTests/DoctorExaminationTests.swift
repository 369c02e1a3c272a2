import Foundation
import Switchyard
import SwitchyardFiles
import Testing

@testable import SwitchyardCommand

/// `switchyard doctor`'s checks on answers made up here (no network, no trait needed): each
/// way a site can get its files or web links wrong, the message, the group and the exit status.
@Suite("switchyard doctor: the checks on fetched answers")
struct DoctorExaminationTests {
  static let appID = "ABCDE12345.com.example.shop"
  static let routes = """
    {
      "version": 1,
      "routes": [
        { "name": "product", "pattern": "https://shop.example/product/:id" },
        { "name": "cart",    "pattern": "https://shop.example/cart" },
        { "name": "account", "pattern": "shopapp://account" }
      ]
    }
    """
  static var table: RouteTable {
    get throws { try RouteFile.parse(routes, fileName: "routes.json") }
  }
  static let site = DoctorSite(origin: "https://shop.example", host: "shop.example")
  static let appleURL = "https://shop.example/.well-known/apple-app-site-association"
  static let androidURL = "https://shop.example/.well-known/assetlinks.json"
  static let cdnURL = "https://cdn.test/a/v1/shop.example"

  /// The file `export aasa` writes for `table`.
  static func association(_ table: RouteTable? = nil) throws -> String {
    AppleAppSiteAssociation.export(
      try table ?? Self.table, appIDs: [appID], host: "shop.example"
    ).file.json
  }

  static func json(_ text: String, status: Int = 200, type: String = "application/json")
    -> Result<DoctorResponse, DoctorFetchFailure>
  {
    json(Array(text.utf8), status: status, type: type)
  }

  static func json(_ bytes: [UInt8], status: Int = 200, type: String = "application/json")
    -> Result<DoctorResponse, DoctorFetchFailure>
  {
    .success(DoctorResponse(status: status, headers: [("Content-Type", type)], body: bytes))
  }

  /// A site that gets everything right, with `answers` replacing some of its answers; web
  /// links get a page, assetlinks.json a 404 (no Android app asked for).
  static func examine(
    _ answers: [String: Result<DoctorResponse, DoctorFetchFailure>] = [:],
    appleCDN: String? = "https://cdn.test/a/v1", appID: String? = nil
  ) async throws -> Result<DoctorReport, DoctorFetchFailure> {
    var site: [String: Result<DoctorResponse, DoctorFetchFailure>] = [
      appleURL: json(try association()), cdnURL: json(try association()),
      androidURL: .success(DoctorResponse(status: 404, headers: [], body: [])),
    ]
    site.merge(answers) { _, new in new }
    let request = DoctorRequest(
      site: Self.site, table: try table, appID: appID, appleCDN: appleCDN, timeout: 3)
    let served = site
    return await DoctorExamination.run(request) { url, browser in
      if let answer = served[url] { return answer }
      #expect(browser, "the files are fetched as the platforms do, not as a browser: \(url)")
      return .success(
        DoctorResponse(
          status: 200, headers: [("Content-Type", "text/html")], body: Array("<html>".utf8)))
    }
  }

  static func report(_ answers: [String: Result<DoctorResponse, DoctorFetchFailure>] = [:])
    async throws -> DoctorReport
  {
    try await examine(answers).get()
  }

  @Test("A site that serves the exported files and a page for each web link: ok, exit 0")
  func passes() async throws {
    let report = try await Self.report()
    #expect(report.findings == [])
    #expect(report.exitStatus == 0)
    #expect(report.webLinksChecked == 2)
    #expect(
      report.text
        == "ok: https://shop.example serves its app-link files as Apple and Google fetch them, "
        + "they let in what the routes handle, and the 2 routes' web links each land on a page\n")
  }

  @Test("A redirect: Apple does not follow it, exit 1")
  func redirect() async throws {
    let report = try await Self.report([
      Self.appleURL: .success(
        DoctorResponse(
          status: 301, headers: [("Location", "https://www.shop.example/aasa")], body: []))
    ])
    #expect(report.findings.map(\.kind) == ["redirect"])
    #expect(
      report.findings.first?.message
        == "redirects to https://www.shop.example/aasa (status 301): Apple does not follow "
        + "redirects for this file, so no link opens the app")
    #expect(report.exitStatus == 1)
  }

  @Test("Served as text/html: a content-type finding; the JSON is still checked")
  func contentType() async throws {
    let report = try await Self.report([
      Self.appleURL: Self.json(try Self.association(), type: "text/html")
    ])
    #expect(report.findings.map(\.kind) == ["contentType"])
    #expect(
      report.findings.first?.message
        == "is served as text/html, not application/json: Apple expects application/json and "
        + "may ignore the file")
    #expect(report.exitStatus == 1)
    // A parameter after the media type is fine.
    let charset = try await Self.report([
      Self.appleURL: Self.json(try Self.association(), type: "application/json; charset=utf-8")
    ])
    #expect(charset.findings == [])
  }

  @Test("A byte order mark: a finding, and the file is still compared with the routes")
  func byteOrderMark() async throws {
    let report = try await Self.report([
      Self.appleURL: Self.json([0xEF, 0xBB, 0xBF] + Array(try Self.association().utf8))
    ])
    #expect(report.findings.map(\.kind) == ["byteOrderMark"])
    #expect(
      report.findings.first?.message
        == "starts with a byte order mark (EF BB BF): Apple's JSON parser rejects the file")
  }

  @Test("A 200 KB file: over Apple's 128 KB")
  func tooLarge() async throws {
    let padded = try Self.association() + String(repeating: " ", count: 200 * 1024)
    let report = try await Self.report([Self.appleURL: Self.json(padded)])
    #expect(report.findings.map(\.kind) == ["tooLarge"])
    #expect(
      report.findings.first?.message
        == "is \(padded.utf8.count) bytes, over Apple's limit of 131072 (128 KB): Apple ignores "
        + "the whole file")
    // Exactly the limit is fine.
    let atLimit = try Self.association()
    let exact = atLimit + String(repeating: " ", count: 131072 - atLimit.utf8.count)
    #expect(try await Self.report([Self.appleURL: Self.json(exact)]).findings == [])
  }

  @Test("An HTML error page with status 200: not the file")
  func htmlPage() async throws {
    let report = try await Self.report([
      Self.appleURL: Self.json("\n<!DOCTYPE html><h1>Not found</h1>", type: "text/html")
    ])
    #expect(report.findings.map(\.kind) == ["htmlPage"])
    #expect(
      report.findings.first?.message
        == "answers 200 with an HTML page (an error or landing page), not the JSON file: Apple "
        + "ignores it, so no link opens the app")
  }

  @Test("A status other than 200, and JSON that is not an association file")
  func statusAndInvalidJSON() async throws {
    let missing = try await Self.report([
      Self.appleURL: Self.json("", status: 404, type: "text/plain")
    ])
    #expect(missing.findings.map(\.kind) == ["status"])
    #expect(
      missing.findings.first?.message
        == "answers 404, not 200: Apple finds no file, so no link opens the app")
    let invalid = try await Self.report([Self.appleURL: Self.json("{\"applinks\": 3}")])
    #expect(invalid.findings.map(\.kind) == ["invalidJSON"])
    #expect(
      invalid.findings.first?.message.hasPrefix("not a valid apple-app-site-association file (")
        == true)
  }

  @Test("A certificate that is not valid: one TLS finding, exit 1")
  func tls() async throws {
    let report = try await Self.report([Self.appleURL: .failure(.tls("it names another host"))])
    #expect(report.findings.map(\.kind) == ["tls"])
    #expect(
      report.text == """
        https://shop.example: 1 finding

        TLS:
          the certificate is not valid for shop.example (it names another host): Apple and \
        Google fetch the files over valid HTTPS only, so no link opens the app

        """)
    #expect(report.exitStatus == 1)
  }

  @Test("No answer for the Apple file: the site is unreachable (exit 2), no report")
  func timeout() async throws {
    let result = try await Self.examine([Self.appleURL: .failure(.timeout(seconds: 3))])
    #expect(throws: DoctorFetchFailure.timeout(seconds: 3)) { try result.get() }
    #expect(DoctorExamination.message(for: .timeout(seconds: 3)) == "no answer within 3 s")
  }

  @Test("Apple's CDN serves an older copy: the routes it keeps out are named")
  func olderCDNCopy() async throws {
    let older = try RouteFile.parse(
      """
      { "version": 1, "routes": [
        { "name": "product", "pattern": "https://shop.example/product/:id" } ] }
      """, fileName: "older.json")
    let report = try await Self.report([Self.cdnURL: Self.json(try Self.association(older))])
    #expect(report.findings.map(\.kind) == ["cdnDiffers"])
    #expect(report.findings.first?.group == "Apple's CDN")
    #expect(
      report.findings.first?.message
        == "the copy devices read (https://cdn.test/a/v1/shop.example) differs from the "
        + "origin's file: Apple's CDN refreshes it on its own schedule, and until then devices "
        + "follow the copy; it keeps out route \"cart\", which the origin's file lets in")
    let none = try await Self.report([Self.cdnURL: Self.json("", status: 404)])
    #expect(none.findings.map(\.kind) == ["cdnMissing"])
    // `--apple-cdn none`: the CDN is not asked.
    let skipped = try await Self.examine(
      [Self.cdnURL: .failure(.unreachable("must not be asked"))], appleCDN: nil
    ).get()
    #expect(skipped.findings == [])
  }

  @Test("A routed web link that 404s: a finding in the route's group")
  func webLinkMissing() async throws {
    let witness = AppleAppSiteAssociation.webWitnesses(in: try Self.table, host: "shop.example")
    #expect(witness.map(\.route) == ["product", "cart"])
    let cart = try #require(witness.last?.url)
    let report = try await Self.report([cart: Self.json("", status: 404, type: "text/html")])
    #expect(report.findings.map(\.kind) == ["webPageMissing"])
    #expect(report.findings.first?.group == "route \"cart\"")
    #expect(
      report.findings.first?.message
        == "https://shop.example/cart answers 404: without the app, the link lands on an error "
        + "page (serve the route's web page)")
  }

  @Test("The file against the routes: a route kept out, grouped under the route, files first")
  func verifiedAgainstRoutes() async throws {
    let older = try RouteFile.parse(
      """
      { "version": 1, "routes": [
        { "name": "product", "pattern": "https://shop.example/product/:id" } ] }
      """, fileName: "older.json")
    let cart = try #require(
      AppleAppSiteAssociation.webWitnesses(in: try Self.table, host: "shop.example").last?.url)
    let report = try await Self.report([
      Self.appleURL: Self.json(try Self.association(older), type: "text/plain"),
      Self.cdnURL: Self.json(try Self.association(older)),
      cart: Self.json("", status: 404, type: "text/html"),
    ])
    #expect(report.groups.map(\.name) == ["apple-app-site-association", "route \"cart\""])
    #expect(report.findings.map(\.kind) == ["contentType", "routeNotLetIn", "webPageMissing"])
    #expect(report.exitStatus == 1)
    let text = report.text
    #expect(text.hasPrefix("https://shop.example: 3 findings\n\napple-app-site-association:\n"))
    #expect(
      text.contains(
        "route \"cart\":\n  apple-app-site-association: the file does not let in "
          + "https://shop.example/cart: iOS opens the route's links in the browser, not the app\n"))
    // The route's heading is not repeated in its findings.
    #expect(!text.contains("route \"cart\": the file"), "\(text)")
    // --format json: one object with every finding.
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
    #expect(object["site"] as? String == "https://shop.example")
    #expect(object["ok"] as? Bool == false)
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(
      findings.map { $0["kind"] as? String } == ["contentType", "routeNotLetIn", "webPageMissing"])
    #expect(findings[1]["route"] as? String == "cart")
    #expect(Set(findings[0].keys) == ["group", "kind", "url", "route", "message"])
  }

  @Test("A file without the '/' forms of the routes' paths: their links ending in '/' are named")
  func trailingSlashLinksKeptOut() async throws {
    // The file a site served before: /cart only, so iOS opens https://shop.example/cart/ in
    // the browser, though the router reads it as /cart.
    var older = AppleAppSiteAssociation.export(
      try Self.table, appIDs: [Self.appID], host: "shop.example"
    ).file
    older.details[0].components.removeAll { $0.path == "/cart/" }
    let file = older.json
    #expect(!file.contains("/cart/"))
    let report = try await Self.report([
      Self.appleURL: Self.json(file), Self.cdnURL: Self.json(file),
    ])
    #expect(report.exitStatus == 1)
    #expect(
      report.findings.contains {
        $0.kind == "routeNotLetIn" && $0.url == "https://shop.example/cart/"
      }, "\(report.text)")
  }

  @Test("A file with applinks.defaults and substitutionVariables is read, not refused")
  func defaultsAndVariablesRead() async throws {
    let file = """
      { "applinks": {
        "defaults": { "percentEncoded": false, "caseSensitive": true },
        "substitutionVariables": { "page": ["cart"] },
        "details": [ { "appIDs": ["\(Self.appID)"], "components": [
          { "/": "/product/?*" }, { "/": "/$(page)" }, { "/": "/$(page)/" } ] } ] } }
      """
    let report = try await Self.report([
      Self.appleURL: Self.json(file), Self.cdnURL: Self.json(file),
    ])
    #expect(!report.text.contains("not a valid"), "\(report.text)")
    // It lets in what the routes handle (and the documented superset): no finding.
    #expect(report.findings == [], "\(report.text)")
  }

  @Test("--app-id that the file does not name; --package that assetlinks.json does not name")
  func appsNotListed() async throws {
    let report = try await Self.examine(appID: "ZZZZZ99999.com.other").get()
    #expect(report.findings.map(\.kind) == ["appNotListed"])
    let links = AssetLinks(packageName: "com.example.other", fingerprints: []).json
    let request = DoctorRequest(
      site: Self.site, table: try Self.table, package: "com.example.shop", timeout: 3)
    let android = await DoctorExamination.checkAndroid(request) { _, _ in Self.json(links) }
    #expect(android.map(\.kind) == ["packageNotListed"])
    #expect(
      android.first?.message.hasSuffix(
        ": Android does not verify the app's links, so they open in the browser") == true)
    #expect(android.first?.group == "assetlinks.json")
  }

  @Test("Google's statement list: its query, the apps it lists, answers that are not a list")
  func googleStatements() async throws {
    #expect(
      DoctorExamination.statementsURL(base: "https://google.test/v1/", site: Self.site)
        == "https://google.test/v1/statements:list?source.web.site=https%3A%2F%2Fshop.example"
        + "&relation=delegate_permission%2Fcommon.handle_all_urls")
    let list = """
      {"statements": [
        {"relation": "delegate_permission/common.handle_all_urls",
         "target": {"androidApp": {"packageName": "com.example.shop",
                    "certificate": {"sha256Fingerprint": "ab:cd"}}}},
        {"relation": "delegate_permission/common.get_login_creds",
         "target": {"androidApp": {"packageName": "com.example.shop",
                    "certificate": {"sha256Fingerprint": "EF:01"}}}},
        {"relation": "delegate_permission/common.handle_all_urls",
         "target": {"web": {"site": "https://other.example"}}}
      ], "maxAge": "3600s"}
      """
    #expect(
      DoctorExamination.statementApps(Array(list.utf8))
        == [.init(package: "com.example.shop", fingerprint: "AB:CD")])
    #expect(DoctorExamination.statementApps(Array(#"{"maxAge": "60s"}"#.utf8)) == [])
    #expect(DoctorExamination.statementApps(Array("<html>".utf8)) == nil)
    #expect(DoctorExamination.statementApps(Array(#"{"statements": 3}"#.utf8)) == nil)
    let key = Array(repeating: "AB", count: 32).joined(separator: ":")
    let links = AssetLinks(packageName: "com.example.shop", fingerprints: [key])
    var request = DoctorRequest(site: Self.site, table: try Self.table, timeout: 3)
    request.googleStatements = "https://google.test/v1"
    let missing = await DoctorExamination.compareStatements(
      origin: links, base: "https://google.test/v1", request: request
    ) { _, _ in Self.json("{}", status: 503) }
    #expect(missing.map(\.kind) == ["statementsMissing"])
    let lacking = await DoctorExamination.compareStatements(
      origin: links, base: "https://google.test/v1", request: request
    ) { _, _ in Self.json("{}") }
    #expect(lacking.map(\.kind) == ["statementsDiffer"])
    #expect(lacking.first?.group == "Google's statement list")
  }

  @Test("--link-prefix and --link-code: what is accepted")
  func shortLinkOptions() {
    func accepts(_ prefix: String?, _ code: String?) -> Bool {
      if case .success = DoctorRequest.shortLinkOptions(prefix: prefix, code: code) {
        return true
      }
      return false
    }
    #expect(accepts("/l/", "Ab3dE7"))
    #expect(accepts("/go/links/", nil))
    #expect(accepts(nil, nil))
    #expect(!accepts(nil, "Ab3dE7"))
    #expect(!accepts("l/", nil))
    #expect(!accepts("/l", nil))
    #expect(!accepts("/", nil))
    #expect(!accepts("/l?x/", nil))
    #expect(!accepts("/l/", "a/b"))
    #expect(!accepts("/l/", ""))
  }

  @Test("The site argument: https://HOST[:PORT] only")
  func siteArgument() {
    #expect(
      DoctorSite.parse("https://Example.com/")
        == .success(DoctorSite(origin: "https://example.com", host: "example.com")))
    #expect(
      DoctorSite.parse("https://localhost:8443")
        == .success(DoctorSite(origin: "https://localhost:8443", host: "localhost")))
    for bad in [
      "http://example.com", "example.com", "https://example.com/path", "https://:80",
      "https://example.com:0", "https://example.com:99999", "https://exa mple.com",
      "https://[::1", "https://[xyz]", "https://[::1]x", "https://[1:2:3:4:5:6:7:8:9]",
      "https://[1::2::3]", "https://[::1]/path", "https://[::1]:0", "https://[]",
      "https://[fe80::1%25eth0]", "https://[::ffff:1.2.3.256]",
    ] {
      guard case .failure = DoctorSite.parse(bad) else {
        Issue.record("\(bad) was accepted")
        continue
      }
    }
  }

  @Test("An IPv6 literal host, with or without a port: accepted; a path is named as the problem")
  func ipv6Site() {
    #expect(
      DoctorSite.parse("https://[::1]:8443")
        == .success(DoctorSite(origin: "https://[::1]:8443", host: "[::1]")))
    #expect(
      DoctorSite.parse("https://[2001:DB8::1]/")
        == .success(DoctorSite(origin: "https://[2001:db8::1]", host: "[2001:db8::1]")))
    for good in [
      "https://[1:2:3:4:5:6:7:8]", "https://[::]", "https://[::ffff:127.0.0.1]:443",
      "https://[1::]:1",
    ] {
      guard case .success = DoctorSite.parse(good) else {
        Issue.record("\(good) was refused")
        continue
      }
    }
    func message(_ text: String) -> String? {
      guard case .failure(let error) = DoctorSite.parse(text) else { return nil }
      return error.message
    }
    // Only a path is called a path.
    #expect(message("https://[::1]:8443")?.contains("give no path") == nil)
    #expect(message("https://example.com/path")?.contains("give no path") == true)
    #expect(message("https://[::1]/shop")?.contains("give no path") == true)
    #expect(message("https://[::1]:99999")?.contains("give no path") == false)
    #expect(
      message("https://[12345::1]")
        == "'https://[12345::1]' is not https://[IPV6] or https://[IPV6]:PORT ('12345::1' is "
        + "not an IPv6 address)")
  }

  @Test("An IPv6 site: the routes without a host are checked on it, web links at its origin")
  func ipv6SiteExamined() async throws {
    let table = try RouteFile.parse(
      #"{"version": 1, "routes": [{"name": "cart", "pattern": "/cart"}]}"#, fileName: "r.json")
    let site = try DoctorSite.parse("https://[::1]:8443").get()
    let file = AppleAppSiteAssociation.export(table, appIDs: [Self.appID], host: "[::1]").file
    let request = DoctorRequest(site: site, table: table, appleCDN: nil, timeout: 3)
    let asked = Asked()
    let report = try await DoctorExamination.run(request) { url, _ in
      await asked.add(url)
      if url.hasSuffix("apple-app-site-association") { return Self.json(file.json) }
      if url.hasSuffix("assetlinks.json") {
        return .success(DoctorResponse(status: 404, headers: [], body: []))
      }
      return Self.json("", status: url == "https://[::1]:8443/cart" ? 200 : 404, type: "text/html")
    }.get()
    #expect(report.findings == [], "\(report.text)")
    #expect(report.webLinksChecked == 1)
    #expect(await asked.urls.contains("https://[::1]:8443/cart"))
  }

  /// The URLs a made-up site was asked for, in order.
  actor Asked {
    var urls: [String] = []
    func add(_ url: String) { urls.append(url) }
  }

  @Test("ok with one web link: \"the 1 route's web link\", not \"the 1 routes'\"")
  func oneRoutePlural() {
    let site = DoctorSite(origin: "https://shop.example", host: "shop.example")
    #expect(
      DoctorReport(site: site, findings: [], webLinksChecked: 1).text
        == "ok: https://shop.example serves its app-link files as Apple and Google fetch them, "
        + "they let in what the routes handle, and the 1 route's web link lands on a page\n")
    #expect(
      DoctorReport(site: site, findings: [], webLinksChecked: 0).text.hasSuffix(
        "they let in what the routes handle, and no route has a web link on the site to "
          + "request\n"))
    #expect(
      DoctorReport(site: site, findings: [], webLinksChecked: 3).text.hasSuffix(
        "and the 3 routes' web links each land on a page\n"))
  }

  @Test("Hundreds of findings of one route: the group once, a few examples and a count")
  func summarisedFindings() async throws {
    // A Wikipedia-shaped file: the articles let in, but hundreds of their pages kept out one
    // exclusion at a time, each a link the route handles that iOS leaves in the browser.
    let table = try RouteFile.parse(
      #"{"version": 1, "routes": [{"name": "article", "pattern": "https://shop.example/wiki/:title"}]}"#,
      fileName: "r.json")
    var components = (0..<100).map {
      AppleAppSiteAssociation.Component(path: "/wiki/Special\($0)x*", exclude: true)
    }
    components.append(AppleAppSiteAssociation.Component(path: "/wiki/?*"))
    let file = AppleAppSiteAssociation(details: [
      .init(appIDs: [Self.appID], components: components)
    ]).json
    let request = DoctorRequest(
      site: Self.site, table: table, appleCDN: nil, timeout: 3)
    let report = try await DoctorExamination.run(request) { url, _ in
      if url == Self.appleURL { return Self.json(file) }
      if url == Self.androidURL {
        return .success(DoctorResponse(status: 404, headers: [], body: []))
      }
      return Self.json("<html>", type: "text/html")
    }.get()
    let keptOut = report.findings.filter { $0.kind == "routeNotLetIn" }
    #expect(keptOut.count >= 100, "\(report.findings.count)")
    #expect(keptOut.count == report.findings.count, "\(report.text)")
    let lines = report.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 10, "\(report.text)")
    #expect(lines.filter { $0.hasPrefix("route \"article\"") }.count == 1)
    #expect(report.text.contains("route \"article\" (\(report.findings.count) findings):\n"))
    #expect(
      report.text.contains(
        "  … and \(keptOut.count - 3) more like these (routeNotLetIn); --format json lists "
          + "every one\n"), "\(report.text)")
    #expect(
      lines.filter { $0.hasPrefix("  apple-app-site-association: the file does not let in") }.count
        == 3)
    // --format json keeps every finding.
    #expect(
      report.json.components(separatedBy: "\"kind\":\"routeNotLetIn\"").count - 1 == keptOut.count)
    // The article shows this group as printed.
    let article = try CommandRunner.repositoryFile(Self.article)
    let start = try #require(article.range(of: "```\nroute \"article\""))
    let end = try #require(article.range(of: "\n```", range: start.upperBound..<article.endIndex))
    let shown = article[article.index(start.lowerBound, offsetBy: 4)..<end.lowerBound]
    let printed = try #require(report.text.range(of: "route \"article\""))
    #expect(shown + "\n" == report.text[printed.lowerBound...], "\(report.text)")
  }

  static let article = "Sources/SwitchyardFiles/SwitchyardFiles.docc/CheckingALiveDomain.md"

  @Test("Findings of several kinds in one group: each kind together, each shortened on its own")
  func summarisedByKind() {
    func finding(_ kind: String, _ index: Int) -> DoctorFinding {
      DoctorFinding(
        group: "route \"a\"", kind: kind, url: "https://shop.example/a/\(index)", route: "a",
        message: "\(kind) \(index)")
    }
    let findings =
      (0..<5).map { finding("routeNotLetIn", $0) } + [finding("webPageMissing", 0)]
      + (5..<7).map { finding("routeNotLetIn", $0) }
    let report = DoctorReport(site: Self.site, findings: findings, webLinksChecked: 1)
    #expect(
      report.text == """
        https://shop.example: 8 findings

        route "a" (8 findings):
          routeNotLetIn 0
          routeNotLetIn 1
          routeNotLetIn 2
          … and 4 more like these (routeNotLetIn); --format json lists every one
          webPageMissing 0

        """)
  }

  /// A gate that holds the first `count` page requests until all of them are in flight: the
  /// examination gets past it only by requesting that many pages at once.
  actor PageGate {
    let count: Int
    private(set) var inFlight = 0
    private(set) var mostInFlight = 0
    private(set) var started = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { self.count = count }

    func enter() async {
      started += 1
      inFlight += 1
      mostInFlight = max(mostInFlight, inFlight)
      if started < count {
        await withCheckedContinuation { waiting.append($0) }
      } else if started == count {
        for continuation in waiting { continuation.resume() }
        waiting = []
      }
    }

    func leave() { inFlight -= 1 }
  }

  @Test(
    "Web pages are requested 8 at a time, not one after another",
    .timeLimit(.minutes(1)))
  func pagesConcurrently() async throws {
    // 20 routes, each with a web link; the first 8 page requests wait for one another, so a
    // doctor that requests one page after another never gets past the first.
    let routes = (0..<20).map { #"{"name": "r\#($0)", "pattern": "https://shop.example/r\#($0)"}"# }
    let table = try RouteFile.parse(
      #"{"version": 1, "routes": ["# + routes.joined(separator: ",") + "]}", fileName: "r.json")
    let file = AppleAppSiteAssociation.export(table, appIDs: [Self.appID], host: "shop.example")
      .file.json
    let gate = PageGate(count: DoctorExamination.pageConcurrency)
    let request = DoctorRequest(site: Self.site, table: table, appleCDN: nil, timeout: 3)
    let report = try await DoctorExamination.run(request) { url, browser in
      if url == Self.appleURL { return Self.json(file) }
      if url == Self.androidURL {
        return .success(DoctorResponse(status: 404, headers: [], body: []))
      }
      #expect(browser)
      await gate.enter()
      await gate.leave()
      return Self.json("<html>", type: "text/html")
    }.get()
    #expect(report.findings == [], "\(report.text)")
    #expect(report.webLinksChecked == 20)
    #expect(await gate.started == 20)
    #expect(await gate.mostInFlight == DoctorExamination.pageConcurrency)
  }

  @Test("Answers come back in the order of the URLs asked, whatever order they end in")
  func fetchAllKeepsOrder() async {
    let urls = (0..<30).map { "https://shop.example/p/\($0)" }
    let answers = await DoctorExamination.fetchAll(urls, browser: true, limit: 4) { url, _ in
      // Later URLs answer sooner: each yields fewer times.
      let index = Int(url.split(separator: "/").last ?? "") ?? 0
      for _ in 0..<(30 - index) { await Task.yield() }
      return .success(DoctorResponse(status: 200 + index, headers: [], body: []))
    }
    #expect(answers.map { (try? $0.get())?.status } == (0..<30).map { 200 + $0 })
  }

  @Test("Connection failures read in the doctor's words, parentheses balanced")
  func failureMessages() {
    for failure in [
      DoctorFetchFailure.unreachable("connection refused"), .tls("it names another host"),
      .timeout(seconds: 3),
    ] {
      let text = DoctorExamination.message(for: failure)
      #expect(text.filter { $0 == "(" }.count == text.filter { $0 == ")" }.count, "\(text)")
    }
    #expect(
      DoctorExamination.message(for: .unreachable("connection refused"))
        == "cannot connect (connection refused)")
  }

  #if !Doctor
    @Test("Without the Doctor trait: one error line saying how to build it, exit 2")
    func notBuilt() throws {
      let result = try CommandRunner.run(["doctor", "https://example.com"])
      #expect(result.status == 2)
      #expect(result.stdout == "")
      #expect(
        result.stderr
          == "error: switchyard was built without the Doctor trait; build it with "
          + "`swift build --traits Doctor --product switchyard`\n")
    }
  #endif
}
