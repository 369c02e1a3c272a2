extension AppleAppSiteAssociation {
  /// The file as JSON: `{"applinks": {"details": [...]}}`, two-space indented, one component
  /// per line, keys in a fixed order (`/`, `?`, `#`, `exclude`, `caseSensitive`,
  /// `percentEncoded`, `comment`) so that the output is stable and diffs well.
  ///
  /// ```swift
  /// print(AppleAppSiteAssociation.export(table, appIDs: ["ABCDE12345.com.example.app"]).file.json)
  /// ```
  public var json: String {
    var out = "{\n  \"applinks\": {\n    \"details\": ["
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
    for member in try AppLinkJSON.members(applinks.value, "\"applinks\"") {
      switch member.key {
      case "apps": continue
      case "details":
        for element in try AppLinkJSON.elements(member.value, "\"details\"") {
          details.append(try Self.detail(element))
        }
      default:
        throw Self.unknown(member, in: "\"applinks\"", known: "details, apps")
      }
    }
    self.details = details
  }

  private static func unknown(_ member: JSONMember, in place: String, known: String)
    -> AppLinkFileError
  {
    AppLinkFileError(
      line: member.keyPosition.line, column: member.keyPosition.column,
      message: "unknown key \"\(member.key)\" in \(place) (known: \(known))")
  }

  private static func detail(_ value: JSONValue) throws(AppLinkFileError) -> Detail {
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
          detail.components.append(try component(element))
        }
      case "paths":
        for element in try AppLinkJSON.elements(member.value, "\"paths\"") {
          let path = try pattern(element, "a path")
          if path.hasPrefix("NOT ") {
            detail.components.append(Component(path: String(path.dropFirst(4)), exclude: true))
          } else {
            detail.components.append(Component(path: path))
          }
        }
      case "defaults":
        for option in try AppLinkJSON.members(member.value, "\"defaults\"") {
          switch option.key {
          case "caseSensitive":
            detail.caseSensitive = try AppLinkJSON.bool(option.value, "\"caseSensitive\"")
          case "percentEncoded":
            detail.percentEncoded = try AppLinkJSON.bool(option.value, "\"percentEncoded\"")
          default:
            throw unknown(option, in: "\"defaults\"", known: "caseSensitive, percentEncoded")
          }
        }
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

  private static func component(_ value: JSONValue) throws(AppLinkFileError) -> Component {
    var component = Component()
    for member in try AppLinkJSON.members(value, "a component") {
      switch member.key {
      case "/": component.path = try pattern(member.value, "\"/\"")
      case "#": component.fragment = try pattern(member.value, "\"#\"")
      case "?":
        if member.value.stringValue != nil {
          component.query = .pattern(try pattern(member.value, "\"?\""))
        } else {
          var items: [(name: String, pattern: String)] = []
          for item in try AppLinkJSON.members(member.value, "\"?\"") {
            items.append((item.key, try pattern(item.value, "a query item pattern")))
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
