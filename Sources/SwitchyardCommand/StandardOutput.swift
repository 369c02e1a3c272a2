import ArgumentParser

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  @preconcurrency import Darwin
#endif

/// Standard output, checked: output that cannot be written (a full disk, `> /dev/full`, a
/// closed descriptor) is an error with exit status 2, never a silent success.
///
/// Subcommands write through ``writeLine(_:)`` (or `print`, which goes to the same C stream);
/// ``SwitchyardTool/run(_:)`` calls ``finish()`` after every subcommand, so output that only
/// fails when the last buffer is flushed is caught too.
enum StandardOutput {
  /// Writes `line` and a newline; stops with exit status 2 once a write has failed.
  ///
  /// ```swift
  /// try StandardOutput.writeLine(MatchFormatter.json(url: url, match: match))
  /// ```
  static func writeLine(_ line: String) throws(WriteFailure) {
    print(line)
    if ferror(stdout) != 0 { throw failure(errno) }
  }

  /// Writes `text` with no newline after it (a long line written in pieces).
  static func write(_ text: String) throws(WriteFailure) {
    print(text, terminator: "")
    if ferror(stdout) != 0 { throw failure(errno) }
  }

  /// Flushes what is buffered and reports a write that failed at any point.
  static func finish() throws(WriteFailure) {
    let flushed = fflush(stdout)
    let code = errno
    if flushed != 0 || ferror(stdout) != 0 { throw failure(code) }
  }

  /// Output could not be written; the reason is already on standard error. The exit status is
  /// ``SwitchyardTool/usageErrorStatus``.
  struct WriteFailure: Error {}

  /// Prints the reason on standard error.
  private static func failure(_ code: Int32) -> WriteFailure {
    let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
    printError("error: cannot write to standard output: \(reason)")
    return WriteFailure()
  }
}
