// Switchyard and its peers on the route tables of Benchmarks/Data.
//
// Scenario names are `<Group>:<table>:<router>`:
//   Lookup:<table>:<router>     every probe of the table (hits and misses), 1,000 lookups per
//                               measured iteration (scalingFactor .kilo, so results read per lookup)
//   Build:<table>:<router>      registering every route; `Malloc / free Δ (bytes)` is the heap the
//                               built router still holds (divide by the route count for bytes/route)
//   Mallocs:github-<kind>:<router>  one lookup per iteration over the GitHub misses, hits without
//                               captures, or hits with captures: exact mallocs per lookup
//   Lookup:<table>:Floor(Strings|Bytes)  hashing every segment of the same probes, as Strings
//                               and as bytes copied out: the floor (FloorScenarios.swift)
//   DeepLink:synthetic-1000-<form>:Switchyard  full deep-link URLs against path-only matching
//   Verify:<aasa|android>-<n>:Switchyard  one app-link check of n components or filters
//                               (AppLinkBenchmarks.swift)
//   Lookup:<github|synthetic-100>:SwitchyardRouter(Intercepted)  the same probes through
//                               `Router.route` (the layer apps call), without and with one
//                               interceptor; their Mallocs:github-<kind> scenarios too
//   Lookup:<github|synthetic-100>:SwitchyardRouterContext(1|2)  `Router.route` with a context
//                               of one or two values made per call and read by the handler
//   Lookup:<github|synthetic-100>:SwitchyardRouterContextReused  one context made once, passed
//                               to every call, one struct read from it by the handler
//   Lookup:github:SwitchyardRoutes  the same probes through a `@Routes` enum's `init?(url:)`
//                               (captures converted to associated values); its
//                               Mallocs:github-<kind> scenarios too
//   URL:synthetic-1000:<RouteTable|Router>  the URL of every route in turn, one value per
//                               capture (URLScenarios.swift)
//   Mallocs:url-synthetic-1000:Switchyard(Router)  the same, one URL per iteration: exact
//                               mallocs per URL, by the table or the router
//   Lint:synthetic-<1000|10000>:Switchyard  one whole lint of the table (LintScenarios.swift)
//   HeldLinks:ready-<0|2000>:Switchyard  a ready route's link dispatched and awaited, beside
//                               0 or 2,000 held links (HeldLinkScenarios.swift)
//
// Every router answers every probe before it is timed; a wrong answer stops the run
// (fatalError naming the router, the probe, the expected and the actual answer).

import BenchSupport
import Benchmark
import Foundation
import PeerRouters
import SwitchyardRouter

#if canImport(SwitchyardRoutesEnum)
  import SwitchyardRoutesEnum
#endif

let benchmarks: @Sendable () -> Void = {
  let run = RunLength.current
  // The peers are left out of builds resolved with SWITCHYARD_BENCH_PEERS=none (CI).
  let routers: [any BenchRouter.Type] =
    [SwitchyardRouter.self] + Peers.routers + [LinearRouter.self]
  // Lookups also time Hummingbird with its own method dispatch (see HummingbirdMethodMapRouter).
  let lookupRouters = routers + Peers.lookupOnlyRouters

  for table in run.tables {
    for router in lookupRouters {
      registerLookup(router, table: table, run: run)
    }
  }
  // The floors: hashing every segment of the same probes, as Strings and as bytes.
  for table in run.tables {
    registerFloor(StringSegmentFloor(), name: StringSegmentFloor.name, table: table, run: run)
    registerFloor(ByteSegmentFloor(), name: ByteSegmentFloor.name, table: table, run: run)
  }
  for table in run.tables {
    for router in routers {
      registerBuild(router, table: table, run: run)
    }
  }
  // Mallocs also count Switchyard's storage-reusing `match(_:into:)`.
  for kind in ProbeKind.allCases {
    for router in routers + [SwitchyardReusingRouter.self] {
      registerMallocs(router, kind: kind, run: run)
    }
  }
  for form in DeepLinkScenario.Form.allCases {
    registerDeepLink(form: form, run: run)
  }
  // verify on app-link files of growing size (AppLinkBenchmarks.swift).
  registerAppLinkVerify(run: run)
  // The Router layer against the bare matcher, on the tables its goal names.
  let routerLayers: [any BenchRouter.Type] = [
    SwitchyardRoutingRouter.self, SwitchyardInterceptedRouter.self,
    SwitchyardContextRouter1.self, SwitchyardContextRouter2.self,
    SwitchyardContextReusedRouter.self,
  ]
  for layer in routerLayers {
    for table in ["github", "synthetic-100"] {
      registerLookup(layer, table: table, run: run)
    }
    for kind in ProbeKind.allCases {
      registerMallocs(layer, kind: kind, run: run)
    }
  }
  // A `@Routes` enum of the same table: `init?(url:)` against `RouteMatcher.match`, and its
  // mallocs (built with the peers or with SWITCHYARD_BENCH_ROUTES=1; see Package.swift).
  #if canImport(SwitchyardRoutesEnum)
    for table in SwitchyardRoutesRouter.tables {
      registerLookup(SwitchyardRoutesRouter.self, table: table, run: run)
    }
    for kind in ProbeKind.allCases {
      registerMallocs(SwitchyardRoutesRouter.self, kind: kind, run: run)
    }
  #endif
  for builder in SwitchyardURLBuilds.Builder.allCases {
    registerURLBuilds(builder, table: "synthetic-1000", run: run)
    registerURLMallocs(builder, table: "synthetic-1000", run: run)
  }
  // Held links: a ready route's links, beside none or 2,000 held ones (HeldLinkScenarios.swift).
  registerHeldLinks(run: run)
  // The whole lint, up to 10,000 routes (LintScenarios.swift).
  for table in run.quick ? ["synthetic-1000"] : ["synthetic-1000", "synthetic-10000"] {
    registerLint(table: table, run: run)
  }
}

// MARK: - Run length

/// How long each scenario runs: full by default, a short smoke run with SWITCHYARD_BENCH_QUICK=1.
struct RunLength: Sendable {
  var quick: Bool

  static var current: RunLength {
    RunLength(quick: ProcessInfo.processInfo.environment["SWITCHYARD_BENCH_QUICK"] == "1")
  }

  /// The quick run keeps the tables up to 1,000 routes: checking every probe of the larger
  /// ones takes Hummingbird (method segment) ~12 s at 10,000 routes and minutes at 100,000.
  var tables: [String] {
    quick ? ["github", "synthetic-100", "synthetic-1000"] : BenchData.tableNames
  }

  /// Times in ns and counts as plain numbers, so exported samples keep full precision.
  static var units: [BenchmarkMetric: BenchmarkUnits] {
    [.mallocCountTotal: .count, .memoryLeakedBytes: .count, .throughput: .count]
  }

  /// Lookups: 1,000 per iteration. A slow pair (a peer that takes milliseconds per lookup on
  /// the 100,000-route table) runs one iteration after no warm-up: one iteration is already
  /// 1,000 lookups, and its answer check alone takes minutes.
  func lookup(slow: Bool) -> Benchmark.Configuration {
    .init(
      metrics: [.wallClock, .mallocCountTotal, .throughput],
      timeUnits: .nanoseconds,
      units: Self.units,
      warmupIterations: slow ? 0 : (quick ? 1 : 3),
      scalingFactor: .kilo,
      maxDuration: quick ? .milliseconds(200) : (slow ? .seconds(5) : .seconds(3)),
      maxIterations: quick ? 50 : (slow ? 3 : 10_000)
    )
  }

  func build(slow: Bool) -> Benchmark.Configuration {
    .init(
      metrics: [.wallClock, .mallocCountTotal, .memoryLeakedBytes, .throughput],
      timeUnits: .nanoseconds,
      units: Self.units,
      warmupIterations: slow ? 0 : 1,
      scalingFactor: .one,
      maxDuration: quick ? .milliseconds(200) : .seconds(3),
      maxIterations: quick ? 5 : 1_000
    )
  }

  func mallocs() -> Benchmark.Configuration {
    .init(
      metrics: [.mallocCountTotal, .wallClock, .throughput],
      timeUnits: .nanoseconds,
      units: Self.units,
      warmupIterations: 1,
      scalingFactor: .one,
      maxDuration: quick ? .milliseconds(100) : .seconds(1),
      maxIterations: quick ? 300 : 5_000
    )
  }

  /// Pairs too slow for repeated passes over 10,000 probes (measured on this machine:
  /// Hummingbird with the method segment ~20 ms and Linear ~3 ms per lookup at 100,000 routes).
  static func isSlow(_ router: String, table: String) -> Bool {
    table == "synthetic-100000"
      && (Peers.slowOnLargestTable.contains(router) || router == LinearRouter.name)
  }
}

// MARK: - Shared set-up

/// A router, the inputs it is asked in turn, and where the previous iteration stopped, so that
/// over a run every probe is asked equally often whatever the batch size.
final class LookupState<Router: RouteLookup> {
  let router: Router
  let inputs: [Router.Input]
  var cursor = 0

  init(router: Router, paths: [String]) {
    precondition(!paths.isEmpty, "no probes to time")
    self.router = router
    self.inputs = paths.map(router.input(for:))
  }
}

/// The measured loop: `scaledIterations` lookups, continuing round the probe list.
func runLookups<Router: RouteLookup>(_ benchmark: Benchmark, _ state: LookupState<Router>) {
  let router = state.router
  let inputs = state.inputs
  var cursor = state.cursor
  var checksum = 0
  for _ in benchmark.scaledIterations {
    checksum &+= router.lookup(inputs[cursor]) ?? -1
    cursor += 1
    if cursor == inputs.count { cursor = 0 }
  }
  state.cursor = cursor
  blackHole(checksum)
}

func loadTable(_ name: String) -> BenchTable {
  do {
    return try BenchData.table(name)
  } catch {
    fatalError("cannot load bench table '\(name)': \(error)")
  }
}

/// Builds the router and checks its answer to the probes (all of them unless `sample` is
/// given); stops the run on a wrong answer. Each benchmark runs in its own process, so each
/// checks the router it times.
func checkedRouter<Router: BenchRouter>(_: Router.Type, table: BenchTable, sample: Int? = nil)
  -> Router
{
  let router: Router
  do {
    router = try Router.build(table.routes)
  } catch {
    fatalError("\(Router.name) could not build \(table.name): \(error)")
  }
  var checked = table
  if let sample { checked.probes = Array(table.probes.prefix(sample)) }
  do {
    try AnswerCheck.verify(router, on: checked)
  } catch {
    fatalError("\(Router.name) gives wrong answers on \(table.name); nothing is timed.\n\(error)")
  }
  return router
}

// MARK: - Scenarios

func registerLookup<Router: BenchRouter>(_: Router.Type, table name: String, run: RunLength) {
  let slow = RunLength.isSlow(Router.name, table: name)
  Benchmark(
    "Lookup:\(name):\(Router.name)",
    configuration: run.lookup(slow: slow)
  ) { benchmark, state in
    runLookups(benchmark, state)
  } setup: {
    let table = loadTable(name)
    let router = checkedRouter(Router.self, table: table)
    return LookupState(router: router, paths: table.probes.map(\.path))
  }
}

func registerBuild<Router: BenchRouter>(_: Router.Type, table name: String, run: RunLength) {
  Benchmark(
    "Build:\(name):\(Router.name)",
    configuration: run.build(slow: RunLength.isSlow(Router.name, table: name))
  ) { benchmark, routes in
    benchmark.startMeasurement()
    let router = try Router.build(routes)
    benchmark.stopMeasurement()
    // Freed after the measurement, so `memoryLeakedBytes` is what the router keeps.
    blackHole(router)
  } setup: {
    // The Lookup scenario checks every probe; here the first 1,000 (hits and misses) suffice.
    let table = loadTable(name)
    _ = checkedRouter(Router.self, table: table, sample: 1_000)
    return table.routes
  }
}

/// GitHub probes split by what a lookup has to produce.
enum ProbeKind: String, CaseIterable {
  case miss
  case staticHit = "static"
  case captureHit = "captures"

  func contains(_ probe: BenchProbe, staticRoutes: Set<Int>) -> Bool {
    switch self {
    case .miss: probe.expected == nil
    case .staticHit: probe.expected.map(staticRoutes.contains) ?? false
    case .captureHit: probe.expected.map { !staticRoutes.contains($0) } ?? false
    }
  }
}

func registerMallocs<Router: BenchRouter>(_: Router.Type, kind: ProbeKind, run: RunLength) {
  Benchmark(
    "Mallocs:github-\(kind.rawValue):\(Router.name)",
    configuration: run.mallocs()
  ) { benchmark, state in
    runLookups(benchmark, state)
  } setup: {
    let table = loadTable("github")
    let router = checkedRouter(Router.self, table: table)
    let staticRoutes = table.staticRouteIndexes
    let paths = table.probes.filter { kind.contains($0, staticRoutes: staticRoutes) }.map(\.path)
    return LookupState(router: router, paths: paths)
  }
}

func registerDeepLink(form: DeepLinkScenario.Form, run: RunLength) {
  let source = "synthetic-1000"
  Benchmark(
    "DeepLink:\(source)-\(form.rawValue):Switchyard",
    configuration: run.lookup(slow: false)
  ) { (benchmark: Benchmark, state: LookupState<SwitchyardDeepLinkRouter>) in
    runLookups(benchmark, state)
  } setup: {
    let scenario = DeepLinkScenario.make(from: loadTable(source), form: form)
    let router: SwitchyardDeepLinkRouter
    do {
      router = try SwitchyardDeepLinkRouter(scenario)
    } catch {
      fatalError("Switchyard could not build the \(form.rawValue) deep-link table: \(error)")
    }
    let mismatches = AnswerCheck.check(
      routerName: "Switchyard", table: "\(source)-\(form.rawValue)", routes: scenario.patterns,
      probes: scenario.probes.map { ($0.url, $0.url, $0.expected) }, lookup: router.lookup)
    if !mismatches.isEmpty {
      let failure = AnswerCheckFailure(mismatches: mismatches, probeCount: scenario.probes.count)
      fatalError("Switchyard gives wrong deep-link answers; nothing is timed.\n\(failure)")
    }
    return LookupState<SwitchyardDeepLinkRouter>(router: router, paths: scenario.probes.map(\.url))
  }
}
