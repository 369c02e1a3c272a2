#if Links
  import Foundation
  import HTTPTypes
  import Testing

  /// The recipes in `deploy/` start the service as they are written: the systemd unit's
  /// `ExecStart` and the container's `ENTRYPOINT` are flags the built `switchyard-links`
  /// accepts, with a route file, a database in the state folder and a token it reads. (CI also
  /// runs `systemd-analyze verify` on the unit.)
  @Suite("Deployment: the systemd unit and the container recipe start the service", .serialized)
  struct DeploymentTests {
    static let deploy = DocumentationExampleTests.packageRoot.appendingPathComponent("deploy")
    static let token = "deploy-test-token-8c1e5a"

    /// The words of the unit's one `ExecStart=` line (the unit quotes and escapes nothing, so
    /// systemd splits it at spaces as this does).
    static func unitCommand() throws -> [String] {
      let text = try String(
        contentsOf: deploy.appendingPathComponent("switchyard-links.service"), encoding: .utf8)
      let lines = text.split(separator: "\n").filter { $0.hasPrefix("ExecStart=") }
      try #require(lines.count == 1, "the unit has \(lines.count) ExecStart= lines")
      let line = lines[0].dropFirst("ExecStart=".count)
      let special: Set<Character> = ["\"", "'", "\\", "$"]
      let quoted = line.contains { special.contains($0) }
      try #require(
        !quoted, "ExecStart quotes, escapes or expands a variable: split it as systemd does")
      return line.split(separator: " ").map(String.init)
    }

    /// The container's `ENTRYPOINT`, a JSON array.
    static func containerCommand() throws -> [String] {
      let text = try String(
        contentsOf: deploy.appendingPathComponent("Containerfile"), encoding: .utf8)
      let lines = text.split(separator: "\n").filter { $0.hasPrefix("ENTRYPOINT ") }
      try #require(lines.count == 1, "the Containerfile has \(lines.count) ENTRYPOINT lines")
      let json = Data(lines[0].dropFirst("ENTRYPOINT ".count).utf8)
      return try #require(try JSONSerialization.jsonObject(with: json) as? [String])
    }

    /// `command` with the machine's paths put in a folder of the test (the route file is the
    /// repository's example table), on 127.0.0.1 and without its port (the test picks a
    /// free one); fails when a path of the recipe is one this does not know.
    static func localArguments(
      _ command: [String], places: [String: String], folder: String
    ) throws -> [String] {
      #expect(command.first == "/usr/local/bin/switchyard-links")
      var arguments: [String] = []
      var words = command.dropFirst()[...]
      while let word = words.popFirst() {
        if word == "--port" {
          _ = words.popFirst()
          continue
        }
        if word == "--bind" {
          _ = words.popFirst()
          arguments += ["--bind", "127.0.0.1"]
          continue
        }
        var local = word
        for (place, replacement) in places where local.hasPrefix(place) {
          local = replacement + local.dropFirst(place.count)
        }
        try #require(
          !local.hasPrefix("/etc") && !local.hasPrefix("/var") && !local.hasPrefix("/run")
            && !local.contains("%"),
          "\(word): a path of the recipe the test does not place")
        arguments.append(local)
      }
      return arguments
    }

    /// Starts the binary with `arguments` in `folder`, checks that it is ready, mints a link
    /// with the token it was given, and that the database is the file `database`.
    static func start(_ arguments: [String], in folder: String, database: String) async throws {
      let server = try LinksProcess(arguments, in: folder)
      defer { server.kill() }
      let client = HTTPClient(port: server.port)
      #expect(try await client.get("/healthz").status == .ok)
      let minted = try await client.mint(#"{"url": "myapp://user/42"}"#, token: token)
      #expect(minted.status == .created, "\(minted.body)")
      #expect(FileManager.default.fileExists(atPath: database))
    }

    @Test("the unit's ExecStart: state directory (%S), credential (%d), routes, host")
    func systemdUnit() async throws {
      let folder = try temporaryFolder()
      let state = folder + "/state"
      let credentials = folder + "/credentials"
      try FileManager.default.createDirectory(
        atPath: state + "/switchyard-links", withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        atPath: credentials, withIntermediateDirectories: true)
      try (Self.token + "\n").write(
        toFile: credentials + "/token", atomically: true, encoding: .utf8)
      let command = try Self.unitCommand()
      #expect(command.contains("%S/switchyard-links/links.sqlite"))
      #expect(command.contains("%d/token"))
      let arguments = try Self.localArguments(
        command,
        places: [
          "%S": state, "%d": credentials,
          "/etc/switchyard-links/routes.json": Self.shopTable,
        ], folder: folder)
      try await Self.start(
        arguments, in: folder, database: state + "/switchyard-links/links.sqlite")
    }

    @Test("the container's ENTRYPOINT, with the --host a `docker run` adds")
    func container() async throws {
      let folder = try temporaryFolder()
      try FileManager.default.createDirectory(
        atPath: folder + "/data", withIntermediateDirectories: true)
      try (Self.token + "\n").write(toFile: folder + "/token", atomically: true, encoding: .utf8)
      let arguments = try Self.localArguments(
        try Self.containerCommand(),
        places: [
          "/var/lib/switchyard-links": folder + "/data",
          "/run/secrets/switchyard-links-token": folder + "/token",
          "/etc/switchyard-links/routes.json": Self.shopTable,
        ], folder: folder)
      try await Self.start(
        arguments + ["--host", "links.example.com"], in: folder,
        database: folder + "/data/links.sqlite")
    }

    /// The repository's example route file (`myapp://` routes).
    static let shopTable = DocumentationExampleTests.packageRoot
      .appendingPathComponent("Examples/shop.json").path
  }
#endif
