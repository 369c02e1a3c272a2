// Runs a table's probes through Switchyard between callgrind's collection toggles, so that
// `count-instructions.sh` can report instructions per lookup (see README.md).
//
//   InstructionCount <table> <match|route|context|context1|context2|routes|borrowed|url-table|url-router|url-match|url-routes> [rounds]
//
// `routes` is the GitHub table's `@Routes` enum (`GitHubLink(url:)`), built only with
// `SWITCHYARD_BENCH_ROUTES=1`, as is `borrowed` (the lookup that enum runs, reading only the
// route index) and `url-routes` (the enum's `url` of the value of every GitHub probe that
// hits, the values read with `GitHubLink(url:)` beforehand).
//
// Loads `<table>.routes` and `<table>.probes` from the data folder, checks every answer, runs
// one untimed warm-up round, then `rounds` rounds of every probe inside `collectedLookups`,
// the only function whose instructions callgrind collects (`--toggle-collect`). It prints the
// number of lookups collected, for the script to divide by.
//
// `url-table` and `url-router` build the URL of every route of the table in turn instead
// (`SwitchyardURLBuilds`: one value per capture, by a `RouteTable` or by a `Router<Int>`), after
// checking that each matches its route back; a "lookup" is one URL built, the plans made in
// the warm-up round. `url-match` matches those URLs, built beforehand, with `RouteMatcher.match`.

import BenchSupport
import SwitchyardRouter

#if canImport(SwitchyardRoutesEnum)
  import SwitchyardRoutesEnum
#endif

#if canImport(Glibc)
  import Glibc
#endif

enum Mode: String {
  case match
  case route
  case context
  case context1
  case context2
  case routes
  case borrowed
  case urlTable = "url-table"
  case urlRouter = "url-router"
  case urlMatch = "url-match"
  case urlRoutes = "url-routes"
}

/// One URL built per "lookup": the input is the route's position; the answer the URL's length.
struct URLBuildLookup: RouteLookup {
  let builds: SwitchyardURLBuilds
  let builder: SwitchyardURLBuilds.Builder

  func input(for path: String) -> Int { 0 }

  func lookup(_ position: Int) -> Int? {
    (try? builds.url(position, by: builder))?.utf8.count
  }
}

/// `RouteMatcher.match` (the `match` mode's router) of the URLs the `url-table` mode builds,
/// made before: what the round trip of a built URL costs on the other side, and what the URL
/// modes compare against.
func runURLMatches(table: BenchTable, rounds: Int) throws -> Int {
  let builds = try SwitchyardURLBuilds(table.routes)
  try builds.check()
  let urls = try (0..<builds.count).map { try builds.url($0, by: .routeTable) }
  let router = try SwitchyardRouter.build(table.routes)
  let expected = lookups(router, urls, rounds: 1)
  guard expected == (0..<builds.count).reduce(0, &+),
    collectedLookups(router, urls, rounds: rounds) == expected &* rounds
  else {
    throw BenchDataError("URL matches on \(table.name): a built URL matched another route")
  }
  return urls.count * rounds
}

func runURLs(_ builder: SwitchyardURLBuilds.Builder, table: BenchTable, rounds: Int) throws -> Int {
  let builds = try SwitchyardURLBuilds(table.routes)
  try builds.check()
  let lookup = URLBuildLookup(builds: builds, builder: builder)
  let inputs = Array(0..<builds.count)
  // The warm-up round makes every route's plan; it is not counted.
  let expected = lookups(lookup, inputs, rounds: 1)
  guard collectedLookups(lookup, inputs, rounds: rounds) == expected &* rounds else {
    throw BenchDataError(
      "\(builder.rawValue) URLs on \(table.name): the answers changed between rounds")
  }
  return inputs.count * rounds
}

#if canImport(SwitchyardRoutesEnum)
  /// A `@Routes` enum's `url` per "lookup": the input is the value's position; the answer the
  /// URL's length.
  struct RoutesURLLookup: RouteLookup {
    let values: [GitHubLink]

    func input(for path: String) -> Int { 0 }

    func lookup(_ position: Int) -> Int? {
      (try? values[position].url)?.utf8.count
    }
  }

  /// The enum's `url` of every probe that hits, each checked to read back as its value first.
  func runRoutesURLs(table: BenchTable, rounds: Int) throws -> Int {
    _ = try SwitchyardRoutesRouter.build(table.routes)
    let values = table.probes.compactMap { $0.expected == nil ? nil : GitHubLink(url: $0.path) }
    for value in values {
      guard let url = try? value.url, GitHubLink(url: url) == value else {
        throw BenchDataError("url-routes: \(value) does not read back from its URL")
      }
    }
    let lookup = RoutesURLLookup(values: values)
    let inputs = Array(values.indices)
    let expected = lookups(lookup, inputs, rounds: 1)
    guard collectedLookups(lookup, inputs, rounds: rounds) == expected &* rounds else {
      throw BenchDataError("url-routes on \(table.name): the answers changed between rounds")
    }
    return inputs.count * rounds
  }
#endif

/// Every probe `rounds` times; the answers are summed so the calls cannot be dropped.
@inline(never)
func lookups<R: RouteLookup>(_ router: R, _ inputs: [R.Input], rounds: Int) -> Int {
  var sum = 0
  for _ in 0..<rounds {
    for input in inputs {
      sum &+= router.lookup(input) ?? -1
    }
  }
  return sum
}

/// `lookups` for the measured rounds. Not inlined: callgrind collects exactly this function
/// and what it calls (`--toggle-collect`), so the warm-up round, which calls `lookups`
/// directly, is not counted.
@inline(never)
func collectedLookups<R: RouteLookup>(_ router: R, _ inputs: [R.Input], rounds: Int) -> Int {
  lookups(router, inputs, rounds: rounds)
}

func run<R: BenchRouter>(_ type: R.Type, table: BenchTable, rounds: Int) throws -> Int {
  let router = try R.build(table.routes)
  try AnswerCheck.verify(router, on: table)
  let inputs = table.probes.map { router.input(for: $0.path) }
  let expected = table.probes.reduce(0) { $0 &+ ($1.expected ?? -1) }
  // The warm-up round: first-call set-up (lazy globals, the router's compile) is not counted.
  guard lookups(router, inputs, rounds: 1) == expected,
    collectedLookups(router, inputs, rounds: rounds) == expected &* rounds
  else {
    throw BenchDataError("\(R.name) on \(table.name): the answers changed between rounds")
  }
  return inputs.count * rounds
}

func main() -> Int32 {
  let arguments = Array(CommandLine.arguments.dropFirst())
  guard (2...3).contains(arguments.count), let mode = Mode(rawValue: arguments[1]),
    let rounds = arguments.count == 3 ? Int(arguments[2]) : 10, rounds > 0
  else {
    print(
      "usage: InstructionCount <table> <match|route|context|context1|context2|routes|borrowed|url-table|url-router|url-match|url-routes> [rounds]"
    )
    return 2
  }
  do {
    let table = try BenchData.table(arguments[0])
    let lookups: Int
    switch mode {
    case .match: lookups = try run(SwitchyardRouter.self, table: table, rounds: rounds)
    case .route: lookups = try run(SwitchyardRoutingRouter.self, table: table, rounds: rounds)
    case .context:
      lookups = try run(SwitchyardContextReusedRouter.self, table: table, rounds: rounds)
    case .context1: lookups = try run(SwitchyardContextRouter1.self, table: table, rounds: rounds)
    case .context2: lookups = try run(SwitchyardContextRouter2.self, table: table, rounds: rounds)
    case .urlTable: lookups = try runURLs(.routeTable, table: table, rounds: rounds)
    case .urlRouter: lookups = try runURLs(.router, table: table, rounds: rounds)
    case .urlMatch: lookups = try runURLMatches(table: table, rounds: rounds)
    case .routes, .borrowed, .urlRoutes:
      #if canImport(SwitchyardRoutesEnum)
        switch mode {
        case .routes: lookups = try run(SwitchyardRoutesRouter.self, table: table, rounds: rounds)
        case .borrowed:
          lookups = try run(SwitchyardBorrowedRouter.self, table: table, rounds: rounds)
        default: lookups = try runRoutesURLs(table: table, rounds: rounds)
        }
      #else
        print("InstructionCount: build with SWITCHYARD_BENCH_ROUTES=1 for the @Routes enum")
        return 2
      #endif
    }
    print("lookups \(lookups)")
    return 0
  } catch {
    print("InstructionCount: \(error)")
    return 1
  }
}

exit(main())
