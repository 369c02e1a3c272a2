#if Links
  import Logging
  import PostgresNIO

  extension PostgresLinkStore {
    /// How many records one `INSERT` carries (each column goes as one array).
    static let importBatch = 5_000

    /// Stores every one of `records` in one transaction, or none of them: answers the codes
    /// that were taken already (by the file's import or by another server minting meanwhile),
    /// and when there are any the transaction is rolled back. Losing the connection midway
    /// rolls it back too, and the call throws.
    ///
    /// ```swift
    /// let taken = try await store.insertAll(records)  // [] when all went in
    /// ```
    public func insertAll(_ records: [LinkRecord]) async throws -> [String] {
      // Not under `perform`: a large import may take longer than one call's patience.
      do {
        try await client.withTransaction(logger: logger) { connection in
          var taken: [String] = []
          var start = 0
          while start < records.count {
            let batch = records[start..<min(start + Self.importBatch, records.count)]
            taken += try await Self.insert(batch, on: connection, logger: logger)
            start += Self.importBatch
          }
          // Throwing rolls the transaction back.
          if !taken.isEmpty { throw TakenCodes(codes: taken) }
        }
        return []
      } catch let error as PostgresTransactionError {
        if let taken = error.closureError as? TakenCodes { return taken.codes }
        throw LinkStoreError(
          path: location,
          message: Self.reason(
            error.closureError ?? error.beginError ?? error.commitError ?? error))
      } catch {
        throw LinkStoreError(path: location, message: Self.reason(error))
      }
    }

    /// Inserts `batch` in one statement; answers the codes that were taken (in `batch`'s order).
    ///
    /// PostgresNIO sends arrays of non-optional values only, so a nullable column goes as its
    /// values (anything where `nil`) and a second array saying which are present.
    static func insert(
      _ batch: ArraySlice<LinkRecord>, on connection: PostgresConnection, logger: Logger
    ) async throws -> [String] {
      let codes = batch.map(\.code)
      let urls = batch.map(\.url)
      let routes = batch.map(\.route)
      let values = batch.map { StoredValues.text($0.values) }
      let titles = batch.map { $0.title ?? "" }
      let hasTitle = batch.map { $0.title != nil }
      let descriptions = batch.map { $0.description ?? "" }
      let hasDescription = batch.map { $0.description != nil }
      let images = batch.map { $0.image ?? "" }
      let hasImage = batch.map { $0.image != nil }
      let expires = batch.map { $0.expires ?? 0 }
      let hasExpires = batch.map { $0.expires != nil }
      let created = batch.map(\.created)
      let rows = try await connection.query(
        """
        INSERT INTO links (code, url, route, "values", title, description, image, expires, created)
        SELECT code, url, route, vals, CASE WHEN has_title THEN title END,
          CASE WHEN has_description THEN description END, CASE WHEN has_image THEN image END,
          CASE WHEN has_expires THEN expires END, created
        FROM unnest(\(codes)::TEXT[], \(urls)::TEXT[], \(routes)::TEXT[], \(values)::TEXT[],
          \(titles)::TEXT[], \(hasTitle)::BOOLEAN[], \(descriptions)::TEXT[],
          \(hasDescription)::BOOLEAN[], \(images)::TEXT[], \(hasImage)::BOOLEAN[],
          \(expires)::BIGINT[], \(hasExpires)::BOOLEAN[], \(created)::BIGINT[])
          AS imported (code, url, route, vals, title, has_title, description, has_description,
            image, has_image, expires, has_expires, created)
        ON CONFLICT (code) DO NOTHING RETURNING code
        """, logger: logger)
      var inserted = Set<String>()
      for try await code in rows.decode(String.self) { inserted.insert(code) }
      return codes.filter { !inserted.contains($0) }
    }
  }

  /// The codes an import found taken: thrown inside the transaction to roll it back.
  private struct TakenCodes: Error {
    var codes: [String]
  }
#endif
