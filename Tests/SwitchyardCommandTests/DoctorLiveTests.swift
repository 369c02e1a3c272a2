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
  /// certificate it signs for `localhost` and one for another host.
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
      for (name, host) in [("localhost", "localhost"), ("wrong", "wrong.example")] {
        try openssl([
          "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
          "-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=\(host)",
        ])
        try Data("subjectAltName=DNS:\(host)\n".utf8).write(
          to: folder.appendingPathComponent("\(name).ext"))
        try openssl([
          "x509", "-req", "-in", "\(name).csr", "-CA", "ca.pem", "-CAkey", "ca.key",
          "-CAcreateserial", "-out", "\(name).pem", "-days", "30", "-extfile", "\(name).ext",
        ])
      }
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

    /// The server's TLS configuration with the certificate `name` (`localhost`, `wrong`).
    func server(_ name: String) throws -> NIOSSLContext {
      let chain = try NIOSSLCertificate.fromPEMFile(
        folder.appendingPathComponent("\(name).pem").path)
      let key = try NIOSSLPrivateKey(
        file: folder.appendingPathComponent("\(name).key").path, format: .pem)
      return try NIOSSLContext(
        configuration: .makeServerConfiguration(
          certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key)))
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  /// An HTTPS server on 127.0.0.1 answering from a closure (or, with `tls` nil, a listener that
  /// accepts connections and never answers).
  struct LoopbackSite {
    let channel: any Channel
    let port: Int
    var origin: String { "https://localhost:\(port)" }

    init(tls: NIOSSLContext?, answer: @escaping @Sendable (String) -> LoopbackAnswer) throws {
      channel = try ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .childChannelInitializer { channel in
          channel.eventLoop.makeCompletedFuture {
            guard let tls else { return }
            try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls))
            try channel.pipeline.syncOperations.configureHTTPServerPipeline()
            try channel.pipeline.syncOperations.addHandler(LoopbackResponder(answer: answer))
          }
        }
        .bind(host: "127.0.0.1", port: 0).wait()
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

    /// The site that gets everything right, with some paths answered otherwise: the exported
    /// file at the origin and at `/cdn/localhost` (the CDN stand-in), a page for the routes'
    /// links, 404 for anything else.
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
      return { path in
        if let answer = fixed[path] { return answer }
        return path.hasPrefix("/product/") || path == "/cart" ? .page : .notFound
      }
    }

    /// Runs `switchyard doctor` against a server with the certificate `certificate`.
    static func doctor(
      _ overrides: [String: LoopbackAnswer] = [:], certificate: String = "localhost",
      extra: [String] = []
    ) throws -> (result: CommandResult, port: Int) {
      let certificates = try LoopbackCertificates()
      defer { certificates.remove() }
      let server = try LoopbackSite(
        tls: try certificates.server(certificate), answer: site(overrides))
      defer { server.close() }
      let result = try CommandRunner.run(
        [
          "doctor", server.origin, "--ca-file", certificates.caFile, "--apple-cdn",
          server.origin + "/cdn", "--timeout", "20",
        ] + extra, routeFile: routes)
      return (result, server.port)
    }

    @Test("The exported files and a page for each routed link: ok, exit 0")
    func passes() throws {
      let (result, port) = try Self.doctor()
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        result.stdout
          == "ok: https://localhost:\(port) serves its app-link files as Apple and Google fetch "
          + "them, they let in what the routes handle, and the 2 routes' web links each land on "
          + "a page\n")
      #expect(result.stderr == "note: using routes from ./routes.json (3 routes)\n")
    }

    /// Runs the doctor against the site with `overrides` and returns stdout, expecting exit 1.
    static func finding(_ overrides: [String: LoopbackAnswer], extra: [String] = []) throws -> (
      stdout: String, port: Int
    ) {
      let (result, port) = try doctor(overrides, extra: extra)
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
      let (result, port) = try Self.doctor(certificate: "wrong")
      #expect(result.status == 1, "\(result.stderr)")
      #expect(
        result.stdout == """
          https://localhost:\(port): 1 finding

          TLS:
            the certificate is not valid for localhost (it names another host): Apple and \
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
