import ArgumentParser
import Switchyard
import SwitchyardFoundation

/// `switchyard verify aasa|android FILE …`: does a file let in what the routes handle?
struct Verify: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check an app-link file against a route table.",
    discussion: """
      Lists the links the file lets into the app that no route handles, and the routes' links \
      it keeps out. Exit status: 0 when the file lets in exactly what the routes handle (or \
      the superset export writes), 1 with the differences listed, 2 for a usage error or a \
      file that cannot be read.
      """,
    subcommands: [VerifyAASA.self, VerifyAndroid.self]
  )

  /// Reads a file (or stdin for `-`) as UTF-8 text with the route-file reader, or prints why
  /// not (`site.json: no such file`, `site.json:1:1: invalid UTF-8 (byte 0xD1)`) and exits 2.
  static func read(_ path: String) throws -> String {
    let name = displayName(path)
    do {
      let bytes =
        path == RouteSource.standardInputName
        ? try RouteFile.readStandardInput(name: name, role: .file)
        : try RouteFile.readFile(atPath: path, role: .file)
      return try RouteFile.text(of: bytes, name: name)
    } catch {
      printError("\(error)")
      throw SwitchyardTool.usageErrorStatus
    }
  }

  /// The name a file has in messages: standard input (`-`) is `<stdin>`, as for `--routes -`.
  static func displayName(_ path: String) -> String {
    path == RouteSource.standardInputName ? RouteSource.standardInputDisplayName : path
  }

  /// Prints the differences and exits 1, or prints that all is well.
  static func report(_ drifts: [AppLinkDrift], file: String, checked: String) throws {
    if drifts.isEmpty {
      try writeOutput("ok: \(displayName(file)) lets in what the routes handle (\(checked))\n")
      return
    }
    try writeOutput(drifts.map { "\($0)\n" }.joined())
    throw ExitCode(1)
  }
}

/// `switchyard verify aasa FILE [--routes FILE] [--host HOST] [--app-id ID] [--web-only ROUTE …]`
struct VerifyAASA: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "aasa",
    abstract: "Check an apple-app-site-association file against the routes.")

  @Argument(
    help: ArgumentHelp("The apple-app-site-association file ('-': stdin).", valueName: "file"))
  var file: String

  @OptionGroup var source: RouteSource

  @Option(help: ArgumentHelp("The domain that serves the file.", valueName: "host"))
  var host: String?

  @Option(
    name: .customLong("app-id"),
    help: ArgumentHelp("Check only this app's entry (TEAMID.BUNDLEID).", valueName: "id"))
  var appID: String?

  @Option(
    name: .customLong("web-only"),
    help: ArgumentHelp("A route whose links must stay on the web.", valueName: "route"))
  var webOnly: [String] = []

  mutating func run() throws {
    let text = try Verify.read(file)
    let association: AppleAppSiteAssociation
    do {
      association = try AppleAppSiteAssociation(json: text)
    } catch {
      printError("\(Verify.displayName(file)):\(error)")
      throw SwitchyardTool.usageErrorStatus
    }
    if let appID, !association.details.contains(where: { $0.appIDs.contains(appID) }) {
      try writeOutput("the file names no app \(appID)\n")
      throw ExitCode(1)
    }
    let table = try source.loadTable()
    let webOnly = try AppLinkOptions.webOnlyRoutes(webOnly, in: table)
    let drifts = association.verify(against: table, host: host, appID: appID, webOnly: webOnly)
    let components = association.details.reduce(0) { $0 + $1.components.count }
    try Verify.report(drifts, file: file, checked: "\(components) components")
  }
}

/// `switchyard verify android FILE [--routes FILE] [--host HOST …] [--package NAME] [--sha256 …]`
///
/// FILE is an XML document with intent filters (a manifest or `export android` output), or an
/// `assetlinks.json` (a file whose first character is `[`).
struct VerifyAndroid: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "android",
    abstract: "Check intent filters (or an assetlinks.json) against the routes.",
    discussion: """
      FILE is an AndroidManifest.xml or the output of export android: its link filters \
      (action VIEW, category BROWSABLE) are compared with the routes. A FILE that starts with \
      '[' is read as an assetlinks.json instead, and checked to name --package with the \
      handle_all_urls relation and every --sha256 fingerprint.
      """)

  @Argument(help: ArgumentHelp("The file ('-': stdin).", valueName: "file"))
  var file: String

  @OptionGroup var source: RouteSource

  @Option(help: ArgumentHelp("A web host for routes that name none.", valueName: "host"))
  var host: [String] = []

  @Option(help: ArgumentHelp("The app's package name (for an assetlinks.json).", valueName: "name"))
  var package: String?

  @Option(help: ArgumentHelp("A fingerprint the assetlinks.json must hold.", valueName: "hex"))
  var sha256: [String] = []

  mutating func run() throws {
    let text = try Verify.read(file)
    if text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).first == "[" {
      try verifyAssetLinks(text)
      return
    }
    let filters: AndroidIntentFilters
    do {
      filters = try AndroidIntentFilters(xml: text)
    } catch {
      printError("\(Verify.displayName(file)):\(error)")
      throw SwitchyardTool.usageErrorStatus
    }
    let table = try source.loadTable()
    let drifts = filters.verify(against: table, hosts: host)
    try Verify.report(drifts, file: file, checked: "\(filters.filters.count) intent filters")
  }

  func verifyAssetLinks(_ text: String) throws {
    guard let package else {
      printError("error: checking an assetlinks.json needs --package NAME")
      throw SwitchyardTool.usageErrorStatus
    }
    let links: AssetLinks
    do {
      links = try AssetLinks(json: text)
    } catch {
      printError("\(Verify.displayName(file)):\(error)")
      throw SwitchyardTool.usageErrorStatus
    }
    var problems: [String] = []
    let apps = links.apps.filter { $0.packageName == package }
    if apps.isEmpty {
      problems.append(
        "no statement lets \(package) handle the site's links "
          + "(relation \(AssetLinks.handleAllURLs), namespace android_app)")
    } else {
      let known = Set(apps.flatMap(\.fingerprints).map { $0.uppercased() })
      for fingerprint in sha256 where !known.contains(fingerprint.uppercased()) {
        problems.append("the fingerprint \(fingerprint) is not listed for \(package)")
      }
    }
    if problems.isEmpty {
      try writeOutput("ok: \(Verify.displayName(file)) lets \(package) handle the site's links\n")
      return
    }
    try writeOutput(problems.map { $0 + "\n" }.joined())
    throw ExitCode(1)
  }
}
