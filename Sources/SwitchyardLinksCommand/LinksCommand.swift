#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if Links
  import ArgumentParser
  import Hummingbird
  import Logging
  import ServiceLifecycle
  import UnixSignals
  import Switchyard
  import SwitchyardFiles
  import SwitchyardLinks

  /// `switchyard-links`: the link service.
  @main
  struct LinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "switchyard-links",
      abstract: "Serve short links that only ever point at URLs the route table handles.",
      discussion: """
        Starts the link service on the route table (--routes, else ./routes.json, else the \
        built-in example table) with its links in one SQLite file (--db), or in PostgreSQL \
        (--postgres) when more than one server shares them. Minting needs a token: put it in \
        a file and pass --token-file. `switchyard-links import` adds links from a CSV file.

        Every flag can also come from the environment (SWITCHYARD_LINKS_HOST for --host, \
        comma-separated for a repeatable flag) or from a file of NAME=VALUE lines (--config \
        FILE, or SWITCHYARD_LINKS_CONFIG); the command line wins, then the environment. The \
        minting token can be SWITCHYARD_LINKS_TOKEN, the PostgreSQL URL with its password \
        SWITCHYARD_LINKS_POSTGRES or --postgres-file: secrets never need the command line.

        Exit status: 2 for a bad flag, setting, route file or database.
        """,
      version: LinksCommand.version,
      subcommands: [ImportCommand.self])

    /// The release, as `--version` prints it.
    static let version = "0.1.0"

    @Option(name: .long, help: ArgumentHelp("The route file.", valueName: "file"))
    var routes: String?

    @Option(name: .long, help: ArgumentHelp("The SQLite database file.", valueName: "path"))
    var db: String?

    @Option(
      name: .long,
      help: ArgumentHelp(
        "A PostgreSQL database instead of --db: postgres://USER[:PASSWORD]@HOST[:PORT]/NAME.",
        valueName: "url"))
    var postgres: String?

    @Option(
      name: .customLong("postgres-file"),
      help: ArgumentHelp(
        "A file holding the PostgreSQL URL (keeps its password out of the command line).",
        valueName: "file"))
    var postgresFile: String?

    @Option(
      name: .long,
      help: ArgumentHelp(
        "A file of settings, NAME=VALUE lines such as SWITCHYARD_LINKS_HOST=go.example.com.",
        valueName: "file"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("The port to listen on.", valueName: "n"))
    var port = 8080

    @Option(name: .long, help: ArgumentHelp("The address to listen on.", valueName: "addr"))
    var bind = "127.0.0.1"

    @Option(
      name: .long,
      help: ArgumentHelp(
        "A public host of the short links (repeatable; required unless --trust-host-header).",
        valueName: "name"))
    var host: [String] = []

    @Flag(
      name: .customLong("trust-host-header"),
      help: ArgumentHelp(
        "Without --host, build short links from each request's Host header, over http (for a trial on your own machine; no effect with --host)."
      ))
    var trustHostHeader = false

    @Option(
      name: .long,
      help: ArgumentHelp(
        "Where short links live: /l/ by default, / for codes at the root (the service's own paths keep theirs).",
        valueName: "path"))
    var prefix = "/l/"

    @Option(
      name: .customLong("app-id"),
      help: ArgumentHelp("TEAMID.BUNDLEID of an iOS app (repeatable).", valueName: "id"))
    var appID: [String] = []

    @Option(
      name: .customLong("package"), help: ArgumentHelp("The Android package.", valueName: "name"))
    var androidPackage: String?

    @Option(
      name: .long,
      help: ArgumentHelp(
        "An Android signing certificate's SHA-256 fingerprint (repeatable).", valueName: "fp"))
    var sha256: [String] = []

    @Option(
      name: .customLong("app-store-id"),
      help: ArgumentHelp("The app's App Store ID.", valueName: "n"))
    var appStoreID: String?

    @Option(
      name: .customLong("web-only"),
      help: ArgumentHelp("A route whose links stay on the web (repeatable).", valueName: "route"))
    var webOnly: [String] = []

    @Option(
      name: .customLong("token-file"),
      help: ArgumentHelp("A file holding the minting token.", valueName: "file"))
    var tokenFile: String?

    @Option(
      name: .customLong("site-name"),
      help: ArgumentHelp(
        "The title of a link's preview when neither the link nor its route's previewTitle gives one (default: the long URL's host and path).",
        valueName: "name"))
    var siteName: String?

    @Option(
      name: .customLong("app-name"),
      help: ArgumentHelp(
        "The app's name on the landing page (\"Open in NAME\"), beside its icon.",
        valueName: "name"))
    var appName: String?

    @Option(
      name: .customLong("app-icon"),
      help: ArgumentHelp("An https URL of the app's icon, for the landing page.", valueName: "url"))
    var appIcon: String?

    @Option(
      name: .customLong("theme-color"),
      help: ArgumentHelp(
        "The app's colour on the landing page (the browser's bar, \"Open in the app\"): #RGB or #RRGGBB.",
        valueName: "color"))
    var themeColor: String?

    @Option(
      name: .customLong("install-token-days"),
      help: ArgumentHelp(
        "How many days an install token can be redeemed (1 to 365).", valueName: "n"))
    var installTokenDays = 7

    func validate() throws {
      guard (1...365).contains(installTokenDays) else {
        throw ValidationError("--install-token-days must be 1 to 365, not \(installTokenDays)")
      }
      guard (0...65535).contains(port) else {
        throw ValidationError("--port must be 0 to 65535, not \(port)")
      }
      guard prefix.hasPrefix("/"), prefix.hasSuffix("/"),
        !prefix.hasPrefix("/v1/"), !prefix.hasPrefix("/.well-known/"),
        prefix.utf8.allSatisfy({
          $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
        })
      else {
        throw ValidationError(
          "--prefix must start and end with '/', like /l/ or / (the root), and not be under /v1/ or /.well-known/"
        )
      }
      if db != nil, postgres != nil || postgresFile != nil {
        throw ValidationError("--db and --postgres cannot be used together: choose one store")
      }
      if postgres != nil, postgresFile != nil {
        throw ValidationError("--postgres and --postgres-file cannot be used together")
      }
      if let siteName,
        siteName.trimmingWhitespace().isEmpty || siteName.count > 200
          || siteName.unicodeScalars.contains(where: {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
          })
      {
        throw ValidationError(
          "--site-name must be 1 to 200 characters of plain text on one line, not '\(siteName)'")
      }
      try validateAppIdentity()
      if let appStoreID, appStoreID.isEmpty || !appStoreID.allSatisfy(\.isASCIIDigit) {
        throw ValidationError("--app-store-id must be digits, not '\(appStoreID)'")
      }
    }

    func run() async throws {
      // Here, not in validate(), which `switchyard-links import` runs too.
      if host.isEmpty, !trustHostHeader {
        fail(
          "--host is required: give the public host of the short links (--host go.example.com), "
            + "or --trust-host-header to build them from each request's Host header")
      }
      let table = try loadTable()
      // The routes' preview titles are checked before anything starts: FILE:LINE:COL of the
      // problem when the table comes from a route file.
      do {
        _ = try TitleTemplate.templates(of: table)
      } catch {
        fail(templateErrorLocation(error) + "\(error)")
      }
      let routeNames = Set(table.routes.map(\.name))
      for name in webOnly where !routeNames.contains(name) {
        fail("--web-only \(name): no route has that name")
      }
      var configuration = LinksConfiguration(table: table)
      configuration.hosts = host
      configuration.prefix = prefix
      configuration.appIDs = appID
      configuration.androidPackage = androidPackage
      configuration.fingerprints = sha256
      configuration.appStoreID = appStoreID
      configuration.webOnly = Set(webOnly)
      configuration.installTokenLifetime = Int64(installTokenDays) * 86_400
      configuration.siteName = siteName?.trimmingWhitespace()
      configuration.app = AppIdentity(
        name: appName?.trimmingWhitespace(), iconURL: appIcon, themeColor: themeColor)
      if let tokenFile {
        guard let text = readFile(tokenFile) else {
          fail("--token-file \(tokenFile): cannot read the file")
        }
        let token = text.trimmingWhitespace()
        guard !token.isEmpty else { fail("--token-file \(tokenFile): the file is empty") }
        if let weakness = Self.weakness(of: token) {
          fail("--token-file \(tokenFile): \(weakness)")
        }
        configuration.token = token
      } else if let token = LinksSettings.current.token?.trimmingWhitespace() {
        if let weakness = Self.weakness(of: token) {
          fail("SWITCHYARD_LINKS_TOKEN: \(weakness)")
        }
        configuration.token = token
      }
      configuration.bind = bind
      configuration.port = port
      let logger = {
        var logger = Logger(label: "switchyard-links")
        logger.logLevel = .info
        return logger
      }()
      let store: any LinkStore
      // The PostgreSQL pool runs in the application's service group (it stops last).
      var services: [any Service] = []
      let closeStore: @Sendable () async -> Void
      let location: String
      if let postgres = postgresURL {
        let database: PostgresLinkStore
        do {
          // Also refuses a database that takes no writes.
          database = try await PostgresLinkStore.open(url: postgres, startsClient: false)
        } catch {
          fail("\(error)")
        }
        store = database
        services = [database.client]
        closeStore = {}
        location = database.location
      } else {
        let path = db ?? "switchyard-links.sqlite"
        let file: SQLiteLinkStore
        do {
          file = try await SQLiteLinkStore.open(path: path)
        } catch {
          fail("\(error)")
        }
        // A store that reads but cannot write would answer every mint 503: refuse it now.
        do {
          try await file.checkWritable()
        } catch {
          try? await file.close()
          fail("\(error)")
        }
        store = file
        closeStore = { try? await file.close() }
        location = absolutePath(path)
      }
      logger.info("links are stored in \(location)")
      if configuration.token == nil {
        logger.warning(
          "\("minting is off (POST /v1/links answers 403): put a token in a file and start with --token-file FILE")"
        )
      }
      let address = bind
      do {
        // The app the tests run: router, controllers, request log, the click counter (which
        // writes its counts every second, and once more on SIGTERM) and the pool, as services.
        let app = try buildApplication(
          configuration, store: store, services: services, logger: logger,
          onServerRunning: { channel in
            let port = channel.localAddress?.port ?? 0
            logger.info("serving on http://\(address):\(port) (GET /healthz)")
          })
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
      } catch {
        await closeStore()
        fail("\(error)")
      }
      await closeStore()
    }

    /// The least a minting token must have: 16 characters, 8 of them different.
    static let minimumTokenLength = 16
    static let minimumDistinctCharacters = 8

    /// Why `token` is too weak to guard minting; `nil` when it is strong enough. A token is
    /// visible ASCII (what an `Authorization` header carries as it is), at least 16
    /// characters, at least 8 of them different.
    static func weakness(of token: String) -> String? {
      let bytes = Array(token.utf8)
      let advice = "make one with: openssl rand -base64 24 > FILE"
      if let byte = bytes.first(where: { $0 < 0x21 || $0 > 0x7E }) {
        let hex = String(byte, radix: 16, uppercase: true)
        return "the token may hold only visible ASCII characters (no spaces, control or "
          + "non-ASCII characters), and it holds the byte 0x\(hex.count == 1 ? "0" + hex : hex); \(advice)"
      }
      if bytes.count < minimumTokenLength {
        return
          "the token is \(bytes.count) characters, under the \(minimumTokenLength) needed; \(advice)"
      }
      let distinct = Set(bytes).count
      if distinct < minimumDistinctCharacters {
        return
          "the token has \(distinct) different characters, under the \(minimumDistinctCharacters) needed; \(advice)"
      }
      return nil
    }

    /// The PostgreSQL URL: `--postgres`, else the content of `--postgres-file` (which
    /// `SWITCHYARD_LINKS_POSTGRES` and `SWITCHYARD_LINKS_POSTGRES_FILE` set too).
    var postgresURL: String? {
      if let postgres { return postgres }
      guard let postgresFile else { return nil }
      guard let text = readFile(postgresFile) else {
        fail("--postgres-file \(postgresFile): cannot read the file")
      }
      let url = text.trimmingWhitespace()
      guard !url.isEmpty else { fail("--postgres-file \(postgresFile): the file is empty") }
      return url
    }

    func loadTable() throws -> RouteTable {
      loadRouteTable(routes)
    }

    /// `FILE:LINE:COL: ` of a preview-title problem in the route file the table came from
    /// (the column of the problem's character when the template is written without escapes,
    /// else of its opening quote); empty for the built-in table.
    func templateErrorLocation(_ error: TitleTemplateError) -> String {
      let file = routes ?? (access("routes.json", F_OK) == 0 ? "routes.json" : nil)
      guard let file, let route = error.route, let key = error.metadataKey,
        let text = readFile(file),
        let position = RouteFile.position(ofMetadata: key, route: route, in: text)
      else { return "" }
      let column = position.verbatim ? position.column + error.column : position.column
      return "\(file):\(position.line):\(column): "
    }

    /// `path` from the root: the working folder is put before a relative path.
    func absolutePath(_ path: String) -> String {
      guard !path.hasPrefix("/"), let folder = getcwd(nil, 0) else { return path }
      defer { free(folder) }
      return String(cString: folder) + "/" + path
    }

    /// The whole file, or `nil` when it cannot be read.
    func readFile(_ path: String) -> String? {
      readTextFile(path)
    }

    /// Prints `error: MESSAGE` on one line of stderr and exits with status 2.
    func fail(_ message: String) -> Never {
      failWith(message)
    }

    /// Runs the command; a bad flag prints one line and exits with status 2.
    static func main() async {
      let command: any ParsableCommand
      let settings = LinksSettings.current
      if let problem = settings.problem {
        printError(problem)
        terminate(2)
      }
      do {
        command = try parseAsRoot(settings.arguments(Array(CommandLine.arguments.dropFirst())))
      } catch {
        // --help and --version exit 0 with their text.
        if exitCode(for: error) == .success { exit(withError: error) }
        let message = fullMessage(for: error).split(separator: "\n").first.map(String.init)
        printError(message ?? "\(error)")
        terminate(2)
      }
      do {
        if var command = command as? any AsyncParsableCommand {
          try await command.run()
        } else {
          var command = command
          try command.run()
        }
      } catch {
        // `help import` and `import --help` come here, from argument-parser's help command.
        if exitCode(for: error) == .success { exit(withError: error) }
        printError("\(error)")
        terminate(2)
      }
    }
  }

  /// Writes one line to standard error.
  func printError(_ message: String) {
    var line = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
    line = (line.hasPrefix("error: ") ? line : "error: " + line) + "\n"
    writeStandardError(line)
  }

  extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
  }

  extension String {
    func trimmingWhitespace() -> String {
      let scalars = unicodeScalars.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
      let kept = scalars.reversed().drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
      return String(String.UnicodeScalarView(kept.reversed()))
    }
  }
#else
  /// Without the `Links` trait the service is not compiled: say how to build it.
  @main
  enum LinksCommand {
    static func main() {
      writeStandardError(
        "error: switchyard-links was built without the Links trait; build it with "
          + "`swift build --traits Links --product switchyard-links`\n")
      terminate(2)
    }
  }
#endif

/// Writes `text` to standard error.
func writeStandardError(_ text: String) {
  var text = text
  text.withUTF8 { buffer in
    guard var base = buffer.baseAddress else { return }
    var remaining = buffer.count
    while remaining > 0 {
      let written = write(2, base, remaining)
      if written <= 0 { return }
      base += written
      remaining -= written
    }
  }
}

/// Ends the process with `status`.
func terminate(_ status: Int32) -> Never {
  exit(status)
}
