/// What the builder prints for one route, as plain values: the pattern's path with its
/// optional groups unexpanded, the origins (schemes and hosts) it answers, and the query and
/// fragment requirements in written order. Not public API: `switchyard gen` writes it into the
/// builders it generates for other languages, so that they print what ``URLBuilder`` prints.
///
/// ```swift
/// let shape = try table.buildShape(of: table.routes[0])  // "myapp://user/<int:id>"
/// shape.origins[0].schemeText  // "myapp"
/// ```
package struct BuildShape: Sendable {
  /// One item of a path as the pattern writes it.
  package indirect enum Item: Sendable, Hashable {
    /// A `/` between segments.
    case slash
    /// A literal byte; `escaped` when the pattern wrote it `%XX` (it then prints as `%XX`).
    case byte(UInt8, escaped: Bool)
    /// A capture of `type` (`.path`: one or more segments).
    case capture(CaptureType, name: String)
    /// `*` or `*name`: zero or more segments.
    case star(name: String?)
    /// An optional group.
    case group([Item])
  }

  /// A scheme the route answers, with its hosts (in written order) and port.
  package struct Origin: Sendable {
    /// The scheme as the builder prints it; `nil` when the pattern names none.
    package var schemeText: String?
    /// Whether that scheme reads its host as the first path segment.
    package var hostAsPath: Bool
    package var hosts: [PatternShape.Host]
    package var port: Int?
  }

  package var origins: [Origin]
  /// The path items when the scheme keeps its host, and when it reads it as a path segment.
  package var pathItems: [Item]
  package var hostAsPathItems: [Item]
  /// Whether the pattern writes a path (`https://example.com/` rather than `https://example.com`).
  package var writesPath: Bool
  /// The query requirements, in the order the pattern writes them.
  package var query: [(name: [UInt8], value: RequirementShape)]
  package var fragment: RequirementShape?
}

extension RouteTable {
  /// The ``BuildShape`` of `route` (one of this table's routes).
  package func buildShape(of route: Route) throws(PatternSyntaxError) -> BuildShape {
    let plan = try route.buildPlan.plan(for: route, options: options, types: parameterTypes)
    let template = plan.template
    func item(_ item: PatternParser.Item) -> BuildShape.Item {
      Self.buildItem(item)
    }
    let shapes = route.pattern.queryShape
    let requirements = route.pattern.query
    let query = template.queryOrder.compactMap { name -> ([UInt8], RequirementShape)? in
      guard let index = requirements.firstIndex(where: { $0.name == name }) else { return nil }
      return (name, shapes[index].value)
    }
    return BuildShape(
      origins: plan.origins.map { origin in
        BuildShape.Origin(
          schemeText: origin.schemeText, hostAsPath: origin.hostAsPath,
          hosts: origin.hosts.map(RoutePattern.shape), port: origin.port)
      },
      pathItems: template.pathItems.map(item), hostAsPathItems: template.hostAsPathItems.map(item),
      writesPath: template.writesPath, query: query, fragment: route.pattern.fragmentShape)
  }

  private static func buildItem(_ item: PatternParser.Item) -> BuildShape.Item {
    switch item {
    case .slash: return .slash
    case .byte(let byte, let escaped): return .byte(byte, escaped: escaped)
    case .capture(let type, let name, _): return .capture(type, name: name)
    case .star(let name, _): return .star(name: name)
    case .group(let items, _): return .group(items.map { buildItem($0) })
    }
  }
}
