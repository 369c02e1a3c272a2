#if Links
  import Foundation
  import Logging
  import PostgresNIO
  @testable import SwitchyardLinks
  import Testing

  /// TLS to PostgreSQL (`?sslmode=require|verify-full&sslrootcert=FILE`), against the test
  /// server with a certificate made here: a CA and a server certificate for `localhost`,
  /// signed by it, made with openssl; the server is switched to TLS for the suite
  /// (`ALTER SYSTEM`, then a reload) and back after.
  @Suite("PostgreSQL over TLS: require, verify-full with a CA file", .serialized)
  struct PostgresTLSTests {
    enum SetUpError: Error {
      case openssl(String)
      case serverKeptPlainText
    }

    /// Runs openssl with `arguments` in `folder`.
    static func openssl(_ arguments: [String], in folder: String) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["openssl"] + arguments
      process.currentDirectoryURL = URL(fileURLWithPath: folder)
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      let output = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw SetUpError.openssl(
          "openssl \(arguments.joined(separator: " ")): " + String(decoding: output, as: UTF8.self))
      }
    }

    /// A CA (`ca.crt`), another CA (`other-ca.crt`), and a server certificate for the name
    /// `localhost` alone (`server.crt`, `server.key`) signed by the first, in a new folder
    /// the server's user can read.
    static func makeCertificates(serverUser: uid_t) throws -> String {
      let folder = try temporaryFolder()
      chmod(folder, 0o755)
      for name in ["ca", "other-ca"] {
        try openssl(
          [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", name + ".key", "-out",
            name + ".crt", "-days", "2", "-subj", "/CN=switchyard test \(name)",
          ], in: folder)
      }
      try "subjectAltName=DNS:localhost\n".write(
        toFile: folder + "/server.ext", atomically: true, encoding: .utf8)
      try openssl(
        [
          "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr",
          "-subj", "/CN=localhost",
        ], in: folder)
      try openssl(
        [
          "x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
          "-CAcreateserial", "-out", "server.crt", "-days", "2", "-extfile", "server.ext",
        ], in: folder)
      // PostgreSQL reads the key only if its own user owns it, with no access for others.
      chmod(folder + "/server.crt", 0o644)
      chown(folder + "/server.key", serverUser, gid_t(bitPattern: -1))
      chmod(folder + "/server.key", 0o600)
      return folder
    }

    /// Turns TLS on in the test server with the certificate in `folder`, runs `body`, and
    /// turns it off again.
    static func withTLS(_ body: (_ folder: String, _ server: PostgresAddress) async throws -> Void)
      async throws
    {
      let server = try PostgresAddress(try TestPostgres.serverURL())
      let dataFolder = try await TestPostgres.withConnection(server) { connection in
        var folder = ""
        for try await value in try await connection.query(
          "SELECT current_setting('data_directory')", logger: TestPostgres.logger
        ).decode(String.self) {
          folder = value
        }
        return folder
      }
      let owner = try FileManager.default.attributesOfItem(atPath: dataFolder)[.ownerAccountID]
      let folder = try makeCertificates(serverUser: uid_t((owner as? NSNumber)?.uint32Value ?? 0))
      try await TestPostgres.withConnection(server) { connection in
        for statement in [
          "ALTER SYSTEM SET ssl_cert_file = '\(folder)/server.crt'",
          "ALTER SYSTEM SET ssl_key_file = '\(folder)/server.key'",
          "ALTER SYSTEM SET ssl = on", "SELECT pg_reload_conf()",
        ] {
          try await connection.query(
            PostgresQuery(unsafeSQL: statement), logger: TestPostgres.logger)
        }
      }
      do {
        // The reload reaches the server's new sessions once it has read the files: wait for
        // a session that says so (a state, not a time; bounded).
        var on = false
        for _ in 0..<500 where !on {
          on = try await TestPostgres.withConnection(server) { connection in
            var value = ""
            for try await text in try await connection.query(
              "SHOW ssl", logger: TestPostgres.logger
            )
            .decode(String.self) {
              value = text
            }
            return value == "on"
          }
          if !on { await Task.yield() }
        }
        guard on else { throw SetUpError.serverKeptPlainText }
        try await body(folder, server)
      } catch {
        try? await Self.plainText(server)
        throw error
      }
      try await Self.plainText(server)
    }

    static func plainText(_ server: PostgresAddress) async throws {
      try await TestPostgres.withConnection(server) { connection in
        for statement in [
          "ALTER SYSTEM RESET ssl", "ALTER SYSTEM RESET ssl_cert_file",
          "ALTER SYSTEM RESET ssl_key_file", "SELECT pg_reload_conf()",
        ] {
          try await connection.query(
            PostgresQuery(unsafeSQL: statement), logger: TestPostgres.logger)
        }
      }
    }

    /// Whether the store's own connections are encrypted.
    static func isEncrypted(_ store: PostgresLinkStore) async throws -> Bool {
      var encrypted = false
      for try await value in try await store.client.query(
        "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", logger: TestPostgres.logger
      ).decode(Bool.self) {
        encrypted = value
      }
      return encrypted
    }

    @Test("verify-full with the CA file, require without one: the store's connections use TLS")
    func encrypted() async throws {
      try await Self.withTLS { folder, server in
        let database = try await TestPostgres.newDatabase()
        let at = try #require(database.lastIndex(of: "/"))
        let name = database[database.index(after: at)...]
        let base = "postgres://\(server.user)@localhost:\(server.port)/\(name)"
        for url in [
          base + "?sslmode=verify-full&sslrootcert=\(folder)/ca.crt", base + "?sslmode=require",
        ] {
          let store = try await PostgresLinkStore.open(url: url)
          #expect(try await Self.isEncrypted(store), "\(url)")
          #expect(
            try await store.insert(
              LinkRecord(code: "tls", url: "myapp://home", route: "home", values: [], created: 0))
              == (url.contains("verify-full")))
          await store.close()
        }
        let plain = try await PostgresLinkStore.open(url: base)
        #expect(try await !Self.isEncrypted(plain))
        await plain.close()
      }
    }

    @Test("verify-full refuses a certificate of another CA, or for another name")
    func verified() async throws {
      try await Self.withTLS { folder, server in
        let database = try await TestPostgres.newDatabase()
        let name = database[database.index(after: try #require(database.lastIndex(of: "/")))...]
        let urls = [
          // Signed by a CA the service was not given.
          "postgres://\(server.user)@localhost:\(server.port)/\(name)?sslmode=verify-full&sslrootcert=\(folder)/other-ca.crt",
          // The certificate names localhost, not 127.0.0.1.
          "postgres://\(server.user)@127.0.0.1:\(server.port)/\(name)?sslmode=verify-full&sslrootcert=\(folder)/ca.crt",
        ]
        for url in urls {
          await #expect(throws: LinkStoreError.self, "\(url)") {
            _ = try await PostgresLinkStore.open(url: url)
          }
        }
        await #expect {
          _ = try await PostgresLinkStore.open(
            url: "postgres://u@localhost/x?sslmode=verify-full&sslrootcert=\(folder)/missing.crt")
        } throws: { error in
          "\(error)".contains("cannot read the CA file")
        }
      }
    }

    @Test("sslmode and sslrootcert are read; other modes and parameters are refused")
    func urls() throws {
      #expect(try PostgresAddress("postgres://u@h/d").tls == .disable)
      #expect(try PostgresAddress("postgres://u@h/d?sslmode=require").tls == .require)
      #expect(
        try PostgresAddress("postgres://u:p@h/d?sslmode=verify-full&sslrootcert=%2Fetc%2Fca.pem")
          .tls == .verifyFull(caFile: "/etc/ca.pem"))
      #expect(
        try PostgresAddress("postgres://u@h/d?sslmode=verify-full").tls == .verifyFull(caFile: nil))
      #expect(
        try PostgresAddress("postgres://u:secret@h/d?sslmode=require").redacted
          == "postgres://u:***@h/d?sslmode=require")
      for bad in [
        "postgres://u@h/d?sslmode=prefer", "postgres://u@h/d?sslmode=verify-ca",
        "postgres://u@h/d?password=x", "postgres://u@h/d?sslmode=require&sslrootcert=/ca.pem",
        "postgres://u@h/d#x",
      ] {
        #expect(throws: LinkStoreError.self, "\(bad)") { try PostgresAddress(bad) }
      }
    }
  }
#endif
