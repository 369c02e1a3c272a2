public import Switchyard

/// An `assetlinks.json` statement list: the web site's side of Android App Links, saying that
/// an app (package name and signing-certificate fingerprints) may handle the site's URLs, and
/// (Android 15's dynamic rules) which of them it must not.
///
/// ```swift
/// let links = AssetLinks(
///   packageName: "com.example.app",
///   fingerprints: ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"])
/// print(links.json)
/// ```
public struct AssetLinks: Sendable, Hashable {
  /// The relation that lets an app open a site's links.
  package static let handleAllURLs = "delegate_permission/common.handle_all_urls"

  /// One app the file names with the relation `delegate_permission/common.handle_all_urls`.
  public struct App: Sendable, Hashable {
    public var packageName: String
    public var fingerprints: [String]
    /// Links the app must not open (Android 15's dynamic App Links rules): each becomes an
    /// `exclude` entry of `dynamic_app_link_components`, followed by `{"/": "*"}` so that
    /// every other link stays as the intent filters say. Patterns use `*` and `?` as in an
    /// `apple-app-site-association` file. Earlier Android versions ignore these rules.
    public var exclusions: [AppleAppSiteAssociation.Component]

    public init(
      packageName: String, fingerprints: [String],
      exclusions: [AppleAppSiteAssociation.Component] = []
    ) {
      self.packageName = packageName
      self.fingerprints = fingerprints
      self.exclusions = exclusions
    }
  }

  /// The file for one app, with Android 15's dynamic rules keeping the links of the table's
  /// `webOnly` routes (on `host`, when given) out of the app: one `exclude` component per
  /// variant, written as ``AppleAppSiteAssociation/export(_:appIDs:host:webOnly:comments:)``
  /// writes its exclusions. Android 14 and earlier ignore the rules and open those links in
  /// the app whenever the intent filters let them in, so each web-only route also gets a
  /// warning saying so.
  ///
  /// ```swift
  /// let links = AssetLinks.export(
  ///   table, packageName: "com.example.app", fingerprints: [fingerprint], webOnly: ["login"])
  /// print(links.file.json)
  /// links.warnings.forEach { print($0) }
  /// ```
  public static func export(
    _ table: RouteTable, packageName: String, fingerprints: [String], host: String? = nil,
    webOnly: Set<String>
  ) -> AppLinkExport<AssetLinks> {
    let host = host.map(asciiLowercased)
    var exclusions: [AppleAppSiteAssociation.Component] = []
    var written = Set<AppleAppSiteAssociation.Component>()
    var warnings: [AppLinkWarning] = []
    for route in table.routes where webOnly.contains(route.name) {
      var translator = AppleTranslator(route: route, table: table, exclude: true, comments: false)
      for shape in route.pattern.shapes where AppLinkShapes.answersHTTPS(shape, host: host) {
        translator.add(shape)
      }
      for component in translator.components where written.insert(component).inserted {
        exclusions.append(component)
      }
      warnings += translator.warnings.map { AppLinkWarning(routeName: route.name, message: $0) }
      warnings.append(
        AppLinkWarning(
          routeName: route.name,
          message:
            "it is kept out of the app by assetlinks.json's dynamic rules, which only Android "
            + "15 and later read; on earlier versions the intent filters open its links in "
            + "the app"))
    }
    let app = App(packageName: packageName, fingerprints: fingerprints, exclusions: exclusions)
    return AppLinkExport(file: AssetLinks(apps: [app]), warnings: warnings)
  }

  /// The apps, in file order (statements with other relations or targets are not kept).
  public var apps: [App]

  public init(apps: [App]) {
    self.apps = apps
  }

  /// One statement for one app.
  public init(packageName: String, fingerprints: [String]) {
    self.apps = [App(packageName: packageName, fingerprints: fingerprints)]
  }

  /// The statement list as JSON, two-space indented.
  public var json: String {
    var out = "["
    for (index, app) in apps.enumerated() {
      out += index == 0 ? "\n" : ",\n"
      out += "  {\n"
      out += "    \"relation\": [\(JSONEscaping.quote(Self.handleAllURLs))],\n"
      out += "    \"target\": {\n"
      out += "      \"namespace\": \"android_app\",\n"
      out += "      \"package_name\": \(JSONEscaping.quote(app.packageName)),\n"
      out += "      \"sha256_cert_fingerprints\": ["
      out += app.fingerprints.map(JSONEscaping.quote).joined(separator: ", ") + "]\n"
      if app.exclusions.isEmpty {
        out += "    }\n  }"
        continue
      }
      out += "    },\n"
      out += "    \"relation_extensions\": {\n"
      out += "      \(JSONEscaping.quote(Self.handleAllURLs)): {\n"
      out += "        \"dynamic_app_link_components\": [\n"
      for exclusion in app.exclusions {
        var component = exclusion
        component.exclude = true
        out += "          " + component.json + ",\n"
      }
      out += "          { \"/\": \"*\" }\n"
      out += "        ]\n      }\n    }\n  }"
    }
    return out + (apps.isEmpty ? "]\n" : "\n]\n")
  }

  /// Reads an `assetlinks.json`: an array of statements, each with `relation` (an array of
  /// strings) and `target`. Statements for `android_app` targets that hold
  /// `delegate_permission/common.handle_all_urls` are kept; others (web targets, other
  /// relations) are skipped. A wrong type is refused with its line and column.
  public init(json text: String) throws(AppLinkFileError) {
    try AppLinkLimits.checkSize(text)
    let root = try AppLinkJSON.parse(text)
    var apps: [App] = []
    for statement in try AppLinkJSON.elements(root, "the file") {
      _ = try AppLinkJSON.members(statement, "a statement")
      guard let relation = statement["relation"] else {
        throw AppLinkJSON.error(statement, "a statement needs \"relation\"")
      }
      guard let target = statement["target"] else {
        throw AppLinkJSON.error(statement, "a statement needs \"target\"")
      }
      var relations: [String] = []
      for element in try AppLinkJSON.elements(relation, "\"relation\"") {
        relations.append(try AppLinkJSON.string(element, "a relation"))
      }
      _ = try AppLinkJSON.members(target, "\"target\"")
      guard let namespace = target["namespace"] else {
        throw AppLinkJSON.error(target, "a target needs \"namespace\"")
      }
      guard try AppLinkJSON.string(namespace, "\"namespace\"") == "android_app",
        relations.contains(Self.handleAllURLs)
      else { continue }
      guard let package = target["package_name"] else {
        throw AppLinkJSON.error(target, "an android_app target needs \"package_name\"")
      }
      guard let prints = target["sha256_cert_fingerprints"] else {
        throw AppLinkJSON.error(target, "an android_app target needs \"sha256_cert_fingerprints\"")
      }
      var fingerprints: [String] = []
      for element in try AppLinkJSON.elements(prints, "\"sha256_cert_fingerprints\"") {
        let fingerprint = try AppLinkJSON.string(element, "a fingerprint")
        guard Self.isValidFingerprint(fingerprint) else {
          throw AppLinkJSON.error(
            element, "\"\(fingerprint)\" is not 32 hexadecimal bytes separated by ':'")
        }
        fingerprints.append(fingerprint)
      }
      apps.append(
        App(
          packageName: try AppLinkJSON.string(package, "\"package_name\""),
          fingerprints: fingerprints))
    }
    self.apps = apps
  }

  /// `AB:CD:…`: 32 bytes, two hexadecimal digits each, separated by `:`.
  package static func isValidFingerprint(_ text: String) -> Bool {
    let bytes = text.split(separator: ":", omittingEmptySubsequences: false)
    return bytes.count == 32
      && bytes.allSatisfy { $0.utf8.count == 2 && $0.allSatisfy(\.isHexDigit) }
  }

  /// A Java package name: two or more dot-separated identifiers (`com.example.app`).
  package static func isValidPackageName(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count >= 2
      && parts.allSatisfy { part in
        guard let first = part.first, first.isASCII, first.isLetter || first == "_" else {
          return false
        }
        return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
      }
  }
}
