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

/// The `switchyard` command: match URLs against route tables from the command line.
///
/// Exit statuses follow the command-line article (SwitchyardFiles.docc/CommandLine.md) for
/// every subcommand: 0 success, 1 the subcommand's own negative answer (a URL that did not
/// match, a lint error, no route to explain, a verification difference), 2 a usage or
/// route-file error (message on stderr, nothing on stdout).
@main
struct SwitchyardTool: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "switchyard",
    abstract: "Match URLs and deep links against a Switchyard route table.",
    discussion: """
      Route tables come from --routes FILE, else ./routes.json, else a built-in example \
      table.

      Exit status: 0 success; 1 the subcommand's own negative answer: match, a URL did not \
      match; lint, an error-level finding; explain, no route matched; verify, the file and \
      the routes differ; doctor, findings on the site; export aasa, over the size limit with \
      --enforce-size-limit (url, routes, vectors and gen never exit 1); 2 a usage or route-file error or \
      output that could not be written (message on stderr).
      """,
    version: SwitchyardTool.version,
    subcommands: [
      Match.self, URLCommand.self, Lint.self, Explain.self, RoutesCommand.self, Export.self,
      Verify.self, Doctor.self, Vectors.self, Gen.self,
    ]
  )

  /// What `switchyard --version` prints.
  static let version = "0.1.0"

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
    if let message = unknownSubcommandMessage(arguments) {
      printError(message)
      return usageErrorStatus.rawValue
    }
    var status: Int32
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
      status = ExitCode.success.rawValue
    } catch let exitCode as ExitCode {
      status = exitCode.rawValue
    } catch is StandardOutput.WriteFailure {
      return usageErrorStatus.rawValue
    } catch {
      let message = fullMessage(for: error)
      if exitCode(for: error) == .success {
        if !message.isEmpty { print(message) }
        status = ExitCode.success.rawValue
      } else {
        printError(message)
        return usageErrorStatus.rawValue
      }
    }
    // Output that could not be written turns any status into 2.
    do {
      try StandardOutput.finish()
    } catch {
      return usageErrorStatus.rawValue
    }
    return status
  }

  /// SwitchyardFiles.docc/CommandLine.md: "2 for a usage or route-file error".
  static let usageErrorStatus = ExitCode(2)

  /// The names `switchyard` accepts as its first argument: each subcommand's name and aliases,
  /// and argument-parser's `help`.
  static var subcommandNames: [String] {
    configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases } + ["help"]
  }

  /// The error for a first argument that is neither an option nor a subcommand, or `nil`.
  ///
  /// A mistyped subcommand gets the closest name (`mtach` → "did you mean 'match'?"); a URL is
  /// not matched silently but answered with the command to run, so that the documented form
  /// `switchyard match URL` stays the only one and no URL can ever be taken for a subcommand
  /// added later.
  ///
  /// `switchyard help NAME` checks NAME the same way, instead of printing the top-level help.
  static func unknownSubcommandMessage(_ arguments: [String]) -> String? {
    guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
    let names = subcommandNames
    if first == "help" {
      guard arguments.count > 1 else { return nil }
      let topic = arguments[1]
      if topic.hasPrefix("-") || names.contains(topic) { return nil }
      return unknownNameMessage(topic, names: names)
    }
    if first == "export", arguments.count > 1 { return unknownExportMessage(arguments[1]) }
    if names.contains(first) { return nil }
    let shown = first.escapedForDisplay
    if first.contains(":") || first.contains("/") {
      return """
        error: '\(shown)' is not a subcommand; to match a URL, run:
          switchyard match \(shellQuoted(shown))
        """
    }
    return unknownNameMessage(first, names: names)
  }

  /// `error: unknown subcommand 'NAME'`, with the closest of `names` when one is close.
  private static func unknownNameMessage(_ name: String, names: [String]) -> String {
    let shown = name.escapedForDisplay
    let known = names.filter { $0 != "help" }.joined(separator: ", ")
    if let suggestion = closestMatch(to: name, in: names) {
      return "error: unknown subcommand '\(shown)'; did you mean '\(suggestion)'? "
        + "(subcommands: \(known))"
    }
    return "error: unknown subcommand '\(shown)' (subcommands: \(known)); "
      + "see 'switchyard --help'"
  }

  /// The error for `switchyard export NAME` when NAME is not one of export's subcommands, or
  /// `nil`: the closest name, or the one for the platform NAME names (`ios` → `aasa`).
  static func unknownExportMessage(_ name: String) -> String? {
    let formats = Export.configuration.subcommands.map { command in command._commandName }
    guard !name.hasPrefix("-"), name != "help", !formats.contains(name) else { return nil }
    let platforms = [
      "ios": "aasa", "apple": "aasa", "apple-app-site-association": "aasa",
      "universal-links": "aasa", "google": "android", "assetlinks": "android",
      "app-links": "android",
    ]
    let suggestion = platforms[name.lowercased()] ?? closestMatch(to: name, in: formats)
    let shown = name.escapedForDisplay
    let known = "aasa (Apple universal links), android (App Links)"
    if let suggestion {
      return "error: unknown export format '\(shown)'; did you mean 'switchyard export "
        + "\(suggestion)'? (formats: \(known))"
    }
    return "error: unknown export format '\(shown)' (formats: \(known)); "
      + "see 'switchyard export --help'"
  }

  /// `text` in single quotes for a POSIX shell.
  static func shellQuoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }
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
