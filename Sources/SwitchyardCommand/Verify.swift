import ArgumentParser
import Switchyard
import SwitchyardFiles

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

  /// Prints the differences and exits 1, or prints that all is well (`ok: FILE lets in …`).
  ///
  /// `--format json` prints one object instead:
  /// `{"file":…,"ok":false,"differences":[{"kind":…,"url":…,"route":…,"message":…},…]}`.
  static func report(
    _ differences: [Difference], file: String, okMessage: String, format: OutputFormat
  ) throws {
    let name = displayName(file)
    switch format {
    case .text:
      if differences.isEmpty {
        try writeOutput("ok: \(name) \(okMessage)\n")
      } else {
        try writeOutput(differences.map { $0.message + "\n" }.joined())
      }
    case .json:
      try writeOutput(
        "{\"file\":" + JSONEscaping.quote(name) + ",\"ok\":\(differences.isEmpty),"
          + "\"differences\":[" + differences.map(\.json).joined(separator: ",") + "]}\n")
    }
    if !differences.isEmpty { throw ExitCode(1) }
  }

  /// One thing a file gets wrong, as a line of text or an object of `--format json`.
  struct Difference {
    /// `unhandledLink`, `webOnlyLink`, `routeNotLetIn`, `notVerified` (``AppLinkDrift``), `appNotListed`,
    /// `packageNotListed` or `fingerprintNotListed`.
    var kind: String
    var url: String?
    var route: String?
    /// The app ID, package or fingerprint a `…NotListed` difference is about.
    var subject: (key: String, value: String)?
    var message: String

    init(
      kind: String, url: String? = nil, route: String? = nil,
      subject: (key: String, value: String)? = nil, message: String
    ) {
      self.kind = kind
      self.url = url
      self.route = route
      self.subject = subject
      self.message = message
    }

    init(_ drift: AppLinkDrift) {
      // The kind prints as its name, which is the JSON's `kind`.
      self.init(kind: "\(drift.kind)", url: drift.url, route: drift.routeName, message: "\(drift)")
    }

    var json: String {
      func quoted(_ text: String?) -> String { text.map(JSONEscaping.quote) ?? "null" }
      var object = "{\"kind\":" + quoted(kind)
      if let subject { object += ",\"\(subject.key)\":" + quoted(subject.value) }
      return object + ",\"url\":" + quoted(url) + ",\"route\":" + quoted(route)
        + ",\"message\":" + quoted(message) + "}"
    }
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

  @Option(name: .long, help: "Output format: text (for people) or json (one object).")
  var format: OutputFormat = .text

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
      let missing = Verify.Difference(
        kind: "appNotListed", subject: ("app", appID), message: "the file names no app \(appID)")
      try Verify.report([missing], file: file, okMessage: "", format: format)
    }
    let table = try source.loadTable()
    let webOnly = try AppLinkOptions.webOnlyRoutes(webOnly, in: table)
    let drifts = association.verify(against: table, host: host, appID: appID, webOnly: webOnly)
    let components = association.details.reduce(0) { $0 + $1.components.count }
    try Verify.report(
      drifts.map(Verify.Difference.init), file: file,
      okMessage: "lets in what the routes handle (\(components) components)", format: format)
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

  @Option(name: .long, help: "Output format: text (for people) or json (one object).")
  var format: OutputFormat = .text

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
    try Verify.report(
      drifts.map(Verify.Difference.init), file: file,
      okMessage: "lets in what the routes handle (\(filters.filters.count) intent filters)",
      format: format)
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
    try Verify.report(
      Self.differences(links, package: package, sha256: sha256), file: file,
      okMessage: "lets \(package) handle the site's links", format: format)
  }

  /// What an `assetlinks.json` gets wrong for the app `package` signed with `sha256` (also
  /// `switchyard doctor`'s check of the file it fetched).
  static func differences(_ links: AssetLinks, package: String, sha256: [String])
    -> [Verify.Difference]
  {
    var problems: [Verify.Difference] = []
    let apps = links.apps.filter { $0.packageName == package }
    if apps.isEmpty {
      problems.append(
        Verify.Difference(
          kind: "packageNotListed", subject: ("package", package),
          message: "no statement lets \(package) handle the site's links "
            + "(relation \(AssetLinks.handleAllURLs), namespace android_app)"))
    } else {
      let known = Set(apps.flatMap(\.fingerprints).map { $0.uppercased() })
      for fingerprint in sha256 where !known.contains(fingerprint.uppercased()) {
        problems.append(
          Verify.Difference(
            kind: "fingerprintNotListed", subject: ("fingerprint", fingerprint),
            message: "the fingerprint \(fingerprint) is not listed for \(package)"))
      }
    }
    return problems
  }
}
