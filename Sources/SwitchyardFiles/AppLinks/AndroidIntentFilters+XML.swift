extension AndroidIntentFilters {
  /// The filters as an XML document: an `<intent-filters>` root (with the package name) that
  /// holds one commented `<intent-filter>` per route, ready to copy into the `<activity>` that
  /// handles links.
  ///
  /// ```swift
  /// print(AndroidIntentFilters.export(table, packageName: "com.example.app").file.xml)
  /// ```
  public var xml: String {
    var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
    out += "<!-- Copy the intent filters into the activity that handles links. -->\n"
    out += "<intent-filters xmlns:android=\"http://schemas.android.com/apk/res/android\""
    if let packageName { out += " package=\"\(MarkupEscaping.escape(packageName))\"" }
    out += ">\n"
    for filter in filters {
      if let comment = filter.comment {
        // "--" may not appear inside an XML comment.
        out += "  <!-- " + comment.replacingDoubleHyphens() + " -->\n"
      }
      out += "  <intent-filter" + (filter.autoVerify ? " android:autoVerify=\"true\"" : "") + ">\n"
      out += "    <action android:name=\"android.intent.action.VIEW\" />\n"
      out += "    <category android:name=\"android.intent.category.DEFAULT\" />\n"
      out += "    <category android:name=\"android.intent.category.BROWSABLE\" />\n"
      for scheme in filter.schemes {
        out += "    <data android:scheme=\"\(MarkupEscaping.escape(scheme))\" />\n"
      }
      for host in filter.hosts {
        out += "    <data android:host=\"\(MarkupEscaping.escape(host))\" />\n"
      }
      for rule in filter.pathRules {
        let (attribute, value) = Self.attribute(rule)
        out += "    <data android:\(attribute)=\"\(MarkupEscaping.escape(value))\" />\n"
      }
      out += "  </intent-filter>\n"
    }
    return out + "</intent-filters>\n"
  }

  /// The attribute for a rule; a pattern's `\` is doubled, as Android reads the attribute as a
  /// string resource (where `\\` is one backslash) before it reads the pattern.
  static func attribute(_ rule: AndroidIntentFilter.PathRule) -> (String, String) {
    switch rule {
    case .path(let text): return ("path", text)
    case .prefix(let text): return ("pathPrefix", text)
    case .suffix(let text): return ("pathSuffix", text)
    case .pattern(let text):
      return ("pathPattern", text.replacingAll("\\", with: "\\\\"))
    }
  }

  /// Reads every `<intent-filter>` that lets links in (action `android.intent.action.VIEW` and
  /// category `android.intent.category.BROWSABLE`) anywhere in an XML document: an
  /// `AndroidManifest.xml` or a file written by ``xml``. Other filters are skipped.
  ///
  /// `<data>` elements may carry several attributes each. `android:pathAdvancedPattern` and
  /// `android:port` are refused with their position (the checks here do not model them), as
  /// is malformed XML.
  ///
  /// ```swift
  /// let filters = try AndroidIntentFilters(xml: manifest)
  /// ```
  public init(xml text: String) throws(AppLinkFileError) {
    let root = try XMLReader.parse(text)
    var filters: [AndroidIntentFilter] = []
    var work: [XMLElement] = [root]
    var found: [XMLElement] = []
    while let element = work.popLast() {
      if element.name == "intent-filter" {
        found.append(element)
      } else {
        work.append(contentsOf: element.children.reversed())
      }
    }
    for element in found {
      if let filter = try Self.filter(element, text: text) { filters.append(filter) }
    }
    self.init(
      packageName: root.attribute("package"), filters: filters)
  }

  private static func filter(_ element: XMLElement, text: String) throws(AppLinkFileError)
    -> AndroidIntentFilter?
  {
    let children = element.children
    let isView = children.contains {
      $0.name == "action" && $0.attribute("android:name") == "android.intent.action.VIEW"
    }
    let isBrowsable = children.contains {
      $0.name == "category"
        && $0.attribute("android:name") == "android.intent.category.BROWSABLE"
    }
    guard isView && isBrowsable else { return nil }
    var filter = AndroidIntentFilter(
      autoVerify: element.attribute("android:autoVerify") == "true", schemes: [], hosts: [],
      pathRules: [])
    for data in children where data.name == "data" {
      for (name, value) in data.attributes {
        switch name {
        case "android:scheme": filter.schemes.append(value)
        case "android:host": filter.hosts.append(value)
        case "android:path": filter.pathRules.append(.path(value))
        case "android:pathPrefix": filter.pathRules.append(.prefix(value))
        case "android:pathSuffix": filter.pathRules.append(.suffix(value))
        case "android:pathPattern":
          filter.pathRules.append(.pattern(value.replacingAll("\\\\", with: "\\")))
        case "android:pathAdvancedPattern", "android:port":
          let (line, column) = XMLReader.position(of: data.offset, in: text)
          throw AppLinkFileError(
            line: line, column: column,
            message: "\(name) is not read by these checks; use pathPattern or pathPrefix")
        default:
          continue  // mimeType and others do not concern links
        }
      }
    }
    return filter
  }
}

extension String {
  fileprivate func replacingDoubleHyphens() -> String {
    var text = self
    while text.contains("--") { text = text.replacingAll("--", with: "- -") }
    return text
  }

  /// `self` with every `target` replaced (no Foundation).
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var out = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      out += rest[..<range.lowerBound]
      out += replacement
      rest = rest[range.upperBound...]
    }
    return out + rest
  }
}
