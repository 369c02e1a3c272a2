import Switchyard

/// One difference between an app-link file and a route table, found by `verify`.
///
/// ```swift
/// for drift in file.verify(against: table, host: "example.com") { print(drift) }
/// // the file lets in https://example.com/old/7, which no route handles
/// // route "profile": the file does not let in https://example.com/@x
/// ```
public struct AppLinkDrift: Sendable, Hashable, CustomStringConvertible {
  /// What kind of difference: one of the static members below, compared with `==` or in a
  /// `switch` (which needs a `default`: a later release may add kinds, as `verify` learns new
  /// checks). It prints as its name.
  ///
  /// ```swift
  /// for drift in file.verify(against: table, host: "example.com") {
  ///   switch drift.kind {
  ///   case .routeNotLetIn: print("add", drift.url, "to the file")
  ///   default: print(drift.kind, drift)   // e.g. "unhandledLink the file lets in …"
  ///   }
  /// }
  /// ```
  public struct Kind: Sendable, Hashable, CustomStringConvertible {
    fileprivate enum Name: String, Sendable, Hashable {
      case unhandledLink, webOnlyLink, routeNotLetIn, notVerified
    }

    fileprivate let name: Name

    private init(_ name: Name) { self.name = name }

    /// The file lets the URL into the app, and no route handles it.
    public static let unhandledLink = Kind(.unhandledLink)
    /// The file lets the URL into the app, and a web-only route wins it.
    public static let webOnlyLink = Kind(.webOnlyLink)
    /// A route handles the URL, and the file keeps it out of the app.
    public static let routeNotLetIn = Kind(.routeNotLetIn)
    /// A route handles the `https` URL and intent filters let it in, but none of those filters
    /// has `android:autoVerify="true"` where the exported ones do: Android 12 and later open
    /// such a link in the browser unless the user approves the app for the domain.
    public static let notVerified = Kind(.notVerified)

    /// The name, as written after the dot: `routeNotLetIn`.
    public var description: String { name.rawValue }
  }

  /// What kind of difference this is.
  public var kind: Kind
  /// A URL that shows the difference.
  public var url: String
  /// The route that handles the URL (for ``Kind/webOnlyLink`` and ``Kind/routeNotLetIn``).
  public var routeName: String?

  package init(kind: Kind, url: String, routeName: String?) {
    self.kind = kind
    self.url = url
    self.routeName = routeName
  }

  public var description: String {
    switch kind.name {
    case .unhandledLink:
      return "the file lets in \(url), which no route handles"
    case .webOnlyLink:
      return "the file lets in \(url), which the web-only route \"\(routeName ?? "")\" handles"
    case .routeNotLetIn:
      return "route \"\(routeName ?? "")\": the file does not let in \(url)"
    case .notVerified:
      return
        "route \"\(routeName ?? "")\": no filter that lets in \(url) has "
        + "android:autoVerify=\"true\", so Android 12 and later open it in the browser"
    }
  }
}

/// Compares what a file lets in with what the router handles, on probe URLs.
struct AppLinkComparison {
  let matcher: RouteMatcher
  let webOnly: Set<String>
  /// What the file under test lets in.
  let file: (String) -> Bool
  /// What the file `export` would write lets in (the documented superset).
  let generated: (String) -> Bool

  /// Each probe whose answer differs both from the router's and from the generated file's.
  func drifts(_ probes: [String]) -> [AppLinkDrift] {
    var seen = Set<String>()
    var drifts: [AppLinkDrift] = []
    for url in probes where seen.insert(url).inserted {
      let winner = matcher.match(url)?.route.name
      let expected = winner.map { !webOnly.contains($0) } ?? false
      let actual = file(url)
      if actual == expected || actual == generated(url) { continue }
      if actual {
        drifts.append(
          AppLinkDrift(
            kind: winner == nil ? .unhandledLink : .webOnlyLink, url: url, routeName: winner))
      } else {
        drifts.append(AppLinkDrift(kind: .routeNotLetIn, url: url, routeName: winner))
      }
    }
    return drifts
  }
}
