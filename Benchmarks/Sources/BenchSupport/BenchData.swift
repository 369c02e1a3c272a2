// Loading the benchmark data: `Benchmarks/Data/*.routes` and `*.probes`.
// Formats are described in Benchmarks/Data/README.md.

import Foundation

/// One segment of a bench route pattern.
public enum BenchSegment: Sendable, Hashable {
  /// A static segment; matches itself, case-sensitively.
  case literal(String)
  /// `:name`: exactly one segment.
  case parameter(String)
  /// `*name`: the last segment of a route; one or more remaining segments.
  case catchAll(String)
}

/// One line of a `.routes` file.
public struct BenchRoute: Sendable, Hashable {
  /// Position in the file (comments and blank lines excluded): the answer a router gives.
  public var index: Int
  /// The line as written, e.g. `GET /repos/:owner/:repo`.
  public var line: String
  public var method: String
  /// The path as written, e.g. `/repos/:owner/:repo`.
  public var path: String
  /// The method as first segment, then the path's segments (`/GET/repos/:owner/:repo`).
  /// Every router registers these, so a wrong-method probe is a miss for all of them.
  public var segments: [BenchSegment]

  public init(index: Int, line: String) throws(BenchDataError) {
    let parts = line.split(separator: " ", omittingEmptySubsequences: true)
    guard parts.count == 2, parts[1].first == "/" else {
      throw BenchDataError("bad route line \(index + 1): '\(line)'")
    }
    self.index = index
    self.line = line
    self.method = String(parts[0])
    self.path = String(parts[1])
    var segments: [BenchSegment] = [.literal(method)]
    let pieces = parts[1].split(separator: "/")
    for (position, piece) in pieces.enumerated() {
      if piece.first == ":" {
        segments.append(.parameter(String(piece.dropFirst())))
      } else if piece.first == "*" {
        guard position == pieces.count - 1 else {
          throw BenchDataError("catch-all not last in route '\(line)'")
        }
        segments.append(.catchAll(String(piece.dropFirst())))
      } else {
        segments.append(.literal(String(piece)))
      }
    }
    self.segments = segments
  }

  /// Renders the method-prefixed pattern with a per-router spelling of each segment kind.
  public func pattern(
    parameter: (String) -> String,
    catchAll: (String) -> String
  ) -> String {
    var result = ""
    for segment in segments {
      result += "/"
      switch segment {
      case .literal(let text): result += text
      case .parameter(let name): result += parameter(name)
      case .catchAll(let name): result += catchAll(name)
      }
    }
    return result
  }

  /// Number of parameter and catch-all segments.
  public var captureCount: Int {
    segments.count { if case .literal = $0 { false } else { true } }
  }
}

/// One line of a `.probes` file.
public struct BenchProbe: Sendable, Hashable {
  /// The line's request, e.g. `GET /repos/julienschmidt/httprouter`.
  public var request: String
  /// The method-prefixed path every router is asked: `/GET/repos/julienschmidt/httprouter`.
  public var path: String
  /// Index of the route that must match, or nil for a miss.
  public var expected: Int?
}

/// A route table and its probes, as read from the shared data folder.
public struct BenchTable: Sendable {
  /// `github`, `synthetic-100`, ...
  public var name: String
  public var routes: [BenchRoute]
  public var probes: [BenchProbe]

  public init(name: String, routes: [BenchRoute], probes: [BenchProbe]) {
    self.name = name
    self.routes = routes
    self.probes = probes
  }

  /// Routes whose pattern has no parameter or catch-all.
  public var staticRouteIndexes: Set<Int> {
    Set(routes.filter { $0.captureCount == 0 }.map(\.index))
  }
}

public struct BenchDataError: Error, CustomStringConvertible, Sendable {
  public var description: String
  public init(_ description: String) { self.description = description }
}

/// Finds and reads the data files; caches each table for the life of the process.
public enum BenchData {
  /// The table names the suite uses, smallest first after the GitHub set.
  public static let tableNames = [
    "github", "synthetic-100", "synthetic-1000", "synthetic-10000", "synthetic-100000",
  ]

  /// Environment variable that points at the data folder (overrides the search below).
  public static let directoryVariable = "SWITCHYARD_BENCH_DATA"

  /// The data folder: `$SWITCHYARD_BENCH_DATA` when set, else `Benchmarks/Data` of this
  /// repository (found from this source file, or from a working directory of `Benchmarks/` or
  /// the repository's root).
  public static func directory() throws(BenchDataError) -> URL {
    let environment = ProcessInfo.processInfo.environment
    if let override = environment[directoryVariable], !override.isEmpty {
      let url = URL(fileURLWithPath: override, isDirectory: true)
      guard isDataDirectory(url) else {
        throw BenchDataError("\(directoryVariable)=\(override) holds no github.routes")
      }
      return url
    }
    // This file is Benchmarks/Sources/BenchSupport/BenchData.swift.
    let benchmarksFolder = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let candidates = [
      benchmarksFolder.appendingPathComponent("Data"),
      workingDirectory.appendingPathComponent("Data"),
      workingDirectory.appendingPathComponent("Benchmarks/Data"),
    ]
    for candidate in candidates where isDataDirectory(candidate) {
      return candidate.standardizedFileURL
    }
    throw BenchDataError(
      "bench data not found (tried \(candidates.map(\.standardizedFileURL.path))); set \(directoryVariable)"
    )
  }

  private static func isDataDirectory(_ url: URL) -> Bool {
    FileManager.default.fileExists(atPath: url.appendingPathComponent("github.routes").path)
  }

  private static let cache = TableCache()

  /// Loads `<name>.routes` and `<name>.probes` (once per process).
  public static func table(_ name: String) throws(BenchDataError) -> BenchTable {
    if let table = cache.get(name) { return table }
    let table = try load(name, from: directory())
    cache.set(name, table)
    return table
  }

  /// Loads a table without the cache, for tools and tests.
  public static func load(_ name: String, from directory: URL) throws(BenchDataError) -> BenchTable
  {
    let routeLines = try dataLines(directory.appendingPathComponent("\(name).routes"))
    var routes: [BenchRoute] = []
    routes.reserveCapacity(routeLines.count)
    var indexByLine: [String: Int] = [:]
    for line in routeLines {
      let route = try BenchRoute(index: routes.count, line: line)
      guard indexByLine[line] == nil else {
        throw BenchDataError("duplicate route '\(line)' in \(name).routes")
      }
      indexByLine[line] = route.index
      routes.append(route)
    }

    let probeLines = try dataLines(directory.appendingPathComponent("\(name).probes"))
    var probes: [BenchProbe] = []
    probes.reserveCapacity(probeLines.count)
    for line in probeLines {
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
      let request = columns[0].split(separator: " ")
      guard columns.count == 2, request.count == 2 else {
        throw BenchDataError("bad probe line in \(name).probes: '\(line)'")
      }
      let expectedText = String(columns[1])
      var expected: Int?
      if expectedText != "-" {
        guard let index = indexByLine[expectedText] else {
          throw BenchDataError("probe '\(columns[0])' expects unknown route '\(expectedText)'")
        }
        expected = index
      }
      probes.append(
        BenchProbe(
          request: String(columns[0]), path: "/\(request[0])\(request[1])", expected: expected)
      )
    }
    return BenchTable(name: name, routes: routes, probes: probes)
  }

  /// The non-empty, non-comment lines of a file.
  private static func dataLines(_ url: URL) throws(BenchDataError) -> [String] {
    let text: String
    do {
      text = try String(contentsOf: url, encoding: .utf8)
    } catch {
      throw BenchDataError("cannot read \(url.path): \(error)")
    }
    return text.split(separator: "\n").compactMap { raw in
      let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
      return line.isEmpty || line.first == "#" ? nil : String(line)
    }
  }
}

/// A lock-protected name → table map, so benchmarks share one loaded copy.
private final class TableCache: @unchecked Sendable {
  private let lock = NSLock()
  private var tables: [String: BenchTable] = [:]

  func get(_ name: String) -> BenchTable? {
    lock.withLock { tables[name] }
  }

  func set(_ name: String, _ table: BenchTable) {
    lock.withLock { tables[name] = table }
  }
}
