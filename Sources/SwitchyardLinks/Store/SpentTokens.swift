#if Links
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// What both stores share about install tokens and writability: the secret's row, the
  /// sweep of expired spent-token rows, the free-space floor.
  enum SpentTokens {
    /// The `switchyard_keys` row of the install tokens' secret.
    static let keyName = "install-tokens"
    /// The most expired rows one spend deletes: each spend adds at most one row, so the
    /// backlog shrinks while no request does more than bounded work.
    static let sweepLimit = 100
    /// The free space on a SQLite file's disk below which the store counts as full: 1 MiB.
    static let minimumFreeSpace: UInt64 = 1 << 20

    /// A new secret from the system's random generator, as stored: 64 hexadecimal digits.
    static func newKeyText() -> String {
      var generator = SystemRandomNumberGenerator()
      let digits = Array("0123456789abcdef".utf8)
      var text: [UInt8] = []
      for _ in 0..<InstallToken.keyLength {
        let byte = UInt8.random(in: 0...255, using: &generator)
        text += [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
      }
      return String(decoding: text, as: UTF8.self)
    }

    /// The secret stored as `text`; `nil` unless it is 64 hexadecimal digits.
    static func key(_ text: String) -> [UInt8]? {
      let utf8 = Array(text.utf8)
      guard utf8.count == InstallToken.keyLength * 2 else { return nil }
      var key: [UInt8] = []
      for index in stride(from: 0, to: utf8.count, by: 2) {
        guard let high = PostgresAddress.hexValue(utf8[index]),
          let low = PostgresAddress.hexValue(utf8[index + 1])
        else { return nil }
        key.append(high << 4 | low)
      }
      return key
    }

    /// The bytes an unprivileged process may still write on the disk holding `path`; `nil`
    /// when the system cannot say (the check is then skipped).
    static func freeSpace(at path: String) -> UInt64? {
      var info = statvfs()
      guard statvfs(path, &info) == 0 else { return nil }
      return UInt64(info.f_bavail) * UInt64(info.f_frsize)
    }
  }
#endif
