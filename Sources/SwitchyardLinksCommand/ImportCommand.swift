#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if Links
  import ArgumentParser
  import Switchyard
  import SwitchyardFiles
  import SwitchyardLinks

  /// `switchyard-links import`: links from a CSV file, all or none.
  struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Import short links from a CSV file: every row, or none.",
      discussion: """
        Reads rows of short,long[,title,description,image] (a header line short,long,… is \
        optional), or a Firebase Dynamic Links or Branch export (recognised by its header). \
        Each long URL is checked against the route table as a mint is. A rejected row is \
        reported as FILE:LINE: reason, and then nothing is imported, unless --skip-invalid \
        (and, for codes the database has already, --skip-existing) skips those rows, each \
        reported as FILE:LINE: row N skipped: reason. The service's own --routes, --db, \
        --postgres, --host and --prefix flags apply: switchyard-links import --db \
        links.sqlite FILE, or --postgres postgres://USER@HOST/NAME FILE for PostgreSQL (one \
        transaction there too).

        Exit status: 0 when every row was imported or skipped, 1 when a row was rejected or a \
        code is taken (nothing imported), 2 for a bad flag, route file, CSV file or database.
        """)

    @Flag(
      name: .customLong("skip-invalid"),
      help: ArgumentHelp(
        "Skip the rows that cannot be imported (reported with their line, row and reason) and import the others."
      ))
    var skipInvalid = false

    @Flag(
      name: .customLong("skip-existing"),
      help: ArgumentHelp(
        "Skip the rows whose code the database has already (reported, saying whether it leads to the same URL) and import the others."
      ))
    var skipExisting = false

    /// `--routes`, `--db`, `--postgres` and `--host`, as the service reads them.
    @ParentCommand var service: LinksCommand

    @Argument(help: ArgumentHelp("The CSV file.", valueName: "file"))
    var file: String

    func run() async throws {
      let (db, host) = (service.db, service.host)
      let table = loadRouteTable(service.routes)
      guard let text = readTextFile(file) else {
        failWith("\(file): cannot read the file as UTF-8 text")
      }
      let minter = LinkMinter(table: table, hosts: host)
      let now = Int64(time(nil))
      let reading = LinkImport(text, minter: minter, created: now, prefix: service.prefix)
      var skipped = ImportSkips(file: file)
      if skipInvalid, !reading.records.isEmpty {
        // Row 0 is a problem of the whole file (no rows, a CSV error), never skipped.
        skipped.invalid = reading.problems
      }
      guard reading.problems.isEmpty || !skipped.invalid.isEmpty,
        skipped.invalid.allSatisfy({ $0.row > 0 })
      else {
        for problem in reading.problems { writeStandardError("\(file):\(problem)\n") }
        writeStandardError(
          "error: \(reading.problems.count) of the rows cannot be imported; nothing was imported\n")
        terminate(1)
      }
      skipped.reportInvalid()
      let store: any LinkStore
      let closeStore: @Sendable () async -> Void
      // Where the links go, for messages (a PostgreSQL URL without its password).
      let place: String
      do {
        if let postgres = service.postgresURL {
          let database = try await PostgresLinkStore.open(url: postgres)
          (store, place) = (database, database.location)
          closeStore = { await database.close() }
        } else {
          let path = db ?? "switchyard-links.sqlite"
          let file = try await SQLiteLinkStore.open(path: path)
          (store, place) = (file, path)
          closeStore = { try? await file.close() }
        }
      } catch {
        failWith("\(error)")
      }
      var records = reading.records
      var lines = reading.lines
      var taken: [String]
      do {
        taken = try await store.insertAll(records)
        // With --skip-existing, the taken codes' rows are left out and the rest goes in again
        // (one transaction each time): each round leaves out at least one row.
        while skipExisting, !taken.isEmpty {
          let codes = Set(taken)
          for (record, line) in zip(records, lines) where codes.contains(record.code) {
            let existing = try await store.link(code: record.code)
            skipped.existing(record, line: line, row: reading.row(ofLine: line), has: existing)
          }
          let kept = zip(records, lines).filter { !codes.contains($0.0.code) }
          records = kept.map(\.0)
          lines = kept.map(\.1)
          taken = records.isEmpty ? [] : try await store.insertAll(records)
        }
      } catch {
        await closeStore()
        failWith("\(place): \(error); nothing was imported")
      }
      await closeStore()
      guard taken.isEmpty else {
        let lines = Dictionary(
          zip(reading.records.map(\.code), reading.lines), uniquingKeysWith: { first, _ in first })
        for code in taken {
          writeStandardError("\(file):\(lines[code] ?? 0): the code \(code) is taken in \(place)\n")
        }
        writeStandardError("error: \(taken.count) of the codes are taken; nothing was imported\n")
        terminate(1)
      }
      print(
        "imported \(records.count) links from \(file) (\(reading.layout.rawValue) columns)"
          + skipped.summary)
      if let note = Self.prefixNote(reading.shortLinkPrefixes, prefix: service.prefix) {
        writeStandardError(note)
      }
    }

    /// A note when the file's short links live under another path than `--prefix`: their
    /// old addresses keep working only on a service with that prefix on their host.
    static func prefixNote(_ paths: [String], prefix: String) -> String? {
      let others = paths.filter { $0 != prefix }
      guard !others.isEmpty else { return nil }
      return "note: the file's short links are under \(others.joined(separator: ", ")), not "
        + "--prefix \(prefix): to keep their old addresses working, serve them on their host "
        + "with --prefix \(others[0])\n"
    }
  }

  /// The rows an import skipped, reported on standard error as they are known.
  struct ImportSkips {
    var file: String
    var invalid: [LinkImport.Problem] = []
    var existingCount = 0

    func reportInvalid() {
      for problem in invalid {
        writeStandardError(
          "\(file):\(problem.line): row \(problem.row) skipped: \(problem.reason)\n")
      }
    }

    mutating func existing(_ record: LinkRecord, line: Int, row: Int, has existing: LinkRecord?) {
      existingCount += 1
      let what =
        existing?.url == record.url
        ? "the code \(record.code) is there already, to the same URL"
        : "the code \(record.code) is taken by another link"
          + (existing.map { " (to \($0.url))" } ?? "")
      writeStandardError("\(file):\(line): row \(row) skipped: \(what)\n")
    }

    /// `; skipped N rows (I invalid, E existing)`, or nothing.
    var summary: String {
      let count = invalid.count + existingCount
      guard count > 0 else { return "" }
      return "; skipped \(count) row\(count == 1 ? "" : "s") (\(invalid.count) invalid, "
        + "\(existingCount) existing)"
    }
  }

  /// The route table of `--routes FILE`, else ./routes.json, else the built-in example table;
  /// a bad file exits with status 2.
  func loadRouteTable(_ routes: String?) -> RouteTable {
    do {
      if let routes { return try RouteFile.load(contentsOf: routes) }
      if access("routes.json", F_OK) == 0 { return try RouteFile.load(contentsOf: "routes.json") }
      return try BuiltInRoutes.table()
    } catch {
      failWith("\(error)")
    }
  }

  /// Prints `error: MESSAGE` on one line of stderr and exits with status 2.
  func failWith(_ message: String) -> Never {
    printError(message)
    terminate(2)
  }

  /// The whole file as UTF-8 text, or `nil` when it cannot be read.
  func readTextFile(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count > 0 { bytes += buffer[0..<count] }
      if count < buffer.count { break }
    }
    guard ferror(file) == 0 else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }
#endif
