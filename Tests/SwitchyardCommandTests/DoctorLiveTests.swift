#if Doctor
  import Foundation
  import NIOCore
  import NIOHTTP1
  import NIOPosix
  import NIOSSL
  import Switchyard
  import SwitchyardFiles
  import Testing

  /// One answer of a loopback site: status, header fields and body.
  struct LoopbackAnswer: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    static func json(_ text: String, type: String = "application/json") -> LoopbackAnswer {
      LoopbackAnswer(status: 200, headers: [("Content-Type", type)], body: Array(text.utf8))
    }
    static let page = LoopbackAnswer(
      status: 200, headers: [("Content-Type", "text/html")], body: Array("<p>Shop</p>".utf8))
    static let notFound = LoopbackAnswer(
      status: 404, headers: [("Content-Type", "text/html")], body: Array("<p>404</p>".utf8))
  }

  /// Answers each request head with what `answer` returns for its path.
  final class LoopbackResponder: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    let answer: @Sendable (String) -> LoopbackAnswer

    init(answer: @escaping @Sendable (String) -> LoopbackAnswer) { self.answer = answer }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      guard case .head(let head) = unwrapInboundIn(data) else { return }
      let answer = answer(head.uri)
      var headers = HTTPHeaders(answer.headers)
      headers.add(name: "Content-Length", value: "\(answer.body.count)")
      let response = HTTPResponseHead(
        version: head.version, status: HTTPResponseStatus(statusCode: answer.status),
        headers: headers)
      context.write(wrapOutboundOut(.head(response)), promise: nil)
      context.write(
        wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: answer.body)))), promise: nil)
      context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
  }

  /// Certificates made for one test with Debian's `openssl` (nothing is committed): a CA, a
  /// certificate it signs for `localhost`, one for another host, one for the IPv6 loopback
  /// address `::1` (`ipv6`), and one for `localhost` that
  /// expired in February 2020 (`openssl ca` writes its dates: no waiting for it to expire).
  struct LoopbackCertificates {
    let folder: URL
    var caFile: String { folder.appendingPathComponent("ca.pem").path }

    init() throws {
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("switchyard-doctor-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try openssl([
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", "ca.key", "-out", "ca.pem", "-days", "30", "-subj", "/CN=Switchyard test CA",
      ])
      for (name, host, altName) in [
        ("localhost", "localhost", "DNS:localhost"),
        ("wrong", "wrong.example", "DNS:wrong.example"),
        ("ipv6", "ipv6-loopback", "IP:::1"),
      ] {
        try openssl([
          "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
          "-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=\(host)",
        ])
        try Data("subjectAltName=\(altName)\n".utf8).write(
          to: folder.appendingPathComponent("\(name).ext"))
        try openssl([
          "x509", "-req", "-in", "\(name).csr", "-CA", "ca.pem", "-CAkey", "ca.key",
          "-CAcreateserial", "-out", "\(name).pem", "-days", "30", "-extfile", "\(name).ext",
        ])
      }
      try openssl([
        "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", "expired.key", "-out", "expired.csr", "-subj", "/CN=localhost",
      ])
      let authority = """
        [ca]
        default_ca = test
        [test]
        database = index.txt
        new_certs_dir = .
        serial = serial.txt
        default_md = sha256
        policy = any
        x509_extensions = leaf
        unique_subject = no
        [any]
        commonName = supplied
        [leaf]
        subjectAltName = DNS:localhost

        """
      try Data(authority.utf8).write(to: folder.appendingPathComponent("ca.cnf"))
      try Data().write(to: folder.appendingPathComponent("index.txt"))
      try Data("01\n".utf8).write(to: folder.appendingPathComponent("serial.txt"))
      try openssl([
        "ca", "-batch", "-config", "ca.cnf", "-cert", "ca.pem", "-keyfile", "ca.key", "-in",
        "expired.csr", "-out", "expired.pem", "-notext", "-startdate", "20200101000000Z",
        "-enddate", "20200201000000Z",
      ])
    }

    func openssl(_ arguments: [String]) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["openssl"] + arguments
      process.currentDirectoryURL = folder
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "openssl \(arguments.joined(separator: " "))")
    }

    /// The server's TLS configuration with the certificate `name` (`localhost`, `wrong`,
    /// `expired`).
    func serverConfiguration(_ name: String) throws -> TLSConfiguration {
      let chain = try NIOSSLCertificate.fromPEMFile(
        folder.appendingPathComponent("\(name).pem").path)
      let key = try NIOSSLPrivateKey(
        file: folder.appendingPathComponent("\(name).key").path, format: .pem)
      return .makeServerConfiguration(
        certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
    }

    /// A TLS context for a NIO server with the certificate `name`.
    func server(_ name: String) throws -> NIOSSLContext {
      try NIOSSLContext(configuration: try serverConfiguration(name))
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  /// How many connections a ``LoopbackSite`` accepted.
  final class ConnectionCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
  }

  /// An HTTPS server on 127.0.0.1 (or `host`) answering from a closure (or, with `tls` nil, a
  /// listener that accepts connections and never answers; with `plainHTTP` too, a plain HTTP
  /// server).
  struct LoopbackSite {
    let channel: any Channel
    let port: Int
    /// The connections accepted so far.
    let accepted = ConnectionCount()
    var origin: String { "https://localhost:\(port)" }

    init(
      tls: NIOSSLContext?, host: String = "127.0.0.1", plainHTTP: Bool = false,
      answer: @escaping @Sendable (String) -> LoopbackAnswer
    ) throws {
      let accepted = accepted
      channel = try ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .childChannelInitializer { channel in
          accepted.add()
          return channel.eventLoop.makeCompletedFuture {
            if let tls {
              try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls))
            } else if !plainHTTP {
              return
            }
            try channel.pipeline.syncOperations.configureHTTPServerPipeline()
            try channel.pipeline.syncOperations.addHandler(LoopbackResponder(answer: answer))
          }
        }
        .bind(host: host, port: 0).wait()
      port = channel.localAddress?.port ?? 0
    }

    func close() { try? channel.close().wait() }
  }

  /// `switchyard doctor` against loopback HTTPS servers with certificates made at run time: one
  /// that serves the exported files and pages, and one wrong in each way a real site can be.
  @Suite("switchyard doctor against loopback HTTPS servers (Doctor trait)")
  struct DoctorLiveTests {
    static let appID = "ABCDE12345.com.example.shop"
    static let routes = """
      {
        "version": 1,
        "routes": [
          { "name": "product", "pattern": "https://localhost/product/:id" },
          { "name": "cart",    "pattern": "https://localhost/cart" },
          { "name": "account", "pattern": "shopapp://account" }
        ]
      }
      """
    static let olderRoutes = """
      { "version": 1, "routes": [ { "name": "product", "pattern": "https://localhost/product/:id" } ] }
      """

    static func association(_ routes: String = routes) throws -> String {
      let table = try RouteFile.parse(routes, fileName: "routes.json")
      return AppleAppSiteAssociation.export(table, appIDs: [appID], host: "localhost").file.json
    }

    static let package = "com.example.shop"
    static let currentKey = Array(repeating: "AB", count: 32).joined(separator: ":")
    static let retiredKey = Array(repeating: "0C", count: 32).joined(separator: ":")

    /// A `statements:list` answer of Google's Digital Asset Links API naming `fingerprints`.
    static func statements(_ fingerprints: [String]) -> String {
      let listed = fingerprints.map { fingerprint in
        """
        {"source":{"web":{"site":"https://localhost."}},\
        "relation":"delegate_permission/common.handle_all_urls",\
        "target":{"androidApp":{"packageName":"\(package)",\
        "certificate":{"sha256Fingerprint":"\(fingerprint)"}}}}
        """
      }
      return "{\"statements\":[" + listed.joined(separator: ",") + "],\"maxAge\":\"3600s\"}"
    }

    /// The site that gets everything right, with some paths answered otherwise: the exported
    /// file at the origin and at `/cdn/localhost` (the CDN stand-in), a page for the routes'
    /// links, 404 for anything else. `/google/statements:list` (Google's stand-in) answers the
    /// override `/google/statements:list` when asked for the site's `handle_all_urls`
    /// statements, else 400.
    static func site(_ overrides: [String: LoopbackAnswer] = [:]) throws
      -> @Sendable (String)
      -> LoopbackAnswer
    {
      let file = LoopbackAnswer.json(try association())
      var answers: [String: LoopbackAnswer] = [
        "/.well-known/apple-app-site-association": file, "/cdn/localhost": file,
      ]
      answers.merge(overrides) { _, new in new }
      let fixed = answers
      let statements = "/google/statements:list"
      return { path in
        if path.hasPrefix(statements + "?"), let answer = fixed[statements] {
          let query = path.dropFirst(statements.count + 1).split(separator: "&")
          let asked =
            query.count == 2 && query[0].hasPrefix("source.web.site=https%3A%2F%2Flocalhost%3A")
            && query[1] == "relation=delegate_permission%2Fcommon.handle_all_urls"
          return asked ? answer : LoopbackAnswer(status: 400, headers: [], body: [])
        }
        if let answer = fixed[path] { return answer }
        return path.hasPrefix("/product/") || path == "/cart" ? .page : .notFound
      }
    }

    /// Runs `switchyard doctor` against a server with the certificate `certificate`, in a
    /// folder holding `routes.json` and `files`.
    static func doctor(
      _ overrides: [String: LoopbackAnswer] = [:], certificate: String = "localhost",
      extra: [String] = [], files: [String: String] = [:]
    ) throws -> (result: CommandResult, port: Int) {
      let run = try doctorCounting(
        overrides, certificate: certificate, extra: extra, files: files)
      return (run.result, run.port)
    }

    /// ``doctor(_:certificate:extra:files:)``, also returning how many connections the server
    /// accepted.
    static func doctorCounting(
      _ overrides: [String: LoopbackAnswer] = [:], certificate: String = "localhost",
      extra: [String] = [], files: [String: String] = [:]
    ) throws -> (result: CommandResult, port: Int, connections: Int) {
      let certificates = try LoopbackCertificates()
      defer { certificates.remove() }
      let server = try LoopbackSite(
        tls: try certificates.server(certificate), answer: site(overrides))
      defer { server.close() }
      let folder = try CommandRunner.directory(
        with: files.merging(["routes.json": routes]) { a, _ in a })
      defer { try? FileManager.default.removeItem(at: folder) }
      let result = try CommandRunner.run(
        [
          "doctor", server.origin, "--ca-file", certificates.caFile, "--apple-cdn",
          server.origin + "/cdn", "--google-statements", server.origin + "/google",
          "--timeout", "20",
        ] + extra, in: folder)
      return (result, server.port, server.accepted.value)
    }

    // The passing case, against a Hummingbird server with AppLinksMiddleware, is
    // `passesAgainstAppLinksMiddleware` (DoctorHummingbirdTests.swift). Each case below changes
    // one answer of the site above, which otherwise draws no finding.

    /// Runs the doctor against the site with `overrides` and returns stdout, expecting exit 1.
    static func finding(
      _ overrides: [String: LoopbackAnswer], extra: [String] = [], files: [String: String] = [:]
    ) throws -> (stdout: String, port: Int) {
      let (result, port) = try doctor(overrides, extra: extra, files: files)
      #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
      return (result.stdout, port)
    }

    @Test("A redirect of the Apple file: reported, exit 1")
    func redirect() throws {
      let (stdout, _) = try Self.finding([
        "/.well-known/apple-app-site-association": LoopbackAnswer(
          status: 301, headers: [("Location", "https://www.example.com/aasa")], body: [])
      ])
      #expect(
        stdout.contains(
          "  redirects to https://www.example.com/aasa (status 301): Apple does not follow "
            + "redirects for this file, so no link opens the app\n"))
    }

    @Test("The Apple file served as text/html: reported, exit 1")
    func contentType() throws {
      let (stdout, port) = try Self.finding([
        "/.well-known/apple-app-site-association": .json(try Self.association(), type: "text/html")
      ])
      #expect(
        stdout == """
          https://localhost:\(port): 1 finding

          apple-app-site-association:
            is served as text/html, not application/json: Apple expects application/json and \
          may ignore the file

          """)
    }

    @Test("A byte order mark: reported, exit 1")
    func byteOrderMark() throws {
      var answer = LoopbackAnswer.json(try Self.association())
      answer.body = [0xEF, 0xBB, 0xBF] + answer.body
      let (stdout, _) = try Self.finding(["/.well-known/apple-app-site-association": answer])
      #expect(
        stdout.contains(
          "  starts with a byte order mark (EF BB BF): Apple's JSON parser rejects the file\n"))
    }

    @Test("A 200 KB file: over Apple's limit, exit 1")
    func tooLarge() throws {
      let padded = try Self.association() + String(repeating: " ", count: 200 * 1024)
      let (stdout, _) = try Self.finding(["/.well-known/apple-app-site-association": .json(padded)])
      #expect(
        stdout.contains(
          "  is \(padded.utf8.count) bytes, over Apple's limit of 131072 (128 KB): Apple "
            + "ignores the whole file\n"))
    }

    @Test("An HTML error page with status 200: reported, exit 1")
    func htmlPage() throws {
      let (stdout, _) = try Self.finding([
        "/.well-known/apple-app-site-association": .json(
          "<!DOCTYPE html><title>Oops</title>", type: "text/html")
      ])
      #expect(
        stdout.contains(
          "  answers 200 with an HTML page (an error or landing page), not the JSON file: "
            + "Apple ignores it, so no link opens the app\n"))
    }

    @Test("A certificate for another host: a TLS finding, exit 1")
    func wrongHost() throws {
      let (result, port, connections) = try Self.doctorCounting(certificate: "wrong")
      #expect(result.status == 1, "\(result.stderr)")
      // One handshake: the client does not try again until the --timeout is spent.
      #expect(connections == 1)
      #expect(
        result.stdout == """
          https://localhost:\(port): 1 finding

          TLS:
            the certificate is not valid for localhost (it names another host): Apple and \
          Google fetch the files over valid HTTPS only, so no link opens the app

          """)
    }

    @Test("An expired certificate: a TLS finding with the day it expired, exit 1")
    func expiredCertificate() throws {
      let (result, port, connections) = try Self.doctorCounting(certificate: "expired")
      #expect(result.status == 1, "\(result.stderr)")
      // The request's handshake, and the one that reads the certificate's dates: the client
      // does not try again until the --timeout is spent.
      #expect(connections == 2)
      #expect(
        result.stdout == """
          https://localhost:\(port): 1 finding

          TLS:
            the certificate is not valid for localhost (it expired on 2020-02-01): Apple and \
          Google fetch the files over valid HTTPS only, so no link opens the app

          """)
    }

    @Test("A CDN stand-in serving an older file: the route it keeps out, exit 1")
    func olderCDNCopy() throws {
      let (stdout, port) = try Self.finding([
        "/cdn/localhost": .json(try Self.association(Self.olderRoutes))
      ])
      #expect(
        stdout.contains(
          "  the copy devices read (https://localhost:\(port)/cdn/localhost) differs from the "
            + "origin's file: Apple's CDN refreshes it on its own schedule, and until then "
            + "devices follow the copy; it keeps out route \"cart\", which the origin's file "
            + "lets in\n"))
    }

    /// The site serving an `assetlinks.json` for the app signed with `fingerprints`, and
    /// Google's stand-in listing `listed`.
    static func androidSite(served fingerprints: [String], listed: [String]) -> [String:
      LoopbackAnswer]
    {
      [
        "/.well-known/assetlinks.json": .json(
          AssetLinks(packageName: package, fingerprints: fingerprints).json),
        "/google/statements:list": .json(statements(listed)),
      ]
    }

    @Test("assetlinks.json and Google's statement list that agree: ok, exit 0")
    func googleStatementsAgree() throws {
      let (result, _) = try Self.doctor(
        Self.androidSite(served: [Self.currentKey], listed: [Self.currentKey]),
        extra: ["--package", Self.package, "--sha256", Self.currentKey])
      #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test("Google's statement list lacks the origin's new key and keeps a retired one: exit 1")
    func googleStatementsOlder() throws {
      let (stdout, port) = try Self.finding(
        Self.androidSite(served: [Self.currentKey], listed: [Self.retiredKey]),
        extra: ["--package", Self.package, "--sha256", Self.currentKey])
      #expect(
        stdout == """
          https://localhost:\(port): 2 findings

          Google's statement list:
            lacks the fingerprint \(Self.currentKey) of com.example.shop, which the origin's \
          assetlinks.json has: Google still answers from an older copy of the file, and until \
          it reads the new one Android does not verify the app signed with that key
            still has the fingerprint \(Self.retiredKey) of com.example.shop, which the \
          origin's assetlinks.json no longer has: Google still answers from an older copy of \
          the file, and until it reads the new one Android still verifies an app signed with \
          that key

          """)
    }

    /// A manifest whose filter for `/product/…` verifies and whose filter for `/cart` does not.
    static let manifest = """
      <?xml version="1.0" encoding="utf-8"?>
      <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.shop">
        <application>
          <activity android:name=".Main">
            <intent-filter android:autoVerify="true">
              <action android:name="android.intent.action.VIEW" />
              <category android:name="android.intent.category.DEFAULT" />
              <category android:name="android.intent.category.BROWSABLE" />
              <data android:scheme="https" android:host="localhost" android:pathPattern="/product/..*" />
            </intent-filter>
            <intent-filter>
              <action android:name="android.intent.action.VIEW" />
              <category android:name="android.intent.category.DEFAULT" />
              <category android:name="android.intent.category.BROWSABLE" />
              <data android:scheme="https" android:host="localhost" android:path="/cart" />
              <data android:path="/cart/" />
            </intent-filter>
            <intent-filter>
              <action android:name="android.intent.action.VIEW" />
              <category android:name="android.intent.category.BROWSABLE" />
              <data android:scheme="shopapp" android:host="account" />
            </intent-filter>
          </activity>
        </application>
      </manifest>

      """

    @Test("--manifest with a filter for a route's links without autoVerify: reported, exit 1")
    func manifestWithoutAutoVerify() throws {
      let (stdout, port) = try Self.finding(
        [:], extra: ["--manifest", "AndroidManifest.xml"],
        files: ["AndroidManifest.xml": Self.manifest])
      #expect(
        stdout == """
          https://localhost:\(port): 1 finding

          route "cart":
            AndroidManifest.xml: no filter that lets in https://localhost/cart has \
          android:autoVerify="true", so Android 12 and later open it in the browser

          """)
      let verified = Self.manifest.replacingOccurrences(
        of: "<intent-filter>\n        <action android:name=\"android.intent.action.VIEW\" />\n"
          + "        <category android:name=\"android.intent.category.DEFAULT\" />",
        with: "<intent-filter android:autoVerify=\"true\">\n"
          + "        <action android:name=\"android.intent.action.VIEW\" />\n"
          + "        <category android:name=\"android.intent.category.DEFAULT\" />")
      #expect(verified != Self.manifest)
      let (result, _) = try Self.doctor(
        extra: ["--manifest", "AndroidManifest.xml"], files: ["AndroidManifest.xml": verified])
      #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test("--manifest that is not well-formed XML: FILE:LINE:COLUMN, exit 2")
    func manifestNotXML() throws {
      let broken = "<manifest>\n  <application>\n  </manifest>\n"
      let (result, _) = try Self.doctor(
        extra: ["--manifest", "AndroidManifest.xml"], files: ["AndroidManifest.xml": broken])
      #expect(result.status == 2)
      #expect(result.stdout == "")
      #expect(
        result.stderr.hasPrefix(
          "note: using routes from ./routes.json (3 routes)\nAndroidManifest.xml:3:"),
        "\(result.stderr)")
    }

    /// The exported association file with the link service's short links (`/l/*`) let in.
    static func associationWithShortLinks() throws -> String {
      let table = try RouteFile.parse(routes, fileName: "routes.json")
      var file = AppleAppSiteAssociation.export(table, appIDs: [appID], host: "localhost").file
      file.details[0].components.append(AppleAppSiteAssociation.Component(path: "/l/*"))
      return file.json
    }

    @Test("--link-prefix and --link-code on a site that lets short links in and redirects: exit 0")
    func shortLinksResolve() throws {
      let file = LoopbackAnswer.json(try Self.associationWithShortLinks())
      let (result, _) = try Self.doctor(
        [
          "/.well-known/apple-app-site-association": file, "/cdn/localhost": file,
          "/l/Ab3dE7": LoopbackAnswer(
            status: 302, headers: [("Location", "https://localhost/product/7")], body: []),
        ], extra: ["--link-prefix", "/l/", "--link-code", "Ab3dE7"])
      #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test("Short links the Apple file keeps out and that 404: reported under the prefix, exit 1")
    func shortLinksMissing() throws {
      let (stdout, port) = try Self.finding(
        [:], extra: ["--link-prefix", "/l/", "--link-code", "Ab3dE7"])
      #expect(
        stdout == """
          https://localhost:\(port): 2 findings

          short links /l/:
            apple-app-site-association does not let in https://localhost/l/Ab3dE7: short links \
          open the browser, not the app (the file needs the path /l/*)
            https://localhost:\(port)/l/Ab3dE7 answers 404: without the app, the link lands on \
          an error page (is the code one the link service minted?)

          """)
    }

    @Test("--link-prefix not /…/, --link-code without a prefix: usage errors, exit 2")
    func shortLinkUsage() throws {
      let prefix = try CommandRunner.run(["doctor", "https://example.com", "--link-prefix", "l"])
      #expect(prefix.status == 2)
      #expect(prefix.stderr == "error: --link-prefix 'l' is not a path prefix such as /l/\n")
      let code = try CommandRunner.run(["doctor", "https://example.com", "--link-code", "abc"])
      #expect(code.status == 2)
      #expect(code.stderr == "error: --link-code needs --link-prefix\n")
    }

    @Test("A routed path that 404s: reported under its route, exit 1")
    func routedPathMissing() throws {
      let (stdout, port) = try Self.finding(["/cart": .notFound])
      #expect(
        stdout == """
          https://localhost:\(port): 1 finding

          route "cart":
            https://localhost:\(port)/cart answers 404: without the app, the link lands on an \
          error page (serve the route's web page)

          """)
    }

    @Test("--format json: one object with the findings")
    func json() throws {
      let (stdout, _) = try Self.finding(["/cart": .notFound], extra: ["--format", "json"])
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
      let findings = try #require(object["findings"] as? [[String: Any]])
      #expect(findings.map { $0["kind"] as? String } == ["webPageMissing"])
      #expect(findings.first?["route"] as? String == "cart")
    }

    @Test("A server that never answers: no answer within --timeout, exit 2")
    func timeout() throws {
      let server = try LoopbackSite(tls: nil) { _ in .notFound }
      defer { server.close() }
      let result = try CommandRunner.run(
        ["doctor", server.origin, "--timeout", "1", "--apple-cdn", "none"], routeFile: Self.routes)
      #expect(result.status == 2)
      #expect(result.stdout == "")
      #expect(
        result.stderr
          == "note: using routes from ./routes.json (3 routes)\n"
          + "error: /.well-known/apple-app-site-association could not be fetched: no answer "
          + "within 1 s\n")
    }

    static let article = "Sources/SwitchyardFiles/SwitchyardFiles.docc/CheckingALiveDomain.md"

    /// The first ```json block of `text`.
    static func jsonBlock(in text: String) -> String? {
      guard let start = text.range(of: "```json\n"),
        let end = text.range(of: "\n```", range: start.upperBound..<text.endIndex)
      else { return nil }
      return String(text[start.upperBound..<end.lowerBound])
    }

    @Test("The article's example prints what the article shows (the port written as 8443)")
    func articleExample() throws {
      let text = try CommandRunner.repositoryFile(Self.article)
      let routes = try #require(Self.jsonBlock(in: text), "the article's routes block")
      let examples = DocumentationExampleTests.commandExamples(in: text).examples
      let example = try #require(examples.first { $0.arguments.first == "doctor" })
      #expect(examples.count == 1)
      let certificates = try LoopbackCertificates()
      defer { certificates.remove() }
      // The site the article describes: the file for these routes at the origin, the file
      // from before the `cart` route at the CDN stand-in, and no page for /cart.
      let current = try RouteFile.parse(routes, fileName: "routes.json")
      let file = AppleAppSiteAssociation.export(current, appIDs: [Self.appID], host: "localhost")
        .file.json
      let answers: [String: LoopbackAnswer] = [
        "/.well-known/apple-app-site-association": .json(file),
        "/cdn/localhost": .json(try Self.association(Self.olderRoutes)),
      ]
      let server = try LoopbackSite(tls: try certificates.server("localhost")) { path in
        answers[path] ?? (path.hasPrefix("/product/") ? .page : .notFound)
      }
      defer { server.close() }
      let caPEM = try String(contentsOfFile: certificates.caFile, encoding: .utf8)
      let folder = try CommandRunner.directory(with: ["routes.json": routes, "ca.pem": caPEM])
      defer { try? FileManager.default.removeItem(at: folder) }
      let arguments = example.arguments.map {
        $0.replacingOccurrences(of: "localhost:8443", with: "localhost:\(server.port)")
      }
      let result = try CommandRunner.run(arguments, in: folder)
      #expect(result.status == 1)
      let printed = (result.stderr + result.stdout).replacingOccurrences(
        of: "localhost:\(server.port)", with: "localhost:8443")
      func trimmed(_ text: String) -> String {
        String(text.reversed().drop { $0 == "\n" }.reversed())
      }
      #expect(trimmed(printed) == trimmed(example.expected))
    }

    @Test("Usage errors: not https://HOST, a --timeout out of range (exit 2)")
    func usage() throws {
      let http = try CommandRunner.run(["doctor", "http://example.com"])
      #expect(http.status == 2)
      #expect(http.stderr.hasPrefix("error: 'http://example.com' is not an https:// URL"))
      let timeout = try CommandRunner.run(["doctor", "https://example.com", "--timeout", "0"])
      #expect(timeout.status == 2)
      #expect(timeout.stderr == "error: --timeout 0 is not between 1 and 600 seconds\n")
    }
  }
#endif
