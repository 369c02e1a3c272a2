extension AppleAppSiteAssociation {
  /// The file as JSON: `{"applinks": {"details": [...]}}`, two-space indented, one component
  /// per line, keys in a fixed order (`/`, `?`, `#`, `exclude`, `caseSensitive`,
  /// `percentEncoded`, `comment`) so that the output is stable and diffs well.
  ///
  /// ```swift
  /// print(AppleAppSiteAssociation.export(table, appIDs: ["ABCDE12345.com.example.app"]).file.json)
  /// ```
  public var json: String {
    var out = "{\n  \"applinks\": {\n"
    var defaults: [String] = []
    if let value = caseSensitive { defaults.append("\"caseSensitive\": \(value)") }
    if let value = percentEncoded { defaults.append("\"percentEncoded\": \(value)") }
    if !defaults.isEmpty {
      out += "    \"defaults\": { " + defaults.joined(separator: ", ") + " },\n"
    }
    if !substitutionVariables.isEmpty {
      out += "    \"substitutionVariables\": {\n"
      out += substitutionVariables.keys.sorted().map { name in
        "      " + JSONEscaping.quote(name) + ": ["
          + (substitutionVariables[name] ?? []).map(JSONEscaping.quote).joined(separator: ", ")
          + "]"
      }.joined(separator: ",\n")
      out += "\n    },\n"
    }
    out += "    \"details\": ["
    for (index, detail) in details.enumerated() {
      out += index == 0 ? "\n" : ",\n"
      out += "      {\n"
      out += "        \"appIDs\": [" + detail.appIDs.map(JSONEscaping.quote).joined(separator: ", ")
      out += "],\n"
      var defaults: [String] = []
      if let value = detail.caseSensitive { defaults.append("\"caseSensitive\": \(value)") }
      if let value = detail.percentEncoded { defaults.append("\"percentEncoded\": \(value)") }
      if !defaults.isEmpty {
        out += "        \"defaults\": { " + defaults.joined(separator: ", ") + " },\n"
      }
      out += "        \"components\": ["
      for (position, component) in detail.components.enumerated() {
        out += position == 0 ? "\n" : ",\n"
        out += "          " + component.json
      }
      out += detail.components.isEmpty ? "]\n" : "\n        ]\n"
      out += "      }"
    }
    out += details.isEmpty ? "]\n" : "\n    ]\n"
    return out + "  }\n}\n"
  }

  /// Reads the `applinks` part of an `apple-app-site-association` file.
  ///
  /// Other top-level keys (`webcredentials`, `appclips`, …) are allowed and ignored. In
  /// `applinks`, `details` is read (`apps`, which Apple no longer reads, may be present); in a
  /// detail, `appIDs` or `appID`, `components`, `defaults`, and the older `paths` list (each
  /// entry a path pattern, `NOT ` in front to exclude). Anything else is refused with its line
  /// and column, as is a value of the wrong type.
  ///
  /// ```swift
  /// let file = try AppleAppSiteAssociation(json: #"{"applinks":{"details":[]}}"#)
  /// ```
  public init(json text: String) throws(AppLinkFileError) {
    try AppLinkLimits.checkSize(text)
    let root = try AppLinkJSON.parse(text)
    let members = try AppLinkJSON.members(root, "the file")
    guard let applinks = members.first(where: { $0.key == "applinks" }) else {
      throw AppLinkJSON.error(root, "the file has no \"applinks\" key")
    }
    var details: [Detail] = []
    var patterns: [(JSONValue, String)] = []
    self.init(details: [])
    for member in try AppLinkJSON.members(applinks.value, "\"applinks\"") {
      switch member.key {
      case "apps": continue
      case "details":
        for element in try AppLinkJSON.elements(member.value, "\"details\"") {
          details.append(try Self.detail(element, patterns: &patterns))
        }
      case "defaults":
        let defaults = try Self.defaults(member.value)
        caseSensitive = defaults.caseSensitive
        percentEncoded = defaults.percentEncoded
      case "substitutionVariables":
        for variable in try AppLinkJSON.members(member.value, "\"substitutionVariables\"") {
          if variable.key.isEmpty || variable.key.contains(where: { "$()".contains($0) }) {
            throw AppLinkFileError(
              line: variable.keyPosition.line, column: variable.keyPosition.column,
              message:
                "the substitution variable name \"\(variable.key)\" is empty or holds '$', '(' "
                + "or ')'")
          }
          var values: [String] = []
          for value in try AppLinkJSON.elements(variable.value, "a substitution variable") {
            let text = try Self.pattern(value, "a substitution variable's value")
            if text.contains("$(") {
              throw AppLinkJSON.error(
                value, "a substitution variable's value may not use another variable (\(text))")
            }
            values.append(text)
          }
          substitutionVariables[variable.key] = values
        }
      default:
        throw Self.unknown(
          member, in: "\"applinks\"", known: "details, defaults, substitutionVariables, apps")
      }
    }
    self.details = details
    // Every `$(name)` must name a variable: the file's own or a predefined one.
    let variables = self.variables
    for (value, text) in patterns where text.contains("$(") {
      switch AppleVariables.names(in: text) {
      case .failure(let error):
        throw AppLinkJSON.error(value, "in the pattern \(text): \(error.message)")
      case .success(let names):
        if let name = names.first(where: { !variables.defines($0) }) {
          throw AppLinkJSON.error(
            value,
            "the pattern \(text) uses $(\(name)), which is neither in \"substitutionVariables\" "
              + "nor predefined (\(AppleVariables.predefined.sorted().joined(separator: ", ")))")
        }
      }
    }
  }

  private static func defaults(_ value: JSONValue) throws(AppLinkFileError) -> (
    caseSensitive: Bool?, percentEncoded: Bool?
  ) {
    var result: (caseSensitive: Bool?, percentEncoded: Bool?) = (nil, nil)
    for option in try AppLinkJSON.members(value, "\"defaults\"") {
      switch option.key {
      case "caseSensitive":
        result.caseSensitive = try AppLinkJSON.bool(option.value, "\"caseSensitive\"")
      case "percentEncoded":
        result.percentEncoded = try AppLinkJSON.bool(option.value, "\"percentEncoded\"")
      default:
        throw unknown(option, in: "\"defaults\"", known: "caseSensitive, percentEncoded")
      }
    }
    return result
  }

  private static func unknown(_ member: JSONMember, in place: String, known: String)
    -> AppLinkFileError
  {
    AppLinkFileError(
      line: member.keyPosition.line, column: member.keyPosition.column,
      message: "unknown key \"\(member.key)\" in \(place) (known: \(known))")
  }

  private static func detail(_ value: JSONValue, patterns: inout [(JSONValue, String)])
    throws(AppLinkFileError) -> Detail
  {
    var detail = Detail(appIDs: [], components: [])
    for member in try AppLinkJSON.members(value, "a detail") {
      switch member.key {
      case "appIDs":
        for id in try AppLinkJSON.elements(member.value, "\"appIDs\"") {
          detail.appIDs.append(try AppLinkJSON.string(id, "an app ID"))
        }
      case "appID":
        detail.appIDs.append(try AppLinkJSON.string(member.value, "\"appID\""))
      case "components":
        for element in try AppLinkJSON.elements(member.value, "\"components\"") {
          detail.components.append(try component(element, patterns: &patterns))
        }
      case "paths":
        for element in try AppLinkJSON.elements(member.value, "\"paths\"") {
          let path = try pattern(element, "a path")
          patterns.append((element, path))
          if path.hasPrefix("NOT ") {
            detail.components.append(Component(path: String(path.dropFirst(4)), exclude: true))
          } else {
            detail.components.append(Component(path: path))
          }
        }
      case "defaults":
        (detail.caseSensitive, detail.percentEncoded) = try defaults(member.value)
      default:
        throw unknown(
          member, in: "a detail", known: "appIDs, appID, components, defaults, paths")
      }
    }
    if detail.appIDs.isEmpty {
      throw AppLinkJSON.error(value, "a detail must name its apps with \"appIDs\"")
    }
    return detail
  }

  /// A pattern string, refused past ``AppLinkLimits/maximumPatternBytes``.
  private static func pattern(_ value: JSONValue, _ what: String) throws(AppLinkFileError)
    -> String
  {
    let text = try AppLinkJSON.string(value, what)
    guard text.utf8.count <= AppLinkLimits.maximumPatternBytes else {
      throw AppLinkJSON.error(
        value,
        "\(what) is \(text.utf8.count) bytes long; patterns over "
          + "\(AppLinkLimits.maximumPatternBytes) bytes are not read")
    }
    return text
  }

  private static func component(_ value: JSONValue, patterns: inout [(JSONValue, String)])
    throws(AppLinkFileError) -> Component
  {
    var component = Component()
    func read(_ value: JSONValue, _ what: String) throws(AppLinkFileError) -> String {
      let text = try pattern(value, what)
      patterns.append((value, text))
      return text
    }
    for member in try AppLinkJSON.members(value, "a component") {
      switch member.key {
      case "/": component.path = try read(member.value, "\"/\"")
      case "#": component.fragment = try read(member.value, "\"#\"")
      case "?":
        if member.value.stringValue != nil {
          component.query = .pattern(try read(member.value, "\"?\""))
        } else {
          var items: [(name: String, pattern: String)] = []
          for item in try AppLinkJSON.members(member.value, "\"?\"") {
            items.append((item.key, try read(item.value, "a query item pattern")))
          }
          component.query = .items(items)
        }
      case "exclude": component.exclude = try AppLinkJSON.bool(member.value, "\"exclude\"")
      case "caseSensitive":
        component.caseSensitive = try AppLinkJSON.bool(member.value, "\"caseSensitive\"")
      case "percentEncoded":
        component.percentEncoded = try AppLinkJSON.bool(member.value, "\"percentEncoded\"")
      case "comment": component.comment = try AppLinkJSON.string(member.value, "\"comment\"")
      default:
        throw unknown(
          member, in: "a component",
          known: "/, ?, #, exclude, caseSensitive, percentEncoded, comment")
      }
    }
    return component
  }
}

extension AppleAppSiteAssociation.Component {
  /// The component as one line of JSON.
  var json: String {
    var fields: [String] = []
    if let path { fields.append("\"/\": " + JSONEscaping.quote(path)) }
    switch query {
    case nil: break
    case .pattern(let pattern): fields.append("\"?\": " + JSONEscaping.quote(pattern))
    case .items(let items):
      fields.append(
        "\"?\": { "
          + items.map { JSONEscaping.quote($0.name) + ": " + JSONEscaping.quote($0.pattern) }
          .joined(separator: ", ") + " }")
    }
    if let fragment { fields.append("\"#\": " + JSONEscaping.quote(fragment)) }
    if exclude { fields.append("\"exclude\": true") }
    if let caseSensitive { fields.append("\"caseSensitive\": \(caseSensitive)") }
    if let percentEncoded { fields.append("\"percentEncoded\": \(percentEncoded)") }
    if let comment { fields.append("\"comment\": " + JSONEscaping.quote(comment)) }
    return "{ " + fields.joined(separator: ", ") + " }"
  }
}
