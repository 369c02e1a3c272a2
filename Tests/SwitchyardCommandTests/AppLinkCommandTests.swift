import Foundation
import Testing

/// End-to-end tests of `switchyard export` and `switchyard verify`: golden files for the
/// built-in table, warnings on stderr, exit statuses, and drift found in edited files.
@Suite("switchyard export / verify (end to end)")
struct AppLinkCommandTests {
  static let appID = "ABCDE12345.com.example.app"
  static let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

  /// A golden file's contents (Tests/SwitchyardCommandTests/Golden/NAME).
  static func golden(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Golden").appendingPathComponent(name)
    return String(decoding: try Data(contentsOf: url), as: UTF8.self)
  }

  @Test("export aasa on the built-in table prints the golden file and warns about <int:id>")
  func exportAASA() throws {
    let result = try CommandRunner.run([
      "export", "aasa", "--app-id", Self.appID, "--host", "example.com",
    ])
    #expect(result.status == 0)
    #expect(result.stdout == (try Self.golden("apple-app-site-association.json")))
    #expect(
      result.stderr.split(separator: "\n").dropFirst() == [
        #"warning: route "article": <int:id> is written as any non-empty text, so the file also lets in values the route refuses"#,
        "note: the file is 677 bytes (Apple reads up to 131072)",
      ])
  }

  @Test("export android prints the golden intent filters; --assetlinks the golden assetlinks.json")
  func exportAndroid() throws {
    let filters = try CommandRunner.run([
      "export", "android", "--package", "com.example.app", "--host", "example.com",
    ])
    #expect(filters.status == 0)
    #expect(filters.stdout == (try Self.golden("intent-filters.xml")))
    #expect(
      filters.stderr.contains(#"warning: route "search": intent filters do not look at the query"#))
    let links = try CommandRunner.run([
      "export", "android", "--package", "com.example.app", "--sha256", Self.fingerprint,
      "--assetlinks",
    ])
    #expect(links.status == 0)
    #expect(links.stdout == (try Self.golden("assetlinks.json")))
    #expect(links.stderr.isEmpty)
  }

  @Test("The DocC article shows the built-in table's files as the command prints them")
  func articleShowsGoldenFiles() throws {
    let article = try String(
      decoding: Data(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
          .deletingLastPathComponent().deletingLastPathComponent()
          .appendingPathComponent("Sources/Switchyard/Switchyard.docc/AppLinks.md")),
      as: UTF8.self)
    for name in ["apple-app-site-association.json", "assetlinks.json", "intent-filters.xml"] {
      #expect(article.contains(try Self.golden(name)), "\(name)")
    }
  }

  @Test(
    "export android with --sha256 prints both files in one valid XML document; --output-dir writes them"
  )
  func exportAndroidBoth() throws {
    let folder = try CommandRunner.directory(with: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let both = try CommandRunner.run(
      [
        "export", "android", "--package", "com.example.app", "--host", "example.com", "--sha256",
        Self.fingerprint,
      ], in: folder)
    #expect(both.status == 0)
    #expect(both.stdout.hasPrefix(try Self.golden("intent-filters.xml")))
    #expect(both.stdout.contains(try Self.golden("assetlinks.json")))
    try Data(both.stdout.utf8).write(to: folder.appendingPathComponent("both.xml"))
    let verify = try CommandRunner.run(
      ["verify", "android", "both.xml", "--host", "example.com"], in: folder)
    #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")

    let written = try CommandRunner.run(
      [
        "export", "android", "--package", "com.example.app", "--host", "example.com", "--sha256",
        Self.fingerprint, "--output-dir", folder.path,
      ], in: folder)
    #expect(written.status == 0)
    #expect(written.stdout.isEmpty)
    let xml = try String(
      decoding: Data(contentsOf: folder.appendingPathComponent("intent-filters.xml")), as: UTF8.self
    )
    let json = try String(
      decoding: Data(contentsOf: folder.appendingPathComponent("assetlinks.json")), as: UTF8.self)
    #expect(xml == (try Self.golden("intent-filters.xml")))
    #expect(json == (try Self.golden("assetlinks.json")))
  }

  @Test("--web-only turns a route into exclude components")
  func webOnly() throws {
    let result = try CommandRunner.run([
      "export", "aasa", "--app-id", Self.appID, "--host", "example.com", "--web-only", "legacy",
      "--comments",
    ])
    #expect(result.status == 0)
    #expect(
      result.stdout.contains(
        #"{ "/": "/legacy", "exclude": true, "comment": "legacy: /legacy/*" }"#))
  }

  @Test("verify: the golden files verify clean (exit 0)")
  func verifyClean() throws {
    let folder = try CommandRunner.directory(with: [
      "aasa.json": try Self.golden("apple-app-site-association.json"),
      "filters.xml": try Self.golden("intent-filters.xml"),
      "assetlinks.json": try Self.golden("assetlinks.json"),
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let aasa = try CommandRunner.run(
      ["verify", "aasa", "aasa.json", "--host", "example.com"], in: folder)
    #expect(aasa.status == 0)
    #expect(aasa.stdout.hasPrefix("ok: aasa.json lets in what the routes handle"))
    let android = try CommandRunner.run(
      ["verify", "android", "filters.xml", "--host", "example.com"], in: folder)
    #expect(android.status == 0)
    let links = try CommandRunner.run(
      [
        "verify", "android", "assetlinks.json", "--package", "com.example.app", "--sha256",
        Self.fingerprint,
      ], in: folder)
    #expect(links.status == 0)
  }

  @Test("verify: a file that drifted lists the differences and exits 1")
  func verifyDrift() throws {
    let golden = try Self.golden("apple-app-site-association.json")
    // The profile route is dropped, and the catch-all website route narrowed.
    let drifted =
      golden
      .replacingOccurrences(of: #"{ "/": "/@?*" },"#, with: "")
      .replacingOccurrences(of: #"{ "/": "/" },"#, with: #"{ "/": "/home" },"#)
      .replacingOccurrences(of: #"{ "/": "/?*" }\#n"#, with: #"{ "/": "/www/?*" }\#n"#)
    // Every http scheme dropped: the http variants of article and website are kept out.
    let filters = try Self.golden("intent-filters.xml").replacingOccurrences(
      of: #"    <data android:scheme="http" />\#n"#, with: "")
    let folder = try CommandRunner.directory(with: [
      "aasa.json": drifted, "filters.xml": filters,
      "assetlinks.json": try Self.golden("assetlinks.json"),
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let aasa = try CommandRunner.run(
      ["verify", "aasa", "aasa.json", "--host", "example.com"], in: folder)
    #expect(aasa.status == 1)
    #expect(
      aasa.lines.contains(#"route "profile": the file does not let in https://example.com/@x"#))
    #expect(aasa.lines.contains(#"route "website": the file does not let in https://example.com/"#))
    let android = try CommandRunner.run(
      ["verify", "android", "filters.xml", "--host", "example.com"], in: folder)
    #expect(android.status == 1)
    #expect(
      android.lines.contains(
        #"route "article": the file does not let in http://example.com/articles/7"#))
    #expect(
      android.lines.contains(#"route "website": the file does not let in http://example.com/"#))
    #expect(android.lines.allSatisfy { $0.contains("does not let in http://") })
    let links = try CommandRunner.run(
      ["verify", "android", "assetlinks.json", "--package", "com.example.other"], in: folder)
    #expect(links.status == 1)
    #expect(links.lines.first?.hasPrefix("no statement lets com.example.other handle") == true)
  }

  @Test(
    "Usage and file errors exit 2 with a message and nothing on stdout",
    arguments: [
      (["export", "aasa"], "give at least one --app-id"),
      (["export", "aasa", "--app-id", "nodot"], "--app-id 'nodot' is not TEAMID.BUNDLEID"),
      (
        ["export", "aasa", "--app-id", "A.b", "--web-only", "nope"],
        "--web-only names no route 'nope'"
      ),
      (["export", "android", "--package", "app"], "--package 'app' is not a Java package name"),
      (
        ["export", "android", "--package", "a.b", "--assetlinks"],
        "--assetlinks needs at least one --sha256"
      ),
      (["export", "android", "--package", "a.b", "--sha256", "AB"], "--sha256 'AB' is not"),
      (["verify", "aasa", "missing.json"], "missing.json: no such file"),
      (["verify", "aasa", "bad.json"], "bad.json:2:22: \"?\" must be an object, not an integer"),
      (["verify", "android", "bad.xml"], "bad.xml:1:4: <a> is not closed"),
      (["verify", "android", "assetlinks.json"], "needs --package NAME"),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let folder = try CommandRunner.directory(with: [
      "bad.json":
        "{\"applinks\": {\"details\": [{\"appIDs\": [\"A.b\"],\n\"components\": [{\"?\": 3}]}]}}",
      "bad.xml": "<a>",
      "assetlinks.json": "[]",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CommandRunner.run(arguments, in: folder)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test("export aasa: --host is required for several hosts; --enforce-size-limit fails over 128 KB")
  func hostsAndSize() throws {
    let twoHosts = """
      {"version": 1, "routes": [
        {"name": "a", "pattern": "https://a.example.org/x/:id"},
        {"name": "b", "pattern": "https://b.example.org/y/:id"}
      ]}
      """
    let routes = (0..<1_500).map {
      #"{"name": "r\#($0)", "pattern": "https://example.org/a-rather-long-section-name-\#($0)/:id"}"#
    }
    let large = #"{"version": 1, "routes": ["# + routes.joined(separator: ",") + "]}"
    let folder = try CommandRunner.directory(with: ["two.json": twoHosts, "large.json": large])
    defer { try? FileManager.default.removeItem(at: folder) }

    let noHost = try CommandRunner.run(
      ["export", "aasa", "--routes", "two.json", "--app-id", Self.appID], in: folder)
    #expect(noHost.status == 2)
    #expect(noHost.stdout.isEmpty)
    #expect(
      noHost.stderr.contains(
        "error: the routes name 2 hosts (a.example.org, b.example.org); give --host HOST"))
    let oneHost = try CommandRunner.run(
      [
        "export", "aasa", "--routes", "two.json", "--app-id", Self.appID, "--host", "a.example.org",
      ],
      in: folder)
    #expect(oneHost.status == 0)
    #expect(oneHost.stdout.contains(#""/": "/x/?*""#) && !oneHost.stdout.contains("/y/"))

    let over = ["export", "aasa", "--routes", "large.json", "--app-id", Self.appID]
    let warned = try CommandRunner.run(over + ["--comments"], in: folder)
    #expect(warned.status == 0)
    #expect(warned.stderr.contains("bytes, over the 131072 bytes (128 KB) Apple reads"))
    let enforced = try CommandRunner.run(over + ["--comments", "--enforce-size-limit"], in: folder)
    #expect(enforced.status == 1)
    #expect(enforced.stdout.isEmpty)
    #expect(enforced.stderr.contains("error: the file is over Apple's size limit"))
    // Without comments the same routes fit.
    let fits = try CommandRunner.run(over + ["--enforce-size-limit"], in: folder)
    #expect(fits.status == 0, "\(fits.stderr)")
  }

  @Test("export android --web-only writes dynamic exclude rules and warns for older Android")
  func androidWebOnly() throws {
    let result = try CommandRunner.run([
      "export", "android", "--package", "com.example.app", "--sha256", Self.fingerprint,
      "--web-only", "legacy", "--assetlinks",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.contains(#"{ "/": "/legacy", "exclude": true },"#))
    #expect(result.stderr.contains(#"warning: route "legacy": it is kept out of the app"#))
    let missing = try CommandRunner.run([
      "export", "android", "--package", "com.example.app", "--web-only", "legacy",
    ])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("--web-only needs --sha256"))
  }

  @Test("A user route file: export and verify use it")
  func userRouteFile() throws {
    let routes = """
      {"version": 1, "routes": [
        {"name": "event", "pattern": "https://tickets.example.org/events/<int:id>"},
        {"name": "venue", "pattern": "https://tickets.example.org/venues/:slug"}
      ]}
      """
    let folder = try CommandRunner.directory(with: ["routes.json": routes])
    defer { try? FileManager.default.removeItem(at: folder) }
    let export = try CommandRunner.run(
      ["export", "aasa", "--routes", "routes.json", "--app-id", Self.appID], in: folder)
    #expect(export.status == 0)
    #expect(export.stdout.contains(#""/": "/events/?*""#))
    #expect(export.stdout.contains(#""/": "/venues/?*""#))
    #expect(export.stderr.contains(#"route "event""#))
    try Data(export.stdout.utf8).write(to: folder.appendingPathComponent("aasa.json"))
    let verify = try CommandRunner.run(
      ["verify", "aasa", "aasa.json", "--routes", "routes.json"], in: folder)
    #expect(verify.status == 0, "\(verify.stdout)")
    let extra = export.stdout.replacingOccurrences(
      of: #""components": ["#, with: #""components": [{ "/": "/old/*" },"#)
    try Data(extra.utf8).write(to: folder.appendingPathComponent("aasa.json"))
    let drift = try CommandRunner.run(
      ["verify", "aasa", "aasa.json", "--routes", "routes.json"], in: folder)
    #expect(drift.status == 1)
    #expect(
      drift.lines.contains(
        "the file lets in https://tickets.example.org/old/x/y, which no route handles"))
    let android = try CommandRunner.run(
      ["export", "android", "--routes", "routes.json", "--package", "org.example.tickets"],
      in: folder)
    #expect(android.stdout.contains(#"<data android:host="tickets.example.org" />"#))
    #expect(android.stdout.contains(#"<intent-filter android:autoVerify="true">"#))
  }
}
