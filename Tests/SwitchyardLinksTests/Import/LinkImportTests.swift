#if Links
  import Foundation
  import PostgresNIO
  import SQLiteNIO
  import SwitchyardFiles
  @testable import SwitchyardLinks
  import Testing

  /// `switchyard-links import`: the CSV layouts, the checks of a mint, and all or nothing.
  @Suite("Imports: CSV rows checked like mints, reported by line, imported all or none")
  struct LinkImportTests {
    static func minter() throws -> LinkMinter {
      LinkMinter(table: try BuiltInRoutes.table(), hosts: ["go.example.com"])
    }

    @Test("the service's own layout, with or without its header; quoted fields; CRLF")
    func ownLayout() throws {
      let text =
        "\u{FEFF}short,long,title,description,image\r\n"
        + "hello,myapp://user/42,Hello,\"Says \"\"hi\"\", twice\",https://cdn.example.com/a.png\r\n"
        + "\r\n"
        + "https://old.example.page/art7,https://example.com/articles/7,\"An article, in short\"\r\n"
        + "plain,myapp://user/7\r\n"
      let reading = LinkImport(text, minter: try Self.minter(), created: 5)
      #expect(reading.problems == [])
      #expect(reading.layout == .switchyard)
      #expect(reading.records.map(\.code) == ["hello", "art7", "plain"])
      #expect(reading.lines == [2, 4, 5])
      let hello = try #require(reading.records.first)
      #expect(hello.route == "user" && hello.values == [LinkValue(name: "id", value: "42")])
      #expect(hello.description == "Says \"hi\", twice")
      #expect(hello.image == "https://cdn.example.com/a.png" && hello.created == 5)
      #expect(reading.records[1].title == "An article, in short")
      #expect(reading.records[1].route == "article")

      let headless = LinkImport("a,myapp://user/1\n", minter: try Self.minter(), created: 0)
      #expect(headless.problems == [] && headless.records.map(\.code) == ["a"])
    }

    @Test("every bad row is reported with its line and reason")
    func problems() throws {
      let text = """
        short,long,title
        ok,myapp://user/1
        bad code,myapp://user/2
        ok,myapp://user/3
        nowhere,myapp://nowhere/1
        evil,https://evil.example/articles/1
        markup,myapp://user/4,<script>x</script>
        image,myapp://user/5,t,d,http://cdn.example.com/a.png
        long,myapp://user/6,a,b,https://c.example/i.png,extra
        empty,
        lines,myapp://user/8,"a title
        in two lines"
        after,myapp://nowhere

        """
      let reading = LinkImport(text, minter: try Self.minter(), created: 0)
      #expect(
        reading.problems.map(\.description) == [
          #"3: the short link "bad code" has no code of 1 to 64 of the characters A-Z a-z 0-9 _ -"#,
          "4: the code ok is on line 2 already",
          "5: no route of the table handles myapp://nowhere/1",
          "6: no route of the table handles https://evil.example/articles/1",
          "7: the title must be plain text, not HTML markup (it has a tag)",
          "8: the image must be an https URL with a host",
          "9: 6 columns; a row is short,long[,title,description,image]",
          "10: the row has no long URL",
          "11: the title contains a control character",
          "13: no route of the table handles myapp://nowhere",
        ])
      let unclosed = LinkImport("a,\"myapp://user/1\nb,c\n", minter: try Self.minter(), created: 0)
      #expect(unclosed.problems.map(\.description) == ["1: a quoted field is not closed"])
      let after = LinkImport(
        "a,myapp://user/1\nb,\"myapp://user/2\"x\n", minter: try Self.minter(), created: 0)
      #expect(after.problems.map(\.description) == ["2: text after a quoted field's closing quote"])
      let stray = LinkImport("a,my\"app\n", minter: try Self.minter(), created: 0)
      #expect(stray.problems.map(\.description) == ["1: a quote inside an unquoted field"])
      #expect(
        LinkImport("", minter: try Self.minter(), created: 0).problems.map(\.description) == [
          "1: the file has no rows"
        ])
    }

    @Test("a Firebase Dynamic Links export: the short link's code, the deep link, st/sd/si")
    func firebase() throws {
      let text = """
        Link name,Short Dynamic Link,Deep link,Long Dynamic Link,Created
        Welcome,https://example.page.link/m9Mm,myapp://user/42,,2024-01-01
        Article,https://example.page.link/Art7,,"https://example.page.link/?link=https%3A%2F%2Fexample.com%2Farticles%2F7&apn=com.example&st=Seven+days&sd=A%20week&si=https%3A%2F%2Fcdn.example.com%2F7.png",2024-01-02
        """
      let reading = LinkImport(text, minter: try Self.minter(), created: 0)
      #expect(reading.problems == [])
      #expect(reading.layout == .firebase)
      #expect(reading.records.map(\.code) == ["m9Mm", "Art7"])
      #expect(reading.records.map(\.url) == ["myapp://user/42", "https://example.com/articles/7"])
      #expect(reading.records[1].title == "Seven days")
      #expect(reading.records[1].description == "A week")
      #expect(reading.records[1].image == "https://cdn.example.com/7.png")
      #expect(reading.records[0].title == nil)
    }

    @Test("a Branch export: the alias or the link's code, the canonical or desktop URL, $og_*")
    func branch() throws {
      let text = """
        url,alias,$canonical_url,$desktop_url,$og_title,$og_description,$og_image_url,~campaign
        https://example.app.link/aBcD12,,https://example.com/articles/3,,Three,Third,https://cdn.example.com/3.png,spring
        https://example.app.link/xyz,summer,,https://example.com/articles/4,,,,summer
        """
      let reading = LinkImport(text, minter: try Self.minter(), created: 0)
      #expect(reading.problems == [])
      #expect(reading.layout == .branch)
      #expect(reading.records.map(\.code) == ["aBcD12", "summer"])
      #expect(
        reading.records.map(\.url) == [
          "https://example.com/articles/3", "https://example.com/articles/4",
        ])
      #expect(reading.records[0].title == "Three" && reading.records[0].description == "Third")
      #expect(reading.records[1].title == nil)
    }

    @Test(
      "FDL custom-domain links with a path prefix: the code is the last segment, the path noted")
    func firebasePathPrefix() throws {
      let text = """
        Short Dynamic Link,Deep link
        https://example.com/links/abc123,https://example.com/articles/7
        https://example.page.link/m9Mm,myapp://user/42
        https://example.com/links/more/x1?d=1,myapp://user/43
        https://example.com//x2,myapp://user/44
        """
      let reading = LinkImport(text, minter: try Self.minter(), created: 0)
      #expect(reading.records.map(\.code) == ["abc123", "m9Mm", "x1"])
      #expect(reading.shortLinkPrefixes == ["/links/", "/", "/links/more/"])
      #expect(reading.problems.map(\.line) == [5])
    }

    @Test("Branch rows with only $deeplink_path: the app's scheme, then the table's web hosts")
    func branchDeepLinkPath() throws {
      // The example table routes myapp://user/<int:id>, and any page of (www.)example.com.
      let text = """
        url,alias,$canonical_url,$deeplink_path
        https://example.app.link/d1,,,user/42
        https://example.app.link/d2,,,/articles/7
        https://example.app.link/d3,,https://example.com/articles/8,user/1
        https://example.app.link/d4,,,about/team
        https://example.app.link/d5,,,user/4\\2
        https://example.app.link/d6,,,
        """
      let reading = LinkImport(text, minter: try Self.minter(), created: 0)
      #expect(reading.records.map(\.code) == ["d1", "d2", "d3", "d4"])
      #expect(
        reading.records.map(\.url) == [
          "myapp://user/42", "https://www.example.com/articles/7",
          "https://example.com/articles/8", "https://www.example.com/about/team",
        ])
      #expect(reading.records.map(\.route) == ["user", "article", "article", "website"])
      #expect(reading.problems.map(\.line) == [6, 7])
      #expect(reading.problems.map(\.row) == [5, 6])
      let refused = try #require(reading.problems.first)
      #expect(
        refused.reason.hasPrefix(
          "no route of the table handles the $deeplink_path \"user/4\\\\2\" (tried myapp://user/4\\2, https://www.example.com/user/4\\2"
        ), "\(refused.reason)")
      #expect(reading.problems.last?.reason == "the row has no long URL")
    }

    @Test("at --prefix /, a code equal to one of the service's own paths is refused")
    func reservedCodesAtTheRoot() throws {
      let text =
        "admin,myapp://user/1\nhealthz,myapp://user/2\nv1,myapp://user/3\nok,myapp://user/4\n"
      let root = LinkImport(text, minter: try Self.minter(), created: 0, prefix: "/")
      #expect(root.records.map(\.code) == ["ok"])
      #expect(root.problems.map(\.line) == [1, 2, 3])
      #expect(
        root.problems.first?.reason
          == "the code admin is the service's own path /admin, which a short link at --prefix / cannot take"
      )
      let under = LinkImport(text, minter: try Self.minter(), created: 0, prefix: "/l/")
      #expect(under.problems == [] && under.records.count == 4)
    }

    @Test("rows are counted apart from lines: a header and a quoted line break")
    func rowNumbers() throws {
      let text =
        "short,long,title\na,myapp://user/1,\"two\nlines\"\nb,myapp://nowhere\nc,myapp://user/3\n"
      let reading = LinkImport(text, minter: try Self.minter(), created: 0)
      // The title of row 1 (lines 2 and 3) holds a line break, which a title may not.
      #expect(reading.problems.map(\.line) == [2, 4] && reading.problems.map(\.row) == [1, 2])
      #expect(reading.lines == [5] && reading.rows == [3])
      #expect(reading.row(ofLine: 5) == 3)
    }

    /// Runs `switchyard-links ARGUMENTS` in `folder`: its status, stdout and stderr.
    static func run(_ arguments: [String], in folder: String) throws -> (Int32, String, String) {
      let process = Process()
      process.executableURL = LinksProcess.binary
      process.arguments = arguments
      process.currentDirectoryURL = URL(fileURLWithPath: folder)
      let (output, errors) = (Pipe(), Pipe())
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      let error = String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, out, error)
    }

    /// The codes stored at `location` (a SQLite file or a PostgreSQL URL), in byte order.
    static func codes(_ backend: StoreBackend, at location: String) async throws -> [String] {
      switch backend {
      case .sqlite:
        let store = try await SQLiteLinkStore.open(path: location)
        let rows = try await store.connection.query("SELECT code FROM links ORDER BY code")
        try await store.close()
        return rows.compactMap { $0.column("code")?.string }
      case .postgres:
        return try await TestPostgres.withConnection(try PostgresAddress(location)) {
          connection in
          var codes: [String] = []
          for try await code in try await connection.query(
            #"SELECT code FROM links ORDER BY code COLLATE "C""#, logger: TestPostgres.logger
          ).decode(String.self) {
            codes.append(code)
          }
          return codes
        }
      }
    }

    @Test(
      "the command: all rows or none, FILE:LINE: reason, exit 0, 1 or 2",
      arguments: StoreBackend.allCases)
    func command(_ backend: StoreBackend) async throws {
      let folder = try temporaryFolder()
      func write(_ name: String, _ text: String) throws {
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
      }
      // --db FILE, or --postgres with a new database of the test's own (created empty: the
      // import brings its schema up like the service does).
      let location =
        backend == .sqlite ? folder + "/l.sqlite" : try await TestPostgres.newDatabase()
      let store = backend == .sqlite ? ["--db", "l.sqlite"] : ["--postgres", location]
      let place = backend == .sqlite ? "l.sqlite" : location
      try write(
        "good.csv", "short,long\nhello,myapp://user/42\nart,https://example.com/articles/7\n")
      try write("bad.csv", "fresh,myapp://user/1\nnope,myapp://nowhere\n")
      try write("taken.csv", "fresh,myapp://user/1\nhello,myapp://user/2\n")

      let (status, output, errors) = try Self.run(["import"] + store + ["good.csv"], in: folder)
      #expect(status == 0, "\(errors)")
      #expect(output == "imported 2 links from good.csv (switchyard columns)\n")
      #expect(try await Self.codes(backend, at: location) == ["art", "hello"])

      let bad = try Self.run(["import"] + store + ["bad.csv"], in: folder)
      #expect(bad.0 == 1)
      #expect(
        bad.2 == "bad.csv:2: no route of the table handles myapp://nowhere\n"
          + "error: 1 of the rows cannot be imported; nothing was imported\n")
      // A taken code: the row before it, which went in first, is rolled back too.
      let taken = try Self.run(["import"] + store + ["taken.csv"], in: folder)
      #expect(taken.0 == 1)
      #expect(
        taken.2 == "taken.csv:2: the code hello is taken in \(place)\n"
          + "error: 1 of the codes are taken; nothing was imported\n")
      #expect(try await Self.codes(backend, at: location) == ["art", "hello"])

      for arguments in [
        ["import"] + store + ["missing.csv"], ["import"],
        ["import", "--routes", "missing.json", "good.csv"],
        ["import", "--db", "l.sqlite", "--postgres", "postgres://u@127.0.0.1/x", "good.csv"],
        ["import", "--postgres", "mysql://u@127.0.0.1/x", "good.csv"],
        ["import", "--postgres", "postgres://u@127.0.0.1:1/x", "good.csv"],
      ] {
        let failed = try Self.run(arguments, in: folder)
        #expect(failed.0 == 2, "\(arguments): \(failed.2)")
        #expect(failed.2.hasPrefix("error: ") && failed.2.split(separator: "\n").count == 1)
      }
    }

    @Test(
      "--skip-invalid and --skip-existing: the other rows go in, each skipped row reported with its line, row and reason",
      arguments: StoreBackend.allCases)
    func skipping(_ backend: StoreBackend) async throws {
      let folder = try temporaryFolder()
      func write(_ name: String, _ text: String) throws {
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
      }
      let location =
        backend == .sqlite ? folder + "/l.sqlite" : try await TestPostgres.newDatabase()
      let store = backend == .sqlite ? ["--db", "l.sqlite"] : ["--postgres", location]
      try write("first.csv", "short,long\nhello,myapp://user/42\nother,myapp://user/7\n")
      try write(
        "mixed.csv",
        "short,long\nfresh,myapp://user/1\nnope,myapp://nowhere\nhello,myapp://user/42\n"
          + "other,myapp://user/8\nlast,myapp://user/9\n")
      #expect(try Self.run(["import"] + store + ["first.csv"], in: folder).0 == 0)

      // Without the flags: nothing goes in.
      let refused = try Self.run(["import"] + store + ["mixed.csv"], in: folder)
      #expect(refused.0 == 1)
      // --skip-invalid alone: the taken codes still stop the import.
      let invalidOnly = try Self.run(
        ["import", "--skip-invalid"] + store + ["mixed.csv"], in: folder)
      #expect(invalidOnly.0 == 1, "\(invalidOnly.2)")
      #expect(invalidOnly.2.contains("mixed.csv:3: row 2 skipped: no route of the table handles"))
      #expect(invalidOnly.2.hasSuffix("error: 2 of the codes are taken; nothing was imported\n"))
      #expect(try await Self.codes(backend, at: location) == ["hello", "other"])

      let both = try Self.run(
        ["import", "--skip-invalid", "--skip-existing"] + store + ["mixed.csv"], in: folder)
      #expect(both.0 == 0, "\(both.2)")
      #expect(
        both.1
          == "imported 2 links from mixed.csv (switchyard columns); skipped 3 rows (1 invalid, 2 existing)\n"
      )
      #expect(
        both.2 == "mixed.csv:3: row 2 skipped: no route of the table handles myapp://nowhere\n"
          + "mixed.csv:4: row 3 skipped: the code hello is there already, to the same URL\n"
          + "mixed.csv:5: row 4 skipped: the code other is taken by another link (to myapp://user/7)\n"
      )
      #expect(try await Self.codes(backend, at: location) == ["fresh", "hello", "last", "other"])

      // Again: every row is there or invalid, nothing is left to import, and that is fine.
      let again = try Self.run(
        ["import", "--skip-invalid", "--skip-existing"] + store + ["mixed.csv"], in: folder)
      #expect(again.0 == 0, "\(again.2)")
      #expect(again.1.hasPrefix("imported 0 links from mixed.csv"))
      // A file with no good row at all is still an error with --skip-invalid.
      try write("allbad.csv", "nope,myapp://nowhere\n")
      let allBad = try Self.run(["import", "--skip-invalid"] + store + ["allbad.csv"], in: folder)
      #expect(allBad.0 == 1)
    }

    @Test("--prefix / for the import: reserved codes refused; a note when the links' path differs")
    func prefixes() async throws {
      let folder = try temporaryFolder()
      try "Short Dynamic Link,Deep link\nhttps://example.com/links/abc,myapp://user/1\n".write(
        toFile: folder + "/fdl.csv", atomically: true, encoding: .utf8)
      try "admin,myapp://user/1\n".write(
        toFile: folder + "/admin.csv", atomically: true, encoding: .utf8)
      let noted = try Self.run(["import", "--db", "l.sqlite", "fdl.csv"], in: folder)
      #expect(noted.0 == 0, "\(noted.2)")
      #expect(
        noted.2
          == "note: the file's short links are under /links/, not --prefix /l/: to keep their old "
          + "addresses working, serve them on their host with --prefix /links/\n")
      let quiet = try Self.run(
        ["import", "--prefix", "/links/", "--db", "m.sqlite", "fdl.csv"], in: folder)
      #expect(quiet.0 == 0 && quiet.2 == "", "\(quiet.2)")
      let admin = try Self.run(
        ["import", "--prefix", "/", "--db", "l.sqlite", "admin.csv"], in: folder)
      #expect(admin.0 == 1)
      #expect(admin.2.hasPrefix("admin.csv:1: the code admin is the service's own path /admin"))
    }
  }
#endif
