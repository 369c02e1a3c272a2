public import Foundation
import Switchyard

#if canImport(FoundationNetworking)
  // URLSession on Linux.
  public import FoundationNetworking
#endif

/// Where a team's link service (`switchyard-links`) answers, for an app that hands it what it
/// found at launch — an Install Referrer, the clipboard, a short link it was opened with — to
/// learn the long link behind it (`dispatch(resolving:via:)` on a router).
///
/// ```swift
/// let links = LinkService(URL(string: "https://links.example.com")!)
/// let result = await router.dispatch(resolving: referrer, via: links).result
/// ```
public struct LinkService: Sendable {
  /// The service's address: requests go to `/v1/redeem` and `/v1/links/CODE` under it.
  public let address: URL
  /// The hosts of its short links: the address's host and those given.
  public let shortLinkHosts: Set<String>
  /// The path its short links start with (`--prefix`), `/l/` by default.
  public let prefix: String
  /// The session the requests go through.
  public let session: URLSession

  /// The service at `address`, whose short links are `https://HOST/PREFIXCODE` for its own
  /// host and each of `shortLinkHosts` (the service's `--host` flags).
  ///
  /// ```swift
  /// let links = LinkService(
  ///   URL(string: "https://links.example.com")!, shortLinkHosts: ["go.example.com"])
  /// ```
  public init(
    _ address: URL, shortLinkHosts: [String] = [], prefix: String = "/l/",
    session: URLSession = .shared
  ) {
    self.address = address
    var hosts = Set(shortLinkHosts.map { $0.lowercased() })
    if let host = address.host { hosts.insert(host.lowercased()) }
    self.shortLinkHosts = hosts
    self.prefix = prefix.hasSuffix("/") ? prefix : prefix + "/"
    self.session = session
  }

  /// The name of the install token in an Install Referrer (`switchyard_token=TOKEN`) and in
  /// the query of the one-time link the iOS landing page copies.
  static let tokenParameter = "switchyard_token"

  /// What `found` asks of the service.
  enum Request: Equatable {
    /// `POST /v1/redeem {"token": …}`.
    case redeem(token: String)
    /// `GET /v1/links/CODE`.
    case link(code: String)
  }

  /// How looking a text up ended.
  enum Resolution {
    /// The long link.
    case resolved(String)
    /// No link: unresolved with the error, or cancelled (no error).
    case ended(LinkOutcome, LinkServiceError?)
  }

  /// What the service is asked for `found`: a short link of the service (with a token in its
  /// query: the one-time link iOS copies), else an Install Referrer carrying a token; `nil`
  /// for anything else, which is never sent.
  func request(for found: String) -> Request? {
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

  /// The long link `found` stands for, as the service answers.
  func resolve(_ found: String) async -> Resolution {
    guard let request = request(for: found) else {
      return .ended(.unresolved, .notALink(found))
    }
    // A task cancelled already sends nothing, so that it spends no token.
    if Task.isCancelled { return .ended(.cancelled, nil) }
    var urlRequest: URLRequest
    switch request {
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
      if Task.isCancelled || (error as? URLError)?.code == .cancelled || error is CancellationError
      {
        return .ended(.cancelled, nil)
      }
      return .ended(
        .unresolved,
        .unreachable("\(urlRequest.url?.absoluteString ?? "?"): \(error.localizedDescription)"))
    }
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    switch status {
    case 200:
      guard let url = object?["url"] as? String, !url.isEmpty else {
        return .ended(
          .unresolved,
          .unexpectedAnswer(status: status, "the answer has no \"url\": \(Self.excerpt(data))"))
      }
      return .resolved(url)
    case 404:
      return .ended(.unresolved, .unknown(object?["error"] as? String ?? Self.excerpt(data)))
    case 410:
      return .ended(.unresolved, .spent(object?["error"] as? String ?? Self.excerpt(data)))
    default:
      return .ended(
        .unresolved,
        .unexpectedAnswer(
          status: status, object?["error"] as? String ?? Self.excerpt(data)))
    }
  }

  /// The start of an answer's body, for an error message.
  static func excerpt(_ data: Data) -> String {
    String(decoding: data.prefix(200), as: UTF8.self)
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
  /// The text is no short link of the service and no Install Referrer carrying a token, so
  /// nothing was sent (the text as given).
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
      "not a short link of the service nor an install referrer with a token: \"\(text.prefix(200))\""
    case .unexpectedAnswer(let status, let message):
      "the link service answered \(status): \(message)"
    }
  }
}
