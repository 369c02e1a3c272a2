public import Switchyard

/// Reads route tables from JSON route files (format version 1).
///
/// A route file lists the options of a table and its routes, in registration order:
///
/// ```json
/// {
///   "version": 1,
///   "options": { "hostAsPath": "customSchemes", "acceptedOrigins": ["myapp"] },
///   "routes": [
///     { "name": "user",   "pattern": "myapp://user/<int:id>" },
///     { "name": "search", "pattern": "/search/:term", "priority": 1 }
///   ]
/// }
/// ```
///
/// Reading is strict: the JSON must be valid (no comments, no trailing commas, no duplicate
/// keys), and unknown keys, wrong types, empty or duplicate route names, non-integer priorities
/// and bad patterns are refused. A file is taken whole or not at all; the error names the place
/// as `FILE:LINE:COLUMN` (see ``RouteFileError``).
///
/// ```swift
/// let table = try RouteFile.load(contentsOf: "routes.json")
/// let matcher = RouteMatcher(table)
/// matcher.match("myapp://user/42")?.route.name  // "user"
/// ```
public enum RouteFile {
  /// The route file versions this library reads.
  package static let supportedVersions = [1]

  /// Reads a route table from a route file's text.
  ///
  /// ```swift
  /// let table = try RouteFile.parse(
  ///   #"{"version": 1, "routes": [{"name": "home", "pattern": "myapp://home"}]}"#,
  ///   fileName: "inline.json")
  /// table.routes.map(\.name)  // ["home"]
  /// ```
  ///
  /// - Parameters:
  ///   - text: The JSON text of the file.
  ///   - fileName: The name used in error messages.
  ///   - types: Capture types to register before the routes, for patterns such as `<slug:name>`.
  /// - Throws: ``RouteFileError`` with the position of the first problem.
  public static func parse(
    _ text: String, fileName: String, types: [ParameterType] = []
  ) throws(RouteFileError) -> RouteTable {
    try parse(bytes: Array(text.utf8), fileName: fileName, types: types)
  }

  /// Reads a route table from a route file's bytes, which must be UTF-8.
  ///
  /// ```swift
  /// let table = try RouteFile.parse(bytes: Array(data), fileName: "routes.json")
  /// ```
  ///
  /// - Throws: ``RouteFileError`` with the position of the first problem.
  public static func parse(
    bytes: [UInt8], fileName: String, types: [ParameterType] = []
  ) throws(RouteFileError) -> RouteTable {
    // The routes are added to the table while the file is parsed, so that the parsed JSON of
    // all the routes is never held at once. What is added stays provisional: a syntax error
    // anywhere, or a problem with the version, keys or options (which are checked once the
    // whole file is read), refuses the file as before, and a route's error is reported only
    // after them, so the first error reported does not depend on this order.
    let decoder = RouteFileDecoder(file: fileName, types: types)
    var streamed = StreamedRoutes()
    let root: JSONValue
    do {
      root = try JSONParser.parse(bytes: bytes, streamingElementsOf: "routes") { route, before in
        decoder.add(route, membersBefore: before, to: &streamed)
      }
    } catch {
      throw RouteFileError(
        file: fileName, line: error.line, column: error.column, message: error.message)
    }
    if streamed.hasStarted && !streamed.sawOptions && root["options"] != nil {
      // "options" came after "routes": the routes were read with the wrong options. Read the
      // file again, whole (rare: files put their options first).
      let whole: JSONValue
      do {
        whole = try JSONParser.parse(bytes: bytes)
      } catch {
        throw RouteFileError(
          file: fileName, line: error.line, column: error.column, message: error.message)
      }
      return try decoder.decode(whole, streamed: nil)
    }
    return try decoder.decode(root, streamed: streamed)
  }
}

/// The routes of a route file added to a table while the file is parsed.
private struct StreamedRoutes {
  /// Whether the first route was seen (and `table` made).
  var hasStarted = false
  /// Whether the file's `"options"` came before its routes (and were used for them).
  var sawOptions = false
  var table = RouteTable()
  /// How many routes were seen.
  var count = 0
  /// Where each route's name is, by its index in the table (for duplicate-name messages).
  var namePositions: [JSONPosition] = []
  /// The first problem; no route is added after it.
  var failure: RouteFileError?
}

// MARK: - Decoding version 1

private struct RouteFileDecoder {
  let file: String
  let types: [ParameterType]

  static let topLevelKeys = ["version", "options", "routes"]
  static let optionKeys = [
    "hostAsPath", "caseInsensitivePaths", "plusAsSpace", "defaultScheme", "acceptedOrigins",
  ]
  static let routeKeys = ["name", "pattern", "priority", "metadata"]

  func error(at position: JSONPosition, _ message: String) -> RouteFileError {
    RouteFileError(file: file, line: position.line, column: position.column, message: message)
  }

  /// `"key" must be EXPECTED, found KIND`, at the value.
  func typeError(_ key: String, _ value: JSONValue, expected: String) -> RouteFileError {
    error(at: value.position, "\"\(key)\" must be \(expected), found \(value.kindDescription)")
  }

  func unknownKeyError(_ member: JSONMember, in place: String, known: [String]) -> RouteFileError {
    let key = JSONEscaping.escape(member.key)
    if let suggestion = closestMatch(to: member.key, in: known) {
      return error(
        at: member.keyPosition, "unknown key \"\(key)\" \(place); did you mean \"\(suggestion)\"?")
    }
    let list = known.map { "\"\($0)\"" }
    let allowed = list.dropLast().joined(separator: ", ") + " and " + (list.last ?? "")
    return error(at: member.keyPosition, "unknown key \"\(key)\" \(place); the keys are \(allowed)")
  }

  /// Starts the table with the options read before the routes, and adds one route to it; the
  /// first problem is kept in `streamed` (and reported by `decode`).
  func add(_ route: JSONValue, membersBefore: [JSONMember], to streamed: inout StreamedRoutes) {
    if !streamed.hasStarted {
      streamed.hasStarted = true
      var options = RouteOptions()
      if let value = membersBefore.first(where: { $0.key == "options" })?.value {
        streamed.sawOptions = true
        do {
          options = try decodeOptions(value)
        } catch {
          streamed.failure = error
        }
      }
      streamed.table = RouteTable(options: options)
      if streamed.failure == nil {
        do {
          try register(types, in: &streamed.table)
        } catch {
          streamed.failure = error
        }
      }
    }
    streamed.count += 1
    guard streamed.failure == nil else { return }
    do {
      try decodeRoute(
        route, number: streamed.count, into: &streamed.table,
        namePositions: &streamed.namePositions)
    } catch {
      streamed.failure = error
    }
  }

  func register(_ types: [ParameterType], in table: inout RouteTable) throws(RouteFileError) {
    for type in types {
      do {
        try table.register(type)
      } catch {
        throw RouteFileError(file: file, line: 0, column: 0, message: error.message)
      }
    }
  }

  /// Checks the whole file and returns its table: the one built from `streamed` when its
  /// routes were added while parsing, else one built from `root`.
  func decode(
    _ root: JSONValue, streamed: StreamedRoutes?
  ) throws(RouteFileError) -> RouteTable {
    guard let members = root.objectMembers else {
      throw error(
        at: root.position, "a route file must be a JSON object, found \(root.kindDescription)")
    }

    // The version first: a newer file may have keys this version does not know.
    guard let version = members.first(where: { $0.key == "version" })?.value else {
      throw error(
        at: root.position,
        "missing required key \"version\"; this tool reads version \(supportedVersionList)")
    }
    guard case .number(let number) = version.kind else {
      throw typeError("version", version, expected: "an integer")
    }
    guard let versionNumber = number.intValue, RouteFile.supportedVersions.contains(versionNumber)
    else {
      throw error(
        at: version.position,
        "unsupported route file version \(number.text); this tool reads version \(supportedVersionList)"
      )
    }

    for member in members where !Self.topLevelKeys.contains(member.key) {
      throw unknownKeyError(member, in: "in the route file", known: Self.topLevelKeys)
    }

    var options = RouteOptions()
    if let value = root["options"] {
      options = try decodeOptions(value)
    }

    guard let routesValue = root["routes"] else {
      throw error(at: root.position, "missing required key \"routes\" (an array of routes)")
    }
    guard let routeValues = routesValue.arrayElements else {
      throw typeError("routes", routesValue, expected: "an array of routes")
    }

    if let streamed, streamed.hasStarted {
      if let failure = streamed.failure { throw failure }
      return streamed.table
    }
    var table = RouteTable(options: options)
    try register(types, in: &table)
    var namePositions: [JSONPosition] = []
    for (index, routeValue) in routeValues.enumerated() {
      try decodeRoute(routeValue, number: index + 1, into: &table, namePositions: &namePositions)
    }
    return table
  }

  var supportedVersionList: String {
    RouteFile.supportedVersions.map(String.init).joined(separator: ", ")
  }

  func decodeOptions(_ value: JSONValue) throws(RouteFileError) -> RouteOptions {
    guard let members = value.objectMembers else {
      throw typeError("options", value, expected: "an object")
    }
    var options = RouteOptions()
    for member in members {
      let value = member.value
      switch member.key {
      case "hostAsPath":
        options.hostAsPath = try decodeHostAsPath(value)
      case "caseInsensitivePaths":
        guard case .bool(let flag) = value.kind else {
          throw typeError(member.key, value, expected: "true or false")
        }
        options.caseInsensitivePaths = flag
      case "plusAsSpace":
        guard case .bool(let flag) = value.kind else {
          throw typeError(member.key, value, expected: "true or false")
        }
        options.plusAsSpace = flag
      case "defaultScheme":
        switch value.kind {
        case .null:
          options.defaultScheme = nil
        case .string(let scheme):
          guard isScheme(scheme) else {
            throw error(
              at: value.position,
              "\"defaultScheme\" must be a URL scheme (a letter, then letters, digits, '+', '-' "
                + "or '.'), found \"\(JSONEscaping.escape(scheme))\"")
          }
          options.defaultScheme = scheme
        default:
          throw typeError(member.key, value, expected: "a scheme name or null")
        }
      case "acceptedOrigins":
        guard let elements = value.arrayElements else {
          throw typeError(member.key, value, expected: "an array of origins")
        }
        for element in elements {
          guard let text = element.stringValue else {
            throw error(
              at: element.position,
              "\"acceptedOrigins\" must hold strings (\"shop\", \"https://(www.)example.com\"), found \(element.kindDescription)"
            )
          }
          do {
            options.acceptedOrigins.append(try LinkOrigin(text))
          } catch {
            throw self.error(at: element.position, error.message)
          }
        }
      default:
        throw unknownKeyError(member, in: "in \"options\"", known: Self.optionKeys)
      }
    }
    return options
  }

  func decodeHostAsPath(_ value: JSONValue) throws(RouteFileError) -> HostAsPathPolicy {
    let expected = "\"customSchemes\", \"always\", \"never\" or an array of scheme names"
    switch value.kind {
    case .string("customSchemes"): return .customSchemes
    case .string("always"): return .always
    case .string("never"): return .never
    case .string(let other):
      throw error(
        at: value.position,
        "\"hostAsPath\" must be \(expected), found \"\(JSONEscaping.escape(other))\"")
    case .array(let elements):
      var schemes: [String] = []
      for element in elements {
        guard let scheme = element.stringValue else {
          throw error(
            at: element.position,
            "\"hostAsPath\" schemes must be strings, found \(element.kindDescription)")
        }
        guard isScheme(scheme) else {
          throw error(
            at: element.position,
            "\"hostAsPath\" schemes must be URL schemes (a letter, then letters, digits, '+', '-' "
              + "or '.'), found \"\(JSONEscaping.escape(scheme))\"")
        }
        schemes.append(scheme)
      }
      return .schemes(schemes)
    default:
      throw typeError("hostAsPath", value, expected: expected)
    }
  }

  /// Adds the route `value` to `table`; `namePositions` holds where each route's name is, by
  /// the route's index in the table.
  func decodeRoute(
    _ value: JSONValue, number: Int, into table: inout RouteTable,
    namePositions: inout [JSONPosition]
  ) throws(RouteFileError) {
    guard let members = value.objectMembers else {
      throw error(
        at: value.position,
        "each route must be an object with \"name\" and \"pattern\", found \(value.kindDescription)"
      )
    }
    // One pass finds the keys (an unknown one is refused as soon as it is met).
    var nameValue: JSONValue?
    var patternValue: JSONValue?
    var priorityValue: JSONValue?
    var metadataValue: JSONValue?
    for member in members {
      switch member.key {
      case "name": nameValue = member.value
      case "pattern": patternValue = member.value
      case "priority": priorityValue = member.value
      case "metadata": metadataValue = member.value
      default: throw unknownKeyError(member, in: "in a route", known: Self.routeKeys)
      }
    }

    guard let nameValue else {
      throw error(at: value.position, "route \(number) is missing required key \"name\"")
    }
    guard let name = nameValue.stringValue else {
      throw typeError("name", nameValue, expected: "a string")
    }
    guard !name.isEmpty else {
      throw error(at: nameValue.position, "a route name must not be empty")
    }
    // Only messages need it.
    var quotedName: String { "\"\(JSONEscaping.escape(name))\"" }
    // A name already used is the first problem of a route after its name. The table finds it
    // when the route is added (hashing the name once); a problem found before that is
    // reported only once the name is known not to be taken.
    func duplicateNameError() -> RouteFileError? {
      guard let earlier = table.position(named: name) else { return nil }
      let first = namePositions[earlier]
      return error(
        at: nameValue.position,
        "duplicate route name \(quotedName) (first used at \(first.line):\(first.column))")
    }
    let priority: Int
    let metadata: RouteMetadata
    let pattern: String
    do {
      (pattern, priority, metadata) = try decodeRouteRest(
        patternValue: patternValue, priorityValue: priorityValue, metadataValue: metadataValue,
        route: value, quotedName: quotedName)
    } catch {
      throw duplicateNameError() ?? error
    }

    do {
      try table.append(name, pattern, priority: priority, metadata: metadata)
      namePositions.append(nameValue.position)
    } catch {
      if error.code == .duplicateName, let duplicate = duplicateNameError() { throw duplicate }
      if let patternError = error.patternError, let patternValue {
        // Point at the offending character when the string's text is the pattern verbatim.
        let column =
          patternValue.hasEscapes
          ? patternValue.position.column : patternValue.position.column + patternError.column
        throw RouteFileError(
          file: file, line: patternValue.position.line, column: column,
          message: "invalid pattern for route \(quotedName): \(patternError.message)",
          patternError: patternError)
      }
      throw self.error(at: nameValue.position, "route \(quotedName): \(error.message)")
    }
  }

  /// The pattern, priority and metadata of a route whose name was read, or the first problem
  /// with them.
  func decodeRouteRest(
    patternValue: JSONValue?, priorityValue: JSONValue?, metadataValue: JSONValue?,
    route value: JSONValue, quotedName quoted: @autoclosure () -> String
  ) throws(RouteFileError) -> (String, Int, RouteMetadata) {
    // Only messages need it.
    var quotedName: String { quoted() }

    guard let patternValue else {
      throw error(at: value.position, "route \(quotedName) is missing required key \"pattern\"")
    }
    guard let pattern = patternValue.stringValue else {
      throw typeError("pattern", patternValue, expected: "a string")
    }

    var priority = 0
    if let priorityValue {
      guard case .number(let number) = priorityValue.kind, number.isIntegerLiteral else {
        let found =
          if case .number(let number) = priorityValue.kind {
            "\(number.text)"
          } else {
            priorityValue.kindDescription
          }
        throw error(
          at: priorityValue.position, "\"priority\" must be an integer, found \(found)")
      }
      guard let integer = number.intValue else {
        throw error(at: priorityValue.position, "priority \(number.text) is out of range")
      }
      priority = integer
    }

    var metadata = RouteMetadata()
    if let metadataValue {
      guard let members = metadataValue.objectMembers else {
        throw typeError("metadata", metadataValue, expected: "an object")
      }
      for member in members {
        let entry = member.value
        // The routers' own keys are read as their types, and refused with any other.
        switch member.key {
        case "gates":
          metadata[.gates] = try decodeGates(entry)
          continue
        case "holdPolicy":
          metadata[.holdPolicy] = try decodeHoldPolicy(entry)
          continue
        default:
          // A router's own key misspelt would be kept as a plain value, and the route would
          // go ungated without a word: a key that differs from one only in case is refused,
          // and so is a near miss whose value no plain key may have (a list or an object).
          if let suggestion = closestMatch(to: member.key, in: Self.routerMetadataKeys),
            member.key.lowercased() == suggestion.lowercased()
              || entry.arrayElements != nil || entry.objectMembers != nil
          {
            throw error(
              at: member.keyPosition,
              "unknown metadata key \"\(JSONEscaping.escape(member.key))\"; did you mean \"\(suggestion)\"?"
            )
          }
        }
        switch entry.kind {
        case .string(let text): metadata[name: member.key] = text
        case .bool(let flag): metadata[name: member.key] = flag
        case .number(let number):
          if let integer = number.intValue {
            metadata[name: member.key] = integer
          } else if let double = number.doubleValue, double.isFinite {
            metadata[name: member.key] = double
          } else {
            throw error(at: entry.position, "metadata value \(number.text) is out of range")
          }
        default:
          throw error(
            at: entry.position,
            "metadata values must be strings, numbers or booleans, found \(entry.kindDescription)"
          )
        }
      }
    }

    return (pattern, priority, metadata)
  }

  static let holdPolicyKeys = ["timeout", "repeats", "capacity", "coalescingWindow"]

  /// The metadata keys the routers read as their own types.
  static let routerMetadataKeys = ["gates", "holdPolicy"]

  /// `"gates": ["signedIn", "migrated"]`: the gates a route needs open, by name.
  func decodeGates(_ value: JSONValue) throws(RouteFileError) -> Set<Gate> {
    guard let elements = value.arrayElements else {
      throw typeError("gates", value, expected: "a list of gate names")
    }
    var gates: Set<Gate> = []
    for element in elements {
      guard let name = element.stringValue else {
        throw error(
          at: element.position,
          "each of \"gates\" must be a gate name (a string), found \(element.kindDescription)")
      }
      guard !name.isEmpty else {
        throw error(at: element.position, "a gate name must not be empty")
      }
      gates.insert(Gate(name))
    }
    return gates
  }

  /// `"holdPolicy": {"timeout": 10, "repeats": "keepLatest", "capacity": 5,
  /// "coalescingWindow": 0.5}`: a route's own hold policy (times in seconds, `null` for none;
  /// a key left out keeps `HoldPolicy`'s default).
  func decodeHoldPolicy(_ value: JSONValue) throws(RouteFileError) -> HoldPolicy {
    guard let members = value.objectMembers else {
      throw typeError("holdPolicy", value, expected: "an object")
    }
    var policy = HoldPolicy()
    for member in members {
      let entry = member.value
      switch member.key {
      case "timeout": policy.timeout = try decodeSeconds("timeout", entry)
      case "coalescingWindow":
        policy.coalescingWindow = try decodeSeconds("coalescingWindow", entry)
      case "repeats":
        switch entry.kind {
        case .string("keepAll"): policy.repeats = .keepAll
        case .string("keepLatest"): policy.repeats = .keepLatest
        case .string("keepFirst"): policy.repeats = .keepFirst
        default:
          throw typeError(
            "repeats", entry, expected: "\"keepAll\", \"keepLatest\" or \"keepFirst\"")
        }
      case "capacity":
        switch entry.kind {
        case .null: policy.capacity = nil
        case .number(let number) where number.intValue.map { $0 >= 0 } ?? false:
          policy.capacity = number.intValue
        default:
          throw typeError("capacity", entry, expected: "a non-negative integer or null")
        }
      default:
        throw unknownKeyError(member, in: "in a hold policy", known: Self.holdPolicyKeys)
      }
    }
    return policy
  }

  /// A duration in seconds (`null` for none).
  func decodeSeconds(_ key: String, _ value: JSONValue) throws(RouteFileError) -> Duration? {
    switch value.kind {
    case .null: return nil
    case .number(let number):
      if let seconds = number.doubleValue, seconds.isFinite, seconds >= 0,
        seconds <= Double(Int32.max)
      {
        return .seconds(seconds)
      }
      throw error(
        at: value.position, "\"\(key)\" must be a number of seconds from 0, found \(number.text)")
    default:
      throw typeError(key, value, expected: "a number of seconds or null")
    }
  }
}
