import Switchyard
import SwitchyardFiles

/// One HTTP answer as `switchyard doctor` received it: no redirect followed, the body whole.
struct DoctorResponse: Sendable {
  var status: Int
  /// Header names in any case; ``header(_:)`` compares them without case.
  var headers: [(name: String, value: String)]
  var body: [UInt8]

  /// The first value of the header `name`, or `nil`.
  func header(_ name: String) -> String? {
    let wanted = name.lowercased()
    return headers.first { $0.name.lowercased() == wanted }?.value
  }
}

/// Why a request got no HTTP answer.
enum DoctorFetchFailure: Error, Sendable, Equatable {
  /// Nothing came back within the `--timeout` (in seconds).
  case timeout(seconds: Int)
  /// The TLS handshake failed: the certificate is expired, for another host or not trusted.
  case tls(String)
  /// The TLS handshake failed for another reason (the server does not speak TLS on the port,
  /// no version or cipher in common).
  case handshake(String)
  /// No connection (refused, unknown host, reset).
  case unreachable(String)
}

/// Fetches one URL, as `GET`, with no redirect followed. `browser` asks as a desktop browser
/// would (an HTML `Accept` and a browser's user agent); otherwise as the platforms fetch the
/// app-link files. The web pages of the routes are fetched several at a time
/// (``DoctorExamination/pageConcurrency``), so it may be called from several tasks at once.
typealias DoctorFetch =
  @Sendable (_ url: String, _ browser: Bool) async -> Result<
    DoctorResponse, DoctorFetchFailure
  >

/// The site `switchyard doctor` checks: `https://HOST[:PORT]`, nothing after the authority.
struct DoctorSite: Equatable, Sendable {
  /// `https://HOST[:PORT]`, lowercased, without a trailing slash.
  var origin: String
  /// The host alone (the domain the files are for).
  var host: String

  /// Reads `https://HOST[:PORT][/]`, or returns why not. HOST is a name (letters, digits, `-`
  /// and `.`) or an IPv6 address in brackets (`https://[::1]:8443`).
  static func parse(_ text: String) -> Result<DoctorSite, DoctorUsageError> {
    let prefix = "https://"
    guard text.lowercased().hasPrefix(prefix) else {
      return .failure(
        DoctorUsageError(
          "'\(text.escapedForDisplay)' is not an https:// URL (the platforms fetch the files "
            + "over HTTPS only)"))
    }
    var authority = String(text.dropFirst(prefix.count)).lowercased()
    if authority.hasSuffix("/") { authority.removeLast() }
    func refused(_ why: String) -> Result<DoctorSite, DoctorUsageError> {
      .failure(DoctorUsageError("'\(text.escapedForDisplay)' is not " + why))
    }
    let host: String
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else {
        return refused("https://[IPV6] or https://[IPV6]:PORT (the address has no closing ']')")
      }
      host = String(authority[...close])
      let address = host.dropFirst().dropLast()
      guard Self.isIPv6Address(address) else {
        return refused(
          "https://[IPV6] or https://[IPV6]:PORT ('\(address)' is not an IPv6 address)")
      }
    } else {
      host = String(authority.prefix { !":/?#".contains($0) })
    }
    let rest = authority.dropFirst(host.count)
    let hostIsValid =
      host.hasPrefix("[")
      || (!host.isEmpty
        && host.allSatisfy {
          $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".")
        })
    let portIsValid =
      rest.isEmpty
      || (rest.count >= 2 && rest.count <= 6 && rest.first == ":"
        && rest.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
        && Int(rest.dropFirst()).map { $0 > 0 && $0 < 65536 } == true)
    guard hostIsValid, portIsValid else {
      let path = rest.contains { "/?#".contains($0) }
      return refused(
        "https://HOST or https://HOST:PORT"
          + (path ? " (the doctor checks a whole domain: give no path)" : ""))
    }
    return .success(DoctorSite(origin: prefix + authority, host: host))
  }

  /// Whether `text` is an IPv6 address as written between brackets in a URL: groups of up to
  /// four hex digits separated by `:`, at most one `::`, and an IPv4 address as the last 32
  /// bits if any (`::ffff:127.0.0.1`). No zone (`%25eth0`): a site is not on a link-local
  /// address.
  static func isIPv6Address(_ text: Substring) -> Bool {
    guard !text.isEmpty,
      text.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") })
    else {
      return false
    }
    let halves = text.split(separator: "::", maxSplits: 2, omittingEmptySubsequences: false)
    guard halves.count <= 2 else { return false }
    var groups = 0
    for (index, half) in halves.enumerated() where !half.isEmpty {
      let pieces = half.split(separator: ":", omittingEmptySubsequences: false)
      for (position, piece) in pieces.enumerated() {
        let last = index == halves.count - 1 && position == pieces.count - 1
        if last && piece.contains(".") {
          let octets = piece.split(separator: ".", omittingEmptySubsequences: false)
          guard octets.count == 4,
            octets.allSatisfy({
              !$0.isEmpty && $0.count <= 3 && (Int($0) ?? 256) <= 255
            })
          else { return false }
          groups += 2
        } else {
          guard !piece.isEmpty, piece.count <= 4, piece.allSatisfy(\.isHexDigit) else {
            return false
          }
          groups += 1
        }
      }
    }
    return halves.count == 2 ? groups < 8 : groups == 8
  }
}

/// A usage error of `switchyard doctor` (exit status 2), with its message.
struct DoctorUsageError: Error, Equatable {
  var message: String
  init(_ message: String) { self.message = message }
}

/// What `switchyard doctor` is asked to check, besides the site.
struct DoctorRequest: Sendable {
  var site: DoctorSite
  var table: RouteTable
  var appID: String?
  var package: String?
  var sha256: [String] = []
  var webOnly: Set<String> = []
  /// The base URL of Apple's CDN (`BASE/HOST` is the host's copy), or `nil` to skip it.
  var appleCDN: String?
  /// The base URL of Google's Digital Asset Links API (`BASE/statements:list?…` is the site's
  /// statement list), or `nil` to skip the comparison.
  var googleStatements: String? = nil
  /// The app's intent filters (`--manifest`), checked against the routes on the site's host.
  var manifest: AndroidIntentFilters? = nil
  /// The link service's short-link prefix (`--link-prefix`, `/l/`): its links must be let in
  /// by the Apple file, and are not links that no route handles.
  var linkPrefix: String? = nil
  /// A short link's code (`--link-code`), requested under ``linkPrefix`` as a browser would.
  var linkCode: String? = nil
  /// The seconds a request may take (for messages).
  var timeout: Int

  /// Apple's CDN of association files, as devices read it.
  static let appleCDNBase = "https://app-site-association.cdn-apple.com/a/v1"
  /// Google's Digital Asset Links API, whose statement list Android's verification reads.
  static let googleStatementsBase = "https://digitalassetlinks.googleapis.com/v1"
  static let applePath = "/.well-known/apple-app-site-association"
  static let androidPath = "/.well-known/assetlinks.json"
}

extension DoctorRequest {
  /// Whether `url` is on the site under ``linkPrefix``.
  func isShortLink(_ url: String) -> Bool {
    guard let linkPrefix else { return false }
    return url.lowercased().hasPrefix("https://" + site.host + linkPrefix.lowercased())
  }

  /// Reads `--link-prefix` and `--link-code`, or says why not: a prefix `/…/`, a code of
  /// letters, digits, `-` and `_`, a code only with a prefix.
  static func shortLinkOptions(prefix: String?, code: String?) -> Result<
    (prefix: String?, code: String?), DoctorUsageError
  > {
    if let code {
      guard prefix != nil else {
        return .failure(DoctorUsageError("--link-code needs --link-prefix"))
      }
      guard !code.isEmpty,
        code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
      else {
        return .failure(
          DoctorUsageError(
            "--link-code '\(code.escapedForDisplay)' is not a code (letters, digits, - and _)"))
      }
    }
    if let prefix {
      let valid =
        prefix.count >= 2 && prefix.hasPrefix("/") && prefix.hasSuffix("/")
        && !prefix.contains(where: { $0 == "?" || $0 == "#" || $0 == " " || !$0.isASCII })
      guard valid else {
        return .failure(
          DoctorUsageError(
            "--link-prefix '\(prefix.escapedForDisplay)' is not a path prefix such as /l/"))
      }
    }
    return .success((prefix, code))
  }
}

/// One thing wrong on the site, with what the platform does about it.
struct DoctorFinding: Equatable, Sendable {
  /// What it is about: `apple-app-site-association`, `assetlinks.json`, `Apple's CDN` or
  /// `route "NAME"`; the text output groups findings by it.
  var group: String
  /// A word for programs: `redirect`, `status`, `contentType`, `htmlPage`, `tooLarge`,
  /// `byteOrderMark`, `invalidJSON`, `tls`, `noAnswer`, `cdnDiffers`, `cdnMissing`,
  /// `webPageMissing`, or a kind of `switchyard verify` (`routeNotLetIn`, …).
  var kind: String
  var url: String
  var route: String?
  var message: String

  var json: String {
    func quoted(_ text: String?) -> String { text.map(JSONEscaping.quote) ?? "null" }
    return "{\"group\":" + quoted(group) + ",\"kind\":" + quoted(kind) + ",\"url\":"
      + quoted(url) + ",\"route\":" + quoted(route) + ",\"message\":" + quoted(message) + "}"
  }
}

/// What `switchyard doctor` found: every finding, most important group first.
struct DoctorReport: Equatable, Sendable {
  var site: DoctorSite
  var findings: [DoctorFinding]
  /// How many routes' web links were requested (for the line that says all is well).
  var webLinksChecked: Int

  /// 0 when all is well, 1 with findings (an unreachable site never makes a report: 2).
  var exitStatus: Int32 { findings.isEmpty ? 0 : 1 }

  /// The groups in the order they are shown: the files first (nothing opens the app without
  /// them), then Apple's CDN, then the routes in table order.
  var groups: [(name: String, findings: [DoctorFinding])] {
    var names: [String] = []
    for finding in findings where !names.contains(finding.group) { names.append(finding.group) }
    return names.map { name in (name, findings.filter { $0.group == name }) }
  }

  /// How many findings of one kind a group shows in the text output before it counts the
  /// rest (`--format json` lists every finding).
  static let examplesPerKind = 3

  /// The output for a person: each group once, its findings of one kind together; past
  /// ``examplesPerKind`` of a kind, the first few and a count of the rest.
  var text: String {
    guard !findings.isEmpty else {
      let pages =
        switch webLinksChecked {
        case 0: "no route has a web link on the site to request"
        case 1: "the 1 route's web link lands on a page"
        default: "the \(webLinksChecked) routes' web links each land on a page"
        }
      return "ok: \(site.origin) serves its app-link files as Apple and Google fetch them, "
        + "they let in what the routes handle, and \(pages)\n"
    }
    let count = findings.count == 1 ? "1 finding" : "\(findings.count) findings"
    var out = "\(site.origin): \(count)\n"
    for group in groups {
      var kinds: [String] = []
      for finding in group.findings where !kinds.contains(finding.kind) {
        kinds.append(finding.kind)
      }
      let byKind = kinds.map { kind in group.findings.filter { $0.kind == kind } }
      let shortened = byKind.contains { $0.count > Self.examplesPerKind }
      out += "\n\(group.name)"
      out += shortened ? " (\(group.findings.count) findings):\n" : ":\n"
      for (kind, findings) in zip(kinds, byKind) {
        for finding in findings.prefix(Self.examplesPerKind) { out += "  \(finding.message)\n" }
        let rest = findings.count - Self.examplesPerKind
        if rest > 0 {
          out +=
            "  … and \(rest) more like \(Self.examplesPerKind == 1 ? "it" : "these") "
            + "(\(kind)); --format json lists every one\n"
        }
      }
    }
    return out
  }

  /// `--format json`: one object.
  var json: String {
    "{\"site\":" + JSONEscaping.quote(site.origin) + ",\"ok\":\(findings.isEmpty),"
      + "\"webLinksChecked\":\(webLinksChecked),\"findings\":["
      + findings.map(\.json).joined(separator: ",") + "]}\n"
  }
}

/// The checks of `switchyard doctor`, on answers fetched by a ``DoctorFetch``: no network of
/// their own, so that every check is tested on answers made up in the tests.
enum DoctorExamination {
  static let appleGroup = "apple-app-site-association"
  static let androidGroup = "assetlinks.json"
  static let cdnGroup = "Apple's CDN"
  static let googleGroup = "Google's statement list"
  static let manifestGroup = "AndroidManifest.xml"
  static func routeGroup(_ name: String) -> String { "route \"\(name)\"" }

  /// How many of the routes' web pages are requested at once: a site with many routes is
  /// checked in about (routes ÷ 8) × `--timeout` at worst, not routes × `--timeout`, without
  /// opening a connection per route at once.
  static let pageConcurrency = 8

  /// Runs every check, or fails when the site cannot be reached at all.
  static func run(_ request: DoctorRequest, fetch: @escaping DoctorFetch) async -> Result<
    DoctorReport, DoctorFetchFailure
  > {
    let site = request.site
    var findings: [DoctorFinding] = []
    let appleURL = site.origin + DoctorRequest.applePath
    var association: AppleAppSiteAssociation?
    switch await fetch(appleURL, false) {
    case .failure(.tls(let message)):
      findings.append(
        DoctorFinding(
          group: "TLS", kind: "tls", url: site.origin,
          message: "the certificate is not valid for \(site.host) (\(message)): Apple and "
            + "Google fetch the files over valid HTTPS only, so no link opens the app"))
      return .success(DoctorReport(site: site, findings: findings, webLinksChecked: 0))
    case .failure(.handshake(let message)):
      findings.append(
        DoctorFinding(
          group: "TLS", kind: "tls", url: site.origin,
          message: "HTTPS fails on \(site.host) (\(message)): Apple and Google fetch the files "
            + "over valid HTTPS only, so no link opens the app"))
      return .success(DoctorReport(site: site, findings: findings, webLinksChecked: 0))
    case .failure(let failure):
      return .failure(failure)
    case .success(let response):
      let checked = checkFile(response, url: appleURL, platform: .apple)
      findings += checked.findings
      if let text = checked.text {
        do {
          association = try AppleAppSiteAssociation(json: text)
        } catch {
          findings.append(
            DoctorFinding(
              group: appleGroup, kind: "invalidJSON", url: appleURL,
              message: "not a valid apple-app-site-association file (\(error)): Apple ignores "
                + "it, so no link opens the app"))
        }
      }
    }
    if let association {
      findings += verify(association, request: request, url: appleURL)
    }
    findings += checkManifest(request)
    findings += await checkAndroid(request, fetch: fetch)
    if let association, let base = request.appleCDN {
      findings += await compareCDN(
        origin: association, base: base, request: request, fetch: fetch)
    }
    let witnesses = AppleAppSiteAssociation.webWitnesses(in: request.table, host: site.host)
    // The witness is https://HOST/…; the request goes to the site's origin (with its port).
    let urls = witnesses.map { site.origin + $0.url.dropFirst("https://".count + site.host.count) }
    let pages = await fetchAll(urls, browser: true, fetch: fetch)
    for (witness, (url, page)) in zip(witnesses, zip(urls, pages)) {
      if let finding = checkWebPage(route: witness.route, url: url, page) {
        findings.append(finding)
      }
    }
    findings += await checkShortLinks(request, association: association, fetch: fetch)
    return .success(
      DoctorReport(site: site, findings: ordered(findings), webLinksChecked: witnesses.count))
  }

  /// Fetches `urls`, at most `limit` at a time, and returns the answers in the order of
  /// `urls`.
  static func fetchAll(
    _ urls: [String], browser: Bool, limit: Int = pageConcurrency, fetch: @escaping DoctorFetch
  ) async -> [Result<DoctorResponse, DoctorFetchFailure>] {
    await withTaskGroup(of: (Int, Result<DoctorResponse, DoctorFetchFailure>).self) { group in
      var answers: [Result<DoctorResponse, DoctorFetchFailure>?] = Array(
        repeating: nil, count: urls.count)
      var next = 0
      func start() {
        let index = next
        let url = urls[index]
        group.addTask { (index, await fetch(url, browser)) }
        next += 1
      }
      while next < min(max(limit, 1), urls.count) { start() }
      while let (index, answer) = await group.next() {
        answers[index] = answer
        if next < urls.count { start() }
      }
      return answers.compactMap { $0 }
    }
  }

  /// Findings of the same group together, groups in the order of their first finding
  /// (files, CDN, routes), keeping the order within a group.
  static func ordered(_ findings: [DoctorFinding]) -> [DoctorFinding] {
    func rank(_ group: String) -> Int {
      switch group {
      case "TLS": 0
      case appleGroup: 1
      case androidGroup: 2
      case manifestGroup: 3
      case cdnGroup: 4
      case googleGroup: 5
      default: 6
      }
    }
    return findings.enumerated().sorted { a, b in
      let (ra, rb) = (rank(a.element.group), rank(b.element.group))
      return ra != rb ? ra < rb : a.offset < b.offset
    }.map(\.element)
  }

  enum Platform {
    case apple
    case android

    var group: String {
      self == .apple ? DoctorExamination.appleGroup : DoctorExamination.androidGroup
    }
    var who: String { self == .apple ? "Apple" : "Google" }
  }

  /// The checks of the file's hosting: status, redirect, content type, size, BOM, an HTML page.
  /// Returns the findings and the text to read as JSON (`nil` when there is none to read).
  static func checkFile(_ response: DoctorResponse, url: String, platform: Platform) -> (
    findings: [DoctorFinding], text: String?
  ) {
    let group = platform.group
    let who = platform.who
    func finding(_ kind: String, _ message: String) -> DoctorFinding {
      DoctorFinding(group: group, kind: kind, url: url, message: message)
    }
    if (300..<400).contains(response.status) {
      let target = response.header("Location").map { "to \($0.escapedForDisplay) " } ?? ""
      return (
        [
          finding(
            "redirect",
            "redirects \(target)(status \(response.status)): \(who) does not follow "
              + "redirects for this file, so no link opens the app")
        ], nil
      )
    }
    guard response.status == 200 else {
      return (
        [
          finding(
            "status",
            "answers \(response.status), not 200: \(who) finds no file, so no link opens the app")
        ], nil
      )
    }
    var body = response.body[...]
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let hasBOM = body.starts(with: bom)
    if hasBOM { body = body.dropFirst(bom.count) }
    let firstByte = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    if firstByte == UInt8(ascii: "<") {
      return (
        [
          finding(
            "htmlPage",
            "answers 200 with an HTML page (an error or landing page), not the JSON file: "
              + "\(who) ignores it, so no link opens the app")
        ], nil
      )
    }
    var findings: [DoctorFinding] = []
    let contentType = response.header("Content-Type") ?? ""
    let mediaType = contentType.split(separator: ";").first.map {
      $0.trimmingWhitespaceForDoctor().lowercased()
    }
    if mediaType != "application/json" {
      let served = contentType.isEmpty ? "no content type" : contentType.escapedForDisplay
      findings.append(
        finding(
          "contentType",
          "is served as \(served), not application/json: \(who) expects application/json "
            + "and may ignore the file"))
    }
    if platform == .apple, response.body.count > AppleAppSiteAssociation.maximumSize {
      findings.append(
        finding(
          "tooLarge",
          "is \(response.body.count) bytes, over Apple's limit of "
            + "\(AppleAppSiteAssociation.maximumSize) (128 KB): Apple ignores the whole file"))
    }
    if hasBOM {
      findings.append(
        finding(
          "byteOrderMark",
          "starts with a byte order mark (EF BB BF): \(who)'s JSON parser rejects the file"))
    }
    guard let text = String(validating: body, as: UTF8.self) else {
      findings.append(
        finding("invalidJSON", "is not UTF-8 text: \(who) cannot read it as JSON"))
      return (findings, nil)
    }
    return (findings, text)
  }

  /// `switchyard verify aasa` on the fetched file: app ID, links let in, routes kept out.
  static func verify(_ association: AppleAppSiteAssociation, request: DoctorRequest, url: String)
    -> [DoctorFinding]
  {
    var findings: [DoctorFinding] = []
    if let appID = request.appID,
      !association.details.contains(where: { $0.appIDs.contains(appID) })
    {
      findings.append(
        DoctorFinding(
          group: appleGroup, kind: "appNotListed", url: url,
          message: "the file names no app \(appID): its links open the browser"))
      return findings
    }
    let drifts = association.verify(
      against: request.table, host: request.site.host, appID: request.appID,
      webOnly: request.webOnly)
    for drift in drifts where !request.isShortLink(drift.url) {
      let difference = Verify.Difference(drift)
      // Under the route's group the file is named; under the file's group, the route is.
      let message =
        drift.routeName == nil
        ? difference.message : "apple-app-site-association: " + withoutRoute(drift)
      findings.append(
        DoctorFinding(
          group: drift.routeName.map(routeGroup) ?? appleGroup, kind: difference.kind,
          url: drift.url, route: drift.routeName,
          message: message + consequence(of: difference.kind, on: .apple)))
    }
    return findings
  }

  /// What `switchyard verify` says of `drift`, without the `route "NAME": ` it starts with:
  /// the doctor shows it under the route's own heading.
  static func withoutRoute(_ drift: AppLinkDrift) -> String {
    let message = Verify.Difference(drift).message
    guard let name = drift.routeName else { return message }
    let prefix = "route \"\(name)\": "
    return message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
  }

  /// What the platform does about a difference `switchyard verify` reports (verify states the
  /// difference only): `": iOS opens …"`, or nothing when the message already says it.
  static func consequence(of kind: String, on platform: Platform) -> String {
    let system = platform == .apple ? "iOS" : "Android"
    switch kind {
    case "unhandledLink":
      return ": \(system) opens such links in the app, where no route handles them"
    case "webOnlyLink":
      return ": \(system) opens them in the app instead of on the web"
    case "routeNotLetIn":
      return ": \(system) opens the route's links in the browser, not the app"
    case "packageNotListed":
      return ": Android does not verify the app's links, so they open in the browser"
    case "fingerprintNotListed":
      return ": Android does not verify the app signed with that key, so its links open in "
        + "the browser"
    default:
      return ""
    }
  }

  /// The Android file: hosting checks when it is served (or `--package` asks for it), then the
  /// package and fingerprints `switchyard verify android` checks, then Google's statement list
  /// compared with it.
  static func checkAndroid(_ request: DoctorRequest, fetch: DoctorFetch) async -> [DoctorFinding] {
    let url = request.site.origin + DoctorRequest.androidPath
    switch await fetch(url, false) {
    case .failure(let failure):
      return [
        DoctorFinding(
          group: androidGroup, kind: "noAnswer", url: url,
          message: message(for: failure) + ": Google cannot verify the app's links")
      ]
    case .success(let response):
      if response.status == 404 && request.package == nil { return [] }
      let checked = checkFile(response, url: url, platform: .android)
      var findings = checked.findings
      guard let body = checked.text else { return findings }
      do {
        let links = try AssetLinks(json: body)
        if let package = request.package {
          findings += VerifyAndroid.differences(links, package: package, sha256: request.sha256)
            .map {
              DoctorFinding(
                group: androidGroup, kind: $0.kind, url: url,
                message: $0.message + consequence(of: $0.kind, on: .android))
            }
        }
        if let base = request.googleStatements {
          findings += await compareStatements(
            origin: links, base: base, request: request, fetch: fetch)
        }
      } catch {
        findings.append(
          DoctorFinding(
            group: androidGroup, kind: "invalidJSON", url: url,
            message: "not a valid assetlinks.json (\(error)): Google ignores it, so Android "
              + "does not verify the app's links"))
      }
      return findings
    }
  }

  /// Apple's CDN copy compared with the origin's file: missing, unreadable, or different
  /// (with the routes it keeps out that the origin's file lets in).
  static func compareCDN(
    origin: AppleAppSiteAssociation, base: String, request: DoctorRequest, fetch: DoctorFetch
  ) async -> [DoctorFinding] {
    var trimmed = base
    while trimmed.hasSuffix("/") { trimmed.removeLast() }
    let url = trimmed + "/" + request.site.host
    func finding(_ kind: String, _ message: String) -> [DoctorFinding] {
      [DoctorFinding(group: cdnGroup, kind: kind, url: url, message: message)]
    }
    let response: DoctorResponse
    switch await fetch(url, false) {
    case .failure(let failure):
      return finding(
        "noAnswer",
        message(for: failure) + ": the copy devices read (they fetch the file from Apple's CDN, "
          + "not from the site) was not compared")
    case .success(let answer):
      response = answer
    }
    guard response.status == 200 else {
      return finding(
        "cdnMissing",
        "\(url) answers \(response.status): Apple's CDN has no copy for \(request.site.host), "
          + "and devices verify links only through it")
    }
    let body =
      response.body.starts(with: [0xEF, 0xBB, 0xBF])
      ? response.body.dropFirst(3) : response.body[...]
    guard let text = String(validating: body, as: UTF8.self),
      let copy = try? AppleAppSiteAssociation(json: text)
    else {
      return finding(
        "cdnInvalid",
        "\(url) is not an apple-app-site-association file: devices that read it open no link "
          + "in the app")
    }
    guard copy != origin else { return [] }
    let host = request.site.host
    func keptOut(_ file: AppleAppSiteAssociation) -> [String] {
      var names: [String] = []
      for drift in file.verify(
        against: request.table, host: host, appID: request.appID, webOnly: request.webOnly)
      where drift.kind == .routeNotLetIn {
        if let name = drift.routeName, !names.contains(name) { names.append(name) }
      }
      return names
    }
    let originKeepsOut = Set(keptOut(origin))
    let lost = keptOut(copy).filter { !originKeepsOut.contains($0) }
    var message =
      "the copy devices read (\(url)) differs from the origin's file: Apple's CDN refreshes "
      + "it on its own schedule, and until then devices follow the copy"
    if !lost.isEmpty {
      let names = lost.map { "\"\($0)\"" }.joined(separator: ", ")
      message +=
        "; it keeps out \(lost.count == 1 ? "route" : "routes") \(names), which the origin's "
        + "file lets in"
    }
    return finding("cdnDiffers", message)
  }

  /// `--manifest`: what `switchyard verify android` reports on the app's intent filters, for
  /// the links on the site's host (a link let in without `android:autoVerify="true"` opens the
  /// browser on Android 12 and later).
  static func checkManifest(_ request: DoctorRequest) -> [DoctorFinding] {
    guard let manifest = request.manifest else { return [] }
    let host = request.site.host
    var findings: [DoctorFinding] = []
    for drift in manifest.verify(against: request.table, hosts: [host]) {
      let url = drift.url.lowercased()
      let onHost = ["https://", "http://"].contains {
        url == $0 + host || url.hasPrefix($0 + host + "/") || url.hasPrefix($0 + host + "?")
      }
      guard onHost else { continue }
      let difference = Verify.Difference(drift)
      let message =
        drift.routeName == nil ? difference.message : "AndroidManifest.xml: " + withoutRoute(drift)
      findings.append(
        DoctorFinding(
          group: drift.routeName.map(routeGroup) ?? manifestGroup, kind: difference.kind,
          url: drift.url, route: drift.routeName,
          message: message + consequence(of: difference.kind, on: .android)))
    }
    return findings
  }

  /// The query of Google's `statements:list` for `site`: its `handle_all_urls` statements.
  static func statementsURL(base: String, site: DoctorSite) -> String {
    var trimmed = base
    while trimmed.hasSuffix("/") { trimmed.removeLast() }
    return trimmed + "/statements:list?source.web.site=" + queryEncoded(site.origin)
      + "&relation=" + queryEncoded(AssetLinks.handleAllURLs)
  }

  /// `text` with every byte but letters, digits and `-._~` percent-encoded.
  static func queryEncoded(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      let scalar = Unicode.Scalar(byte)
      if scalar.isASCII,
        Character(scalar).isLetter || Character(scalar).isNumber
          || "-._~".unicodeScalars
            .contains(scalar)
      {
        out.unicodeScalars.append(scalar)
      } else {
        out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return out
  }

  /// The apps and fingerprints of a `statements:list` answer (`{"statements": [{"relation":
  /// …, "target": {"androidApp": {"packageName": …, "certificate": {"sha256Fingerprint":
  /// …}}}}]}`) that hold `handle_all_urls`, fingerprints in upper case; `nil` when the body is
  /// not such an object. No `statements` member is an empty list.
  static func statementApps(_ body: [UInt8]) -> [AppFingerprint]? {
    guard let root = try? JSONParser.parse(bytes: body), root.objectMembers != nil else {
      return nil
    }
    guard let statements = root["statements"] else { return [] }
    guard let elements = statements.arrayElements else { return nil }
    var found: [AppFingerprint] = []
    for statement in elements {
      guard statement["relation"]?.stringValue == AssetLinks.handleAllURLs,
        let app = statement["target"]?["androidApp"],
        let package = app["packageName"]?.stringValue,
        let fingerprint = app["certificate"]?["sha256Fingerprint"]?.stringValue
      else { continue }
      let pair = AppFingerprint(package: package, fingerprint: fingerprint.uppercased())
      if !found.contains(pair) { found.append(pair) }
    }
    return found
  }

  /// One app's signing key, as `assetlinks.json` and Google's statement list name it.
  struct AppFingerprint: Equatable {
    var package: String
    var fingerprint: String
  }

  /// Google's statement list for the site compared with the origin's `assetlinks.json`: each
  /// app key one has and the other lacks (Google answers from its cache of the file).
  static func compareStatements(
    origin links: AssetLinks, base: String, request: DoctorRequest, fetch: DoctorFetch
  ) async -> [DoctorFinding] {
    let url = statementsURL(base: base, site: request.site)
    func finding(_ kind: String, _ message: String) -> DoctorFinding {
      DoctorFinding(group: googleGroup, kind: kind, url: url, message: message)
    }
    let response: DoctorResponse
    switch await fetch(url, false) {
    case .failure(let failure):
      return [
        finding(
          "noAnswer",
          message(for: failure) + ": Google's list, which Android's verification reads, was not "
            + "compared")
      ]
    case .success(let answer):
      response = answer
    }
    guard response.status == 200 else {
      return [
        finding(
          "statementsMissing",
          "\(url) answers \(response.status): Google's statement list, which Android's "
            + "verification reads, was not compared")
      ]
    }
    guard let listed = statementApps(response.body) else {
      return [
        finding(
          "statementsInvalid",
          "\(url) is not a statement list (an object with \"statements\"): Google's list, "
            + "which Android's verification reads, was not compared")
      ]
    }
    var served: [AppFingerprint] = []
    for app in links.apps {
      for fingerprint in app.fingerprints {
        let pair = AppFingerprint(package: app.packageName, fingerprint: fingerprint.uppercased())
        if !served.contains(pair) { served.append(pair) }
      }
    }
    var findings: [DoctorFinding] = []
    for pair in served where !listed.contains(pair) {
      findings.append(
        finding(
          "statementsDiffer",
          "lacks the fingerprint \(pair.fingerprint) of \(pair.package), which the origin's "
            + "assetlinks.json has: Google still answers from an older copy of the file, and "
            + "until it reads the new one Android does not verify the app signed with that key"))
    }
    for pair in listed where !served.contains(pair) {
      findings.append(
        finding(
          "statementsDiffer",
          "still has the fingerprint \(pair.fingerprint) of \(pair.package), which the origin's "
            + "assetlinks.json no longer has: Google still answers from an older copy of the "
            + "file, and until it reads the new one Android still verifies an app signed with "
            + "that key"))
    }
    return findings
  }

  static func shortLinkGroup(_ prefix: String) -> String { "short links \(prefix)" }

  /// `--link-prefix`: the link service's short links checked as the routes' links are: the
  /// Apple file lets them into the app, and with `--link-code` one of them, requested as a
  /// browser would, lands on a page (the service's landing page or its redirect), not a 404.
  static func checkShortLinks(
    _ request: DoctorRequest, association: AppleAppSiteAssociation?, fetch: DoctorFetch
  ) async -> [DoctorFinding] {
    guard let prefix = request.linkPrefix else { return [] }
    let group = shortLinkGroup(prefix)
    let code = request.linkCode ?? "x"
    var findings: [DoctorFinding] = []
    let link = "https://" + request.site.host + prefix + code
    if let association, !association.opens(link, appID: request.appID) {
      findings.append(
        DoctorFinding(
          group: group, kind: "shortLinkNotLetIn", url: link,
          message: "apple-app-site-association does not let in \(link): short links open the "
            + "browser, not the app (the file needs the path \(prefix)*)"))
    }
    if let code = request.linkCode {
      let url = request.site.origin + prefix + code
      if let finding = checkWebPage(group: group, route: nil, url: url, await fetch(url, true)) {
        findings.append(finding)
      }
    }
    return findings
  }

  /// A route's web link requested as a browser would: it should land on a page.
  static func checkWebPage(
    route: String, url: String, _ result: Result<DoctorResponse, DoctorFetchFailure>
  ) -> DoctorFinding? {
    checkWebPage(group: routeGroup(route), route: route, url: url, result)
  }

  /// A link requested as a browser would, reported under `group`: it should land on a page.
  static func checkWebPage(
    group: String, route: String?, url: String,
    _ result: Result<DoctorResponse, DoctorFetchFailure>
  ) -> DoctorFinding? {
    switch result {
    case .failure(let failure):
      return DoctorFinding(
        group: group, kind: "noAnswer", url: url, route: route,
        message: message(for: failure) + ": without the app, the link opens nothing")
    case .success(let response) where response.status >= 400:
      return DoctorFinding(
        group: group, kind: "webPageMissing", url: url, route: route,
        message: "\(url) answers \(response.status): without the app, the link lands on an "
          + (route == nil
            ? "error page (is the code one the link service minted?)"
            : "error page (serve the route's web page)"))
    case .success:
      return nil
    }
  }

  /// `no answer within 3 s`, `TLS failed (…)`, `cannot connect (…)`: the reasons in
  /// parentheses are the doctor's own words (DoctorClient), never a library's error text.
  static func message(for failure: DoctorFetchFailure) -> String {
    switch failure {
    case .timeout(let seconds): "no answer within \(seconds) s"
    case .tls(let reason), .handshake(let reason): "TLS failed (\(reason))"
    case .unreachable(let reason): "cannot connect (\(reason))"
    }
  }
}

extension String {
  /// The text with `0`s before it up to `width` characters.
  func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}

extension Substring {
  /// Without spaces and tabs at either end.
  func trimmingWhitespaceForDoctor() -> Substring {
    var text = self
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return text
  }
}
