/// Where the service keeps its links: SQLite in this release; another database implements the
/// same three calls.
///
/// `insert` must be atomic and durable: it returns only once the link would survive the
/// process being killed, and a code already taken makes it return `false` (decided by the
/// database's own uniqueness constraint, so that two servers minting at once cannot both win).
///
/// ```swift
/// let store: any LinkStore = try await SQLiteLinkStore.open(path: "links.sqlite")
/// let record = LinkRecord(code: "hello", url: "myapp://home", route: "home", values: [],
///                         created: 0)
/// try await store.insert(record)        // true
/// try await store.link(code: "hello")   // record
/// ```
public protocol LinkStore: Sendable {
  /// Stores `record` durably; `false` when its code is already taken (nothing is written).
  func insert(_ record: LinkRecord) async throws -> Bool
  /// The link with this code, if any (expired ones included).
  func link(code: String) async throws -> LinkRecord?
  /// Whether the store answers (for `GET /healthz`).
  func isReachable() async -> Bool
}
