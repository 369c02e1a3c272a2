#if Doctor
  import AsyncHTTPClient
  import Foundation
  import NIOCore
  import NIOHTTP1
  import NIOPosix
  import NIOSSL

  /// The HTTPS client of `switchyard doctor` (AsyncHTTPClient): no redirect followed, the
  /// system's trust roots or `--ca-file`'s, and `--timeout` for each request as a whole
  /// (connection, TLS, answer).
  ///
  /// ``shutdown()`` does not wait for the connections to close. When a request runs out of
  /// time on a connection whose TLS handshake completed, closing it sends a TLS `close_notify`
  /// and NIOSSL then waits for the server's own (`TLSConfiguration.shutdownTimeout`, 5 s by
  /// default); a server that never answers never sends it, and waiting would make `--timeout
  /// N` take N + 5 s. The command exits right after, which closes every socket.
  struct DoctorClient: Sendable {
    let client: HTTPClient
    let timeout: Int

    /// A desktop browser's user agent, for the web links: some sites answer robots otherwise.
    static let browserAgent =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
      + "(KHTML, like Gecko) Version/17.0 Safari/605.1.15"

    /// Reads `caFile` (PEM) when given; throws when it holds no certificate. `tlsShutdownWait`
    /// replaces NIOSSL's wait for the server's `close_notify` (tests make it long, to show
    /// that nothing waits for it).
    init(timeout: Int, caFile: String?, tlsShutdownWait: TimeAmount? = nil) throws {
      var tls = TLSConfiguration.makeClientConfiguration()
      if let caFile {
        let certificates = try NIOSSLCertificate.fromPEMFile(caFile)
        tls.trustRoots = .certificates(certificates)
      }
      if let tlsShutdownWait { tls.shutdownTimeout = tlsShutdownWait }
      // A connection that fails (refused, a certificate that does not verify) fails its
      // request at once: by default the pool would try again until the request's deadline, and
      // every such site would take the whole --timeout to report.
      var pool = HTTPClient.Configuration.ConnectionPool()
      pool.retryConnectionEstablishment = false
      // Each request of the pages fetched at once gets its own connection.
      pool.concurrentHTTP1ConnectionsPerHostSoftLimit = DoctorExamination.pageConcurrency
      let configuration = HTTPClient.Configuration(
        tlsConfiguration: tls, redirectConfiguration: .disallow,
        timeout: .init(connect: .seconds(Int64(timeout)), read: .seconds(Int64(timeout))),
        connectionPool: pool)
      self.client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
      self.timeout = timeout
    }

    /// Runs the examination with this client's ``fetch(_:browser:)`` and waits for it on this
    /// thread (the command is synchronous).
    func examine(_ request: DoctorRequest) -> Result<DoctorReport, DoctorFetchFailure> {
      let promise = MultiThreadedEventLoopGroup.singleton.next().makePromise(
        of: Result<DoctorReport, DoctorFetchFailure>.self)
      promise.completeWithTask {
        await DoctorExamination.run(request) { url, browser in
          await fetch(url, browser: browser)
        }
      }
      // The examination does not throw; a future that fails anyway says so.
      return (try? promise.futureResult.wait())
        ?? .failure(.unreachable("the examination stopped before it ended"))
    }

    /// `GET url`, answered (or failed) within the `--timeout`.
    func fetch(_ url: String, browser: Bool) async -> Result<DoctorResponse, DoctorFetchFailure> {
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
        let response = try await client.execute(
          request: request, deadline: .now() + .seconds(Int64(timeout))
        ).get()
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

    /// What kind of failure `error` is: a timeout, TLS, or no connection, said in the
    /// doctor's own words (never the client library's text, which names its types and may
    /// hold unbalanced parentheses). A certificate that failed verification is looked at once
    /// more (``certificateProblem(host:port:)``) to say whether it expired.
    func failure(_ error: any Error, url: String) -> DoctorFetchFailure {
      if Self.isTimeout(error) { return .timeout(seconds: timeout) }
      if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname {
        return .tls("it names another host")
      }
      if error is NIOSSLError || error is NIOSSLExtraError || error is BoringSSLError {
        if "\(error)".contains("CERTIFICATE_VERIFY_FAILED") {
          if let request = try? HTTPClient.Request(url: url),
            let problem = certificateProblem(host: request.host, port: request.port)
          {
            return .tls(problem)
          }
          return .tls("the certificate did not verify: expired, or not from a trusted authority")
        }
        return .handshake(Self.tlsReason(error))
      }
      return .unreachable(Self.connectionReason(error))
    }

    /// Whether `error` says that the time ran out (connecting, in the handshake, waiting).
    static func isTimeout(_ error: any Error) -> Bool {
      if let error = error as? HTTPClientError {
        return [.deadlineExceeded, .readTimeout, .connectTimeout, .tlsHandshakeTimeout]
          .contains(error)
      }
      if let error = error as? ChannelError, case .connectTimeout = error { return true }
      if let error = error as? IOError, error.errnoCode == ETIMEDOUT { return true }
      return false
    }

    /// Why a TLS handshake failed, other than the certificate: a few of BoringSSL's reasons
    /// in words, else "the TLS handshake failed".
    static func tlsReason(_ error: any Error) -> String {
      if let error = error as? NIOSSLError, case .uncleanShutdown = error {
        return "the server closed the connection in the middle of TLS"
      }
      let text = "\(error)"
      let reasons: [(code: String, words: String)] = [
        ("WRONG_VERSION_NUMBER", "the server answers without TLS on that port, as plain HTTP does"),
        ("UNSUPPORTED_PROTOCOL", "the server and the client have no TLS version in common"),
        ("PROTOCOL_VERSION", "the server and the client have no TLS version in common"),
        ("NO_SHARED_CIPHER", "the server and the client have no cipher in common"),
        ("HANDSHAKE_FAILURE", "the server refused the TLS handshake"),
        ("UNRECOGNIZED_NAME", "the server has no certificate for that host name"),
      ]
      return reasons.first { text.contains($0.code) }?.words ?? "the TLS handshake failed"
    }

    /// Why no connection was made, or why it ended before an answer, in words.
    static func connectionReason(_ error: any Error) -> String {
      if let error = error as? HTTPClientError {
        switch error {
        case .remoteConnectionClosed:
          return "the server closed the connection without an answer"
        case .invalidURL, .emptyHost:
          return "the URL is not one the client can request"
        default:
          return "the request failed"
        }
      }
      if let error = error as? NIOConnectionError {
        if let first = error.connectionErrors.first { return connectionReason(first.error) }
        if error.dnsAError != nil || error.dnsAAAAError != nil {
          return "the host name \(error.host) was not found"
        }
        return "no address to connect to for \(error.host)"
      }
      if error is SocketAddressError || error is SocketAddressError.UnknownHost {
        return "the host name was not found"
      }
      if let error = error as? IOError {
        switch error.errnoCode {
        case ECONNREFUSED: return "connection refused"
        case ECONNRESET: return "the server reset the connection"
        case EHOSTUNREACH, ENETUNREACH: return "no route to the host"
        case EADDRNOTAVAIL: return "the address is not available"
        default: return "the connection failed (error \(error.errnoCode))"
        }
      }
      if let error = error as? ChannelError {
        switch error {
        case .eof, .alreadyClosed, .ioOnClosedChannel, .outputClosed, .inputClosed:
          return "the server closed the connection without an answer"
        default:
          return "the connection failed"
        }
      }
      return "the connection failed"
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

    /// Starts closing the client's connections and returns at once (see the type's
    /// discussion): nothing waits for a server's TLS `close_notify`.
    func shutdown() {
      client.shutdown().whenComplete { _ in }
    }
  }
#endif
