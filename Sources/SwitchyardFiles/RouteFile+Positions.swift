// Where a route's metadata value is written in a route file: for a program that checks a
// metadata value the route file reader keeps as it is (the link service's preview titles) and
// reports a problem as FILE:LINE:COLUMN, as the reader reports its own.

extension RouteFile {
  /// Where the value of the metadata key `key` of the route named `route` starts in the route
  /// file `text`: its 1-based line and column (a string's opening quote), and whether it is a
  /// string written without escapes, so that the column of its `n`th character is the
  /// value's column plus `n`. `nil` when the text is not JSON or has no such value.
  ///
  /// ```swift
  /// RouteFile.position(ofMetadata: "previewTitle", route: "post", in: text)
  /// // (line: 4, column: 39, verbatim: true)
  /// ```
  package static func position(ofMetadata key: String, route: String, in text: String)
    -> (line: Int, column: Int, verbatim: Bool)?
  {
    guard let root = try? JSONParser.parse(text),
      let routes = root["routes"]?.arrayElements,
      let found = routes.last(where: { $0["name"]?.stringValue == route }),
      let value = found["metadata"]?[key]
    else { return nil }
    return (
      value.position.line, value.position.column,
      value.stringValue != nil && !value.hasEscapes
    )
  }
}
