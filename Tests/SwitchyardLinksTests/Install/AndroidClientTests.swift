#if Links
  import Foundation
  import SwitchyardFiles
  @testable import SwitchyardLinks
  import Testing

  /// The Android client `switchyard gen kotlin --links-client` writes, compiled with kotlinc
  /// beside the router generated for the built-in table and run in a JVM against the real
  /// service on loopback; and the web client `switchyard gen typescript --links-client` writes,
  /// compiled with tsc and run in Node. Skipped when kotlinc (tsc) is not installed, unless
  /// `SWITCHYARD_REQUIRE_GENERATORS=1` (CI sets it).
  @Suite struct AndroidClientTests {
    static let required =
      ProcessInfo.processInfo.environment["SWITCHYARD_REQUIRE_GENERATORS"] == "1"

    static func tool(_ name: String) -> String? {
      let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
      return path.split(separator: ":").map { "\($0)/\(name)" }.first {
        FileManager.default.isExecutableFile(atPath: $0)
      }
    }

    /// Runs `executable` in `folder` and answers its status and output. It waits for the program
    /// without holding a thread of the concurrency pool, which the service's handlers need while
    /// the program talks to it (a machine may have only two).
    static func run(_ executable: String, _ arguments: [String], in folder: String)
      async throws -> (Int32, String)
    {
      let output = folder + "/output-\(UUID().uuidString)"
      FileManager.default.createFile(atPath: output, contents: nil)
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      process.currentDirectoryURL = URL(fileURLWithPath: folder)
      process.standardOutput = handle
      process.standardError = handle
      process.standardInput = FileHandle.nullDevice
      let status = try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Int32, any Error>) in
        process.terminationHandler = { finished in
          continuation.resume(returning: finished.terminationStatus)
        }
        do {
          try process.run()
        } catch {
          process.terminationHandler = nil
          continuation.resume(throwing: error)
        }
      }
      try handle.close()
      let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)
      return (status, text)
    }

    /// Prints what became of each (`referrer`|`open`, value) pair of its arguments.
    static let main = """
      package links.app

      fun show(outcome: SwitchyardLinks.Outcome?): String = when (outcome) {
          null -> "none"
          is SwitchyardLinks.Outcome.Link -> "link " + outcome.url + " " + outcome.route
          is SwitchyardLinks.Outcome.Gone -> "gone " + outcome.message
          is SwitchyardLinks.Outcome.Unknown -> "unknown " + outcome.message
          is SwitchyardLinks.Outcome.Failed -> "failed " + outcome.status + " " + outcome.message
      }

      fun main(args: Array<String>) {
          val links = SwitchyardLinks(args[0], hosts = listOf("go.example.com"))
          var index = 1
          while (index + 1 < args.size) {
              val value = args[index + 1]
              println(show(if (args[index] == "referrer") links.redeemReferrer(value) else links.open(value)))
              index += 2
          }
      }

      """

    @Test(.enabled(if: tool("kotlinc") != nil || required))
    func theKotlinClientRedeemsOnceLooksUpAndPassesOtherLinksOn() async throws {
      let kotlinc = try #require(
        Self.tool("kotlinc"), "kotlinc is not installed (apt-get install kotlin)")
      let java = try #require(Self.tool("java"), "java is not installed")
      let folder = try temporaryFolder()
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let files = [
        "Routes.kt": try KotlinRouter.source(for: BuiltInRoutes.table(), package: "links.app"),
        "SwitchyardLinks.kt": try KotlinLinksClient.source(package: "links.app"),
        "Main.kt": Self.main,
      ]
      for (name, text) in files {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
      }
      let (compiled, log) = try await Self.run(
        kotlinc,
        ["Routes.kt", "SwitchyardLinks.kt", "Main.kt", "-include-runtime", "-d", "client.jar"],
        in: folder)
      try #require(compiled == 0, "kotlinc: \(log)")
      let warnings = log.split(separator: "\n").filter {
        $0.contains("SwitchyardLinks.kt") && $0.contains("warning:")
      }
      #expect(warnings.isEmpty, "\(warnings)")

      try await LinksTestServer.run { client, _, time async throws in
        let code = try await InstallTokenTests.mintUser(client)
        func token() async throws -> String {
          try InstallTokenTests.androidToken(
            try await client.get("/l/" + code, userAgent: InstallTokenTests.android).body)
        }
        let (first, second, third) = (try await token(), try await token(), try await token())
        let base = "http://127.0.0.1:\(client.port)"
        var forged = Array(first)
        forged[forged.count / 2] = forged[forged.count / 2] == "A" ? "B" : "A"
        let (status, output) = try await Self.run(
          java,
          [
            "-cp", "client.jar", "links.app.MainKt", base,
            "referrer", "switchyard_token=\(first)&utm_source=google-play",
            "referrer", "switchyard_token=\(first)&utm_source=google-play",
            "referrer", "utm_source=google-play&utm_medium=organic",
            "referrer", "switchyard_token=\(String(forged))",
            "open", "https://go.example.com/l/\(code)",
            "open", "https://GO.example.com/l/nosuchcode",
            "open", "myapp://user/7",
            "open", "https://elsewhere.example/l/\(code)",
            "open", "https://go.example.com/l/\(code)?switchyard_token=\(second)",
          ], in: folder)
        try #require(status == 0, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        try #require(lines.count == 9, "\(output)")
        // Redeemed exactly once: the long URL, routed by the generated router; then 410.
        #expect(lines[0] == "link myapp://user/42 User(id=42)")
        #expect(lines[1].hasPrefix("gone ") && lines[1].contains("redeemed already"))
        // An install from elsewhere carries no token: nothing is asked.
        #expect(lines[2] == "none")
        #expect(lines[3].hasPrefix("unknown ") && lines[3].contains("no install token"))
        // A short link is looked up; an unknown one is 404.
        #expect(lines[4] == "link myapp://user/42 User(id=42)")
        #expect(lines[5].hasPrefix("unknown "))
        // Not a service link: passed on as an ordinary link, routed by the table (or not).
        #expect(lines[6] == "link myapp://user/7 User(id=7)")
        #expect(lines[7] == "link https://elsewhere.example/l/\(code) null")
        // The one-time link iOS copies works here too.
        #expect(lines[8] == "link myapp://user/42 User(id=42)")

        // Expired: a token is 7 days good.
        time.advance(by: 7 * 86_400)
        let (expiredStatus, expired) = try await Self.run(
          java,
          ["-cp", "client.jar", "links.app.MainKt", base, "referrer", "switchyard_token=\(third)"],
          in: folder)
        #expect(expiredStatus == 0)
        #expect(expired.hasPrefix("gone ") && expired.contains("expired"), "\(expired)")
        // The service cannot be reached: no crash, a failure with status -1.
        let (_, unreachable) = try await Self.run(
          java,
          [
            "-cp", "client.jar", "links.app.MainKt", "http://127.0.0.1:9", "referrer",
            "switchyard_token=x",
          ],
          in: folder)
        #expect(unreachable.hasPrefix("failed -1 "), "\(unreachable)")
      }
    }

    /// Prints what became of each (`redeem`|`open`, value) pair of its arguments.
    static let webMain = """
      import { SwitchyardLinks, Outcome } from "./links";
      declare const process: { argv: string[] };

      function show(outcome: Outcome): string {
        switch (outcome.kind) {
          case "link":
            return `link ${outcome.url} ` + (outcome.route === null ? "null" : outcome.route.route + " " +
              JSON.stringify(outcome.route.values, (_, v) => (typeof v === "bigint" ? v.toString() : v)));
          case "gone": return `gone ${outcome.message}`;
          case "unknown": return `unknown ${outcome.message}`;
          case "failed": return `failed ${outcome.status} ${outcome.message}`;
        }
      }

      async function main(): Promise<void> {
        const args = process.argv.slice(2);
        const links = new SwitchyardLinks(args[0], { hosts: ["go.example.com"] });
        for (let index = 1; index + 1 < args.length; index += 2) {
          const value = args[index + 1];
          console.log(show(args[index] === "redeem" ? await links.redeem(value) : await links.open(value)));
        }
      }
      main();

      """

    @Test(.enabled(if: (tool("tsc") != nil && tool("node") != nil) || required))
    func theWebClientLooksUpRedeemsOnceAndPassesOtherLinksOn() async throws {
      let tsc = try #require(
        Self.tool("tsc"), "tsc is not installed (apt-get install node-typescript)")
      let node = try #require(Self.tool("node"), "node is not installed")
      let folder = try temporaryFolder()
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let files = [
        "routes.ts": try TypeScriptRouter.source(for: BuiltInRoutes.table()),
        "links.ts": TypeScriptLinksClient.source,
        "main.ts": Self.webMain,
      ]
      for (name, text) in files {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
      }
      // The client needs no DOM library: links.ts and routes.ts compile with es2020 alone.
      let (alone, aloneLog) = try await Self.run(
        tsc,
        ["--strict", "--target", "es2020", "--lib", "es2020", "--noEmit", "routes.ts", "links.ts"],
        in: folder)
      #expect(alone == 0, "\(aloneLog)")
      let (compiled, log) = try await Self.run(
        tsc,
        [
          "--strict", "--target", "es2020", "--module", "commonjs", "--outDir", "out", "routes.ts",
          "links.ts", "main.ts",
        ],
        in: folder)
      try #require(compiled == 0, "tsc: \(log)")

      try await LinksTestServer.run { client, _, _ async throws in
        let code = try await InstallTokenTests.mintUser(client)
        let token = try InstallTokenTests.androidToken(
          try await client.get("/l/" + code, userAgent: InstallTokenTests.android).body)
        let base = "http://127.0.0.1:\(client.port)"
        let (status, output) = try await Self.run(
          node,
          [
            "out/main.js", base,
            "open", "https://go.example.com/l/\(code)",
            "open", "https://go.example.com/l/\(code)?switchyard_token=\(token)",
            "redeem", token,
            "open", "https://go.example.com/l/nosuchcode",
            "open", "myapp://user/7",
            "open", "https://elsewhere.example/l/\(code)",
          ], in: folder)
        try #require(status == 0, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        try #require(lines.count == 6, "\(output)")
        #expect(lines[0] == #"link myapp://user/42 user {"id":"42"}"#)
        #expect(lines[1] == #"link myapp://user/42 user {"id":"42"}"#)
        #expect(lines[2].hasPrefix("gone ") && lines[2].contains("redeemed already"))
        #expect(lines[3].hasPrefix("unknown "))
        #expect(lines[4] == #"link myapp://user/7 user {"id":"7"}"#)
        #expect(lines[5] == "link https://elsewhere.example/l/\(code) null")
      }
    }
  }
#endif
