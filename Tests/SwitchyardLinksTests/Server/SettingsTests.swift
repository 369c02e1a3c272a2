#if Links
  import Foundation
  import HTTPTypes
  import SwitchyardLinks
  import Testing

  /// `switchyard-links` configured from the environment and a settings file, its secrets never
  /// on the command line, and `--version`.
  @Suite("switchyard-links settings: environment, a settings file, secrets, --version", .serialized)
  struct SettingsTests {
    static let token = "kX9-vQ2_mT7pL4wR8sN3yB6"

    @Test(
      "every flag from the environment or a file: the command line, then the environment, then the file"
    )
    func environmentAndFile() async throws {
      let folder = try temporaryFolder()
      try """
      # What a systemd EnvironmentFile holds.
      SWITCHYARD_LINKS_DB=from-file.sqlite
      SWITCHYARD_LINKS_PREFIX = "/go/"
      SWITCHYARD_LINKS_HOST=file.example.com
      SWITCHYARD_LINKS_TOKEN=\(Self.token)

      """.write(toFile: folder + "/links.env", atomically: true, encoding: .utf8)
      let server = try LinksProcess(
        ["--config", "links.env", "--prefix", "/s/"], in: folder,
        environment: [
          "SWITCHYARD_LINKS_HOST": "go.example.com, other.example.com",
          "SWITCHYARD_LINKS_WEB_ONLY": "article",
        ])
      defer { server.kill() }
      let client = HTTPClient(port: server.port)
      let minted = try await client.mint(
        #"{"url": "https://www.example.com/articles/7/hello-world"}"#, token: Self.token)
      #expect(minted.status == .created, "\(minted.body)")
      // The host of the environment (its first), the prefix of the command line.
      let link = jsonString(minted.body, "link") ?? ""
      #expect(link.hasPrefix("https://go.example.com/s/"), "\(link)")
      // The database of the file.
      #expect(FileManager.default.fileExists(atPath: folder + "/from-file.sqlite"))
      // The web-only route of the environment: an iPhone goes to the web.
      let code = jsonString(minted.body, "code") ?? ""
      let iPhone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
      #expect(try await client.get("/s/" + code, userAgent: iPhone).status == .found)
      #expect(
        try await client.mint(#"{"url": "myapp://home"}"#, token: "wrong-token-123456").status
          == .unauthorized)
    }

    @Test("the PostgreSQL URL from a file: never on the command line")
    func postgresFromFile() async throws {
      _ = try TestPostgres.serverURL()
      let folder = try temporaryFolder()
      let url = try await TestPostgres.newDatabase()
      try (url + "\n").write(toFile: folder + "/database-url", atomically: true, encoding: .utf8)
      let server = try LinksProcess(
        ["--postgres-file", "database-url", "--host", "go.example.com"], in: folder,
        environment: ["SWITCHYARD_LINKS_TOKEN": Self.token])
      defer { server.kill() }
      let client = HTTPClient(port: server.port)
      #expect(try await client.get("/healthz").status == .ok)
      let minted = try await client.mint(#"{"url": "myapp://home"}"#, token: Self.token)
      #expect(minted.status == .created, "\(minted.body)")
      let store = try await PostgresLinkStore.open(url: url)
      #expect(try await store.count() == 1)
      await store.close()
    }

    @Test("a bad setting: one line naming it, exit 2")
    func badSettings() throws {
      let folder = try temporaryFolder()
      try "SWITCHYARD_LINKS_HOSTS=go.example.com\n".write(
        toFile: folder + "/typo.env", atomically: true, encoding: .utf8)
      let cases: [([String], [String: String], String)] = [
        (
          [], ["SWITCHYARD_LINKS_HOSTNAME": "go.example.com"],
          "unknown environment variable SWITCHYARD_LINKS_HOSTNAME"
        ),
        (["--config", "typo.env"], [:], "typo.env:1: unknown setting SWITCHYARD_LINKS_HOSTS"),
        (["--config", "missing.env"], [:], "--config missing.env: cannot read the file"),
        (
          ["--host", "go.example.com"], ["SWITCHYARD_LINKS_TOKEN": "short"],
          "SWITCHYARD_LINKS_TOKEN: the token is 5 characters"
        ),
        (
          ["--host", "go.example.com"], ["SWITCHYARD_LINKS_INSTALL_TOKEN_DAYS": "eighty"], "eighty"
        ),
      ]
      for (arguments, environment, message) in cases {
        let (status, output) = try DurabilityTests.start(
          arguments + ["--db", "links.sqlite"], in: folder, environment: environment)
        #expect(status == 2, "\(arguments) \(environment): \(output)")
        #expect(output.hasPrefix("error: ") && output.contains(message), "\(output)")
        #expect(output.split(separator: "\n").count == 1, "\(output)")
      }
    }

    /// Runs the binary with `arguments` and `environment`: its exit status and standard output.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (
      Int32, String
    ) {
      let process = Process()
      process.executableURL = LinksProcess.binary
      process.arguments = arguments
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, text)
    }

    @Test("every flag --help lists has its environment variable (a new flag cannot miss it)")
    func everyFlagHasAVariable() throws {
      let (status, help) = try Self.run(["--help"])
      #expect(status == 0)
      var flags = Set<String>()
      for word in help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," }) {
        guard word.hasPrefix("--"), word.count > 2 else { continue }
        flags.insert(String(word.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "-" }))
      }
      flags.subtract(["help", "version", "config"])
      #expect(flags.count >= 17, "\(flags.sorted())")
      for flag in flags {
        let name = "SWITCHYARD_LINKS_" + flag.uppercased().replacingOccurrences(of: "-", with: "_")
        // An unknown name stops the start before --help; a known one lets --help answer.
        let (answered, _) = try Self.run(["--help"], environment: [name: "1"])
        #expect(answered == 0, "\(name)")
      }
      let (unknown, _) = try Self.run(["--help"], environment: ["SWITCHYARD_LINKS_NOSUCH": "1"])
      #expect(unknown == 2)
    }

    @Test("--version: the release of the CHANGELOG's latest version, exit 0")
    func version() throws {
      let process = Process()
      process.executableURL = LinksProcess.binary
      process.arguments = ["--version"]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      let changelog = try String(
        contentsOf: DocumentationExampleTests.packageRoot.appendingPathComponent("CHANGELOG.md"),
        encoding: .utf8)
      let released = changelog.split(separator: "\n").first {
        $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]")
      }
      let version = released.map { $0.dropFirst(4).prefix { $0 != "]" } } ?? ""
      #expect(!version.isEmpty && text == version + "\n", "\(text)")
    }
  }
#endif
