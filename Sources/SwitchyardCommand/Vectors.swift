import ArgumentParser
import Switchyard
import SwitchyardFiles

/// `switchyard vectors [--routes FILE]`
struct Vectors: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print conformance vectors for the table: URLs with their winners, and builds.",
    discussion: """
      Prints one JSON document (format "switchyard-vectors", version \
      \(ConformanceVectors.formatVersion)): the table's options and routes; "match", URLs \
      derived from each route (probes with typed, escaped and non-UTF-8 values, near misses, \
      lint's witnesses) with the route that wins each (null: none) and the values read; \
      "build", routes and values with the URL built or the refusal's code. Every answer is \
      Switchyard's own, and the same table always gives the same document, so another \
      router (one from 'switchyard gen') can replay it. See the Conformance Vectors article.
      """
  )

  @OptionGroup var source: RouteSource

  mutating func run() throws {
    let table = try source.loadTable()
    try StandardOutput.write(ConformanceVectors(table: table).json())
  }
}
