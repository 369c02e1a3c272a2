import Foundation
import Testing

/// `.ci/public-api` (CONTRIBUTING.md, "Public API"): every form of a public declaration is
/// counted, nothing else is, and a module over its limit fails the check.
@Suite("Public API count: every form counted, the core within its limit")
struct PublicAPICountTests {
  /// The script's result on `sources` (a `Sources` folder of `[module: [file: text]]`), with
  /// the arguments given.
  static func count(
    _ sources: [String: [String: String]], _ arguments: [String] = []
  ) throws -> (status: Int32, output: String) {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-public-api-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    for (module, files) in sources {
      let folder = root.appendingPathComponent("Sources/\(module)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (name, text) in files {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
      }
    }
    return try run(["--root", root.path] + arguments)
  }

  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let script = CommandRunner.packageRoot.appendingPathComponent(".ci/public-api").path
    return try ReleaseTests.run(
      ["python3", script] + arguments, in: FileManager.default.temporaryDirectory)
  }

  /// The `--list` lines of `module`: `kind: name` each, without the file and line.
  static func listed(_ text: String, module: String = "Kit") throws -> [String] {
    let result = try count([module: ["Kit.swift": text]], ["--list", module])
    try #require(result.status == 0, "\(result.output)")
    return result.output.split(separator: "\n").map {
      String($0.split(separator: ":", maxSplits: 2)[2].dropFirst())
    }
  }

  @Test("Each way of writing `public` counts once, wherever the modifiers and attributes stand")
  func everyForm() throws {
    let found = try Self.listed(
      """
      public struct Box: Sendable {
        nonisolated public var a: Int { 1 }
        public nonisolated func b() {}
        @inlinable public func c() {}
        @inlinable
        public static func d() {}
        public private(set) var e = 0
        public init() {}
        public subscript(i: Int) -> Int { i }
        public typealias F = Int
        @MainActor public final class G {}
        static public let h = 1
        package func notCounted() {}
        func alsoNot() {}
      }
      open class Base {
        open func f() {}
      }
      public extension Box {
        func implicitlyPublic() {}
        internal func stated() {}
      }
      """)
    #expect(
      found == [
        "declaration: struct Box", "declaration: var a in Box", "declaration: func b in Box",
        "declaration: func c in Box", "declaration: func d in Box", "declaration: var e in Box",
        "declaration: init in Box", "declaration: subscript in Box",
        "declaration: typealias F in Box", "declaration: class Box.G",
        "declaration: let h in Box", "declaration: class Base", "declaration: func f in Base",
        "declaration: func implicitlyPublic in Box",
      ])
  }

  @Test("Enum cases and own-type static members are values; protocol requirements are their own")
  func valuesAndRequirements() throws {
    let found = try Self.listed(
      """
      public enum Mode: String { case fast, slow = "s"
        indirect case nested(Int) }
      public struct Code: Sendable {
        private let name: String
        public static let badPattern = Code(name: "badPattern")
        public static let other: Code = Code(name: "other")
        public static let count = 2
      }
      public protocol Reading {
        associatedtype Output
        func read() -> Output
        var name: String { get }
      }
      enum Hidden { case a, b }
      """)
    #expect(
      found == [
        "declaration: enum Mode", "value: case Mode.fast", "value: case Mode.slow",
        "value: case Mode.nested", "declaration: struct Code", "value: let badPattern in Code",
        "value: let other in Code", "declaration: let count in Code",
        "declaration: protocol Reading",
        "requirement: associatedtype Output in Reading", "requirement: func read in Reading",
        "requirement: var name in Reading",
      ])
  }

  @Test("Comments, strings, bodies and types that are not public add nothing")
  func notCounted() throws {
    let found = try Self.listed(
      ##"""
      /// public func inDocComment()
      // public var inComment = 1
      /* public struct InBlock { /* nested */ public var x = 1 } */
      struct Internal {
        public var notReachable = 0
        public struct AlsoInternal { public func f() {} }
      }
      extension Internal { public func stillInternal() {} }
      public struct Outer {
        public func body() {
          let text = "public func inString() { \(1) }"
          let raw = #"public var "quoted" = 1"#
          let block = """
            public let inMultiline = 1
            """
          struct Local { public func f() {} }
          _ = (text, raw, block)
        }
        public var computed: Int {
          struct InAccessor { public var x = 1 }
          return 1
        }
      }
      extension String { public var external: Int { 1 } }
      """##)
    #expect(
      found == [
        "declaration: struct Outer", "declaration: func body in Outer",
        "declaration: var computed in Outer", "declaration: var external in String",
      ])
  }

  @Test("A module over its limit fails with its count and the way out; at the limit it passes")
  func limit() throws {
    let sources = ["Kit": ["Kit.swift": "public struct A {}\nnonisolated public func b() {}\n"]]
    let over = try Self.count(sources, ["--limit", "Kit=1"])
    #expect(over.status == 1)
    #expect(
      over.output.contains("error: Kit has 2 public declarations, more than its limit of 1"),
      "\(over.output)")
    let within = try Self.count(sources, ["--limit", "Kit=2"])
    #expect(within.status == 0, "\(within.output)")
    // A limit for a module that is not there is a mistake, not a pass.
    #expect(try Self.count(sources, ["--limit", "Gone=5"]).status == 1)
  }

  @Test("The repository's core is within its limit of 400 declarations")
  func coreWithinLimit() throws {
    let result = try Self.run([])
    #expect(result.status == 0, "\(result.output)")
    let core = result.output.split(separator: "\n").first {
      $0.hasSuffix("Switchyard (limit 400 declarations)")
    }
    let declarations = try #require(core.flatMap { Int($0.split(separator: " ")[0]) })
    #expect(declarations <= 400)
    #expect(declarations > 300, "the count read the core: \(result.output)")
  }
}
