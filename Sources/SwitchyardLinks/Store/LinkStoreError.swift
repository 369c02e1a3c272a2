/// A database the service cannot use: which file, and why.
///
/// ```swift
/// do { _ = try await SQLiteLinkStore.open(path: "newer.sqlite") }
/// catch { print(error) }  // newer.sqlite: the database has schema version 9, …
/// ```
public struct LinkStoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The database's path.
  public var path: String
  /// What is wrong.
  public var message: String

  /// Creates an error.
  ///
  /// ```swift
  /// LinkStoreError(path: "links.sqlite", message: "cannot open the database")
  /// ```
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `PATH: MESSAGE`.
  public var description: String { "\(path): \(message)" }
}
