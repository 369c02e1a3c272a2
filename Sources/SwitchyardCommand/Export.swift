import ArgumentParser
import Switchyard
import SwitchyardFoundation

/// `switchyard export aasa|android …`: app-link files generated from a route table.
struct Export: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Generate universal-link and App Link files from a route table.",
    discussion: """
      export aasa prints an apple-app-site-association file; export android prints the \
      intent filters (or, with --assetlinks, an assetlinks.json). What a file cannot say \
      exactly is written as the closest superset, with a warning on stderr naming the route.
      """,
    subcommands: [ExportAASA.self, ExportAndroid.self]
  )
}

/// `switchyard export aasa --app-id TEAMID.BUNDLEID [--app-id …] [--host HOST] [--web-only ROUTE …]`
struct ExportAASA: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "aasa",
    abstract: "Print an apple-app-site-association file for the routes that answer https.",
    discussion: """
      Every route that can match https://HOST/… becomes components (all hosts when --host is \
      not given). Routes named with --web-only become exclude components: their links stay \
      in the browser. Exit status: 0, or 2 for a usage or route-file error.
      """
  )

  @OptionGroup var source: RouteSource

  @Option(
    name: .customLong("app-id"),
    help: ArgumentHelp("An app that may open the links, as TEAMID.BUNDLEID.", valueName: "id"))
  var appIDs: [String] = []

  @Option(help: ArgumentHelp("The domain that serves the file.", valueName: "host"))
  var host: String?

  @Option(
    name: .customLong("web-only"),
    help: ArgumentHelp("A route whose links must stay on the web.", valueName: "route"))
  var webOnly: [String] = []

  func validate() throws {
    guard !appIDs.isEmpty else {
      throw ValidationError("give at least one --app-id TEAMID.BUNDLEID")
    }
    for id in appIDs {
      guard let dot = id.firstIndex(of: "."), dot != id.startIndex,
        id.index(after: dot) != id.endIndex
      else {
        throw ValidationError("--app-id '\(id)' is not TEAMID.BUNDLEID")
      }
    }
  }

  mutating func run() throws {
    let table = try source.loadTable()
    let webOnly = try AppLinkOptions.webOnlyRoutes(webOnly, in: table)
    let export = AppleAppSiteAssociation.export(
      table, appIDs: appIDs, host: host, webOnly: webOnly)
    for warning in export.warnings { printError("\(warning)") }
    try writeOutput(export.file.json)
  }
}

/// `switchyard export android --package NAME [--host HOST …] [--sha256 FINGERPRINT …] [--assetlinks]`
struct ExportAndroid: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "android",
    abstract: "Print the intent filters (or the assetlinks.json) for a route table.",
    discussion: """
      Without --assetlinks, prints an XML document holding one <intent-filter> per route, to \
      copy into the activity that handles links; https filters get android:autoVerify. With \
      --assetlinks, prints the assetlinks.json for the package's signing certificates \
      (--sha256, at least one). Routes with no host (or the host *) are exported for each \
      --host. Exit status: 0, or 2 for a usage or route-file error.
      """
  )

  @OptionGroup var source: RouteSource

  @Option(help: ArgumentHelp("The app's package name (applicationId).", valueName: "name"))
  var package: String

  @Option(
    help: ArgumentHelp(
      "A SHA-256 fingerprint of the app's signing certificate (AB:CD:…).", valueName: "hex"))
  var sha256: [String] = []

  @Option(help: ArgumentHelp("A web host for routes that name none.", valueName: "host"))
  var host: [String] = []

  @Flag(help: "Print assetlinks.json instead of the intent filters.")
  var assetlinks = false

  func validate() throws {
    guard AssetLinks.isValidPackageName(package) else {
      throw ValidationError(
        "--package '\(package)' is not a Java package name like com.example.app")
    }
    for fingerprint in sha256 where !AssetLinks.isValidFingerprint(fingerprint) {
      throw ValidationError(
        "--sha256 '\(fingerprint)' is not 32 two-digit hexadecimal bytes separated by ':'")
    }
    if assetlinks && sha256.isEmpty {
      throw ValidationError("--assetlinks needs at least one --sha256 fingerprint")
    }
  }

  mutating func run() throws {
    if assetlinks {
      try writeOutput(AssetLinks(packageName: package, fingerprints: sha256).json)
      return
    }
    let table = try source.loadTable()
    let export = AndroidIntentFilters.export(table, packageName: package, hosts: host)
    for warning in export.warnings { printError("\(warning)") }
    try writeOutput(export.file.xml)
  }
}

/// Options shared by export and verify.
enum AppLinkOptions {
  /// The `--web-only` names, each checked against the table.
  static func webOnlyRoutes(_ names: [String], in table: RouteTable) throws -> Set<String> {
    for name in names where table.route(named: name) == nil {
      printError("error: --web-only names no route '\(name)' in the table")
      throw SwitchyardTool.usageErrorStatus
    }
    return Set(names)
  }
}

/// Writes `text` (which ends with a newline) to standard output through ``StandardOutput``, so
/// a failed write is exit status 2.
func writeOutput(_ text: String) throws {
  try StandardOutput.writeLine(text.hasSuffix("\n") ? String(text.dropLast()) : text)
}
