import Switchyard

/// What `switchyard gen` writes into a router for another language, read once from a table:
/// every way of every route (a pattern variant) in precedence order, each route's typed
/// values, and what its builder prints. The languages' writers (`TypeScriptRouter`,
/// `KotlinRouter`) turn it into data and one fixed runtime each, so the two cannot disagree on
/// anything but the runtime, which the conformance vectors test.
///
/// ```swift
/// let model = try RouterModel(table: table)
/// model.ways.first?.route  // the index of the route of the best-ranked way
/// ```
package struct RouterModel: Sendable {
  /// Why a table cannot be generated for.
  package struct Failure: Error, Sendable, CustomStringConvertible {
    package var description: String
  }

  /// A value's type in the generated code: `int` (64-bit), `float` (double), `string`.
  package enum ValueType: String, Sendable {
    case int, float, string
  }

  /// One typed value of a route.
  package struct Field: Sendable {
    package var name: String
    package var type: ValueType
    /// Whether some way of the route has no such capture (an optional group).
    package var optional: Bool
  }

  package struct RouteInfo: Sendable {
    package var name: String
    package var fields: [Field]
    package var build: BuildShape
  }

  /// One way of one route, as the matcher tries it.
  package struct Way: Sendable {
    package var route: Int
    package var shape: PatternShape
  }

  package var options: RouteOptions
  package var routes: [RouteInfo] = []
  /// Best first (``RouteTable/precedenceOrder()``).
  package var ways: [Way] = []
  /// The table's query requirements and fragment, by route.
  package var query: [[(name: String, value: RequirementShape)]] = []
  package var fragment: [RequirementShape?] = []

  package init(table: RouteTable) throws(Failure) {
    options = table.options
    guard table.parameterTypes.isEmpty else {
      throw Failure(description: "registered capture types cannot be generated for")
    }
    for route in table.routes {
      var fields: [Field] = []
      let shapes = route.pattern.shapes
      func add(_ name: String, _ type: CaptureType, inEvery: Bool) {
        let valueType: ValueType =
          switch type {
          case .int: .int
          case .float: .float
          default: .string
          }
        if let index = fields.firstIndex(where: { $0.name == name }) {
          fields[index].optional = fields[index].optional || !inEvery
        } else {
          fields.append(Field(name: name, type: valueType, optional: !inEvery))
        }
      }
      func names(_ shape: PatternShape) -> [String] {
        shape.path.compactMap { element in
          switch element {
          case .literal: return nil
          case .capture(_, let name), .mixed(_, _, let name, _): return name
          case .star(let name): return name
          }
        }
      }
      let everyWay = shapes.map { Set(names($0)) }.reduce(nil as Set<String>?) { common, next in
        common.map { $0.intersection(next) } ?? next
      }
      for shape in shapes {
        for element in shape.path {
          switch element {
          case .literal: break
          case .capture(let type, let name), .mixed(_, let type, let name, _):
            add(name, type, inEvery: everyWay?.contains(name) ?? false)
          case .star(let name?): add(name, .string, inEvery: everyWay?.contains(name) ?? false)
          case .star(nil): break
          }
        }
      }
      for (_, value) in route.pattern.queryShape {
        if case .capture(let type, let name) = value { add(name, type, inEvery: true) }
      }
      if case .capture(let type, let name) = route.pattern.fragmentShape {
        add(name, type, inEvery: true)
      }
      let build: BuildShape
      do {
        build = try table.buildShape(of: route)
      } catch {
        throw Failure(description: "route '\(route.name)': \(error.message)")
      }
      routes.append(RouteInfo(name: route.name, fields: fields, build: build))
      query.append(route.pattern.queryShape)
      fragment.append(route.pattern.fragmentShape)
    }
    for (route, variant) in table.precedenceOrder() {
      ways.append(Way(route: route, shape: table.routes[route].pattern.shapes[variant]))
    }
  }

  /// The type code the runtimes use: 0 string, 1 int, 2 float, 3 uuid, 4 path.
  static func code(_ type: CaptureType) -> Int {
    switch type {
    case .int: return 1
    case .float: return 2
    case .uuid: return 3
    case .path: return 4
    default: return 0
    }
  }

  /// The host-as-path policy as the runtimes read it: a name, or the schemes listed.
  var hostAsPathNames: (name: String, schemes: [String]) {
    if let list = options.hostAsPath.listedSchemes { return ("schemes", list) }
    return (options.hostAsPath.description, [])
  }
}

// MARK: - The data both runtimes read

extension RouterModel {
  /// The table as the generated runtimes read it: one JSON document (see the runtimes'
  /// comments for its layout). Only ASCII: everything else is a JSON escape.
  package func dataJSON() -> String {
    func q(_ text: String) -> String { JSONEscaping.quote(text) }
    func requirement(_ value: RequirementShape?) -> String {
      switch value {
      case nil: return "null"
      case .literal(let text)?: return "[0,\(q(text))]"
      case .capture(let type, let name)?: return "[1,\(Self.code(type)),\(q(name))]"
      }
    }
    func host(_ host: PatternShape.Host) -> String {
      switch host {
      case .omitted: return "[0,\"\"]"
      case .any: return "[1,\"\"]"
      case .wildcard(let suffix): return "[2,\(q("." + suffix))]"
      case .literal(let text): return "[3,\(q(text))]"
      }
    }
    func itemsJSON(_ items: [BuildShape.Item]) -> String {
      var out: [String] = []
      var bytes: [String] = []
      func flush() {
        if !bytes.isEmpty { out.append("[0,[\(bytes.joined(separator: ","))]]") }
        bytes = []
      }
      for item in items {
        if case .byte(let byte, let escaped) = item {
          bytes.append(String(Int(byte) + (escaped ? 256 : 0)))
          continue
        }
        flush()
        switch item {
        case .slash: out.append("[5]")
        case .capture(let type, let name): out.append("[1,\(Self.code(type)),\(q(name))]")
        case .star(let name): out.append("[3,\(name.map(q) ?? "null")]")
        case .group(let inner): out.append("[4,\(itemsJSON(inner))]")
        case .byte: break
        }
      }
      flush()
      return "[" + out.joined(separator: ",") + "]"
    }
    let policy = hostAsPathNames
    var out = "{\"options\":{\"hostAsPath\":\(q(policy.name)),\"schemes\":["
    out += policy.schemes.map(q).joined(separator: ",") + "]"
    out += ",\"caseInsensitive\":\(options.caseInsensitivePaths)"
    out += ",\"plusAsSpace\":\(options.plusAsSpace)"
    out += ",\"defaultScheme\":\(options.defaultScheme.map { q(asciiLowercase($0)) } ?? "null")}"
    out += ",\n\"names\":[" + routes.map { q($0.name) }.joined(separator: ",") + "]"
    out += ",\n\"ways\":[\n"
    out += ways.map { way in
      let shape = way.shape
      let kind: Int
      let text: String
      switch shape.host {
      case .omitted: (kind, text) = (0, "")
      case .any: (kind, text) = (1, "")
      case .wildcard(let suffix): (kind, text) = (2, "." + suffix)
      case .literal(let literal): (kind, text) = (3, literal)
      }
      let path = shape.path.map { element -> String in
        switch element {
        case .literal(let text): return "[0,\(q(text))]"
        case .capture(let type, let name): return "[1,\(Self.code(type)),\(q(name))]"
        case .mixed(let prefix, let type, let name, let suffix):
          return "[2,\(q(prefix)),\(Self.code(type)),\(q(name)),\(q(suffix))]"
        case .star(let name): return "[3,\(name.map(q) ?? "null")]"
        }
      }
      let query = self.query[way.route].map { "[\(q($0.name)),\(requirement($0.value))]" }
      return
        "[\(way.route),\(shape.scheme.map(q) ?? "null"),\(kind),\(q(text)),\(shape.port ?? -1),"
        + "[\(path.joined(separator: ","))],[\(query.joined(separator: ","))],"
        + "\(requirement(fragment[way.route]))]"
    }.joined(separator: ",\n")
    out += "],\n\"build\":[\n"
    out += routes.map { route in
      let build = route.build
      let origins = build.origins.map { origin in
        "[\(origin.schemeText.map(q) ?? "null"),\(origin.hostAsPath ? 1 : 0),"
          + "[\(origin.hosts.map(host).joined(separator: ","))],\(origin.port ?? -1)]"
      }
      let query = build.query.map {
        "[\(q(String(decoding: $0.name, as: UTF8.self))),\(requirement($0.value))]"
      }
      return "{\"o\":[\(origins.joined(separator: ","))],\"p\":\(itemsJSON(build.pathItems)),"
        + "\"h\":\(itemsJSON(build.hostAsPathItems)),\"w\":\(build.writesPath),"
        + "\"q\":[\(query.joined(separator: ","))],\"f\":\(requirement(build.fragment))}"
    }.joined(separator: ",\n")
    out += "]}"
    return out
  }

  private func asciiLowercase(_ text: String) -> String {
    String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
  }
}
