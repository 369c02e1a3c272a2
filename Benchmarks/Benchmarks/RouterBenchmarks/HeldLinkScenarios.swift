// Held links: `Router.dispatch` of a link whose route is ready, awaited to its result, with no
// links held elsewhere and with 2,000 links held for another route (every dispatch asks
// whether its own route holds links; the answer must not cost a pass over the others).

import Benchmark
import Switchyard

/// `HeldLinks:ready-<held>:Switchyard`: 1,000 links per measured iteration
/// (`scalingFactor: .kilo`, so the figures read per link), each dispatched to a route with a
/// handler and awaited; `held` links wait for another route (declared without a handler) the
/// whole time.
func registerHeldLinks(run: RunLength) {
  for held in [0, 2_000] {
    Benchmark(
      "HeldLinks:ready-\(held):Switchyard",
      configuration: .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        units: RunLength.units,
        warmupIterations: 1,
        scalingFactor: .kilo,
        maxDuration: run.quick ? .milliseconds(200) : .seconds(3),
        maxIterations: run.quick ? 5 : 1_000
      )
    ) { (benchmark: Benchmark, router: Router<Int>) in
      var checksum = 0
      for index in benchmark.scaledIterations {
        let link = router.dispatch("myapp://ready/\(index & 1023)")
        checksum &+= await link.result.output ?? -1
      }
      blackHole(checksum)
    } setup: {
      let router = Router<Int>()
      do {
        try router.register("/ready/<int:n>", name: "ready") { try $0.value("n", as: Int.self) }
        try router.declare("/waiting/<int:n>", name: "waiting")
      } catch {
        fatalError("cannot set up the held-link router: \(error)")
      }
      let patient = HoldPolicy(timeout: nil, capacity: nil)
      for index in 0..<held { _ = router.dispatch("myapp://waiting/\(index)", policy: patient) }
      return router
    }
  }
}
