public import Switchyard

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension RouteFile {
  /// Reads a route table from the route file at `path`.
  ///
  /// ```swift
  /// do {
  ///   let table = try RouteFile.load(contentsOf: "routes.json")
  ///   let matcher = RouteMatcher(table)
  /// } catch {
  ///   print(error)  // routes.json:4:15: duplicate route name "user" (first used at 3:15)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - path: The file's path — a regular file, a named pipe, a process substitution or a
  ///     device such as `/dev/stdin`; it is also the name used in error messages.
  ///   - types: Capture types to register before the routes.
  /// - Throws: ``RouteFileError``: a file that cannot be read has line and column 0.
  public static func load(
    contentsOf path: String, types: [ParameterType] = []
  ) throws(RouteFileError) -> RouteTable {
    let bytes = try readFile(atPath: path)
    return try parse(bytes: bytes, fileName: path, types: types)
  }

  /// Reads a route table from the route file at a file URL; errors name the URL's path.
  ///
  /// ```swift
  /// let url = URL(fileURLWithPath: "routes.json")
  /// let table = try RouteFile.load(contentsOf: url)
  /// ```
  public static func load(
    contentsOf url: URL, types: [ParameterType] = []
  ) throws(RouteFileError) -> RouteTable {
    try load(contentsOf: url.path, types: types)
  }
}

/// What is at a path: nothing, a directory, or something else (a file, a device, …).
package enum PathKind: Sendable, Equatable {
  case missing
  case directory
  case file

  /// The kind of `path`, following symbolic links.
  package init(path: String) {
    #if canImport(FoundationEssentials)
      var isDirectory = false
    #else
      var isDirectory: ObjCBool = false
    #endif
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      self = .missing
      return
    }
    #if canImport(FoundationEssentials)
      self = isDirectory ? .directory : .file
    #else
      self = isDirectory.boolValue ? .directory : .file
    #endif
  }
}

extension RouteMatcher {
  /// Matches a Foundation `URL`, by its `absoluteString`.
  ///
  /// ```swift
  /// let matcher = RouteMatcher(table)
  /// if let url = URL(string: "myapp://user/42"), let match = matcher.match(url) {
  ///   print(match.route.name)  // "user"
  /// }
  /// ```
  public func match(_ url: URL) -> RouteMatch? {
    match(url.absoluteString)
  }

  /// Every route that matches a Foundation `URL` (by its `absoluteString`), best first.
  ///
  /// ```swift
  /// let names = matcher.candidates(for: url).map(\.route.name)
  /// ```
  public func candidates(for url: URL) -> [RouteMatch] {
    candidates(for: url.absoluteString)
  }
}
