// The text form of an explanation: what `switchyard explain` prints, and what
// `String(describing:)` and `print` give.

extension RouteExplanation: CustomStringConvertible {
  /// The explanation for people: the URL's parts, every route (those that matched numbered
  /// best first, then each that failed with the part where it failed) and the rule that chose
  /// the winner. Text from the URL and the table is shown with control characters escaped
  /// (`\u{1B}`), values in quotes. It is the text `switchyard explain --all` prints.
  ///
  /// ```swift
  /// print(table.explain("myapp://user/42"))
  /// // myapp://user/42
  /// //   scheme    myapp
  /// //   …
  /// // winner: user (the only route that matched)
  /// ```
  public var description: String { text(nearMisses: nil) }

  /// How many of the routes that did not match `switchyard explain` lists unless asked for
  /// all: a table of 100,000 routes would otherwise print a line for each.
  package static let nearMissesShown = 10

  /// The text form; with `nearMisses`, only that many of the routes that failed are listed
  /// (those that got furthest into the URL, in the explanation's order), then a line that
  /// counts the others.
  package func text(nearMisses: Int?) -> String {
    var lines = [url.isEmpty ? "(empty URL)" : url.escapedForDisplay]
    let queryText =
      query.isEmpty
      ? "(none)"
      : query.map { "\($0.name.escapedForDisplay) = \($0.value.quotedForDisplay)" }
        .joined(separator: ", ")
    let rows: [(String, String)] = [
      ("scheme", parts.scheme?.escapedForDisplay ?? "(none)"),
      (
        "host",
        hostAsPath
          ? "(none: this scheme reads its host as the first path segment)"
          : parts.host?.escapedForDisplay ?? "(none)"
      ),
      ("port", parts.port.map { "\($0)" } ?? "(none)"),
      (
        "path",
        parts.pathSegments.isEmpty
          ? "(no segments)"
          : parts.pathSegments.enumerated().map {
            "\($0.offset + 1):\($0.element.quotedForDisplay)"
          }
          .joined(separator: " ")
      ),
      ("query", queryText),
      ("fragment", parts.fragment?.quotedForDisplay ?? "(none)"),
    ]
    let labelWidth = rows.map(\.0.count).max() ?? 0
    lines += rows.map { "  " + $0.0.padded(to: labelWidth) + "  " + $0.1 }
    lines.append("")
    let shown = shownRoutes(nearMisses: nearMisses)
    let names = shown.map(\.route.name.escapedForDisplay)
    let patterns = shown.map(\.route.pattern.text.escapedForDisplay)
    let nameWidth = names.map(\.count).max() ?? 0
    let patternWidth = patterns.map(\.count).max() ?? 0
    var rank = 0
    lines.append("routes, best first:")
    for (index, consideration) in shown.enumerated() {
      let name = names[index].padded(to: nameWidth)
      let pattern = patterns[index].padded(to: patternWidth)
      if let failure = consideration.failure {
        lines.append(
          "  -   \(name)  \(pattern)  no: \(failure.reason.escapedForDisplayKeepingBackslashes)")
      } else {
        rank += 1
        let marker = rank == 1 ? "matched, wins" : "matched"
        let number = "\(rank).".padded(to: 3)
        lines.append("  \(number) \(name)  \(pattern)  \(marker)")
      }
    }
    let hidden = routes.count - shown.count
    if hidden > 0 {
      lines.append(
        "  (\(hidden) other route\(hidden == 1 ? "" : "s") did not match; --all lists every "
          + "route)")
    }
    if routes.isEmpty { lines.append("  (the table has no routes)") }
    lines.append("")
    switch (winner, runnerUp) {
    case (nil, _):
      lines.append("no route matched")
    case (let winner?, nil):
      lines.append("winner: \(winner.escapedForDisplay) (the only route that matched)")
    case (let winner?, let runnerUp?):
      lines.append(
        "winner: \(winner.escapedForDisplay), over \(runnerUp.escapedForDisplay) by "
          + (decision.map(\.explanation.escapedForDisplayKeepingBackslashes) ?? "precedence"))
    }
    return lines.joined(separator: "\n")
  }

  /// Every route that matched, then at most `nearMisses` of the others (all of them when
  /// `nil`): those that got furthest into the URL, kept in the explanation's order.
  func shownRoutes(nearMisses: Int?) -> [Consideration] {
    guard let nearMisses else { return routes }
    let failed = routes.enumerated().compactMap { index, consideration in
      consideration.failure.map { (index: index, reach: Self.reach($0)) }
    }
    guard failed.count > nearMisses else { return routes }
    // The furthest first; among equals, the explanation's order (a stable choice).
    let closest = failed.sorted { a, b in
      a.reach != b.reach ? a.reach > b.reach : a.index < b.index
    }.prefix(nearMisses).map(\.index)
    let keep = Set(closest)
    return routes.indices.filter { routes[$0].failure == nil || keep.contains($0) }.map {
      routes[$0]
    }
  }

  /// How far into the URL a route got before it failed: a later part (and a later segment)
  /// is further. (SwitchyardLinks ranks a mint's near misses by it too.)
  package static func reach(_ failure: Failure) -> (part: Int, segment: Int) {
    switch failure.part.name {
    case .scheme: return (0, 0)
    case .host: return (1, 0)
    case .port: return (2, 0)
    // A route that failed at no segment in particular matched through another alternative.
    case .segment, .conversion: return failure.segment.map { (3, $0) } ?? (6, 0)
    case .query: return (4, 0)
    case .fragment: return (5, 0)
    }
  }
}

extension String {
  /// The string padded with spaces to `width` characters.
  fileprivate func padded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
