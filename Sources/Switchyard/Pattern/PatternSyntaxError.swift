/// A route pattern that could not be read.
///
/// The error names the pattern, the column (1-based, counted in characters) and what was
/// expected there. Its ``description`` shows the pattern with a caret under the column:
///
/// ```swift
/// do {
///   _ = try RoutePattern("/users/<int:id")
/// } catch {
///   print(error)
///   // error: expected '>' to close the capture opened at column 8 (column 15 of pattern "/users/<int:id")
///   //   /users/<int:id
///   //                 ^
/// }
/// ```
///
/// A pattern refused for its size or shape names the limit it passed (<doc:PatternSyntax>):
/// `optional groups are nested too deeply (more than 32 levels)`.
public struct PatternSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The pattern as written.
  public var pattern: String
  /// The 1-based column (in characters) of the problem.
  public var column: Int
  /// What was wrong or expected, in one line.
  public var message: String

  /// Creates an error.
  package init(pattern: String, column: Int, message: String) {
    self.pattern = pattern
    self.column = column
    self.message = message
  }

  /// The pattern with a caret under the column, indented by two spaces.
  package var caretLines: String {
    let shown = pattern.map { $0 == "\n" || $0 == "\t" ? " " : $0 }
    let caretIndent = String(repeating: " ", count: max(0, column - 1))
    return "  " + String(shown) + "\n  " + caretIndent + "^"
  }

  public var description: String {
    "error: \(message) (column \(column) of pattern \"\(pattern)\")\n" + caretLines
  }
}
