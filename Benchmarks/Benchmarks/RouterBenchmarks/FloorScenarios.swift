// The floor: what reading a probe costs before any routing is done, timed in the same run as the
// routers so that a router's distance from it is a ratio inside one run (issue 13).
//
//   Lookup:<table>:FloorStrings  hashes every `/`-separated segment of the probe String (the
//                                same Strings the routers are given): the Swift floor.
//   Lookup:<table>:FloorBytes    the same over the probe's bytes, copied out into an array
//                                before timing: the floor once a URL is already bytes.
//
// A floor answers no route: its "answer" is a checksum of the hashes, so it is not checked
// against the probes' expected routes (the routers around it are).

import BenchSupport
import Benchmark

/// Hashes every segment of the probe String with Swift's `Hasher`.
struct StringSegmentFloor: RouteLookup {
  static let name = "FloorStrings"

  func lookup(_ path: String) -> Int? {
    var sum = 0
    let utf8 = path.utf8
    var start = utf8.startIndex
    var index = start
    while index != utf8.endIndex {
      if utf8[index] == UInt8(ascii: "/") {
        if index != start { sum &+= Self.hash(path[start..<index]) }
        start = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    if index != start { sum &+= Self.hash(path[start..<index]) }
    return sum
  }

  @inline(__always)
  static func hash(_ segment: Substring) -> Int {
    var hasher = Hasher()
    hasher.combine(segment)
    return hasher.finalize()
  }
}

/// Hashes every segment of the probe's bytes (copied out of the String before timing).
struct ByteSegmentFloor: RouteLookup {
  static let name = "FloorBytes"

  func input(for path: String) -> [UInt8] { Array(path.utf8) }

  func lookup(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBytes { raw in
      var sum = 0
      var start = 0
      var index = 0
      while index < raw.count {
        if raw[index] == UInt8(ascii: "/") {
          if index > start {
            sum &+= Self.hash(UnsafeRawBufferPointer(rebasing: raw[start..<index]))
          }
          start = index + 1
        }
        index += 1
      }
      if index > start { sum &+= Self.hash(UnsafeRawBufferPointer(rebasing: raw[start..<index])) }
      return sum
    }
  }

  @inline(__always)
  static func hash(_ segment: UnsafeRawBufferPointer) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: segment)
    return hasher.finalize()
  }
}

/// Times a floor over every probe of `table` (hits and misses), like `registerLookup`.
func registerFloor<Floor: RouteLookup & Sendable>(
  _ floor: Floor, name: String, table: String, run: RunLength
) {
  Benchmark(
    "Lookup:\(table):\(name)",
    configuration: run.lookup(slow: false)
  ) { benchmark, state in
    runLookups(benchmark, state)
  } setup: {
    LookupState(router: floor, paths: loadTable(table).probes.map(\.path))
  }
}
