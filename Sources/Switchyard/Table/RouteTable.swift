/// One registered route: a name, a pattern, a priority and its place in registration order.
///
/// ```swift
/// let route = try table.add("search", "/search/:term", priority: 1)
/// route.name                 // "search"
/// route.pattern.captureNames // ["term"]
/// route.index                // its position in registration order
/// ```
public struct Route: Sendable, Hashable, CustomStringConvertible {
  /// The route's unique name in its table.
  public let name: String
  /// The parsed pattern.
  public private(set) var pattern: RoutePattern
  /// Explicit priority: higher wins before any other rule (<doc:Precedence>). Default 0.
  public let priority: Int
  /// The position in registration order, from 0.
  public let index: Int
  /// The app's own facts about the route (<doc:MetadataAndContext>): empty unless given when the
  /// route was added.
  public internal(set) var metadata = RouteMetadata()
  /// What building its URLs needs, made once (`Building/BuildPlan.swift`); no part of its value.
  let buildPlan = BuildPlanSlot()

  public var description: String { "\(name) \(pattern.text)" }

  /// This route with its pattern compacted (see `RoutePattern.compacted()`), as a matcher keeps
  /// it. It shares the route's build plan: the plan depends on the pattern only.
  func compacted() -> Route {
    var copy = self
    copy.pattern = pattern.compacted()
    return copy
  }
}

/// Why a route or a type could not be added to a ``RouteTable``. Nothing is half-added.
///
/// ```swift
/// do {
///   try table.add("user", "/users/<int:id")
/// } catch {
///   error.code          // .badPattern
///   error.patternError  // column 15: expected '>' to close the capture opened at column 8
///   print(error)        // the message, then the pattern with a caret under the column
/// }
/// ```
public struct RouteTableError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem this is: one of the static members below, compared with `==` or in a
  /// `switch` (which needs a `default`: a later release may add codes). It prints as its name.
  ///
  /// ```swift
  /// switch error.code {
  /// case .duplicateName: print("rename", error.routeName ?? "")
  /// case .badPattern: print(error.patternError!)
  /// default: print(error.code, error.message)   // e.g. "badOrigin ..."
  /// }
  /// ```
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    private enum Name: String, Sendable, Hashable {
      case emptyName, duplicateName, badPattern, duplicateType, badTypeName, tooManyTypes,
        badOrigin, noPattern, duplicateRoute, optionsDiffer
    }

    private let name: Name

    private init(_ name: Name) { self.name = name }

    /// A route name that is empty.
    public static let emptyName = Code(.emptyName)
    /// A route name already in the table.
    public static let duplicateName = Code(.duplicateName)
    /// A pattern with a syntax error (see ``RouteTableError/patternError``).
    public static let badPattern = Code(.badPattern)
    /// A parameter type whose name is already taken.
    public static let duplicateType = Code(.duplicateType)
    /// A parameter type name that is not `[A-Za-z_][A-Za-z0-9_]*`.
    public static let badTypeName = Code(.badTypeName)
    /// More than 250 registered types (see <doc:Limits>).
    public static let tooManyTypes = Code(.tooManyTypes)
    /// A ``LinkOrigin`` that is not a scheme with an optional host.
    public static let badOrigin = Code(.badOrigin)
    /// A typed route (`Routable`, in `SwitchyardMigration`) that declares no path, host, scheme or URI.
    public static let noPattern = Code(.noPattern)
    /// A route registered on a router that matches exactly the same URLs, with the same
    /// precedence, as one the router has: it could never win (`lint` calls such a pair a
    /// duplicate). A ``RouteTable`` keeps such a route, so that lint can report it.
    public static let duplicateRoute = Code(.duplicateRoute)
    /// A ``Routes`` type that declares its options (`@Routes(accepting: […])`) registered on a
    /// router that reads links with other options: its routes would answer links the type
    /// refuses. Make the router with the type's options:
    /// `Router<Screen>(options: AppLink.routeTable.options)`.
    public static let optionsDiffer = Code(.optionsDiffer)

    /// The name, as written after the dot: `emptyName`.
    public var description: String { name.rawValue }
  }

  /// What kind of problem this is.
  public var code: Code
  /// The route concerned, if any.
  public var routeName: String?
  /// The syntax error, for ``Code/badPattern``.
  public var patternError: PatternSyntaxError?
  /// One line that says what is wrong.
  public var message: String

  public var description: String {
    if let patternError { return "\(message)\n" + patternError.caretLines }
    return message
  }
}

extension RouteTableError {
  /// An error of `code` about the route named `routeName` (the package's other modules throw
  /// them too: `SwitchyardMigration`'s typed routes).
  package init(code: Code, routeName: String?, message: String) {
    self.init(code: code, routeName: routeName, patternError: nil, message: message)
  }
}

/// The routes of an app or a server, in registration order, with the options that read them.
///
/// A table is a value: build it, then compile it into a ``RouteMatcher``. Adding a route
/// parses its pattern at once and throws on any problem, so a table never holds a bad route.
///
/// ```swift
/// var table = RouteTable()
/// try table.add("user", "myapp://user/<int:id>")
/// try table.add("post", "https://(www.)example.com/post/:id")
/// let matcher = RouteMatcher(table)
/// matcher.match("myapp://user/42")?.route.name  // "user"
/// ```
public struct RouteTable: Sendable {
  /// The options every pattern of the table is read with (fixed when the table is made).
  public let options: RouteOptions
  /// The routes in registration order.
  public private(set) var routes: [Route] = []
  /// The registered capture types, in registration order.
  package private(set) var parameterTypes: [ParameterType] = []
  /// Route positions by the hash of their name (a lookup confirms the name), so adding stays
  /// O(1) in the table's size. Cheaper than a `[String: Int]`: it keeps the hashes, so growing
  /// hashes nothing again, and adding a route hashes its name once.
  private var positions = IntegerTable()
  /// The literal segments of the patterns added, each kept once (see `LiteralPool`).
  private var literals = LiteralPool(sharing: true)
  /// Where the table compiled is kept once made (the first time a URL is built, to check that
  /// no other route wins it); shared by copies, and every change to the table starts a new one.
  private(set) var compiledSlot = KeptObjectSlot()

  /// The most capture types one table can register: `UInt8.max` minus the built-in types,
  /// since a capture's type is stored in one byte of the compiled matcher.
  package static let maximumParameterTypes = CaptureType.maximumRegistered

  /// Creates an empty table.
  public init(options: RouteOptions = RouteOptions()) {
    self.options = options
  }

  /// Registers a capture type for the patterns added after it.
  ///
  /// ```swift
  /// try table.register(ParameterType("hex") { $0.allSatisfy(\.isHexDigit) })
  /// try table.add("color", "/color/<hex:value>")
  /// ```
  /// - Throws: ``RouteTableError`` when the name is taken or is not a valid name.
  public mutating func register(_ type: ParameterType) throws(RouteTableError) {
    let bytes = Array(type.name.utf8)
    guard let first = bytes.first, isAlpha(first) || first == UInt8(ascii: "_"),
      bytes.allSatisfy(isNameByte)
    else {
      throw RouteTableError(
        code: .badTypeName, message: "'\(type.name)' is not a valid type name")
    }
    guard CaptureType.builtin(named: type.name) == nil,
      !parameterTypes.contains(where: { $0.name == type.name })
    else {
      throw RouteTableError(
        code: .duplicateType, message: "a capture type named '\(type.name)' already exists")
    }
    guard parameterTypes.count < RouteTable.maximumParameterTypes else {
      throw RouteTableError(
        code: .tooManyTypes,
        message: "a table can register at most \(RouteTable.maximumParameterTypes) capture types")
    }
    parameterTypes.append(type)
    compiledSlot = KeptObjectSlot()
  }

  /// Adds a route at the end of the registration order.
  ///
  /// ```swift
  /// try table.add("search", "/search/:term", priority: 1)
  /// ```
  /// - Parameters:
  ///   - name: A non-empty name, unique in the table.
  ///   - pattern: The pattern (<doc:PatternSyntax>).
  ///   - priority: Higher priorities win first. Default 0.
  ///   - metadata: The app's own facts about the route (<doc:MetadataAndContext>).
  /// - Returns: The route as added.
  /// - Throws: ``RouteTableError`` for an empty or taken name or a pattern syntax error.
  @discardableResult
  public mutating func add(
    _ name: String, _ pattern: String, priority: Int = 0,
    metadata: RouteMetadata = RouteMetadata()
  ) throws(RouteTableError) -> Route {
    try append(name, pattern, priority: priority, metadata: metadata)
    return routes[routes.count - 1]
  }

  /// Adds a route as ``add(_:_:priority:metadata:)`` does, without handing back a copy of it
  /// (a route file reader adds every route of the file and needs none of them).
  ///
  /// ```swift
  /// try table.append("search", "/search/:term", priority: 1, metadata: RouteMetadata())
  /// ```
  package mutating func append(
    _ name: String, _ pattern: String, priority: Int, metadata: RouteMetadata
  ) throws(RouteTableError) {
    guard !name.isEmpty else {
      throw RouteTableError(code: .emptyName, message: "a route name must not be empty")
    }
    let nameHash = Self.hash(name)
    guard position(of: name, hash: nameHash) == nil else {
      throw RouteTableError(
        code: .duplicateName, routeName: name,
        message: "a route named '\(name)' already exists")
    }
    let parsed: RoutePattern
    if let underOrigins = try RouteTable.readUnderOrigins(
      pattern, name: name, options: options, types: parameterTypes)
    {
      parsed = underOrigins
    } else {
      do {
        parsed = try RoutePattern(
          pattern, options: options, types: parameterTypes, pool: &literals)
      } catch {
        throw RouteTableError(
          code: .badPattern, routeName: name, patternError: error,
          message: "route '\(name)': \(error.message) (column \(error.column))")
      }
    }
    positions.insert(nameHash, Int32(routes.count))
    compiledSlot = KeptObjectSlot()
    routes.append(
      Route(
        name: name, pattern: parsed, priority: priority, index: routes.count, metadata: metadata))
  }

  /// Removes the route named `name`; later routes keep their relative order.
  ///
  /// - Returns: The removed route, or `nil` if there was none.
  @discardableResult
  public mutating func remove(_ name: String) -> Route? {
    guard let position = position(of: name, hash: Self.hash(name)) else { return nil }
    let removed = routes.remove(at: position)
    compiledSlot = KeptObjectSlot()
    for index in position..<routes.count {
      let route = routes[index]
      routes[index] = Route(
        name: route.name, pattern: route.pattern, priority: route.priority, index: index,
        metadata: route.metadata)
    }
    rebuildPositions()
    return removed
  }

  /// The route named `name`.
  public func route(named name: String) -> Route? {
    position(of: name, hash: Self.hash(name)).map { routes[$0] }
  }

  /// The position in ``routes`` of the route named `name`, without copying the route (a route
  /// file reader checks every name it reads).
  package func position(named name: String) -> Int? {
    position(of: name, hash: Self.hash(name))
  }

  /// A table of routes already read (by a router's registry), renumbered in the given order:
  /// nothing is parsed again.
  init(options: RouteOptions, types: [ParameterType], reading routes: [Route]) {
    self.options = options
    self.parameterTypes = types
    self.routes = routes.enumerated().map { position, route in
      Route(
        name: route.name, pattern: route.pattern, priority: route.priority, index: position,
        metadata: route.metadata)
    }
    rebuildPositions()
  }

  /// The position of the route named `name`, whose hash is `hash`.
  private func position(of name: String, hash: UInt64) -> Int? {
    positions.find(hash) { routes[Int($0)].name == name }.map { Int($0) }
  }

  /// Every route's position, from the routes (after a removal renumbers them).
  private mutating func rebuildPositions() {
    positions = IntegerTable()
    for (position, route) in routes.enumerated() {
      positions.insert(Self.hash(route.name), Int32(position))
    }
  }

  /// The name's hash as `String` hashes it, so that names that are equal as strings (written
  /// with composed or decomposed accents) are one name, as they always were.
  private static func hash(_ name: String) -> UInt64 {
    UInt64(bitPattern: Int64(name.hashValue))
  }
}
