// Used by the browser suite, which is compiled with the `Links` trait only.
#if Links
  import Foundation

  /// Debian's headless Chromium, driven from the command line: what a page shows and what it
  /// logs to the console.
  struct Chromium {
    /// The browser's executable: `SWITCHYARD_CHROMIUM`, else the first of `chromium`,
    /// `chromium-browser`, `google-chrome` on `PATH`; `nil` when there is none.
    static let executable: String? = {
      let environment = ProcessInfo.processInfo.environment
      if let path = environment["SWITCHYARD_CHROMIUM"], !path.isEmpty { return path }
      let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
      for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
        for folder in folders {
          let path = "\(folder)/\(name)"
          if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
      }
      return nil
    }()

    /// Whether CI demands the browser (`SWITCHYARD_REQUIRE_BROWSER=1`): then a missing browser
    /// fails the tests instead of skipping them.
    static let isRequired = ProcessInfo.processInfo.environment["SWITCHYARD_REQUIRE_BROWSER"] == "1"

    /// What one page load gave.
    struct Load {
      /// The document as the browser holds it after loading (`--dump-dom`).
      var dom: String
      /// The console messages (CSP violations, failed loads, errors), one per entry.
      var console: [String]
    }

    let executable: String
    /// A folder of the test's own, for the profile, logs and screenshots.
    let folder: URL

    /// The size of the window: an iPhone's viewport in CSS pixels.
    static let windowSize = "390,844"

    /// A desktop browser's window in CSS pixels (the admin's pages).
    static let desktopWindowSize = "1280,900"

    /// Loads `url` as a client sending `userAgent` in a window of `windowSize` ("width,height")
    /// and returns the DOM and console messages.
    func load(_ url: URL, userAgent: String, windowSize: String = Self.windowSize) throws -> Load {
      let (output, console) = try run(
        ["--dump-dom", url.absoluteString], userAgent: userAgent, windowSize: windowSize)
      return Load(dom: output, console: console)
    }

    /// Takes a screenshot of `url` into `file` (PNG) and returns the console messages.
    func screenshot(
      _ url: URL, userAgent: String, into file: URL, windowSize: String = Self.windowSize,
      scale: Int = 2
    ) throws -> [String] {
      try run(
        [
          "--screenshot=\(file.path)", "--hide-scrollbars", "--force-device-scale-factor=\(scale)",
          url.absoluteString,
        ],
        userAgent: userAgent, windowSize: windowSize
      ).console
    }

    /// Runs the browser once with `arguments` and returns its standard output and the console
    /// messages it logged.
    private func run(_ arguments: [String], userAgent: String, windowSize: String) throws -> (
      output: String, console: [String]
    ) {
      let run = UUID().uuidString
      let profile = folder.appendingPathComponent("profile-\(run)")
      let stdout = folder.appendingPathComponent("stdout-\(run).txt")
      let stderr = folder.appendingPathComponent("stderr-\(run).txt")
      guard
        FileManager.default.createFile(atPath: stdout.path, contents: nil),
        FileManager.default.createFile(atPath: stderr.path, contents: nil)
      else { throw BrowserError("cannot create the logs in \(folder.path)") }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments =
        [
          "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
          "--disable-extensions", "--user-data-dir=\(profile.path)",
          "--enable-logging=stderr", "--v=0", "--window-size=\(windowSize)",
          "--user-agent=\(userAgent)",
        ] + arguments
      process.standardOutput = try FileHandle(forWritingTo: stdout)
      process.standardError = try FileHandle(forWritingTo: stderr)
      try process.run()
      process.waitUntilExit()
      let output = try String(contentsOf: stdout, encoding: .utf8)
      let log = try String(contentsOf: stderr, encoding: .utf8)
      guard process.terminationStatus == 0 else {
        throw BrowserError(
          "\(executable) exited with \(process.terminationStatus):\n\(log.suffix(2000))")
      }
      // Chromium logs each console message as "[…:INFO:CONSOLE:…] "message", source: …".
      let console = log.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
      return (output, console)
    }
  }

  /// The browser could not be run.
  struct BrowserError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// What a person sees of a page: its heading and its links, from the browser's DOM.
  struct VisiblePage {
    /// One `<a>`: its text and target.
    struct Link: Equatable, CustomStringConvertible {
      var text: String
      var href: String
      var description: String { "\(text) → \(href)" }
    }

    var title: String?
    var heading: String?
    var links: [Link]

    init(dom: String) {
      title = Self.firstText(of: "title", in: dom)
      heading = Self.firstText(of: "h1", in: dom)
      links = []
      var rest = Substring(dom)
      while let open = rest.range(of: "<a ") {
        rest = rest[open.upperBound...]
        guard let tagEnd = rest.firstIndex(of: ">"), let close = rest.range(of: "</a>") else {
          break
        }
        let attributes = rest[..<tagEnd]
        let text = rest[rest.index(after: tagEnd)..<close.lowerBound]
        var href = ""
        if let start = attributes.range(of: "href=\"") {
          let value = attributes[start.upperBound...]
          href = String(value[..<(value.firstIndex(of: "\"") ?? value.endIndex)])
        }
        links.append(Link(text: Self.unescape(String(text)), href: Self.unescape(href)))
        rest = rest[close.upperBound...]
      }
    }

    static func firstText(of element: String, in dom: String) -> String? {
      guard let open = dom.range(of: "<\(element)>"),
        let close = dom.range(of: "</\(element)>", range: open.upperBound..<dom.endIndex)
      else { return nil }
      return unescape(String(dom[open.upperBound..<close.lowerBound]))
    }

    /// The references Chromium writes back when it serialises text and attributes.
    static func unescape(_ text: String) -> String {
      text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(
          of: "&nbsp;", with: "\u{A0}"
        )
        .replacingOccurrences(of: "&amp;", with: "&")
    }
  }
#endif
