public import Switchyard

/// A route file that was refused, with the place and the reason.
///
/// Its ``description`` is the conventional `FILE:LINE:COLUMN: message` line. For a bad pattern it
/// is followed by the pattern, with a caret under the offending character:
///
/// ```swift
/// do {
///   _ = try RouteFile.load(contentsOf: "routes.json")
/// } catch {
///   print(error)
///   // routes.json:7:37: invalid pattern for route "user": expected '>' to close the capture ...
///   //   myapp://user/<int:id
///   //                ^
/// }
/// ```
///
/// Lines and columns are 1-based; columns count characters (a tab, an `é` or an emoji is one
/// column). An error about the file as a whole (it could not be read) has line and column 0 and
/// prints as `FILE: message`.
public struct RouteFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file name, as it was given to ``RouteFile``.
  public var file: String
  /// The 1-based line, or 0 when the error is about the whole file.
  public var line: Int
  /// The 1-based column in characters, or 0 when the error is about the whole file.
  public var column: Int
  /// What is wrong, in one line.
  public var message: String
  /// For a bad pattern, the pattern's own error (its column counts within the pattern).
  public var patternError: PatternSyntaxError?

  /// Creates an error.
  package init(
    file: String, line: Int, column: Int, message: String,
    patternError: PatternSyntaxError? = nil
  ) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
    self.patternError = patternError
  }

  /// `FILE:LINE:COLUMN: message`, then the pattern and a caret line for a pattern error.
  public var description: String {
    let location = line > 0 ? "\(file):\(line):\(column)" : file
    var text = "\(location): \(message)"
    if let patternError {
      text += "\n" + patternError.caretLines
    }
    return text
  }
}
