/// One short link as the service stores it: the code, where it points and what its preview
/// shows.
///
/// ```swift
/// let record = LinkRecord(
///   code: "Ab3dE9xQ", url: "myapp://user/42", route: "user", values: [("id", "42")],
///   created: 1_800_000_000)
/// record.isExpired(at: 1_800_000_001)  // false
/// ```
public struct LinkRecord: Sendable, Hashable {
  /// The code after the prefix (`[A-Za-z0-9_-]{1,64}`).
  public var code: String
  /// The long URL: one a route of the table handles.
  public var url: String
  /// The name of the route that handles `url`.
  public var route: String
  /// The route's captures in `url`, in the order the match reports them.
  public var values: [LinkValue]
  /// The preview's title (`nil`: the route's default).
  public var title: String?
  /// The preview's description.
  public var description: String?
  /// The preview's image, an `https` URL.
  public var image: String?
  /// When the link stops working, in seconds since 1970 (UTC); `nil`: never.
  public var expires: Int64?
  /// When the link was minted, in seconds since 1970 (UTC).
  public var created: Int64

  /// Creates a record.
  ///
  /// ```swift
  /// LinkRecord(code: "summer", url: "https://example.com/articles/7", route: "article",
  ///            values: [("id", "7")], created: 0)
  /// ```
  public init(
    code: String, url: String, route: String, values: [(String, String)],
    title: String? = nil, description: String? = nil, image: String? = nil,
    expires: Int64? = nil, created: Int64
  ) {
    self.code = code
    self.url = url
    self.route = route
    self.values = values.map { LinkValue(name: $0.0, value: $0.1) }
    self.title = title
    self.description = description
    self.image = image
    self.expires = expires
    self.created = created
  }

  /// Whether the link has expired at `now` (seconds since 1970): its expiry is at or before
  /// `now`.
  ///
  /// ```swift
  /// LinkRecord(code: "a", url: "myapp://home", route: "home", values: [], expires: 10,
  ///            created: 0).isExpired(at: 10)  // true
  /// ```
  public func isExpired(at now: Int64) -> Bool {
    expires.map { $0 <= now } ?? false
  }
}

/// A capture of a link's long URL: its name and its decoded text.
///
/// ```swift
/// LinkValue(name: "id", value: "42")
/// ```
public struct LinkValue: Sendable, Hashable {
  /// The capture's name.
  public var name: String
  /// The capture's decoded text.
  public var value: String

  /// Creates a value.
  ///
  /// ```swift
  /// LinkValue(name: "slug", value: "hello-world")
  /// ```
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}
