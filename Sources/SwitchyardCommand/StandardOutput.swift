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

  /// Writes `bytes` as they are, in one call: a command with a great deal of output gathers
  /// it in a ``Buffer`` and hands it over in large pieces.
  static func write(_ bytes: [UInt8]) throws(WriteFailure) {
    guard !bytes.isEmpty else { return }
    let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, stdout) }
    if written != bytes.count || ferror(stdout) != 0 { throw failure(errno) }
  }

  /// Output gathered as bytes and written out whenever ``threshold`` of them are waiting:
  /// lint writes hundreds of thousands of findings, and a call into the C stream for each
  /// piece of each one cost more than composing them.
  ///
  /// ```swift
  /// var output = StandardOutput.Buffer()
  /// output.append("[")
  /// try output.writeIfFull()
  /// output.append("]\n")
  /// try output.write()
  /// ```
  struct Buffer {
    /// What is waiting to be written.
    var bytes: [UInt8] = []
    /// How many bytes ``writeIfFull()`` lets wait.
    static let threshold = 1 << 16

    init() { bytes.reserveCapacity(Self.threshold + 4096) }

    /// Appends the UTF-8 of `text`.
    mutating func append(_ text: String) {
      var text = text
      text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Writes what is waiting once it reaches ``threshold`` bytes.
    mutating func writeIfFull() throws(WriteFailure) {
      if bytes.count >= Self.threshold { try write() }
    }

    /// Writes everything that is waiting.
    mutating func write() throws(WriteFailure) {
      try StandardOutput.write(bytes)
      bytes.removeAll(keepingCapacity: true)
    }
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
