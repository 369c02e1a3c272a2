// Linting a table: `RouteTable.lint()` on the synthetic tables, one whole lint per iteration.
// Its time should grow about linearly with routes plus findings.

import BenchSupport
import Benchmark
import Switchyard
import SwitchyardRouter

/// `Lint:<table>:Switchyard`: one lint of the whole table per iteration.
func registerLint(table name: String, run: RunLength) {
  Benchmark(
    "Lint:\(name):Switchyard",
    configuration: .init(
      metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .mallocCountTotal],
      timeUnits: .milliseconds,
      units: RunLength.units,
      warmupIterations: 0,
      scalingFactor: .one,
      maxDuration: run.quick ? .milliseconds(200) : .seconds(10),
      maxIterations: run.quick ? 1 : 5
    )
  ) { (benchmark: Benchmark, table: RouteTable) in
    var findings = 0
    for _ in benchmark.scaledIterations {
      findings += table.lint().count
    }
    blackHole(findings)
  } setup: {
    var table = RouteTable()
    do {
      for route in loadTable(name).routes {
        try table.add(String(route.index), SwitchyardRouter.pattern(for: route))
      }
    } catch {
      fatalError("cannot build the table \(name) to lint: \(error)")
    }
    return table
  }
}
