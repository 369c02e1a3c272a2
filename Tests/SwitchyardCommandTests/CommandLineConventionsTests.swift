import Foundation
import Switchyard
import Testing

@testable import SwitchyardCommand

/// End-to-end tests of the conventions every subcommand shares (the SwitchyardFiles article
/// *The Route File and the switchyard Command*, "The command"): the version, unknown subcommands, checked output, where route files come from,
/// escaped text output and shell completion.
@Suite("switchyard conventions (end to end)")
struct CommandLineConventionsTests {
  static let routeFile = #"{"version":1,"routes":[{"name":"a","pattern":"/a/<int:id>"}]}"#

  // MARK: Version and subcommands

  @Test("--version prints the version on one line and exits 0")
  func version() throws {
    let result = try CommandRunner.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout == SwitchyardTool.version + "\n")
    #expect(result.stderr.isEmpty)
    let parts = SwitchyardTool.version.split(separator: ".")
    #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
  }

  @Test("A mistyped subcommand is a usage error that suggests the closest one")
  func mistypedSubcommand() throws {
    for typo in ["mtach", "mach", "matc", "Match"] {
      let result = try CommandRunner.run([typo, "myapp://user/42"])
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.hasPrefix("error: unknown subcommand '\(typo)'; did you mean 'match'?"))
    }
  }

  @Test("help with a mistyped subcommand suggests the closest one instead of the top-level help")
  func helpWithMistypedSubcommand() throws {
    let result = try CommandRunner.run(["help", "mtach"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("error: unknown subcommand 'mtach'; did you mean 'match'?"))
    let far = try CommandRunner.run(["help", "frobnicate"])
    #expect(far.status == 2)
    #expect(far.stderr.hasPrefix("error: unknown subcommand 'frobnicate' (subcommands: match"))
    let known = try CommandRunner.run(["help", "verify", "aasa"])
    #expect(known.status == 0)
    #expect(known.stdout.contains("USAGE: switchyard verify aasa"))
  }

  @Test("A word far from every subcommand lists them instead of guessing")
  func unknownSubcommand() throws {
    let result = try CommandRunner.run(["frobnicate"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("error: unknown subcommand 'frobnicate' (subcommands: match"))
    #expect(!result.stderr.contains("did you mean"))
  }

  @Test("A bare URL is not matched silently: the error shows the command to run")
  func bareURL() throws {
    let result = try CommandRunner.run(["myapp://user/42?tab=it's"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr == """
        error: 'myapp://user/42?tab=it's' is not a subcommand; to match a URL, run:
          switchyard match 'myapp://user/42?tab=it'\\''s'

        """)
  }

  @Test("The documented forms still work: match URL, help, options before the subcommand name")
  func documentedForms() throws {
    #expect(try CommandRunner.run(["match", "myapp://user/42"]).status == 0)
    let help = try CommandRunner.run(["help", "match"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: switchyard match"))
    let rootHelp = try CommandRunner.run(["--help"])
    #expect(rootHelp.status == 0)
    #expect(rootHelp.stdout.contains("match"))
  }

  /// An argument `name` accepts first: a subcommand for `help`, a format for `export` (whose
  /// unknown formats are refused with a suggestion), anything for the others.
  static func validArgument(after name: String) -> String {
    switch name {
    case "help": "match"
    case "export": "aasa"
    default: "x"
    }
  }

  @Test("Every subcommand name is accepted by the subcommand check")
  func subcommandNamesAreKnown() {
    for name in SwitchyardTool.subcommandNames {
      #expect(
        SwitchyardTool.unknownSubcommandMessage([name, Self.validArgument(after: name)]) == nil)
      #expect(SwitchyardTool.unknownSubcommandMessage(["help", name]) == nil)
    }
    #expect(SwitchyardTool.unknownSubcommandMessage(["help"]) == nil)
    #expect(SwitchyardTool.unknownSubcommandMessage(["help", "--help"]) == nil)
    #expect(SwitchyardTool.unknownSubcommandMessage(["help", "x"]) != nil)
    #expect(SwitchyardTool.unknownSubcommandMessage([]) == nil)
    #expect(SwitchyardTool.unknownSubcommandMessage(["--routes", "x"]) == nil)
  }

  // MARK: Output that cannot be written

  /// `/dev/full` (every write fails with ENOSPC) exists on Linux, not on macOS.
  static let hasFullDevice = FileManager.default.fileExists(atPath: "/dev/full")

  @Test(
    "A failed write is an error (exit 2), in both formats, after a match or a miss",
    .enabled(if: hasFullDevice, "needs /dev/full"),
    arguments: [
      ["match", "myapp://user/42"],
      ["match", "--format", "json", "myapp://user/42"],
      ["match", "myapp://nowhere"],
      ["--version"],
      ["match", "--help"],
    ])
  func writeToFullDevice(arguments: [String]) throws {
    let result = try ShellRunner.run(#""$SWITCHYARD" "$@" > /dev/full"#, arguments: arguments)
    #expect(result.status == 2)
    #expect(
      result.stderr.hasSuffix("error: cannot write to standard output: No space left on device\n"))
  }

  @Test("A failed write stops reading URLs from stdin", .enabled(if: hasFullDevice))
  func writeFailureStopsTheInput() throws {
    // 20,000 URLs produce far more than one buffer of output; the command must give up at the
    // first failed write rather than match everything and exit 0.
    let result = try ShellRunner.run(
      #"yes myapp://user/42 | head -n 20000 | "$SWITCHYARD" match --format json > /dev/full"#)
    #expect(result.status == 2)
    #expect(result.stderr.components(separatedBy: "cannot write").count == 2)
  }

  // MARK: Where the route file comes from

  @Test("--routes - reads the route file from stdin; errors call it <stdin>")
  func routesFromStandardInput() throws {
    let result = try CommandRunner.run(
      ["match", "--routes", "-", "--format", "json", "/a/7"], input: Self.routeFile)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(
      result.lines == [
        #"{"url":"/a/7","route":"a","pattern":"/a/<int:id>","params":{"id":7},"query":{},"fragment":null}"#
      ])

    let bad = try CommandRunner.run(["match", "--routes", "-", "/a/7"], input: #"{"version":3}"#)
    #expect(bad.status == 2)
    #expect(bad.stdout.isEmpty)
    #expect(bad.stderr.hasPrefix("<stdin>:1:12: unsupported route file version 3"))
  }

  @Test("--routes - needs the URLs as arguments")
  func routesFromStandardInputNeedsURLArguments() throws {
    let result = try CommandRunner.run(["match", "--routes", "-"], input: Self.routeFile)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "error: --routes - reads the route file from standard input, so give the URLs as arguments\n"
    )
  }

  @Test("Process substitution and FIFOs work as route files")
  func pipesAndFIFOs() throws {
    let substitution = try ShellRunner.run(
      #""$SWITCHYARD" match --routes <(printf '%s' "$1") --format json /a/1"#,
      arguments: [Self.routeFile])
    #expect(substitution.status == 0)
    #expect(substitution.stdout.contains(#""route":"a""#))

    let fifo = try ShellRunner.run(
      #"""
      dir=$(mktemp -d) && mkfifo "$dir/routes.json" || exit 99
      printf '%s' "$1" > "$dir/routes.json" &
      "$SWITCHYARD" match --routes "$dir/routes.json" --format json /a/2
      status=$?; wait; rm -rf "$dir"; exit $status
      """#,
      arguments: [Self.routeFile])
    #expect(fifo.status == 0)
    #expect(fifo.stdout.contains(#""params":{"id":2}"#))
  }

  @Test("An empty route file is reported as empty, not as unreadable")
  func emptyFile() throws {
    let folder = try CommandRunner.directory(with: ["empty.json": "", "blank.json": " \n\t\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let empty = try CommandRunner.run(["match", "--routes", "empty.json", "/a"], in: folder)
    #expect(empty.status == 2)
    #expect(empty.stdout.isEmpty)
    #expect(
      empty.stderr
        == "empty.json: the route file is empty (expected a JSON object with \"version\" and \"routes\")\n"
    )
    let blank = try CommandRunner.run(["match", "--routes", "blank.json", "/a"], in: folder)
    #expect(blank.status == 2)
    #expect(blank.stderr.hasPrefix("blank.json: the route file holds only white space"))
    let stdin = try CommandRunner.run(["match", "--routes", "-", "/a"], input: "")
    #expect(stdin.status == 2)
    #expect(stdin.stderr.hasPrefix("<stdin>: the route file is empty"))
  }

  @Test("A ./routes.json that is a directory is an error, not a fall-back to the built-in table")
  func routesDirectoryInCurrentDirectory() throws {
    let folder = try CommandRunner.directory(with: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("routes.json"), withIntermediateDirectories: false)
    let result = try CommandRunner.run(["match", "myapp://user/42"], in: folder)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "routes.json: is a directory, not a route file\n")
  }

  @Test("A route file that cannot be opened says why, in the C library's words")
  func unopenableFile() throws {
    let folder = try CommandRunner.directory(with: ["routes.json": Self.routeFile])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CommandRunner.run(["match", "--routes", "routes.json/x", "/a/1"], in: folder)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "routes.json/x: cannot open the route file: not a directory\n")
  }

  // MARK: Text output

  @Test("Control characters of a URL are escaped in the text output's header")
  func controlCharactersEscaped() throws {
    let url = "myapp://user/4\u{1B}[2J2\r\n\u{7}\u{202E}x\\y"
    let result = try CommandRunner.run(["match", "--", url])
    #expect(result.status == 1)
    let header = try #require(result.stdout.split(separator: "\n").first)
    #expect(header == #"myapp://user/4\u{1B}[2J2\r\n\u{7}\u{202E}x\\y"#)
    #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test("Query names and values in text output are escaped too")
  func queryEscaped() throws {
    let result = try CommandRunner.run(["match", "myapp://user/42?t%1Bab=a%07b"])
    #expect(result.status == 0)
    #expect(result.stdout.contains(#"t\u{1B}ab = "a\u{7}b""#))
    #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test("Plain URLs are shown as they are")
  func plainURLUnchanged() {
    let url = "https://www.example.com/@jane?q=a+b#top"
    #expect(url.escapedForDisplay == url)
    #expect("é/日本".escapedForDisplay == "é/日本")
  }

  // MARK: Completion

  @Test("--routes completes .json files in bash, zsh and fish")
  func routesCompletion() throws {
    let bash = try CommandRunner.run(["--generate-completion-script", "bash"])
    #expect(bash.status == 0)
    #expect(bash.stdout.contains("*.@(json)"))
    let zsh = try CommandRunner.run(["--generate-completion-script", "zsh"])
    #expect(zsh.stdout.contains(#"_files -g '\''*.json'\''"#))
    let fish = try CommandRunner.run(["--generate-completion-script", "fish"])
    #expect(fish.status == 0)
    #expect(fish.stdout.contains("json"))
  }
}

/// Runs a bash script with `$SWITCHYARD` set to the built binary, for what needs a shell:
/// redirections to `/dev/full`, process substitution, FIFOs.
enum ShellRunner {
  static func run(_ script: String, arguments: [String] = []) throws -> CommandResult {
    let binary = try CommandRunner.binary()
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-shell-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let stdoutURL = folder.appendingPathComponent("stdout")
    let stderrURL = folder.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script, "switchyard-test"] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["SWITCHYARD"] = binary.path
    process.environment = environment
    process.currentDirectoryURL = folder
    let stdout = try FileHandle(forWritingTo: stdoutURL)
    let stderr = try FileHandle(forWritingTo: stderrURL)
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try stdout.close()
    try stderr.close()
    return CommandResult(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self))
  }
}
