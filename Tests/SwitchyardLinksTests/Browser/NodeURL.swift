import Foundation

/// How a browser reads URLs: Node's `new URL(text)`, which implements the WHATWG URL Standard
/// (the reading of Chromium, Firefox and Safari). One run of Node reads a whole list.
struct NodeURL {
  /// `SWITCHYARD_NODE`, else `/usr/bin/node`, else `node` on `PATH`; `nil` when there is none.
  static let executable: String? = {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["SWITCHYARD_NODE"], !path.isEmpty { return path }
    var candidates = ["/usr/bin/node"]
    for folder in (environment["PATH"] ?? "").split(separator: ":") {
      candidates.append("\(folder)/node")
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// Whether a missing Node fails the test rather than skipping it: on CI (`CI=true`).
  static let isRequired = ProcessInfo.processInfo.environment["CI"] == "true"

  /// One URL as the WHATWG parser read it; `ok` is false when it refused the text.
  struct Reading: Decodable, Hashable {
    var ok: Bool
    var href: String?
    var proto: String?
    var hostname: String?
    var port: String?
    var pathname: String?
    var search: String?
    var hash: String?
  }

  /// Reads each of `urls` with `new URL(…)`: the list goes in as JSON on standard input, the
  /// readings come back as JSON on standard output.
  static let script = """
    let t = "";
    process.stdin.on("data", (d) => (t += d)).on("end", () => {
      const out = JSON.parse(t).map((s) => {
        try {
          const u = new URL(s);
          return { ok: true, href: u.href, proto: u.protocol, hostname: u.hostname,
            port: u.port, pathname: u.pathname, search: u.search, hash: u.hash };
        } catch (e) {
          return { ok: false };
        }
      });
      process.stdout.write(JSON.stringify(out));
    });
    """

  let executable: String

  func read(_ urls: [String]) throws -> [Reading] {
    let input = FileManager.default.temporaryDirectory.appendingPathComponent(
      "switchyard-node-\(UUID().uuidString).json")
    try JSONEncoder().encode(urls).write(to: input)
    defer { try? FileManager.default.removeItem(at: input) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["-e", Self.script]
    process.standardInput = try FileHandle(forReadingFrom: input)
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let readings = try JSONDecoder().decode([Reading].self, from: data)
    guard process.terminationStatus == 0, readings.count == urls.count else {
      throw NodeFailure(status: process.terminationStatus)
    }
    return readings
  }

  struct NodeFailure: Error {
    var status: Int32
  }
}
