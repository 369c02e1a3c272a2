// BenchReport: turns the exported samples of a RouterBenchmarks run into markdown tables.
//
//   swift package --disable-sandbox benchmark --format histogramSamples --path /tmp/bench
//   swift run -c release BenchReport /tmp/bench
//
// Figures are medians over the measured iterations. A Lookup or DeepLink iteration is 1,000
// lookups (its median per lookup is the median of the iteration means); a Build iteration is
// one build and a Mallocs iteration one lookup. The suite exports times in ns and counts as
// plain numbers (see RunLength.units), one file per scenario and metric:
// `<baseline>.RouterBenchmarks.<group>:<table>:<router>.<metric>.histogram.samples.tsv`.

import Foundation

// MARK: - Reading the samples

/// One scenario, `<group>:<table>:<router>`, with its samples per metric (`wallClock`, ...).
struct Result {
  var group: String
  var table: String
  var router: String
  var samples: [String: [Double]] = [:]

  /// Iterations are 1,000 lookups in these groups.
  var perIteration: Double { group == "Lookup" || group == "DeepLink" ? 1_000 : 1 }

  func median(_ metric: String) -> Double? {
    guard let values = samples[metric]?.sorted(), !values.isEmpty else { return nil }
    let middle = values.count / 2
    let value =
      values.count.isMultiple(of: 2) ? (values[middle - 1] + values[middle]) / 2 : values[middle]
    return value / perIteration
  }

  func maximum(_ metric: String) -> Double? {
    samples[metric]?.max().map { $0 / perIteration }
  }
}

let wallClock = "wallClock"
let mallocs = "mallocCountTotal"
let keptBytes = "memoryLeakedBytes"
let suffix = ".histogram.samples.tsv"

/// Nanoseconds per unit named in a sample file's header, e.g. `Time (wall clock) (ns)`.
func timeScale(_ header: Substring) -> Double {
  if header.contains("(μs)") || header.contains("(us)") { return 1e3 }
  if header.contains("(ms)") { return 1e6 }
  if header.contains("(s)") { return 1e9 }
  return 1
}

func readResults(_ folder: String) throws -> [Result] {
  var results: [String: Result] = [:]
  for file in try FileManager.default.contentsOfDirectory(atPath: folder)
  where file.hasSuffix(suffix) {
    // baseline . target . name . metric (names hold no '.')
    let parts = file.dropLast(suffix.count).split(separator: ".")
    guard parts.count == 4 else { continue }
    let name = String(parts[2])
    let metric = String(parts[3])
    let fields = name.split(separator: ":").map(String.init)
    guard fields.count == 3 else { continue }

    let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
    let lines = text.split(separator: "\n")
    guard let header = lines.first else { continue }
    let scale = metric == wallClock ? timeScale(header) : 1
    let values = lines.dropFirst().compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    results[name, default: Result(group: fields[0], table: fields[1], router: fields[2])]
      .samples[metric] = values.map { $0 * scale }
  }
  return Array(results.values)
}

// MARK: - Formatting

let preferredRouters = [
  "Switchyard", "SwitchyardReuse", "RoutingKit", "Hummingbird", "HummingbirdMethodMap", "Linear",
]
let preferredTables = [
  "github", "synthetic-100", "synthetic-1000", "synthetic-10000", "synthetic-100000",
]

func ordered(_ values: Set<String>, preferred: [String]) -> [String] {
  preferred.filter(values.contains) + values.subtracting(preferred).sorted()
}

func format(_ value: Double?, digits: Int = 1) -> String {
  guard let value else { return "–" }
  if value >= 100 { return String(Int(value.rounded())) }
  return String(format: "%.\(digits)f", value)
}

/// Route count of a table: 203 for the GitHub set, N for synthetic-N.
func routeCount(_ table: String) -> Double? {
  if table == "github" { return 203 }
  return table.split(separator: "-").last.flatMap { Double($0) }
}

func row(_ cells: [String]) -> String {
  "| " + cells.joined(separator: " | ") + " |"
}

func lookupTable(_ results: [Result]) -> String {
  let lookups = results.filter { $0.group == "Lookup" }
  guard !lookups.isEmpty else { return "" }
  let routers = ordered(Set(lookups.map(\.router)), preferred: preferredRouters)
  let peers = routers.filter { !$0.hasPrefix("Switchyard") }
  var lines = ["### Lookup: median ns per lookup (all probes, hits and misses)", ""]
  lines.append(row(["table"] + routers + peers.map { "\($0) / Switchyard" }))
  lines.append(row(Array(repeating: "---", count: 1 + routers.count + peers.count)))
  for table in ordered(Set(lookups.map(\.table)), preferred: preferredTables) {
    func nanoseconds(_ router: String) -> Double? {
      lookups.first { $0.table == table && $0.router == router }?.median(wallClock)
    }
    let own = nanoseconds("Switchyard")
    let ratios = peers.map { peer -> String in
      guard let own, own > 0, let theirs = nanoseconds(peer) else { return "–" }
      return format(theirs / own) + "×"
    }
    lines.append(row([table] + routers.map { format(nanoseconds($0)) } + ratios))
  }
  // The growth goal: synthetic-100 to the largest synthetic table present.
  func switchyard(_ table: String) -> Double? {
    lookups.first { $0.table == table && $0.router == "Switchyard" }?.median(wallClock)
  }
  let largest = preferredTables.last { table in
    switchyard(table) != nil && table.hasPrefix("synthetic")
  }
  if let largest, largest != "synthetic-100", let small = switchyard("synthetic-100"),
    let big = switchyard(largest), small > 0
  {
    lines.append("")
    lines.append(
      "Switchyard growth from synthetic-100 to \(largest): \(format(big / small, digits: 2))×")
  }
  return lines.joined(separator: "\n")
}

func mallocTable(_ results: [Result]) -> String {
  let counted = results.filter { $0.group == "Mallocs" }
  guard !counted.isEmpty else { return "" }
  let routers = ordered(Set(counted.map(\.router)), preferred: preferredRouters)
  var lines = ["### Mallocs per lookup, GitHub probes (median / max)", ""]
  lines.append(row(["probes"] + routers))
  lines.append(row(Array(repeating: "---", count: 1 + routers.count)))
  for table in ordered(
    Set(counted.map(\.table)), preferred: ["github-miss", "github-static", "github-captures"])
  {
    let cells = routers.map { router -> String in
      guard let result = counted.first(where: { $0.table == table && $0.router == router }) else {
        return "–"
      }
      return
        "\(format(result.median(mallocs), digits: 0)) / \(format(result.maximum(mallocs), digits: 0))"
    }
    lines.append(row([table] + cells))
  }
  return lines.joined(separator: "\n")
}

func buildTable(_ results: [Result]) -> String {
  let builds = results.filter { $0.group == "Build" }
  guard !builds.isEmpty else { return "" }
  let routers = ordered(Set(builds.map(\.router)), preferred: preferredRouters)
  var lines = ["### Build: median ms per table, and heap kept in bytes per route", ""]
  lines.append(row(["table"] + routers.map { "\($0) ms" } + routers.map { "\($0) B/route" }))
  lines.append(row(Array(repeating: "---", count: 1 + 2 * routers.count)))
  for table in ordered(Set(builds.map(\.table)), preferred: preferredTables) {
    let found = routers.map { router in builds.first { $0.table == table && $0.router == router } }
    let times = found.map { format($0?.median(wallClock).map { $0 / 1_000_000 }, digits: 2) }
    let bytes = found.map { result -> String in
      guard let kept = result?.median(keptBytes), let count = routeCount(table) else { return "–" }
      return format(kept / count, digits: 0)
    }
    lines.append(row([table] + times + bytes))
  }
  return lines.joined(separator: "\n")
}

func deepLinkTable(_ results: [Result]) -> String {
  let links = results.filter { $0.group == "DeepLink" }
  guard !links.isEmpty else { return "" }
  var lines = ["### Deep links (Switchyard): median ns per lookup", ""]
  lines.append(row(["scenario", "router", "ns/lookup", "vs path-only"]))
  lines.append(row(["---", "---", "---", "---"]))
  let pathOnly = links.first { $0.table.hasSuffix("-path") }?.median(wallClock)
  for result in links.sorted(by: { $0.table < $1.table }) {
    let time = result.median(wallClock)
    let ratio = time.flatMap { time in pathOnly.map { format(time / $0, digits: 2) + "×" } } ?? "–"
    lines.append(row([result.table, result.router, format(time), ratio]))
  }
  return lines.joined(separator: "\n")
}

// MARK: - Main

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 1, !arguments.contains("-h"), !arguments.contains("--help") else {
  print("usage: BenchReport <folder>")
  print(
    "  fill the folder with: swift package --disable-sandbox benchmark --format histogramSamples --path <folder>"
  )
  exit(arguments.isEmpty ? 1 : 0)
}
do {
  let results = try readResults(arguments[0])
  guard !results.isEmpty else {
    FileHandle.standardError.write(Data("no RouterBenchmarks samples in \(arguments[0])\n".utf8))
    exit(1)
  }
  let sections = [
    lookupTable(results), mallocTable(results), buildTable(results), deepLinkTable(results),
  ]
  print(sections.filter { !$0.isEmpty }.joined(separator: "\n\n"))
} catch {
  FileHandle.standardError.write(Data("BenchReport: \(error)\n".utf8))
  exit(1)
}
