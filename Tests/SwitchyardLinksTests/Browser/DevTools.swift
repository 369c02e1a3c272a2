// Used by the browser suite, which is compiled with the `Links` trait only.
#if Links
  import Foundation
  import NIOConcurrencyHelpers

  #if canImport(Glibc)
    import Glibc
  #endif

  /// Debian's headless Chromium driven through the DevTools protocol over a pipe
  /// (`--remote-debugging-pipe`: JSON messages ended by a NUL byte, written to the browser's
  /// fd 3 and read from its fd 4), so that a test can type into a page, submit its forms and
  /// read what the browser holds (its DOM, its cookies, each document's HTTP status).
  ///
  /// Every wait is for a message: the answer to a command, or an event (a load) that arrived
  /// after a ``mark()``. Each has a deadline of ``deadline`` seconds, only as a safety net that
  /// turns a hang into a failure; nothing is timed.
  ///
  /// ```swift
  /// try await DevTools.run(executable: path, folder: folder) { browser in
  ///   let tab = try await browser.newTab()
  ///   let status = try await tab.navigate("http://127.0.0.1:8080/admin")
  /// }
  /// ```
  final class DevTools: Sendable {
    /// How long one wait may take before it fails: generous, never reached by a working run.
    static let deadline: Double = 90

    /// One message from the browser, as read by the reader thread.
    struct Message: Sendable {
      var id: Int?
      var method: String?
      var session: String?
      var data: Data
    }

    private struct Reply {
      var continuation: CheckedContinuation<Data, any Error>
      var deadline: UInt64
      var what: String
    }

    private struct EventWait {
      var method: String
      var session: String?
      var after: Int
      var continuation: CheckedContinuation<Message, any Error>
      var deadline: UInt64
    }

    private struct State {
      var nextID = 1
      var replies: [Int: Reply] = [:]
      var events: [Message] = []
      var eventWaits: [Int: EventWait] = [:]
      var nextWait = 1
      /// Why no more messages come (the pipe closed), once it is so.
      var ended: String?
      var exited: CheckedContinuation<Void, Never>?
      var hasExited = false
      /// When the browser is killed if it has not exited by then (set by ``close()``).
      var killAt: UInt64?
    }

    private let state = NIOLockedValueBox(State())
    private let writeLock = NIOLock()
    private let input: Int32
    private let output: Int32
    let pid: pid_t
    /// The browser's standard output and error.
    let log: URL

    private init(input: Int32, output: Int32, pid: pid_t, log: URL) {
      self.input = input
      self.output = output
      self.pid = pid
      self.log = log
    }

    /// Starts the browser (`folder` holds its profile and log), calls `body`, then closes the
    /// browser, also when `body` throws.
    static func run<Value>(
      executable: String, folder: URL, windowSize: String = Chromium.desktopWindowSize,
      _ body: (DevTools) async throws -> Value
    ) async throws -> Value {
      let browser = try start(executable: executable, folder: folder, windowSize: windowSize)
      do {
        let value = try await body(browser)
        await browser.close()
        return value
      } catch {
        await browser.close()
        throw error
      }
    }

    /// Spawns `executable` with the pipe on its fds 3 and 4 and starts the reader thread.
    static func start(executable: String, folder: URL, windowSize: String) throws -> DevTools {
      let log = folder.appendingPathComponent("chromium-\(UUID().uuidString).log")
      // Both pipes close on exec in this process (another test's child does not inherit them);
      // each end is moved above fd 4, so that the moves onto 3 and 4 cannot clash.
      func pipePair() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw BrowserError("pipe: errno \(errno)") }
        let read = fcntl(fds[0], F_DUPFD_CLOEXEC, 10)
        let write = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
        Glibc.close(fds[0])
        Glibc.close(fds[1])
        guard read >= 0, write >= 0 else { throw BrowserError("fcntl: errno \(errno)") }
        return (read, write)
      }
      let toBrowser = try pipePair()
      let fromBrowser = try pipePair()
      let arguments = [
        executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-extensions", "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
        "--remote-debugging-pipe", "--window-size=\(windowSize)", "about:blank",
      ]
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
      posix_spawn_file_actions_adddup2(&actions, toBrowser.read, 3)
      posix_spawn_file_actions_adddup2(&actions, fromBrowser.write, 4)
      let argv = arguments.map { strdup($0) } + [nil]
      defer { for argument in argv { free(argument) } }
      var pid: pid_t = 0
      let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
      Glibc.close(toBrowser.read)
      Glibc.close(fromBrowser.write)
      guard spawned == 0 else {
        Glibc.close(toBrowser.write)
        Glibc.close(fromBrowser.read)
        throw BrowserError("posix_spawn \(executable): error \(spawned)")
      }
      let browser = DevTools(input: fromBrowser.read, output: toBrowser.write, pid: pid, log: log)
      let thread = Thread { browser.readMessages() }
      thread.name = "DevTools reader"
      thread.start()
      return browser
    }

    /// The reader thread: splits what the browser writes at NUL bytes, answers the waits, and
    /// fails those past their deadline; at the end of the pipe, reaps the browser.
    private func readMessages() {
      var pending: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 65_536)
      var reason = "Chromium closed the DevTools pipe"
      while true {
        var poller = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        // Wakes at least once a second to fail the waits past their deadline.
        let ready = poll(&poller, 1, 1000)
        if ready < 0 && errno != EINTR {
          reason = "poll: errno \(errno)"
          break
        }
        if ready > 0 {
          let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
          if count < 0 && errno == EINTR { continue }
          if count <= 0 { break }
          pending += chunk[0..<count]
          while let end = pending.firstIndex(of: 0) {
            deliver(Data(pending[..<end]))
            pending.removeSubrange(...end)
          }
        }
        failOverdue()
      }
      Glibc.close(input)
      endAll(reason)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      let exited = state.withLockedValue { state in
        state.hasExited = true
        defer { state.exited = nil }
        return state.exited
      }
      exited?.resume()
    }

    private func deliver(_ data: Data) {
      guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        return
      }
      let message = Message(
        id: object["id"] as? Int, method: object["method"] as? String,
        session: object["sessionId"] as? String, data: data)
      if let id = message.id {
        let reply = state.withLockedValue { $0.replies.removeValue(forKey: id) }
        reply?.continuation.resume(returning: data)
        return
      }
      guard message.method != nil else { return }
      let woken = state.withLockedValue { state -> [(EventWait, Message)] in
        state.events.append(message)
        let matched = state.eventWaits.filter { Self.matches(message, $0.value) }
        for key in matched.keys { state.eventWaits[key] = nil }
        return matched.values.map { ($0, message) }
      }
      for (wait, message) in woken { wait.continuation.resume(returning: message) }
    }

    private static func matches(_ message: Message, _ wait: EventWait) -> Bool {
      message.method == wait.method && message.session == wait.session
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    private static func deadlineFromNow() -> UInt64 { now() + UInt64(Self.deadline * 1e9) }

    private func failOverdue() {
      let now = Self.now()
      let overdue = state.withLockedValue { state in
        guard let killAt = state.killAt, killAt < now else { return false }
        state.killAt = nil
        return true
      }
      if overdue { kill(pid, SIGKILL) }
      let (replies, waits) = state.withLockedValue { state in
        let replies = state.replies.filter { $0.value.deadline < now }
        let waits = state.eventWaits.filter { $0.value.deadline < now }
        for key in replies.keys { state.replies[key] = nil }
        for key in waits.keys { state.eventWaits[key] = nil }
        return (Array(replies.values), Array(waits.values))
      }
      for reply in replies {
        reply.continuation.resume(
          throwing: BrowserError("no answer to \(reply.what) in \(Self.deadline) s"))
      }
      for wait in waits {
        wait.continuation.resume(
          throwing: BrowserError("no \(wait.method) event in \(Self.deadline) s"))
      }
    }

    private func endAll(_ reason: String) {
      let (replies, waits) = state.withLockedValue { state in
        state.ended = reason
        defer {
          state.replies = [:]
          state.eventWaits = [:]
        }
        return (Array(state.replies.values), Array(state.eventWaits.values))
      }
      let error = BrowserError(reason + ": " + logTail())
      for reply in replies { reply.continuation.resume(throwing: error) }
      for wait in waits { wait.continuation.resume(throwing: error) }
    }

    /// The end of the browser's log, for failures.
    func logTail() -> String {
      String((try? String(contentsOf: log, encoding: .utf8))?.suffix(2000) ?? "")
    }

    /// Sends `method` with `params` (to the page of `session`, or to the browser) and returns
    /// the answer's `result`; an `error` answer throws.
    func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil)
      async throws -> [String: Any]
    {
      let data = try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Data, any Error>) in
        let result = state.withLockedValue { state -> Result<Int, BrowserError> in
          if let ended = state.ended { return .failure(BrowserError(ended)) }
          let id = state.nextID
          state.nextID += 1
          state.replies[id] = Reply(
            continuation: continuation, deadline: Self.deadlineFromNow(), what: method)
          return .success(id)
        }
        switch result {
        case .failure(let error):
          continuation.resume(throwing: error)
        case .success(let id):
          var message: [String: Any] = ["id": id, "method": method, "params": params]
          if let session { message["sessionId"] = session }
          do {
            try write(try JSONSerialization.data(withJSONObject: message) + [0])
          } catch {
            let reply = state.withLockedValue { $0.replies.removeValue(forKey: id) }
            reply?.continuation.resume(throwing: error)
          }
        }
      }
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
      if let error = object["error"] {
        throw BrowserError("\(method): \(error)")
      }
      return object["result"] as? [String: Any] ?? [:]
    }

    private func write(_ data: Data) throws {
      try writeLock.withLock {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
          guard let start = bytes.baseAddress else { return }
          var offset = 0
          while offset < bytes.count {
            let written = Glibc.write(output, start + offset, bytes.count - offset)
            if written < 0 {
              if errno == EINTR { continue }
              throw BrowserError("writing to Chromium: errno \(errno)")
            }
            offset += written
          }
        }
      }
    }

    /// How many events have come so far: a wait ``event(_:session:after:)`` with this mark
    /// sees only those that come later.
    func mark() -> Int { state.withLockedValue { $0.events.count } }

    /// The events that came after `mark`.
    func events(after mark: Int) -> [Message] {
      state.withLockedValue { Array($0.events[mark...]) }
    }

    /// The first event `method` of `session` that came after `mark` (one that already came,
    /// else the next one).
    func event(_ method: String, session: String?, after mark: Int) async throws -> Message {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Message, any Error>) in
        let wait = EventWait(
          method: method, session: session, after: mark, continuation: continuation,
          deadline: Self.deadlineFromNow())
        let found = state.withLockedValue { state -> Result<Message, BrowserError>? in
          if let message = state.events[mark...].first(where: { Self.matches($0, wait) }) {
            return .success(message)
          }
          if let ended = state.ended { return .failure(BrowserError(ended)) }
          state.eventWaits[state.nextWait] = wait
          state.nextWait += 1
          return nil
        }
        switch found {
        case .success(let message): continuation.resume(returning: message)
        case .failure(let error): continuation.resume(throwing: error)
        case nil: break
        }
      }
    }

    /// Closes the browser (`Browser.close`) and waits for it to exit; kills it when it does
    /// not answer, or has not exited ``deadline`` seconds later.
    func close() async {
      // The reader thread kills, before it reaps the process: never a reaped (reused) pid.
      do {
        _ = try await send("Browser.close")
        state.withLockedValue { $0.killAt = Self.deadlineFromNow() }
      } catch {
        state.withLockedValue { $0.killAt = 0 }
      }
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let done = state.withLockedValue { state in
          if !state.hasExited { state.exited = continuation }
          return state.hasExited
        }
        if done { continuation.resume() }
      }
      Glibc.close(output)
    }

    /// A new page (a tab) with its own session, with the Page, Runtime, Log and Network
    /// domains on (loads, console messages, statuses).
    func newTab() async throws -> Tab {
      let target = try await send("Target.createTarget", ["url": "about:blank"])
      let targetID = try Self.string(target["targetId"], "Target.createTarget's targetId")
      let attached = try await send(
        "Target.attachToTarget", ["targetId": targetID, "flatten": true])
      let session = try Self.string(attached["sessionId"], "Target.attachToTarget's sessionId")
      let tab = Tab(browser: self, session: session, opened: mark())
      for domain in ["Page", "Runtime", "Log", "Network"] {
        _ = try await send(domain + ".enable", session: session)
      }
      return tab
    }

    static func string(_ value: Any?, _ what: String) throws -> String {
      guard let text = value as? String else { throw BrowserError("no \(what)") }
      return text
    }

    static func object(_ data: Data) -> [String: Any] {
      (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// One page of the browser.
    struct Tab {
      let browser: DevTools
      let session: String
      /// The mark when the tab was opened: its console messages are those after it.
      let opened: Int

      func send(_ method: String, _ params: [String: Any] = [:]) async throws -> [String: Any] {
        try await browser.send(method, params, session: session)
      }

      /// Runs `action` (which starts a navigation), waits for the new document's load event
      /// and returns the HTTP status of that document (the last redirect's target).
      func load(_ action: () async throws -> Void) async throws -> Int {
        let mark = browser.mark()
        try await action()
        _ = try await browser.event("Page.loadEventFired", session: session, after: mark)
        let statuses = browser.events(after: mark).compactMap { message -> Int? in
          guard message.method == "Network.responseReceived", message.session == session
          else { return nil }
          let params = DevTools.object(message.data)["params"] as? [String: Any]
          guard params?["type"] as? String == "Document" else { return nil }
          return (params?["response"] as? [String: Any])?["status"] as? Int
        }
        guard let status = statuses.last else {
          throw BrowserError("the load had no document response: \(browser.logTail())")
        }
        return status
      }

      /// Opens `url`: its status.
      func navigate(_ url: String) async throws -> Int {
        try await load { _ = try await send("Page.navigate", ["url": url]) }
      }

      /// The value of the script `expression` (JSON values only).
      func evaluate(_ expression: String) async throws -> Any? {
        let answer = try await send(
          "Runtime.evaluate", ["expression": expression, "returnByValue": true])
        if let exception = answer["exceptionDetails"] {
          throw BrowserError("\(expression): \(exception)")
        }
        return (answer["result"] as? [String: Any])?["value"]
      }

      /// Types `text` into the field `selector` as a person does: focus, everything in it
      /// selected, then the text inserted (replacing the selection) by the input pipeline.
      func type(_ text: String, into selector: String) async throws {
        let found = try await evaluate(
          "(() => { const f = document.querySelector(\(Self.quoted(selector))); "
            + "if (!f) return false; f.focus(); f.select(); return document.activeElement === f })()"
        )
        guard found as? Bool == true else { throw BrowserError("no field \(selector)") }
        _ = try await send("Input.insertText", ["text": text])
      }

      /// Submits the form `selector` as its submit button does (`requestSubmit()`: the
      /// form's checks, then a real post by the browser) and returns the status of the page
      /// the browser then shows.
      func submit(_ selector: String) async throws -> Int {
        try await load {
          let found = try await evaluate(
            "(() => { const f = document.querySelector(\(Self.quoted(selector))); "
              + "if (!f) return false; f.requestSubmit(); return true })()")
          guard found as? Bool == true else { throw BrowserError("no form \(selector)") }
        }
      }

      /// Follows the link `selector` as a click does; the status of the page it opens.
      func click(_ selector: String) async throws -> Int {
        try await load {
          let found = try await evaluate(
            "(() => { const a = document.querySelector(\(Self.quoted(selector))); "
              + "if (!a) return false; a.click(); return true })()")
          guard found as? Bool == true else { throw BrowserError("nothing at \(selector)") }
        }
      }

      /// The text of the first element `selector` (`nil` when there is none).
      func text(_ selector: String) async throws -> String? {
        try await evaluate(
          "document.querySelector(\(Self.quoted(selector)))?.textContent ?? null") as? String
      }

      /// The cookies the browser holds for `url`.
      func cookies(_ url: String) async throws -> [[String: Any]] {
        try await send("Network.getCookies", ["urls": [url]])["cookies"] as? [[String: Any]]
          ?? []
      }

      /// The console messages, policy violations, failed loads and uncaught errors of this tab
      /// so far. Left out: Chromium's own advice (level `verbose`, such as "[DOM] Password
      /// forms should have … username fields") and the 404 of the browser's own request for
      /// `/favicon.ico` (no page asks for it; the service has no icon at that path).
      func console() -> [String] {
        browser.events(after: opened).compactMap { message in
          guard message.session == session,
            let method = message.method,
            ["Log.entryAdded", "Runtime.consoleAPICalled", "Runtime.exceptionThrown"]
              .contains(method)
          else { return nil }
          let params = DevTools.object(message.data)["params"] as? [String: Any]
          if let entry = params?["entry"] as? [String: Any] {
            if entry["level"] as? String == "verbose" { return nil }
            if entry["source"] as? String == "network",
              let url = entry["url"] as? String, URL(string: url)?.path == "/favicon.ico"
            {
              return nil
            }
          }
          return String(decoding: message.data, as: UTF8.self)
        }
      }

      /// `text` as a JavaScript string literal.
      static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
      }
    }
  }
#endif
