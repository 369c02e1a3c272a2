#if Links
  /// The admin's sign-in sessions: each a random id (256 bits, the cookie's value) with its
  /// own CSRF token (256 bits, the forms' hidden field) and an expiry. Kept in memory only: no
  /// durable write, nothing personal; sessions do not survive a restart and are per server.
  ///
  /// ```swift
  /// let sessions = AdminSessions()
  /// let session = await sessions.open(now: 1_800_000_000)
  /// await sessions.find(session.id, now: 1_800_000_060)?.csrf == session.csrf  // true
  /// ```
  actor AdminSessions {
    struct Session: Sendable, Hashable {
      /// The cookie's value: 64 hex digits.
      var id: String
      /// The hidden field every form of the session carries: 64 hex digits.
      var csrf: String
      /// Seconds since 1970 after which the session is over.
      var expires: Int64
    }

    /// How long a session lasts from its sign-in: 12 hours.
    static let lifetime: Int64 = 12 * 3600
    /// How many sessions are kept at once; a sign-in beyond them ends the one that ends first.
    static let limit = 256

    private var sessions: [String: Session] = [:]

    /// A new session, from `now` for ``lifetime``.
    func open(now: Int64) -> Session {
      sessions = sessions.filter { $0.value.expires > now }
      if sessions.count >= Self.limit,
        let first = sessions.values.min(by: { $0.expires < $1.expires })
      {
        sessions[first.id] = nil
      }
      let session = Session(
        id: Self.randomHex(), csrf: Self.randomHex(), expires: now + Self.lifetime)
      sessions[session.id] = session
      return session
    }

    /// The session with `id`, when there is one and it has not expired.
    func find(_ id: String?, now: Int64) -> Session? {
      guard let id, let session = sessions[id] else { return nil }
      guard session.expires > now else {
        sessions[id] = nil
        return nil
      }
      return session
    }

    /// Ends the session with `id`.
    func close(_ id: String) {
      sessions[id] = nil
    }

    /// 256 random bits from the system's generator, as 64 lowercase hex digits.
    static func randomHex() -> String {
      var generator = SystemRandomNumberGenerator()
      let digits = Array("0123456789abcdef")
      var text = ""
      for _ in 0..<4 {
        var word: UInt64 = generator.next()
        for _ in 0..<16 {
          text.append(digits[Int(word & 0xF)])
          word >>= 4
        }
      }
      return text
    }
  }
#endif
