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

/// A stored link whose row cannot be read: a column it needs is `NULL` or not text. The
/// service answers `500` and logs this; it never sends such a link anywhere.
struct CorruptLinkError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The database (file path, or URL without its password).
  var location: String
  /// The link's code.
  var code: String
  /// The column at fault.
  var column: String

  var description: String {
    "\(location): the stored row of the link \(code) is corrupt: its \(column) is NULL or not text"
  }
}
