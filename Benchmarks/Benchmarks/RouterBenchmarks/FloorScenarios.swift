// The floor: what reading a probe costs before any routing is done, timed in the same run as the
// routers so that a router's distance from it is a ratio inside one run (issue 13).
//
//   Lookup:<table>:FloorStrings  hashes (FNV-1a) every `/`-separated segment of the probe
//                                String, read in place (the same Strings the routers are given):
//                                the Swift floor.
//   Lookup:<table>:FloorBytes    the same over the probe's bytes, copied out into an array
//                                before timing: the floor once a URL is already bytes.
//
// A floor answers no route: its "answer" is a checksum of the hashes, so it is not checked
// against the probes' expected routes (the routers around it are).

import BenchSupport
import Benchmark

/// FNV-1a, one byte at a time: the cheapest hash that reads every byte of a segment (Swift's
/// `Hasher` costs tens of nanoseconds per segment on its own, more than a whole lookup).
@inline(__always)
func fnv1a(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
  (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
}

let fnvOffset: UInt64 = 0xCBF2_9CE4_8422_2325

/// Hashes every segment of the probe String, read in place through its contiguous UTF-8 (as a
/// router reads it; a String without contiguous storage is read through its UTF-8 view).
struct StringSegmentFloor: RouteLookup {
  static let name = "FloorStrings"

  func lookup(_ path: String) -> Int? {
    if let sum = path.utf8.withContiguousStorageIfAvailable(hashSegments) { return sum }
    return hashSegments(path.utf8)
  }
}

/// Hashes every segment of the probe's bytes (copied out of the String before timing).
struct ByteSegmentFloor: RouteLookup {
  static let name = "FloorBytes"

  func input(for path: String) -> [UInt8] { Array(path.utf8) }

  func lookup(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer(hashSegments)
  }
}

/// The sum of the FNV-1a hashes of the `/`-separated non-empty segments of `bytes`.
@inline(__always)
func hashSegments(_ bytes: some Sequence<UInt8>) -> Int {
  var sum: UInt64 = 0
  var hash = fnvOffset
  var inSegment = false
  for byte in bytes {
    if byte == UInt8(ascii: "/") {
      if inSegment { sum &+= hash }
      hash = fnvOffset
      inSegment = false
    } else {
      hash = fnv1a(hash, byte)
      inSegment = true
    }
  }
  if inSegment { sum &+= hash }
  return Int(truncatingIfNeeded: sum)
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
