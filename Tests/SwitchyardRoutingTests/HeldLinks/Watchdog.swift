import Testing

@testable import Switchyard

/// Turns a freeze into a failure: runs a test's body on a task of its own and waits for it
/// while it makes progress. When the body makes none for `quiet` (no ``tick()`` at all, for a
/// body that does not tick), the watchdog records an issue and returns `nil`, leaving the stuck
/// task behind, so the test fails and the run goes on instead of hanging.
///
/// A time limit (`.timeLimit`) does not do this for a frozen router: it cancels the test's
/// task, and a link whose handler has started ignores cancelling, so the test would still wait.
///
/// This is the tests' one reading of wall time, and it never decides a passing run: a body
/// that ends is returned as soon as it ends, and the watchdog only fires after `quiet` with no
/// progress (a default of a minute, for bodies that take milliseconds) — a stop, not a slow
/// run.
///
/// ```swift
/// let watchdog = Watchdog()
/// let output = try await watchdog.run("round 7") {
///   watchdog.tick()
///   return await link.result.output
/// }
/// ```
final class Watchdog: Sendable {
  private let progress = Locked(0)

  /// How long a body may go without progress.
  let quiet: Duration

  init(quiet: Duration = .seconds(60)) { self.quiet = quiet }

  /// Notes progress (a handler ran, a link ended).
  func tick() { progress.withLock { $0 &+= 1 } }

  /// Runs `body`; its value, or `nil` (and an issue naming `what`) when it froze.
  func run<T: Sendable>(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () async throws -> T
  ) async throws -> T? {
    let waiter = Locked<CheckedContinuation<Result<T, any Error>?, Never>?>(nil)
    let watch = Locked<Task<Void, Never>?>(nil)
    let ended: Result<T, any Error>? = await withCheckedContinuation { continuation in
      waiter.withLock { $0 = continuation }
      // `Task {}` keeps the test's task-local state, so issues the body records are the test's.
      Task {
        let result = await Result(awaiting: body)
        waiter.withLock { $0.take() }?.resume(returning: result)
        watch.withLock { $0 }?.cancel()
      }
      let task = Task { [progress, quiet] in
        var seen = progress.withLock { $0 }
        while true {
          do { try await ContinuousClock().sleep(for: quiet) } catch { return }
          let now = progress.withLock { $0 }
          if now == seen { break }
          seen = now
        }
        waiter.withLock { $0.take() }?.resume(returning: nil)
      }
      watch.withLock { $0 = task }
      // The body may have ended before the watchdog was stored.
      if waiter.withLock({ $0 == nil }) { task.cancel() }
    }
    guard let ended else {
      Issue.record("\(what) froze: no progress for \(quiet)", sourceLocation: sourceLocation)
      return nil
    }
    return try ended.get()
  }
}

extension Result where Failure == any Error {
  /// The value `body` returns, or the error it throws.
  init(awaiting body: () async throws -> Success) async {
    do { self = .success(try await body()) } catch { self = .failure(error) }
  }
}
