import Switchyard
import Testing

@testable import SwitchyardFiles

/// Intent-filter export, the XML reader, assetlinks.json, and agreement between the exported
/// filters (read by an independent model of Android's matching) and the router.
@Suite("Android intent filters and assetlinks.json")
struct AndroidIntentFiltersTests {
  static func table(_ routes: [(String, String)]) throws -> RouteTable {
    var table = RouteTable()
    for (name, pattern) in routes { try table.add(name, pattern) }
    return table
  }

  @Test("Custom schemes: the first segment is the host; paths become path, prefix or pattern")
  func customSchemes() throws {
    let table = try Self.table([
      ("user", "myapp://user/<int:id>"),
      ("about", "myapp://about/team"),
      ("settings", "myapp://settings/*rest"),
      ("search", "myapp://search?q=<term>"),
      ("any", "myapp://:page/details"),
    ])
    let export = AndroidIntentFilters.export(table)
    let filters = export.file.filters
    #expect(filters.map(\.schemes) == Array(repeating: ["myapp"], count: 5))
    #expect(filters.map(\.hosts) == [["user"], ["about"], ["settings"], ["search"], ["*"]])
    #expect(
      filters.map(\.pathRules) == [
        [.pattern("/..*")], [.path("/team"), .path("/team/")], [], [],
        [.path("/details"), .path("/details/")],
      ])
    #expect(filters.allSatisfy { !$0.autoVerify })
    #expect(export.warnings.map(\.routeName) == ["user", "search", "search"])
  }

  @Test("Web routes: hosts, wildcard hosts, http and https, autoVerify, one filter per route")
  func webRoutes() throws {
    let table = try Self.table([
      ("article", "http(s)://(www.)example.com/articles/<int:id>(/:slug)"),
      ("blog", "https://*.example.com/post/:id"),
      ("docs", "https://example.com/docs/*"),
      ("json", "https://api.example.com/v1/<id>.json"),
      ("short", "https://*/s/:code"),
      ("legacy", "/legacy/*"),
      ("home", "https://example.com/"),
    ])
    let export = AndroidIntentFilters.export(table, hosts: ["example.com"])
    let filters = export.file.filters
    #expect(filters[0].schemes == ["https", "http"])
    #expect(filters[0].hosts == ["www.example.com", "example.com"])
    #expect(filters[0].pathRules == [.pattern("/articles/..*/..*"), .pattern("/articles/..*")])
    #expect(filters[1].hosts == ["*.example.com"])
    #expect(filters[2].pathRules == [.path("/docs"), .prefix("/docs/")])
    #expect(filters[3].pathRules == [.pattern("/v1/..*\\.json"), .pattern("/v1/..*\\.json/")])
    // Routes with no host are written for --host; their filters are merged.
    #expect(filters[4].hosts == ["example.com"])
    #expect(filters[4].schemes == ["https"])
    #expect(filters[5].schemes == ["https", "http"])
    #expect(filters[6].pathRules == [.path("/")])
    #expect(filters.allSatisfy { $0.autoVerify })
    #expect(
      Set(export.warnings.map(\.routeName)) == ["article", "json"])

    let noHosts = AndroidIntentFilters.export(table)
    #expect(noHosts.file.filters.count == 5)
    #expect(noHosts.warnings.contains { $0.routeName == "short" && $0.message.contains("--host") })
  }

  @Test("Web-only routes: dynamic exclude rules in assetlinks.json, a warning for older Android")
  func webOnlyDynamicRules() throws {
    let table = try Self.table([
      ("login", "https://example.com/login"), ("page", "https://example.com/docs/:page"),
      ("home", "https://example.com/"),
    ])
    let export = AssetLinks.export(
      table, packageName: "com.example.app", fingerprints: [], webOnly: ["login", "page"])
    #expect(
      export.file.apps[0].exclusions.map(\.path) == ["/login", "/login/", "/docs/?*"])
    let json = export.file.json
    #expect(
      json.contains(
        """
            "relation_extensions": {
              "delegate_permission/common.handle_all_urls": {
                "dynamic_app_link_components": [
                  { "/": "/login", "exclude": true },
                  { "/": "/login/", "exclude": true },
                  { "/": "/docs/?*", "exclude": true },
                  { "/": "*" }
                ]
              }
            }
        """))
    // Still a statement list that reads back.
    #expect(try AssetLinks(json: json).apps.map(\.packageName) == ["com.example.app"])
    #expect(
      export.warnings.filter { $0.message.contains("only Android 15 and later") }.map(\.routeName)
        == ["login", "page"])
    // The intent filters still let the web-only routes in: what Android 14 and earlier do.
    #expect(AndroidIntentFilters.export(table).file.opens("https://example.com/login"))
    // No web-only routes: no dynamic rules.
    let plain = AssetLinks.export(
      table, packageName: "com.example.app", fingerprints: [], webOnly: [])
    #expect(!plain.file.json.contains("relation_extensions") && plain.warnings.isEmpty)
  }

  @Test("Case-insensitive paths: Android compares with case, so the export warns")
  func caseInsensitivePaths() throws {
    var table = RouteTable(options: RouteOptions(caseInsensitivePaths: true))
    try table.add("about", "https://example.com/About/Us")
    try table.add("year", "https://example.com/2024/:id")
    let export = AndroidIntentFilters.export(table)
    #expect(RouteMatcher(table).match("https://example.com/about/us")?.route.name == "about")
    #expect(!export.file.opens("https://example.com/about/us"))
    #expect(export.warnings.map(\.routeName) == ["about"])
    #expect(export.warnings[0].message.contains("Android compares paths with case"))
  }

  @Test("A literal '.' in a pathPattern is any character on Android: written '.', with a warning")
  func literalDot() throws {
    let table = try Self.table([
      ("version", "https://example.com/v1.2/:x"), ("file", "https://example.com/f/<id>.json"),
    ])
    let export = AndroidIntentFilters.export(table)
    #expect(export.file.filters[0].pathRules == [.pattern("/v1.2/..*")])
    // Right after '.*' the matcher looks for the '.' itself: that one is exact.
    #expect(
      export.file.filters[1].pathRules == [.pattern("/f/..*\\.json"), .pattern("/f/..*\\.json/")])
    let dotWarnings = export.warnings.filter { $0.message.contains("a literal '.'") }
    #expect(dotWarnings.map(\.routeName) == ["version"])
    // A device lets /v1x2/a in with this filter: the model says so, as the reference does.
    #expect(Reference.androidOpens(export.file, "https://example.com/v1x2/a"))
    #expect(export.file.opens("https://example.com/v1x2/a"))
    #expect(export.file.verify(against: table).isEmpty)
  }

  @Test("Variants that do not combine get one filter each")
  func variantsThatDoNotCombine() throws {
    let table = try Self.table([("mixed", "https://(www.)example.com/(app/)x")])
    // www.example.com/app/x, www.example.com/x, example.com/app/x, example.com/x: combine.
    #expect(AndroidIntentFilters.export(table).file.filters.count == 1)
    let split = try Self.table([
      ("split", "https://example.com/a"), ("other", "https://www.example.com/b"),
    ])
    #expect(AndroidIntentFilters.export(split).file.filters.count == 2)
  }

  /// Routes whose filters Android matches without its pathPattern quirks, with URLs around them.
  static let routes: [(String, String)] = [
    ("user", "myapp://user/<int:id>"),
    ("userTab", "myapp://user/<int:id>/:tab"),
    ("about", "myapp://about/team"),
    ("settings", "myapp://settings/*rest"),
    ("files", "myapp://files/<path:p>"),
    ("article", "https://(www.)example.com/articles/<int:id>(/:slug)"),
    ("blog", "https://*.example.com/post/:id"),
    ("docs", "https://example.com/docs/*"),
    ("profile", "https://example.com/@:name"),
    ("home", "https://example.com/"),
  ]

  static let probes = [
    "myapp://user/7", "myapp://user/x", "myapp://user", "myapp://user/7/posts",
    "myapp://user/7/posts/x",
    "myapp://about/team", "myapp://about/other", "myapp://about", "myapp://settings",
    "myapp://settings/a/b", "myapp://files/a", "myapp://files/a/b", "myapp://files",
    "myapp://other/x",
    "otherapp://user/7",
    "https://example.com/articles/7", "https://www.example.com/articles/7/hello",
    "https://example.com/articles", "https://api.example.com/articles/7",
    "http://example.com/articles/7", "https://blog.example.com/post/1",
    "https://example.com/post/1",
    "https://a.b.example.com/post/1", "https://example.com/docs", "https://example.com/docs/a/b",
    "https://example.com/docsx", "https://example.com/@jane", "https://example.com/@",
    "https://example.com/", "https://example.com/nowhere",
  ]

  @Test(
    "The exported filters let in what the router handles, and the library reads them as Android does"
  )
  func agreesWithRouter() throws {
    let table = try Self.table(Self.routes)
    let filters = AndroidIntentFilters.export(table).file
    let router = RouteMatcher(table)
    var refused = 0
    for url in Self.probes {
      let opens = Reference.androidOpens(filters, url)
      #expect(filters.opens(url) == opens, "library and reference disagree on \(url)")
      if router.match(url) != nil {
        #expect(opens, "the router handles \(url) but the filters keep it out")
      } else if !opens {
        refused += 1
      }
    }
    #expect(refused >= 8)
  }

  @Test("Android's pathPattern matcher: the model agrees with the reference, quirks included")
  func simpleGlob() {
    let patterns = [
      "/*", "/..*", "/a.*", "/..*/page/..*", "/..*\\.json", "a*", "/a*b", ".*", "", "/x\\*y",
      "/..*..*", "/a.*b.*c", "/.*", "/v1\\.2/..*", "/a\\.*b",
    ]
    let texts = [
      "", "/", "/a", "/a.json", "/a.b.json", "/x/page/y", "aaa", "/aab", "/b", "/x*y", "/abc",
      "/a/b", "/v1.2/x", "/v1x2/x", "/a..b",
    ]
    for pattern in patterns {
      for text in texts {
        #expect(
          AndroidSimpleGlob(pattern).matches(text) == Reference.androidGlob(pattern, text),
          "\(pattern) on \(text)")
      }
    }
    #expect(!AndroidSimpleGlob("/..*\\.json").matches("/a.b.json"))
    #expect(!AndroidSimpleGlob("/*").matches(""))
  }

  @Test("XML reads back to the same filters; manifests with other filters and entities are read")
  func xmlRoundTrip() throws {
    let table = try Self.table(Self.routes + [("json", "https://api.example.com/<id>.json")])
    let file = AndroidIntentFilters.export(table, packageName: "com.example.app").file
    let read = try AndroidIntentFilters(xml: file.xml)
    #expect(read.packageName == "com.example.app")
    #expect(read.filters.count == file.filters.count)
    for (a, b) in zip(read.filters, file.filters) { #expect(a.data == b.data) }
    #expect(file.xml.contains(#"android:pathPattern="/..*\\.json""#))

    let manifest = """
      <?xml version="1.0" encoding="utf-8"?>
      <!-- a comment with <tags> -->
      <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.x">
        <application>
          <activity android:name=".Main">
            <intent-filter>
              <action android:name="android.intent.action.MAIN" />
              <category android:name="android.intent.category.LAUNCHER" />
            </intent-filter>
            <intent-filter android:autoVerify='true'>
              <action android:name="android.intent.action.VIEW"/>
              <category android:name="android.intent.category.BROWSABLE"/>
              <data android:scheme="https" android:host="a&amp;b.example" android:pathPrefix="/x"/>
            </intent-filter>
          </activity>
        </application>
      </manifest>
      """
    let parsed = try AndroidIntentFilters(xml: manifest)
    #expect(parsed.packageName == "com.x")
    #expect(
      parsed.filters == [
        AndroidIntentFilter(
          autoVerify: true, schemes: ["https"], hosts: ["a&b.example"], pathRules: [.prefix("/x")])
      ])
  }

  @Test(
    "Bad XML is refused with its line and column",
    arguments: [
      ("<a><b></a>", 1, 7, "</a> closes <b> opened at 1:4"),
      ("<a>\n  <b x=\"1\" x=\"2\"/></a>", 2, 12, "attribute x is given twice"),
      ("<a>", 1, 4, "<a> is not closed"),
      ("", 1, 1, "the file has no root element"),
      ("<a/><b/>", 1, 5, "a second root element"),
      (
        "<a>\n<intent-filter><action android:name=\"android.intent.action.VIEW\"/><category "
          + "android:name=\"android.intent.category.BROWSABLE\"/>\n  <data "
          + "android:pathAdvancedPattern=\"/x\"/></intent-filter></a>", 3, 3,
        "android:pathAdvancedPattern is not read by these checks; use pathPattern or pathPrefix"
      ),
    ])
  func badXML(text: String, line: Int, column: Int, message: String) {
    #expect(throws: AppLinkFileError(line: line, column: column, message: message)) {
      try AndroidIntentFilters(xml: text)
    }
  }

  @Test("Deep nesting is refused, not a crash")
  func deepNesting() {
    let deep = String(repeating: "<a>", count: 100_000)
    #expect(throws: AppLinkFileError.self) { try AndroidIntentFilters(xml: deep) }
  }

  static let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

  @Test("assetlinks.json has the documented structure and reads back")
  func assetLinks() throws {
    let links = AssetLinks(packageName: "com.example.app", fingerprints: [Self.fingerprint])
    let root = try JSONParser.parse(links.json)
    let statement = try #require(root.arrayElements?.first)
    #expect(statement.objectMembers?.map(\.key) == ["relation", "target"])
    #expect(
      statement["relation"]?.arrayElements?.compactMap(\.stringValue) == [
        "delegate_permission/common.handle_all_urls"
      ])
    let target = try #require(statement["target"])
    #expect(
      target.objectMembers?.map(\.key) == ["namespace", "package_name", "sha256_cert_fingerprints"])
    #expect(target["namespace"]?.stringValue == "android_app")
    #expect(target["package_name"]?.stringValue == "com.example.app")
    #expect(
      target["sha256_cert_fingerprints"]?.arrayElements?.compactMap(\.stringValue) == [
        Self.fingerprint
      ])
    #expect(try AssetLinks(json: links.json) == links)

    let mixed = try AssetLinks(
      json: """
        [{"relation":["delegate_permission/common.get_login_creds"],"target":{"namespace":"web","site":"https://x"}},
         {"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"a.b","sha256_cert_fingerprints":["\(Self.fingerprint)"]}}]
        """)
    #expect(mixed.apps.map(\.packageName) == ["a.b"])
    #expect(throws: AppLinkFileError.self) {
      try AssetLinks(
        json:
          #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"a.b","sha256_cert_fingerprints":["AB:CD"]}}]"#
      )
    }
    #expect(AssetLinks.isValidPackageName("com.example.app"))
    #expect(!AssetLinks.isValidPackageName("example"))
    #expect(!AssetLinks.isValidPackageName("com..app"))
    #expect(!AssetLinks.isValidFingerprint("AB:CD"))
  }
}
