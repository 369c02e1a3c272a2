#if Links
  import Foundation
  import Logging
  import PostgresNIO
  @testable import SwitchyardLinks
  import Testing

  /// The two stores the storage tests run against.
  enum StoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }
  }

  /// A store of a test's own, new and empty, and how to close it.
  struct TestStore: Sendable {
    let store: any LinkStore
    let close: @Sendable () async -> Void
    /// What reopens the same data: the SQLite file's path or the PostgreSQL URL.
    let location: String
    let backend: StoreBackend

    /// A new, empty store of `backend`: a file in a new folder, or a new PostgreSQL database.
    static func make(_ backend: StoreBackend) async throws -> TestStore {
      switch backend {
      case .sqlite:
        let path = try temporaryFolder() + "/links.sqlite"
        return try await open(.sqlite, at: path)
      case .postgres:
        return try await open(.postgres, at: try await TestPostgres.newDatabase())
      }
    }

    /// The store at `location` (opened again after `close`).
    static func open(_ backend: StoreBackend, at location: String) async throws -> TestStore {
      switch backend {
      case .sqlite:
        let store = try await SQLiteLinkStore.open(path: location)
        return TestStore(
          store: store, close: { try? await store.close() }, location: location, backend: backend)
      case .postgres:
        let store = try await PostgresLinkStore.open(url: location)
        return TestStore(
          store: store, close: { await store.close() }, location: location, backend: backend)
      }
    }
  }

  /// The PostgreSQL server the tests use: `SWITCHYARD_TEST_POSTGRES`, a URL of a database whose
  /// user may create databases (`.ci/postgres start` prints one). Each test gets a database of
  /// its own, so tests run in parallel and a failed one leaves nothing behind for the next.
  ///
  /// Without the variable the PostgreSQL cases are cancelled (shown as skipped), except when
  /// `SWITCHYARD_REQUIRE_POSTGRES=1` or `CI=true`: then they fail.
  enum TestPostgres {
    static let environment = ProcessInfo.processInfo.environment
    static let url: String? = environment["SWITCHYARD_TEST_POSTGRES"].flatMap {
      $0.isEmpty ? nil : $0
    }
    static let isRequired =
      environment["SWITCHYARD_REQUIRE_POSTGRES"] == "1" || environment["CI"] == "true"

    /// The server's URL; cancels the current test case (or fails it, when required) if unset.
    static func serverURL() throws -> String {
      if let url { return url }
      let message = Comment(
        rawValue: "SWITCHYARD_TEST_POSTGRES is not set: start a server with `.ci/postgres start` "
          + "and export the URL it prints")
      if isRequired {
        Issue.record(message)
        throw CancellationError()
      }
      try Test.cancel(message)
    }

    /// A URL of a new, empty database on the test server.
    static func newDatabase() async throws -> String {
      let server = try serverURL()
      let address = try PostgresAddress(server)
      let name =
        "switchyard_test_"
        + UUID().uuidString.lowercased().replacingOccurrences(
          of: "-", with: "")
      try await withConnection(address) { connection in
        try await connection.query(
          PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
      }
      return replacingDatabase(of: server, with: name)
    }

    static let logger = Logger(label: "switchyard.tests.postgres")

    /// Runs `body` on a connection of its own to `address`.
    static func withConnection<T: Sendable>(
      _ address: PostgresAddress, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
      let configuration = PostgresConnection.Configuration(
        host: address.host, port: address.port, username: address.user,
        password: address.password, database: address.database, tls: .disable)
      let connection = try await PostgresConnection.connect(
        configuration: configuration, id: 1, logger: logger)
      do {
        let result = try await body(connection)
        try await connection.close()
        return result
      } catch {
        try? await connection.close()
        throw error
      }
    }

    /// `url` naming the database `name` instead of its own.
    static func replacingDatabase(of url: String, with name: String) -> String {
      let at = url.lastIndex(of: "@") ?? url.startIndex
      let base = url[at...].firstIndex(of: "/").map { url[..<$0] } ?? url[...]
      return base + "/" + name
    }
  }
#endif
