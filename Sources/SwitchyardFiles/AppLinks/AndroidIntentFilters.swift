import Switchyard

/// Android intent filters for links: the `<intent-filter>` elements (action `VIEW`, category
/// `BROWSABLE`) that let URLs into an app, with what Android compares them on.
///
/// Build them from a route table with ``export(_:packageName:hosts:)``, write them with
/// ``xml``, read them from a manifest or an exported file with ``init(xml:)``, and ask what they
/// let in with ``opens(_:)``.
///
/// ```swift
/// let filters = try AndroidIntentFilters(xml: manifestText)
/// filters.opens("https://example.com/@jane")
/// ```
public struct AndroidIntentFilters: Sendable, Hashable {
  /// The package the filters are for, when known (`package` on the root element).
  public var packageName: String?
  /// The filters, in document order.
  public var filters: [AndroidIntentFilter]

  public init(packageName: String? = nil, filters: [AndroidIntentFilter]) {
    self.packageName = packageName
    self.filters = filters
  }

  /// Whether some filter lets `url` in.
  public func opens(_ url: String) -> Bool {
    let link = LinkURLReader.standard.read(url)
    return filters.contains { $0.matches(link) }
  }
}

/// One `<intent-filter>`: its `<data>` elements combine, so a URL is let in when its scheme is
/// one of ``schemes``, its host one of ``hosts`` (any host when there are none) and its path
/// matches one of ``pathRules`` (any path when there are none, or when there are no hosts).
public struct AndroidIntentFilter: Sendable, Hashable {
  /// One `android:path…` attribute.
  public enum PathRule: Sendable, Hashable {
    /// `android:path`: the whole path.
    case path(String)
    /// `android:pathPrefix`: the path starts with it.
    case prefix(String)
    /// `android:pathSuffix`: the path ends with it.
    case suffix(String)
    /// `android:pathPattern`: `.` any character, `X*` zero or more `X`, `\` escapes (but `\.`
    /// alone is still any character); the text as Android's pattern sees it, after the XML
    /// string's own `\\` became `\`.
    case pattern(String)
  }

  /// `android:autoVerify="true"`: Android checks the hosts' `assetlinks.json`.
  public var autoVerify: Bool
  public var schemes: [String]
  public var hosts: [String]
  public var pathRules: [PathRule]
  /// The comment written before the filter (the routes it comes from).
  public var comment: String?

  public init(
    autoVerify: Bool, schemes: [String], hosts: [String], pathRules: [PathRule],
    comment: String? = nil
  ) {
    self.autoVerify = autoVerify
    self.schemes = schemes
    self.hosts = hosts
    self.pathRules = pathRules
    self.comment = comment
  }

  func matches(_ link: LinkURL) -> Bool {
    guard let scheme = link.scheme,
      schemes.contains(where: { asciiLowercased($0) == scheme })
    else { return false }
    guard !hosts.isEmpty else { return true }
    guard let host = link.host,
      hosts.contains(where: { Self.host($0, accepts: host) })
    else { return false }
    guard !pathRules.isEmpty else { return true }
    // Android reads `https://h` with the path "" and `https://h/` with "/"; both are one URL
    // here. Any other path is compared as written (decoded): `/a/` is not `/a`.
    let written = link.decodedPathAsWritten
    let paths = written == "/" ? ["", "/"] : [written]
    return pathRules.contains { rule in paths.contains { Self.rule(rule, accepts: $0) } }
  }

  /// `*.example.com` takes hosts ending in `.example.com`; `*` takes every host.
  static func host(_ entry: String, accepts host: String) -> Bool {
    let entry = asciiLowercased(entry)
    if entry.hasPrefix("*") { return host.hasSuffix(entry.dropFirst()) }
    return entry == host
  }

  static func rule(_ rule: PathRule, accepts path: String) -> Bool {
    switch rule {
    case .path(let text): return path == text
    case .prefix(let text): return path.hasPrefix(text)
    case .suffix(let text): return path.hasSuffix(text)
    case .pattern(let text): return AndroidSimpleGlob(text).matches(path)
    }
  }
}
