/// A place links come from: a custom scheme (`shop`) or a web origin
/// (`https://(www.)shop.example.com`). A table with accepted origins
/// (``RouteOptions/acceptedOrigins``) reads every pattern that names neither a scheme nor a host
/// under each of them, and under nothing else (<doc:AcceptedOrigins>).
///
/// ```swift
/// let options = RouteOptions(acceptedOrigins: [
///   try LinkOrigin("shop"), try LinkOrigin("https://(www.)shop.example.com"),
/// ])
/// var table = RouteTable(options: options)
/// try table.add("orders", "/account/orders")
/// // matches shop://account/orders, https://shop.example.com/account/orders and
/// // https://www.shop.example.com/account/orders; not https://evil.example.com/account/orders
/// ```
///
/// The origin is pattern syntax: the scheme may hold optional groups (`http(s)`), the host may
/// be `*.example.com`, `(www.)example.com` or carry a port. It names no path, query or fragment.
public struct LinkOrigin: Sendable, Hashable, CustomStringConvertible {
  /// The origin as written: `shop` or `https://(www.)shop.example.com`.
  public let text: String
  /// What a path is written after: `shop://` or `https://(www.)shop.example.com`.
  let prefix: String

  /// Reads an origin: a scheme alone (`"shop"`, `"shop://"`) or a scheme and a host.
  ///
  /// ```swift
  /// try LinkOrigin("shop")
  /// try LinkOrigin("https://(www.)shop.example.com")
  /// ```
  ///
  /// - Throws: ``RouteTableError`` with code ``RouteTableError/Code/badOrigin`` when the text
  ///   is not a scheme with an optional host, saying why.
  public init(_ text: String) throws(RouteTableError) {
    self.text = text
    guard let first = text.utf8.first, (first | 0x20) >= UInt8(ascii: "a"),
      (first | 0x20) <= UInt8(ascii: "z")
    else {
      throw LinkOrigin.error(text, "an origin must start with a scheme (shop, https://host)")
    }
    var prefix = text
    if !text.contains("://") {
      prefix = text.hasSuffix(":") ? text + "//" : text + "://"
    }
    self.prefix = prefix
    let probe: RoutePattern
    do {
      probe = try RoutePattern(prefix + "/")
    } catch {
      throw LinkOrigin.error(text, "\(error.message) (column \(error.column) of \"\(prefix)/\")")
    }
    guard probe.variants.allSatisfy({ $0.scheme != nil }) else {
      throw LinkOrigin.error(text, "an origin must start with a scheme (shop, https://host)")
    }
    let authority = prefix.split(separator: "://", maxSplits: 1).dropFirst().first ?? ""
    guard probe.variants.allSatisfy({ $0.path.isEmpty }), probe.query.isEmpty,
      probe.fragment == .none, !authority.contains(where: { "/?#".contains($0) })
    else {
      throw LinkOrigin.error(
        text, "an origin names a scheme and a host only (no path, query or fragment)")
    }
  }

  public var description: String { text }

  public static func == (lhs: LinkOrigin, rhs: LinkOrigin) -> Bool { lhs.prefix == rhs.prefix }
  public func hash(into hasher: inout Hasher) { hasher.combine(prefix) }

  /// The origins as written, for a message: `shop, https://(www.)shop.example.com`.
  static func list(_ origins: [LinkOrigin]) -> String {
    origins.map(\.text).joined(separator: ", ")
  }

  private static func error(_ text: String, _ why: String) -> RouteTableError {
    RouteTableError(code: .badOrigin, message: "invalid link origin \"\(text)\": \(why)")
  }
}

extension RoutePattern {
  /// Whether the pattern, read without a default scheme, names no scheme, host or port: it
  /// is then read under each accepted origin.
  var isOriginless: Bool {
    variants.allSatisfy { $0.scheme == nil && $0.host == .omitted && $0.port == nil }
  }
}

extension RouteTable {
  /// `pattern` read under each accepted origin: one pattern (its text as written) whose
  /// variants are those of `origin + pattern` for every origin, in the order the origins
  /// were given. A pattern that names a scheme or a host is read as it is.
  static func readUnderOrigins(
    _ text: String, name: String, options: RouteOptions, types: [ParameterType]
  ) throws(RouteTableError) -> RoutePattern? {
    guard !options.acceptedOrigins.isEmpty else { return nil }
    var plain = options
    plain.defaultScheme = nil
    plain.acceptedOrigins = []
    let alone: RoutePattern
    do {
      alone = try RoutePattern(text, options: plain, types: types)
    } catch {
      throw RouteTableError(
        code: .badPattern, routeName: name, patternError: error,
        message: "route '\(name)': \(error.message) (column \(error.column))")
    }
    guard alone.isOriginless else { return nil }
    var variants: [PatternVariant] = []
    var first: RoutePattern? = nil
    for origin in options.acceptedOrigins {
      let joined = origin.prefix + (text.hasPrefix("/") ? "" : "/") + text
      let read: RoutePattern
      do {
        read = try RoutePattern(joined, options: plain, types: types)
      } catch {
        throw RouteTableError(
          code: .badPattern, routeName: name, patternError: error,
          message:
            "route '\(name)' under origin \"\(origin.text)\": \(error.message) (column \(error.column) of \"\(joined)\")"
        )
      }
      variants += read.variants
      if first == nil { first = read }
    }
    guard variants.count <= RoutePattern.maximumVariants, let first else {
      throw RouteTableError(
        code: .badPattern, routeName: name,
        message:
          "route '\(name)': its optional groups under \(options.acceptedOrigins.count) accepted origins make \(variants.count) alternatives; at most \(RoutePattern.maximumVariants) are allowed"
      )
    }
    return first.replacingVariants(variants, text: text)
  }
}
