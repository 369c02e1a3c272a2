// Runs a table's probes through Switchyard between callgrind's collection toggles, so that
// `count-instructions.sh` can report instructions per lookup (see README.md).
//
//   InstructionCount <table> <match|route|context|context1|context2|routes|borrowed> [rounds]
//
// `routes` is the GitHub table's `@Routes` enum (`GitHubLink(url:)`), built only with
// `SWITCHYARD_BENCH_ROUTES=1`, as is `borrowed` (the lookup that enum runs, reading only the
// route index).
//
// Loads `<table>.routes` and `<table>.probes` from the data folder, checks every answer, runs
// one untimed warm-up round, then `rounds` rounds of every probe inside `collectedLookups`,
// the only function whose instructions callgrind collects (`--toggle-collect`). It prints the
// number of lookups collected, for the script to divide by.

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
}

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
      "usage: InstructionCount <table> <match|route|context|context1|context2|routes|borrowed> [rounds]"
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
    case .routes, .borrowed:
      #if canImport(SwitchyardRoutesEnum)
        lookups =
          mode == .routes
          ? try run(SwitchyardRoutesRouter.self, table: table, rounds: rounds)
          : try run(SwitchyardBorrowedRouter.self, table: table, rounds: rounds)
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
