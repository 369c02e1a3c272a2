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
///
/// The command line reads the app-link files it verifies with the same functions (with
/// ``TextFileRole/file``), so that both kinds of file get the same messages.
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

  /// What a file is called in the reader's messages.
  package enum TextFileRole: Sendable {
    /// A route file: "no such route file", and an empty one is told what it should hold.
    case routeFile
    /// Any other text file: "no such file".
    case file

    var noun: String {
      switch self {
      case .routeFile: "route file"
      case .file: "file"
      }
    }
  }

  /// The whole content of the file at `path`.
  ///
  /// ```swift
  /// let bytes = try RouteFile.readFile(atPath: "site.json", role: .file)
  /// // throws "site.json: no such file" when there is none
  /// ```
  ///
  /// - Throws: ``RouteFileError`` when the file is missing, a directory, unreadable or empty.
  package static func readFile(
    atPath path: String, role: TextFileRole = .routeFile
  ) throws(RouteFileError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { throw fileError(path, "no such \(role.noun)") }
      throw fileError(path, "cannot open the \(role.noun): \(describe(code))")
    }
    defer { close(descriptor) }
    var status = stat()
    var expectedSize = 0
    if fstat(descriptor, &status) == 0 {
      if status.st_mode & S_IFMT == S_IFDIR {
        throw fileError(path, "is a directory, not a \(role.noun)")
      }
      // A regular file's size is known: read it into one buffer of that size (plus one byte,
      // to see the end) instead of growing one by doubling, which holds up to twice the file.
      if status.st_mode & S_IFMT == S_IFREG { expectedSize = Int(status.st_size) }
    }
    return try readAll(descriptor, name: path, role: role, expectedSize: expectedSize)
  }

  /// The whole of standard input, for `--routes -`; `name` is used in error messages.
  ///
  /// ```swift
  /// let bytes = try RouteFile.readStandardInput(name: "<stdin>")
  /// let table = try RouteFile.parse(bytes: bytes, fileName: "<stdin>")
  /// ```
  package static func readStandardInput(
    name: String, role: TextFileRole = .routeFile
  ) throws(RouteFileError) -> [UInt8] {
    try readAll(STDIN_FILENO, name: name, role: role)
  }

  /// `bytes` as text, or an error at the first byte that is not UTF-8
  /// (`site.json:1:1: invalid UTF-8 (byte 0xD1)`), the same one a route file gets.
  ///
  /// ```swift
  /// let text = try RouteFile.text(of: RouteFile.readFile(atPath: path, role: .file), name: path)
  /// ```
  package static func text(of bytes: [UInt8], name: String) throws(RouteFileError) -> String {
    do {
      try JSONParser.validateUTF8(bytes)
    } catch {
      throw RouteFileError(
        file: name, line: error.line, column: error.column, message: error.message)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Reads `descriptor` to its end; a file of nothing but white space is refused as empty.
  ///
  /// `expectedSize` (0 when unknown) is how much room to make at first; a file that grows
  /// while it is read is still read to its end.
  static func readAll(
    _ descriptor: Int32, name: String, role: TextFileRole = .routeFile, expectedSize: Int = 0
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
        throw fileError(name, "cannot read the \(role.noun): \(describe(errno))")
      }
    }
    let whiteSpace: [UInt8] = [
      UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
    ]
    if bytes.allSatisfy(whiteSpace.contains) {
      guard role == .routeFile else {
        throw fileError(
          name, bytes.isEmpty ? "the file is empty" : "the file holds only white space")
      }
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
  ///
  /// ```swift
  /// RouteFile.describe(ENOENT)  // "no such file or directory"
  /// ```
  package static func describe(_ code: Int32) -> String {
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
