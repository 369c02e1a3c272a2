#if Doctor
  import AsyncHTTPClient
  import Foundation
  import NIOCore
  import NIOHTTP1
  import NIOPosix
  import NIOSSL

  /// The HTTPS client of `switchyard doctor` (AsyncHTTPClient): no redirect followed, the
  /// system's trust roots or `--ca-file`'s, and `--timeout` for each request as a whole.
  struct DoctorClient {
    let client: HTTPClient
    let timeout: Int

    /// A desktop browser's user agent, for the web links: some sites answer robots otherwise.
    static let browserAgent =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
      + "(KHTML, like Gecko) Version/17.0 Safari/605.1.15"

    /// Reads `caFile` (PEM) when given; throws when it holds no certificate.
    init(timeout: Int, caFile: String?) throws {
      var tls = TLSConfiguration.makeClientConfiguration()
      if let caFile {
        let certificates = try NIOSSLCertificate.fromPEMFile(caFile)
        tls.trustRoots = .certificates(certificates)
      }
      // A connection that fails (refused, a certificate that does not verify) fails its
      // request at once: by default the pool would try again until the request's deadline, and
      // every such site would take the whole --timeout to report.
      var pool = HTTPClient.Configuration.ConnectionPool()
      pool.retryConnectionEstablishment = false
      let configuration = HTTPClient.Configuration(
        tlsConfiguration: tls, redirectConfiguration: .disallow,
        timeout: .init(connect: .seconds(Int64(timeout)), read: .seconds(Int64(timeout))),
        connectionPool: pool)
      self.client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
      self.timeout = timeout
    }

    /// `GET url`, waited for on this thread (the command is synchronous).
    func fetch(_ url: String, browser: Bool) -> Result<DoctorResponse, DoctorFetchFailure> {
      var headers = HTTPHeaders()
      if browser {
        headers.add(name: "User-Agent", value: Self.browserAgent)
        headers.add(name: "Accept", value: "text/html,application/xhtml+xml,*/*;q=0.8")
      } else {
        headers.add(name: "User-Agent", value: "switchyard-doctor")
        headers.add(name: "Accept", value: "application/json")
      }
      do {
        let request = try HTTPClient.Request(url: url, method: .GET, headers: headers)
        let response = try client.execute(
          request: request, deadline: .now() + .seconds(Int64(timeout))
        ).wait()
        var body = response.body ?? ByteBuffer()
        let bytes = body.readBytes(length: body.readableBytes) ?? []
        return .success(
          DoctorResponse(
            status: Int(response.status.code),
            headers: response.headers.map { (name: $0.name, value: $0.value) }, body: bytes))
      } catch {
        return .failure(failure(error, url: url))
      }
    }

    /// What kind of failure `error` is: a timeout, TLS, or no connection. A certificate that
    /// failed verification is looked at once more (``certificateProblem(host:port:)``) to say
    /// whether it expired.
    func failure(_ error: any Error, url: String) -> DoctorFetchFailure {
      if let error = error as? HTTPClientError {
        switch error {
        case .deadlineExceeded, .readTimeout, .connectTimeout, .tlsHandshakeTimeout:
          return .timeout(seconds: timeout)
        default:
          return .unreachable("\(error)")
        }
      }
      if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname {
        return .tls("it names another host")
      }
      if error is NIOSSLError || error is NIOSSLExtraError || error is BoringSSLError {
        let text = "\(error)"
        if text.contains("CERTIFICATE_VERIFY_FAILED") {
          if let request = try? HTTPClient.Request(url: url),
            let problem = certificateProblem(host: request.host, port: request.port)
          {
            return .tls(problem)
          }
          return .tls("certificate verify failed: expired, or not from a trusted authority")
        }
        return .tls(text)
      }
      return .unreachable("\(error)")
    }

    /// Why the certificate `host:port` presents failed verification: its dates, or else an
    /// authority that is not trusted; `nil` when no certificate can be had. A second handshake
    /// whose verification only keeps the server's certificate, since the first one's error
    /// does not say which check failed.
    func certificateProblem(host: String, port: Int) -> String? {
      // The callback replaces the usual verification (which must stay on for it to be called).
      let configuration = TLSConfiguration.makeClientConfiguration()
      guard let context = try? NIOSSLContext(configuration: configuration) else { return nil }
      let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
      let leaf = NIOLoopBoundBox.makeEmptyBox(
        valueType: NIOSSLCertificate.self, eventLoop: eventLoop)
      let bootstrap = ClientBootstrap(group: eventLoop)
        .connectTimeout(.seconds(Int64(timeout)))
        .channelInitializer { channel in
          channel.eventLoop.makeCompletedFuture {
            let handler = try NIOSSLClientHandler(
              context: context, serverHostname: host,
              customVerificationCallback: { chain, promise in
                leaf.value = chain.first
                promise.succeed(.failed)
              })
            try channel.pipeline.syncOperations.addHandler(handler)
          }
        }
      guard let channel = try? bootstrap.connect(host: host, port: port).wait() else {
        return nil
      }
      let limit = channel.eventLoop.scheduleTask(in: .seconds(Int64(timeout))) {
        channel.close(promise: nil)
      }
      try? channel.closeFuture.wait()
      limit.cancel()
      guard let certificate = try? eventLoop.submit({ leaf.value }).wait() else { return nil }
      let now = time(nil)
      if certificate.notValidAfter < now {
        return "it expired on \(Self.day(certificate.notValidAfter))"
      }
      if certificate.notValidBefore > now {
        return "it is not valid before \(Self.day(certificate.notValidBefore))"
      }
      return "it is not from a trusted authority"
    }

    /// `2020-02-01` (UTC).
    static func day(_ seconds: time_t) -> String {
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = [.withFullDate]
      return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    func shutdown() {
      try? client.syncShutdown()
    }
  }
#endif
