public import Switchyard

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a route file's bytes with plain `open`/`read`, so that anything that can be read to
/// its end works: a regular file, a named pipe, a process substitution (`/dev/fd/63`), a device
/// such as `/dev/stdin`. Errors about the file as a whole have line and column 0.
extension RouteFile {
  /// Reads a route table from the route file at `path`.
  ///
  /// ```swift
  /// do {
  ///   let table = try RouteFile.load(contentsOf: "routes.json")
  ///   let matcher = RouteMatcher(table)
  /// } catch {
  ///   print(error)  // routes.json:4:15: duplicate route name "user" (first used at 3:15)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - path: The file's path — a regular file, a named pipe, a process substitution or a
  ///     device such as `/dev/stdin`; it is also the name used in error messages.
  ///   - types: Capture types to register before the routes.
  /// - Throws: ``RouteFileError``: a file that cannot be read has line and column 0.
  public static func load(
    contentsOf path: String, types: [ParameterType] = []
  ) throws(RouteFileError) -> RouteTable {
    let bytes = try readFile(atPath: path)
    return try parse(bytes: bytes, fileName: path, types: types)
  }

  /// The whole content of the file at `path`.
  ///
  /// - Throws: ``RouteFileError`` when the file is missing, a directory, unreadable or empty.
  static func readFile(atPath path: String) throws(RouteFileError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { throw fileError(path, "no such route file") }
      throw fileError(path, "cannot open the route file: \(describe(code))")
    }
    defer { close(descriptor) }
    var status = stat()
    var expectedSize = 0
    if fstat(descriptor, &status) == 0 {
      if status.st_mode & S_IFMT == S_IFDIR {
        throw fileError(path, "is a directory, not a route file")
      }
      // A regular file's size is known: read it into one buffer of that size (plus one byte,
      // to see the end) instead of growing one by doubling, which holds up to twice the file.
      if status.st_mode & S_IFMT == S_IFREG { expectedSize = Int(status.st_size) }
    }
    return try readAll(descriptor, name: path, expectedSize: expectedSize)
  }

  /// The whole of standard input, for `--routes -`; `name` is used in error messages.
  ///
  /// ```swift
  /// let bytes = try RouteFile.readStandardInput(name: "<stdin>")
  /// let table = try RouteFile.parse(bytes: bytes, fileName: "<stdin>")
  /// ```
  package static func readStandardInput(name: String) throws(RouteFileError) -> [UInt8] {
    try readAll(STDIN_FILENO, name: name)
  }

  /// Reads `descriptor` to its end; a file of nothing but white space is refused as empty.
  ///
  /// `expectedSize` (0 when unknown) is how much room to make at first; a file that grows
  /// while it is read is still read to its end.
  static func readAll(
    _ descriptor: Int32, name: String, expectedSize: Int = 0
  ) throws(RouteFileError) -> [UInt8] {
    var bytes: [UInt8] = []
    if expectedSize > 0 { bytes.reserveCapacity(expectedSize + 1) }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[0..<count])
      } else if count == 0 {
        break
      } else if errno != EINTR {
        throw fileError(name, "cannot read the route file: \(describe(errno))")
      }
    }
    let whiteSpace: [UInt8] = [
      UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
    ]
    if bytes.allSatisfy(whiteSpace.contains) {
      throw fileError(
        name,
        bytes.isEmpty
          ? "the route file is empty (expected a JSON object with \"version\" and \"routes\")"
          : "the route file holds only white space (expected a JSON object with \"version\" "
            + "and \"routes\")")
    }
    return bytes
  }

  private static func fileError(_ name: String, _ message: String) -> RouteFileError {
    RouteFileError(file: name, line: 0, column: 0, message: message)
  }

  /// The C library's text for an `errno` value, in lowercase ("permission denied").
  private static func describe(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    let message = String(cString: text)
    guard let first = message.first else { return "error \(code)" }
    return first.lowercased() + message.dropFirst()
  }
}

/// What is at a path: nothing, a directory, or something else (a file, a device, …).
package enum PathKind: Sendable, Equatable {
  case missing
  case directory
  case file

  /// The kind of `path`, following symbolic links.
  package init(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else {
      self = .missing
      return
    }
    self = status.st_mode & S_IFMT == S_IFDIR ? .directory : .file
  }
}
