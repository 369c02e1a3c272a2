// Building URLs: `Router.url(for:values:)` against `RouteTable.url(for:values:)` on the same
// routes. The router looks its route up by name and builds from the plan the route keeps, so
// its cost should not grow with the number of routes (goal: at most 1.5× the table's).

import BenchSupport
import Benchmark
import SwitchyardRouter

/// The builds and where the previous iteration stopped, so that every route is built equally
/// often over a run.
final class URLBuildState {
  let builds: SwitchyardURLBuilds
  var cursor = 0

  init(_ builds: SwitchyardURLBuilds) {
    self.builds = builds
  }
}

/// `URL:<table>:<builder>`: the URL of every route of the table in turn, 1,000 per measured
/// iteration (`scalingFactor: .kilo`, so the figures read per URL). Before timing, both
/// builders must give the same URL for every route, and it must match its route back.
func registerURLBuilds(_ builder: SwitchyardURLBuilds.Builder, table name: String, run: RunLength) {
  registerURLScenario(
    "URL:\(name):\(builder.rawValue)", builder, table: name,
    configuration: run.lookup(slow: false))
}

/// `Mallocs:url-<table>:Switchyard(Router)`: one URL per iteration, every route of the table in
/// turn, built by the table (`Switchyard`) or by the router (`SwitchyardRouter`): the exact
/// allocations of one URL, which CI holds to the checked-in thresholds.
func registerURLMallocs(
  _ builder: SwitchyardURLBuilds.Builder, table name: String, run: RunLength
) {
  let label = builder == .routeTable ? "Switchyard" : "SwitchyardRouter"
  registerURLScenario(
    "Mallocs:url-\(name):\(label)", builder, table: name, configuration: run.mallocs())
}

/// The URL of every route of table `name` in turn, built by `builder`; the URLs are checked
/// before anything is measured.
private func registerURLScenario(
  _ scenario: String, _ builder: SwitchyardURLBuilds.Builder, table name: String,
  configuration: Benchmark.Configuration
) {
  Benchmark(scenario, configuration: configuration) {
    (benchmark: Benchmark, state: URLBuildState) in
    let builds = state.builds
    var cursor = state.cursor
    var checksum = 0
    for _ in benchmark.scaledIterations {
      checksum &+= ((try? builds.url(cursor, by: builder)) ?? "").utf8.count
      cursor += 1
      if cursor == builds.count { cursor = 0 }
    }
    state.cursor = cursor
    blackHole(checksum)
  } setup: {
    let builds: SwitchyardURLBuilds
    do {
      builds = try SwitchyardURLBuilds(loadTable(name).routes)
      try builds.check()
    } catch {
      fatalError("Switchyard cannot build the URLs of \(name); nothing is measured.\n\(error)")
    }
    return URLBuildState(builds)
  }
}
