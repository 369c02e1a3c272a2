/// A capture type that an app registers for its own patterns: `<slug:name>`.
///
/// A registered type accepts or refuses one path segment (already percent-decoded). A
/// segment it refuses is simply not a match, and the search goes on with the next candidate.
/// Registered types rank after `int`, `float` and `uuid` and before plain string captures, in
/// the order they were registered (<doc:Precedence>).
///
/// ```swift
/// var table = RouteTable()
/// try table.register(ParameterType("slug") { $0.allSatisfy { $0.isLetter || $0 == "-" } })
/// try table.add("article", "/articles/<slug:slug>")
/// ```
public struct ParameterType: Sendable {
  /// The name used in patterns: `<name:capture>`.
  public var name: String
  let accepts: @Sendable (Substring) -> Bool

  /// Creates a type named `name` that accepts the segments `accepts` returns `true` for.
  public init(_ name: String, accepts: @escaping @Sendable (Substring) -> Bool) {
    self.name = name
    self.accepts = accepts
  }
}
