// `switchyard verify` on files of 1,000, 4,000 and 16,000 components (and as many intent
// filters): one whole check per iteration, so the time per iteration should grow in proportion
// to the file.
//
//   Verify:aasa-<n>:Switchyard     AppleAppSiteAssociation.verify(against:) on an exported file
//   Verify:android-<n>:Switchyard  AndroidIntentFilters.verify(against:) on exported filters
//
// The file is the export of the table, so the check must find no difference; a difference
// stops the run before anything is timed.

import Benchmark
import Switchyard
import SwitchyardFiles

/// `count` distinct routes with one component and one intent filter each.
func appLinkTable(_ count: Int) -> RouteTable {
  var table = RouteTable()
  do {
    for index in 0..<count {
      if index.isMultiple(of: 2) {
        try table.add("r\(index)", "https://example.com/r\(index)/:id")
      } else {
        try table.add("r\(index)", "https://example.com/r\(index)/items/<int:n>")
      }
    }
  } catch {
    fatalError("cannot build the app-link table: \(error)")
  }
  return table
}

func registerAppLinkVerify(run: RunLength) {
  let sizes = run.quick ? [1_000] : [1_000, 4_000, 16_000]
  let configuration = run.build(slow: false)
  for size in sizes {
    Benchmark("Verify:aasa-\(size):Switchyard", configuration: configuration) {
      (benchmark: Benchmark, input: (RouteTable, AppleAppSiteAssociation)) in
      for _ in benchmark.scaledIterations {
        blackHole(input.1.verify(against: input.0))
      }
    } setup: {
      let table = appLinkTable(size)
      let file = AppleAppSiteAssociation.export(table, appIDs: ["ABCDE12345.com.example.app"]).file
      precondition(file.details[0].components.count == size, "one component per route")
      guard file.verify(against: table).isEmpty else {
        fatalError("verify finds differences in an exported file; nothing is timed")
      }
      return (table, file)
    }
    Benchmark("Verify:android-\(size):Switchyard", configuration: configuration) {
      (benchmark: Benchmark, input: (RouteTable, AndroidIntentFilters)) in
      for _ in benchmark.scaledIterations {
        blackHole(input.1.verify(against: input.0))
      }
    } setup: {
      let table = appLinkTable(size)
      let file = AndroidIntentFilters.export(table).file
      precondition(file.filters.count == size, "one filter per route")
      guard file.verify(against: table).isEmpty else {
        fatalError("verify finds differences in exported filters; nothing is timed")
      }
      return (table, file)
    }
  }
}
