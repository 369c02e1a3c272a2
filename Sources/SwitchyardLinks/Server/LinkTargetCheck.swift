import Switchyard
import SwitchyardFiles

/// The one check of a link's target, for minting, importing and sending.
///
/// A browser reads an `http(s)` URL by the WHATWG URL Standard, Switchyard's router by RFC
/// 3986. On most URLs they agree; where they do not (a `\`, which a browser reads as `/`; a
/// tab or line break, which it drops; userinfo; a dot segment, which it removes; a character
/// it rewrites) a short link could send a browser somewhere the router never checked. So the
/// service only stores and sends URLs written in a strict form on which both read the same
/// scheme, host, port, path, query and fragment, and writes each as a browser writes it back
/// (`href`). Anything else is refused with `422` saying why.
///
/// The check reads no URL of its own for routing: the router's match decides the route, and
/// the check only finds the parts of a URL that passed its character rules (where every
/// reader splits alike) to test each part's rules and compare its host with the router's.
extension LinkMinter {
  /// A URL that passed the check.
  struct CheckedURL: Sendable, Hashable {
    /// The scheme, lowercased.
    var scheme: String
    /// Whether it is `http` or `https` (a browser's URL) rather than an app's scheme.
    var isWeb: Bool
    /// The host: lowercased for a web URL, as written for an app's.
    var host: String
    /// The port, when the URL names one a browser keeps (not the scheme's default).
    var port: Int?
    /// The URL as a browser writes it back: lowercase scheme and web host, no default port,
    /// `/` for an empty web path, `'` in a web query as `%27`.
    var canonical: String
  }

  /// A `422` refusing `url` as a link's target, saying why.
  static func refusal(_ url: String, _ why: String) -> LinkMintingError {
    LinkMintingError(
      status: 422, message: "\(JSONEscaping.quote(url)) cannot be a link's target: \(why)",
      field: "url")
  }

  /// The characters browsers percent-encode, refuse or treat otherwise than RFC 3986 does,
  /// besides controls, space, `\` and non-ASCII, which have their own messages.
  static let rewrittenCharacters: Set<UInt8> = Set("\"<>^`{|}[]".utf8)

  /// The character rules, which hold before the router reads the URL: not empty, at most
  /// ``LinkMintRequest/maximumTextLength`` bytes, ASCII, no control character, space or `\`,
  /// no character a browser rewrites, and every `%` followed by two hex digits.
  static func checkCharacters(_ url: String) throws(LinkMintingError) {
    let bytes = Array(url.utf8)
    guard !bytes.isEmpty else { throw refusal(url, "it is empty") }
    guard bytes.count <= LinkMintRequest.maximumTextLength else {
      throw refusal(url, "it is over \(LinkMintRequest.maximumTextLength) bytes")
    }
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x09, 0x0A, 0x0D:
        throw refusal(
          url,
          "it holds a tab or line break (U+\(LinkMintRequest.hex(UInt32(byte))) at byte \(index)), "
            + "which browsers drop from a URL, so they would read another URL than the one checked"
        )
      case 0x00...0x1F, 0x7F:
        throw refusal(
          url,
          "it holds the control character U+\(LinkMintRequest.hex(UInt32(byte))) at byte \(index)")
      case 0x20:
        throw refusal(url, "it holds a space at byte \(index); write it as %20")
      case UInt8(ascii: "\\"):
        throw refusal(
          url,
          "it holds a backslash at byte \(index): browsers read \\ as / in http(s) URLs, so they "
            + "would go to another host or path than the one checked; write it as %5C")
      case 0x80...:
        let scalar = url.unicodeScalars.first { $0.value > 0x7F }.map { $0.value } ?? UInt32(byte)
        throw refusal(
          url,
          "it holds the character U+\(LinkMintRequest.hex(scalar)), which browsers rewrite "
            + "(IDNA in a host, percent-encoding elsewhere); write the host in ASCII (xn--) and "
            + "other parts percent-encoded")
      case UInt8(ascii: "%"):
        guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
          throw refusal(url, "the % at byte \(index) is not followed by two hex digits")
        }
      default:
        if rewrittenCharacters.contains(byte) {
          throw refusal(
            url,
            "it holds the character \(Character(Unicode.Scalar(byte))) at byte \(index), which "
              + "browsers percent-encode or refuse; write it percent-encoded")
        }
      }
      index += 1
    }
  }

  /// The check of a URL that passed ``checkCharacters(_:)``: `scheme://host[:port]`, no
  /// userinfo; a web URL's host made of letters, digits and `-` in dot-separated labels; no
  /// dot segment (`.`, `..`, `%2e`) and no empty segment in the path; one
  /// `#` at most.
  func checkParts(_ url: String) throws(LinkMintingError) -> CheckedURL {
    let bytes = Array(url.utf8)
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
      Self.isLetter(bytes[0]),
      bytes[..<colon].allSatisfy({
        Self.isLetter($0) || Self.isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
      })
    else {
      throw Self.refusal(url, "it is not an absolute URL (it has no scheme)")
    }
    let scheme = String(decoding: bytes[..<colon].map(Self.lower), as: UTF8.self)
    let isWeb = scheme == "http" || scheme == "https"
    guard bytes.count >= colon + 3, bytes[colon + 1] == UInt8(ascii: "/"),
      bytes[colon + 2] == UInt8(ascii: "/")
    else {
      throw Self.refusal(url, "it must start scheme:// (\(scheme)://host/…)")
    }
    let authorityStart = colon + 3
    var authorityEnd = authorityStart
    while authorityEnd < bytes.count,
      ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[authorityEnd])
    {
      authorityEnd += 1
    }
    let authority = bytes[authorityStart..<authorityEnd]
    if authority.contains(UInt8(ascii: "@")) {
      throw Self.refusal(
        url,
        "it has userinfo (user@ before the host), which hides the real host from a reader")
    }
    var hostBytes = authority
    var port: Int? = nil
    if let portColon = authority.firstIndex(of: UInt8(ascii: ":")) {
      hostBytes = bytes[authorityStart..<portColon]
      let digits = bytes[(portColon + 1)..<authorityEnd]
      guard isWeb else {
        throw Self.refusal(url, "an app's URL (\(scheme)://) takes no port")
      }
      guard (1...5).contains(digits.count), digits.allSatisfy(Self.isDigit),
        let value = Int(String(decoding: digits, as: UTF8.self)), value <= 65535
      else {
        throw Self.refusal(url, "its port is not a number from 0 to 65535")
      }
      port = value == (scheme == "https" ? 443 : 80) ? nil : value
    }
    var host = String(decoding: hostBytes, as: UTF8.self)
    if isWeb {
      host = String(decoding: hostBytes.map(Self.lower), as: UTF8.self)
      try checkWebHost(host, url: url)
    } else if hostBytes.contains(UInt8(ascii: "%")) {
      throw Self.refusal(url, "its host holds a percent escape")
    }

    // The path, up to the query or fragment.
    var pathEnd = authorityEnd
    while pathEnd < bytes.count, bytes[pathEnd] != UInt8(ascii: "?"),
      bytes[pathEnd] != UInt8(ascii: "#")
    {
      pathEnd += 1
    }
    let path = bytes[authorityEnd..<pathEnd]
    if !path.isEmpty {
      let segments = path.dropFirst().split(
        separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
      for (index, segment) in segments.enumerated() {
        if segment.isEmpty, index < segments.count - 1 {
          throw Self.refusal(url, "its path has an empty segment (//)")
        }
        if Self.isDotSegment(segment) {
          throw Self.refusal(
            url,
            "its path has the segment \(String(decoding: segment, as: UTF8.self)), which "
              + "browsers resolve away, so they would read another path than the one checked")
        }
      }
    }
    let rest = bytes[pathEnd...]
    if let hash = rest.firstIndex(of: UInt8(ascii: "#")),
      rest[(hash + 1)...].contains(UInt8(ascii: "#"))
    {
      throw Self.refusal(url, "it has a second # in its fragment; write it as %23")
    }

    // The URL as a browser writes it.
    var canonical = scheme + "://" + host
    if isWeb {
      if let port { canonical += ":\(port)" }
      canonical += path.isEmpty ? "/" : String(decoding: path, as: UTF8.self)
      var tail: [UInt8] = []
      var inQuery = true
      for byte in rest {
        if byte == UInt8(ascii: "#") { inQuery = false }
        if inQuery && byte == UInt8(ascii: "'") {
          tail += Array("%27".utf8)
        } else {
          tail.append(byte)
        }
      }
      canonical += String(decoding: tail, as: UTF8.self)
    } else {
      canonical += String(decoding: bytes[authorityEnd...], as: UTF8.self)
    }
    return CheckedURL(scheme: scheme, isWeb: isWeb, host: host, port: port, canonical: canonical)
  }

  /// A web URL's host: dot-separated labels of letters, digits and `-`; a last label that is
  /// a number only in a dotted IPv4 address; a label `xn--` only in a host the table or a
  /// `--host` names as it is (a wildcard cannot prove how a browser maps it). Whether the
  /// table names the host is ``isTableHost(_:)``.
  func checkWebHost(_ host: String, url: String) throws(LinkMintingError) {
    guard !host.isEmpty else { throw Self.refusal(url, "it has no host") }
    let labels = host.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    for label in labels {
      guard !label.isEmpty else {
        throw Self.refusal(url, "its host \(JSONEscaping.quote(host)) has an empty label")
      }
      guard label.allSatisfy({ Self.isLetter($0) || Self.isDigit($0) || $0 == 0x2D }) else {
        throw Self.refusal(
          url,
          "its host \(JSONEscaping.quote(host)) holds a character other than a letter, digit, - or ."
        )
      }
      if label.starts(with: Array("xn--".utf8)), !hosts.contains(host) {
        throw Self.refusal(
          url,
          "its host \(JSONEscaping.quote(host)) has an IDNA label (xn--), which is accepted only "
            + "in a host the table or --host names as it is")
      }
    }
    if let last = labels.last, last.allSatisfy(Self.isDigit) || last.starts(with: Array("0x".utf8))
    {
      let parts = labels.map { String(decoding: $0, as: UTF8.self) }
      let isIPv4 =
        parts.count == 4
        && parts.allSatisfy { part in
          part.utf8.allSatisfy(Self.isDigit) && part.utf8.count <= 3
            && (part == "0" || !part.hasPrefix("0")) && (Int(part) ?? 256) <= 255
        }
      guard isIPv4 else {
        throw Self.refusal(
          url,
          "its host \(JSONEscaping.quote(host)) ends in a number, which browsers read as an IPv4 address"
        )
      }
    }
  }

  /// Whether the table (or a `--host`) names `host`, lowercased: as a literal host, or under a
  /// wildcard's suffix.
  func isTableHost(_ host: String) -> Bool {
    hosts.contains(host) || hostSuffixes.contains(where: { host.hasSuffix($0) })
  }

  /// The whole check of a stored URL about to be sent: the characters and parts rules, and
  /// written as a browser writes it. `nil` when it fails (a link stored by an older release).
  func sendable(_ url: String) -> CheckedURL? {
    do {
      try Self.checkCharacters(url)
      let checked = try checkParts(url)
      guard checked.canonical == url, !checked.isWeb || isTableHost(checked.host) else {
        return nil
      }
      return checked
    } catch {
      return nil
    }
  }

  /// `.`, `..` and their escaped spellings (`%2e`, `.%2e`, `%2e.`, `%2e%2e`, any case).
  static func isDotSegment(_ segment: ArraySlice<UInt8>) -> Bool {
    guard segment.count <= 6 else { return false }
    return dotSegments.contains(String(decoding: segment.map(lower), as: UTF8.self))
  }

  static let dotSegments: Set<String> = [".", "..", "%2e", ".%2e", "%2e.", "%2e%2e"]

  static func isLetter(_ byte: UInt8) -> Bool { isASCIILetter(byte) }
  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
  static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}

/// Whether `byte` is a hex digit.
private func isHex(_ byte: UInt8) -> Bool {
  (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
}
