import Foundation
import Testing

/// The calls of the API before the release that no longer compile are marked unavailable, so
/// that the compiler names their replacement. A test target cannot call them (that would not
/// compile), so this one type-checks a file of old calls against the modules this test run
/// built, with the compiler, and reads its diagnostics.
@Suite("Removed API: each old call is an error that names its replacement")
struct UnavailableAPITests {
  /// Each old call, with what the compiler must say about it.
  static let calls: [(code: String, says: String)] = [
    (#"_ = try match.int("id")"#, "'int' has been renamed to 'value(_:as:)'"),
    (#"_ = try match.double("x")"#, "'double' has been renamed to 'value(_:as:)'"),
    (#"_ = try match.bool("on")"#, "'bool' has been renamed to 'value(_:as:)'"),
    (#"_ = try match.string("term")"#, "'string' has been renamed to 'value(_:as:)'"),
    (
      #"_ = try match.value(Int.self, "id")"#,
      "the name comes first: value(name, as: T.self)"
    ),
    (
      #"_ = try match.values(Int.self, "id")"#,
      "the name comes first: values(name, as: T.self)"
    ),
    (#"_ = match[Int.self, "id"]"#, "read it as try? value(name, as: T.self)"),
    ("_ = router.routes", "'routes' has been renamed to 'table.routes'"),
    ("_ = router.options", "'options' has been renamed to 'table.options'"),
    ("_ = mainActorRouter.routes", "'routes' has been renamed to 'table.routes'"),
    (#"_ = navigator.canOpen("myapp://a")"#, "'canOpen' has been renamed to 'canRoute(_:)'"),
    (#"_ = navigator.unmap("user")"#, "'unmap' has been renamed to 'remove(_:)'"),
    (#"_ = try LinkOrigin.scheme("shop")"#, "'scheme' has been replaced by 'init(_:)'"),
    ("_ = finding.severity", "'severity' has been renamed to 'kind.severity'"),
    ("_ = finding.kind.name", "'name' has been renamed to 'rawValue'"),
    ("_ = consideration.matched", "a route matched when its failure is nil"),
    (
      "_ = navigator.scheme",
      "'scheme' has been renamed to 'table.options.defaultScheme'"
    ),
    (
      "_ = navigator.canOpen(URL(string: \"myapp://a\")!)",
      "'canOpen' has been renamed to 'canRoute(_:)'"
    ),
    (
      "_ = Router<Int>(clock: ContinuousClock())",
      "make the router, then call router.links.use(clock)"
    ),
    (
      "_ = MainActorRouter<Int>(clock: ContinuousClock())",
      "make the router, then call router.links.use(clock)"
    ),
  ]

  /// The folder of the modules this test run built (`…/debug/Modules`).
  static func modulesFolder() throws -> URL {
    var candidates: [URL] = []
    let main = Bundle.main.bundleURL
    candidates += [main, main.deletingLastPathComponent()]
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      candidates.append(bundle.bundleURL.deletingLastPathComponent())
    }
    candidates.append(CommandRunner.packageRoot.appendingPathComponent(".build/debug"))
    for folder in candidates {
      let modules = folder.appendingPathComponent("Modules")
      let module = modules.appendingPathComponent("Switchyard.swiftmodule")
      if FileManager.default.fileExists(atPath: module.path) { return modules }
    }
    throw CommandRunner.Failure.binaryNotFound(candidates.map(\.path))
  }

  @Test("swiftc -typecheck reports every old call at its line, with the replacement")
  func oldCallsNameTheirReplacement() throws {
    let modules = try Self.modulesFolder()
    let lines =
      [
        "import Foundation", "import Switchyard", "import SwitchyardFoundation", "",
        "@MainActor func old(",
        "  match: RouteMatch, router: Router<Int>, mainActorRouter: MainActorRouter<Int>,",
        "  navigator: Navigator<Int>, finding: LintFinding,",
        "  consideration: RouteExplanation.Consideration", ") throws {",
      ] + Self.calls.map { "  " + $0.code } + ["}"]
    let firstCall = 10
    let folder = try CommandRunner.directory(with: ["Old.swift": lines.joined(separator: "\n")])
    defer { try? FileManager.default.removeItem(at: folder) }
    let (status, output) = try ReleaseTests.run(
      [
        "swiftc", "-typecheck", "-diagnostic-style=llvm", "-I", modules.path,
        "-swift-version", "6", "Old.swift",
      ], in: folder)
    #expect(status != 0)
    let errors = output.split(separator: "\n").filter { $0.hasPrefix("Old.swift:") }
      .filter { $0.contains(": error: ") }
    for (offset, call) in Self.calls.enumerated() {
      let line = firstCall + offset
      let said = errors.filter { $0.hasPrefix("Old.swift:\(line):") }
      #expect(said.contains { $0.contains(call.says) }, "\(call.code): \(said)\n\(output)")
    }
    // Nothing else is wrong with the file: one error for each old call.
    #expect(errors.count == Self.calls.count, "\(output)")
  }
}
