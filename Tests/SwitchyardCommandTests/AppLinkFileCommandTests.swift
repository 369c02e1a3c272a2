import Foundation
import Testing

/// `switchyard verify` reading its file, `export android --output-dir` writing its files, and
/// `verify --format json`.
@Suite("switchyard verify / export: files and JSON output (end to end)")
struct AppLinkFileCommandTests {
  static let appID = AppLinkCommandTests.appID
  static let fingerprint = AppLinkCommandTests.fingerprint

  /// Runs `arguments` in a fresh directory holding `files`, and checks that it is a file error:
  /// exit 2, nothing on stdout, and `message` as the last line on stderr (after the note on
  /// which table was used and the export's warnings, if any).
  static func expectFileError(
    _ arguments: [String], files: [String: Data] = [:], input: String? = nil, message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let folder = try CommandRunner.directory(with: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, contents) in files {
      try contents.write(to: folder.appendingPathComponent(name))
    }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("folder"), withIntermediateDirectories: false)
    let result = try CommandRunner.run(arguments, input: input, in: folder)
    #expect(result.status == 2, sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "", sourceLocation: sourceLocation)
    #expect(lines.dropLast().last.map(String.init) == message, sourceLocation: sourceLocation)
    #expect(
      lines.dropLast().dropLast().allSatisfy {
        $0.hasPrefix("note: ") || $0.hasPrefix("warning: ")
      },
      sourceLocation: sourceLocation)
    #expect(!result.stderr.contains("Error("), sourceLocation: sourceLocation)
  }

  @Test(
    "verify names a missing file, a directory and an unreadable one as the route-file reader does")
  func verifyUnreadableFiles() throws {
    try Self.expectFileError(
      ["verify", "aasa", "nonexist.json"], message: "nonexist.json: no such file")
    try Self.expectFileError(["verify", "android", "nope.xml"], message: "nope.xml: no such file")
    try Self.expectFileError(
      ["verify", "aasa", "folder"], message: "folder: is a directory, not a file")
    try Self.expectFileError(
      ["verify", "android", "folder"], message: "folder: is a directory, not a file")
    try Self.expectFileError(
      ["verify", "aasa", "empty.json"], files: ["empty.json": Data()],
      message: "empty.json: the file is empty")
    try Self.expectFileError(
      ["verify", "aasa", "-"], input: "", message: "<stdin>: the file is empty")
  }

  @Test("verify reports bytes that are not UTF-8 with their place, like the route-file reader")
  func verifyInvalidUTF8() throws {
    let garbage = Data([0xD1, 0x00, 0xFF, 0x41])
    try Self.expectFileError(
      ["verify", "aasa", "garbage.bin"], files: ["garbage.bin": garbage],
      message: "garbage.bin:1:1: invalid UTF-8 (byte 0xD1)")
    try Self.expectFileError(
      ["verify", "android", "garbage.bin"], files: ["garbage.bin": garbage],
      message: "garbage.bin:1:1: invalid UTF-8 (byte 0xD1)")
    let lateByte = Data("{\n  \"applinks\": \u{E9}".utf8) + Data([0xC3, 0x28])
    try Self.expectFileError(
      ["verify", "aasa", "late.json"], files: ["late.json": lateByte],
      message: "late.json:2:16: invalid UTF-8 (byte 0xC3)")
    // The route-file reader says the same about the same bytes.
    try Self.expectFileError(
      ["routes", "--routes", "garbage.bin"], files: ["garbage.bin": garbage],
      message: "garbage.bin:1:1: invalid UTF-8 (byte 0xD1)")
  }

  @Test("verify on standard input calls it <stdin>, in errors and in the ok line")
  func verifyStandardInput() throws {
    let golden = try AppLinkCommandTests.golden("apple-app-site-association.json")
    let ok = try CommandRunner.run(
      ["verify", "aasa", "-", "--host", "example.com"], input: golden)
    #expect(ok.status == 0)
    #expect(ok.stdout.hasPrefix("ok: <stdin> lets in what the routes handle ("))
    try Self.expectFileError(
      ["verify", "aasa", "-"], input: "{\"applinks\": 3}",
      message: "<stdin>:1:14: \"applinks\" must be an object, not an integer")
  }

  @Test(
    "verify aasa reads paths as iOS does, and reads applinks.defaults and substitutionVariables")
  func verifyPathsAsIOSReadsThem() throws {
    let routes = """
      { "version": 1, "routes": [
        { "name": "getApp", "pattern": "https://example.com/<locale>/get-app" },
        { "name": "article", "pattern": "https://example.com/article/*rest" } ] }
      """
    // A real file's shape: components ending in '/' (Mozilla's); and Apple's documented file
    // defaults and a substitution variable.
    let file = """
      { "applinks": {
        "defaults": { "percentEncoded": false },
        "substitutionVariables": { "locales": ["en-US", "de", "?*"] },
        "details": [ { "appIDs": ["\(Self.appID)"], "components": [
          { "/": "/$(locales)/get-app" }, { "/": "/$(locales)/get-app/" },
          { "/": "/article" }, { "/": "/article/" }, { "/": "/article/?*" } ] } ] } }
      """
    let folder = try CommandRunner.directory(with: [
      "routes.json": routes, "aasa.json": file,
      "slashless.json": file.replacingOccurrences(
        of: #", { "/": "/$(locales)/get-app/" }"#, with: ""),
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let ok = try CommandRunner.run(
      ["verify", "aasa", "aasa.json", "--routes", "routes.json", "--host", "example.com"],
      in: folder)
    #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
    #expect(!ok.stdout.contains("does not let in"), "\(ok.stdout)")
    #expect(!ok.stderr.contains("not valid"), "\(ok.stderr)")
    // Without the '/' component, the site's /…/get-app/ links open the browser on iOS.
    let slashless = try CommandRunner.run(
      ["verify", "aasa", "slashless.json", "--routes", "routes.json", "--host", "example.com"],
      in: folder)
    #expect(slashless.status == 1)
    #expect(slashless.stdout.contains("get-app/"), "\(slashless.stdout)")
  }

  @Test("export android --output-dir creates a missing directory (and the ones above it)")
  func exportCreatesOutputDirectory() throws {
    let folder = try CommandRunner.directory(with: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CommandRunner.run(
      [
        "export", "android", "--package", "com.example.app", "--host", "example.com",
        "--sha256", Self.fingerprint, "--output-dir", "out/android",
      ], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    let written = folder.appendingPathComponent("out/android")
    let filters = try Data(contentsOf: written.appendingPathComponent("intent-filters.xml"))
    let links = try Data(contentsOf: written.appendingPathComponent("assetlinks.json"))
    #expect(
      String(decoding: filters, as: UTF8.self)
        == (try AppLinkCommandTests.golden("intent-filters.xml")))
    #expect(
      String(decoding: links, as: UTF8.self) == (try AppLinkCommandTests.golden("assetlinks.json")))
  }

  @Test("export android --output-dir that cannot be a directory is a clear error")
  func exportOutputDirectoryErrors() throws {
    let arguments = ["export", "android", "--package", "com.example.app", "--output-dir"]
    try Self.expectFileError(
      arguments + ["plain"], files: ["plain": Data("x".utf8)],
      message: "error: --output-dir plain is not a directory")
    try Self.expectFileError(
      arguments + ["plain/sub"], files: ["plain": Data("x".utf8)],
      message: "error: cannot create the directory plain/sub: not a directory")
  }

  @Test("verify --format json: one object with the file, ok and every difference")
  func verifyJSON() throws {
    let golden = try AppLinkCommandTests.golden("apple-app-site-association.json")
    // The profile route dropped, and the catch-all website route narrowed so that it does
    // not let the profile links in either.
    #expect(golden.contains(#"{ "/": "/@?*" },"#) && golden.contains(#"{ "/": "/?*" }"#))
    let drifted =
      golden
      .replacingOccurrences(of: #"{ "/": "/@?*" },"#, with: "")
      .replacingOccurrences(of: #"{ "/": "/?*" }"#, with: #"{ "/": "/www/?*" }"#)
    let folder = try CommandRunner.directory(with: [
      "aasa.json": golden, "drifted.json": drifted,
      "filters.xml": try AppLinkCommandTests.golden("intent-filters.xml"),
      "assetlinks.json": try AppLinkCommandTests.golden("assetlinks.json"),
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    func run(_ arguments: [String]) throws -> (CommandResult, [String: Any]) {
      let result = try CommandRunner.run(arguments + ["--format", "json"], in: folder)
      #expect(result.lines.count == 1, "\(result.stdout)")
      let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
      return (result, try #require(object as? [String: Any]))
    }

    let (clean, cleanObject) = try run(["verify", "aasa", "aasa.json", "--host", "example.com"])
    #expect(clean.status == 0)
    #expect(clean.stdout == #"{"file":"aasa.json","ok":true,"differences":[]}"# + "\n")
    #expect(cleanObject["ok"] as? Bool == true)

    let (drift, driftObject) = try run(["verify", "aasa", "drifted.json", "--host", "example.com"])
    #expect(drift.status == 1)
    #expect(driftObject["ok"] as? Bool == false)
    let differences = try #require(driftObject["differences"] as? [[String: Any]])
    #expect(
      differences.contains {
        $0["kind"] as? String == "routeNotLetIn" && $0["route"] as? String == "profile"
          && $0["url"] as? String == "https://example.com/@x"
          && $0["message"] as? String
            == #"route "profile": the file does not let in https://example.com/@x"#
      })

    let (noApp, _) = try run(["verify", "aasa", "aasa.json", "--app-id", "TEAM.other"])
    #expect(noApp.status == 1)
    #expect(
      noApp.stdout
        == #"{"file":"aasa.json","ok":false,"differences":[{"kind":"appNotListed","app":"TEAM.other","url":null,"route":null,"message":"the file names no app TEAM.other"}]}"#
        + "\n")

    let (android, _) = try run(["verify", "android", "filters.xml", "--host", "example.com"])
    #expect(android.status == 0)
    #expect(android.stdout == #"{"file":"filters.xml","ok":true,"differences":[]}"# + "\n")

    let (links, linksObject) = try run([
      "verify", "android", "assetlinks.json", "--package", "com.example.app", "--sha256",
      "00" + Self.fingerprint.dropFirst(2),
    ])
    #expect(links.status == 1)
    let linkDifferences = try #require(linksObject["differences"] as? [[String: Any]])
    #expect(linkDifferences.count == 1)
    #expect(linkDifferences.first?["kind"] as? String == "fingerprintNotListed")
    #expect(
      linkDifferences.first?["fingerprint"] as? String == "00" + Self.fingerprint.dropFirst(2))

    let (otherPackage, _) = try run([
      "verify", "android", "assetlinks.json", "--package", "com.example.other",
    ])
    #expect(otherPackage.status == 1)
    #expect(
      otherPackage.stdout.contains(
        #"{"kind":"packageNotListed","package":"com.example.other","url":null"#))
  }

  @Test("verify --format json prints nothing on stdout for a file error")
  func verifyJSONFileError() throws {
    try Self.expectFileError(
      ["verify", "aasa", "nonexist.json", "--format", "json"],
      message: "nonexist.json: no such file")
  }
}
