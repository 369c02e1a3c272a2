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

/// `switchyard match [--routes FILE] [--format text|json] URL...`
struct Match: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Match URLs against a route table and show the winning route and its captures.",
    discussion: """
      URLs come from the arguments, or from standard input (one per line) when there are \
      none (with --routes -, standard input holds the route file and URLs must be \
      arguments). Put -- before URLs that start with '-'.

      Exit status: 0 when every URL matched, 1 when at least one did not, 2 for a usage or \
      route-file error (message on stderr, nothing on stdout) or output that could not be \
      written.

      --format json prints one object per URL and line, in input order, with the keys url, \
      route, pattern, params, query and fragment; a URL that matched nothing prints \
      {"url":"…","route":null}.
      """
  )

  @OptionGroup var source: RouteSource

  @Option(name: .long, help: "Output format: text (for people) or json (one object per line).")
  var format: OutputFormat = .text

  @Argument(
    help: ArgumentHelp("The URLs to match (default: read from standard input).", valueName: "url"))
  var urls: [String] = []

  mutating func run() throws {
    if source.readsStandardInput && urls.isEmpty {
      printError(
        "error: --routes - reads the route file from standard input, "
          + "so give the URLs as arguments")
      throw SwitchyardTool.usageErrorStatus
    }
    let table = try source.loadTable()
    let matcher = RouteMatcher(table)
    var allMatched = true
    var first = true

    func handle(_ url: String) throws(StandardOutput.WriteFailure) {
      let match = matcher.match(url)
      if match == nil { allMatched = false }
      switch format {
      case .json:
        try StandardOutput.writeLine(MatchFormatter.json(url: url, match: match))
      case .text:
        if !first { try StandardOutput.writeLine("") }
        try StandardOutput.writeLine(MatchFormatter.text(url: url, match: match))
      }
      first = false
    }

    if urls.isEmpty {
      if isatty(STDIN_FILENO) != 0 {
        printError("note: reading URLs from standard input, one per line (end with Ctrl-D)")
      }
      while let line = readLine(strippingNewline: true) {
        let url = line.hasSuffix("\r") ? String(line.dropLast()) : line
        // A blank line is not a URL; an empty URL can still be given as an argument after --.
        if url.isEmpty { continue }
        try handle(url)
      }
    } else {
      for url in urls { try handle(url) }
    }

    if !allMatched { throw ExitCode(1) }
  }
}

/// The output formats of `match`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
  case text
  case json
}
