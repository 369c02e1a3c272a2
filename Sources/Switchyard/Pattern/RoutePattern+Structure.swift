/// A read-only view of a pattern's structure, for the tools in this package that translate
/// patterns into other syntaxes (app-link association files and intent filters). Not public
/// API: the parsed form may change; this view is what those tools rely on.
///
/// ```swift
/// let pattern = try RoutePattern("https://(www.)example.com/post/<int:id>")
/// pattern.shapes.count          // 2: with and without "www."
/// pattern.shapes[0].path        // [.literal("post"), .capture(.int, name: "id")]
/// ```
package struct PatternShape: Sendable, Hashable {
  /// What the pattern asks of the host.
  package enum Host: Sendable, Hashable {
    /// No host written: any host, and URLs with none.
    case omitted
    /// `*`: any host, but there must be one.
    case any
    /// `*.suffix`: one or more labels, then `suffix` (lowercased, without the leading dot).
    case wildcard(suffix: String)
    /// A literal host, lowercased.
    case literal(String)
  }

  /// One element of the path.
  package enum Element: Sendable, Hashable {
    /// A whole segment equal to this (decoded) text.
    case literal(String)
    /// A whole-segment capture; `.path` spans one or more segments.
    case capture(CaptureType, name: String)
    /// A capture with literal text around it inside one segment.
    case mixed(prefix: String, kind: CaptureType, name: String, suffix: String)
    /// Zero or more segments.
    case star(name: String?)
  }

  /// The scheme, lowercased; `nil` for any scheme.
  package var scheme: String?
  package var host: Host
  /// The port the URL must name, if any.
  package var port: Int?
  package var path: [Element]
}

/// A query value or fragment the pattern requires: literal text or a capture.
package enum RequirementShape: Sendable, Hashable {
  case literal(String)
  case capture(CaptureType, name: String)
}

extension RoutePattern {
  /// One shape per variant (each way the optional groups can be taken), in the parser's order.
  /// Empty for the compacted copies a matcher keeps; a table's routes always have them.
  package var shapes: [PatternShape] {
    variants.map { variant in
      PatternShape(
        scheme: variant.scheme.map { String(decoding: $0, as: UTF8.self) },
        host: Self.shape(variant.host),
        port: variant.port,
        path: variant.path.map(Self.shape))
    }
  }

  /// The query requirements, in the order written: the query must hold each name, and its
  /// last value must equal the literal or convert to the capture's type.
  package var queryShape: [(name: String, value: RequirementShape)] {
    query.map { requirement in
      (String(decoding: requirement.name, as: UTF8.self), Self.shape(requirement.value))
    }
  }

  /// The fragment requirement, or `nil` when the pattern ignores the fragment.
  package var fragmentShape: RequirementShape? {
    switch fragment {
    case .none: return nil
    case .literal(let bytes): return .literal(String(decoding: bytes, as: UTF8.self))
    case .capture(let type, let name): return .capture(type, name: name)
    }
  }

  static func shape(_ host: HostRequirement) -> PatternShape.Host {
    switch host {
    case .omitted: return .omitted
    case .any: return .any
    case .wildcard(let suffix):
      return .wildcard(
        suffix: String(decoding: suffix.drop { $0 == UInt8(ascii: ".") }, as: UTF8.self))
    case .literal(let bytes): return .literal(String(decoding: bytes, as: UTF8.self))
    }
  }

  private static func shape(_ element: PathElement) -> PatternShape.Element {
    switch element {
    case .literal(let bytes): return .literal(String(decoding: bytes, as: UTF8.self))
    case .capture(let type, let name): return .capture(type, name: name)
    case .mixed(let prefix, let type, let name, let suffix, _):
      return .mixed(
        prefix: String(decoding: prefix, as: UTF8.self), kind: type, name: name,
        suffix: String(decoding: suffix, as: UTF8.self))
    case .star(let name): return .star(name: name)
    }
  }

  private static func shape(_ value: RequirementValue) -> RequirementShape {
    switch value {
    case .literal(let bytes): return .literal(String(decoding: bytes, as: UTF8.self))
    case .capture(let type, let name): return .capture(type, name: name)
    }
  }
}
