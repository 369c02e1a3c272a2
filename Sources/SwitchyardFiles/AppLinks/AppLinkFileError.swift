import Switchyard

/// An app-link file (`apple-app-site-association`, intent filters, `assetlinks.json`) that could
/// not be read, with the line and column of the problem.
///
/// ```swift
/// do {
///   _ = try AppleAppSiteAssociation(json: #"{"applinks": 3}"#)
/// } catch {
///   print(error)  // 1:14: "applinks" must be an object, not an integer
/// }
/// ```
public struct AppLinkFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The 1-based line of the problem.
  public var line: Int
  /// The 1-based column of the problem.
  public var column: Int
  /// What is wrong.
  public var message: String

  package init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String { "\(line):\(column): \(message)" }
}

/// Something an export could not write exactly: the file lets in more (or, for a route that is
/// left out, less) than the route handles; or, with no route named, something about the whole
/// file (its size, the hosts it speaks for). Printed on stderr by `switchyard export`.
///
/// ```swift
/// let export = AppleAppSiteAssociation.export(table, appIDs: ["ABCDE12345.com.example.app"])
/// for warning in export.warnings { print(warning) }
/// // warning: route "user": <int:id> is written as any text, so the file also lets in …
/// ```
public struct AppLinkWarning: Sendable, Hashable, CustomStringConvertible {
  /// The route concerned, or `nil` for a warning about the whole file.
  public var routeName: String?
  /// What was not written exactly, and what the file does instead.
  public var message: String

  package init(routeName: String?, message: String) {
    self.routeName = routeName
    self.message = message
  }

  public var description: String {
    guard let routeName else { return "warning: " + message }
    return "warning: route \"\(routeName)\": \(message)"
  }
}

/// A generated file and what could not be written exactly.
public struct AppLinkExport<File: Sendable>: Sendable {
  /// The generated file.
  public var file: File
  /// One warning per inexact translation, in route order.
  public var warnings: [AppLinkWarning]
}

/// Reading JSON app-link files with the package's positioned JSON parser.
enum AppLinkJSON {
  static func parse(_ text: String) throws(AppLinkFileError) -> JSONValue {
    do {
      return try JSONParser.parse(text)
    } catch {
      throw AppLinkFileError(line: error.line, column: error.column, message: error.message)
    }
  }

  static func error(_ value: JSONValue, _ message: String) -> AppLinkFileError {
    AppLinkFileError(line: value.position.line, column: value.position.column, message: message)
  }

  static func members(_ value: JSONValue, _ what: String) throws(AppLinkFileError) -> [JSONMember] {
    guard let members = value.objectMembers else {
      throw error(value, "\(what) must be an object, not \(value.kindDescription)")
    }
    return members
  }

  static func elements(_ value: JSONValue, _ what: String) throws(AppLinkFileError) -> [JSONValue] {
    guard let elements = value.arrayElements else {
      throw error(value, "\(what) must be an array, not \(value.kindDescription)")
    }
    return elements
  }

  static func string(_ value: JSONValue, _ what: String) throws(AppLinkFileError) -> String {
    guard let string = value.stringValue else {
      throw error(value, "\(what) must be a string, not \(value.kindDescription)")
    }
    return string
  }

  static func bool(_ value: JSONValue, _ what: String) throws(AppLinkFileError) -> Bool {
    guard case .bool(let bool) = value.kind else {
      throw error(value, "\(what) must be true or false, not \(value.kindDescription)")
    }
    return bool
  }
}

/// Counts one step of an export or a check (a hash lookup, a pattern tested against a URL) in
/// debug builds (`ReadingCounters.appLinkSteps`), so that tests can show that the cost grows
/// in proportion to the input rather than measure time.
@inline(__always)
func countAppLinkStep() {
  #if DEBUG
    ReadingCounters.count(\.appLinkSteps)
  #endif
}

/// What the app-link readers refuse before reading, so that checking a file stays quick.
enum AppLinkLimits {
  /// The largest file read: 2 MiB, sixteen times the 128 KB Apple allows for an
  /// `apple-app-site-association` file and more than any manifest's link filters need.
  static let maximumFileBytes = 2 * 1024 * 1024

  /// The longest `apple-app-site-association` pattern read (UTF-8 bytes). Wildcard matching
  /// costs the pattern's length times the URL's, and `verify` makes URLs as long as the
  /// patterns, so one huge pattern would cost its length squared.
  static let maximumPatternBytes = 1024

  static func checkSize(_ text: String) throws(AppLinkFileError) {
    let size = text.utf8.count
    guard size > maximumFileBytes else { return }
    throw AppLinkFileError(
      line: 1, column: 1,
      message:
        "the file is \(size) bytes; app-link files over \(maximumFileBytes) bytes (2 MiB) "
        + "are not read")
  }
}
