import SwitchyardFiles

/// The whole file at `path` as UTF-8 text, or why it cannot be read, in the route file
/// reader's words ("no such file", "cannot open the file: permission denied", "the file is
/// empty", "invalid UTF-8 (byte 0xD1)" at its line and column): the token, the PostgreSQL URL,
/// the settings and the CSV of an import are read and refused alike.
///
/// ```swift
/// switch readTextFile("token") {
/// case .success(let text): use(text)
/// case .failure(let problem): fail("--token-file \(problem)")  // "token: no such file"
/// }
/// ```
func readTextFile(_ path: String) -> Result<String, RouteFileError> {
  do {
    return .success(
      try RouteFile.text(of: RouteFile.readFile(atPath: path, role: .file), name: path))
  } catch {
    return .failure(error)
  }
}
