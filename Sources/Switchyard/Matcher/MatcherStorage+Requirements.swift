extension MatcherStorage {
  /// A route's query and fragment requirements as a lookup checks them: plain records whose
  /// bytes live in `pool`, made once when the matcher is compiled, so that a lookup never
  /// copies the route's pattern (its arrays and strings) to check them.
  struct RequirementSet: Sendable {
    /// The route's query requirements are `queryChecks[queryStart..<(queryStart + queryCount)]`.
    var queryStart: Int32
    var queryCount: Int32
    /// What the fragment must be (`.none` when the pattern ignores it).
    var fragment: ValueCheck
  }

  /// What one value (a query parameter's last value, or the fragment) must be.
  struct ValueCheck: Sendable {
    enum Kind: UInt8, Sendable {
      /// Nothing is required.
      case none
      /// The decoded value equals the decoded bytes `pool[start..<(start + count)]`.
      case literal
      /// The value is captured, and must read as the type `type`.
      case capture
    }
    var kind: Kind
    /// `.capture`: the type code (see `CaptureType.code`).
    var type: Int32
    /// `.literal`: where the expected bytes are in `pool`.
    var start: Int32
    var count: Int32

    static let none = ValueCheck(kind: .none, type: 0, start: 0, count: 0)
  }

  /// One `?name=value` requirement: the parameter's decoded name in `pool`, and its value.
  struct QueryCheck: Sendable {
    var nameStart: Int32
    var nameCount: Int32
    var value: ValueCheck
  }

  /// Collects the requirement records of the routes that have requirements, once per route,
  /// appending their bytes to the pool being built.
  struct RequirementsBuilder {
    var sets: [RequirementSet] = []
    var queryChecks: [QueryCheck] = []
    private var setOfRoute: [Int: Int32] = [:]

    /// The index in `sets` of the requirements of route `route`, whose pattern is `pattern`.
    mutating func set(route: Int, pattern: RoutePattern, pool: inout [UInt8]) -> Int32 {
      if let known = setOfRoute[route] { return known }
      let queryStart = Int32(queryChecks.count)
      for requirement in pattern.query {
        let nameStart = Int32(pool.count)
        pool += requirement.name
        let value: ValueCheck
        switch requirement.value {
        case .literal(let bytes): value = Self.literal(bytes, pool: &pool)
        case .capture(let type, _):
          value = ValueCheck(kind: .capture, type: type.code, start: 0, count: 0)
        }
        queryChecks.append(
          QueryCheck(nameStart: nameStart, nameCount: Int32(requirement.name.count), value: value))
      }
      let fragment: ValueCheck
      switch pattern.fragment {
      case .none: fragment = .none
      case .literal(let bytes): fragment = Self.literal(bytes, pool: &pool)
      case .capture(let type, _):
        fragment = ValueCheck(kind: .capture, type: type.code, start: 0, count: 0)
      }
      sets.append(
        RequirementSet(
          queryStart: queryStart, queryCount: Int32(queryChecks.count) - queryStart,
          fragment: fragment))
      let index = Int32(sets.count - 1)
      setOfRoute[route] = index
      return index
    }

    private static func literal(_ bytes: [UInt8], pool: inout [UInt8]) -> ValueCheck {
      let start = Int32(pool.count)
      pool += bytes
      return ValueCheck(kind: .literal, type: 0, start: start, count: Int32(bytes.count))
    }
  }
}
