/// Why a URL could not be built from a route and values (<doc:BuildingURLs>).
///
/// The ``description`` is one stable line that names the route and, where there is one, the
/// capture:
///
/// ```swift
/// do {
///   _ = try table.url(for: "user", values: ["id": "abc"])
/// } catch {
///   error.code         // .invalidValue
///   error.routeName    // "user"
///   error.captureName  // "id"
///   print(error)       // route 'user': value "abc" for capture 'id' is not a valid int
/// }
/// ```
public struct URLBuildingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem this is: one of the static members below, compared with `==` or in a
  /// `switch` (which needs a `default`: a later release may add codes). It prints as its name.
  ///
  /// ```swift
  /// switch error.code {
  /// case .missingValue, .invalidValue: print("fix capture", error.captureName ?? "")
  /// default: print(error.code, error)   // e.g. "hostRequired route 'user': ..."
  /// }
  /// ```
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    private enum Name: String, Sendable, Hashable {
      case unknownRoute, missingValue, invalidValue, partialGroup, hostRequired, hostMismatch,
        invalidHost, schemeMismatch, invalidScheme, queryConflict, ambiguous, invalidPattern
    }

    private let name: Name

    private init(_ name: Name) { self.name = name }

    /// No route has the name (the message suggests the closest one).
    public static let unknownRoute = Code(.unknownRoute)
    /// A capture the URL needs has no value.
    public static let missingValue = Code(.missingValue)
    /// A value that its capture does not accept (`"abc"` for `<int:id>`, an empty path
    /// segment, a list for a capture, a number that is not finite).
    public static let invalidValue = Code(.invalidValue)
    /// An optional group with some of its captures given and some not.
    public static let partialGroup = Code(.partialGroup)
    /// The route's host is a wildcard and no host was given.
    public static let hostRequired = Code(.hostRequired)
    /// The given host is not one the route's host pattern accepts, or the route's scheme
    /// reads its host as a path segment.
    public static let hostMismatch = Code(.hostMismatch)
    /// The given host is not a host name (it holds `/`, a space, `@`, …).
    public static let invalidHost = Code(.invalidHost)
    /// The given scheme is not one the route answers.
    public static let schemeMismatch = Code(.schemeMismatch)
    /// The given scheme is not a scheme (`[A-Za-z][A-Za-z0-9+.-]*`).
    public static let invalidScheme = Code(.invalidScheme)
    /// A value with no capture names a query key the pattern fixes.
    public static let queryConflict = Code(.queryConflict)
    /// The URL these values give would not match the route back with them: it would match
    /// with other values (two captures that a URL cannot tell apart, such as two adjacent
    /// optional captures), or another route of the table wins it (`/category/:slug` built
    /// with `"4"` when `/category/<int:id>` is also a route; the message names the winner).
    public static let ambiguous = Code(.ambiguous)
    /// The route's pattern cannot be read (a typed route whose `routePattern` has
    /// a syntax error: `SwitchyardMigration`'s `Routable`).
    public static let invalidPattern = Code(.invalidPattern)

    /// The name, as written after the dot: `unknownRoute`.
    public var description: String { name.rawValue }
  }

  /// What kind of problem this is.
  public var code: Code
  /// The route concerned (for ``Code/unknownRoute``, the name that was asked for).
  public var routeName: String
  /// The capture (or query name) concerned, if any.
  public var captureName: String?
  /// What is wrong, without the route: `value "abc" for capture 'id' is not a valid int`.
  public var message: String

  /// Creates an error.
  package init(code: Code, routeName: String, captureName: String? = nil, message: String) {
    self.code = code
    self.routeName = routeName
    self.captureName = captureName
    self.message = message
  }

  /// `route 'NAME': MESSAGE`, or for an unknown route the message alone.
  public var description: String {
    code == .unknownRoute ? message : "route '\(routeName)': \(message)"
  }
}
