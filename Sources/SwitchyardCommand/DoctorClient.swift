#if Doctor
  import AsyncHTTPClient
  import NIOCore
  import NIOHTTP1
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
      let configuration = HTTPClient.Configuration(
        tlsConfiguration: tls, redirectConfiguration: .disallow,
        timeout: .init(connect: .seconds(Int64(timeout)), read: .seconds(Int64(timeout))),
        connectionPool: HTTPClient.Configuration.ConnectionPool())
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
        return .failure(failure(error))
      }
    }

    /// What kind of failure `error` is: a timeout, TLS, or no connection.
    func failure(_ error: any Error) -> DoctorFetchFailure {
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
          return .tls("certificate verify failed: expired, or not from a trusted authority")
        }
        return .tls(text)
      }
      return .unreachable("\(error)")
    }

    func shutdown() {
      try? client.syncShutdown()
    }
  }
#endif
