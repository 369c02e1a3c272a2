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
  ) throws -> Result<DoctorReport, DoctorFetchFailure> {
    var site: [String: Result<DoctorResponse, DoctorFetchFailure>] = [
      appleURL: json(try association()), cdnURL: json(try association()),
      androidURL: .success(DoctorResponse(status: 404, headers: [], body: [])),
    ]
    site.merge(answers) { _, new in new }
    let request = DoctorRequest(
      site: Self.site, table: try table, appID: appID, appleCDN: appleCDN, timeout: 3)
    return DoctorExamination.run(request) { url, browser in
      if let answer = site[url] { return answer }
      #expect(browser, "the files are fetched as the platforms do, not as a browser: \(url)")
      return .success(
        DoctorResponse(
          status: 200, headers: [("Content-Type", "text/html")], body: Array("<html>".utf8)))
    }
  }

  static func report(_ answers: [String: Result<DoctorResponse, DoctorFetchFailure>] = [:])
    throws -> DoctorReport
  {
    try examine(answers).get()
  }

  @Test("A site that serves the exported files and a page for each web link: ok, exit 0")
  func passes() throws {
    let report = try Self.report()
    #expect(report.findings == [])
    #expect(report.exitStatus == 0)
    #expect(report.webLinksChecked == 2)
    #expect(
      report.text
        == "ok: https://shop.example serves its app-link files as Apple and Google fetch them, "
        + "they let in what the routes handle, and the 2 routes' web links each land on a page\n")
  }

  @Test("A redirect: Apple does not follow it, exit 1")
  func redirect() throws {
    let report = try Self.report([
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
  func contentType() throws {
    let report = try Self.report([
      Self.appleURL: Self.json(try Self.association(), type: "text/html")
    ])
    #expect(report.findings.map(\.kind) == ["contentType"])
    #expect(
      report.findings.first?.message
        == "is served as text/html, not application/json: Apple expects application/json and "
        + "may ignore the file")
    #expect(report.exitStatus == 1)
    // A parameter after the media type is fine.
    let charset = try Self.report([
      Self.appleURL: Self.json(try Self.association(), type: "application/json; charset=utf-8")
    ])
    #expect(charset.findings == [])
  }

  @Test("A byte order mark: a finding, and the file is still compared with the routes")
  func byteOrderMark() throws {
    let report = try Self.report([
      Self.appleURL: Self.json([0xEF, 0xBB, 0xBF] + Array(try Self.association().utf8))
    ])
    #expect(report.findings.map(\.kind) == ["byteOrderMark"])
    #expect(
      report.findings.first?.message
        == "starts with a byte order mark (EF BB BF): Apple's JSON parser rejects the file")
  }

  @Test("A 200 KB file: over Apple's 128 KB")
  func tooLarge() throws {
    let padded = try Self.association() + String(repeating: " ", count: 200 * 1024)
    let report = try Self.report([Self.appleURL: Self.json(padded)])
    #expect(report.findings.map(\.kind) == ["tooLarge"])
    #expect(
      report.findings.first?.message
        == "is \(padded.utf8.count) bytes, over Apple's limit of 131072 (128 KB): Apple ignores "
        + "the whole file")
    // Exactly the limit is fine.
    let atLimit = try Self.association()
    let exact = atLimit + String(repeating: " ", count: 131072 - atLimit.utf8.count)
    #expect(try Self.report([Self.appleURL: Self.json(exact)]).findings == [])
  }

  @Test("An HTML error page with status 200: not the file")
  func htmlPage() throws {
    let report = try Self.report([
      Self.appleURL: Self.json("\n<!DOCTYPE html><h1>Not found</h1>", type: "text/html")
    ])
    #expect(report.findings.map(\.kind) == ["htmlPage"])
    #expect(
      report.findings.first?.message
        == "answers 200 with an HTML page (an error or landing page), not the JSON file: Apple "
        + "ignores it, so no link opens the app")
  }

  @Test("A status other than 200, and JSON that is not an association file")
  func statusAndInvalidJSON() throws {
    let missing = try Self.report([Self.appleURL: Self.json("", status: 404, type: "text/plain")])
    #expect(missing.findings.map(\.kind) == ["status"])
    #expect(
      missing.findings.first?.message
        == "answers 404, not 200: Apple finds no file, so no link opens the app")
    let invalid = try Self.report([Self.appleURL: Self.json("{\"applinks\": 3}")])
    #expect(invalid.findings.map(\.kind) == ["invalidJSON"])
    #expect(
      invalid.findings.first?.message.hasPrefix("not a valid apple-app-site-association file (")
        == true)
  }

  @Test("A certificate that is not valid: one TLS finding, exit 1")
  func tls() throws {
    let report = try Self.report([Self.appleURL: .failure(.tls("it names another host"))])
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
  func timeout() throws {
    let result = try Self.examine([Self.appleURL: .failure(.timeout(seconds: 3))])
    #expect(throws: DoctorFetchFailure.timeout(seconds: 3)) { try result.get() }
    #expect(DoctorExamination.message(for: .timeout(seconds: 3)) == "no answer within 3 s")
  }

  @Test("Apple's CDN serves an older copy: the routes it keeps out are named")
  func olderCDNCopy() throws {
    let older = try RouteFile.parse(
      """
      { "version": 1, "routes": [
        { "name": "product", "pattern": "https://shop.example/product/:id" } ] }
      """, fileName: "older.json")
    let report = try Self.report([Self.cdnURL: Self.json(try Self.association(older))])
    #expect(report.findings.map(\.kind) == ["cdnDiffers"])
    #expect(report.findings.first?.group == "Apple's CDN")
    #expect(
      report.findings.first?.message
        == "the copy devices read (https://cdn.test/a/v1/shop.example) differs from the "
        + "origin's file: Apple's CDN refreshes it on its own schedule, and until then devices "
        + "follow the copy; it keeps out route \"cart\", which the origin's file lets in")
    let none = try Self.report([Self.cdnURL: Self.json("", status: 404)])
    #expect(none.findings.map(\.kind) == ["cdnMissing"])
    // `--apple-cdn none`: the CDN is not asked.
    let skipped = try Self.examine(
      [Self.cdnURL: .failure(.unreachable("must not be asked"))], appleCDN: nil
    ).get()
    #expect(skipped.findings == [])
  }

  @Test("A routed web link that 404s: a finding in the route's group")
  func webLinkMissing() throws {
    let witness = AppleAppSiteAssociation.webWitnesses(in: try Self.table, host: "shop.example")
    #expect(witness.map(\.route) == ["product", "cart"])
    let cart = try #require(witness.last?.url)
    let report = try Self.report([cart: Self.json("", status: 404, type: "text/html")])
    #expect(report.findings.map(\.kind) == ["webPageMissing"])
    #expect(report.findings.first?.group == "route \"cart\"")
    #expect(
      report.findings.first?.message
        == "https://shop.example/cart answers 404: without the app, the link lands on an error "
        + "page (serve the route's web page)")
  }

  @Test("The file against the routes: a route kept out, grouped under the route, files first")
  func verifiedAgainstRoutes() throws {
    let older = try RouteFile.parse(
      """
      { "version": 1, "routes": [
        { "name": "product", "pattern": "https://shop.example/product/:id" } ] }
      """, fileName: "older.json")
    let cart = try #require(
      AppleAppSiteAssociation.webWitnesses(in: try Self.table, host: "shop.example").last?.url)
    let report = try Self.report([
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
        "route \"cart\":\n  apple-app-site-association: route \"cart\": the file does not let in "
          + "https://shop.example/cart: iOS opens the route's links in the browser, not the app\n"))
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
  func trailingSlashLinksKeptOut() throws {
    // The file a site served before: /cart only, so iOS opens https://shop.example/cart/ in
    // the browser, though the router reads it as /cart.
    var older = AppleAppSiteAssociation.export(
      try Self.table, appIDs: [Self.appID], host: "shop.example"
    ).file
    older.details[0].components.removeAll { $0.path == "/cart/" }
    let file = older.json
    #expect(!file.contains("/cart/"))
    let report = try Self.report([Self.appleURL: Self.json(file), Self.cdnURL: Self.json(file)])
    #expect(report.exitStatus == 1)
    #expect(
      report.findings.contains {
        $0.kind == "routeNotLetIn" && $0.url == "https://shop.example/cart/"
      }, "\(report.text)")
  }

  @Test("A file with applinks.defaults and substitutionVariables is read, not refused")
  func defaultsAndVariablesRead() throws {
    let file = """
      { "applinks": {
        "defaults": { "percentEncoded": false, "caseSensitive": true },
        "substitutionVariables": { "page": ["cart"] },
        "details": [ { "appIDs": ["\(Self.appID)"], "components": [
          { "/": "/product/?*" }, { "/": "/$(page)" }, { "/": "/$(page)/" } ] } ] } }
      """
    let report = try Self.report([Self.appleURL: Self.json(file), Self.cdnURL: Self.json(file)])
    #expect(!report.text.contains("not a valid"), "\(report.text)")
    // It lets in what the routes handle (and the documented superset): no finding.
    #expect(report.findings == [], "\(report.text)")
  }

  @Test("--app-id that the file does not name; --package that assetlinks.json does not name")
  func appsNotListed() throws {
    let report = try Self.examine(appID: "ZZZZZ99999.com.other").get()
    #expect(report.findings.map(\.kind) == ["appNotListed"])
    let links = AssetLinks(packageName: "com.example.other", fingerprints: []).json
    let request = DoctorRequest(
      site: Self.site, table: try Self.table, package: "com.example.shop", timeout: 3)
    let android = DoctorExamination.checkAndroid(request) { _, _ in Self.json(links) }
    #expect(android.map(\.kind) == ["packageNotListed"])
    #expect(
      android.first?.message.hasSuffix(
        ": Android does not verify the app's links, so they open in the browser") == true)
    #expect(android.first?.group == "assetlinks.json")
  }

  @Test("Google's statement list: its query, the apps it lists, answers that are not a list")
  func googleStatements() throws {
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
    let missing = DoctorExamination.compareStatements(
      origin: links, base: "https://google.test/v1", request: request
    ) { _, _ in Self.json("{}", status: 503) }
    #expect(missing.map(\.kind) == ["statementsMissing"])
    let lacking = DoctorExamination.compareStatements(
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
    ] {
      guard case .failure = DoctorSite.parse(bad) else {
        Issue.record("\(bad) was accepted")
        continue
      }
    }
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
