import ArgumentParser
import Switchyard
import SwitchyardFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's `write`, which the command's own `write(_:to:)` hides.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

/// `switchyard export aasa|android …`: app-link files generated from a route table.
struct Export: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Generate universal-link and App Link files from a route table.",
    discussion: """
      export aasa prints an apple-app-site-association file; export android prints the \
      intent filters and, given --sha256, the assetlinks.json. What a file cannot say \
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
      Every route that can match https://HOST/… becomes components; --host is required when \
      the routes name more than one host, since each host serves its own file. Routes named \
      with --web-only become exclude components: their links stay in the browser. The \
      file's size is reported on stderr, with a warning when it is over the 128 KB Apple \
      reads. Exit status: 0; 1 with --enforce-size-limit when the file is over 128 KB \
      (nothing is printed); 2 for a usage or route-file error.
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

  @Flag(help: "Give each component a comment naming its route and pattern.")
  var comments = false

  @Flag(
    name: .customLong("enforce-size-limit"),
    help: "Exit 1 without printing the file when it is over Apple's 128 KB.")
  var enforceSizeLimit = false

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
    let hosts = AppleAppSiteAssociation.hosts(in: table)
    if host == nil, hosts.count > 1 {
      printError(
        "error: the routes name \(hosts.count) hosts (\(hosts.joined(separator: ", "))); give "
          + "--host HOST and export one file per host, since each host serves its own file")
      throw SwitchyardTool.usageErrorStatus
    }
    let export = AppleAppSiteAssociation.export(
      table, appIDs: appIDs, host: host, webOnly: webOnly, comments: comments)
    for warning in export.warnings { printError("\(warning)") }
    let json = export.file.json
    let size = json.utf8.count
    printError(
      "note: the file is \(size) bytes (Apple reads up to \(AppleAppSiteAssociation.maximumSize))")
    if enforceSizeLimit && size > AppleAppSiteAssociation.maximumSize {
      printError("error: the file is over Apple's size limit; nothing was printed")
      throw ExitCode(1)
    }
    try writeOutput(json)
  }
}

/// `switchyard export android --package NAME [--host HOST …] [--sha256 FINGERPRINT …]
/// [--assetlinks | --output-dir DIR]`
struct ExportAndroid: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "android",
    abstract: "Print the intent filters and the assetlinks.json for a route table.",
    discussion: """
      Prints an XML document holding one <intent-filter> per route, to copy into the activity \
      that handles links; https filters get android:autoVerify. Given --sha256, the \
      assetlinks.json for the package's signing certificates follows in a comment at the end \
      of the document (the document stays valid XML). --assetlinks prints only the \
      assetlinks.json; --output-dir DIR writes DIR/intent-filters.xml and, given --sha256, \
      DIR/assetlinks.json. Routes with no host (or the host *) are exported for each --host. \
      Routes named with --web-only (which needs --sha256) are kept out of the app by dynamic \
      rules in the assetlinks.json, which only Android 15 and later read; a warning names \
      each. Exit status: 0, or 2 for a usage or route-file error.
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

  @Flag(help: "Print only the assetlinks.json.")
  var assetlinks = false

  @Option(
    name: .customLong("web-only"),
    help: ArgumentHelp(
      "A route whose links must stay on the web (Android 15+; needs --sha256).",
      valueName: "route"))
  var webOnly: [String] = []

  @Option(
    name: .customLong("output-dir"),
    help: ArgumentHelp("Write the files into this directory instead.", valueName: "dir"))
  var outputDirectory: String?

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
    if assetlinks && outputDirectory != nil {
      throw ValidationError("give --assetlinks or --output-dir, not both")
    }
    if !webOnly.isEmpty && sha256.isEmpty {
      throw ValidationError(
        "--web-only needs --sha256: the routes are kept on the web by the assetlinks.json")
    }
  }

  mutating func run() throws {
    var links = sha256.isEmpty ? nil : AssetLinks(packageName: package, fingerprints: sha256)
    if assetlinks, webOnly.isEmpty, let links {
      try writeOutput(links.json)
      return
    }
    let table = try source.loadTable()
    if !webOnly.isEmpty {
      let names = try AppLinkOptions.webOnlyRoutes(webOnly, in: table)
      let export = AssetLinks.export(
        table, packageName: package, fingerprints: sha256, host: host.count == 1 ? host[0] : nil,
        webOnly: names)
      for warning in export.warnings { printError("\(warning)") }
      links = export.file
      if assetlinks {
        try writeOutput(export.file.json)
        return
      }
    }
    let export = AndroidIntentFilters.export(table, packageName: package, hosts: host)
    for warning in export.warnings { printError("\(warning)") }
    if let outputDirectory {
      try Self.makeDirectory(outputDirectory)
      try write(export.file.xml, to: outputDirectory + "/intent-filters.xml")
      if let links { try write(links.json, to: outputDirectory + "/assetlinks.json") }
      return
    }
    var document = export.file.xml
    if let links {
      document += "<!-- assetlinks.json, served at https://HOST/.well-known/assetlinks.json:\n"
      document += links.json + "-->\n"
    }
    try writeOutput(document)
  }

  /// Creates `path` and the directories above it that are missing, as `mkdir -p` does, or
  /// prints why it cannot and exits 2.
  static func makeDirectory(_ path: String) throws {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component
      if mkdir(prefix, 0o777) != 0, case let code = errno, code != EEXIST {
        printError(
          "error: cannot create the directory \(prefix.escapedForDisplay): "
            + RouteFile.describe(code))
        throw SwitchyardTool.usageErrorStatus
      }
      prefix += "/"
    }
    if PathKind(path: path) != .directory {
      printError("error: --output-dir \(path.escapedForDisplay) is not a directory")
      throw SwitchyardTool.usageErrorStatus
    }
  }

  /// Writes `text` to the file at `path`, replacing it, or prints why not and exits 2.
  private func write(_ text: String, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    var failure = descriptor < 0 ? errno : 0
    if descriptor >= 0 {
      let bytes = Array(text.utf8)
      var offset = 0
      while failure == 0, offset < bytes.count {
        let written = bytes.withUnsafeBytes { buffer -> Int in
          guard let base = buffer.baseAddress else { return 0 }
          return systemWrite(descriptor, base + offset, buffer.count - offset)
        }
        if written >= 0 {
          offset += written
        } else if errno != EINTR {
          failure = errno
        }
      }
      if close(descriptor) != 0, failure == 0 { failure = errno }
    }
    if failure != 0 {
      printError(
        "error: cannot write \(path.escapedForDisplay): \(RouteFile.describe(failure))")
      throw SwitchyardTool.usageErrorStatus
    }
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
