#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The service's settings from the environment and a configuration file, for every flag of
/// `switchyard-links`: `--host` is also `SWITCHYARD_LINKS_HOST`, `--app-id`
/// `SWITCHYARD_LINKS_APP_ID`, and so on (a repeatable flag takes a comma-separated list; a
/// switch, `1` or `true`). The file (`--config FILE` or `SWITCHYARD_LINKS_CONFIG`) holds the
/// same `NAME=VALUE` lines, as systemd's `EnvironmentFile=` reads them. The command line comes
/// first, then the environment, then the file.
///
/// Two secrets have no flag, so that they never need to be on a command line (which every
/// user of the machine sees in `ps`): `SWITCHYARD_LINKS_TOKEN`, the minting token itself (or
/// `--token-file`), and the PostgreSQL URL with its password, `SWITCHYARD_LINKS_POSTGRES` (or
/// `--postgres-file`).
struct LinksSettings: Sendable {
  static let prefix = "SWITCHYARD_LINKS_"

  /// The flags that take a value, and whether each repeats.
  static let options: [(flag: String, repeatable: Bool)] = [
    ("routes", false), ("db", false), ("postgres", false), ("postgres-file", false),
    ("port", false), ("bind", false), ("host", true), ("prefix", false), ("app-id", true),
    ("package", false), ("sha256", true), ("app-store-id", false), ("web-only", true),
    ("token-file", false), ("site-name", false), ("install-token-days", false),
    ("app-name", false), ("app-icon", false), ("theme-color", false),
  ]
  /// The switches.
  static let switches = ["trust-host-header"]
  /// The settings with no flag: secrets, and the file's own name.
  static let secrets = ["TOKEN", "CONFIG"]

  /// `SWITCHYARD_LINKS_APP_ID` for `app-id`.
  static func variable(_ flag: String) -> String {
    prefix + String(flag.uppercased().map { $0 == "-" ? "_" : $0 })
  }

  /// The values by variable name: the environment's over the file's.
  var values: [String: String]
  /// Why the settings cannot be read (an unreadable file, an unknown name), if so.
  var problem: String?

  /// The settings of this process: its environment, and the file `--config FILE` (in
  /// `commandLine`) or `SWITCHYARD_LINKS_CONFIG` names.
  static let current = LinksSettings(
    commandLine: Array(CommandLine.arguments.dropFirst()), environment: processEnvironment())

  init(commandLine: [String], environment: [String: String]) {
    var values: [String: String] = [:]
    var problem: String?
    let known = Set(Self.options.map { Self.variable($0.flag) } + Self.switches.map(Self.variable))
      .union(Self.secrets.map { Self.prefix + $0 })
    var file = environment[Self.prefix + "CONFIG"]
    for (index, argument) in commandLine.enumerated() {
      if argument == "--config", index + 1 < commandLine.count { file = commandLine[index + 1] }
      if argument.hasPrefix("--config=") { file = String(argument.dropFirst("--config=".count)) }
    }
    if let file {
      if let text = readSettingsFile(file) {
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
          .enumerated()
        {
          let trimmed = line.trimmingSpaces()
          guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
          guard let equals = trimmed.firstIndex(of: "=") else {
            problem = problem ?? "\(file):\(number + 1): expected NAME=VALUE"
            continue
          }
          var name = String(trimmed[..<equals]).trimmingSpaces()
          if name.hasPrefix("export ") { name = String(name.dropFirst(7)).trimmingSpaces() }
          var value = String(trimmed[trimmed.index(after: equals)...]).trimmingSpaces()
          if value.count >= 2, let first = value.first, first == "\"" || first == "'",
            value.last == first
          {
            value = String(value.dropFirst().dropLast())
          }
          guard known.contains(name), name != Self.prefix + "CONFIG" else {
            problem =
              problem
              ?? "\(file):\(number + 1): unknown setting \(name) (the settings are the flags' names as SWITCHYARD_LINKS_HOST, and SWITCHYARD_LINKS_TOKEN)"
            continue
          }
          values[name] = value
        }
      } else {
        problem = "--config \(file): cannot read the file"
      }
    }
    for (name, value) in environment where name.hasPrefix(Self.prefix) {
      guard known.contains(name) else {
        problem =
          problem
          ?? "unknown environment variable \(name) (the settings are the flags' names as SWITCHYARD_LINKS_HOST, and SWITCHYARD_LINKS_TOKEN)"
        continue
      }
      values[name] = value
    }
    self.values = values
    self.problem = problem
  }

  /// `commandLine` with the settings of the flags it does not give, put first (where the
  /// service's flags go, before a subcommand's name).
  func arguments(_ commandLine: [String]) -> [String] {
    func given(_ flag: String) -> Bool {
      commandLine.contains { $0 == "--" + flag || $0.hasPrefix("--" + flag + "=") }
    }
    var added: [String] = []
    for (flag, repeatable) in Self.options where !given(flag) {
      guard let value = values[Self.variable(flag)], !value.isEmpty else { continue }
      let items =
        repeatable ? value.split(separator: ",").map { String($0).trimmingSpaces() } : [value]
      for item in items where !item.isEmpty { added += ["--" + flag, item] }
    }
    for flag in Self.switches where !given(flag) {
      if let value = values[Self.variable(flag)]?.lowercased(), value == "1" || value == "true" {
        added.append("--" + flag)
      }
    }
    return added + commandLine
  }

  /// The minting token of `SWITCHYARD_LINKS_TOKEN`, if set.
  var token: String? { values[Self.prefix + "TOKEN"] }
}

/// The process's environment.
func processEnvironment() -> [String: String] {
  ProcessInfo.processInfo.environment
}

/// The whole file as UTF-8 text, or `nil`.
private func readSettingsFile(_ path: String) -> String? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count > 0 { bytes += buffer[0..<count] }
    if count < buffer.count { break }
  }
  guard ferror(file) == 0 else { return nil }
  return String(validating: bytes, as: UTF8.self)
}

extension StringProtocol {
  /// Without leading and trailing spaces, tabs and carriage returns.
  func trimmingSpaces() -> String {
    let scalars = unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
    let kept = scalars.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
    return String(String.UnicodeScalarView(kept.reversed()))
  }
}
