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
        reported as FILE:LINE: reason, and then nothing is imported. The service's own \
        --routes, --db, --postgres and --host flags apply: switchyard-links import --db \
        links.sqlite FILE, or --postgres postgres://USER@HOST/NAME FILE for PostgreSQL (one \
        transaction there too).

        Exit status: 0 when every row was imported, 1 when a row was rejected or a code is \
        taken (nothing imported), 2 for a bad flag, route file, CSV file or database.
        """)

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
      let reading = LinkImport(text, minter: minter, created: now)
      guard reading.problems.isEmpty else {
        for problem in reading.problems { writeStandardError("\(file):\(problem)\n") }
        writeStandardError(
          "error: \(reading.problems.count) of the rows cannot be imported; nothing was imported\n")
        terminate(1)
      }
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
      let taken: [String]
      do {
        taken = try await store.insertAll(reading.records)
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
        "imported \(reading.records.count) links from \(file) (\(reading.layout.rawValue) columns)"
      )
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
