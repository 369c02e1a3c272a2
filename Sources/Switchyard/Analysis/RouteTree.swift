/// A route table drawn as a tree: scheme, then host, then path elements, with route names
/// where their patterns end (<doc:AnalysingRouteTables>). Each alternative of a pattern's
/// optional groups is drawn, so a route can end at several places. Children are in
/// precedence order.
///
/// ```swift
/// var table = RouteTable()
/// try table.add("user", "myapp://user/<int:id>")
/// try table.add("userTab", "myapp://user/<int:id>/:tab")
/// print(table.tree.text())
/// // myapp://
/// //   user
/// //     <int:id>  → user
/// //       :tab  → userTab
/// ```
public struct RouteTree: Sendable, Hashable {
  /// One scheme, host or path element.
  public struct Node: Sendable, Hashable {
    /// The element as written in a pattern (`user`, `<int:id>`, `*.example.com`, `myapp://`).
    public var label: String
    /// The routes whose pattern ends here, each with its query and fragment requirements and
    /// priority when it has them (`search ?q=<term>`).
    public var routes: [String]
    /// The next elements, in precedence order.
    public var children: [Node]
  }

  /// One node per scheme (given schemes in byte order, then "(any scheme)").
  public var roots: [Node]

  /// An indented tree, two spaces a level, route names after `→`.
  public func text() -> String {
    var lines: [String] = []
    func walk(_ node: Node, _ depth: Int) {
      var line = String(repeating: "  ", count: depth) + node.label
      if !node.routes.isEmpty { line += "  → " + node.routes.joined(separator: ", ") }
      lines.append(line)
      for child in node.children { walk(child, depth + 1) }
    }
    for root in roots { walk(root, 0) }
    return lines.joined(separator: "\n")
  }

  /// A Graphviz `digraph`: elements are boxes, routes are ellipses.
  public func dot() -> String {
    var lines = [
      "digraph routes {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];",
    ]
    var counter = 0
    func quote(_ text: String) -> String {
      var out = "\""
      for character in text {
        switch character {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        default: out.append(character)
        }
      }
      return out + "\""
    }
    func walk(_ node: Node, parent: String?) {
      counter += 1
      let id = "n\(counter)"
      lines.append("  \(id) [label=\(quote(node.label))];")
      if let parent { lines.append("  \(parent) -> \(id);") }
      for route in node.routes {
        counter += 1
        lines.append("  n\(counter) [label=\(quote(route)), shape=ellipse];")
        lines.append("  \(id) -> n\(counter);")
      }
      for child in node.children { walk(child, parent: id) }
    }
    for root in roots { walk(root, parent: nil) }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// A Mermaid `flowchart`: elements are boxes, routes are rounded.
  public func mermaid() -> String {
    var lines = ["flowchart LR"]
    var counter = 0
    func quote(_ text: String) -> String {
      var out = "\""
      for character in text {
        switch character {
        case "\"": out += "#quot;"
        case "<": out += "#lt;"
        case ">": out += "#gt;"
        case "#": out += "#35;"
        default: out.append(character)
        }
      }
      return out + "\""
    }
    func walk(_ node: Node, parent: String?) {
      counter += 1
      let id = "n\(counter)"
      if let parent {
        lines.append("  \(parent) --> \(id)[\(quote(node.label))]")
      } else {
        lines.append("  \(id)[\(quote(node.label))]")
      }
      for route in node.routes {
        counter += 1
        lines.append("  \(id) --> n\(counter)([\(quote(route))])")
      }
      for child in node.children { walk(child, parent: id) }
    }
    for root in roots { walk(root, parent: nil) }
    return lines.joined(separator: "\n")
  }
}

extension RouteTable {
  /// The table as a tree (scheme → host → path elements) with route names where their
  /// patterns end.
  ///
  /// ```swift
  /// print(table.tree.text())    // indented text
  /// print(table.tree.dot())     // Graphviz
  /// print(table.tree.mermaid()) // Mermaid
  /// ```
  public var tree: RouteTree { RouteTreeBuilder(self).build() }
}

/// Builds a ``RouteTree`` from the variants of every pattern.
struct RouteTreeBuilder {
  let table: RouteTable

  init(_ table: RouteTable) { self.table = table }

  /// A node while building: children keyed by label, with a sort key each.
  final class Draft {
    let label: String
    let order: [Int]
    var routes: [String] = []
    var children: [String: Draft] = [:]

    init(_ label: String, order: [Int]) {
      self.label = label
      self.order = order
    }

    func child(_ label: String, order: [Int]) -> Draft {
      if let existing = children[label] { return existing }
      let made = Draft(label, order: order)
      children[label] = made
      return made
    }

    func node() -> RouteTree.Node {
      let sorted = children.values.sorted {
        $0.order != $1.order
          ? $0.order.lexicographicallyPrecedes($1.order)
          : $0.label.utf8.lexicographicallyPrecedes($1.label.utf8)
      }
      return RouteTree.Node(label: label, routes: routes, children: sorted.map { $0.node() })
    }
  }

  func build() -> RouteTree {
    let root = Draft("", order: [])
    for route in table.routes {
      let leafName = name(route)
      for variant in route.pattern.variants {
        let schemeText = variant.scheme.map { String(decoding: $0, as: UTF8.self) }
        var node = root.child(
          schemeText.map { $0 + "://" } ?? "(any scheme)", order: schemeText == nil ? [1] : [0])
        if !table.options.hostAsPath.applies(toScheme: schemeText) {
          var label: String
          var order: [Int]
          switch variant.host {
          case .literal(let bytes): label = String(decoding: bytes, as: UTF8.self); order = [0]
          case .wildcard(let suffix):
            label = "*" + String(decoding: suffix, as: UTF8.self)
            order = [1, -suffix.count]
          case .any: label = "*"; order = [2]
          case .omitted: label = "(any host)"; order = [3]
          }
          if let port = variant.port {
            label += ":\(port)"
            order.append(0)
          } else {
            order.append(1)
          }
          node = node.child(label, order: order)
        }
        for element in variant.path {
          node = node.child(label(element), order: RankKey.key(element))
        }
        if !node.routes.contains(leafName) { node.routes.append(leafName) }
      }
    }
    return RouteTree(roots: root.node().children)
  }

  /// The route's name, with its query and fragment requirements and priority if any.
  func name(_ route: Route) -> String {
    var text = route.name
    var requirements = ""
    if !route.pattern.query.isEmpty {
      requirements +=
        "?"
        + route.pattern.query.map {
          String(decoding: $0.name, as: UTF8.self) + "=" + value($0.value)
        }.joined(separator: "&")
    }
    switch route.pattern.fragment {
    case .none: break
    case .literal(let bytes): requirements += "#" + String(decoding: bytes, as: UTF8.self)
    case .capture(let type, let name): requirements += "#" + value(.capture(type, name: name))
    }
    if !requirements.isEmpty { text += " " + requirements }
    if route.priority != 0 { text += " (priority \(route.priority))" }
    return text
  }

  func value(_ value: RequirementValue) -> String {
    switch value {
    case .literal(let bytes): return String(decoding: bytes, as: UTF8.self)
    case .capture(.string, let name): return "<\(name)>"
    case .capture(let type, let name): return "<\(typeName(type)):\(name)>"
    }
  }

  func typeName(_ type: CaptureType) -> String {
    switch type {
    case .string: return "string"
    case .int: return "int"
    case .float: return "float"
    case .uuid: return "uuid"
    case .path: return "path"
    case .custom(let index):
      return index < table.parameterTypes.count ? table.parameterTypes[index].name : "custom"
    }
  }

  func label(_ element: PathElement) -> String {
    switch element {
    case .literal(let bytes):
      return WitnessSearch.escape(bytes, keeping: WitnessSearch.segmentBytes)
    case .capture(.string, let name): return ":" + name
    case .capture(let type, let name): return "<\(typeName(type)):\(name)>"
    case .mixed(_, _, _, _, let text): return String(decoding: text, as: UTF8.self)
    case .star(let name): return "*" + (name ?? "")
    }
  }
}
