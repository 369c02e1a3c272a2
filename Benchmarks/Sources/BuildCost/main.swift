// Measures what building a table costs: the instructions of registering every route of a
// bench table in a `RouteTable` and compiling its `RouteMatcher`, and the heap the matcher
// keeps (see README.md, "Build cost, heap kept and lookup growth at 100,000 routes").
//
//   BuildCost <table>
//   valgrind --tool=callgrind --toggle-collect='*collectedRegistration*' BuildCost synthetic-10000
//
// The pattern strings and names are made before the measured function, as a route file
// reader's are. `collectedRegistration` is the only function callgrind is told to collect; the heap
// is read with `mallinfo2()` (`uordblks + hblkhd`, so that the large arrays the allocator
// maps count) before it and after it, with the matcher alive and the table gone. The answers
// of the table's probes are checked afterwards.

import BenchSupport
import HeapInUse
import Switchyard
import SwitchyardRouter

#if canImport(Glibc)
  import Glibc
#endif

/// Registers every route and compiles the matcher; the table is dropped on return. Not
/// inlined: callgrind collects exactly this function and what it calls.
@inline(never)
func collectedRegistration(names: [String], patterns: [String]) throws -> RouteMatcher {
  var table = RouteTable()
  for index in names.indices {
    try table.add(names[index], patterns[index])
  }
  return RouteMatcher(table)
}

/// Bytes in use on the heap, the large mapped blocks included.
func heapInUse() -> Int { Int(switchyard_bench_heap_in_use()) }

func main() -> Int32 {
  let arguments = Array(CommandLine.arguments.dropFirst())
  guard arguments.count == 1 else {
    print("usage: BuildCost <table>")
    return 2
  }
  do {
    let table = try BenchData.table(arguments[0])
    let names = table.routes.map { String($0.index) }
    let patterns = table.routes.map { SwitchyardRouter.pattern(for: $0) }
    let before = heapInUse()
    let matcher = try collectedRegistration(names: names, patterns: patterns)
    let kept = heapInUse() - before
    try AnswerCheck.verify(SwitchyardRouter(matcher: matcher), on: table)
    let count = table.routes.count
    print("routes \(count)")
    print("heap kept \(kept) bytes, \(kept / max(1, count)) per route")
    return withExtendedLifetime(matcher) { 0 }
  } catch {
    print("BuildCost: \(error)")
    return 1
  }
}

exit(main())
