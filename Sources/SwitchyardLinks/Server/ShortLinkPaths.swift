/// Which paths are short links, and which codes a short link may not take: with `--prefix /`
/// the short links share the root with the service's own paths (`/healthz`, `/admin`, `/v1/…`,
/// `/.well-known/…`), which keep working, so a code equal to their first segment is refused.
extension LinksConfiguration {
  /// The first segments of the service's own paths, as they would read as codes at `/`.
  static let reservedCodes: Set<String> = ["healthz", "admin", "v1", ".well-known"]

  /// Whether `path` is a short link's under `prefix`: any path under a prefix such as `/l/`;
  /// under `/`, one segment that is not one of the service's own paths.
  static func isShortLinkPath(_ path: String, prefix: String) -> Bool {
    guard path.hasPrefix(prefix) else { return false }
    guard prefix == "/" else { return true }
    let code = path.utf8.dropFirst()
    return !code.isEmpty && !code.contains(UInt8(ascii: "/"))
      && !reservedCodes.contains(String(decoding: code, as: UTF8.self))
  }

  /// Why `code` cannot be a short link's under `prefix`; `nil` when it can.
  static func reservation(of code: String, prefix: String) -> String? {
    guard prefix == "/", reservedCodes.contains(code) else { return nil }
    return "the code \(code) is the service's own path /\(code), which a short link at "
      + "--prefix / cannot take"
  }
}
