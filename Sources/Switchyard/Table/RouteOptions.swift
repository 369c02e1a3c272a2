/// Which URL schemes read their host as the first path segment.
///
/// Custom-scheme deep links are usually written `myapp://user/42`, where `user` is a path
/// segment in everything but name. Web URLs keep their host. The default,
/// ``customSchemes``, treats every scheme as host-as-path except the special schemes of the
/// WHATWG URL standard (`http`, `https`, `ws`, `wss`, `ftp`, `file`).
///
/// ```swift
/// var options = RouteOptions()
/// options.hostAsPath = .schemes(["myapp"])
/// options.hostAsPath.applies(toScheme: "MyApp")  // true
/// ```
public struct HostAsPathPolicy: Sendable, Hashable, CustomStringConvertible {
  enum Storage: Sendable, Hashable {
    case customSchemes
    case always
    case never
    case schemes([String])
  }

  let storage: Storage

  /// Every scheme except `http`, `https`, `ws`, `wss`, `ftp` and `file` (the default).
  public static let customSchemes = HostAsPathPolicy(storage: .customSchemes)
  /// Every URL with a scheme reads its host as a path segment.
  public static let always = HostAsPathPolicy(storage: .always)
  /// No URL reads its host as a path segment.
  public static let never = HostAsPathPolicy(storage: .never)

  /// Exactly the listed schemes (compared case-insensitively) read their host as a path segment.
  public static func schemes(_ schemes: [String]) -> HostAsPathPolicy {
    HostAsPathPolicy(storage: .schemes(schemes.map { asciiLowercased($0) }))
  }

  /// Whether a URL with this scheme reads its host as the first path segment.
  ///
  /// A URL without a scheme never does: it has no scheme to decide by.
  package func applies(toScheme scheme: String?) -> Bool {
    guard var scheme else { return false }
    return scheme.withUTF8 { applies(toSchemeBytes: $0) }
  }

  /// The host-as-path rule, in the one place it is written: `scheme` is the URL's scheme (or
  /// the default scheme) as bytes in any case, `nil` when there is none.
  func applies(toSchemeBytes scheme: UnsafeBufferPointer<UInt8>?) -> Bool {
    guard let scheme else { return false }
    switch storage {
    case .always: return true
    case .never: return false
    case .customSchemes: return !Self.isSpecial(scheme)
    case .schemes(let list):
      for listed in list where listed.utf8.count == scheme.count {
        var listed = listed
        if listed.withUTF8({ asciiEqualsLowercased(scheme, $0) }) { return true }
      }
      return false
    }
  }

  /// The special schemes of the WHATWG URL standard, which keep their host.
  static let specialSchemes = ["http", "https", "ws", "wss", "ftp", "file"]

  /// Whether `scheme` (any case) is one of ``specialSchemes``. Every lookup of a URL with a
  /// scheme asks, so the six names are compared by length and byte, not through a list of
  /// arrays (a test holds this to the list).
  static func isSpecial(_ scheme: UnsafeBufferPointer<UInt8>) -> Bool {
    func folded(_ text: StaticString) -> Bool {
      text.withUTF8Buffer { asciiEqualsLowercased(scheme, $0) }
    }
    switch scheme.count {
    case 2: return folded("ws")
    case 3: return folded("wss") || folded("ftp")
    case 4: return folded("http") || folded("file")
    case 5: return folded("https")
    default: return false
    }
  }

  /// The schemes listed, lowercased, for a policy made by ``schemes(_:)``; `nil` for the named
  /// policies (whose ``description`` is their route-file name). Tools that write the policy
  /// into another language's code (`switchyard gen`) read it here.
  package var listedSchemes: [String]? {
    if case .schemes(let list) = storage { return list }
    return nil
  }

  public var description: String {
    switch storage {
    case .customSchemes: return "customSchemes"
    case .always: return "always"
    case .never: return "never"
    case .schemes(let list): return "schemes(\(list.joined(separator: ", ")))"
    }
  }
}

/// Options that change how URLs and patterns are read (<doc:ReadingURLs>).
///
/// ```swift
/// var table = RouteTable(options: RouteOptions(plusAsSpace: true, defaultScheme: "myapp"))
/// try table.add("user", "/user/<int:id>")   // same as myapp://user/<int:id>
/// ```
public struct RouteOptions: Sendable, Hashable {
  /// Which schemes read their host as the first path segment. Default: ``HostAsPathPolicy/customSchemes``.
  public var hostAsPath: HostAsPathPolicy
  /// Literal path segments compare ASCII case-insensitively. Captured values keep their case.
  public var caseInsensitivePaths: Bool
  /// `+` in the query and in fragment parameters reads as a space.
  public var plusAsSpace: Bool
  /// The scheme given to patterns and URLs written without one.
  public var defaultScheme: String?
  /// The link origins the table answers: when not empty, a pattern that names neither a scheme
  /// nor a host matches under each of these origins and under nothing else
  /// (<doc:AcceptedOrigins>). Default: none (such a pattern matches any scheme and host).
  public var acceptedOrigins: [LinkOrigin]

  /// Creates options; every argument has the default listed in <doc:ReadingURLs>.
  public init(
    hostAsPath: HostAsPathPolicy = .customSchemes,
    caseInsensitivePaths: Bool = false,
    plusAsSpace: Bool = false,
    defaultScheme: String? = nil,
    acceptedOrigins: [LinkOrigin] = []
  ) {
    self.acceptedOrigins = acceptedOrigins
    self.hostAsPath = hostAsPath
    self.caseInsensitivePaths = caseInsensitivePaths
    self.plusAsSpace = plusAsSpace
    self.defaultScheme = defaultScheme
  }
}
