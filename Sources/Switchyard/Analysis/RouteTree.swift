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
    /// 0 for a scheme, one more for each level below.
    package var depth: Int
    /// The position of the parent in ``RouteTree/nodes``; `nil` for a scheme.
    public var parent: Int?
    /// The positions of the children in ``RouteTree/nodes``, in precedence order.
    public var children: [Int]
  }

  /// Every node, depth first (each node before its children, children in precedence order):
  /// printing them in this order, indented by depth, draws the tree. The tree is kept flat so
  /// that a pattern with thousands of segments needs no deep recursion.
  public var nodes: [Node]

  /// The positions of the scheme nodes (given schemes in byte order, then "(any scheme)").
  package var roots: [Int] { nodes.indices.filter { nodes[$0].parent == nil } }

  /// An indented tree, two spaces a level, route names after `→`.
  public func text() -> String {
    nodes.map { node in
      var line = String(repeating: "  ", count: node.depth) + node.label
      if !node.routes.isEmpty { line += "  → " + node.routes.joined(separator: ", ") }
      return line
    }.joined(separator: "\n")
  }

  /// A Graphviz `digraph`: elements are boxes, routes are ellipses.
  package func dot() -> String {
    var lines = [
      "digraph routes {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];",
    ]
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
    var ids: [Int] = []
    var counter = 0
    for node in nodes {
      counter += 1
      let id = counter
      ids.append(id)
      lines.append("  n\(id) [label=\(quote(node.label))];")
      if let parent = node.parent { lines.append("  n\(ids[parent]) -> n\(id);") }
      for route in node.routes {
        counter += 1
        lines.append("  n\(counter) [label=\(quote(route)), shape=ellipse];")
        lines.append("  n\(id) -> n\(counter);")
      }
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// A Mermaid `flowchart`: elements are boxes, routes are rounded.
  package func mermaid() -> String {
    var lines = ["flowchart LR"]
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
    var ids: [Int] = []
    var counter = 0
    for node in nodes {
      counter += 1
      let id = counter
      ids.append(id)
      if let parent = node.parent {
        lines.append("  n\(ids[parent]) --> n\(id)[\(quote(node.label))]")
      } else {
        lines.append("  n\(id)[\(quote(node.label))]")
      }
      for route in node.routes {
        counter += 1
        lines.append("  n\(id) --> n\(counter)([\(quote(route))])")
      }
    }
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

  /// What a node's place among its siblings is ranked by: the matcher's own ranks
  /// (`Matcher/Precedence.swift`).
  enum Order {
    case root
    case scheme(Int)
    case host(MatcherStorage.Builder.HostRank, port: Int)
    case path(MatcherStorage.Builder.PathRank)

    /// Whether `self` ranks before `other`; `nil` when they rank alike.
    func sortsBefore(_ other: Order) -> Bool? {
      typealias Precedence = MatcherStorage.Builder
      switch (self, other) {
      case (.scheme(let x), .scheme(let y)): return x != y ? x < y : nil
      case (.host(let x, let p), .host(let y, let q)):
        if x != y { return Precedence.hostRankSortsBefore(x, y) }
        return p != q ? p < q : nil
      case (.path(let x), .path(let y)): return x != y ? Precedence.childSortsBefore(x, y) : nil
      default: return nil
      }
    }
  }

  /// A node while building: children keyed by label, with a sort key each.
  struct Draft {
    var label: String
    var order: Order
    var routes: [String] = []
    var children: [String: Int] = [:]
  }

  func build() -> RouteTree {
    var drafts = [Draft(label: "", order: .root)]
    func child(_ parent: Int, _ label: String, _ order: Order) -> Int {
      if let existing = drafts[parent].children[label] { return existing }
      drafts.append(Draft(label: label, order: order))
      drafts[parent].children[label] = drafts.count - 1
      return drafts.count - 1
    }
    for route in table.routes {
      let leafName = name(route)
      for variant in route.pattern.variants {
        let schemeText = variant.scheme.map { String(decoding: $0, as: UTF8.self) }
        var node = child(
          0, schemeText.map { $0 + "://" } ?? "(any scheme)",
          .scheme(MatcherStorage.Builder.schemeRank(variant.scheme)))
        if !table.options.hostAsPath.applies(toScheme: schemeText) {
          var label: String
          switch variant.host {
          case .literal(let bytes): label = String(decoding: bytes, as: UTF8.self)
          case .wildcard(let suffix): label = "*" + String(decoding: suffix, as: UTF8.self)
          case .any: label = "*"
          case .omitted: label = "(any host)"
          }
          if let port = variant.port { label += ":\(port)" }
          let order = Order.host(
            MatcherStorage.Builder.hostRank(variant.host),
            port: MatcherStorage.Builder.portRank(variant.port))
          node = child(node, label, order)
        }
        for element in variant.path {
          node = child(node, self.label(element), .path(MatcherStorage.Builder.pathRank(element)))
        }
        if !drafts[node].routes.contains(leafName) { drafts[node].routes.append(leafName) }
      }
    }
    // Depth first with an explicit stack, children in precedence order.
    func sortedChildren(_ index: Int) -> [Int] {
      drafts[index].children.values.sorted { a, b in
        let (x, y) = (drafts[a], drafts[b])
        return x.order.sortsBefore(y.order)
          ?? x.label.utf8.lexicographicallyPrecedes(y.label.utf8)
      }
    }
    var nodes: [RouteTree.Node] = []
    var stack: [(draft: Int, parent: Int?, depth: Int)] = sortedChildren(0).reversed().map {
      ($0, nil, 0)
    }
    while let (draft, parent, depth) = stack.popLast() {
      let position = nodes.count
      nodes.append(
        RouteTree.Node(
          label: drafts[draft].label, routes: drafts[draft].routes, depth: depth, parent: parent,
          children: []))
      if let parent { nodes[parent].children.append(position) }
      for next in sortedChildren(draft).reversed() { stack.append((next, position, depth + 1)) }
    }
    return RouteTree(nodes: nodes)
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

  func typeName(_ type: CaptureType) -> String { type.name(in: table.parameterTypes) }

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
