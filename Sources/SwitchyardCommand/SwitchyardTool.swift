import ArgumentParser

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `switchyard` command: match URLs against route tables from the command line.
///
/// Exit statuses follow docs/CommandLine.md for every subcommand: 0 success, 1 a negative answer (a URL that
/// did not match), 2 a usage or route-file error (message on stderr, nothing on stdout).
@main
struct SwitchyardTool: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "switchyard",
    abstract: "Match URLs and deep links against a Switchyard route table.",
    discussion: """
      Route tables come from --routes FILE, else ./routes.json, else a built-in example \
      table. Exit status: 0 success, 1 a URL did not match, 2 a usage or route-file error.
      """,
    subcommands: [Match.self, Export.self, Verify.self]
  )

  /// Runs the command and exits with its status; never traps on bad input.
  static func main() {
    let status = run(Array(CommandLine.arguments.dropFirst()))
    // Argument-parser's exit prints nothing for an ExitCode and exits with it.
    exit(withError: status == 0 ? nil : ExitCode(status))
  }

  /// Parses `arguments`, runs the chosen subcommand and returns the exit status.
  ///
  /// Argument-parser reports usage errors with `EX_USAGE` (64); the documented contract wants 2, so every error
  /// that is not a clean exit (help, version) or an explicit ``ExitCode`` becomes 2.
  static func run(_ arguments: [String]) -> Int32 {
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
      return ExitCode.success.rawValue
    } catch let exitCode as ExitCode {
      return exitCode.rawValue
    } catch {
      let message = fullMessage(for: error)
      if exitCode(for: error) == .success {
        if !message.isEmpty { print(message) }
        return ExitCode.success.rawValue
      }
      printError(message)
      return usageErrorStatus.rawValue
    }
  }

  /// docs/CommandLine.md: "2 for a usage or route-file error".
  static let usageErrorStatus = ExitCode(2)
}

/// Writes one message line to standard error.
func printError(_ message: String) {
  var text = message + "\n"
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
