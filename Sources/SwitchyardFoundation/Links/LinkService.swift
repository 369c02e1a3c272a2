public import Foundation
import Switchyard

#if canImport(FoundationNetworking)
  // URLSession on Linux.
  public import FoundationNetworking
#endif

/// Where a team's link service (`switchyard-links`) answers, for an app that hands it what it
/// found — an Install Referrer, the clipboard, a link it was opened with — to learn the long
/// link behind it (`dispatch(resolving:via:)` on a router).
///
/// ```swift
/// let links = LinkService(URL(string: "https://links.example.com")!)
/// let result = await router.dispatch(resolving: referrer, via: links).result
/// ```
///
/// Its requests go through a `URLSession`, or through a ``Resolver`` given instead: a test
/// answers them with a closure, without a server or a URL protocol.
public struct LinkService: Sendable {
  /// The service's address: requests go to `/v1/redeem` and `/v1/links/CODE` under it.
  public let address: URL
  /// The hosts of its short links: the address's host and those given.
  public let shortLinkHosts: Set<String>
  /// The path its short links start with (`--prefix`), `/l/` by default.
  public let prefix: String
  /// What answers the requests.
  let resolver: Resolver

  /// What answers a request to the service: the long link, or a ``LinkServiceError`` saying
  /// why there is none (any other error it throws counts as
  /// ``LinkServiceError/unreachable(_:)``). The default sends the request to the service's
  /// address through a `URLSession`; a test, or an app with networking of its own, gives one.
  ///
  /// ```swift
  /// let links = LinkService(URL(string: "https://links.example.com")!) { request in
  ///   switch request {
  ///   case .link(code: "Ab3dE9xQ"): return "myapp://user/42"
  ///   case .redeem(token: "T0k"): throw LinkServiceError.spent("redeemed already")
  ///   default: throw LinkServiceError.unknown("no link has this code")
  ///   }
  /// }
  /// ```
  public typealias Resolver = @Sendable (LinkServiceRequest) async throws -> String

  /// The service at `address`, whose short links are `https://HOST/PREFIXCODE` for its own
  /// host and each of `shortLinkHosts` (the service's `--host` flags), asked through
  /// `session`.
  ///
  /// ```swift
  /// let links = LinkService(
  ///   URL(string: "https://links.example.com")!, shortLinkHosts: ["go.example.com"])
  /// ```
  public init(
    _ address: URL, shortLinkHosts: [String] = [], prefix: String = "/l/",
    session: URLSession = .shared
  ) {
    self.init(address, shortLinkHosts: shortLinkHosts, prefix: prefix) { request in
      try await Self.ask(request, at: address, through: session)
    }
  }

  /// The service at `address` (its short links as for ``init(_:shortLinkHosts:prefix:session:)``),
  /// whose requests `resolver` answers: what a test gives in place of the network.
  ///
  /// ```swift
  /// let links = LinkService(
  ///   URL(string: "https://links.example.com")!, shortLinkHosts: ["go.example.com"]
  /// ) { request in
  ///   guard request == .link(code: "Ab3dE9xQ") else {
  ///     throw LinkServiceError.unknown("no link has this code")
  ///   }
  ///   return "myapp://user/42"
  /// }
  /// ```
  public init(
    _ address: URL, shortLinkHosts: [String] = [], prefix: String = "/l/",
    resolver: @escaping Resolver
  ) {
    self.address = address
    var hosts = Set(shortLinkHosts.map { $0.lowercased() })
    if let host = address.host { hosts.insert(host.lowercased()) }
    self.shortLinkHosts = hosts
    self.prefix = prefix.hasSuffix("/") ? prefix : prefix + "/"
    self.resolver = resolver
  }

  /// The name of the install token in an Install Referrer (`switchyard_token=TOKEN`) and in
  /// the query of the one-time link the iOS landing page copies.
  static let tokenParameter = "switchyard_token"

  /// What `found` is to the app: something to ask the service, a link to dispatch as it is,
  /// or text that is no link.
  enum Found: Equatable {
    /// A short link of the service, or an install token: the service is asked.
    case service(LinkServiceRequest)
    /// A URL that is not the service's (it has a scheme: `shop://product/42`,
    /// `https://shop.example.com/product/42`): dispatched as it is.
    case link
    /// Text with no scheme and no token (an organic install's referrer, free text): neither
    /// sent nor dispatched.
    case text
  }

  /// What `found` is (see ``Found``).
  func classify(_ found: String) -> Found {
    if let request = request(for: found) { return .service(request) }
    return Self.hasScheme(found) ? .link : .text
  }

  /// Whether `text` starts with a URL scheme and its colon (RFC 3986: a letter, then letters,
  /// digits, `+`, `-` or `.`).
  static func hasScheme(_ text: String) -> Bool {
    var bytes = text.utf8.makeIterator()
    guard let first = bytes.next(), (first | 0x20) >= UInt8(ascii: "a"),
      (first | 0x20) <= UInt8(ascii: "z")
    else { return false }
    while let byte = bytes.next() {
      switch byte {
      case UInt8(ascii: ":"): return true
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"),
        UInt8(ascii: "."):
        continue
      default: return false
      }
    }
    return false
  }

  /// What the service is asked for `found`: a short link of the service (with a token in its
  /// query: the one-time link iOS copies), else an Install Referrer carrying a token; `nil`
  /// for anything else, which is never sent.
  func request(for found: String) -> LinkServiceRequest? {
    let text = found.trimmingCharacters(in: .whitespacesAndNewlines)
    if let components = URLComponents(string: text), let scheme = components.scheme {
      guard scheme.lowercased() == "https" || scheme.lowercased() == "http",
        let host = components.host?.lowercased(), shortLinkHosts.contains(host),
        components.path.hasPrefix(prefix)
      else { return nil }
      if let token = components.queryItems?.last(where: { $0.name == Self.tokenParameter })?
        .value, !token.isEmpty
      {
        return .redeem(token: token)
      }
      let code = components.path.dropFirst(prefix.count)
      guard Self.isCode(code) else { return nil }
      return .link(code: String(code))
    }
    // An Install Referrer: `switchyard_token=TOKEN&utm_source=…`, as Google Play's client
    // gives it (decoded), or still URL-encoded as the store link carried it.
    var referrer = text
    if !referrer.contains("="), let decoded = referrer.removingPercentEncoding {
      referrer = decoded
    }
    let items = URLComponents(string: "?" + referrer)?.queryItems ?? []
    guard let token = items.last(where: { $0.name == Self.tokenParameter })?.value,
      !token.isEmpty
    else { return nil }
    return .redeem(token: token)
  }

  /// Whether `code` has the form of a short link's code: 1 to 64 of `A-Z a-z 0-9 _ -`.
  static func isCode(_ code: Substring) -> Bool {
    (1...64).contains(code.utf8.count)
      && code.utf8.allSatisfy { byte in
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
          || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
          || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
      }
  }

  /// The first-launch clipboard read, as logic: the text `read` gives when the clipboard
  /// probably holds a web URL (asked first, without reading it) and that text is a link of
  /// this service; `nil` otherwise, and then `read` is not called. On iOS,
  /// `installLink(from:)` is this over `UIPasteboard`, where reading asks the person and
  /// asking for patterns does not.
  package func installLink(probablyHoldsWebURL: Bool, read: () -> String?) -> String? {
    guard probablyHoldsWebURL, let text = read(), request(for: text) != nil else { return nil }
    return text
  }

  /// The long link for `request`, as ``resolver`` answers.
  func lookUp(_ request: LinkServiceRequest) async -> LookedUpLink {
    do {
      return .url(try await resolver(request))
    } catch let error as LinkServiceError {
      return .unresolved(error)
    } catch {
      return .unresolved(LinkServiceError.unreachable("\(request): \(error)"))
    }
  }

  /// Sends `request` to the service at `address` through `session` and reads its answer.
  static func ask(
    _ request: LinkServiceRequest, at address: URL, through session: URLSession
  ) async throws(LinkServiceError) -> String {
    var urlRequest: URLRequest
    switch request.storage {
    case .redeem(let token):
      urlRequest = URLRequest(url: address.appendingPathComponent("v1/redeem"))
      urlRequest.httpMethod = "POST"
      urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
      urlRequest.httpBody = try? JSONSerialization.data(withJSONObject: ["token": token])
    case .link(let code):
      urlRequest = URLRequest(url: address.appendingPathComponent("v1/links/" + code))
    }
    urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: urlRequest)
    } catch {
      throw .unreachable("\(urlRequest.url?.absoluteString ?? "?"): \(error.localizedDescription)")
    }
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    switch status {
    case 200:
      guard let url = object?["url"] as? String, !url.isEmpty else {
        throw .unexpectedAnswer(status: status, "the answer has no \"url\": \(Self.excerpt(data))")
      }
      return url
    case 404: throw .unknown(object?["error"] as? String ?? Self.excerpt(data))
    case 410: throw .spent(object?["error"] as? String ?? Self.excerpt(data))
    default:
      throw .unexpectedAnswer(status: status, object?["error"] as? String ?? Self.excerpt(data))
    }
  }

  /// The start of an answer's body, for an error message.
  static func excerpt(_ data: Data) -> String {
    String(decoding: data.prefix(200), as: UTF8.self)
  }
}

/// One request an app makes of its link service: redeem an install token
/// (`POST /v1/redeem`), or look a short link's code up (`GET /v1/links/CODE`). A
/// ``LinkService/Resolver`` answers it.
///
/// ```swift
/// let links = LinkService(URL(string: "https://links.example.com")!) { request in
///   switch request {
///   case .link(code: "Ab3dE9xQ"): return "myapp://user/42"
///   default: throw LinkServiceError.unknown("no link has this code")
///   }
/// }
/// ```
public struct LinkServiceRequest: Sendable, Hashable, CustomStringConvertible {
  enum Storage: Sendable, Hashable {
    case redeem(String)
    case link(String)
  }
  let storage: Storage

  /// Redeem the install token `token`, once (`POST /v1/redeem {"token": …}`).
  public static func redeem(token: String) -> LinkServiceRequest {
    LinkServiceRequest(storage: .redeem(token))
  }

  /// Look up the short link whose code is `code` (`GET /v1/links/CODE`).
  public static func link(code: String) -> LinkServiceRequest {
    LinkServiceRequest(storage: .link(code))
  }

  /// The install token to redeem, for a redemption.
  public var token: String? {
    if case .redeem(let token) = storage { token } else { nil }
  }

  /// The short link's code, for a look-up.
  public var code: String? {
    if case .link(let code) = storage { code } else { nil }
  }

  /// The request as the service's API has it: `GET /v1/links/Ab3dE9xQ` or `POST /v1/redeem`
  /// (the token is not printed).
  public var description: String {
    switch storage {
    case .redeem: "POST /v1/redeem"
    case .link(let code): "GET /v1/links/" + code
    }
  }
}

/// Why the link service did not give the long link behind what an app found: the
/// `LinkResult.error` of a link that ended as `LinkOutcome.unresolved`.
///
/// ```swift
/// let result = await router.dispatch(resolving: clipboardText, via: links).result
/// switch result.error as? LinkServiceError {
/// case .unreachable?: retryLater()
/// case .spent?, .unknown?, .notALink?: break   // nothing to open
/// default: break
/// }
/// ```
public enum LinkServiceError: Error, Sendable, Hashable, CustomStringConvertible {
  /// No answer came: no connection, no name, no TLS, or a timeout (the system's message).
  ///
  /// ```swift
  /// if case .unreachable(let why) = error { log("link service: \(why)") }
  /// ```
  case unreachable(String)
  /// `410`: the install token was redeemed already, or it or its link has expired; or the
  /// short link has expired (the service's message).
  ///
  /// ```swift
  /// if case .spent = error { showHome() }   // opened already, or too late
  /// ```
  case spent(String)
  /// `404`: the service knows no such token or short link (the service's message).
  ///
  /// ```swift
  /// if case .unknown = error { showHome() }
  /// ```
  case unknown(String)
  /// The text is no link at all (no scheme: free text, an organic install's referrer) and no
  /// Install Referrer carrying a token, so nothing was sent or dispatched (the text as given).
  ///
  /// ```swift
  /// if case .notALink = error { /* the clipboard held something else */ }
  /// ```
  case notALink(String)
  /// Any other answer: a server error, or a body without the link (the status and the
  /// service's message).
  ///
  /// ```swift
  /// if case .unexpectedAnswer(let status, _) = error, status == 503 { retryLater() }
  /// ```
  case unexpectedAnswer(status: Int, String)

  public var description: String {
    switch self {
    case .unreachable(let why): "the link service could not be reached: \(why)"
    case .spent(let message): "the link was spent or has expired (410): \(message)"
    case .unknown(let message): "the link service does not know the link (404): \(message)"
    case .notALink(let text):
      "not a link nor an install referrer with a token: \"\(text.prefix(200))\""
    case .unexpectedAnswer(let status, let message):
      "the link service answered \(status): \(message)"
    }
  }
}
