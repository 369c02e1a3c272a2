import Switchyard

/// An `apple-app-site-association` file's universal-link part (`applinks`): which apps may open
/// which URLs of the domain that serves the file.
///
/// Build one from a route table with ``export(_:appIDs:host:webOnly:comments:)``, write it with
/// ``json``, read one with ``init(json:)``, and ask what it lets in with ``opens(_:appID:)``
/// (Apple's component matching, as the article "One Table for iOS, Android, and the Web" in the
/// README restates it).
///
/// ```swift
/// let file = try AppleAppSiteAssociation(json: text)
/// file.opens("https://example.com/@jane")  // true when a component lets it in
/// ```
public struct AppleAppSiteAssociation: Sendable, Hashable {
  /// One entry of `applinks.details`: the apps and the components they handle.
  public struct Detail: Sendable, Hashable {
    /// `TEAMID.BUNDLEID` identifiers (`appIDs`, or the older single `appID`).
    public var appIDs: [String]
    /// The components, tried in order: the first that matches decides.
    public var components: [Component]
    /// `defaults.caseSensitive` (Apple's default: `true`).
    public var caseSensitive: Bool?
    /// `defaults.percentEncoded` (Apple's default: `true`).
    public var percentEncoded: Bool?

    public init(
      appIDs: [String], components: [Component], caseSensitive: Bool? = nil,
      percentEncoded: Bool? = nil
    ) {
      self.appIDs = appIDs
      self.components = components
      self.caseSensitive = caseSensitive
      self.percentEncoded = percentEncoded
    }
  }

  /// One component: patterns for the path (`/`), the query (`?`) and the fragment (`#`). A
  /// missing pattern matches anything.
  public struct Component: Sendable, Hashable {
    /// The `?` key: one pattern for the whole query, or a pattern per query item name.
    public enum Query: Sendable, Hashable {
      case pattern(String)
      case items([(name: String, pattern: String)])

      public static func == (lhs: Query, rhs: Query) -> Bool {
        switch (lhs, rhs) {
        case (.pattern(let a), .pattern(let b)): return a == b
        case (.items(let a), .items(let b)):
          return a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
        default: return false
        }
      }

      public func hash(into hasher: inout Hasher) {
        switch self {
        case .pattern(let pattern): hasher.combine(pattern)
        case .items(let items):
          for item in items {
            hasher.combine(item.name)
            hasher.combine(item.pattern)
          }
        }
      }
    }

    public var path: String?
    public var query: Query?
    public var fragment: String?
    /// A matching URL must *not* open the app.
    public var exclude: Bool
    public var caseSensitive: Bool?
    public var percentEncoded: Bool?
    public var comment: String?

    public init(
      path: String? = nil, query: Query? = nil, fragment: String? = nil, exclude: Bool = false,
      caseSensitive: Bool? = nil, percentEncoded: Bool? = nil, comment: String? = nil
    ) {
      self.path = path
      self.query = query
      self.fragment = fragment
      self.exclude = exclude
      self.caseSensitive = caseSensitive
      self.percentEncoded = percentEncoded
      self.comment = comment
    }
  }

  /// The `applinks.details` entries, in order.
  public var details: [Detail]
  /// `applinks.defaults.caseSensitive`: the default for every detail that sets none (Apple's
  /// default: `true`).
  public var caseSensitive: Bool?
  /// `applinks.defaults.percentEncoded`: the default for every detail that sets none (Apple's
  /// default: `true`).
  public var percentEncoded: Bool?
  /// `applinks.substitutionVariables`: each name's values, which `$(name)` in a component's
  /// pattern stands for (any one of them). Apple's predefined variables (`$(alpha)`,
  /// `$(digit)`, `$(region)`, …) need no entry.
  ///
  /// ```swift
  /// var file = AppleAppSiteAssociation(details: [
  ///   .init(appIDs: ["ABCDE12345.com.example.app"], components: [.init(path: "/$(food)/*")])
  /// ])
  /// file.substitutionVariables = ["food": ["pizza", "sushi"]]
  /// file.opens("https://example.com/pizza/7")  // true
  /// ```
  public var substitutionVariables: [String: [String]]

  public init(
    details: [Detail], caseSensitive: Bool? = nil, percentEncoded: Bool? = nil,
    substitutionVariables: [String: [String]] = [:]
  ) {
    self.details = details
    self.caseSensitive = caseSensitive
    self.percentEncoded = percentEncoded
    self.substitutionVariables = substitutionVariables
  }

  /// The variables as the matcher reads them.
  var variables: AppleVariables { AppleVariables(values: substitutionVariables) }

  /// The `caseSensitive` and `percentEncoded` that apply to `component` of `detail`: its own,
  /// else the detail's defaults, else the file's (`applinks.defaults`), else `true`.
  func settings(_ component: Component, in detail: Detail) -> (
    caseSensitive: Bool, percentEncoded: Bool
  ) {
    (
      component.caseSensitive ?? detail.caseSensitive ?? caseSensitive ?? true,
      component.percentEncoded ?? detail.percentEncoded ?? percentEncoded ?? true
    )
  }

  // MARK: Matching

  /// Whether the file lets `url` into the app `appID` (or into any app it names, for `nil`).
  ///
  /// The first detail that names the app is used; its components are tried in order and the
  /// first whose path, query and fragment patterns all match decides: an `exclude` component
  /// keeps the URL on the web, any other opens the app. When none matches, the URL stays on
  /// the web.
  ///
  /// ```swift
  /// file.opens("https://example.com/articles/7", appID: "ABCDE12345.com.example.app")
  /// ```
  public func opens(_ url: String, appID: String? = nil) -> Bool {
    let link = LinkURLReader.standard.read(url)
    var seen = Set<String>()
    for detail in details {
      let ids = detail.appIDs.filter { appID == nil || $0 == appID }
      // An app that an earlier detail already named is decided there.
      if ids.isEmpty || ids.allSatisfy({ seen.contains($0) }) {
        continue
      }
      seen.formUnion(ids)
      let variables = self.variables
      if let component = detail.components.first(where: {
        let settings = self.settings($0, in: detail)
        return $0.matches(
          link, caseSensitive: settings.caseSensitive, percentEncoded: settings.percentEncoded,
          variables: variables)
      }),
        !component.exclude
      {
        return true
      }
    }
    return false
  }
}

extension AppleAppSiteAssociation.Component {
  /// Whether the component's patterns all match `link` (paths as iOS reads them: every `/`
  /// kept, so `/a/` is not `/a`).
  func matches(
    _ link: LinkURL, caseSensitive: Bool, percentEncoded: Bool, variables: AppleVariables
  ) -> Bool {
    func test(_ pattern: String?, _ text: String) -> Bool {
      guard let pattern else { return true }
      if pattern.contains("$(") {
        return AppleVariablePattern(pattern, variables: variables).matches(
          text, caseSensitive: caseSensitive)
      }
      return AppleWildcard(pattern).matches(text, caseSensitive: caseSensitive)
    }
    guard test(path, percentEncoded ? link.encodedPathAsWritten : link.decodedPathAsWritten) else {
      return false
    }
    switch query {
    case nil: break
    case .pattern(let pattern):
      let text =
        percentEncoded
        ? (link.rawQuery ?? "")
        : link.query.map { $0.value.isEmpty ? $0.name : $0.name + "=" + $0.value }.joined(
          separator: "&")
      guard test(pattern, text) else { return false }
    case .items(let items):
      for item in items {
        let values = link.query.filter { $0.name == item.name }.map(\.value)
        let written =
          percentEncoded
          ? values.map { Switchyard.percentEncoded($0, allowing: LinkText.querySafe) } : values
        guard written.contains(where: { test(item.pattern, $0) }) else { return false }
      }
    }
    let fragmentText = link.fragment ?? ""
    return test(
      fragment,
      percentEncoded
        ? Switchyard.percentEncoded(fragmentText, allowing: LinkText.fragmentSafe) : fragmentText)
  }
}
