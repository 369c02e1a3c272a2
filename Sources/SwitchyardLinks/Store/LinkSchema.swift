#if Links
  /// One step of the stores' schema, in both SQL dialects side by side: step `n` takes a
  /// database from version `n` to `n + 1`. A step cannot be written for one store alone.
  struct SchemaStep: Sendable {
    /// The statements for SQLite.
    var sqlite: [String]
    /// The same step as PostgreSQL spells it.
    var postgres: [String]
  }

  /// The schema both stores write: its version is the number of its steps, and both stores
  /// run the same pending steps (``pending(from:location:)``), so that a step added to the
  /// list raises both stores' version together.
  enum LinkSchema {
    /// The schema version this release writes: the number of steps.
    static var version: Int { steps.count }

    /// The steps a database at `stored` still needs (none when it is up to date).
    ///
    /// - Throws: ``LinkStoreError`` when the database was written by a newer release (a
    ///   version above ``version``): it is refused and left unchanged.
    static func pending(from stored: Int, location: String) throws(LinkStoreError)
      -> ArraySlice<SchemaStep>
    {
      guard stored <= version else {
        throw LinkStoreError(
          path: location,
          message:
            "the database has schema version \(stored), written by a newer release; this "
            + "one reads up to version \(version) and leaves it unchanged")
      }
      return steps[max(0, stored)...]
    }

    /// The schema, step by step.
    static let steps: [SchemaStep] = [
      SchemaStep(
        sqlite: [
          """
          CREATE TABLE links (
            code TEXT PRIMARY KEY NOT NULL,
            url TEXT NOT NULL,
            route TEXT NOT NULL,
            "values" TEXT NOT NULL,
            title TEXT,
            description TEXT,
            image TEXT,
            expires INTEGER,
            created INTEGER NOT NULL
          ) WITHOUT ROWID
          """
        ],
        postgres: [
          """
          CREATE TABLE links (
            code TEXT PRIMARY KEY NOT NULL,
            url TEXT NOT NULL,
            route TEXT NOT NULL,
            "values" TEXT NOT NULL,
            title TEXT,
            description TEXT,
            image TEXT,
            expires BIGINT,
            created BIGINT NOT NULL
          )
          """
        ]),
      SchemaStep(
        // 2: install tokens, each tied to one visit of one link; `redeemed` is set once.
        sqlite: [
          """
          CREATE TABLE install_tokens (
            token TEXT PRIMARY KEY NOT NULL,
            code TEXT NOT NULL,
            created INTEGER NOT NULL,
            expires INTEGER NOT NULL,
            redeemed INTEGER
          ) WITHOUT ROWID
          """
        ],
        postgres: [
          """
          CREATE TABLE install_tokens (
            token TEXT PRIMARY KEY NOT NULL,
            code TEXT NOT NULL,
            created BIGINT NOT NULL,
            expires BIGINT NOT NULL,
            redeemed BIGINT
          )
          """
        ]),
      SchemaStep(
        // 3: click counts per day, link and platform class; nothing about who clicked.
        sqlite: [
          """
          CREATE TABLE clicks (
            day INTEGER NOT NULL,
            code TEXT NOT NULL,
            route TEXT NOT NULL,
            platform TEXT NOT NULL,
            clicks INTEGER NOT NULL,
            PRIMARY KEY (day, code, platform)
          ) WITHOUT ROWID
          """,
          "CREATE INDEX clicks_route ON clicks (route, day)",
        ],
        postgres: [
          """
          CREATE TABLE clicks (
            day BIGINT NOT NULL,
            code TEXT NOT NULL,
            route TEXT NOT NULL,
            platform TEXT NOT NULL,
            clicks BIGINT NOT NULL,
            PRIMARY KEY (day, code, platform)
          )
          """,
          "CREATE INDEX clicks_route ON clicks (route, day)",
        ]),
      SchemaStep(
        // 4 (statistics): previews by crawlers, app opens and installs counted apart from
        // clicks by people. The crawler fetches that versions up to 3 counted as clicks (platform
        // 'crawler') become previews; `?code=` reads one link's rows by its index.
        sqlite: [
          "ALTER TABLE clicks ADD COLUMN previews INTEGER NOT NULL DEFAULT 0",
          "ALTER TABLE clicks ADD COLUMN app_opens INTEGER NOT NULL DEFAULT 0",
          "ALTER TABLE clicks ADD COLUMN installs INTEGER NOT NULL DEFAULT 0",
          "UPDATE clicks SET previews = previews + clicks, clicks = 0 WHERE platform = 'crawler'",
          "CREATE INDEX clicks_code ON clicks (code, day)",
        ],
        postgres: [
          "ALTER TABLE clicks ADD COLUMN previews BIGINT NOT NULL DEFAULT 0",
          "ALTER TABLE clicks ADD COLUMN app_opens BIGINT NOT NULL DEFAULT 0",
          "ALTER TABLE clicks ADD COLUMN installs BIGINT NOT NULL DEFAULT 0",
          "UPDATE clicks SET previews = previews + clicks, clicks = 0 WHERE platform = 'crawler'",
          "CREATE INDEX clicks_code ON clicks (code, day)",
        ]),
      SchemaStep(
        // 5: install tokens carry their own proof (an HMAC under the secret in `switchyard_keys`),
        // so a phone's visit writes nothing. A row is written only when a token is spent — its
        // primary key keeps "exactly once" — and deleted once the token has expired. The rows of
        // step 2, one per visit, go (tokens handed out before this step are not redeemable).
        sqlite: [
          "DROP TABLE install_tokens",
          """
          CREATE TABLE spent_tokens (
            id TEXT PRIMARY KEY NOT NULL,
            code TEXT NOT NULL,
            expires INTEGER NOT NULL
          ) WITHOUT ROWID
          """,
          "CREATE INDEX spent_tokens_expires ON spent_tokens (expires)",
          """
          CREATE TABLE switchyard_keys (
            name TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
          ) WITHOUT ROWID
          """,
        ],
        postgres: [
          "DROP TABLE install_tokens",
          """
          CREATE TABLE spent_tokens (
            id TEXT PRIMARY KEY NOT NULL,
            code TEXT NOT NULL,
            expires BIGINT NOT NULL
          )
          """,
          "CREATE INDEX spent_tokens_expires ON spent_tokens (expires)",
          """
          CREATE TABLE switchyard_keys (
            name TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
          )
          """,
        ]),
    ]
  }
#endif
