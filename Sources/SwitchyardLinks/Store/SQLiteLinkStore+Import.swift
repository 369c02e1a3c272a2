#if Links
  import SQLiteNIO

  extension SQLiteLinkStore {
    /// Stores every one of `records` in one transaction, or none of them: answers the codes
    /// that were taken already, and when there are any nothing is written. For
    /// `switchyard-links import`, which has the connection to itself (a server's other calls
    /// on the same connection would join the transaction).
    ///
    /// ```swift
    /// let taken = try await store.insertAll(records)  // [] when all went in
    /// ```
    public func insertAll(_ records: [LinkRecord]) async throws -> [String] {
      _ = try await connection.query("BEGIN IMMEDIATE")
      var taken: [String] = []
      do {
        for record in records {
          if try await !insert(record) { taken.append(record.code) }
        }
        _ = try await connection.query(taken.isEmpty ? "COMMIT" : "ROLLBACK")
      } catch {
        _ = try? await connection.query("ROLLBACK")
        throw error
      }
      return taken
    }
  }
#endif
