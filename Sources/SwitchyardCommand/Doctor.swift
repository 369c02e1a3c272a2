import ArgumentParser
import Switchyard
import SwitchyardFiles

/// `switchyard doctor https://HOST`: the domain's app-link files as the platforms fetch them,
/// checked against the routes, and what each route's web link does there.
///
/// The checks are ``DoctorExamination``'s; only the fetching needs the `Doctor` trait (an HTTPS
/// client). Without it the command says how to build it and exits 2.
struct Doctor: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check a live domain's app-link files and web links against the routes.",
    discussion: """
      Fetches https://HOST/.well-known/apple-app-site-association and assetlinks.json as \
      Apple and Google do (no redirect followed), checks status, content type, size, byte \
      order mark and JSON, compares them with the routes as verify does (and --manifest's \
      intent filters), compares Apple's CDN copy and Google's statement list with the \
      origin's files, and requests one web link of each route as a browser would. \
      Exit status: 0 all well, 1 findings, 2 a usage error or a site that cannot be reached. \
      Needs the Doctor trait: swift build --traits Doctor --product switchyard.
      """)

  @Argument(help: ArgumentHelp("The domain to check, as https://HOST.", valueName: "url"))
  var url: String

  @OptionGroup var source: RouteSource

  @Option(
    name: .customLong("app-id"),
    help: ArgumentHelp("The app the Apple file must name (TEAMID.BUNDLEID).", valueName: "id"))
  var appID: String?

  @Option(help: ArgumentHelp("The Android app assetlinks.json must name.", valueName: "name"))
  var package: String?

  @Option(help: ArgumentHelp("A fingerprint assetlinks.json must hold.", valueName: "hex"))
  var sha256: [String] = []

  @Option(
    name: .customLong("web-only"),
    help: ArgumentHelp("A route whose links must stay on the web.", valueName: "route"))
  var webOnly: [String] = []

  @Option(
    name: .customLong("apple-cdn"),
    help: ArgumentHelp(
      "The base URL of Apple's CDN of association files ('none': skip the comparison).",
      valueName: "url"))
  var appleCDN: String = DoctorRequest.appleCDNBase

  @Option(
    name: .customLong("google-statements"),
    help: ArgumentHelp(
      "The base URL of Google's Digital Asset Links API ('none': skip the comparison).",
      valueName: "url"))
  var googleStatements: String = DoctorRequest.googleStatementsBase

  @Option(
    help: ArgumentHelp(
      "The app's AndroidManifest.xml: its link filters are checked against the routes.",
      valueName: "file"))
  var manifest: String?

  @Option(
    name: .customLong("link-prefix"),
    help: ArgumentHelp(
      "The link service's short-link prefix (/l/): checked as the routes' links are.",
      valueName: "path"))
  var linkPrefix: String?

  @Option(
    name: .customLong("link-code"),
    help: ArgumentHelp(
      "A short link's code, requested under --link-prefix as a browser would.",
      valueName: "code"))
  var linkCode: String?

  @Option(
    name: .customLong("ca-file"),
    help: ArgumentHelp(
      "Trust the certificates in this PEM file instead of the system's (a test server).",
      valueName: "file"))
  var caFile: String?

  @Option(
    help: ArgumentHelp(
      "Seconds each request may take, connection and TLS included (1 to 600).",
      valueName: "seconds"))
  var timeout: Int = 10

  @Option(name: .long, help: "Output format: text (for people) or json (one object).")
  var format: OutputFormat = .text

  mutating func run() throws {
    #if Doctor
      let site: DoctorSite
      switch DoctorSite.parse(url) {
      case .success(let parsed): site = parsed
      case .failure(let error):
        printError("error: \(error.message)")
        throw SwitchyardTool.usageErrorStatus
      }
      guard (1...600).contains(timeout) else {
        printError("error: --timeout \(timeout) is not between 1 and 600 seconds")
        throw SwitchyardTool.usageErrorStatus
      }
      let shortLinks: (prefix: String?, code: String?)
      switch DoctorRequest.shortLinkOptions(prefix: linkPrefix, code: linkCode) {
      case .success(let options): shortLinks = options
      case .failure(let error):
        printError("error: \(error.message)")
        throw SwitchyardTool.usageErrorStatus
      }
      let table = try source.loadTable()
      let names = try AppLinkOptions.webOnlyRoutes(webOnly, in: table)
      var filters: AndroidIntentFilters?
      if let manifest {
        let text = try Verify.read(manifest)
        do {
          filters = try AndroidIntentFilters(xml: text)
        } catch {
          printError("\(Verify.displayName(manifest)):\(error)")
          throw SwitchyardTool.usageErrorStatus
        }
      }
      let request = DoctorRequest(
        site: site, table: table, appID: appID, package: package, sha256: sha256,
        webOnly: names, appleCDN: appleCDN == "none" ? nil : appleCDN,
        googleStatements: googleStatements == "none" ? nil : googleStatements,
        manifest: filters, linkPrefix: shortLinks.prefix, linkCode: shortLinks.code,
        timeout: timeout)
      let client: DoctorClient
      do {
        client = try DoctorClient(timeout: timeout, caFile: caFile)
      } catch {
        printError("error: --ca-file \(caFile ?? ""): \(error)")
        throw SwitchyardTool.usageErrorStatus
      }
      let result = client.examine(request)
      // Not awaited: the process exits next, which closes the connections (DoctorClient).
      client.shutdown()
      try Self.finish(result, format: format)
    #else
      printError(Self.notBuiltMessage)
      throw SwitchyardTool.usageErrorStatus
    #endif
  }

  /// What `switchyard doctor` prints without the `Doctor` trait.
  static let notBuiltMessage =
    "error: switchyard was built without the Doctor trait; build it with "
    + "`swift build --traits Doctor --product switchyard`"

  /// Prints the report and exits 0 or 1, or says why the site could not be reached and exits 2.
  static func finish(_ result: Result<DoctorReport, DoctorFetchFailure>, format: OutputFormat)
    throws
  {
    switch result {
    case .failure(let failure):
      printError(
        "error: \(DoctorRequest.applePath) could not be fetched: "
          + DoctorExamination.message(for: failure))
      throw SwitchyardTool.usageErrorStatus
    case .success(let report):
      try writeOutput(format == .json ? report.json : report.text)
      if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }
  }
}
