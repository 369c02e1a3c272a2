#if Links
  import Foundation
  import HTTPTypes
  import SwitchyardLinks
  import Testing

  /// The built `switchyard-links`, started as a process: what a deployment runs.
  final class LinksProcess: Sendable {
    let process: Process
    let port: Int

    /// The binary next to the test bundle (both are in the build's products folder).
    static var binary: URL {
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("switchyard-links")
    }

    /// Starts the binary with `arguments` on a free port and waits for the line that says
    /// where it serves.
    init(_ arguments: [String], in folder: String, environment: [String: String] = [:]) throws {
      let process = Process()
      process.executableURL = Self.binary
      process.arguments = arguments + ["--port", "0"]
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      process.currentDirectoryURL = URL(fileURLWithPath: folder)
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      var seen = ""
      var port = 0
      // The log lines arrive as they are written; the loop ends at the serving line or at the
      // end of the output (the process stopped).
      while port == 0 {
        let chunk = errors.fileHandleForReading.availableData
        guard !chunk.isEmpty else { break }
        seen += String(decoding: chunk, as: UTF8.self)
        if let range = seen.range(of: "serving on http://127.0.0.1:") {
          let digits = seen[range.upperBound...].prefix { $0.isNumber }
          if seen[range.upperBound...].dropFirst(digits.count).first != nil {
            port = Int(digits) ?? 0
          }
        }
      }
      self.process = process
      self.port = port
      if port == 0 {
        process.waitUntilExit()
        throw ProcessFailure(output: seen)
      }
      // The service logs every request: keep reading, so that a full pipe never stops it.
      errors.fileHandleForReading.readabilityHandler = { handle in
        if handle.availableData.isEmpty { handle.readabilityHandler = nil }
      }
    }

    struct ProcessFailure: Error, CustomStringConvertible {
      var output: String
      var description: String { "switchyard-links did not start: \(output)" }
    }

    /// `kill -9`.
    func kill() {
      Foundation.kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  @Suite("switchyard-links as a process", .serialized)
  struct DurabilityTests {
    @Test(
      "kill -9 right after 1,000 links minted by 8 clients: every acknowledged link is there, no code twice"
    )
    func killNine() async throws {
      let folder = try temporaryFolder()
      try "durable-token-7f3a\n".write(toFile: folder + "/token", atomically: true, encoding: .utf8)
      let arguments = ["--token-file", "token", "--db", "links.sqlite", "--host", "go.example.com"]
      let server = try LinksProcess(arguments, in: folder)
      let client = HTTPClient(port: server.port)
      let acknowledged = try await withThrowingTaskGroup(of: [(String, String)].self) { group in
        for worker in 0..<8 {
          group.addTask {
            var codes: [(String, String)] = []
            for index in 0..<125 {
              let url = "https://example.com/articles/\(worker * 1000 + index)"
              let answer = try await client.mint(
                "{\"url\": \"\(url)\"}", token: "durable-token-7f3a")
              #expect(answer.status == .created)
              if answer.status == .created, let code = jsonString(answer.body, "code") {
                codes.append((code, url))
              }
            }
            return codes
          }
        }
        var all: [(String, String)] = []
        for try await codes in group { all += codes }
        return all
      }
      server.kill()
      #expect(acknowledged.count == 1000)
      #expect(Set(acknowledged.map(\.0)).count == acknowledged.count)

      let restarted = try LinksProcess(arguments, in: folder)
      defer { restarted.kill() }
      let again = HTTPClient(port: restarted.port)
      for (code, url) in acknowledged {
        let answer = try await again.get("/l/" + code)
        #expect(answer.status == .found, "\(code)")
        #expect(answer.headers[.location] == url, "\(code)")
      }
      let store = try await SQLiteLinkStore.open(path: folder + "/links.sqlite")
      #expect(try await store.count() == acknowledged.count)
      try await store.close()
    }

    @Test("bad flags, a bad route file or a database that cannot be opened: one line, exit 2")
    func startErrors() throws {
      let folder = try temporaryFolder()
      try "{\"version\": 1, \"routes\": [".write(
        toFile: folder + "/bad.json", atomically: true, encoding: .utf8)
      try "not a database".write(toFile: folder + "/bad.sqlite", atomically: true, encoding: .utf8)
      let cases: [[String]] = [
        ["--port", "seventy"], ["--nonsense"], ["--routes", "bad.json"],
        ["--routes", "missing.json"], ["--db", "bad.sqlite"], ["--prefix", "l"],
        ["--token-file", "missing-token"], ["--web-only", "nosuchroute"],
        ["--db", "links.sqlite", "--postgres", "postgres://u@127.0.0.1/links"],
        ["--postgres", "mysql://u@127.0.0.1/links"], ["--postgres", "postgres://u@127.0.0.1:1/x"],
      ]
      for arguments in cases {
        let (status, output) = try Self.start(arguments + ["--host", "go.example.com"], in: folder)
        #expect(status == 2, "\(arguments): \(output)")
        #expect(output.hasPrefix("error: "), "\(arguments): \(output)")
        #expect(output.split(separator: "\n").count == 1, "\(arguments): \(output)")
      }
    }

    /// Runs the binary with `arguments` (and `--port 0`) in `folder` until it exits: its exit
    /// status and what it wrote to stderr. A binary that starts serving instead is killed and
    /// reported with status -1 (so a start that should have been refused fails the test).
    static func start(
      _ arguments: [String], in folder: String, environment: [String: String] = [:]
    ) throws -> (Int32, String) {
      let process = Process()
      process.executableURL = LinksProcess.binary
      process.arguments = arguments + ["--port", "0"]
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      process.currentDirectoryURL = URL(fileURLWithPath: folder)
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      var output = ""
      while true {
        let chunk = errors.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        output += String(decoding: chunk, as: UTF8.self)
        if output.contains("serving on http://") {
          Foundation.kill(process.processIdentifier, SIGKILL)
          process.waitUntilExit()
          return (-1, output)
        }
      }
      process.waitUntilExit()
      return (process.terminationStatus, output)
    }

    @Test(
      "refused at start, one line naming why, exit 2: no --host, a weak or unreadable minting token, a database that cannot be written"
    )
    func unsafeStarts() async throws {
      let folder = try temporaryFolder()
      let tokens = [
        "one": "a\n", "short": "Zq8-xY2_kP4\n", "spaces": "abc def ghi jkl mno pqr\n",
        "same": "abababababababababababab\n", "nbsp": "\u{a0}s3cret-t0ken-of-many\u{a0}\n",
        "vt": "\u{0b}\u{0c}\n", "strong": "kX9-vQ2_mT7pL4wR8sN3yB6\n",
      ]
      for (name, text) in tokens {
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
      }
      try FileManager.default.createDirectory(
        atPath: folder + "/secrets", withIntermediateDirectories: false)
      try Data([0x6b, 0x58, 0xd1, 0x0a]).write(to: URL(fileURLWithPath: folder + "/latin1"))
      let store = try await SQLiteLinkStore.open(path: folder + "/read-only.sqlite")
      try await store.close()
      SQLiteLinkStoreTests.markReadOnly(folder + "/read-only.sqlite")
      let host = ["--host", "go.example.com"]
      let cases: [([String], String)] = [
        ([], "error: --host is required: give the public host of the short links"),
        (["--token-file", "strong"], "error: --host is required"),
        (host + ["--token-file", "one"], "the token is 1 characters, under the 16 needed"),
        (host + ["--token-file", "short"], "the token is 11 characters, under the 16 needed"),
        (host + ["--token-file", "spaces"], "only visible ASCII characters"),
        (host + ["--token-file", "same"], "the token has 2 different characters, under the 8"),
        (host + ["--token-file", "nbsp"], "only visible ASCII characters"),
        (host + ["--token-file", "vt"], "only visible ASCII characters"),
        // Why a token file cannot be read, in the route file reader's words (a file the
        // service's user may not read says "cannot open the file: permission denied"; tests
        // run as root, who may read any).
        (host + ["--token-file", "missing"], "error: --token-file missing: no such file"),
        (host + ["--token-file", "secrets"], "--token-file secrets: is a directory, not a file"),
        (host + ["--token-file", "latin1"], "--token-file latin1:1:3: invalid UTF-8"),
        (host + ["--db", "read-only.sqlite"], "the database cannot be written"),
      ]
      for (arguments, message) in cases {
        let database = arguments.contains("--db") ? [] : ["--db", "links.sqlite"]
        let (status, output) = try Self.start(arguments + database, in: folder)
        #expect(status == 2, "\(arguments): \(output)")
        #expect(output.hasPrefix("error: ") && output.contains(message), "\(arguments): \(output)")
        #expect(output.split(separator: "\n").count == 1, "\(arguments): \(output)")
      }
      // The same with a strong token and --host, or --trust-host-header: it serves.
      for flags in [host, ["--trust-host-header"]] {
        let server = try LinksProcess(
          flags + ["--token-file", "strong", "--db", "links.sqlite"], in: folder)
        defer { server.kill() }
        let client = HTTPClient(port: server.port)
        #expect(try await client.get("/healthz").status == .ok)
        let minted = try await client.mint(
          #"{"url": "myapp://user/1"}"#, token: "kX9-vQ2_mT7pL4wR8sN3yB6")
        #expect(minted.status == .created, "\(minted.body)")
        let link = jsonString(minted.body, "link") ?? ""
        // With --trust-host-header the link is on the request's host and port (the README's
        // trial on port 8080 gets links that open), and it opens.
        #expect(
          link.hasPrefix(
            flags == host ? "https://go.example.com/l/" : "http://127.0.0.1:\(server.port)/l/"),
          "\(link)")
        if flags != host, let path = link.split(separator: "/", maxSplits: 2).last {
          #expect(try await client.get("/" + path).status != .notFound, "\(link)")
        }
      }
    }

    @Test(
      "a bad preview title stops the start with FILE:LINE:COL of the problem and exit 2",
      arguments: [
        // Malformed: the column of the unclosed "{" in the file.
        (
          #""previewTitle": "Results for {term""#,
          #"routes.json:4:114: route "search": title template "Results for {term", column 13: the placeholder opened at column 13 is not closed with "}""#
        ),
        // A name that is no capture of the route.
        (
          #""previewTitle": "Results for {query}""#,
          #"routes.json:4:114: route "search": title template "Results for {query}", column 13: {query} is no capture of the route's pattern"#
        ),
        // The key the service does not read.
        (
          #""title": "Results for {term}""#,
          #"routes.json:4:95: route "search": title template "Results for {term}", column 1: the link service reads a route's preview title from "previewTitle", not "title""#
        ),
        (
          #""previewTitle": 7"#,
          #"routes.json:4:101: route "search": title template "7", column 1: "previewTitle" must be a string"#
        ),
      ])
    func badPreviewTitles(metadata: String, expected: String) throws {
      let folder = try temporaryFolder()
      let routes = """
        {"version": 1, "routes": [
          {"name": "home", "pattern": "myapp://home"},
          {"name": "post", "pattern": "https://example.com/post/:slug", "metadata": {"previewTitle": "Post {slug}"}},
          {"name": "search", "pattern": "https://example.com/search?q=<term>", "metadata": {\(metadata)}}
        ]}
        """
      try routes.write(toFile: folder + "/routes.json", atomically: true, encoding: .utf8)
      // `--trust-host-header`: the start would be refused without it (or `--host`) anyway;
      // `start` kills a server that serves instead, so a missed refusal fails, never hangs.
      let (status, output) = try Self.start(
        ["--trust-host-header", "--db", "links.sqlite"], in: folder)
      #expect(status == 2, "\(output)")
      #expect(output.hasPrefix("error: " + expected), "\(output)")
      #expect(output.split(separator: "\n").count == 1, "\(output)")
      // Nothing started: no database was made.
      #expect(!FileManager.default.fileExists(atPath: folder + "/links.sqlite"))
    }
  }
#endif
