import Switchyard
import SwitchyardFiles

/// Renders match results as the JSON lines of SwitchyardFiles.docc/CommandLine.md or as text for people.
enum MatchFormatter {
  /// One JSON object on one line, keys in the order SwitchyardFiles.docc/CommandLine.md gives:
  /// `url`, `route`, `pattern`, `params`, `query`, `fragment`; a miss is `{"url":…,"route":null}`.
  static func json(url: String, match: RouteMatch?) -> String {
    var out = "{\"url\":" + JSONEscaping.quote(url)
    guard let match else {
      return out + ",\"route\":null}"
    }
    out += ",\"route\":" + JSONEscaping.quote(match.route.name)
    out += ",\"pattern\":" + JSONEscaping.quote(match.route.pattern.text)
    out += ",\"params\":{"
    out += match.parameters.map { JSONEscaping.quote($0.name) + ":" + json($0.value) }
      .joined(separator: ",")
    out += "},\"query\":{"
    out += groupedQuery(match).map { name, values in
      JSONEscaping.quote(name) + ":[" + values.map(JSONEscaping.quote).joined(separator: ",") + "]"
    }.joined(separator: ",")
    out += "},\"fragment\":" + (match.fragment.map(JSONEscaping.quote) ?? "null")
    return out + "}"
  }

  /// Integers as JSON integers, numbers as JSON numbers, everything else as strings.
  static func json(_ value: ParameterValue) -> String {
    if let int = value.intValue { return "\(int)" }
    if value.kind == .double, let double = value.doubleValue { return JSONEscaping.number(double) }
    return JSONEscaping.quote(value.text)
  }

  /// The query as names with all their values, names in order of first appearance.
  static func groupedQuery(_ match: RouteMatch) -> [(name: String, values: [String])] {
    var groups: [(name: String, values: [String])] = []
    var indexOfName: [String: Int] = [:]
    for item in match.query.items {
      if let index = indexOfName[item.name] {
        groups[index].values.append(item.value)
      } else {
        indexOfName[item.name] = groups.count
        groups.append((item.name, [item.value]))
      }
    }
    return groups
  }

  /// A block of aligned lines for people:
  ///
  /// ```text
  /// myapp://user/42?tab=posts&tab=likes#top
  ///   route     user
  ///   pattern   myapp://user/<int:id>
  ///   params    id = 42
  ///   query     tab = "posts", "likes"
  ///   fragment  "top"
  /// ```
  ///
  /// The URL, the route name and the pattern are shown with control characters escaped
  /// (`escapedForDisplay`); values are quoted (`quotedForDisplay`), query names escaped.
  static func text(url: String, match: RouteMatch?) -> String {
    var lines = [url.isEmpty ? "(empty URL)" : url.escapedForDisplay]
    guard let match else {
      lines.append("  no route matched")
      return lines.joined(separator: "\n")
    }
    let labelWidth = 10
    func row(_ label: String, _ entries: [String]) {
      for (index, entry) in entries.enumerated() {
        let head = index == 0 ? label : ""
        lines.append("  " + head.padding(to: labelWidth) + entry)
      }
    }
    row("route", [match.route.name.escapedForDisplay])
    row("pattern", [match.route.pattern.text.escapedForDisplay])
    if match.route.priority != 0 {
      row("priority", ["\(match.route.priority)"])
    }
    let params = match.parameters.map { ($0.name, text($0.value)) }
    if !params.isEmpty {
      row("params", aligned(params))
    }
    let query = groupedQuery(match).map {
      ($0.name.escapedForDisplay, $0.values.map(quoted).joined(separator: ", "))
    }
    if !query.isEmpty {
      row("query", aligned(query))
    }
    if let fragment = match.fragment {
      row("fragment", [quoted(fragment)])
    }
    return lines.joined(separator: "\n")
  }

  /// `name = value` lines with the `=` signs in one column.
  static func aligned(_ pairs: [(String, String)]) -> [String] {
    let width = pairs.map(\.0.count).max() ?? 0
    return pairs.map { $0.0.padding(to: width) + " = " + $0.1 }
  }

  static func text(_ value: ParameterValue) -> String {
    if let int = value.intValue { return "\(int)" }
    if value.kind == .double, let double = value.doubleValue { return "\(double)" }
    return quoted(value.text)
  }

  /// Strings are shown in quotes so empty values and spaces are visible, with control
  /// characters escaped as everywhere in text output (`"a\u{7}b"`).
  static func quoted(_ string: String) -> String { string.quotedForDisplay }
}

extension String {
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
